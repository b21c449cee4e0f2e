"""The emulated table controller: a Pico board with its chips, running the real firmware.

``SimBoard`` wires register-level chip models (one MFRC522 per seat pad, the PCF8574 +
HD44780 LCD) to an emulated ``machine`` exactly where ``boards/pico.py`` expects them, then
lets that board module build the drivers: the firmware under test is unmodified.
A virtual clock drives everything, so runs are repeatable and take no real time.

``TaggedDeck`` is a deck of NTAG213 stickers, one per card, written in the format of
``core/tags.py`` with deterministic 7-byte UIDs.
"""

import hashlib
import re

from boards import pico
from core.referee import Referee
from device import glyphs, timing
from device.app import App
from host_sim.chips.hd44780 import Hd44780Model
from host_sim.chips.mfrc522 import Mfrc522
from host_sim.chips.ntag import Ntag213
from host_sim.machine import BoardReset, SimMachine, VirtualClock, WatchdogReset

TICK_MS = 2  # virtual time between two calls of App.tick
MAX_REBOOTS = 12  # boots in a row a run() may go through before the twin gives up


def firmware_main():
    """firmware/main.py as a module (it is not a package module: boards run it as
    ``__main__``); loaded once."""
    import importlib.util
    import os
    import sys
    mod = sys.modules.get("trickref_board_main")
    if mod is None:
        path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "firmware", "main.py")
        spec = importlib.util.spec_from_file_location("trickref_board_main", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        sys.modules["trickref_board_main"] = mod
    return mod


def tag_uid(deck, card, salt=b""):
    """A stable NXP-style 7-byte UID (manufacturer byte 0x04) for one card's sticker."""
    h = hashlib.sha256(b"%s/%d/" % (deck.name.encode(), card) + salt).digest()
    return b"\x04" + h[:6]


class TaggedDeck:
    """One NTAG213 model per card of ``deck``, holding its tag image."""

    def __init__(self, deck, salt=b""):
        self.deck = deck
        self.tags = [Ntag213(tag_uid(deck, c, salt), deck, c) for c in range(len(deck))]

    def tag(self, card):
        """The sticker of ``card``."""
        return self.tags[card]


def glyph_map():
    """CGRAM bitmap -> the vocabulary's suit mark (``core.vocab``: ``G`` for the leaf of
    the German-suited deck, ``♥`` for a French heart), for every deck look (LCD read-back)."""
    from core.vocab import LOOKS
    m = {}
    for name, looks in LOOKS.items():
        for look in looks:
            m.update(glyphs.glyph_map(name, look))
    return m


def marked(text, vocab):
    """``text`` written for the LCD (a suit's CGRAM glyph as ``chr(suit)``, suits 0..3:
    the firmware's lines, the link's deal-over text) with each suit as its mark in
    ``vocab``'s look (``core.vocab.Vocabulary.suit_marks``: ``"E"`` for Eichel in the
    Prager look, ``"\u2663"`` with the French): for a console, a window font or a
    terminal, which have no CGRAM.

    A glyph followed by a rank mark is a card (``"GD"``). A glyph standing for its suit
    alone (nothing after it, or the ISS marks of a Skat suit game: ``H S Z O``) is its
    sign in a look of signs; where the look's marks are letters, the lone letter would
    read as another word of the row (the Prager look's Grün ``G`` as the Grand ``G``,
    ``"GH"`` as Grand Hand), so it is the suit's name instead, the marks after a blank:
    ``"P3 Grün 18p 2t"``, ``"P2 Grün H 37p 2t"`` (the LCD's leaf glyph) beside
    ``"P2 G 88p 8t"`` (its Grand)."""
    marks = vocab.suit_marks
    out = []
    for i, ch in enumerate(text):
        s = ord(ch)
        if s >= 4:
            out.append(ch)
            continue
        mark = marks[s]
        if mark.isalpha() and _suit_alone(text, i + 1):
            mark = _suit_name(vocab, s) + (" " if text[i + 1:i + 2].isalpha() else "")
        out.append(mark)
    return "".join(out)


def lcd_cells(text, vocab):
    """``text`` written for the LCD as its cells read back (``SimBoard.lcd_lines``: one
    character a cell, a suit glyph as its one-character mark in ``vocab``'s look, ``"G"``
    for both Grün and Grand): what the LCD shows, not what to print (:func:`marked`)."""
    marks = vocab.suit_marks
    return "".join(marks[ord(ch)] if ord(ch) < 4 else ch for ch in text)


_CONTRACT_MARKS = "HSZO"  # after a suit game's glyph (device.flows.skat._contract_lcd)


def _suit_alone(text, i):
    # the suit glyph before text[i] names its suit, not a card: no rank mark follows it,
    # only the ISS marks of a suit game (the Prager Ober's O reads as ouvert here: the
    # lines printed this way are results, where a glyph is a game, never a card)
    end = i
    while end < len(text) and text[end].isalnum():
        end += 1
    return all(c in _CONTRACT_MARKS for c in text[i:end])


# deck -> the language whose suit names its lettered look takes its marks from
# (core.vocab_skat: E G H S, Eichel Grün Herz Schellen; core.vocab_tarot: C E B D,
# coupe épée bâton denier)
_MARK_LANGUAGE = {"skat": "de", "tarot": "fr"}
_SUIT_NAMES = {}  # (deck name, look) -> the suit names the marks stand for


def _suit_name(vocab, suit):
    key = (vocab.deck.name, vocab.look)
    if key not in _SUIT_NAMES:
        from core.vocab import Vocabulary
        own = Vocabulary(vocab.deck, vocab.look, _MARK_LANGUAGE[vocab.deck.name])
        _SUIT_NAMES[key] = [own.suit_name(s) for s in range(4)]
    return _SUIT_NAMES[key][suit]


_MARK = re.compile(r"\s+\d+/\d+$")  # the "n/N" position mark of a 2-row menu


def row_shows(row, label):
    """True when an LCD menu row (cursor mark ``>`` first) shows ``label``, possibly cut
    short by the LCD width, followed by blanks, the " *" of the choice in use and the "n/N"
    position mark. ``label`` is
    English; the LCD shows it in the table's language (device.words)."""
    if not row.startswith(">"):
        return False
    from device.menu import _say
    label = _say(label)
    text = _MARK.sub("", row[1:].rstrip()).rstrip()
    if text.endswith(" *"):  # the choice in use (the Language and Deck look menus)
        text = text[:-2]
    return text == label or (len(text) >= 8 and label.startswith(text))


def on_item(board, label):
    """True when the board's menu cursor is on the item ``label``: the item's key (its
    English label as the firmware writes it, ``"P2 declarer"``, read through
    ``device.view.cursor_item``) equals ``label``, whatever language the LCD shows it in,
    or else an LCD row shows ``label`` (:func:`row_shows`: a label translated when its
    menu was made, a board without a controller in this process)."""
    ctl = getattr(board, "controller", None)
    item = None
    if ctl is not None:
        from device.view import cursor_item
        item = cursor_item(ctl)
    if item is not None:
        key = item.label[:-2] if item.label.endswith(" *") else item.label  # the choice in use
        if label in (key, item.label):
            return True
    return any(row_shows(line, label) for line in board.lcd_lines())


class SimBoard:
    """A Pico table controller with ``seats`` pads and a ``cols`` x ``rows`` LCD.

    ``pads[seat]`` is the MFRC522 model of that seat's reader; ``lcd_model`` the display.
    ``flash``: a host folder standing for the board's flash (deck registries), or None.
    ``link``: True offers the board's serial link as ``self.uart.url`` (``socket://...``);
    a UART-like object (``any/read/write``) is wired as the link itself.
    ``start(referee, deck)`` builds the firmware App over the board's drivers.
    """

    def __init__(self, seats=3, cols=16, rows=2, flash=None, link=False):
        self.clock = VirtualClock()
        timing.use(self.clock)
        self.machine = SimMachine(self.clock)
        self.seats, self.cols, self.rows = seats, cols, rows
        self.flash = flash
        self._link = link
        self.supervisor = None
        self.resets = []  # (virtual ms, cause) of every reset the board went through
        self.on_tick = None  # fault injection: called with the board before every tick
        self.ticks = 0
        self.pads = [Mfrc522() for _ in range(seats)]
        for seat, chip in enumerate(self.pads):
            self.machine.attach_spi(pico.SPI_ID, pico.READER_CS[seat], chip)
        self.lcd_model = Hd44780Model(cols, rows, glyph_map())
        self.machine.attach_i2c(pico.I2C_ID, pico.LCD_ADDR, self.lcd_model)
        self.uart = None
        if link is True:  # the board's link UART offered as socket://127.0.0.1:PORT
            from host_sim.link import UartBridge
            self.uart = UartBridge()
        elif link:  # any UART-like object (tests inject bytes through one)
            self.uart = link
        if self.uart is not None:
            self.machine.attach_uart(pico.LINK_UART, self.uart)
        # the board's flash: a host folder (journal, deck registries), or none at all
        self.hw = self._adapt(pico.build(seats, cols, rows, machine=self.machine))
        self.app = None
        self.loop = None
        self.controller = None
        self.transcript = []  # every LCD frame that changed, as read back from DDRAM
        self.on_frame = None
        self._last_frame = None
        self._lcd_bytes = -1

    def start(self, new_deal, deck, central=False, on_event=None):
        """Run the firmware's table loop (App) alone for a deal made by ``new_deal``."""
        self.app = App(self.hw.readers, self.hw.lcd, Referee(new_deal), deck,
                       central=central, on_event=on_event)
        self.loop = self.app
        return self.app

    def _adapt(self, hw):
        # the board's flash is a host folder (or none); no link unless one was asked for
        hw = hw._replace(storage=self.flash)
        return hw if self._link else hw._replace(link=None)

    def boot(self):
        """Boot as a board does: ``firmware/main.py``'s guarded :func:`boot` (boot counter
        and journal on ``flash``, safe mode, the Supervisor with the watchdog). Runs the
        supervised controller from then on; returns it."""
        main = firmware_main()
        self.supervisor = None
        sup = main.boot(machine=self.machine, board=pico, seats=self.seats, cols=self.cols,
                        rows=self.rows, storage=self.flash, adapt=self._adapt)
        self.supervisor = sup
        if sup is not None:
            self.loop = sup
            self.controller = sup.loop
            self.hw = self.controller.hw
        return sup

    def reset(self, cause):
        """The MCU resets (``machine`` reset cause ``cause``): the I2C controller's own
        state goes, chips keep theirs, the firmware boots again (a boot that fails resets
        again, up to MAX_REBOOTS times)."""
        self._frame()  # what the LCD showed when the MCU went down (it keeps it)
        for _ in range(MAX_REBOOTS):
            self.resets.append((self.clock.now_ms, cause))
            self.machine.cause = cause
            self.clock.watchdog = None
            for bus in self.machine.i2cs.values():
                bus.reset_controller()
            try:
                return self.boot()
            except BoardReset:
                cause = self.machine.SOFT_RESET
            except WatchdogReset:
                cause = self.machine.WDT_RESET
            finally:
                self._frame()  # what the boot (or the failed boot) left on the LCD
        raise AssertionError("the board reset %d times in a row" % MAX_REBOOTS)

    def brown_out(self, restart=False):
        """Fault: the supply sags: every chip resets together (readers lose their
        registers and field, the LCD module its 4-bit mode and screen); with ``restart``
        the MCU's brown-out detector resets it too (it boots from its journal)."""
        for chip in self.pads:
            chip.power_off()
            chip.power_on()
        self.lcd_model.power_cycle()
        if restart:
            self.reset(self.machine.PWRON_RESET)

    def power_on(self, journal=None, central=False):
        """Run the whole firmware (the Controller with its menus), as ``main.py`` does."""
        from device.controller import Controller
        self.loop = self.controller = Controller(self.hw, journal=journal, central=central)
        return self.controller

    # --- buttons, as a player presses them --------------------------------------------

    def press(self, button, hold_ms=60):
        """Press and release button 0 (previous), 1 (next) or 2 (OK) for ``hold_ms``;
        returns the events the firmware produced meanwhile. Hold OK 900 ms for BACK."""
        pin = self.hw.buttons[button]
        pin.value(0)
        events = self.run(hold_ms)
        pin.value(1)
        return events + self.run(60)

    def choose(self, label, limit=80):
        """Press NEXT until the menu's cursor is on the item ``label`` (:func:`on_item`: its
        English key, the LCD showing it in the table's language), then OK. Raises
        LookupError if it never appears."""
        for _ in range(limit):
            if on_item(self, label):
                return self.press(2)
            self.press(1)
        raise LookupError("menu item %r not found; LCD shows %r" % (label, self.lcd_lines()))

    def lcd_lines(self):
        """The LCD's visible rows read back from the model's DDRAM, suit glyphs as Unicode."""
        return self.lcd_model.lines()

    def run(self, ms):
        """Let the firmware loop run for ``ms`` of virtual time; returns its events.
        Every LCD frame that changed is appended to ``transcript`` (and passed to
        ``on_frame(lines)`` when set)."""
        events = []
        end = self.clock.now_ms + ms
        bus = self.machine.I2C(pico.I2C_ID)
        while self.clock.now_ms < end:
            try:
                if self.on_tick is not None:
                    self.on_tick(self)
                self.ticks += 1
                events.extend(self.loop.tick(self.clock.ticks_ms()))
                self.clock.advance(TICK_MS)
            except WatchdogReset:
                self.reset(self.machine.WDT_RESET)
            except BoardReset:
                self.reset(self.machine.SOFT_RESET)
            if bus.bytes_moved != self._lcd_bytes:
                self._lcd_bytes = bus.bytes_moved
                self._frame()
        return events

    def _frame(self):
        lines = self.lcd_lines()
        if lines != self._last_frame:
            self._last_frame = lines
            self.transcript.append(lines)
            if self.on_frame is not None:
                self.on_frame(lines)

    def place(self, seat, tag):
        """Lay a tagged card on ``seat``'s pad (its tag enters that reader's field)."""
        self.pads[seat].place(tag)

    def lift(self, seat, tag):
        """Take a card off ``seat``'s pad."""
        self.pads[seat].remove(tag)

    def play_card(self, seat, tag, settle_ms=60):
        """Place a card, let the firmware read it, lift it, let the pad clear; returns the
        events the firmware produced meanwhile."""
        self.place(seat, tag)
        events = self.run(settle_ms)
        self.lift(seat, tag)
        return events + self.run(settle_ms)

"""Modes "Deck audit" and "Write tags": the two pad modes of the main menu.

Imported only when a player chooses one (a loaded module is heap: issue 10). The mode
reads the pads itself, shows its progress on the LCD and, at OK or BACK, ends with the
audit's report (the deck's tag registry saved after a clean audit, so a game refuses
foreign tags: device.session) or goes back to the main menu after writing tags.
Tag format: core.tags (NTAG213 user pages from page 4, NXP NTAG213/215/216 datasheet
section 8.5).
"""

from core.cards import deck_named
from core.errors import TrickrefError
from core.tags import decode_card
from core.tags_write import encode_card
from device import session
from device.controller import MODE_AUDIT, MODE_WRITE
from device.pads import CARD, Pads
from device.screens import PadFaults
from device.words import counted, say


class ScanDesk:
    """The audit (``purpose`` ``"audit"``) or tag writing (``"write"``) of deck
    ``deck_name`` on ``readers`` (one per pad); ``show(lines)`` puts rows on the LCD;
    ``storage``: the flash folder of the deck's registry (None: no flash); ``bound(reg)``:
    called with the registry a clean audit saved (the controller's game in play takes it
    now, not at the next boot), or None; ``lcd``: the LCD driver, whose CGRAM gets the
    deck's suit glyphs (the cards are named by them), or None; ``central``: the board has
    one central pad (a pad's fault names "pad", not its player's place)."""

    def __init__(self, readers, show, purpose, deck_name, storage=None, bound=None, lcd=None,
                 central=False):
        self.readers = readers
        self._show = show
        self.lines = None  # the rows shown last (a reader's outage message covers them)
        self.faults = PadFaults(central)
        self.lcd = lcd
        self.storage = storage
        self.bound = bound
        self.deck = deck_named(deck_name)
        self.pads = Pads(readers)
        self.audit = None
        self.writing = None
        self.label = None  # a card's LCD label (the deck's look), from enter()
        self.purpose = purpose
        self.code = MODE_AUDIT if purpose == "audit" else MODE_WRITE

    def enter(self):
        """Show the first prompt."""
        self.label = self._label()
        if self.lcd is not None:  # the cards' suits as the deck's glyphs, not another's
            from device.looks import load_glyphs
            load_glyphs(self.lcd, self.deck.name)
        if self.purpose == "audit":
            from device.audit import Audit
            from device.screens import deck_title
            self.audit = Audit(self.deck, self.label)
            self.show([say("Audit: %s") % deck_title(self.deck), say("lay every card")])
            return
        self.writing = [self.deck, 0]
        self._prompt_write()

    def show(self, lines):
        """Put ``lines`` on the LCD (the controller's ``show``)."""
        self.lines = lines
        self._show(lines)

    def tick(self, now_ms):
        """Poll the next pad; a card read is audited or written; a pad's fault is told as
        play tells it (device.screens.PadFaults: the audit is the wiring check,
        docs/wiring.md): a reader that stops answering ("pad 3: no reader") until it
        answers again ("pad 3: back"), two cards on a pad, a card that does not read, one
        card on two pads. Stays in the mode: ``([], None)``."""
        read = self.pads.poll(now_ms)
        if read is None:
            return [], None
        if read.kind != CARD:
            self.show(self.faults.lines(read, self.lines))
            return [], None
        if self.audit is not None:
            self.show(self.audit.scan(read.uid, read.data))
        else:
            self._write_tag(read)
        return [], None

    def press(self, button):
        """OK or BACK end the mode: ``([], next)``, the audit's report as a list (the
        registry saved after a clean audit), or the main menu after writing tags; PREV and
        NEXT do nothing."""
        from device.buttons import BACK, OK
        if button not in (OK, BACK):
            return [], None
        if self.audit is None:
            return [], "main"
        report = self.audit.report()
        reg = self.audit.registry()
        if reg is not None and self._save_registry(reg):
            report.append(say("tags bound"))
            if self.bound is not None:
                self.bound(self.deck, reg)
        return [], report

    def _label(self):
        """The LCD's label of a card in the deck's look and the table's language (the
        suit's glyph and the rank: the card players look for, not its code)."""
        from core.vocab import Vocabulary
        from device.looks import look
        from device.words import language
        return Vocabulary(self.deck, look(self.deck.name), language()).lcd

    def _prompt_write(self):
        deck, i = self.writing
        if i >= len(deck):
            n = len(deck)
            self.show([say("Deck written"), counted(n, "%d tag", "%d tags")])
            return
        self.show([say("Blank tag for"), "%s  (%d/%d)" % (self.label(i), i + 1, len(deck))])

    def _write_tag(self, read):
        deck, i = self.writing
        if i >= len(deck):
            return
        try:
            decode_card(read.data)
            self.show([say("Tag holds a card"), say("lay a blank one")])
            return
        except TrickrefError:
            pass  # blank or foreign: ours to write
        data = encode_card(deck, i)
        reader = self.readers[read.pad]
        try:
            for page in range(len(data) // 4):
                reader.write_page(read.uid, 4 + page, data[4 * page:4 * page + 4])
        except Exception as e:  # a write fault: the same card is asked for again
            self.show([say("Write failed"), str(e)])
            return
        self.writing[1] = i + 1
        self._prompt_write()

    def _save_registry(self, reg):
        try:
            return session.save_registry(self.storage, reg)
        except OSError as e:
            self.show([say("cannot save tags"), str(e)])
            return False

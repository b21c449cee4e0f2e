"""The desktop simulator: a pygame table you can play on, the real firmware inside.

``SimApp`` builds an emulated Pico (``host_sim.board.SimBoard``: one MFRC522 model per
seat pad, the HD44780 LCD model, the button pins), powers on the unmodified firmware
(``device.controller.Controller``, as ``main.py`` does) and shows the table:

- each seat's hand (a seeded deal, or a game record; a computer's face down unless
  ``show_hands``) and its reader pad; dragging a
  card onto a pad lays its NTAG213 in that reader's field, dragging it away lifts it (a
  click on a card in your hand lays it on your pad);
- the LCD drawn dot by dot from the HD44780 model (``host_sim.ui.lcd``);
- the three buttons, clickable and on the keyboard (Left, Right, Enter; Enter held 0.9 s
  is a long press: back in menus, undo in play);
- LED and buzzer signals: the firmware has no buzzer output yet, so they are derived from
  the events ``Controller.tick`` returns (accepted, refused, trick won, deal over);
- the link traffic panel, fed by a pluggable source (``host_sim.ui.traffic``; for now the
  firmware's events as text lines);
- computer players for the seats nobody plays: a shadow deal of the rules core with every
  hand known, fed the same actions as the firmware's referee, gives ``legal_cards``; the
  choice among them is ``host_sim.ui.robot``. Choices a computer seat owns (a Skat
  contract), all choices when nobody plays, and the menus at start are entered by pressing
  the emulated buttons (``host_sim.ui.operator``).

The firmware runs on the board's virtual clock, advanced by the real frame time (or a
fixed step per frame: ``fixed_dt``, for headless runs and tests, which then take no real
time). Trick cards stay on the pads until collected into the taker's pile (after
``collect_ms``, or the C key): the firmware wants the pads clear before the next lead.
"""

import copy
import os
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from core.errors import TrickrefError  # noqa: E402
from core.events import (Awaiting, CardPlayed, DealOver, Refused, RevokeFound,  # noqa: E402
                         TrickTaken, Undone)
from core.rng import Rng  # noqa: E402
from device.buttons import DEBOUNCE_MS, LONG_MS  # noqa: E402
from device import flows, words  # noqa: E402
from device.controller import (MODE_CHOICE, MODE_MAIN, MODE_RESULT, MODE_SHEET,  # noqa: E402
                               MODE_TABLE)
from device.last_trick import HOLD_MS  # noqa: E402
from host_sim.board import SimBoard, TaggedDeck, marked, row_shows  # noqa: E402
from host_sim.i18n import _, ngettext  # noqa: E402
from host_sim.ui import auction, journal_export, robot  # noqa: E402
from host_sim.players.computer import Computer  # noqa: E402
from host_sim.ui import tableau as T  # noqa: E402
from host_sim.ui.games import FACT, adapter_for  # noqa: E402
from host_sim.ui.layout import MIN_SIZE, Layout  # noqa: E402  (below MIN_SIZE the
# layout would lay out a larger window than shown: the OK button and the hands cut off)
from host_sim.ui.operator import LONG_MS as OPERATOR_LONG_MS  # noqa: E402
from host_sim.ui.operator import NEXT, OK, PREV, Operator  # noqa: E402
from host_sim.ui.record_play import Playback  # noqa: E402
from host_sim.ui.render import Renderer  # noqa: E402
from host_sim.ui.sound import BuzzerSound  # noqa: E402
from host_sim.ui.traffic import EventFeed, TrafficLog, link_tap  # noqa: E402
from host_sim.ui.cards import vocabulary  # noqa: E402
from host_sim.ui.words import (card_words, label_words, result_words,  # noqa: E402
                                sentence_words)

KEYS = {pygame.K_LEFT: PREV, pygame.K_RIGHT: NEXT, pygame.K_RETURN: OK, pygame.K_KP_ENTER: OK}
DRAG_PX = 5  # pointer travel that turns a click into a drag
MAX_DT_MS = 100  # a stalled frame advances the firmware at most this much
# What a scan collects, in the field's words (the flows' scan verbs).
SCAN_WORDS = {"discard": "écart", "announce": "poignée", "set_skat": "skat"}  # the games' terms


def scan_words(verb):
    """What the board's scan for ``verb`` gathers, in the table's words: the games' own
    terms (écart, poignée, skat) as players say them, the hand laid open in the language."""
    if verb == "show_hand":
        return _("hand laid open")
    return SCAN_WORDS.get(verb, verb.replace("set_", ""))
NOTE_MS = 4000  # how long the status line repeats the simulator's last note
CLICK_MS = 40  # a button press lasts at least this long on the pins (> the 20 ms debounce)
CONFIRM_MS = 3000  # a second Esc (or the window's close box) within this long quits
# nobody at the table: the computer presses OK on a result after this, counted from the
# last card (the board first shows the last trick: device/last_trick.py)
RESULT_WAIT_MS = 2500 + HOLD_MS
SHOW_MS = 300  # a computer shows its poignée a trump at a time: each this long, half on the pad


class Signals:
    """LED and buzzer states derived from firmware events (there is no buzzer output in
    the firmware yet): ``on_event(ev, now_ms)``; ``led(now)`` -> colour name or None,
    ``buzz(now)`` -> text or None."""

    def __init__(self):
        self._led = (None, 0)
        self._buzz = (None, 0)

    def on_event(self, ev, now, name=lambda s: "P%d" % (s + 1)):
        """Set the signals for one event."""
        if isinstance(ev, CardPlayed):
            self._led = ("green", now + 300)
            self._buzz = (_("beep (card accepted)"), now + 250)
        elif isinstance(ev, Refused):
            self._led = ("red", now + 900)
            self._buzz = (_("BZZZ (refused: %s)") % words.reason(ev.reason), now + 900)
        elif isinstance(ev, RevokeFound):
            self._led = ("red", now + 1600)
            self._buzz = (_("BZZZ BZZZ (revoke %s)") % name(ev.seat), now + 1600)
        elif isinstance(ev, TrickTaken):
            self._led = ("amber", now + 1000)
            self._buzz = (_("beep-beep (trick to %s)") % name(ev.seat), now + 700)
        elif isinstance(ev, Awaiting):
            self._led = ("amber", now + 1500)
            self._buzz = (_("beep (scan %d cards)") % ev.count, now + 400)
        elif isinstance(ev, DealOver):
            self._led = ("blue", now + 2500)
            self._buzz = (_("tune (deal over)"), now + 1200)

    def warn(self, text, now):
        """A refusal of the simulator's own (a step a person still owes): red LED, buzz."""
        self._led = ("red", now + 900)
        self._buzz = (_("BZZZ (%s)") % text, now + 900)

    def led(self, now):
        """LED colour at virtual time ``now`` ("green", "red", "amber", "blue") or None."""
        return self._led[0] if now < self._led[1] else None

    def buzz(self, now):
        """What the buzzer sounds at virtual time ``now`` (a description) or None."""
        return self._buzz[0] if now < self._buzz[1] else None


def _journal(path):
    """The board's journal at host file ``path`` (core.journal.Journal), or None."""
    if path is None:
        return None
    from core.journal import Journal
    return Journal(path)


def attr(obj, name, default=None):
    """``obj.name`` or ``default``: the firmware's table deal may refuse questions before it
    has started (Magistr's deal 1 before its leader is named raises IllegalPlay)."""
    try:
        return getattr(obj, name)
    except Exception:  # AttributeError or the deal's own refusal
        return default


def parse_seats(text, pads):
    """Pads (0-based) from a ``--human`` value: ``"1,3"`` or ``"P1,P3"`` (table seats as
    the LCD names them), ``"all"``, ``"none"`` or ``""``. Raises ValueError."""
    text = (text or "").strip().lower()
    if text in ("", "none", "-"):
        return set()
    if text == "all":
        return set(range(pads))
    out = set()
    for part in text.replace(" ", "").split(","):
        digits = part[1:] if part.startswith("p") else part
        if not digits.isdigit():
            raise ValueError("--human %r: seats such as 1,3 or P1,P3, or all, or none"
                             % text)
        n = int(digits)
        if not 1 <= n <= pads:
            raise ValueError("seat P%d: the table has P1..P%d" % (n, pads))
        out.add(n - 1)
    return out


class SimApp:
    """The simulator window over the firmware; see the module docstring.

    ``game``: a ``device.flows`` name; ``players``: count (default the flow's first);
    ``seed``: the shuffle; ``record``: a ``core.iss.IssRecord`` dealt first (Skat);
    ``human``: pads (0-based) a person plays; ``size``: window size; ``lcd``: (cols, rows);
    ``fixed_dt``: ms of virtual time per frame (None: real frame time, at most 60 fps);
    ``collect_ms``: how long a finished trick stays on the pads; ``think_ms``: a computer
    seat's pause before it plays; ``auto_start``: enter the game in the menus at power-on
    (else the firmware waits in its main menu); ``traffic``: the link panel's source
    (an object with ``poll()``, default an EventFeed of the firmware's events);
    ``practice``: with every hand known, a person's illegal card is refused at once with
    its reason (False: "as at the table", the firmware alone judges); ``show_hands``: the
    computers' hands face up; ``journal``: a host file for the board's journal (None: none
    kept; the J key exports it, ``host_sim.ui.journal_export``); ``sound``: the buzzer pin
    heard through pygame's mixer (``host_sim.ui.sound``; ``self.sound.message`` says why
    not when the mixer cannot open).

    Raises ValueError for an unknown game or player count, ImportError when the game's
    flow module is not in device/flows.
    """

    computer = Computer("plain")  # the computer seats; trickref sim --computer sets its own

    def __init__(self, game="skat", players=None, seed=1, record=None, human=(0,),
                 size=(1280, 800), lcd=(16, 2), fixed_dt=None, collect_ms=1500,
                 think_ms=700, auto_start=True, traffic=None, options=None, practice=True,
                 show_hands=False, journal=None, sound=False):
        flow = flows.load(game)
        # the answers to the setup questions, as the menus list them (ValueError naming
        # an unknown option or value)
        self.option_labels = [label for _, _, label in
                              flows.check_options(flow, players or flow.PLAYERS[0],
                                                  options or {})]
        players = players or flow.PLAYERS[0]
        if players not in flow.PLAYERS:
            raise ValueError("%s is played by %s, not %r" % (
                flow.TITLE, "/".join(str(n) for n in flow.PLAYERS), players))
        self.game = game
        self.players = players
        self.seed = seed
        self.record = record
        self.humans = set(human)
        self.practice = practice  # the simulator knows every hand: refuse illegal cards
        self.show_computer_hands = show_hands
        self.fixed_dt = fixed_dt
        self.collect_ms = collect_ms
        self.think_ms = think_ms
        self.board = SimBoard(seats=players, cols=lcd[0], rows=lcd[1], link=True)
        self.link_url = self.board.uart.url
        self.rng = Rng(seed)
        from device import words as lcd_words
        self.feed = EventFeed(seat_name=self._name_of_seat, lang=lcd_words.language())
        if traffic is None:
            # the frames the board sends on its link, in the players' numbering
            traffic = link_tap(self.board.uart)
        self.traffic = TrafficLog(traffic)
        self.traffic_title = _("Link traffic  %s") % self.link_url
        self.operator = Operator(self.board, log=self.note)
        self.signals = Signals()
        self.renderer = Renderer()
        self._use_flow(flow)
        self.results = []  # every DealOver result, in order
        self._result_app = None  # the deal (its App) whose result is last in results
        self.last_taker = -1  # the pad that took the last trick (-1: none yet)
        self.lazy_draw = False  # True: step() does not draw (headless runs draw on save)
        self.summaries = []  # each result's lines as the LCD named its seats at the time
        self.breakdowns = []  # each result in words (Tarot: the whole count, FFT p.7-9)
        self.events = []  # every firmware event, in order
        self.frame = 0
        self.running = True
        self.dragging = None
        self.card_rects = {}
        self.draw_order = []
        self.grab_points = {}
        self.stats = {"firmware_ms": 0.0, "draw_ms": 0.0, "frames": 0}
        self._press = None  # (card, start pos, offset, dragging?) while the mouse is down
        self._mouse_button = None
        self._timers = []  # [due_ms, fn]
        self._collects = []  # pending trick collections: [due, cards, pad]
        self._app = None
        self._deals = 0  # deals of the match in play (restarts with a new game)
        self._bids_key, self._bids_due, self._bid_at = None, [], 0  # bids being said
        self._match_id = None  # the match (score sheet) the deals are counted in
        self._button_down_at = {}
        self._asked = {}  # what -> (when, question): quit or abandon, asked once
        self._refusal = None  # (reason, when) of the last practice-mode refusal
        self.auction = None  # the Skat auction held bid by bid (host_sim.ui.auction)
        self.answer_rects = []  # [(rect, answer)] of the auction's buttons, as drawn
        self.name_rects = []  # each seat's name line (with its pile), as drawn
        self.name_rows = []  # and its rows of words, [(words, rect)] a seat
        self.status_rows = self.hint_rows = self.keys_rows = []  # the status line, the
        # key hints under the table and the keys under the buttons: [(words, rect)]
        self.caption_rect = self.result_rect = None  # the caption box, the result box
        self.caption_rows = []  # the caption box's lines, as drawn
        self._undo_pause = 0  # computers enter no choice before this (after an undo)
        self._long_from = None  # when the person pressed OK, None once released
        self._long_seen = False  # that press was long (taken back once)
        self._withheld_from = None  # an OK press kept from the board (a discard owed)
        self._withheld = None  # that press, until its release
        self._hold_menu = False  # that press came in a computer's menu: the computers wait
        self._shadow_key = None
        self._robot_key = None
        self._robot_ready = 0
        self._robot_card = None
        self._robot_refusals = 0
        self._auto_once = False
        self._stuck = False
        self._scanning = False
        self._shown_key = None  # the scan a computer's cards were laid for (_lay_shown)
        self._result_at = None
        self._clear_since = 0
        self._acc = 0.0
        self.awaiting = None
        self.shadow = None
        self.shadow_ok = True
        self._hands = None
        self._talon = ()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("trickref simulator - %s" % flow.TITLE)
        self.screen = pygame.display.set_mode((max(MIN_SIZE[0], size[0]),
                                               max(MIN_SIZE[1], size[1])), pygame.RESIZABLE)
        self.layout = self._layout()
        self._clock = pygame.time.Clock()
        self.journal_path = journal  # the board's journal file (J key: export it)
        # a record plays itself; Space, N and B pause, step and take back (record_play)
        self.playback = Playback() if record is not None else None
        self.ctl = self.board.power_on(journal=_journal(journal))
        self.sound = sound and BuzzerSound(self.board.hw.buzzer,
                                           lambda: self.board.clock.now_ms)
        self.board.run(50)
        self.now = self.board.clock.now_ms
        if auto_start:
            self.start_game()

    # --- setup -----------------------------------------------------------------------

    def _use_flow(self, flow):
        old = getattr(self, "tableau", None)
        if old is not None:
            old.reset([])  # the other game's cards leave the pads
        self.flow = flow
        self.deck = flow.DECK
        self.tagged = TaggedDeck(flow.DECK)
        self.tableau = T.Tableau(flow.DECK, self.players, self.board, self.tagged)
        self.adapter = adapter_for(flow, self.record if flow.NAME == "skat" else None)
        self.feed.use_deck(flow.DECK, vocabulary(flow.DECK).look)  # the board's look
        if getattr(self, "screen", None) is not None:
            self.layout = self._layout()

    def _layout(self):
        m = self.board.lcd_model
        return Layout(self.screen.get_size(), self.players, m.cols, m.rows,
                      self.adapter.hand_max(self.players), self.adapter.direction)

    def start_game(self):
        """Enter the game in the firmware's menus with the buttons: New game, the game,
        the player count, every option at its default, Start."""
        op = self.operator
        op.choose("New game", self.flow.TITLE, str(self.players), *self.option_labels)
        op.ok_while(lambda: self.ctl.view().mode == MODE_MAIN)

    def card_name(self, card):
        """``card`` as the table's players write it, in the board's look for the deck and
        the table's language ("GD" for the Grün-Daus with the Prager look, "CA" with
        --look skat=french): ``host_sim.ui.words.card_words``; never the wire's code."""
        return card_words(self.deck, card)

    def said(self, sentence):
        """A sentence of the rules core or the players (cards in the deck's notation,
        ``Deck.short``: "♠D top of suit") with its cards named as :meth:`card_name` does."""
        return sentence_words(self.deck, sentence)

    def note(self, text):
        """A line of the simulator's own (the event feed; the status line shows it for
        ``NOTE_MS``: a computer's bids and contract, a refusal)."""
        self.feed.note(self.now, text)
        self._last_note = (text, self.now)
        log = getattr(self, "traffic", None)
        if log is not None and log.source is not self.feed:  # the link's frames are shown
            log.lines.append("%7.2f ~ %s" % (self.now / 1000.0, text))

    # --- seats -------------------------------------------------------------------------

    @property
    def fw_deal(self):
        """The firmware's deal (its referee's), or None outside a game."""
        return self.ctl.view().deal

    @property
    def match(self):
        """The firmware's match (score sheet) of the game in play."""
        return self.ctl.view().match

    def seat_of(self, pad):
        """Deal seat at pad ``pad`` (-1: sits out or no deal)."""
        seating = self.ctl.view().seating  # the deal's, built once when it started
        return pad if seating is None else seating.seat(pad)

    def _marked(self, lines):
        """LCD ``lines`` with the CGRAM suit codes as the look's suit marks
        (``host_sim.board.marked``), for the side panel and the terminal."""
        return [marked(line, vocabulary(self.deck)) for line in lines]

    def seat_name(self, seat):
        """Deal seat ``seat`` as the table names it: its pad's "P<n>"."""
        return "P%d" % (self.pad_of(seat) + 1)

    def pad_of(self, seat):
        """Pad of deal seat ``seat`` (-1 if none)."""
        if seat is None or seat < 0:
            return -1
        for p in range(self.players):
            if self.seat_of(p) == seat:
                return p
        return -1

    def _name_of_seat(self, seat):
        p = self.pad_of(seat)
        return "P%d" % (p + 1) if p >= 0 else "S%d" % seat

    def players_in_deal(self):
        """Seats dealt in (a Skat dealer at a 4-player table sits out)."""
        if self.fw_deal is None:
            return self.players
        return len({s for s in (self.seat_of(p) for p in range(self.players)) if s >= 0})

    @property
    def dealt_hands(self):
        """The hands dealt this deal, by deal seat (None before a deal)."""
        return self._hands

    @property
    def dealt_talon(self):
        """The cards dealt to the talon this deal (skat, chien, stock)."""
        return self._talon

    def turn_pad(self):
        """The pad whose player must play a card now, or -1."""
        deal = self.fw_deal
        if deal is None or self.ctl.view().mode != MODE_TABLE or self.awaiting is not None:
            return -1
        try:
            return self.pad_of(deal.current_seat())
        except Exception:  # a deal between phases
            return -1

    def title(self):
        """The game's name in the table's language, as the board's menu writes it
        ("Franz. Tarot", "Жопа")."""
        from device import words as lcd_words
        return lcd_words.tr(self.flow.TITLE)

    def status_line(self):
        """The line at the top of the table: game, deal, seed, whose turn."""
        bits = [_("%s, %d players") % (self.title(), self.players), _("deal %d") % max(1, self._deals),
                _("seed %d") % self.seed]
        if self.record is not None and self.flow.NAME == "skat":
            bits.append(_("record %s") % self.record.id)
        bits.append(_("press Esc again to quit") if self.quit_pending() else
                    self.asked("abandon") or self.waiting_for())
        note = getattr(self, "_last_note", None)
        if note is not None and self.now - note[1] < NOTE_MS and note[0] not in bits[-1]:
            bits.append("| " + note[0])
        return "   ".join(b for b in bits if b)

    def result_shown(self):
        """The last result in words while the firmware shows it (MODE_RESULT), else []."""
        if self.ctl.mode != MODE_RESULT or not self.breakdowns:
            return []
        return self.breakdowns[-1]

    def waiting_for(self):
        """What the board waits for, in words for the status line ("" when nothing):
        cards to scan, pads to clear before a lead, or whose card it is."""
        from device.view import table_menu_open
        if table_menu_open(self.ctl):  # the table menu, over whatever the deal waits for
            title = self.board.lcd_lines()[0].split("  ")[0].strip()
            return _('"%s" on the board: < > choose, OK enters, hold OK: back') % title
        if self.ctl.mode == MODE_SHEET:  # a list (the score sheet): OK and a long OK leave it
            if self.ctl.app is not None:  # device/modes/sheet.py: OK the table, BACK the menu
                return _("a list on the board: < > scroll, OK: back to the game, "
                         "hold OK: main menu")
            return _("a list on the board: < > scroll, OK: main menu")
        step = self.adapter.person_step(self) or auction.status(self) or self.menu_hint()
        if step:
            return step
        if self._refusal is not None and self.now - self._refusal[1] < 3000:
            return self._refusal[0]
        app = self.ctl.view().app
        wanted = app.scan_wanted() if app is not None and self.ctl.view().mode == MODE_TABLE \
            else None
        if wanted is not None:
            verb, left = wanted
            what = scan_words(verb)
            return ngettext("scan %d more card on any pad (%s)",
                            "scan %d more cards on any pad (%s)", left) % (left, what)
        if self.awaiting is not None:
            return _("scan the %s") % scan_words(self.awaiting.verb)
        if self.humans and self.ctl.view().mode == MODE_RESULT:  # said before NEXT shows it
            return _("the deal is over: OK books it, < > the result, hold OK: back")
        tp = self.turn_pad()
        if tp < 0:
            return ""
        if self._trick_on_pads():  # the board reads the pads clear before a lead
            return _("P%d: wait, the last trick is being collected") % (tp + 1)
        busy = [p + 1 for p in range(self.players) if self.tableau.on_pad(p)]
        if busy and not attr(self.fw_deal, "trick", None) and not self._collects:
            return _("lift the cards off %s, then P%d leads") % (
                ", ".join("P%d" % p for p in busy), tp + 1)
        return _("to play: P%d") % (tp + 1)

    def menu_hint(self):
        """While a deal's menu waits for a person (their bid, skat, contract, call,
        écart): who answers it and how, in words ('P4 (you): "P4 bids" on the board: < >
        choose, OK enters, hold OK: back'); "" otherwise."""
        view = self.ctl.view()
        d = self.fw_deal
        if view.mode != MODE_CHOICE or d is None or self.flow.prompt(d, view.match) is None \
                or auction.of(self) is not None:
            return ""
        owner = self.adapter.choice_owner(self)
        if self.computer_chooses():  # said, so the line is never blank while it answers
            if self.humans and owner is not None and owner >= 0 and owner not in self.humans:
                if self._refusal is not None and self.now - self._refusal[1] < 3000:
                    return self._refusal[0]  # a person's key just refused
                return _("P%d (computer) answers on the board") % (owner + 1)
            return ""
        who = _("P%d (you): ") % (owner + 1) if owner is not None and owner >= 0 else ""
        hint = self.adapter.menu_hint(self)
        if hint:
            return who + hint
        title = self.board.lcd_lines()[0].split("  ")[0].strip()
        return who + _('"%s" on the board: < > choose, OK enters, hold OK: back') % title

    # --- one frame -----------------------------------------------------------------------

    def step(self, dt_ms=None):
        """Run one frame: input, firmware for the frame's time, computer seats, drawing.
        Returns False once the window was closed."""
        for e in pygame.event.get():
            self.handle(e)
        if not self.running:
            return False
        if dt_ms is None:
            if self.fixed_dt is not None:
                dt_ms = self.fixed_dt
            else:
                dt_ms = min(MAX_DT_MS, self._clock.tick(60))
        self._acc += dt_ms
        ms = int(self._acc)
        self._acc -= ms
        t0 = time.perf_counter()
        if self._long_from is None and not self._hold_menu:  # the computers' presses wait
            self.operator.step(self.board.clock.now_ms)
        self._watch_long_press()
        events = self.board.run(ms) if ms > 0 else []
        self.now = self.board.clock.now_ms
        self._check_flow_and_deal()
        self._on_events(events)
        self._sync_shadow()
        self._run_timers()
        self._decide()
        self._sync_shadow()
        t1 = time.perf_counter()
        self.traffic.pull()
        if not self.lazy_draw:
            self.draw()
        t2 = time.perf_counter()
        self.stats["firmware_ms"] += (t1 - t0) * 1000
        self.stats["draw_ms"] += (t2 - t1) * 1000
        self.stats["frames"] += 1
        self.frame += 1
        return True

    def run(self, frames=None, until=None, screenshot=None, every=None, status=None):
        """Run frames until the window closes, ``frames`` were run, or ``until(self)`` is
        true; with ``every`` save ``screenshot`` every N frames (numbered), and always at
        the end; ``status``: a path the state is written to as JSON
        (host_sim/ui/statusfile.py). Returns the number of frames run."""
        n = 0
        if status:
            from host_sim.ui.statusfile import StatusFile
            status = StatusFile(status)
        while self.step():
            n += 1
            if status:
                status.frame(self)
            if every and screenshot and n % every == 0:
                self.save_screenshot(numbered(screenshot, n))
            if frames is not None and n >= frames:
                break
            if until is not None and until(self):
                break
        if screenshot:
            self.save_screenshot(screenshot)
        return n

    def draw(self):
        """Draw the window for the current frame and show it."""
        if self.screen.get_size() != self.layout.size:
            self.layout = self._layout()
        self.renderer.draw(self.screen, self, self.layout)
        pygame.display.flip()

    def save_screenshot(self, path):
        """Write the window as PNG at ``path`` (drawn first when ``lazy_draw``: a
        headless run draws only the frames it saves); returns the path."""
        if self.lazy_draw:
            self.draw()
        d = os.path.dirname(path)
        if d:
            os.makedirs(d, exist_ok=True)
        pygame.image.save(self.screen, path)
        return path

    def close(self):
        """Close the window (pygame's display) and the board's link socket."""
        self.running = False
        if self.sound:
            self.sound.close()
        pygame.display.quit()
        if self.board.uart is not None:
            self.board.uart.close()

    # --- the deal on the table -------------------------------------------------------------

    def _check_flow_and_deal(self):
        view = self.ctl.view()
        if view.flow is not None and view.flow is not self.flow:
            self._use_flow(view.flow)  # another game was chosen in the menus
        app = view.app
        if app is None or app is self._app:
            return
        self._app = app
        if view.match is not self._match_id:  # a new game: its deals count from 1
            self._match_id = view.match
            self._deals = 0
        self._deals += 1
        n = self.players_in_deal()
        self._match0 = copy.deepcopy(view.match)  # the match as this deal began
        hands, talon = self.adapter.deal(self._match0, n, self.rng, first=self._deals == 1)
        self._hands = [list(h) for h in hands]
        self._talon = tuple(talon)
        by_pad = []
        for p in range(self.players):
            s = self.seat_of(p)
            by_pad.append(self._hands[s] if 0 <= s < len(self._hands) else None)
        self._collects = []
        self._timers = []
        self.awaiting = None
        self._scanning = False
        self._stuck = False
        self._result_at = None
        self.dragging = None
        self._press = None
        self.adapter.new_deal()
        self.last_taker = -1  # the pad that took the last trick (-1: none yet)
        self.tableau.reset(by_pad, talon)
        self._shadow_key = None
        self.auction = None  # the Skat auction held bid by bid (host_sim.ui.auction)
        self.note(_("deal %d dealt (%s)") % (self._deals, _("record %s") % self.record.id
                                          if self.adapter.record is not None and
                                          self._deals == 1 else _("seed %d") % self.seed))

    def _sync_shadow(self):
        """Rebuild the shadow deal when the firmware's accepted actions (or the talon)
        changed: a fresh known-hands deal fed every action, so undo needs no care."""
        app = self.ctl.view().app
        if app is None or self._hands is None:
            self.shadow = None
            return
        ref = app.referee
        key = (id(ref.actions), len(ref.actions), tuple(self.tableau.talon()))
        if key == self._shadow_key:
            return
        self._shadow_key = key
        try:
            self.shadow = self.adapter.shadow(self._match0, [list(h) for h in self._hands],
                                              list(self._talon))
        except Exception as e:  # a game the adapter cannot shadow: the computer plays blind
            if self.shadow_ok:
                self.note(_("no shadow deal: %s") % self.said(e))
            self.shadow = None
            self.shadow_ok = False
            return
        for verb, args in list(ref.actions):
            if not self._feed(verb, args):
                break
        self.adapter.after_sync(self)

    def _feed(self, verb, args):
        sh = self.shadow
        step = self.adapter.translate(self, verb, args)
        if step is None:
            return True
        verb, args = step
        try:
            getattr(sh, verb)(*args)
            return True
        except TrickrefError:
            pass
        except Exception as e:
            self.note(_("shadow lost at %s: %s") % (verb, self.said(e)))
            self.shadow = None
            return False
        if verb != "play" or getattr(sh, "hands", None) is None:
            return True  # a choice the shadow already knows better (the scanned skat)
        # The firmware (hands unknown) accepted a card the rules refuse with the hands known
        # (a revoke, or a card from another seat's hand): take it as the table did.
        card = args[1]
        hands = sh.hands
        try:
            sh.hands = None
            getattr(sh, verb)(*args)
        except Exception as e:
            self.note(_("shadow lost at card %s: %s") % (self.card_name(card), self.said(e)))
            self.shadow = None
            return False
        finally:
            if self.shadow is not None:
                sh.hands = hands
        for h in hands:
            if card in h:
                h.remove(card)
        return True

    # --- firmware events ---------------------------------------------------------------------

    def _on_events(self, events):
        if not events:
            return
        self.events.extend(events)
        self.feed.on_events(self.now, events)
        for ev in events:
            self.signals.on_event(ev, self.now, self._name_of_seat)
            if isinstance(ev, TrickTaken):
                self.last_taker = self.pad_of(ev.seat)  # marked at the table (render)
                self._collects.append([self.now + self.collect_ms, tuple(ev.cards),
                                       self.pad_of(ev.seat)])
            elif isinstance(ev, Awaiting):
                self.awaiting = ev
                self._scanning = False  # a new request: the last scan is done
            elif isinstance(ev, DealOver):
                self._drop_result()  # ended again after an undo past its end: said once
                self._result_app = self._app
                self.results.append(ev.result)
                # now, before the deal is booked: Skat's seats rotate with the dealer
                self.summaries.append(self._marked(self.flow.result_lines(ev.result,
                                                                          self.match)))
                self.breakdowns.append(result_words(self.flow, ev.result, self._name_of_seat,
                                                    self.deck, self.summaries[-1],
                                                    getattr(self.match, "game", None)))
                for line in self.breakdowns[-1]:
                    self.note(line)
                self.awaiting = None
                self._result_at = self.now
            elif isinstance(ev, Undone):
                self._undone(ev)
            elif isinstance(ev, Refused) and ev.card == self._robot_card and ev.card >= 0:
                self._robot_refused(ev)
            elif isinstance(ev, CardPlayed) and ev.card == self._robot_card:
                self._robot_card = None
                self._robot_refusals = 0

    def _drop_result(self):
        """Forget the result of the deal in play when its end was taken back (a long OK
        on the result): the deal ends again later and the summary lists it once."""
        if self._result_app is not None and self._result_app is self._app:
            self._result_app = None
            for said in (self.results, self.summaries, self.breakdowns):
                said.pop()

    def _undone(self, ev):
        self._drop_result()
        self.operator.clear()  # a computer's entry under way was for the menu taken back
        if ev.card is None or ev.card < 0:  # a bid or choice: said again, after a pause
            self._undo_pause = self.now + auction.UNDO_PAUSE_MS
            self._bids_key = None
            auction.reopen(self)
        self._robot_key = None  # the seat thinks again before it plays
        self._robot_card = None
        self._collects = []
        self.awaiting = None
        self._scanning = False
        if ev.card is not None and ev.card >= 0:
            pad = self.pad_of(ev.seat)
            if pad >= 0:
                self.tableau.move(ev.card, T.HAND, pad)
        elif not attr(self.fw_deal, "trick", None):  # a scan taken back (the skat at the
            for p in range(self.players):  # end): its cards go back to be scanned again
                for c in self.tableau.on_pad(p):
                    self.tableau.move(c, T.TALON)
        deal = self.fw_deal
        trick = list(attr(deal, "trick", ()) or ())
        if trick:  # the reopened trick's cards go back out of the piles, beside their pads
            for seat, card in deal.history[-len(trick):]:
                kind, _where = self.tableau.where(card)
                if kind == T.PILE:
                    pad = self.pad_of(seat)
                    r = self.layout.pads[pad]
                    self.tableau.move(card, T.LOOSE,
                                      (r.right + self.layout.card[0] // 2, r.centery))

    def _robot_refused(self, ev):
        card = ev.card
        self._robot_card = None
        self._robot_refusals += 1
        kind, pad = self.tableau.where(card)

        def take_back():
            if self.tableau.where(card)[0] == T.PAD:
                self.tableau.move(card, T.HAND, pad)
        self.later(300, take_back)
        self._robot_ready = self.now + 600 * self._robot_refusals
        if self._robot_refusals >= 3:
            self.note(_("computer at P%d gives up: %s") % (pad + 1, ev.detail))

    def later(self, ms, fn):
        """Run ``fn()`` after ``ms`` of virtual time."""
        self._timers.append([self.now + ms, fn])

    def _run_timers(self):
        due = [t for t in self._timers if t[0] <= self.now]
        if due:
            self._timers = [t for t in self._timers if t[0] > self.now]
            for _at, fn in due:
                fn()
        for c in [c for c in self._collects if c[0] <= self.now]:
            self._collect(c)
        if self.tableau.pads_clear():
            if self._clear_since is None:
                self._clear_since = self.now
        else:
            self._clear_since = None

    def _collect(self, entry):
        if entry in self._collects:
            self._collects.remove(entry)
        _at, cards, pad = entry
        for c in cards:
            if self.tableau.where(c)[0] in (T.PAD, T.LOOSE) and pad >= 0:
                self.tableau.move(c, T.PILE, pad)

    def collect_now(self):
        """Sweep every finished trick still on the table into its taker's pile."""
        for entry in list(self._collects):
            self._collect(entry)

    # --- what the computer does --------------------------------------------------------------

    def _decide(self):
        if self.operator.busy() or self.dragging is not None:
            return
        view = self.ctl.view()
        if self.operator.failed is not None:
            self.operator.failed = None
            self._stuck = True
        mode = view.mode
        deal = self.fw_deal
        if mode == MODE_CHOICE and deal is not None and not self._stuck:
            if self.flow.prompt(deal, view.match) is None:
                return  # the table menu a person opened: theirs
            if auction.drive(self) or self.now < self._undo_pause or self.ok_held():
                return  # the Skat auction bid by bid; computers wait after an undo
            if not self.computer_chooses():
                return
            self.adapter.lay_discard(self)  # the A key at a person's discard: laid first
            labels = self.adapter.choices(self)
            if self._say_bids(labels):
                return  # a bid said: the next one after a computer's think time
            self._auto_once = False
            if labels:
                # shown as entered: the computer's bids and contract, in the menus' words
                self.note(_("computer enters: %s") % ", ".join(map(label_words, labels)))
                self.operator.choose(*labels)
            else:
                self.operator.ok_while(lambda: self.ctl.view().mode == MODE_CHOICE and
                                       self.fw_deal is not None and
                                       self.flow.prompt(self.fw_deal, self.ctl.view().match)
                                       is not None, limit=8)
            return
        if mode == MODE_RESULT:  # booked by OK: the A key's, or nobody's after a wait
            if self._auto_once or (not self.humans and self._result_at is not None and
                                   self.now - self._result_at >= RESULT_WAIT_MS):
                self._auto_once = False
                self._result_at = None
                self.operator.press(OK)
            return
        if mode != MODE_TABLE or deal is None:
            return
        if self._collects:
            return
        app = view.app
        wanted = app.scan_wanted() if app is not None else None
        if wanted is not None and self.awaiting is None:  # cards a menu asked for
            self._lay_shown(app, *wanted)
            return  # and no card is played: the board would take it for one of them
        labels = None if self.ok_held() or self.now < self._undo_pause else \
            self.adapter.table_choice(self)
        if labels:
            self.note(_("computer enters: %s") % ", ".join(map(label_words, labels)))
            self.operator.press(OK)
            self.operator.choose(*labels)
            return
        if self.awaiting is not None:
            self._scan_for_table()
            return
        self._robot_turn(deal)

    def _say_bids(self, labels):
        """Say the computers' bids before ``labels`` are entered, one every ``think_ms``
        (the side panel and the status line note each, the table shows the last few);
        True while one was said or is due."""
        steps = self.adapter.bid_steps(self, labels)
        key = (self._deals, tuple(steps))
        if steps and self._bids_key != key:
            self._bids_key = key
            self._bids_due = list(steps)
            self._bid_at = self.now
        if not self._bids_due or self._bids_key != key:
            return False
        if self.now >= self._bid_at:
            said = self._bids_due.pop(0)
            self.adapter.bids.append(said)
            self.note(said)
            self._bid_at = self.now + self.think_ms
        return True

    def computer_chooses(self):
        """True when the pending choice menu is the computer's to answer: a computer's own
        choice, a fact of the cards, a record's, everything when nobody plays, or once
        after the A key; False when it waits for a person."""
        owner = self.adapter.choice_owner(self)
        # a record's choices are the computer's unless a person sits at every seat
        on_record = getattr(self.adapter, "on_record", False) and \
            len(self.humans) < self.players_in_deal()
        nobody = not any(self.seat_of(p) >= 0 for p in self.humans)  # all sit out
        return bool(nobody or self._auto_once or owner == FACT or on_record or
                    (owner is not None and owner not in self.humans))

    def computer_acts(self, pad):
        """True when the computer acts for the seat at ``pad`` now: a computer's seat, or a
        person's after the A key (until the computer has acted: its card, its scan; the
        announcements before a first card come with the card)."""
        return pad not in self.humans or self._auto_once

    def _scan_for_table(self):
        if self._scanning or self.now < self._undo_pause or self.ok_held():
            return  # a scan taken back waits too: time for a second long press
        sh = self.shadow
        dpad = self.pad_of(attr(sh if sh is not None else self.fw_deal, "declarer", 0))
        if dpad < 0:
            dpad = 0
        if not self.computer_acts(dpad):
            return
        self._auto_once = False
        cards = self.adapter.final_scan(self, self.awaiting.count)
        if not cards:
            return
        self._scanning = True
        for i, c in enumerate(cards):
            self.later(self.think_ms + 250 * i, lambda c=c: self.tableau.move(c, T.PAD, dpad))
        if self.awaiting.verb == "show_hand":  # an open hand goes back to be played
            self.later(self.think_ms + 250 * len(cards) + 400,
                       lambda: self._take_back(cards, dpad))

    def _lay_shown(self, app, verb, left):
        """Lay the cards a computer's table choice asked the board to scan (its poignée,
        FFT p.7: ``adapter.shown_cards``) one by one on its pad, each lifted back into
        the hand as a person shows them; once per scan, each only while the board still
        collects them (a long press leaves the scan)."""
        key = (id(app), len(app.referee.actions))
        if key == self._shown_key:
            return
        got = self.adapter.shown_cards(self, verb, left)
        if got is None:
            return  # a person's scan
        self._shown_key = key
        pad, cards = got

        def lay(c):
            if app.scan_wanted() is not None and self.tableau.where(c)[0] == T.HAND:
                self.tableau.move(c, T.PAD, pad)
                self.later(SHOW_MS // 2, lambda: self._take_back([c], pad))
        for i, c in enumerate(cards):
            self.later(self.think_ms + SHOW_MS * i, lambda c=c: lay(c))

    def _take_back(self, cards, pad):
        for c in cards:
            if self.tableau.where(c)[0] == T.PAD:
                self.tableau.move(c, T.HAND, pad)

    def _robot_turn(self, deal):
        try:
            seat = deal.current_seat()
        except Exception:  # a deal in a phase without a turn
            return
        pad = self.pad_of(seat)
        if pad < 0:
            return
        if not self.computer_acts(pad):
            return
        if self._hold_off():
            return
        key = (id(self._app), len(attr(deal, "history", ())), seat)
        if key != self._robot_key:
            self._robot_key = key
            self._robot_ready = self.now + self.think_ms
            self._robot_refusals = 0
        if self.now < self._robot_ready or self._robot_card is not None or \
                self._robot_refusals >= 3:
            return
        if not attr(deal, "trick", None):  # a lead: the firmware wants clear pads
            if self._clear_since is None or self.now - self._clear_since < 120:
                return
        card = self.computer_card(seat, pad)
        if card is None:
            return
        self._auto_once = False
        self._robot_card = card
        self.tableau.move(card, T.PAD, pad)

    def ok_held(self):
        """True while the OK button is down (key or mouse): the press may still become long
        (an undo of the human's own card), so the computers wait for its release."""
        return self.board.hw.buttons[OK].value() == 0 or self._hold_menu

    def _hold_off(self):
        """True while a computer must not play: OK held, or a card taken back still lies
        on a pad for the firmware (``device.app`` waits until it is lifted)."""
        if self.ok_held():
            self._robot_ready = max(self._robot_ready, self.now + self.think_ms // 2)
            return True
        if self.playback is not None and self.playback.holds(self):
            return True
        app = self.ctl.view().app
        return app is not None and getattr(app, "_lift", None) is not None

    def computer_card(self, seat, pad):
        """The card the computer plays for deal seat ``seat`` sitting at ``pad``: the
        record's while the table follows it, else a legal card of the shadow deal chosen
        by ``host_sim.ui.robot`` (None when the seat has nothing to play now)."""
        hand = self.tableau.hand(pad)
        if not hand:
            return None
        card = self.adapter.record_play(self, seat)
        if card is not None and card in hand:
            return card
        sh = self.shadow
        legal = []
        if sh is not None and getattr(sh, "hands", None) is not None:
            try:
                legal = [c for c in sh.legal_cards(seat) if c in hand]
            except TrickrefError:
                legal = []
            if legal:
                return self.computer.card(sh, seat, legal, note=lambda t: self.note(self.said(t)),
                                          label=self.seat_name)
        deal = self.fw_deal
        try:
            legal = [c for c in hand if deal.legal(seat, c)]
        except Exception:  # a deal not started yet
            legal = []
        if not legal:
            return None
        return robot.choose_card(sh if sh is not None else deal, seat, legal)

    # --- input ----------------------------------------------------------------------------

    def handle(self, e):
        """Apply one pygame event (window, keys, mouse)."""
        if e.type == pygame.QUIT:
            self.ask_quit()
        elif e.type == pygame.KEYDOWN:
            if self.playback is not None and self.playback.key(self, e.key):
                pass
            elif e.key in KEYS:
                self.button_down(KEYS[e.key])
            elif e.key == pygame.K_ESCAPE:
                self.ask_quit()
            elif e.key == pygame.K_a:
                self._auto_once = True
                self._stuck = False
            elif e.key == pygame.K_c:
                self.collect_now()
            elif e.key == pygame.K_p:
                self.practice = not self.practice
                self.note(_("practice mode on") if self.practice else
                          _("practice mode off: as at the table"))
            elif e.key == pygame.K_h:
                self.show_computer_hands = not self.show_computer_hands
            elif e.key == pygame.K_i:  # hint: the smart player's card for you, in one line
                seats = [self.seat_of(p) for p in self.humans]
                self.note(self.said(self.computer.hint_line(self.shadow, seats,
                                                            self.seat_name)))
            elif e.key == pygame.K_j:  # the journal as JSON lines (host_sim.ui.journal_export)
                self.note(journal_export.on_key(self))
            elif e.key == pygame.K_F2:  # a new file each time, its path said and printed
                said = _("screenshot: %s") % os.path.abspath(
                    self.save_screenshot(fresh_shot_path()))
                print(said)
                self.note(said)
        elif e.type == pygame.KEYUP:
            if e.key in KEYS:
                self.button_up(KEYS[e.key])
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self._mouse_down(e.pos)
        elif e.type == pygame.MOUSEMOTION:
            self._mouse_move(e.pos)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            self._mouse_up(e.pos)
        elif e.type == pygame.VIDEORESIZE:
            self._resized(e.size)

    def button_down(self, i):
        """Press button ``i`` (PREV, NEXT, OK) on the board's pins. OK in a choice menu is
        refused while a step only a person does is pending (``person_step``): the contract
        waits for the discard; held long it still reaches the board as a long press (the
        pick-up taken back, ``_watch_long_press``)."""
        step = self.adapter.person_step(self) if self.ctl.view().mode == MODE_CHOICE else None
        owner = self._computers_menu()
        if owner is not None:  # a person's keys would move the computer's cursor
            said = _("P%d's choice: the computer answers (hold OK: back)") % (owner + 1)
            self.signals.warn(said, self.now)
            self.note(said)  # the status line says it too (the buzzer's label is cut)
            self._refusal = (said, self.now)
            if i == OK:  # held long, it still takes the last choice back; meanwhile the
                self._withheld_from = self._withheld = self.now  # computers wait, so the
                self._hold_menu = True  # long press takes back the choice before this menu
            return
        if i == OK and step is not None:
            self.signals.warn(_("first: %s") % step.split(": ", 1)[-1], self.now)
            self.note(step)
            self._withheld_from = self._withheld = self.now  # held long, it still takes
            return  # back (_watch_long_press); its release is not the board's
        if i == OK and self.starts_over() and not self._confirmed(
                "abandon", _("press OK again to abandon deal %d of %s and start anew") % (
                    max(1, self._deals), self.title())):
            self.signals.warn(_("OK again abandons the game in play"), self.now)
            return
        self._button_down_at[i] = self.now
        if i == OK:
            self._long_from, self._long_seen = self.now, False
        self.board.hw.buttons[i].value(0)

    def _computers_menu(self):
        """The pad of the computer seat whose required menu is on the board while a person
        sits at the table (its bid, call, écart...), or None. The computer enters it with
        the board's buttons, so a person's press then would change the computer's answer
        (a NEXT during P4's bid moved its cursor from Pass to Prise)."""
        view = self.ctl.view()
        d = self.fw_deal
        if not self.humans or view.mode != MODE_CHOICE or d is None or \
                self.flow.prompt(d, view.match) is None:
            return None
        owner = self.adapter.choice_owner(self)
        if owner is None or owner < 0 or owner in self.humans:
            return None
        return owner

    def _watch_long_press(self):
        """A person's OK held ``LONG_MS`` (past the debounce) is a long press: the
        firmware takes back its last action; a Skat auction held by the simulator takes
        back its last bid (``host_sim.ui.auction.take_back``)."""
        w = self._withheld_from
        if w is not None and self.now - w >= LONG_MS + DEBOUNCE_MS:
            self._withheld_from = None  # OK withheld from the board (the discard first),
            if self._hold_menu:  # a computer's entry under way is for the menu taken back
                self._hold_menu = False
                self.operator.clear()
            self.operator.press(OK, OPERATOR_LONG_MS)  # held long: the board's undo
        at = self._long_from
        if at is not None and not self._long_seen and \
                self.now - at >= LONG_MS + DEBOUNCE_MS:
            self._long_seen = True
            auction.take_back(self)

    def button_up(self, i):
        """Release button ``i``; a click shorter than ``CLICK_MS`` (press and release in
        one frame) is held on the pins until ``CLICK_MS`` has passed, so the firmware's
        debounce (``device.buttons.DEBOUNCE_MS``) sees it: a click is a click."""
        if i == OK:
            self._long_from = None  # released: no long press (any was seen while held)
            self._withheld_from = None
            self._hold_menu = False
            if self._withheld is not None:  # the pins never had this press
                self._withheld = None
                return
        held = self.now - self._button_down_at.get(i, self.now - CLICK_MS)
        if held >= CLICK_MS:
            self.board.hw.buttons[i].value(1)
            return
        at = self._button_down_at.get(i)

        def release():
            if self._button_down_at.get(i) == at:  # not pressed again meanwhile
                self.board.hw.buttons[i].value(1)
        self.later(CLICK_MS - held, release)

    def ask_quit(self):
        """Esc or the window's close box: the first asks (on the status line and in the
        traffic panel), a second within ``CONFIRM_MS`` quits."""
        if self._confirmed("quit", _("press Esc again to quit (the deal in play is lost)")):
            self.running = False

    def _confirmed(self, what, question):
        """True when ``what`` was asked less than ``CONFIRM_MS`` ago (this is the second
        asking: go ahead); else ask ``question`` (status line, traffic panel) and False."""
        if self.asked(what):
            self._asked.pop(what)
            return True
        self._asked[what] = (self.now, question)
        self.note(question)
        return False

    def asked(self, what):
        """The question pending for ``what`` ("quit", "abandon") not yet confirmed, or
        None once ``CONFIRM_MS`` has passed."""
        got = self._asked.get(what)
        return got[1] if got is not None and self.now - got[0] <= CONFIRM_MS else None

    def quit_pending(self):
        """True while a quit was asked and not yet confirmed."""
        return self.asked("quit") is not None

    def starts_over(self):
        """True when OK now would start a new game over the one in play: the firmware's
        "Start" item (``Controller.start_game`` abandons the open match, keeping only its
        sheet) while a match is open."""
        ctl = self.ctl
        return ctl.mode == MODE_MAIN and ctl.match is not None and \
            any(row_shows(r, "Start") for r in self.board.lcd_lines())

    def _resized(self, size):
        w, h = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        if (w, h) != tuple(size):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface()

    def lay(self, card, pad):
        """A person lays ``card`` on ``pad``. In practice mode a card the rules refuse with
        the hands known (not this seat's turn is left to the firmware) goes back to where
        it came from, with its reason on the status line and a buzz; returns the reason,
        or None when the card went onto the pad."""
        why = self.practice_refusal(card, pad)
        if why is not None:
            self.signals.warn(_("refused: %s") % why, self.now)
            text = _("P%d %s refused: %s") % (pad + 1, self.card_name(card), why)
            self.note(text)
            self._refusal = (text, self.now)
            kind, place = self.tableau.where(card)
            if kind == T.LOOSE:  # dragged: back to its owner's hand
                self.tableau.move(card, T.HAND, pad)
            return why
        self.tableau.move(card, T.PAD, pad)
        return None

    def practice_refusal(self, card, pad):
        """Why the rules refuse ``card`` from the hand at ``pad`` now (practice mode, the
        shadow deal's ``legal_cards``), or None (legal, not this pad's turn, or no shadow:
        the firmware judges)."""
        sh = self.shadow
        if not self.practice or sh is None or getattr(sh, "hands", None) is None or \
                self.ctl.view().mode != MODE_TABLE or self.awaiting is not None or \
                pad != self.turn_pad() or self._collecting():
            return None
        if self._trick_on_pads():
            return _("wait, the last trick is being collected")
        seat = self.seat_of(pad)
        try:
            legal = sh.legal_cards(seat)
        except TrickrefError:
            return None
        if card in legal or card not in sh.hands[seat]:
            return None
        trial = copy.deepcopy(sh)
        try:
            trial.play(seat, card)
        except TrickrefError as e:
            return self.said(getattr(e, "detail", "") or str(e))
        # the rules core takes a revoke and proves it later (RevokeFound): name the rule
        names = " ".join(self.card_name(c) for c in legal)
        if attr(sh, "trick", None):
            return _("%s does not follow the lead: play %s") % (self.card_name(card), names)
        return _("%s is not allowed now: play %s") % (self.card_name(card), names)

    def _trick_on_pads(self):
        """True while a trick just taken still lies on the pads, waiting to be collected
        (``collect_ms``): the board takes no lead until it reads every pad clear, so a
        card laid now would be refused ("clear the pads")."""
        return bool(self._collects) and not attr(self.fw_deal, "trick", None)

    def _collecting(self):
        """True while the firmware collects scanned cards (an écart, the skat): a card laid
        then is not a card played."""
        app = self.ctl.view().app
        return app is not None and app.scan_wanted() is not None

    def legal_highlight(self):
        """Cards to outline in the hand whose turn it is (practice mode, a person's turn):
        the legal cards of the shadow deal; empty otherwise."""
        tp = self.turn_pad()
        sh = self.shadow
        if not self.practice or tp < 0 or tp not in self.humans or sh is None or \
                getattr(sh, "hands", None) is None or self._collecting() or \
                self._trick_on_pads():
            return ()
        try:
            return set(sh.legal_cards(self.seat_of(tp)))
        except TrickrefError:
            return ()

    def card_at(self, pos):
        """The topmost card drawn under ``pos`` that a person may pick up, or None."""
        for c in reversed(self.draw_order):
            r = self.card_rects.get(c)
            if r is None or not r.collidepoint(pos):
                continue
            kind, place = self.tableau.where(c)
            if kind == T.PILE:
                continue
            if kind == T.HAND and place not in self.humans:
                return None  # a computer's hand is not ours to touch
            return c
        return None

    def _mouse_down(self, pos):
        for r, i in self.answer_rects:  # the Skat auction's answers (host_sim.ui.auction)
            if r.collidepoint(pos):
                auction.answer(self, i)
                return
        for i, r in enumerate(self.layout.buttons):
            if r.collidepoint(pos):
                self._mouse_button = i
                self.button_down(i)
                return
        card = self.card_at(pos)
        if card is not None:
            r = self.card_rects[card]
            self._press = [card, pos, (pos[0] - r.centerx, pos[1] - r.centery), False,
                           self.tableau.where(card)]

    def _mouse_move(self, pos):
        p = self._press
        if p is None:
            return
        card, start, off, dragging, origin = p
        if not dragging:
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < DRAG_PX:
                return
            p[3] = True
            self.dragging = card
        # held in the hand above the table: out of any reader's field
        self.tableau.move(card, T.LOOSE, (pos[0] - off[0], pos[1] - off[1]))

    def _mouse_up(self, pos):
        if self._mouse_button is not None:
            self.button_up(self._mouse_button)
            self._mouse_button = None
            return
        p = self._press
        self._press = None
        if p is None:
            return
        card, start, off, dragging, origin = p
        self.dragging = None
        if not dragging:
            if origin[0] == T.HAND and origin[1] in self.humans and \
                    self.adapter.discarding(self, origin[1]):
                self.tableau.move(card, T.TALON)  # click while discarding: into the box
            elif origin[0] == T.HAND and origin[1] in self.humans:
                self.lay(card, origin[1])  # click: lay it on its pad
            return
        self.drop(card, pos, (pos[0] - off[0], pos[1] - off[1]))

    def drop(self, card, pos, centre=None):
        """Put ``card`` down at pointer ``pos``: on the pad, hand or talon under it, else
        loose on the felt at ``centre`` (default ``pos``)."""
        lay = self.layout
        for p, r in enumerate(lay.pads):
            if r.collidepoint(pos):
                self.lay(card, p)
                return
        if lay.talon.collidepoint(pos) and (self.adapter.talon_label or self.tableau.talon()):
            self.tableau.move(card, T.TALON)
            return
        for p in range(self.players):
            if lay.hand_rect(p).collidepoint(pos):
                self.tableau.move(card, T.HAND, p)
                return
        x, y = centre or pos
        t = lay.table
        x = max(t.x + 20, min(t.right - 20, x))
        y = max(t.y + 20, min(t.bottom - 20, y))
        self.tableau.move(card, T.LOOSE, (x, y))

    # --- queries for tests and tools ----------------------------------------------------------

    def card_rect(self, card):
        """The rect ``card`` was last drawn in (None if not visible)."""
        return self.card_rects.get(card)

    def grab_point(self, card):
        """A point on the visible part of ``card`` (where a click picks it up)."""
        return self.grab_points.get(card)

    def pad_centre(self, pad):
        """Centre of pad ``pad``'s reader (a drop point)."""
        return self.layout.pads[pad].center

    def talon_centre(self):
        """Centre of the talon (skat, chien, stock) area (a drop point)."""
        return self.layout.talon.center

    def mid_trick(self):
        """True while a trick is partly played (at least one trick done before)."""
        deal = self.fw_deal
        trick = attr(deal, "trick", None)
        return (deal is not None and trick is not None and
                0 < len(trick) < attr(deal, "players", self.players) and
                attr(deal, "tricks_done", 0) >= 1 and self.ctl.view().mode == MODE_TABLE)


def fresh_shot_path(folder=".", stamp=None):
    """A file in ``folder`` no screenshot has taken yet, for the F2 key:
    ``trickref-sim-<date>-<time>.png`` (``stamp``, default now: YYYYmmdd-HHMMSS), with "-2",
    "-3"... when that name is taken (a second run, or F2 twice within a second), so a
    picture never overwrites an earlier one. The file is created here, empty, so another
    simulator in the same folder cannot take the same name before it is written."""
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    n = 1
    while True:
        path = os.path.join(folder, "trickref-sim-%s%s.png" % (stamp, "-%d" % n if n > 1
                                                               else ""))
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
            return path
        except FileExistsError:
            n += 1


def numbered(path, n):
    """``path`` with frame number ``n``: ``%``-formatted if it holds a ``%``, else
    ``name-00042.png``."""
    if "%" in path:
        return path % n
    root, ext = os.path.splitext(path)
    return "%s-%05d%s" % (root, n, ext or ".png")

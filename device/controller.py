"""The table controller as players meet it: a small dispatcher between screen modes.

``Controller(hw)`` owns the LCD, the three buttons and the pads of a board bundle
(``boards.Hardware``). Each screen mode is an object in device/modes/ with ``enter()``,
``press(button)`` and ``tick(now_ms)`` (the last two return ``(events, next)``), its module
imported when the mode is entered::

    MAIN (modes/main.py) --New game--> setup menus --> TABLE (modes/table.py)
    MAIN --Resume--> TABLE (the journal replayed: device/resume.py)
    MAIN --Score sheet--> SHEET (modes/sheet.py)
    MAIN --Deck audit / Write tags--> AUDIT / WRITE (modes/scan.py)   MAIN --Pair--> PAIR
    TABLE --the flow asks a choice--> CHOICE (modes/menu.py) --entered--> TABLE
    TABLE --OK--> table menu (CHOICE, not required)       TABLE --long OK--> undo
    TABLE --deal over--> RESULT (modes/sheet.py) --OK--> TABLE (next deal) | SHEET (game over)
    RESULT --long OK--> TABLE (the last card taken back)

``next`` is None (stay), ``"main"``, ``"table"`` (what the deal needs next:
:meth:`Controller.enter_table`), a list of lines (shown as a list), the setup menus'
``("start", game, players, options)`` (``device.booking.start``) or a mode object. The
controller keeps the dispatch, :meth:`Controller.view` (device/view.py) and the public
methods the link, the host requests and the simulator call (``choose``, ``apply``,
``undo``, ``next_deal``, ``redraw``, ``start_game``, ``main_menu``); what runs between two
deals (a new game, the booking, the next deal, the game's end) is in device/booking.py,
loaded for the moment it runs; the journal writes and the tag registry are in
device/session.py, the boot rebuild in device/resume.py, each
deal's seat tables in device/seating.py. docs/architecture.md follows one card and one
host frame through these modules.

``tick(now_ms)`` is all a board's main loop calls. Every accepted action is written to the
journal (when one is given) before it is shown, so a power cut loses nothing: on boot the
journal is read back (a torn or corrupt tail dropped and reported), the game and its
finished deals are rebuilt by replaying their actions, and play resumes where it stopped.

Journal records (``core.journal``; docs/records.md "The board's journal"): ``game`` [name,
players, options], ``act`` [verb, args] (every accepted action), ``undo`` [n] (the deal's
action count before it), ``deal`` [the deal's lines, then the sheet lines] (a deal booked),
``game-over`` [sheet lines], ``sheet`` [the flow's booked rows]; after every booked deal
the journal is checkpointed to the game header and its ``sheet``, and when a game ends, or
a new one abandons it, it is compacted to its sheet. Every record is written before the
table changes (write-ahead: a failed write refuses the action, "flash full" / "write
error"), and the boot never raises whatever the flash holds (device/resume.py: what it
cannot replay is set aside in a side file).
"""

from core.compat import const, unload
from core.errors import NotSaved
from core.events import DealOver, Refused, Undone
from core.journal import UNDO
from device import flows, session
from device.buttons import BACK, OK, Buttons
from device.buzzer import Buzzer
from device.lcdtext import fit
from device.reasons import fault_lines, loop_fault
from device import looks
from device.last_trick import LastTrick
from device.screens import decided_by
from device.words import counted, say, tr

# The screen modes (Controller.mode; the link's "mode" state key sends the word of
# device.view.MODE_NAMES).
MODE_MAIN = const(1)
MODE_TABLE = const(2)
MODE_CHOICE = const(3)
MODE_RESULT = const(4)
MODE_SHEET = const(5)
MODE_AUDIT = const(6)
MODE_WRITE = const(7)
MODE_PAIR = const(8)


class Controller:
    """The product: from power-on to the final score with three buttons and the pads.

    ``hw``: a ``boards.Hardware``. ``journal``: a ``core.journal.Journal`` (read back at
    boot to resume), any object with ``append(kind, data)`` (a log: nothing to resume),
    or None. ``central``: the board has one central pad.
    """

    def __init__(self, hw, journal=None, central=False):
        self.hw = hw
        from device import language_menu  # the main menu's, dropped with it (free_deal)
        language_menu.load(getattr(hw, "storage", None))  # issue 20: the table's language
        looks.load(getattr(hw, "storage", None))  # issue 20: the decks' looks
        self.last_trick = LastTrick()  # issue 20: the last trick held before the result
        self._now = 0
        self.lcd = hw.lcd
        self.cols = hw.lcd.cols
        self.rows = hw.lcd.rows
        self.buttons = Buttons(hw.buttons) if hw.buttons else None
        self.buzzer = Buzzer(getattr(hw, "buzzer", None))
        self.journal = journal
        self.central = central
        self.link = None
        self.host_ask = None  # device.host_request.HostAsk: a host's request at the table
        if hw.link is not None:
            self._between("open_link", journal)
        self.flow = None
        self.match = None
        self.players = 0
        self.app = None
        self.mode = MODE_MAIN
        self.result = None
        self._mode = None  # the device.modes object on screen
        self._held = False  # a notice over it until the next press (:meth:`over`)
        self._list = None  # the last list shown (View.lines)
        self.last_sheet = None  # the final sheet of a finished game, read from the journal
        self.last_table = None  # its (columns, rows) for a host's sheet export (a link's)
        self.registry = None
        self.strict = False
        self.seating = None  # device.seating.Seating of the deal in play
        self._glyphs_of = None  # a deck audited or tagged: its suit glyphs are in CGRAM
        self.journal_report = None
        if journal is None or not hasattr(journal, "recover") or not self._resume():
            self.main_menu()

    def show(self, lines):
        """Put ``lines`` (any number, padded/cut: ``device.lcdtext.fit``) on the LCD."""
        self.lcd.show(fit(lines, self.cols, self.rows))

    # --- the loop: dispatch to the mode on screen ------------------------------------------

    def tick(self, now_ms):
        """One pass of the firmware loop: buttons, the link, then the mode on screen (the
        table reads the pads). Returns the game events produced (for the simulator and
        tests). Never raises."""
        events = []
        self._now = now_ms
        try:
            if self.buttons is not None:
                for b in self.buttons.poll(now_ms):
                    started = self.buttons.ok_down_at() if b in (OK, BACK) else None
                    events.extend(self.press(b, started))
            if self.link is not None:
                self._link_tick(now_ms)
            if self._mode is not None:  # the table's events: a result or a choice due
                got = self._step(self._mode.tick(now_ms))
                if got:  # a card shown: no notice over the table any more
                    self._held = False
                events.extend(self.after(got))
            ask = self.host_ask
            if ask is not None and ask.covered():  # a host's OK must never be the table's
                ask.cancel("cancelled: the table moved on")
        except Exception as e:  # the loop survives anything; the table sees why
            fault = loop_fault(e)
            try:  # over a menu until the next press, which only brings it back
                self.over(list(fault_lines(fault)))
            except Exception:  # not even the heap for the words: the event still goes up
                pass
            events.append(fault)
        try:
            self.buzzer.play(events, now_ms)
            self.buzzer.tick(now_ms)
        except Exception:  # a failing buzzer pin is no reason to stop refereeing
            self.buzzer.pin = None
        return events

    def press(self, button, started=None):
        """Apply one button press (``device.buttons`` PREV, NEXT, OK, BACK) to the mode on
        screen (or to a host's request waiting at the table); ``started``: the tick its
        press began (OK, BACK), when known. Returns the game events."""
        if self.host_ask is not None and self.host_ask.active():
            return self.host_ask.press(button, started)
        if self._mode is None:  # between two deals (a failed build shows why)
            return []
        if self._held:  # a notice over the mode (:meth:`over`): its screen back, no more
            self._held = False
            self._mode.enter()
            return []
        events = self._step(self._mode.press(button))
        if events and isinstance(events[-1], Refused) and self.app is not None:
            self._say_refused(events[-1])
        return events

    def _say_refused(self, ev):
        """A press the deal refused (a choice, an undo, a record the flash could not take):
        why (``ev``) stays on the LCD over the mode on screen (:meth:`over`)."""
        self.over(self.app.screens.refused(ev))

    def over(self, lines):
        """Show ``lines`` over the mode on screen (why a press was refused, a boot's
        notice, a fault) until the next press, which only brings the mode's screen back
        (:meth:`press`): a press meant for a screen the LCD does not show would choose,
        book or undo blind. On the table a card laid clears it too."""
        if self.app is not None:  # a deal in play: its App knows what the LCD shows
            self.app.show(fit(lines, self.cols, self.rows))
        else:
            self.show(lines)
        self._held = True

    def _step(self, got):
        """Where a mode's ``(events, next)`` leads (module docstring); returns the
        events."""
        events, nxt = got
        if nxt is None:
            return events
        if nxt == "main":
            self.main_menu()
        elif nxt == "table":
            self.enter_table()
        elif isinstance(nxt, list):
            self.show_list(nxt)
        elif isinstance(nxt, tuple):  # the setup menus' ("start", game, players, options)
            self._between("start", nxt)
        else:
            self._enter(nxt)
        return events

    def _enter(self, mode):
        """Put ``mode`` (a device.modes object) on screen: it shows its first screen."""
        self._held = False
        self._mode = mode
        self.mode = mode.code
        mode.enter()

    def redraw(self):
        """Show again what the current mode shows (after a host request was settled)."""
        redraw = getattr(self._mode, "redraw", None)
        if redraw is not None:
            redraw()

    # --- what the outside reads ----------------------------------------------------------

    def view(self):
        """What the table is doing, as a plain record (``device.view.View``: the mode
        code and word, the game, its flow and match, the deal in play and its seating, the
        last list shown, the last finished game's sheet, the last event). The link, the
        simulator and tests read this, never the controller's private fields."""
        from device.view import view_of
        return view_of(self)

    def accepts_host_requests(self):
        """False while the table is in a mode a host request must not interrupt (a deck
        audit, tag writing, pairing)."""
        return self.mode not in (MODE_AUDIT, MODE_WRITE, MODE_PAIR)

    def mode_name(self):
        """What the table is doing, in a word (for a refused host request)."""
        return {MODE_AUDIT: "deck audit", MODE_WRITE: "writing tags",
                MODE_PAIR: "pairing"}.get(self.mode, "mode %d" % self.mode)

    # --- the serial link -----------------------------------------------------------------

    def _link_state(self):
        """R_STATE (docs/protocol.md): the deal in play as the sheet numbers it (0 outside
        a game), the seat on turn as the events number it (the table's, -1: nobody), the
        mode's word (device.view.MODE_NAMES)."""
        v = self.view()
        seat = v.deal.current_seat() if v.deal is not None else -1
        return {"game": v.game, "players": v.players,
                "deal": v.match.number() if v.match is not None else 0,
                "seat": v.seating.table_seat(seat) if seat is not None and seat >= 0 else -1,
                "mode": v.name}

    def _link_sheet(self):
        """The sheet a host exports: the game's in play, else the last finished game's
        (what the LCD's last sheet shows), until the next game starts."""
        if self.match is None:
            return self.last_table or ([], [])
        return self.flow.sheet_table(self.match)

    def _journal_end(self):
        """Where a journal export stops (device.host_check.booked_end, loaded when a host
        exports)."""
        from device.host_check import booked_end
        return booked_end(self.journal.chunk)

    def _link_tick(self, now_ms):
        req = self.link.poll(now_ms)
        self.host_ask.tick()
        if req is not None:
            self.host_ask.show(req, now_ms)
        if self.link.paired is not None:  # a host proved the code: say so, code gone
            host, self.link.paired = self.link.paired, None
            self.show_list([say("paired:"), host, say("OK: back")])
        elif self.mode == MODE_PAIR and self.link.pairing.code is None:
            n = self.link.pairing.tries
            self.show_list([say("pairing failed:"),
                            counted(n, "%d wrong code", "%d wrong codes")])

    # --- modes entered from here -----------------------------------------------------------

    def main_menu(self):
        """Back to the main menu (device/modes/main.py)."""
        from device.modes.main import main_menu
        self._enter(main_menu(self))

    def show_list(self, lines):
        """A scrollable list of lines (sheet, audit report; device/modes/sheet.py):
        PREV/NEXT scroll, OK/BACK leave (back to the table when a deal is in progress,
        else the main menu)."""
        from device.modes.sheet import ListMode
        self._list = lines
        self._enter(ListMode(self, lines))

    def start_scan(self, purpose, deck_name):
        """Menu "Deck audit" (``purpose`` "audit") or "Write tags" ("write") of deck
        ``deck_name`` (device/modes/scan.py)."""
        from device.modes.scan import ScanDesk
        self._enter(ScanDesk(self.hw.readers, self.show, purpose, deck_name,
                             self.hw.storage, self._bound, self.lcd, self.central))
        self._glyphs_of = deck_name  # the deck whose suit glyphs are in CGRAM now

    def _bound(self, deck, reg):
        """A clean audit of ``deck`` saved its registry ``reg``: a game played with that
        deck refuses other tags from now on (strict), as it would after the next boot; it
        went on with the registry it had (a sticker replaced during the evening was
        refused until a power cycle)."""
        if self.flow is not None and self.flow.DECK.name == deck.name:
            self.registry, self.strict = reg, True
            if self.app is not None:
                self.app.registry, self.app.strict = reg, True

    def enter_table(self):
        """Show what the deal needs next: its result, a choice to enter (the flow's
        ``prompt``, required: MODE_CHOICE), or card play (MODE_TABLE). The game's suit
        glyphs go back into CGRAM when a deck audit or the tag writer put another deck's
        there."""
        if self._glyphs_of not in (None, self.flow.DECK.name):
            self.app.load_glyphs()
        self._glyphs_of = None
        deal = self.app.referee.deal
        if deal.is_over():
            self._deal_over(deal.result())
            return
        prompt = self.flow.prompt(deal, self.match)
        if prompt is not None:
            from device.menu import MenuStack
            from device.modes.menu import MenuMode
            self._enter(MenuMode(self, MenuStack(prompt), MODE_CHOICE, required=True))
        else:
            from device.modes.table import TableMode
            self._enter(TableMode(self))

    def _deal_over(self, result, events=None):
        """Show the deal's ``result``; ``events``: those of the pads that ended it, whose
        last trick or proven violation is held first (device/last_trick.py)."""
        from device.modes.sheet import ResultMode
        self.result = result
        self._list = self.flow.result_lines(result, self.match) + \
            decided_by(self.app.referee.deal, result, self.seating.label) + \
            [say("OK: next deal")]
        self.last_trick.end()
        if events:
            self.last_trick.start(self.app, self._now, events)
        self._enter(ResultMode(self, self._list))

    # --- a game ----------------------------------------------------------------------------

    def choose(self, verb, args):
        """A choice entered as the menus enter it (``verb(*args)`` on the deal in play),
        then what the table does after it (the result, the next prompt). Returns the
        events."""
        return self.after(self.app.choose(verb, *args))

    def start_game(self, name, players, options=None):
        """Start a new game of ``name`` for ``players`` with ``options`` (dict;
        ``device.booking.start_game``: write-ahead, the game's record on flash before the
        table changes). Raises ValueError (an unknown game, option name or option value) or
        TrickrefError (NotSaved: the journal could not take it), the game in play
        unchanged."""
        self._between("start_game", name, players, options)

    def _between(self, name, *args):
        """``device.booking.<name>(self, *args)``: the between-deals code, loaded for the
        call and dropped after it (issue 19: a deal in play never holds it)."""
        from device import booking
        try:
            return getattr(booking, name)(self, *args)
        finally:
            unload("device.booking")

    def _result_lines(self, result):
        """The LCD's lines for a deal's ``result`` (the flow's ``result_lines``)."""
        return self.flow.result_lines(result, self.match)

    def apply(self, actions):
        """The ``actions`` (``[(verb, args), ...]``) of a menu item, applied as when the
        item is chosen (device/flows ``prompt``; a SCAN action asks for cards on the
        pads). Returns the events."""
        events = []
        for verb, args in actions:
            if verb == flows.SCAN:  # the cards come from the pads; back to the table
                from device.modes.table import TableMode
                self.app.expect_scan(*args, asked=True)
                self._mode = TableMode(self)
                self.mode = MODE_TABLE
                return events
            ev = self.app.choose(verb, *args)
            if ev and isinstance(ev[0], Refused):
                # the refusal stays on the LCD (``press``: until the next press); the menu
                # stays as it was, unless an item of several actions was partly applied
                if events:
                    self.enter_table()
                return events + ev
            events.extend(ev)
        for ev in events:
            if isinstance(ev, DealOver):
                self._deal_over(ev.result)
                return events
        self.enter_table()
        return events

    def after(self, events):
        """After the table's events: notice the end of the deal, and ask the flow whether a
        choice is due now. Returns ``events``."""
        if not events:
            return events
        accepted = False
        for ev in events:
            if isinstance(ev, DealOver):
                self._deal_over(ev.result, events)
                return events
            elif not isinstance(ev, Refused):
                accepted = True
        if accepted and self.flow.prompt(self.app.referee.deal, self.match) is not None:
            self.enter_table()
        return events

    def undo(self):
        """Take back the last entry: the last action, or the actions of one menu answer
        (the flow's ``undo_span``: Skat's "All passed"), each with its undo record written
        first (write-ahead); a failed write refuses the undo and the table stays as it
        is (as the records before it left it)."""
        acts = self.app.referee.actions
        if not acts:
            return self.app.undo()  # refused: nothing to undo
        span = getattr(self.flow, "undo_span", None)
        events = []
        for _ in range(1 if span is None else span(acts)):
            try:  # the undo names the actions it takes back from: a duplicate is noticed
                session.save(self.journal, UNDO, [len(acts)])
            except NotSaved as e:
                events += self.app._handle([Refused(-1, -1, e.reason, e.detail)])
                break
            events += self.app.undo()
            acts = self.app.referee.actions
        if events and not isinstance(events[0], Refused):
            self.result = None
            self.enter_table()
            self._say_taken_back(events)
        return events

    def _say_taken_back(self, events):
        """A choice taken back during play (a misère, a Kontra: no card to lift, no menu
        to show) changes nothing on the table's screen: its first row says so."""
        if self.mode != MODE_TABLE:
            return
        for ev in events:
            if isinstance(ev, Undone) and ev.card >= 0:
                return
        self.app.headline(tr("choice undone"))

    def next_deal(self):
        """Book the finished deal on the LCD (as OK on the result): the DEAL_OVER record
        first, then the next deal, or the game's end (``device.booking.next_deal``). The
        deal is freed before the booking's code is loaded: its record is made of it first,
        and a booking that fails is rebuilt from the journal."""
        lines = self.flow.record(self.match, self.result)
        sheet = self.flow.sheet_lines(self.match)
        self.app = self._mode = None  # garbage for the booking (booking.free_deal)
        self._between("next_deal", lines, sheet)

    # --- resume after a power cut --------------------------------------------------------

    def _resume(self):
        """Boot: rebuild the game from the journal (``device.resume.boot``, dropped from
        the heap after). Returns True when something is on the LCD, False for the main
        menu."""
        from device.resume import boot
        try:
            return boot(self)
        finally:  # loaded again at the first checkpoint, not held through the first deal
            unload("device.resume")
            unload("core.journal_replay")
            unload("device.booking")


def __getattr__(name):
    # Audit (the deck audit's bookkeeping) lives in device.audit, loaded when a deck audit
    # or tag writing is chosen; it stays reachable here.
    if name == "Audit":
        from device.audit import Audit
        return Audit
    raise AttributeError("module 'device.controller' has no attribute %r" % (name,))

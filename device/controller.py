"""The table controller as players meet it: menus, the game's flow, results, the sheet.

``Controller(hw)`` owns the LCD, the three buttons and the pads of a board bundle
(``boards.Hardware``) and runs a small state machine, one function per mode::

    MAIN --New game--> (game, players, options menus) --> TABLE
    MAIN --Resume--> TABLE (the journal replayed)       MAIN --Score sheet--> SHEET
    MAIN --Deck audit--> AUDIT                          MAIN --Write tags--> WRITE
    TABLE --the flow asks a choice--> CHOICE --entered--> TABLE
    TABLE --OK--> table menu (undo, claims, sheet)       TABLE --long OK--> undo
    TABLE --deal over--> RESULT --OK--> TABLE (next deal) | SHEET (game over)
    RESULT --long OK--> TABLE (the last card taken back)

The deck audit, tag writing and pairing are mode objects (device/modes/, imported when
entered); the journal writes, the boot rebuild and the tag registry on flash are in
device/session.py; each deal's seat tables in device/seating.py. The outside reads
:meth:`Controller.view` (device/view.py), never the private fields; docs/architecture.md
follows one card and one host frame through these modules.

``tick(now_ms)`` is all a board's main loop calls. Every accepted action is written to the
journal (when one is given) before it is shown, so a power cut loses nothing: on boot the
journal is read back (a torn or corrupt tail dropped and reported), the game and its
finished deals are rebuilt by replaying their actions, and play resumes where it stopped.

Journal records (``core.journal``; docs/records.md "The board's journal"): ``game`` [name,
players, options], ``act`` [verb, args] (every accepted action), ``undo`` [n] (the deal's
action count before it), ``deal`` [the deal's lines, then the sheet lines] (a deal booked),
``game-over`` [sheet lines], ``sheet`` [the flow's booked rows]; after every booked deal
the journal is checkpointed to the game header and its ``sheet``, and when a game ends, or
a new one abandons it, it is compacted to its sheet. Every record is written before the table changes (write-ahead: a
failed write refuses the action, "flash full" / "write error"), and the boot never raises
whatever the flash holds (``_resume``: what it cannot replay is set aside in a side file).
"""

import gc

from core.compat import const
from core.errors import BadRecord, NotSaved
from core.events import FLASH_FULL, WRITE_ERROR, Awaiting, DealOver, Refused
from core.referee import Referee
from core.journal import DEAL_OVER, GAME, GAME_OVER, UNDO
from device import flows, session
from device.buttons import BACK, NEXT, OK, PREV, Buttons
from device.buzzer import Buzzer
from device.lcdtext import fit
from device.menu import Item, Items, Menu, MenuStack
from device import language_menu

# The screen modes (Controller.mode, the link's "mode" state key, device.view.MODE_NAMES).
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
        language_menu.load(getattr(hw, "storage", None))  # issue 20: the table's language
        self.lcd = hw.lcd
        self.cols = hw.lcd.cols
        self.rows = hw.lcd.rows
        self.buttons = Buttons(hw.buttons) if hw.buttons else None
        self.buzzer = Buzzer(getattr(hw, "buzzer", None))
        self.journal = journal
        self.central = central
        self.link = None
        self._ask = None  # device.host_request.HostAsk: a host's request at the table
        self._now = 0
        if hw.link is not None:
            self._open_link(journal)
        self.flow = None
        self.match = None
        self.app = None
        self.menu = None
        self.mode = MODE_MAIN
        self.result = None
        self.sheet_top = 0
        self._mode = None  # the device.modes object of a mode that owns buttons and pads
        self._required = False
        self.last_sheet = None  # the final sheet of a finished game, read from the journal
        self.registry = None
        self.strict = False
        self.seating = None  # device.seating.Seating of the deal in play
        self._list = None
        self.journal_report = None
        if journal is None or not hasattr(journal, "recover") or not self._resume():
            self.main_menu()

    # --- screens -------------------------------------------------------------------------

    def show(self, lines):
        """Put ``lines`` (any number, padded/cut: ``device.lcdtext.fit``) on the LCD."""
        self.lcd.show(fit(lines, self.cols, self.rows))

    def _show_menu(self):
        self.lcd.show(self.menu.lines(self.cols, self.rows))

    # --- the loop ------------------------------------------------------------------------

    def tick(self, now_ms):
        """One pass of the firmware loop: buttons, then the pads of the current mode.
        Returns the game events produced (for the simulator and tests). Never raises."""
        events = []
        self._now = now_ms
        try:
            if self.buttons is not None:
                for b in self.buttons.poll(now_ms):
                    started = self.buttons.ok_down_at() if b in (OK, BACK) else None
                    events.extend(self.press(b, started))
            if self.link is not None:
                self._link_tick(now_ms)
            if self.mode == MODE_TABLE:
                scanned = self._scanned()
                played = self.app.tick(now_ms)
                if self._ask is not None and self._ask.active() and \
                        (played or self._scanned() != scanned):  # the table played on
                    self._ask.cancel("cancelled: the table played on")
                events.extend(self._after(played))
            elif self.mode in (MODE_AUDIT, MODE_WRITE):
                self._go(self._mode.tick(now_ms))
        except Exception as e:  # the loop survives anything; the table sees why
            self.show(["internal error", str(e)])
            events.append(Refused(-1, -1, "internal", str(e)))
        try:
            self.buzzer.play(events, now_ms)
            self.buzzer.tick(now_ms)
        except Exception:  # a failing buzzer pin is no reason to stop refereeing
            self.buzzer.pin = None
        return events

    def press(self, button, started=None):
        """Apply one button press (``device.buttons`` PREV, NEXT, OK, BACK); ``started``:
        the tick its press began (OK, BACK), when known."""
        if self._ask is not None and self._ask.active():
            return self._ask.press(button, started)
        if self.mode in (MODE_PAIR, MODE_AUDIT, MODE_WRITE):
            self._go(self._mode.press(button))
            return []
        if self.mode in (MODE_MAIN, MODE_CHOICE):
            return self._menu_press(button)
        if self.mode == MODE_TABLE:
            if button == BACK:
                return self.undo()
            if button == OK:
                self._table_menu()
            return []
        if self.mode == MODE_RESULT:
            if button == OK:
                self.next_deal()
            elif button == BACK:  # the last card was wrong: take it back, the deal reopens
                return self.undo()
            else:
                self._scroll(button)
            return []
        if self.mode == MODE_SHEET:
            return self._sheet_press(button)
        return []

    def _enter(self, mode, code):
        """Enter ``mode`` (a device.modes object; ``code`` its MODE_*): it shows its first
        screen."""
        self._mode = mode
        self.mode = code
        mode.enter()

    def _go(self, nxt):
        """Where a mode object's press or tick leads: None stays, "main" is the main menu,
        a list of lines is shown as a list."""
        if nxt is None:
            return
        self._mode = None
        if nxt == "main":
            self.main_menu()
        else:
            self._show_list(nxt)

    # --- what the outside reads ----------------------------------------------------------

    def view(self):
        """What the table is doing, as a plain record (``device.view.View``: the mode
        code and word, the game, its flow and match, the deal in play and its seating, the
        last list shown, the last finished game's sheet, the last event). The link, the
        simulator and tests read this, never the controller's private fields."""
        from device.view import view_of
        return view_of(self)

    def choose(self, verb, args):
        """A choice entered as the menus enter it (``verb(*args)`` on the deal in play),
        then what the table does after it (the result, the next prompt). Returns the
        events."""
        return self._after(self.app.choose(verb, *args))

    # --- the serial link -----------------------------------------------------------------

    def _link_state(self):
        v = self.view()
        match = v.match
        return {"game": v.game, "players": v.players,
                "deal": match.number() if hasattr(match, "number") else 0,
                "seat": v.deal.current_seat() if v.deal is not None else -1,
                "mode": v.mode}

    def _link_sheet(self):
        if self.match is None:
            return [], []
        return self.flow.sheet_table(self.match)

    def _open_link(self, journal):
        """The serial link to a host (device/link.py), its paired hosts on flash
        (device/pairing.py) and the table's side of its requests (device/host_request.py)."""
        from device.host_request import HostAsk, booked_end
        from device.link import Link
        from device.pairing import Pairing
        self._ask = HostAsk(self)
        chunk = getattr(journal, "chunk", None)
        store = None if not self.hw.storage else self.hw.storage + "/hosts.bin"
        self.link = Link(self.hw.link, state=self._link_state, sheet=self._link_sheet,
                         journal=chunk, pairing=Pairing(store), check=self._ask.check,
                         journal_end=None if chunk is None else lambda: booked_end(chunk))

    def _link_tick(self, now_ms):
        req = self.link.poll(now_ms)
        self._ask.tick()
        if req is not None:
            self._ask.show(req, now_ms)
        if self.link.paired is not None:  # a host proved the code: say so, code gone
            host, self.link.paired = self.link.paired, None
            self._show_list(["paired:", host, "OK: back"])
        elif self.mode == MODE_PAIR and self.link.pairing.code is None:
            self._show_list(["pairing failed:", "%d wrong codes" % self.link.pairing.tries])

    def _scanned(self):
        """Cards scanned so far for an écart / skat / poignée (-1: no scan asked): a card
        laid for a scan produces no event until the last one."""
        collect = getattr(self.app, "_collect", None)
        return -1 if collect is None else len(collect[2])

    def accepts_host_requests(self):
        """False while the table is in a mode a host request must not interrupt (a deck
        audit, tag writing, pairing)."""
        return self.mode not in (MODE_AUDIT, MODE_WRITE, MODE_PAIR)

    def mode_name(self):
        """What the table is doing, in a word (for a refused host request)."""
        return {MODE_AUDIT: "deck audit", MODE_WRITE: "writing tags",
                MODE_PAIR: "pairing"}.get(self.mode, "mode %d" % self.mode)

    def _pair_start(self):
        """Menu "Pair host": show a fresh code until a host proves it or a button ends it."""
        from device.modes.pair import PairMode
        self._enter(PairMode(self.link, self.show), MODE_PAIR)

    def _forget_hosts(self):
        """Menu "Forget hosts": no host is trusted any more, the logged-in one neither."""
        n = len(self.link.pairing.hosts)
        self.link.pairing.forget()
        self.link.host = None
        self._show_list(["hosts forgotten:", "%d keys" % n, "OK: back"])

    def redraw(self):
        """Show again what the current mode shows (after a host request was settled)."""
        if self.mode in (MODE_MAIN, MODE_CHOICE):
            self._show_menu()
        elif self.mode == MODE_TABLE and self.app is not None:
            self._enter_table()
        elif self.mode in (MODE_RESULT, MODE_SHEET):
            self._render_list()

    # --- menus ---------------------------------------------------------------------------

    def main_menu(self):
        """Back to the main menu."""
        items = [Item("New game", submenu=self._games_menu)]
        if self.match is not None:
            items.append(Item("Continue game", value="continue"))
            items.append(Item("Score sheet", value="sheet"))
        elif self.last_sheet:
            items.append(Item("Last game sheet", value="last"))
        items.append(Item("Deck audit", submenu=self._deck_menu("audit")))
        if self.link is not None:
            items.append(Item("Pair host", value=self._pair_start))
            items.append(Item("Forget hosts", value=self._forget_hosts))
        items.append(Item("Write tags", submenu=self._deck_menu("write")))
        items.append(Item("Language", submenu=lambda: language_menu.menu(
            self.hw.storage, self.main_menu)))  # issue 20: kept on flash
        self.menu = MenuStack(Menu("trickref", items))
        self.mode = MODE_MAIN
        self._show_menu()

    def _games_menu(self):
        return Menu("Game", [Item(title, submenu=self._players_menu(name))
                             for name, title, _ in flows.GAMES])

    def _players_menu(self, name):
        def build():
            flow = flows.load(name)
            n_pads = len(self.hw.readers)
            counts = [n for n in flow.PLAYERS
                      if flows.seats_ok(flow, n, n_pads, self.central)]
            if not counts:
                return Menu("Needs more pads", [Item("Back", value="main")])
            return Menu("Players", [Item(str(n), submenu=self._options_menu(name, n, ()))
                                    for n in counts])
        return build

    def _options_menu(self, name, players, chosen):
        def build():
            flow = flows.load(name)
            options = _options_for(flow, players, chosen)
            if len(chosen) == len(options):
                return Menu(flow.TITLE,  # "Start French Tarot?" is 19 columns
                            [Item("Start", value=("start", name, players, chosen))])
            key, label, choices = options[len(chosen)]

            def item(i):  # made as shown: every answered level stays on the menu stack
                c_label, value = choices[i]
                return Item(c_label, submenu=self._options_menu(
                    name, players, chosen + ((key, value),)))
            return Menu(label, Items(len(choices), item))
        return build

    def _deck_menu(self, purpose):
        return lambda: Menu("Deck", [
            Item(title, value=(purpose, deck)) for title, deck in (
                ("Skat 32", "skat"), ("French 36", "french36"), ("Tarot 78", "tarot"))])

    def _menu_press(self, button):
        got = self.menu.press(button)
        if got == BACK:
            if self.mode == MODE_CHOICE and self._required:  # cannot be skipped: the last
                from device.choice_back import back  # bid or choice is taken back instead
                return back(self)
            elif self.mode == MODE_CHOICE:
                self._enter_table()  # leaving the table menu
            else:
                self.main_menu()
            return []
        if got is None:
            self._show_menu()
            return []
        if got.actions is not None:
            return self.apply(got.actions)
        v = got.value
        if v == "continue" and self.app is not None:
            self._enter_table()
        elif v == "sheet":
            self._show_sheet()
        elif v == "last":
            self._show_list(self.last_sheet)
        elif v == "main":
            self.main_menu()
        elif isinstance(v, tuple) and v[0] == "start":
            try:
                self.start_game(v[1], v[2], dict(v[3]))
            except NotSaved:
                pass  # the LCD says why; the menu stays where it was
        elif isinstance(v, tuple) and v[0] in ("audit", "write"):
            self._start_scan(v[0], v[1])
        elif callable(v):
            return v() or []
        return []

    # --- a game ----------------------------------------------------------------------------

    def start_game(self, name, players, options=None):
        """Start a new game of ``name`` for ``players`` with ``options`` (dict). Write-ahead:
        the game's record is on flash before the table changes. Raises ValueError (an unknown
        game, option name or option value) or TrickrefError (NotSaved: the journal could not
        take it) with the game in play unchanged."""
        flow = flows.load(name)
        flows.check_options(flow, players, options)
        match = flow.new_match(players, options or {})
        try:
            self._save(GAME, [name, players, sorted((options or {}).items())])
        except NotSaved as e:
            self.show(["game not started", session.words(e)])
            raise
        if self.match is not None:  # the game left open is abandoned: keep its sheet only
            self._compact()
        self.flow, self.match, self.players = flow, match, players
        self._load_registry(resume=False)
        if self.link is not None:
            self.link.deck = self.flow.DECK
            self.link.hello(name)
        self._new_deal()

    def _new_deal(self, replay=None):
        """Start the next deal of the match; ``replay``: actions to rebuild it (resume)."""
        from device.app import App
        from device.seating import for_deal
        flow = self.flow
        match = self.match
        # The finished deal (its App, referee and deal) is freed before the next is built,
        # so the two never share the heap.
        self.app = None
        gc.collect()
        referee = Referee(flow.deal_factory(match))
        events = referee.replay(replay) if replay else []
        referee.on_accept = session.act_writer(self.journal)
        # who sits where, asked of the flow once: the table loop, screens and link read it
        self.seating = for_deal(flow, match, referee.deal, len(self.hw.readers))
        self.app = App(self.hw.readers, self.lcd, referee, flow.DECK, central=self.central,
                       registry=self.registry, strict=self.strict, seating=self.seating,
                       result_lines=lambda r: flow.result_lines(r, match), link=self.link)
        for ev in events:  # resumed while the deal waited for cards to be scanned
            if isinstance(ev, Awaiting):
                self.app.expect_scan(ev.count, ev.verb)
        self._enter_table()

    def _enter_table(self):
        """Show what the deal needs next: its result, a choice to enter, or card play."""
        deal = self.app.referee.deal
        if deal.is_over():
            self._deal_over(deal.result())
            return
        prompt = self.flow.prompt(deal, self.match)
        if prompt is not None:
            self.menu = MenuStack(prompt)
            self.mode = MODE_CHOICE
            self._required = True
            self._show_menu()
        else:
            self.mode = MODE_TABLE
            ask = self.app.scan_lines()  # cards the deal waits for: keep asking
            self.app.show(ask if ask is not None else self.app.screens.fit(self._intro()))

    def _intro(self):
        """What the table sees when play starts or resumes: the flow's deal intro (if it
        has one) and who plays now."""
        seat = self.app.referee.current_seat()
        who = "play: " + self.seating.label(seat) if seat >= 0 else ""
        intro = getattr(self.flow, "deal_intro", None)
        if intro is not None and not self.app.referee.deal.history:
            return intro(self.match)[:max(1, self.rows - 1)] + [who]
        return [self.flow.TITLE, who]

    def apply(self, actions):
        """The ``actions`` (``[(verb, args), ...]``) of a menu item, applied as when the
        item is chosen (device/flows ``prompt``; a SCAN action asks for cards on the
        pads). Returns the events."""
        events = []
        for verb, args in actions:
            if verb == flows.SCAN:  # the cards come from the pads; back to the table
                self.app.expect_scan(*args)
                self.mode = MODE_TABLE
                return events
            ev = self.app.choose(verb, *args)
            events.extend(ev)
            if ev and isinstance(ev[0], Refused):
                break
        for ev in events:
            if isinstance(ev, DealOver):
                self._deal_over(ev.result)
                return events
        if events and isinstance(events[-1], Refused) and \
                events[-1].reason in (FLASH_FULL, WRITE_ERROR):
            return events  # the refusal stays on the LCD; the next press shows the menu
        self._enter_table()
        return events

    def _after(self, events):
        """After the table's events: notice the end of the deal, and ask the flow whether a
        choice is due now."""
        accepted = False
        for ev in events:
            if isinstance(ev, DealOver):
                self._deal_over(ev.result)
                return events
            elif not isinstance(ev, Refused):
                accepted = True
        if accepted and self.flow.prompt(self.app.referee.deal, self.match) is not None:
            self._enter_table()
        return events

    def undo(self):
        """Take back the last action: the undo record is written first (write-ahead); a
        failed write refuses the undo and the table stays as it is."""
        if not self.app.referee.actions:
            return self.app.undo()  # refused: nothing to undo
        try:  # the undo names the actions it takes back from: a duplicate is noticed
            self._save(UNDO, [len(self.app.referee.actions)])
        except NotSaved as e:
            return self.app._handle([Refused(-1, -1, e.reason, e.detail)])
        events = self.app.undo()
        self.result = None
        self._enter_table()
        return events

    def _table_menu(self):
        deal = self.app.referee.deal
        items = [Item("Back to play", value="continue"), Item("Undo last", value=self.undo)]
        items.extend(self.flow.table_items(deal, self.match))
        items.append(Item("Score sheet", value="sheet"))
        items.append(Item("Main menu", value="main"))
        self.menu = MenuStack(Menu("Table", items))
        self.mode = MODE_CHOICE
        self._required = False
        self._show_menu()

    def _deal_over(self, result):
        self.result = result
        self._list = self.flow.result_lines(result, self.match) + ["OK: next deal"]
        self.sheet_top = 0
        self.mode = MODE_RESULT
        self._render_list()

    def next_deal(self):
        """Book the finished deal on the LCD (as OK on the result): the DEAL_OVER record
        first, then the next deal, or the game's end."""
        lines = self.flow.record(self.match, self.result)
        sheet = self.flow.sheet_lines(self.match)
        if not self._book(DEAL_OVER, lines + sheet):
            return
        if not self.flow.is_match_over(self.match):
            self._checkpoint()
        if self.link is not None:
            columns, rows = self.flow.sheet_table(self.match)
            self.link.deal_over(len(rows), " / ".join(lines[:2]))
            if rows:
                self.link.row(columns, rows[-1])
        self.result = None
        if self.flow.is_match_over(self.match):
            self._game_over(lines + sheet, sheet)
        else:
            self._new_deal()

    def _game_over(self, last_sheet, sheet):
        """Close the game: the game-over record, the journal compacted to the sheet, the
        final sheet on the LCD. If the record cannot be written the sheet is still shown;
        the next boot closes the game again (``_resume``)."""
        self.last_sheet = last_sheet
        saved = self._book(GAME_OVER, last_sheet, reload=False)
        if self.link is not None:
            self.link.game_over(" / ".join(sheet[:3]))
        if saved:
            self._compact()
        self._show_list(self.last_sheet if saved else
                        ["sheet NOT saved:", "power on again"] + self.last_sheet)
        self.app = None
        self.match = None

    def _compact(self):
        """Compact the journal (core.journal_replay.squeeze: finished and abandoned games
        keep their sheets; atomic: temporary file, then rename). A failure is shown and
        changes nothing."""
        if hasattr(self.journal, "compact"):
            try:
                self.journal.compact()
            except (OSError, BadRecord) as e:
                self.show(["journal compact", "failed: %s" % e])

    def _checkpoint(self):
        """After a booked deal: compact the journal to the game header and its score sheet
        (core.journal_replay.checkpoint; the flow's ``booked_rows``), atomically as
        :meth:`_compact`, so a game that never ends (Skat, Tarot) keeps a bounded journal
        (docs/records.md). A failure is shown and changes nothing: the journal still holds
        the deal's records and replays them."""
        if not hasattr(self.journal, "compact"):
            return
        try:
            from core.journal_replay import checkpoint
            rows = self.flow.booked_rows(self.match)
            if rows is None:  # a game whose sheet the flow cannot rebuild from rows
                return
            self.journal.compact(checkpoint(self.journal.read()[0], rows))
        except (OSError, BadRecord) as e:
            self.show(["journal checkpoint", "failed: %s" % e])

    # --- write-ahead: nothing changes the table before its record is on flash -------------

    def _save(self, kind, data):
        """Append one journal record (``device.session.save``); raises NotSaved when it
        is not on flash. No journal: nothing to do."""
        session.save(self.journal, kind, data)

    def _book(self, kind, data, reload=True):
        """Write a booking record after the match already took it in RAM; on failure the
        game is rebuilt from the journal (``reload``: the deal's result is shown again, OK
        retries) and the LCD says why. Returns True when the record is on flash."""
        try:
            self._save(kind, data)
            return True
        except NotSaved as e:
            if reload:
                self._reload()
            self.show([session.words(e) + "!", "OK: book again"])
            return False

    def _reload(self):
        """RAM set back to what the journal holds (after a booking that did not reach
        flash): the game is rebuilt as at boot."""
        self.app = self.match = self.flow = self.result = None
        self.journal.close()
        if not self._resume():
            self.main_menu()

    # --- resume after a power cut --------------------------------------------------------

    def _resume(self):
        """Boot: rebuild the game from the journal. Returns True when something is on the
        LCD (the table resumed, a closed game's sheet, or what was set aside), False for
        the main menu (empty journal, or a finished game: its sheet stays in the menu).

        Never raises, whatever the flash holds: a journal the boot cannot replay (bad
        magic, a good-CRC record that does not decode or that the rules refuse, an unknown
        game, a newer firmware's record) is moved whole to a side file and the journal
        starts again from the records it could prove (the game header and every booked
        deal before the bad record; else nothing), replayed once more. The LCD then lists
        what was kept and set aside until OK is pressed.
        """
        notice = None
        for proven in (True, False):
            rb = session.Rebuild(self.journal)
            try:
                resumed = self._resume_from(rb)
            except Exception as e:  # any flash content: a menu, never a blank LCD
                self.app = self.match = self.flow = self.result = None
                notice = self._set_aside(rb.proven if proven else 0, rb, e)
                continue
            if notice is None:
                return resumed
            break
        self.journal_report = " / ".join(notice)
        self._show_list(notice + ["OK: go on"])
        return True

    def _resume_from(self, rb):
        _, report = self.journal.recover(sink=rb.add)
        self.journal_report = report
        if rb.game_over or rb.flow is None:
            self.last_sheet = rb.sheet
            return False
        if not flows.seats_ok(rb.flow, rb.players, len(self.hw.readers), self.central):
            why = "%s for %d: %d pads" % (rb.flow.NAME, rb.players, len(self.hw.readers))
            self.show(["journal refused", why])
            self.journal_report = "journal refused: " + why
            return False
        self.flow, self.match, self.players = rb.flow, rb.match, rb.players
        if self.link is not None:
            self.link.deck = self.flow.DECK
        if self.flow.is_match_over(self.match):
            # cut between the last deal's record and the game-over record: close it now
            if rb.acts:
                raise BadRecord("journal: actions after the game's last deal")
            sheet = self.flow.sheet_lines(self.match)
            self._game_over(rb.sheet or sheet, sheet)
            return True
        self._load_registry(resume=True)
        self._new_deal(replay=rb.acts)
        if report.dropped:
            self.show(["resumed; dropped", "%d bytes: %s" % (report.dropped, report.reason)])
        elif report.duplicates:
            self.show(["resumed; skipped", "%d duplicated records" % report.duplicates])
        return True

    def _set_aside(self, keep, rb, err):
        """Move the journal to a side file, keeping its first ``keep`` bytes (the proven
        records) as the journal; returns the lines that tell the table. Never raises: when
        the flash cannot hold the copy the whole file is renamed aside (nothing kept)."""
        why = str(err) or type(err).__name__
        try:
            side = self.journal.set_aside(keep)
        except Exception:
            keep = 0
            try:
                side = self.journal.set_aside(0)
            except Exception as e2:
                side = None
                why = "%s; and %s" % (why, e2)
        name = side.rsplit("/", 1)[-1] if side else "nothing moved"
        kept = "kept %d deals" % rb.proven_deals if keep else "kept nothing"
        return ["journal set aside", why, kept, "side file:", name]

    # --- the score sheet -------------------------------------------------------------------

    def _show_sheet(self, head=None):
        """Scroll through ``head`` then the score sheet of the game in play."""
        self._show_list((head or []) + self.flow.sheet_lines(self.match))

    def _show_list(self, lines):
        """A scrollable list of lines (sheet, audit report): PREV/NEXT scroll, OK/BACK
        leave (back to the table when a deal is in progress, else the main menu)."""
        self.mode = MODE_SHEET
        self.sheet_top = 0
        self._list = lines
        self._render_list()

    def _render_list(self):
        self.show(self._list[self.sheet_top:self.sheet_top + self.rows])

    def _scroll(self, button):
        n = len(self._list)
        if button == NEXT:
            self.sheet_top = min(self.sheet_top + 1, max(0, n - self.rows))
        elif button == PREV:
            self.sheet_top = max(0, self.sheet_top - 1)
        self._render_list()

    def _sheet_press(self, button):
        if button in (NEXT, PREV):
            self._scroll(button)
        elif self.app is not None and button == OK:
            self._enter_table()
        else:
            self.main_menu()
        return []

    # --- deck audit and tag writing (device.audit, loaded when chosen) ------------------

    def _start_scan(self, purpose, deck_name):
        from device.modes.scan import ScanDesk
        self._enter(ScanDesk(self.hw.readers, self.show, purpose, deck_name,
                             self.hw.storage), MODE_AUDIT if purpose == "audit" else MODE_WRITE)

    # --- which tag is which card -----------------------------------------------------------

    def _load_registry(self, resume=False):
        """The deck's UID registry for the game (``device.session.load_registry``: the
        audited one, strict, else one learned as tags are first seen)."""
        self.registry, self.strict, problem = session.load_registry(
            self.hw.storage, self.flow.DECK, resume)
        if problem is not None:
            self.show(problem)


def _options_for(flow, players, chosen):
    """The setup questions of ``flow`` given the answers so far (later questions may
    depend on earlier answers: Magistr's trumps on its variant)."""
    opts = flow.OPTIONS(players, dict(chosen)) if callable(flow.OPTIONS) else flow.OPTIONS
    return tuple(opts)


def __getattr__(name):
    # Audit (the deck audit's bookkeeping) lives in device.audit, loaded when a deck audit
    # or tag writing is chosen; it stays reachable here.
    if name == "Audit":
        from device.audit import Audit
        return Audit
    raise AttributeError("module 'device.controller' has no attribute %r" % (name,))

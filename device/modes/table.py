"""Mode "table": card play on the pads (device/app.py reads them and shows the trick),
and the table menu that OK opens (undo, the flow's claims, the sheet).

The deal in play and its seating are the controller's (``Controller.view()``); what the
table needs next (its result, a choice to enter, card play) is decided by
``Controller.enter_table``, and after each tick by ``Controller.after``.
"""

from device.buttons import BACK, OK
from device.controller import MODE_CHOICE, MODE_TABLE
from device.menu import Item, Menu, MenuStack
from device.words import say, tr


class TableMode:
    """Card play for controller ``ctl``: each tick reads the pads (``App.tick``); BACK
    takes the last action back, OK opens the table menu."""

    code = MODE_TABLE

    def __init__(self, ctl):
        self.ctl = ctl

    def enter(self):
        """Show what the table waits for: a card taken back to be lifted off its pad (an
        undo: cards are refused until then, ``App.lift_lines``), else cards to scan, else
        the deal's intro and who plays now."""
        app = self.ctl.app
        app.opening = self.intro  # shown again when an undo leaves the deal without a card
        ask = app.lift_lines()
        if ask is None:
            ask = app.scan_lines()  # cards the deal waits for: keep asking
        app.show(ask if ask is not None else app.screens.fit(self.intro()))

    def redraw(self):
        """Show the table again after a host request was settled without changing it
        (declined, expired, refused: the prompt covered the table, nothing else did, see
        ``device.host_request``): the screen the table showed before the prompt, so an
        instruction on it stays until it is done ("6 cards taken" / "lift; lead: P2"
        after an écart, "P3 lift ..." after an undo); the table's intro when it showed
        none yet."""
        app = self.ctl.app
        if app is not None and app.lines is not None:
            app.show(app.lines)
        else:
            self.ctl.enter_table()

    def intro(self):
        """What the table sees when play starts: the flow's deal intro (if it has one) and
        who plays now; when it resumes (a power cut, back from the table menu, an undo)
        the trick as it lies on the pads, "T9: 2 played" / "play: P2" (``play_next``),
        not the game's title: that is where the players pick up."""
        ctl = self.ctl
        referee = ctl.app.referee
        seat = referee.current_seat()
        deal = referee.deal
        if deal.history and seat >= 0:
            return ctl.app.screens.play_next(seat, deal)
        who = "%s: %s" % (tr("play"), ctl.seating.label(seat)) if seat >= 0 else ""
        intro = getattr(ctl.flow, "deal_intro", None)
        if intro is not None and not deal.history:
            return intro(ctl.match)[:max(1, ctl.rows - 1)] + [who]
        return [say(ctl.flow.TITLE), who]  # "Таро" on a Ukrainian table, not "French Tarot"

    def tick(self, now_ms):
        """Read the pads once (``App.tick``); a host request waiting for an answer is
        cancelled when the table plays on. Returns ``(events, None)``: the controller's
        ``after`` enters the result or a choice now due, on the return path (the card's
        path re-enters no module: docs/architecture.md)."""
        app = self.ctl.app
        ask = self.ctl.host_ask
        scanned = _scanned(app)
        played = app.tick(now_ms)
        if ask is not None and ask.active() and (played or _scanned(app) != scanned):
            ask.cancel("cancelled: the table played on")
        return played, None

    def press(self, button):
        """BACK: :meth:`back`; OK: the table menu, whose "Back to play" returns here as
        it was (cards being scanned stay scanned)."""
        if button == BACK:
            return self.back()
        if button == OK:
            return [], table_menu(self.ctl, self)
        return [], None

    def back(self):
        """A long press: while cards are scanned, those scanned so far are dropped and the
        scan begins again; a scan a menu asked for (an écart, a poignée) and not begun is
        left (the écart's menu again, or play as it was); else the last entry is taken
        back (``Controller.undo``: it took back the deal's action before the scan, a
        card or the écart's answer, and dropped the cards already scanned)."""
        ctl = self.ctl
        app = ctl.app
        if app.scan_wanted() is not None:
            if app.rescan():
                return [], None
            if app.scan_asked:
                app.end_scan()
                return [], "table"
        return ctl.undo(), None


def table_menu(ctl, back):
    """The table menu (MODE_CHOICE, not required: BACK leaves it): back to play, undo,
    the flow's ``table_items`` (claims, announcements), the sheet, the main menu. Its
    BACK and "Back to play" return to ``back``, the mode it was opened from, as it was
    (a scan in progress, a menu's cursor)."""
    from device.modes.menu import MenuMode
    items = [Item("Back to play", value="continue"), Item("Undo last", value=ctl.undo)]
    items.extend(ctl.flow.table_items(ctl.app.referee.deal, ctl.match))
    items.append(Item("Score sheet", value="sheet"))
    items.append(Item("Main menu", value="main"))
    menu = MenuMode(ctl, MenuStack(Menu("Table", items)), MODE_CHOICE)
    menu.back = back
    return menu


def _scanned(app):
    """Cards scanned so far for an écart / skat / poignée (-1: no scan asked): a card
    laid for a scan produces no event until the last one."""
    collect = getattr(app, "_collect", None)
    return -1 if collect is None else len(collect[2])

"""Menu modes: the main menu with its setup menus, a choice the deal requires (a bid, a
contract, an announcement: the flow's ``prompt``) and the table menu (device/menu.py
draws and moves them; device/flows the items).

An item's ``actions`` are applied to the deal (``Controller.apply``); its ``value`` says
where to go: ``"continue"`` (back to the table), ``"sheet"`` (the score sheet),
``"last"`` (the last finished game's sheet), ``"main"``, ``("start", game, players,
options)`` (handed to the controller as the press's ``next``: ``device.booking.start``),
``("audit" | "write", deck)`` or a callable run as chosen.
"""

from device.buttons import BACK
from device.controller import MODE_MAIN, MODE_TABLE


class MenuMode:
    """A menu on the LCD: ``stack`` (device.menu.MenuStack) of controller ``ctl``;
    ``code`` the MODE_* it is (MODE_MAIN or MODE_CHOICE); ``required``: a choice the deal
    needs (BACK cannot leave it: a long press takes the last bid or choice back, or with
    nothing to take back opens the table menu); a table menu (not required) is left with
    BACK."""

    back = "table"  # where the table menu's BACK and "Back to play" lead

    def __init__(self, ctl, stack, code, required=False):
        self.ctl = ctl
        self.stack = stack
        self.code = code
        self.required = required

    def enter(self):
        """Show the menu."""
        ctl = self.ctl
        ctl.lcd.show(self.stack.lines(ctl.cols, ctl.rows))

    redraw = enter

    def tick(self, now_ms):
        """A menu waits for the buttons."""
        return [], None

    def press(self, button):
        """Move, open or choose (device.menu.MenuStack.press); returns ``(events,
        next)``."""
        got = self.stack.press(button)
        if got == BACK:
            if self.required:  # cannot be skipped: the last bid or choice is taken back
                return self._take_back()
            return [], "main" if self.code == MODE_MAIN else self.back
        if got is None:
            self.enter()
            return [], None
        if got.actions is not None:
            events = self.ctl.apply(got.actions)
            if not events and not self.required and self.ctl.mode == MODE_TABLE:
                # the table menu's item accepted and nothing to show for it: say it was taken
                self.ctl.app.headline(got.words())
            return events, None
        return self._value(got.value)

    def _take_back(self):
        """A long press at the top of a menu the deal needs (a bid, the auction's result,
        the skat, a contract, a call, the écart, go / no, the first leader): the deal's
        last action is taken back as a card is (``Controller.undo``: the journal's undo
        record first, so an undone bid stays undone after a power cut; a failed write
        refuses it and the menu stays), and the menu of the step before is shown. With
        nothing entered yet in this deal there is nothing to take back: the table menu
        opens (the score sheet, the main menu; "Back to play" returns here), the only
        way off a deal's first menu. Returns ``(events, next)``."""
        ctl = self.ctl
        if ctl.app is None:
            self.enter()
            return [], None
        if not ctl.app.referee.actions:
            from device.modes.table import table_menu
            return [], table_menu(ctl, self)
        return ctl.undo(), None

    def _value(self, v):
        ctl = self.ctl
        if v == "continue" and ctl.app is not None:
            return [], self.back
        if v == "sheet":
            return [], ctl.flow.sheet_lines(ctl.match)
        if v == "last":
            return [], ctl.last_sheet
        if v == "main":
            return [], "main"
        if isinstance(v, tuple) and v[0] == "start":
            return [], v  # started by the controller once the menus' frames are gone
        elif isinstance(v, tuple) and v[0] in ("audit", "write"):
            ctl.start_scan(v[0], v[1])
        elif callable(v):
            return v() or [], None
        return [], None

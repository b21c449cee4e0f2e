"""Modes "sheet" and "result": a scrollable list of lines (a score sheet, an audit
report, what a resume set aside) and a finished deal's result.

PREV/NEXT scroll one line. On a list OK goes back to the table when a deal is in play,
else (and BACK always) to the main menu. On a result OK books the deal
(``Controller.next_deal``) and BACK takes its last card back (``Controller.undo``).
"""

from device.buttons import BACK, NEXT, OK, PREV
from device.controller import MODE_RESULT, MODE_SHEET


class ListMode:
    """``lines`` on controller ``ctl``'s LCD, ``top`` the first one shown."""

    code = MODE_SHEET

    def __init__(self, ctl, lines):
        self.ctl = ctl
        self.lines = lines
        self.top = 0

    def enter(self):
        """Show the list from its first line."""
        ctl = self.ctl
        ctl.show(self.lines[self.top:self.top + ctl.rows])

    redraw = enter

    def tick(self, now_ms):
        """A list waits for the buttons."""
        return [], None

    def scroll(self, button):
        """NEXT / PREV: one line down / up, kept within the list."""
        n = len(self.lines)
        if button == NEXT:
            self.top = min(self.top + 1, max(0, n - self.ctl.rows))
        elif button == PREV:
            self.top = max(0, self.top - 1)
        self.enter()

    def press(self, button):
        """Scroll, or leave: ``(events, next)``."""
        if button in (NEXT, PREV):
            self.scroll(button)
            return [], None
        if self.ctl.app is not None and button == OK:
            return [], "table"
        return [], "main"


class ResultMode(ListMode):
    """A finished deal's result lines: OK books it, BACK reopens the deal. While the
    controller's ``last_trick`` holds the deal's last trick (device/last_trick.py) the
    LCD shows that trick; the result follows when the hold runs out or on NEXT/PREV."""

    code = MODE_RESULT

    def enter(self):
        """Show the result, unless the last trick is held on the LCD."""
        if not self.ctl.last_trick.held():
            ListMode.enter(self)

    def redraw(self):
        """Show again what a host's prompt covered: the held last trick (the table loop's
        screen), else the result. Drawing nothing left the settled prompt on the LCD, and
        the OK meant for it booked the deal."""
        app = self.ctl.app
        if self.ctl.last_trick.held() and app is not None and app.lines is not None:
            app.show(app.lines)
        else:
            ListMode.enter(self)

    def tick(self, now_ms):
        """The result replaces the last trick when its hold runs out."""
        if self.ctl.last_trick.due(now_ms):
            self.ctl.last_trick.end()
            ListMode.enter(self)
        return [], None

    def press(self, button):
        """OK: the next deal (or the game's end); BACK: the last card taken back; NEXT or
        PREV during the last trick's hold: the result at once."""
        if self.ctl.last_trick.held():
            self.ctl.last_trick.end()
            if button in (NEXT, PREV):
                ListMode.enter(self)
                return [], None
        if button == OK:
            self.ctl.next_deal()
            return [], None
        if button == BACK:  # the last card was wrong: take it back, the deal reopens
            return self.ctl.undo(), None
        self.scroll(button)
        return [], None

"""A host's request at the table: checked in full, shown, bound to its prompt, settled
truthfully (docs/protocol.md "A request's life").

:class:`HostAsk` is the prompt: only a press that starts REACT_MS after the prompt appears
answers it; any other table input cancels it; when the link drops it (expiry, another host) the
screen comes back. The request is checked by device.host_check.check_new_game, loaded
with the first request (issue 19).
"""

from core.compat import const
from core.errors import TrickrefError
from core.events import Refused
from device import timing
from device.buttons import BACK, OK

NEW_GAME = "new-game"
UNDO = "undo"
# An OK (or long OK) begun this soon after the prompt appeared was on its way to the
# screen the prompt covered (the result's "OK: next deal"): it answers nothing.
REACT_MS = const(500)


class HostAsk:
    """The table's prompt for the link's pending request (``ctl``: the Controller)."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.req = None
        self.shown_at = 0
        self.frame = 0  # the LCD's frame count once the prompt was drawn

    def active(self):
        """True while a request is on the LCD."""
        return self.req is not None

    def check(self, req):
        """The link's ``check``: None when the table could perform ``req`` now, else why
        not (the host gets E_INVALID and the table sees nothing)."""
        ctl = self.ctl
        if self.req is not None:
            return "a request is on the screen"
        if not ctl.accepts_host_requests():
            return "the table is busy (%s)" % ctl.mode_name()
        if req.command == UNDO:
            if ctl.app is None or not ctl.app.referee.actions:
                return "nothing to undo"
            return None
        from device.host_check import check_new_game
        try:
            check_new_game(req.args, len(ctl.hw.readers), ctl.central)
        except ValueError as e:
            return str(e)
        return None

    def show(self, req, now_ms):
        """Put ``req`` on the LCD; presses from now on answer it."""
        self.req = req
        self.shown_at = now_ms
        what = "undo last?" if req.command == UNDO else "new game?"
        self.ctl.show(["host asks:", what + " OK/<>"])
        self.frame = getattr(self.ctl.lcd, "frames", 0)

    def covered(self):
        """True when the table drew a screen over the open prompt (the result once the
        last trick's hold ran out, "pads clear" once a trick is lifted, a reader back):
        an OK then answers what the LCD shows, not the host."""
        return self.req is not None and getattr(self.ctl.lcd, "frames", 0) != self.frame

    def tick(self):
        """The link settled the request itself (expired, another host): restore the table."""
        if self.req is not None and self.ctl.link.pending is not self.req:
            self.req = None
            self.ctl.redraw()

    def cancel(self, why):
        """Other table input came first: the request is cancelled and the host told."""
        req, self.req = self.req, None
        if req is not None and self.ctl.link.pending is req:
            self.ctl.link.resolve(False, why)

    def press(self, button, started=None):
        """A button while the prompt shows. OK performs the request, any other declines;
        an OK (or long OK) whose press ``started`` before the prompt, or less than
        REACT_MS after it (a press meant for the screen it covered: a host that times its
        request to the table's OK does not get it), answers nothing."""
        if button in (OK, BACK) and started is not None and \
                timing.ticks_diff(started, self.shown_at) < REACT_MS:
            return []
        req, self.req = self.req, None
        ctl = self.ctl
        if ctl.link.pending is not req:
            ctl.redraw()
            return []
        if button != OK:
            ctl.link.resolve(False, "declined at the table")
            ctl.redraw()
            return []
        if req.command == UNDO:
            return self._undo(req)
        from device.host_check import check_new_game
        try:
            name, players, options = check_new_game(req.args, len(ctl.hw.readers),
                                                    ctl.central)
            ctl.start_game(name, players, options)
        except (ValueError, TrickrefError, OSError) as e:
            ctl.link.resolve(False, str(e))
            ctl.redraw()
            return []
        ctl.link.resolve(True)
        return []

    def _undo(self, req):
        ctl = self.ctl
        events = ctl.undo() if ctl.app is not None else []
        if not events or isinstance(events[0], Refused):
            ctl.link.resolve(False, events[0].detail if events else "nothing to undo")
            ctl.redraw()
            return events
        ctl.link.resolve(True)
        return events

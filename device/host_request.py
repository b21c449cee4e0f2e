"""A host's request at the table: checked in full, shown, bound to its prompt, settled
truthfully (docs/protocol.md "A request's life").

:func:`check_new_game` validates a new-game request before anything is shown (known game,
players the board can seat, every setup question answered with one of its choices, nothing
unknown, all of it encodable in the journal). :class:`HostAsk` is the prompt: only a press
that starts after the prompt appears answers it; any other table input cancels it; when the
link drops it (expiry, another host) the screen comes back. :func:`booked_end` is where the
journal's booked records end, so an export withholds the open deal's records.
"""

from core.errors import BadRecord, TrickrefError
from core.events import Refused
from core.journal import (DEAL_OVER, GAME, GAME_OVER, KINDS, MAGIC, MAGIC_V1, SHEET,
                          encode_record)
from device import flows, timing
from device.buttons import BACK, OK

NEW_GAME = "new-game"
UNDO = "undo"
# journal KIND bytes after which everything before is booked: game, deal (booked), game-over
_BOOKED = tuple(KINDS.index(k) + 1 for k in (GAME, DEAL_OVER, GAME_OVER, SHEET))


def check_new_game(args, pads, central=False):
    """``(name, players, options)`` of a new-game request ``args`` (``{"game": name,
    "players": n, option: value...}``), or ValueError saying what is wrong. Options must
    answer exactly the questions the menu would ask (``flow.OPTIONS``), each with one of
    its choices (a list stands for a tuple choice); ``pads``: the board's reader count."""
    if not isinstance(args, dict):
        raise ValueError("new-game needs {\"game\": name, \"players\": n, ...}")
    args = dict(args)
    name = args.pop("game", None)
    flow = flows.load(name) if isinstance(name, str) else None
    if flow is None:
        raise ValueError("no game called %r" % (name,))
    players = args.pop("players", None)
    if type(players) is not int or players not in flow.PLAYERS:
        raise ValueError("%s is for %s players, not %r"
                         % (name, "/".join(str(n) for n in flow.PLAYERS), players))
    if not flows.seats_ok(flow, players, pads, central):
        raise ValueError("%s for %d needs %d pads, the board has %d"
                         % (name, players, players, pads))
    from device.modes.main import options_for as _options_for
    chosen = ()
    while True:
        questions = _options_for(flow, players, chosen)
        if len(chosen) == len(questions):
            break
        key, label, choices = questions[len(chosen)]
        if key not in args:
            raise ValueError("option %r (%s) missing" % (key, label))
        chosen += ((key, _choice(key, args.pop(key), choices)),)
    if args:
        raise ValueError("unknown option %s" % ", ".join(sorted(args)))
    try:
        encode_record(GAME, [name, players, sorted(chosen)])
    except BadRecord as e:
        raise ValueError("options cannot be journaled: %s" % e)
    return name, players, dict(chosen)


def _choice(key, value, choices):
    if isinstance(value, list):
        value = tuple(value)
    for _, c in choices:
        if type(c) is type(value) and c == value:
            return c
    raise ValueError("option %s=%r is not one of %s"
                     % (key, value, ", ".join(repr(c) for _, c in choices)))


def booked_end(chunk):
    """Byte offset where the journal's booked part ends: the end of its last ``game``,
    ``deal``, ``game-over`` or ``sheet`` record (``chunk(offset, n)`` reads the file). What follows
    is the open deal (its actions: hands, skat, écart) and is not exported. A file without
    either format's magic gives 0; a torn record ends the scan. Both formats put LEN (u16,
    counting what follows up to the CRC) and KIND first (docs/records.md)."""
    if chunk(0, len(MAGIC)) not in (MAGIC, MAGIC_V1):
        return 0
    pos = end = len(MAGIC)
    win_at, win = pos, b""
    while True:
        if pos + 3 > win_at + len(win):  # refill the window: one read per ~256 bytes
            win_at, win = pos, chunk(pos, 256)
            if len(win) < 3:
                return end
        i = pos - win_at
        nxt = pos + 2 + (win[i] | (win[i + 1] << 8)) + 4  # LEN u16, KIND+PAYLOAD, CRC
        if win[i + 2] in _BOOKED:
            if len(chunk(nxt - 1, 1)) != 1:
                return end  # a torn record: the journal drops it at the next boot
            end = nxt
        pos = nxt


class HostAsk:
    """The table's prompt for the link's pending request (``ctl``: the Controller)."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.req = None
        self.shown_at = 0

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
        an OK (or long OK) whose press ``started`` before the prompt answers nothing."""
        if button in (OK, BACK) and started is not None and \
                timing.ticks_diff(started, self.shown_at) < 0:
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

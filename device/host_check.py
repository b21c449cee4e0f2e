"""What a host asks, checked in full before the table sees it, and where an export stops
(docs/protocol.md "A request's life"): :func:`check_new_game` (known game, players the
board can seat, every setup question answered with one of its choices, nothing unknown,
all of it encodable in the journal) and :func:`booked_end` (where the journal's booked
records end, so an export withholds the open deal's records).

Split from device/host_request.py (issue 19, docs/performance.md "32-bit heap"): a board
that no host speaks to never loads this (device.host_request.HostAsk imports it for a
request, the link's export for its end).
"""

from core.errors import BadRecord
from core.journal import (DEAL_OVER, GAME, GAME_OVER, KINDS, MAGIC, MAGIC_V1, SHEET,
                          encode_record)
from device import flows

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

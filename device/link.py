"""The board's end of the serial link: events out, commands in, nothing blocks.

``Link(uart, ...)`` wraps any UART-like object (``any()``, ``read(n)``, ``write(b)``:
``machine.UART`` on a board, ``host_sim.link.UartBridge`` in the desktop twin). The app
calls ``poll(now_ms)`` from its loop and ``send_event(ev)`` for each referee event.

Commands (core/protocol.py, docs/protocol.md):

- pairing (C_HELLO, C_PROVE): a host proves it read the code the table shows, or its
  kept key (device.pairing); it is then the link's ``host`` until another host says hello
  or SESSION_MS pass without a frame from it. Unpaired hosts get public facts only: the
  state's PUBLIC_STATE keys and the score sheet; the journal export, new game and undo
  answer E_NOT_PAIRED.
- state query, score-sheet export, journal export: answered by the link itself through
  the callbacks the app supplies (``state()``, ``sheet()``, ``journal(offset, n)``, and
  ``journal_end()``: where the records the host may see end); exports go out a few frames
  per ``poll`` so the loop never stalls.
- new game, undo: they would change the score. ``check(request)`` (the app's) says first
  whether the table could perform it; a request it refuses is answered E_INVALID and never
  shown. Otherwise the host gets R_PENDING, the request becomes ``link.pending`` (a
  :class:`Request`) and ``poll`` returns it once. The app shows it and waits for the
  table: it settles it with ``resolve(accepted, detail)``, telling the truth, and the host
  gets EV_CONFIRM. A request not settled within CONFIRM_MS is declined by the link (the app
  sees ``pending`` gone). One request at a time (E_BUSY); after a decline the host waits
  ``backoff_ms`` (doubling to BACKOFF_MAX_MS) before it may ask again (E_WAIT), so the
  table can always play.

Bad frames change nothing: each is answered with an R_ERROR frame (line noise at most one
per poll, so garbage cannot flood the line). No exception escapes ``poll`` or the send
methods; faults are counted in ``faults`` with the last message in ``last_fault``.
"""

from collections import namedtuple

from core import protocol as P
from core.compat import const
from core.errors import TrickrefError
from core.events import CardPlayed, Refused, RevokeFound, TrickTaken, Undone
from device import timing

READ_MAX = const(64)  # bytes taken from the UART per poll (bounds the time per tick)
IDLE_MS = const(100)  # a partial frame this long without new bytes is given up
CONFIRM_MS = const(60000)  # a pending command not settled in 60 s is declined
SESSION_MS = const(30000)  # a logged-in host silent this long must log in again
BACKOFF_MS = const(5000)  # after a decline the host waits this long before asking again
BACKOFF_MAX_MS = const(60000)  # ... doubling with each decline in a row, up to this
# The state keys an unpaired host may read (public at the table; docs/protocol.md).
PUBLIC_STATE = ("game", "players", "deal")
EXPORT_FRAMES = const(2)  # export frames sent per poll (~500 bytes: 43 ms at 115200 Bd)
JOURNAL_CHUNK = const(192)  # journal bytes per R_JOURNAL frame (fits MAX_PAYLOAD)
TEXT_MAX = const(60)  # characters of a reason or detail text in an event frame

NEW_GAME = "new-game"
UNDO = "undo"

# A command waiting for the table: ``seq`` of the host's frame, ``command`` NEW_GAME or
# UNDO, ``args`` the command's value (NEW_GAME: {"game": name, option: value...}).
Request = namedtuple("Request", ("seq", "command", "args"))


def _text(s):
    s = "" if s is None else str(s)
    return s if len(s) <= TEXT_MAX else s[:TEXT_MAX - 1] + "~"


class Link:
    """The link over ``uart``; callbacks may be None (the command is then refused).

    ``deck``: the core.cards deck in play, to send card codes (``"CJ"``); settable.
    ``state()``: a small dict for R_STATE (the app's choice: game, deal, seat to play...).
    ``sheet()``: ``(columns, rows)``, column names and rows of scalar cells (see
    :func:`flat_row`). ``journal(offset, n)``: up to ``n`` raw journal bytes from
    ``offset``, b"" at the end (``core.journal.Journal.chunk``). ``journal_end()``: the byte
    offset the export stops at (the booked records; None: the whole file).
    ``pairing``: a ``device.pairing.Pairing``, or the path of its store on flash (a str;
    "": in RAM only), made into one at the first use (:attr:`pairing`); None: no host can
    log in, so no journal export, new game or undo. ``check(request)``: None when the
    table could perform the :class:`Request` now, else the reason (None as a callback:
    every request is refused).
    """

    def __init__(self, uart, deck=None, state=None, sheet=None, journal=None,
                 pairing=None, check=None, journal_end=None):
        self.uart = uart
        self._pairing = pairing  # a Pairing, its store's path (a str), or None
        self.check = check  # check(Request) -> None, or why the table cannot do it
        self.journal_end = journal_end
        self.host = None  # id of the logged-in host, or None
        self._session = None  # its session's key (device.pairing.session_key)
        self.paired = None  # set to a host id when a host pairs (the app shows it)
        self.tap = None  # tap(ftype, value): sees every frame sent (device/mqtt_link.py)
        self.backoff_ms = BACKOFF_MS
        self._host_seen = 0
        self._challenge = None  # (host id, host nonce, board nonce) after C_HELLO
        self._wait_until = None  # no request before this tick after a decline
        self._now = 0
        self.deck = deck
        self.state = state
        self.sheet = sheet
        self.journal = journal
        self.pending = None  # the Request waiting for the table, or None
        self.errors = 0  # frames refused (bad CRC, garbage, bad payload...)
        self.faults = 0  # exceptions caught (UART, callbacks)
        self.last_fault = None
        self._reader = None  # core.protocol_read.FrameReader, made with the first byte in
        self._writer = P.FrameWriter()
        self._export = None  # generator of (type, value) while an export runs
        self._export_seq = -1
        self._last_rx = None
        self._pending_since = 0

    @property
    def pairing(self):
        """The ``device.pairing.Pairing`` of the board's paired hosts, or None. Made from
        its store at the first use (a host's hello, the menu's pairing): a table no host
        ever talks to holds neither the module nor the hosts (issue 19)."""
        p = self._pairing
        if isinstance(p, str):
            from device.pairing import Pairing
            p = self._pairing = Pairing(p or None)
        return p

    # -- the loop side

    def poll(self, now_ms=None):
        """Read what the UART holds, answer commands, send the next export frames.

        Returns a :class:`Request` when a new state-changing command has arrived (it is
        also ``self.pending``), else None. Never raises.
        """
        if now_ms is None:
            now_ms = timing.ticks_ms()
        self._now = now_ms
        new = None
        try:
            items = ()
            n = self.uart.any()
            if n:
                data = self.uart.read(min(n, READ_MAX))
                if data:
                    self._last_rx = now_ms
                    items = self._feed(data)
            elif self._reader is not None and self._reader.pending() and \
                    self._last_rx is not None and \
                    timing.ticks_diff(now_ms, self._last_rx) >= IDLE_MS:
                items = self._reader.flush()
            noise_answered = False
            for item in items:
                if isinstance(item, P.FrameError):
                    self.errors += 1
                    if item.seq < 0:
                        if noise_answered:
                            continue
                        noise_answered = True
                    self.send(P.R_ERROR, (item.seq, item.code, _text(item.detail)))
                    continue
                got = self._command(item, now_ms)
                if got is not None:
                    new = got
            if self.pending is not None and \
                    timing.ticks_diff(now_ms, self._pending_since) >= CONFIRM_MS:
                self.resolve(False, "not confirmed at the table within %d s"
                             % (CONFIRM_MS // 1000))
            if self.host is not None and \
                    timing.ticks_diff(now_ms, self._host_seen) >= SESSION_MS:
                self.host = None
            self._pump()
        except Exception as e:  # the loop must go on: count it, the app may show it
            self._fault(e)
        return new

    def _feed(self, data):
        # bytes from a host: the reading side is loaded with the first of them (issue 19)
        if self._reader is None:
            from core.protocol_read import FrameReader
            self._reader = FrameReader()
        return self._reader.feed(data)

    def resolve(self, accepted, detail=""):
        """Settle the pending command: the table confirmed (``accepted`` True, after the app
        performed it) or it was declined, cancelled or failed (``detail`` says which). Sends
        EV_CONFIRM to the host and returns the settled :class:`Request`, or None when nothing
        was pending. A decline makes the host wait ``backoff_ms`` (then doubled) before its
        next request; an acceptance resets the wait to BACKOFF_MS."""
        req = self.pending
        if req is None:
            return None
        self.pending = None
        if accepted:
            self.backoff_ms = BACKOFF_MS
            self._wait_until = None
        else:
            self._wait_until = timing.ticks_add(self._now, self.backoff_ms)
            self.backoff_ms = min(self.backoff_ms * 2, BACKOFF_MAX_MS)
        self.send(P.EV_CONFIRM, (req.seq, req.command, bool(accepted), _text(detail)))
        return req

    # -- sending

    def send(self, ftype, value=None):
        """Frame ``value`` as ``ftype`` and write it; returns True when written. A value
        that cannot be framed (too long, not encodable) or a UART fault is counted in
        ``faults`` and returns False."""
        try:
            data = self._writer.frame(ftype, value)
            self.uart.write(data)
            if self.tap is not None:  # the club's MQTT link (device/mqtt_link.py)
                self.tap(ftype, value)
            return True
        except Exception as e:
            self._fault(e)
            return False

    def send_event(self, ev):
        """Send a core.events event: CardPlayed, TrickTaken, Refused, RevokeFound, Undone.
        Returns True when sent, False for other events (the app sends deal ends, rows and
        screens with :meth:`deal_over`, :meth:`row`, :meth:`screen`) or a failed send."""
        if isinstance(ev, CardPlayed):
            return self.send(P.EV_CARD, (ev.seat, self._code(ev.card)))
        if isinstance(ev, TrickTaken):
            return self.send(P.EV_TRICK, (ev.seat, [self._code(c) for c in ev.cards],
                                          ev.points, _text(ev.reason)))
        if isinstance(ev, Refused):
            return self.send(P.EV_REFUSED, (ev.seat, self._code(ev.card), _text(ev.reason),
                                            _text(ev.detail)))
        if isinstance(ev, RevokeFound):
            return self.send(P.EV_REVOKE, (ev.seat, self._code(ev.card), ev.trick,
                                           _text(ev.reason), _text(ev.detail)))
        if isinstance(ev, Undone):
            return self.send(P.EV_UNDONE, (ev.seat, self._code(ev.card)))
        return False

    def table_event(self, ev, seating, scanning=False):
        """Send a table event (:meth:`send_event`) with the seat as the table names it
        (``seating``: the deal's ``device.seating.Seating``; P1 is the first pad, Skat's
        deal seats start at forehand), and so the seats a refusal's or a revoke's detail
        names (the rules core writes deal seats: ``Seating.name_seats``), so that a host
        shows what the LCD shows. ``scanning``: the table collects scanned cards (an
        écart, the skat): a card refused then is a hidden card, so the host learns that the
        scan was refused, not which card (docs/protocol.md). MicroPython namedtuples have
        no _replace: the event is rebuilt with its type."""
        if isinstance(ev, (Refused, RevokeFound)):  # the detail is the last field
            ev = type(ev)(*(tuple(ev[:-1]) + (seating.name_seats(ev.detail),)))
        seat = getattr(ev, "seat", None)
        if isinstance(seat, int) and seat >= 0:
            ev = type(ev)(seating.table_seat(seat), *ev[1:])
        if isinstance(ev, Refused) and scanning:
            ev = Refused(ev.seat, -1, ev.reason, "a scanned card was refused")
        return self.send_event(ev)

    def hello(self, game=None):
        """EV_HELLO: the board (re)started, playing ``game`` (a name) or nothing yet."""
        return self.send(P.EV_HELLO, (P.VERSION, game))

    def deal_started(self, number, dealer):
        """EV_DEAL: deal ``number`` (1-based) starts, dealt by seat ``dealer``."""
        return self.send(P.EV_DEAL, (number, dealer))

    def deal_over(self, number, text):
        """EV_DEAL_OVER: deal ``number`` ended; ``text`` says how (the LCD's verdict, a suit
        as its CGRAM code ``chr(suit)`` as on the LCD: a host writes it as the look's mark,
        ``host_sim.board.marked``)."""
        return self.send(P.EV_DEAL_OVER, (number, _text(text)))

    def row(self, columns, cells):
        """EV_ROW: a score-sheet row was booked (``cells`` scalars under ``columns``)."""
        return self.send(P.EV_ROW, (list(columns), list(cells)))

    def game_over(self, text):
        """EV_GAME_OVER: the game (score sheet) is closed."""
        return self.send(P.EV_GAME_OVER, _text(text))

    def screen(self, lines):
        """EV_SCREEN: the LCD's lines, for a host that mirrors the table."""
        return self.send(P.EV_SCREEN, [str(l) for l in lines])

    # -- inside

    def _fault(self, e):
        self.faults += 1
        self.last_fault = "%s: %s" % (type(e).__name__, e)

    def _code(self, card):
        if not isinstance(card, int) or card < 0:
            return None
        if self.deck is None:
            return card
        try:
            return self.deck.code(card)
        except TrickrefError:
            return card

    def _command(self, frame, now_ms):
        # A host has spoken: its commands are answered by device/link_cmd.py, loaded now.
        from device.link_cmd import command
        return command(self, frame, now_ms)

    def _pump(self):
        if self._export is None:
            return
        for _ in range(EXPORT_FRAMES):
            try:
                ftype, value = next(self._export)
            except StopIteration:
                self._export = None
                return
            except Exception as e:  # the callback failed: tell the host, end the export
                self._export = None
                self._fault(e)
                self.send(P.R_ERROR, (self._export_seq, P.E_INTERNAL, _text(self.last_fault)))
                return
            if not self.send(ftype, value):
                self._export = None
                self.send(P.R_ERROR, (self._export_seq, P.E_INTERNAL, _text(self.last_fault)))
                return
            if ftype == P.R_END:  # the host has it all: its next request is not "busy"
                self._export = None  # (the exports clean up before their R_END)
                return


def flat_row(row):
    """A score-sheet row with its per-seat tuples spread into cells:
    ``(1, 0, 48, (48, 0, 0), (98, 0, 0))`` -> ``[1, 0, 48, 48, 0, 0, 98, 0, 0]`` (the shape
    ``Link.sheet`` and ``Link.row`` send)."""
    out = []
    for cell in row:
        if isinstance(cell, (list, tuple)):
            out.extend(cell)
        else:
            out.append(cell)
    return out

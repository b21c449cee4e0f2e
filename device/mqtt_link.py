"""The club link for boards with Wi-Fi (ESP32, Pico W): the table's events published over
MQTT with micropython-lib's ``umqtt.simple`` (docs/club.md).

Optional: a board without Wi-Fi never imports it. The board's serial link (device.link)
hands every frame it sends to ``MqttLink.tap(ftype, value)`` (``Link.tap``); the events the
club keeps become JSON messages on ``ROOT/TABLE/events`` with QoS 1, numbered 1, 2, 3...
(:class:`Numbering`); the table's status is retained on ``ROOT/TABLE/state`` and the
broker's last will there says "offline"; the seats the club host assigns arrive retained on
``ROOT/TABLE/seats`` (``on_seats(dict)``). The desktop publisher
(host_sim.club.publisher) numbers and words its messages with the same code.

umqtt.simple sends a QoS 1 publish and waits for its PUBACK; a broken connection raises
OSError: the message stays in ``pending`` and :meth:`MqttLink.poll` reconnects and sends
it again (a duplicate at the club host is dropped by its seq).
"""

import json

from core import protocol as P

ROOT = "club"
VERSION = 1

# frame type -> (kind, payload field names): docs/protocol.md "Frame types"
KINDS = {
    P.EV_HELLO: ("hello", ("protocol", "game")),
    P.EV_DEAL: ("deal", ("deal", "dealer")),
    P.EV_CARD: ("card", ("seat", "card")),
    P.EV_TRICK: ("trick", ("taker", "cards", "points", "reason")),
    P.EV_REFUSED: ("refused", ("seat", "card", "code", "detail")),
    P.EV_REVOKE: ("revoke", ("seat", "card", "trick", "code", "detail")),
    P.EV_UNDONE: ("undone", ("seat", "card")),
    P.EV_DEAL_OVER: ("deal_over", ("deal", "text")),
    P.EV_ROW: ("row", ("columns", "cells")),
    P.EV_GAME_OVER: ("game_over", ("summary",)),
}
PLAY_KINDS = ("card", "trick", "refused", "undone")
_SEQ_MAX = 1 << 53  # a number every JSON reader holds exactly (the club host refuses more)


def _plain(x):
    # codec values -> JSON values (tuples become lists, bytes hex)
    if isinstance(x, (list, tuple)):
        return [_plain(y) for y in x]
    if isinstance(x, dict):
        return {str(k): _plain(y) for k, y in x.items()}
    if isinstance(x, bytes):
        return "".join("%02x" % b for b in x)
    return x


def payload_of(ftype, value):
    """``(kind, payload dict)`` for an event frame the club keeps, or None (replies, the
    LCD mirror, or a value of the wrong shape)."""
    spec = KINDS.get(ftype)
    if spec is None:
        return None
    kind, names = spec
    if kind == "game_over":
        value = [value]
    if not isinstance(value, (list, tuple)) or len(value) < len(names):
        return None
    return kind, dict((n, _plain(x)) for n, x in zip(names, value))


class Numbering:
    """A table's message counter: ``seq`` (1, 2, 3...; start from the last one sent, so a
    restarted table goes on counting), the game in play and the deal in play (1 when a game
    starts; the deal-over and row messages still carry the deal they close)."""

    def __init__(self, table, seq=0):
        self.table = table
        self.seq = seq
        self.game = None
        self.deal = 0
        self._over = False

    def message(self, kind, payload, ms):
        """The next message (a dict, docs/club.md "Messages") for ``kind`` and ``payload``
        at time ``ms`` (Unix ms; the board's RTC, set by NTP)."""
        if kind == "hello" and payload.get("game"):
            self.game, self.deal, self._over = payload["game"], 1, False
        elif kind in ("deal", "deal_over") and isinstance(payload.get("deal"), int):
            self.deal, self._over = payload["deal"], kind == "deal_over"
        elif self._over and kind in PLAY_KINDS:
            self.deal, self._over = self.deal + 1, False
        self.seq += 1
        return self.make(kind, payload, ms)

    def line(self):
        """The numbers as one line of text (seq, game, deal, a deal just closed), for a
        board to keep on flash: :meth:`read` takes them back after a power cut."""
        return "%d %s %d %d\n" % (self.seq, self.game or "-", self.deal, self._over)

    def read(self, text):
        """Go on from a :meth:`line`; False, nothing changed, when ``text`` is not one."""
        parts = text.split()
        if len(parts) != 4:
            return False
        try:
            seq, deal, over = int(parts[0]), int(parts[2]), int(parts[3])
        except ValueError:
            return False
        if not 0 <= seq < _SEQ_MAX or not 0 <= deal < _SEQ_MAX:
            return False  # a count no JSON reader keeps exactly: not one of ours
        self.seq, self.deal, self._over = seq, deal, bool(over)
        self.game = None if parts[1] == "-" else parts[1]
        return True

    def make(self, kind, payload, ms):
        """A message with the current numbers (``status`` messages do not count)."""
        return {"v": VERSION, "table": self.table, "game": self.game, "deal": self.deal,
                "seq": max(self.seq, 1), "kind": kind, "payload": payload, "ms": int(ms)}


def encode(msg):
    """Compact JSON bytes of a message."""
    return json.dumps(msg, separators=(",", ":")).encode()


class MqttLink:
    """Publishes table ``table``'s events through ``client`` (an ``umqtt.simple.MQTTClient``
    made with the table's user and password; ``client_id`` the table id). ``clock()``:
    Unix ms now. ``start()`` connects; ``tap(ftype, value)`` publishes an event frame;
    ``poll()`` (from the board's loop) reads the seats and retries what is pending.

    ``keep``: a file on the board's flash ("club.seq") keeping the numbers after each
    message (:meth:`Numbering.line`), read back here: a board that loses power and
    resumes its game goes on counting in the same game and deal. Without it a resumed
    board counted from 1 again, and the club host dropped every later message as a
    duplicate; and it no longer knew its game (no hello on a resume), so its rows were
    ranked in no list. A write that fails is counted in ``errors`` and play goes on."""

    def __init__(self, client, table, clock, root=ROOT, seq=0, on_seats=None, keep=None):
        self.client = client
        self.numbering = Numbering(table, seq)
        self.keep = keep
        if keep is not None:
            try:
                with open(keep, "rb") as f:
                    self.numbering.read(f.read(64).decode())
            except (OSError, ValueError):
                pass  # no file yet, or not a line (UnicodeError): counts from ``seq``
        self.clock = clock
        self.root = root
        self.on_seats = on_seats
        self.seats = None
        self.pending = []  # encoded messages not yet acknowledged
        self.connected = False
        self.errors = 0
        self.events = "%s/%s/events" % (root, table)
        self.state = "%s/%s/state" % (root, table)
        self._seats_topic = "%s/%s/seats" % (root, table)
        client.set_callback(self._message)
        client.set_last_will(self.state, self._status("offline"), True, 1)

    def _status(self, status):
        return encode(self.numbering.make("status", {"status": status,
                                                     "last_seq": self.numbering.seq},
                                          self.clock()))

    def start(self):
        """Connect (persistent session), say "playing" (retained), listen for seats;
        returns True when connected, False (counted in ``errors``) when not."""
        try:
            self.client.connect(False)
            self.client.subscribe(self._seats_topic.encode(), 1)
            self.client.publish(self.state.encode(), self._status("playing"), True, 1)
            self.connected = True
        except OSError:
            self.errors += 1
            self.connected = False
        return self.connected

    def _message(self, topic, msg):
        try:
            data = json.loads(msg)
        except ValueError:
            return  # a bad assignment changes nothing
        if isinstance(data, dict):
            self.seats = data
            if self.on_seats is not None:
                self.on_seats(data)

    def tap(self, ftype, value):
        """The board sent frame ``ftype`` with ``value``: publish it if the club keeps it."""
        got = payload_of(ftype, value)
        if got is None:
            return
        self.pending.append(encode(self.numbering.message(got[0], got[1], self.clock())))
        self._keep()
        self.flush()

    def _keep(self):
        # whole or not at all (device/flashfile.py keep): a power cut during the write
        # leaves the old numbers (one message behind: the host asks for it), never an
        # empty file; a refused write is counted in ``errors`` and leaves no temporary file
        if self.keep is None:
            return
        from device.flashfile import keep
        try:
            keep(self.keep, self.numbering.line())
        except OSError:
            self.errors += 1

    def flush(self):
        """Send the pending messages in order, each acknowledged before the next."""
        while self.pending and (self.connected or self.start()):
            try:
                self.client.publish(self.events.encode(), self.pending[0], False, 1)
            except OSError:
                self.errors += 1
                self.connected = False
                return
            self.pending.pop(0)

    def poll(self):
        """Read what the broker sent (seats), then retry pending messages."""
        if self.connected:
            try:
                self.client.check_msg()
            except OSError:
                self.errors += 1
                self.connected = False
        self.flush()

    def stop(self):
        """Say "offline" (retained) and disconnect."""
        if self.connected:
            try:
                self.client.publish(self.state.encode(), self._status("offline"), True, 1)
                self.client.disconnect()
            except OSError:
                self.errors += 1
        self.connected = False

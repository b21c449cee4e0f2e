"""A table's MQTT publisher on the desktop (paho-mqtt): the bridge for a wired board
(``trickref console URL --mqtt BROKER``) and the emulated tables' voice.

It turns the board's link events (core.protocol frames) into club messages
(host_sim.club.message), numbers them 1, 2, 3... and publishes them with QoS 1; the
table's status is a retained message, and the broker's last will for the table says
"offline". Messages are kept (``sent``) so that a club host that saw a gap can ask for them
again (``ROOT/TABLE/resend``, payload ``{"from": seq}``); paho queues QoS 1 messages while
the broker is away and sends them on reconnection (docs/club.md "Faults").
"""

import json
import threading
import time

from device.mqtt_link import Numbering
from host_sim.club import message as M

KEEPALIVE_S = 5


def broker_address(text, default_port=1883):
    """``(host, port)`` from ``HOST`` or ``HOST:PORT``; ValueError on a bad port."""
    host, _, port = text.rpartition(":") if ":" in text else (text, "", "")
    if not port:
        return text, default_port
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError("bad broker port in %r" % (text,))
    return host or "127.0.0.1", int(port)


def new_client(client_id, user=None, password=None, clean=False):
    """A paho client (MQTT 3.1.1, persistent session unless ``clean``) with its user;
    paho's automatic reconnection waits 0.2..2 s between attempts."""
    import paho.mqtt.client as mqtt

    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                    clean_session=clean, protocol=mqtt.MQTTv311)
    c.max_queued_messages_set(0)  # unbounded: a booked deal is never dropped
    c.max_inflight_messages_set(100)
    c.reconnect_delay_set(0.2, 2)
    if user is not None:
        c.username_pw_set(user, password)
    return c


def _now_ms():
    return int(time.time() * 1000)


def _read_seq(path):
    """The seq kept in ``path`` (0 when there is none or it cannot be read)."""
    try:
        with open(path) as f:
            return max(0, int(f.read().strip()))
    except (OSError, ValueError, TypeError):
        return 0


def _write_seq(path, seq):
    import os
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % seq)
    os.replace(tmp, path)


class TablePublisher:
    """Publishes table ``table``'s events to the broker at ``host``:``port`` as broker user
    ``user`` (default: the table id) with ``password``; ``root``: the club's topic root.
    ``on_seats(dict)`` is called when the club host assigns seats (the retained
    ``seats`` message). ``seq_file``: a file keeping the last seq, so that a bridge started
    again goes on counting (a restarted count would look like duplicates to the club host).
    ``start()`` connects in paho's own thread; ``feed(frame)``
    publishes one frame (replies and LCD frames are not published)."""

    def __init__(self, table, host="127.0.0.1", port=1883, user=None, password=None,
                 root=M.ROOT, on_seats=None, seq_file=None):
        self.table = M.check_table(table)
        self.root = root
        self.host, self.port = host, port
        self.numbering = Numbering(self.table, _read_seq(seq_file))
        self.seq_file = seq_file
        self.sent = {}  # seq -> encoded message, for resend requests
        self._last = None  # paho's MessageInfo of the last event published (flush)
        self.seats = None
        self.on_seats = on_seats
        self._lock = threading.Lock()
        self.client = new_client("table-" + table, user or table, password)
        self.client.will_set(M.topic(table, "state", root), self._status("offline"), 1, True)
        self.client.on_connect = self._connected
        self.client.on_message = self._message

    @property
    def seq(self):
        """The last seq published."""
        return self.numbering.seq

    @property
    def game(self):
        """The game in play (from the board's hello)."""
        return self.numbering.game

    @game.setter
    def game(self, name):
        self.numbering.game = name

    def _status(self, status):
        return M.encode(self.numbering.make("status", {"status": status,
                                                       "last_seq": self.seq}, _now_ms()))

    def start(self):
        """Connect (asynchronously: the table plays on while the broker is away)."""
        self.client.connect_async(self.host, self.port, KEEPALIVE_S)
        self.client.loop_start()
        return self

    def flush(self, timeout=5.0):
        """Wait, at most ``timeout`` seconds, until the broker has acknowledged every event
        published so far (QoS 1). True when it has; False when the broker was not reached
        or did not answer in time (the messages are then lost for this run: say so)."""
        end = time.monotonic() + timeout
        while not self.client.is_connected() and time.monotonic() < end:
            time.sleep(0.05)
        if not self.client.is_connected():
            return False
        if self._last is None:
            return True
        try:
            self._last.wait_for_publish(max(0.0, end - time.monotonic()))
        except (RuntimeError, ValueError):
            return False
        return self._last.is_published()

    def stop(self, offline=True):
        """Say "offline" (retained) and disconnect; paho's thread ends."""
        if offline:
            try:
                self.client.publish(M.topic(self.table, "state", self.root),
                                    self._status("offline"), 1, True).wait_for_publish(5)
            except (RuntimeError, ValueError):
                pass  # not connected: the broker's last will says offline
        self.client.disconnect()
        self.client.loop_stop()

    def _connected(self, client, userdata, flags, reason, props=None):
        if reason.is_failure:
            return
        client.subscribe([(M.topic(self.table, "seats", self.root), 1),
                          (M.topic(self.table, "resend", self.root), 1)])
        self._publish_state()

    def _publish_state(self):
        self.client.publish(M.topic(self.table, "state", self.root), self._status("playing"),
                            1, True)

    def _message(self, client, userdata, msg):
        try:
            data = json.loads(msg.payload)
        except ValueError:
            return  # a bad request loses nothing: ignored
        if msg.topic.endswith("/seats") and isinstance(data, dict):
            self.seats = data
            if self.on_seats is not None:
                self.on_seats(data)
        elif msg.topic.endswith("/resend") and isinstance(data, dict) and \
                isinstance(data.get("from"), int):
            self.resend(data["from"])

    def resend(self, first):
        """Publish again every kept message from seq ``first`` on."""
        with self._lock:
            again = [self.sent[s] for s in sorted(self.sent) if s >= first]
        for data in again:
            self.client.publish(M.topic(self.table, "events", self.root), data, 1)

    def feed(self, frame):
        """Publish ``frame`` (a core.protocol.Frame from the board) if it is an event the
        club keeps; returns the message dict, or None."""
        got = M.from_frame(frame)
        if got is None:
            return None
        kind, payload = got
        with self._lock:
            msg = self.numbering.message(kind, payload, _now_ms())
            data = M.encode(msg)
            self.sent[self.seq] = data
            if self.seq_file:
                _write_seq(self.seq_file, self.seq)
        self._last = self.client.publish(M.topic(self.table, "events", self.root), data, 1)
        if kind in ("hello", "deal", "row", "game_over"):
            self._publish_state()
        return msg

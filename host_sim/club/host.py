"""The club host: subscribes to every table, stores every message, assigns seats, and
tells the standings page when a deal is booked (docs/club.md).

``ClubHost(store, host, port, user, password)``; ``start()`` connects (paho's thread),
``stop()`` disconnects. A message is decoded and stored; a duplicate is dropped by the
store; a gap (a table's seq jumping) makes the host ask the table to publish again from the
first missing seq (``ROOT/TABLE/resend``).
"""

import json
import threading
import time

from host_sim.club import message as M
from host_sim.club import standings
from host_sim.club.publisher import new_client


class Changes:
    """A version counter the page's server-sent-event streams wait on; ``lists()`` is the
    standings of the current version, built once per version."""

    def __init__(self, store, series_games=None):
        self.store = store
        self.series_games = series_games
        self.version = 0
        self.booked_ms = None  # when the message of the latest change was stored
        self._cond = threading.Condition()
        self._cache = (-1, None)

    def bump(self):
        """Something changed: a new version, the streams waiting on it wake up."""
        with self._cond:
            self.version += 1
            self.booked_ms = time.time() * 1000
            self._cond.notify_all()

    def wait(self, version, timeout):
        """The version after ``version`` (waits up to ``timeout`` s; the same one if none)."""
        with self._cond:
            self._cond.wait_for(lambda: self.version != version, timeout)
            return self.version

    def lists(self):
        """``(version, {name: (columns, rows)})``: the rankings of this version (built once
        per version), the tables list as the store has it now (each table's deal and
        message count move with every card, which bumps no version)."""
        v = self.version
        cached_v, lists = self._cache
        if cached_v != v:
            lists = standings.all_lists(self.store, self.series_games)
            self._cache = (v, lists)
        lists = dict(lists)
        lists["tables"] = standings.tables_list(self.store)
        return v, lists


class ClubHost:
    """Subscriber and store of a club (``root``: its topic root)."""

    def __init__(self, store, host="127.0.0.1", port=1883, user=None, password=None,
                 root=M.ROOT, series_games=None, client_id="club-host"):
        self.store = store
        self.root = root
        self.host, self.port = host, port
        self.changes = Changes(store, series_games)
        self.bad = []  # (topic, reason) of messages that could not be read
        self.duplicates = 0
        self._seen = store.last_seqs()  # table -> highest seq stored
        self._playing = {}  # table -> (game, deal) of its last message
        self.connected = threading.Event()
        self.client = new_client(client_id, user, password)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = lambda *a: self.connected.clear()
        self.client.on_message = self._on_message
        self.client.on_subscribe = self._on_subscribe

    def start(self):
        """Connect in paho's thread (reconnecting by itself); returns self. ``connected``
        is set once the subscriptions are acknowledged."""
        self.client.connect_async(self.host, self.port, 5)
        self.client.loop_start()
        return self

    def stop(self):
        """Disconnect and end paho's thread."""
        self.client.disconnect()
        self.client.loop_stop()

    def _on_connect(self, client, userdata, flags, reason, props=None):
        if reason.is_failure:
            return
        client.subscribe([("%s/+/events" % self.root, 1), ("%s/+/state" % self.root, 1)])
        for table, names in self.store.seats().items():
            self._push_seats(table, names)

    def _on_subscribe(self, client, userdata, mid, reasons, props=None):
        if not any(r.is_failure for r in reasons):
            self.connected.set()  # subscribed: from now on nothing published is missed

    def _on_message(self, client, userdata, msg):
        """paho's callback: one message read and stored. Nothing may raise out of it: an
        exception ends paho's network thread, and the broker, never acknowledged, would
        hand the same message to the restarted host again; a message that cannot be
        stored is listed in ``bad`` with the reason."""
        try:
            self._take(msg)
        except Exception as e:  # noqa: BLE001  (the store refused it: one message lost)
            self.bad.append((msg.topic, "not stored: %s: %s" % (type(e).__name__, e)))

    def _take(self, msg):
        try:
            m = M.decode(msg.payload)
        except M.BadMessage as e:
            self.bad.append((msg.topic, str(e)))
            return
        parts = msg.topic.split("/")
        if len(parts) != 3 or parts[1] != m["table"]:
            self.bad.append((msg.topic, "table %r published on another table's topic"
                             % m["table"]))
            return
        if m["kind"] == "status":
            self.store.add(m, int(time.time() * 1000))
            self._ask_missing(m["table"], m["payload"].get("last_seq"))
            self.changes.bump()
            return
        if not self.store.add(m, int(time.time() * 1000)):
            self.duplicates += 1
            return
        t, seen = m["table"], self._seen.get(m["table"], 0)
        if m["seq"] > seen + 1:
            self._ask(t, seen + 1)
        self._seen[t] = max(seen, m["seq"])
        playing = (m["game"], m["deal"])
        if m["kind"] in ("row", "hello", "deal", "game_over") or \
                self._playing.get(t, playing) != playing:
            self.changes.bump()  # a booking, or a table's next deal: the page redraws
        self._playing[t] = playing

    def _ask_missing(self, table, last_seq):
        if isinstance(last_seq, int) and last_seq > self._seen.get(table, 0):
            self._ask(table, self._seen.get(table, 0) + 1)

    def _ask(self, table, first):
        self.client.publish(M.topic(table, "resend", self.root),
                            json.dumps({"from": first}), 1)

    def assign(self, table, names):
        """Seat roster ``names`` at ``table`` (stored, pushed to the table retained)."""
        self.store.assign(table, names)
        self._push_seats(table, names)
        self.changes.bump()

    def _push_seats(self, table, names):
        self.client.publish(M.topic(table, "seats", self.root),
                            json.dumps({"table": table, "seats": list(names)}), 1, True)

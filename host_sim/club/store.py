"""The club host's store: every message of every table in SQLite (WAL journal).

``messages`` holds one row per (table, seq), so a duplicate is dropped on insert and a
missing seq shows as a gap (:meth:`Store.gaps`); ``status`` the last status per table;
``roster`` the club's players; ``seats`` who sits where at each table (the host assigns
them), and ``seatings`` every seating with the table's seq it was made at, so that a list
keeps the names it was played under when the next series is seated. Standings are rebuilt
from these tables at any time (host_sim.club.standings).
"""

import json
import sqlite3
import threading

from host_sim.club import message as M

_SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (
    table_id TEXT NOT NULL, seq INTEGER NOT NULL, game TEXT, deal INTEGER NOT NULL,
    kind TEXT NOT NULL, payload TEXT NOT NULL, ms INTEGER NOT NULL,
    received_ms INTEGER NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS status (
    table_id TEXT PRIMARY KEY, status TEXT NOT NULL, game TEXT, deal INTEGER NOT NULL,
    last_seq INTEGER NOT NULL, ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS roster (name TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS seatings (
    table_id TEXT NOT NULL, from_seq INTEGER NOT NULL, names TEXT NOT NULL);
"""


class Store:
    """The SQLite file ``path`` (``":memory:"`` for a throwaway one), thread-safe: paho's
    thread writes, the web server's threads read."""

    def __init__(self, path):
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)

    def close(self):
        """Close the database."""
        with self._lock:
            self._db.close()

    def _all(self, sql, args=()):
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def add(self, msg, received_ms):
        """Store one decoded message (host_sim.club.message.decode); True when it was new,
        False for a duplicate (same table and seq). A status message updates ``status``."""
        if msg["kind"] == "status":
            p = msg["payload"]
            with self._lock:
                self._db.execute(
                    "INSERT OR REPLACE INTO status VALUES (?,?,?,?,?,?)",
                    (msg["table"], str(p.get("status")), msg["game"], msg["deal"],
                     int(p.get("last_seq") or 0), msg["ms"]))
            return False
        with self._lock:
            cur = self._db.execute(
                "INSERT OR IGNORE INTO messages VALUES (?,?,?,?,?,?,?,?)",
                (msg["table"], msg["seq"], msg["game"], msg["deal"], msg["kind"],
                 json.dumps(msg["payload"]), msg["ms"], received_ms))
            return cur.rowcount == 1

    def messages(self, table=None, kinds=None):
        """Stored messages as dicts in (table, seq) order, of ``table`` and ``kinds`` only
        when given."""
        sql, args = "SELECT table_id, seq, game, deal, kind, payload, ms FROM messages", []
        where = []
        if table is not None:
            where.append("table_id = ?")
            args.append(table)
        if kinds:
            where.append("kind IN (%s)" % ",".join("?" * len(kinds)))
            args.extend(kinds)
        if where:
            sql += " WHERE " + " AND ".join(where)
        rows = self._all(sql + " ORDER BY table_id, seq", args)
        return [{"table": t, "seq": s, "game": g, "deal": d, "kind": k,
                 "payload": json.loads(p), "ms": ms} for t, s, g, d, k, p, ms in rows]

    def count(self):
        """Number of stored messages."""
        return self._all("SELECT COUNT(*) FROM messages")[0][0]

    def last_seqs(self):
        """``{table: highest stored seq}``."""
        return dict(self._all("SELECT table_id, MAX(seq) FROM messages GROUP BY table_id"))

    def gaps(self):
        """``{table: [missing seqs]}`` below each table's highest stored seq (and below the
        last seq its status announced)."""
        out = {}
        rows = self._all("SELECT table_id, seq FROM messages ORDER BY table_id, seq")
        have = {}
        for t, s in rows:
            have.setdefault(t, set()).add(s)
        for t, last in self._all("SELECT table_id, last_seq FROM status"):
            have.setdefault(t, set())
            top = max(max(have[t], default=0), last)
            missing = [s for s in range(1, top + 1) if s not in have[t]]
            if missing:
                out[t] = missing
        for t, seqs in have.items():
            if t not in out:
                missing = [s for s in range(1, max(seqs, default=0) + 1) if s not in seqs]
                if missing:
                    out[t] = missing
        return out

    def tables(self):
        """``[{table, status, game, deal, last_seq}]`` for every table heard of:
        ``last_seq`` is the highest seq stored; ``status`` the table's last status message
        (playing, offline; "playing" without one); ``game`` and ``deal`` those of the
        newest of the table's messages: its last stored event, or its status when that
        announced a seq as high (a new game's deals count from 1 again, so the highest
        deal ever stored is not the one in play)."""
        st = {t: (s, g, d, last) for t, s, g, d, last, _ in
              self._all("SELECT * FROM status")}
        out = {}
        for t, seq, g, d in self._all(
                "SELECT m.table_id, m.seq, m.game, m.deal FROM messages m JOIN "
                "(SELECT table_id, MAX(seq) AS top FROM messages GROUP BY table_id) x "
                "ON m.table_id = x.table_id AND m.seq = x.top"):
            s0, g0, d0, last = st.pop(t, ("playing", None, None, 0))
            out[t] = (s0, g0, d0, seq) if last >= seq and g0 else (s0, g, d, seq)
        for t, (s0, g0, d0, _) in st.items():  # a status heard, no event stored yet
            out[t] = (s0, g0, d0, 0)
        return [{"table": t, "status": s, "game": g, "deal": d, "last_seq": seq}
                for t, (s, g, d, seq) in sorted(out.items())]

    # --- roster and seats ----------------------------------------------------------------

    def add_player(self, name):
        """Put ``name`` on the club's roster (1..40 printable characters)."""
        name = str(name).strip()
        if not 0 < len(name) <= 40 or not name.isprintable():
            raise ValueError("a player's name is 1..40 printable characters: %r" % (name,))
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO roster VALUES (?)", (name,))

    def roster(self):
        """The roster's names, sorted."""
        return [n for (n,) in self._all("SELECT name FROM roster ORDER BY name")]

    def assign(self, table, names):
        """Seat ``names`` (roster names, seat 0 first) at ``table``; ValueError for a
        name not on the roster or seated twice."""
        M.check_table(table)
        roster = set(self.roster())
        unknown = [n for n in names if n not in roster]
        if unknown:
            raise ValueError("not on the roster: %s" % ", ".join(unknown))
        if len(set(names)) != len(names):
            raise ValueError("a player is seated twice at %s: %r" % (table, names))
        with self._lock:
            self._db.execute("DELETE FROM seats WHERE table_id = ?", (table,))
            self._db.executemany("INSERT INTO seats VALUES (?,?,?)",
                                 [(table, s, n) for s, n in enumerate(names)])
            # in force from the table's next message on (its seq: the store's highest + 1)
            self._db.execute(
                "INSERT INTO seatings SELECT ?, COALESCE(MAX(seq), 0) + 1, ? FROM messages "
                "WHERE table_id = ?", (table, json.dumps(list(names)), table))

    def seating_at(self, table, seq):
        """The names seated at ``table`` when its message ``seq`` was stored: the last
        seating made before it; None when none was (a list played out before anyone was
        seated stays "T01 P1"...: a later seating does not rename it). A store written
        before seatings were kept has its current seats only: those."""
        rows = self._all("SELECT from_seq, names FROM seatings WHERE table_id = ? "
                         "ORDER BY from_seq, rowid", (table,))
        if not rows:
            return self.seats().get(table)
        names = None
        for from_seq, n in rows:
            if from_seq <= seq:
                names = n
        return json.loads(names) if names is not None else None

    def seats(self):
        """``{table: [names by seat]}``."""
        out = {}
        for t, s, n in self._all("SELECT table_id, seat, name FROM seats ORDER BY table_id, "
                                 "seat"):
            out.setdefault(t, []).append(n)
        return out

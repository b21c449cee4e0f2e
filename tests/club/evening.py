"""Helpers of the club tests and the club benchmark: a Mosquitto broker with one user per
table, a club host on it, emulated tables publishing through it, and the check that the
store equals the tables' own lists."""

import time

from host_sim.club import standings
from host_sim.club.broker import CLUB_USER, Mosquitto
from host_sim.club.host import ClubHost
from host_sim.club.publisher import TablePublisher
from host_sim.club.store import Store
from host_sim.club.tables import EmulatedTable

CLUB_PASSWORD = "club-secret"


def password(table):
    return "pw-" + table


def start_broker(folder, tables, bridges=()):
    users = {CLUB_USER: CLUB_PASSWORD}
    users.update({t: password(t) for t in tables})
    users.update({b: password(b) for b in bridges})
    return Mosquitto(str(folder), users, bridges=bridges).start()


def start_club(port, db, client_id="club-host"):
    host = ClubHost(Store(str(db)), port=port, user=CLUB_USER, password=CLUB_PASSWORD,
                    client_id=client_id).start()
    assert host.connected.wait(10), "the club host did not connect"
    return host


def table(tid, game, players, seed, port):
    pub = TablePublisher(tid, port=port, password=password(tid)).start()
    return EmulatedTable(tid, game, players, seed, pub)


def wait_for(cond, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


def stored_rows(store, tid):
    """``(columns, rows)`` of the last list table ``tid`` has in the store."""
    lists = [s for s in standings.sheets(store) if s.table == tid]
    return (lists[-1].columns, lists[-1].rows) if lists else (None, [])


def store_matches(store, tables):
    """True when every table's stored list equals its board's own list, and every message
    the tables published is stored once (no gap)."""
    for t in tables:
        cols, rows = t.sheet()
        if stored_rows(store, t.table) != (cols, [list(r) for r in rows]):
            return False
        if store.last_seqs().get(t.table) != t.publisher.seq:
            return False
    gaps = store.gaps()
    return not any(t.table in gaps for t in tables)

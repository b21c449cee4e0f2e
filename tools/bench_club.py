"""A club evening measured (issue 23, ``make bench``; figures in docs/performance.md).

    python tools/bench_club.py [--tables 50] [--deals 2] [--drops 5] [--no-restart] [--json]

Starts Mosquitto (Debian's ``mosquitto``) on a free loopback port with one user per table
and the ACL, the club host (SQLite store) and its standings page, then runs ``--tables``
emulated tables (Skat at 3 and 4 seats, Tarot at 4, Zhopa and Magistr at 3, in turn),
each playing ``--deals`` deals (a Zhopa game may end earlier) on its own emulated board,
all interleaved step by step so that their messages mix on the broker as in a room. Half
way through, the broker is restarted, and ``--drops`` tables lose their connection (the
socket cut) twice each; every table goes on playing.

At the end it checks that the store equals the tables' own lists (every row of every
table's sheet, as the board holds it), that no message is missing (gaps) and that none was
stored twice, and prints:

- card to page: from the card that ended a deal (its message's time at the table) to the
  page's event stream delivering standings that hold that deal's row (an SSE client like
  the page's own, reading ``/events``); the table books the deal (OK on its result screen)
  at once; p50, p95, max;
- row to page: the same from the booked row's message (the club's pipeline: broker, host,
  store, page);
- card to row at the table: the emulated board's own time from that card to the booked
  row (CPU-bound emulation of the board's loop: it grows with the machine's load);
- messages, deals booked, duplicates received and dropped, wall time.

Exit status 0 when the store equals the tables, 1 otherwise.
"""

import argparse
import http.client
import json
import os
import socket
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests")]

from club.evening import start_broker, start_club, table, wait_for  # noqa: E402
from device import timing  # noqa: E402
from host_sim.club.web import StandingsServer  # noqa: E402

GAMES = (("skat", 3), ("tarot", 4), ("skat", 4), ("zhopa", 3), ("magistr", 3))


class StreamWatch:
    """Reads the page's ``/events`` stream in a thread, as the page does: ``seen`` is
    ``[(ms delivered, {table: highest seq stored})]`` from each update's table list."""

    def __init__(self, url):
        host, port = url.split("//")[1].rstrip("/").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=600)
        self.seen = []
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self._thread.start()
        return self

    def _run(self):
        self.conn.request("GET", "/events")
        try:
            for line in self.conn.getresponse():
                if line.startswith(b"data: "):
                    now = time.time() * 1000
                    rows = json.loads(line[6:])["lists"]["tables"]["rows"]
                    self.seen.append((now, {r[0]: r[4] for r in rows}))
        except (OSError, ValueError):
            return

    def delivered(self, table, seq):
        """When the page first had table's message ``seq`` stored (ms), or None."""
        for ms, seqs in self.seen:
            if seqs.get(table, 0) >= seq:
                return ms
        return None


def latencies(store, watch):
    """``(card to page, row to page, card to row)`` lists in ms: per booked row, from the
    last card before it, and from the row itself, to the page's stream having it; and from
    that card to the row leaving the table (the emulated board's own time)."""
    card, row, table_ms = [], [], []
    last_card = {}
    for m in store.messages(kinds=("card", "row")):
        if m["kind"] == "card":
            last_card[m["table"]] = m["ms"]
            continue
        at = watch.delivered(m["table"], m["seq"])
        if at is None:
            continue
        row.append(at - m["ms"])
        if m["table"] in last_card:
            card.append(at - last_card[m["table"]])
            table_ms.append(m["ms"] - last_card[m["table"]])
    return card, row, table_ms


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100.0 * (len(xs) - 1))))] if xs else None


def _figures(xs):
    return {"p50": _r(percentile(xs, 50)), "p95": _r(percentile(xs, 95)),
            "max": _r(max(xs) if xs else None), "n": len(xs)}


def _r(x):
    return None if x is None else round(x, 1)


def play_tables(port, ids, deals, drops, out):
    """The room (a process of its own, as the tables are separate machines): every table
    interleaved step by step; ``drops`` tables lose their connection after their first
    and second booked deals. Puts ``{table: [columns, rows, last seq]}`` on ``out``."""
    tables = [table(tid, *GAMES[i % len(GAMES)], seed=i + 1, port=port)
              for i, tid in enumerate(ids)]
    steps = [t.player.script(deals) for t in tables]
    for t in tables:
        t.player.power_on()
        t.player.board.run(50)
    cuts = dict((t.table, 2) for t in tables[:drops])
    live = list(range(len(tables)))
    ahead = [next(g, None) for g in steps]  # each table's next step
    chained = False
    while live:
        for i in list(live):
            t = tables[i]
            timing.use(t.player.board.clock)  # the firmware's clock is this board's
            step = ahead[i]
            if step is None:
                live.remove(i)
                continue
            t.player._run_step(step)
            ahead[i] = next(steps[i], None)
            # after a card, what is not a card (the skat scanned, the result, OK) is done at
            # once: the players book a finished deal without waiting for the other tables
            while step[0] == "card" or step[0] in ("ui", "result") and chained:
                if ahead[i] is None or ahead[i][0] == "card":
                    break
                step, chained = ahead[i], True
                t.player._run_step(step)
                ahead[i] = next(steps[i], None)
            chained = False
            if step[0] == "next" and cuts.get(t.table):
                cuts[t.table] -= 1
                try:
                    t.publisher.client.socket().shutdown(socket.SHUT_RDWR)
                except (OSError, AttributeError):
                    pass
    for t in tables:  # every queued message out before the room closes
        wait_for(lambda: not t.publisher.client._out_messages, 60)
    out.put(dict((t.table, [t.sheet()[0], [list(r) for r in t.sheet()[1]], t.publisher.seq])
                 for t in tables))
    for t in tables:
        t.publisher.stop(offline=False)


def store_equals(store, tables):
    """True when every table's stored list and highest seq equal the room's report."""
    from club.evening import stored_rows
    gaps = store.gaps()
    seqs = store.last_seqs()
    return all(stored_rows(store, tid) == (cols, rows) and seqs.get(tid) == seq and
               tid not in gaps for tid, (cols, rows, seq) in tables.items())


def run(n_tables, deals, drops, restart):
    import multiprocessing
    folder = tempfile.mkdtemp(prefix="bench-club-")
    ids = ["T%02d" % (i + 1) for i in range(n_tables)]
    broker = start_broker(folder, ids)
    club = start_club(broker.port, os.path.join(folder, "club.db"))
    page = StandingsServer(club.changes).start()
    watch = StreamWatch(page.url).start()
    t0 = time.time()
    out = multiprocessing.get_context("fork").Queue()
    room = multiprocessing.get_context("fork").Process(
        target=play_tables, args=(broker.port, ids, deals, drops, out))
    room.start()
    restarted = False
    half = max(1, n_tables * deals // 2)
    while room.is_alive() and out.empty():
        if restart and not restarted and len(club.store.messages(kinds=("row",))) >= half:
            broker.restart()  # mid-evening
            restarted = True
        time.sleep(0.1)
    tables = out.get(timeout=600)
    room.join(60)
    played_s = time.time() - t0
    ok = wait_for(lambda: store_equals(club.store, tables), 120)
    time.sleep(1)
    card, row, table_ms = latencies(club.store, watch)
    booked = sum(len(rows) for _, rows, _ in tables.values())  # the boards' own lists
    result = {"tables": n_tables, "deals_per_table": deals, "drops": drops,
              "broker_restarted": restarted, "ok": ok, "played_s": round(played_s, 1),
              "messages": club.store.count(), "duplicates_dropped": club.duplicates,
              "gaps": club.store.gaps(), "deals_booked": booked, "rows_timed": len(row),
              "card_to_page_ms": _figures(card), "row_to_page_ms": _figures(row),
              "card_to_row_at_table_ms": _figures(table_ms), "load": os.getloadavg()[0]}
    page.stop()
    club.stop()
    broker.stop()
    return result, club


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--drops", type=int, default=5)
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    result, _ = run(args.tables, args.deals, args.drops, not args.no_restart)
    print(json.dumps(result, indent=1) if args.json else result)
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())

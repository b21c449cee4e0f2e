"""``trickref club``: the club host of an evening (docs/club.md).

    trickref club [--broker HOST[:PORT]] [--user U --password P] [--db FILE]
                  [--http [HOST:]PORT] [--roster FILE] [--seat TABLE=NAME,NAME,...]
                  [--skat-series N] [--seconds N] [--draw-seats] [--export-csv DIR]

Subscribes to every table under the topic root, stores every message in ``--db``
(SQLite, WAL), serves the live standings page on ``--http`` (default 127.0.0.1:8023).
Without ``--broker`` an embedded broker (amqtt) runs on 127.0.0.1:1883 (``--embedded-port``)
for a one-laptop club. ``--roster FILE``: the club's players, one name a line; ``--seat`` seats roster
names at a table (pushed to it, retained). ``--export-csv DIR`` writes every list the store
holds as CSV and exits; ``--draw-seats`` prints the seat draw for the next Skat series
among the roster (the store's and ``--roster``'s names) and exits. Both only read: they
store nothing, ``--seat`` with either is refused, as is ``--roster`` with ``--export-csv``
and an export of a ``--db`` that does not exist. Exit status 0; 2 for a bad option, an
unreadable file, or a broker that cannot be reached or started.
"""

import os
import sys
import time

from host_sim.i18n import counted

HELP = "the club host: subscribe to the tables, store every message, serve live standings"


def add_arguments(p):
    """Options of ``club``."""
    p.add_argument("--broker", metavar="HOST[:PORT]",
                   help="the club's MQTT broker (default: start an embedded one)")
    p.add_argument("--embedded-port", type=int, default=1883,
                   help="port of the embedded broker when no --broker is given (default 1883)")
    p.add_argument("--user", default="club-host", help="broker user (default club-host)")
    p.add_argument("--password", default=None,
                   help="broker password (default: $TRICKREF_CLUB_PASSWORD)")
    p.add_argument("--root", default="club", help="the club's topic root (default club)")
    p.add_argument("--db", default="club.db", help="the SQLite store (default club.db)")
    p.add_argument("--http", default="127.0.0.1:8023", metavar="[HOST:]PORT",
                   help="where the standings page listens (default 127.0.0.1:8023)")
    p.add_argument("--roster", metavar="FILE", help="players' names, one a line")
    p.add_argument("--seat", action="append", default=[], metavar="TABLE=NAME,NAME,...",
                   help="seat roster names at a table, seat 1 first (repeatable)")
    p.add_argument("--skat-series", type=int, default=None, metavar="N",
                   help="games in a Skat series (default 36 at 3 seats, 48 at 4)")
    p.add_argument("--seconds", type=float, default=None,
                   help="run this long (default: until Ctrl-C)")
    p.add_argument("--export-csv", metavar="DIR",
                   help="write every list of the store as DIR/NAME.csv and exit; only "
                        "reads the store (--db must exist; --seat and --roster are refused)")
    p.add_argument("--draw-seats", action="store_true",
                   help="print the seat draw for the next Skat series among the store's "
                        "roster and --roster's names and exit; stores nothing (--seat is "
                        "refused)")
    p.add_argument("--seed", type=int, default=None, help="seed of --draw-seats")


def _addr(text, default_host):
    """``(host, port)`` of ``[HOST:]PORT`` (port 0: a free one)."""
    host, _, port = text.rpartition(":")
    if not port.isdigit() or int(port) > 65535:
        raise ValueError("--http wants [HOST:]PORT, not %r" % text)
    return host or default_host, int(port)


def _roster_names(path):
    """The names of the roster file ``path`` (one a line, blank lines skipped); [] for
    no file."""
    if not path:
        return []
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


def _setup(args):
    """``(roster names, seats)`` of the options, checked (ValueError, OSError); nothing
    is stored yet."""
    roster = _roster_names(args.roster)
    seats = []
    for s in args.seat:
        table, _, names = s.partition("=")
        if not names:
            raise ValueError("--seat wants TABLE=NAME,NAME,..., not %r" % s)
        seats.append((table, [n.strip() for n in names.split(",")]))
    _one_seat_each(seats)
    return roster, seats


def _one_seat_each(seats):
    """The ``--seat`` options of one start are the room's seating: ValueError for a table
    seated twice or a player seated at two tables (both lists would be summed under one
    name). A table not named keeps its earlier seating (a series still being played)."""
    at, tables = {}, set()
    for table, names in seats:
        if table in tables:
            raise ValueError("--seat: %s is seated twice" % table)
        tables.add(table)
        for name in names:
            if name in at and at[name] != table:
                raise ValueError("--seat: %s is seated at %s and at %s" % (
                    name, at[name], table))
            at[name] = table


def _still_seated(store, seats):
    """Warnings for players of ``seats`` still seated at a table this start does not seat
    (its earlier seating holds until it is seated again): a list of lines."""
    now = {n: t for t, names in seats for n in names}
    named = {t for t, _ in seats}
    return ["note: %s is still seated at %s (its earlier seating): seat %s again when its "
            "series is over" % (n, t, t)
            for t, names in sorted(store.seats().items()) if t not in named
            for n in names if n in now]


def _export(store, args):
    from host_sim.club import standings
    from host_sim.console import write_csv
    os.makedirs(args.export_csv, exist_ok=True)
    for name, (cols, rows) in standings.all_lists(store, args.skat_series).items():
        write_csv(os.path.join(args.export_csv, name + ".csv"), cols, rows)
        print("%s: %s" % (name, counted(len(rows), "row")))
    return 0


def _read_only(names, seats, args):
    """``--export-csv`` or ``--draw-seats``: they only read the store (an organiser
    exporting the evening or drawing the next series' seats changes nothing): ValueError
    for ``--seat`` with either, ``--roster`` with the export, or an export of a store
    that is not there (a mistyped ``--db`` would be made and give empty lists). The draw
    is among the store's roster and ``names`` (``--roster``), none of them stored."""
    from host_sim.club.store import Store
    what = "--export-csv" if args.export_csv else "--draw-seats"
    if seats or (names and args.export_csv):
        raise ValueError("%s only reads the store: %s belong to a run of the evening, "
                         "not to %s" % (what, "--seat and --roster" if args.export_csv
                                        else "--seat options", what))
    there = os.path.exists(args.db)
    if args.export_csv:
        if not there:
            raise ValueError("no store at %s (--db): nothing to export" % args.db)
        return _export(Store(args.db), args)
    from host_sim.club.standings import draw_seats
    roster = set(names) | set(Store(args.db).roster() if there else ())
    for i, table in enumerate(draw_seats(sorted(roster), args.seed)):
        print("table %d: %s" % (i + 1, ", ".join(table)))
    return 0


def run(args):
    """Run the club host; returns the exit status."""
    from host_sim.club.store import Store
    try:
        names, seats = _setup(args)
        if args.export_csv or args.draw_seats:
            return _read_only(names, seats, args)
        http = _addr(args.http, "127.0.0.1")
        store = Store(args.db)
        for name in names:
            store.add_player(name)
        for line in _still_seated(store, seats):
            print(line, file=sys.stderr)
    except (OSError, ValueError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    return _serve(store, seats, http, args)


def _serve(store, seats, http, args):
    from host_sim.club.broker import BrokerError, EmbeddedBroker
    from host_sim.club.host import ClubHost
    from host_sim.club.publisher import broker_address
    from host_sim.club.web import StandingsServer
    broker = club = None
    try:
        if args.broker:
            host, port = broker_address(args.broker)
        else:
            broker = EmbeddedBroker("127.0.0.1", args.embedded_port).start()
            host, port = broker.host, broker.port
            print("embedded broker on %s:%d (anonymous: for one laptop; a real room uses "
                  "Mosquitto, docs/club.md)" % (host, port))
        club = ClubHost(store, host, port, args.user,
                        args.password or os.environ.get("TRICKREF_CLUB_PASSWORD"),
                        root=args.root, series_games=args.skat_series).start()
        if not club.connected.wait(10):
            raise BrokerError("no connection to the broker %s:%d within 10 s" % (host, port))
        for table, names in seats:
            club.assign(table, names)
        try:
            page = StandingsServer(club.changes, *http).start()
        except OSError as e:  # name the port the page could not take
            raise OSError("the standings page cannot listen on %s:%s (%s): another program "
                          "has it; choose another with --http" % (http[0], http[1],
                                                                   e.strerror or e))
    except (BrokerError, OSError, ValueError) as e:
        print("error: %s" % e, file=sys.stderr)
        for part in (club, broker):
            if part is not None:
                part.stop()
        return 2
    print("standings page: %s" % page.url, flush=True)
    try:
        end = None if args.seconds is None else time.monotonic() + args.seconds
        while end is None or time.monotonic() < end:
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        page.stop()
        club.stop()
        if broker is not None:
            broker.stop()
        print("stored %s in %s; gaps: %s" % (counted(store.count(), "message"), args.db,
                                              store.gaps() or "none"))
    return 0

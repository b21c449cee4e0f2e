"""``trickref console URL``: watch a board over its serial link; query it, export the sheet.

    trickref console URL [--query] [--csv FILE] [--seconds N] [--hex]
    trickref console URL --export-csv FILE [--timeout S]
    trickref console URL --export-journal FILE [--timeout S]
    trickref console URL --pair CODE [--keys FILE]

``URL`` is anything pyserial opens: ``/dev/ttyACM0`` (a board on USB), or the emulated
board's ``socket://127.0.0.1:PORT`` (printed by ``trickref sim``). Without an export
option the console prints one readable line per event (cards, tricks, refusals, deal ends,
sheet rows) until Ctrl-C or ``--seconds`` have passed; ``--csv FILE`` keeps FILE equal to
the score sheet (the board's sheet at start, then each row as it is booked; a new
game, which the board's hello names, starts it afresh). ``--query``
prints the board's state first (``--query --seconds 0``: only that, then exit).
``--pair CODE`` pairs this host with the board showing CODE (its menu, "Pair host"),
keeping the key in ``--keys FILE`` (default ``$TRICKREF_KEYS`` or
``~/.config/trickref/keys.json``); a paired host logs in by itself for the full state and
the journal export (docs/protocol.md "Pairing"). Exit status: 0, 1 when the board does not
answer in time or refuses, or a request does not fit a frame (a host name in the keys file
too long for the hello), 2 when the port cannot be opened or a file cannot be written.
"""

import sys
import time

from core import protocol as P
from core.errors import TrickrefError
from core.vocab import LANGUAGES
from host_sim import i18n
from host_sim.i18n import counted
from host_sim.console import (CardWords, Console, ConsoleError, KeyStore,
                              check_journal_bytes, describe, game_of, open_port, write_csv)

HELP = "show a board's live events over its serial link, query it, export the score sheet"


def add_arguments(p):
    """Options of ``console``."""
    p.add_argument("url", help="pyserial URL or device: socket://127.0.0.1:PORT, /dev/ttyACM0")
    p.add_argument("--query", action="store_true",
                   help="print the board's state first (then watch; with --seconds 0, exit)")
    p.add_argument("--csv", metavar="FILE",
                   help="while watching, keep FILE equal to the score sheet (CSV)")
    p.add_argument("--export-csv", metavar="FILE",
                   help="fetch the score sheet, write it as CSV to FILE and exit")
    p.add_argument("--export-journal", metavar="FILE",
                   help="fetch the board's journal, write its raw bytes to FILE and exit")
    p.add_argument("--seconds", type=float, default=None,
                   help="stop watching after this many seconds (default: until Ctrl-C)")
    p.add_argument("--timeout", type=float, default=5.0,
                   help="seconds to wait for an answer from the board (default 5)")
    p.add_argument("--hex", action="store_true", help="also dump every frame's bytes in hex")
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help="cards in players' words in this language (core/vocab.py) and the "
                        "console's own lines (host_sim/locale, gettext); "
                        "default: the wire's codes")
    p.add_argument("--look", action="append", default=[], metavar="DECK=LOOK",
                   help="a deck's look for --lang: skat=german|french, "
                        "tarot=marseille|nouveau (repeatable)")
    p.add_argument("--pair", metavar="CODE",
                   help="pair with the board showing CODE on its LCD (menu: Pair host)")
    p.add_argument("--mqtt", metavar="HOST[:PORT]",
                   help="also publish every event to the club's MQTT broker (docs/club.md)")
    p.add_argument("--table", default=None,
                   help="the table id (and broker user) for --mqtt (default table1)")
    p.add_argument("--mqtt-password", default=None,
                   help="the table's broker password (default $TRICKREF_TABLE_PASSWORD)")
    p.add_argument("--keys", metavar="FILE", default=None,
                   help="this host's pairing keys (default $TRICKREF_KEYS or "
                        "~/.config/trickref/keys.json)")


def _trace(direction, data):
    print("%s %s" % (direction, P.hexdump(data)))


def run(args):
    """Open the port and do what the options ask; returns the exit status."""
    try:
        port = open_port(args.url)
    except ConsoleError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    con = Console(port, trace=_trace if args.hex else None)
    try:
        return _run(con, args)
    except ConsoleError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    except OSError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    finally:
        port.close()


def _game_in_play(con, timeout):
    """The board's game, asked once when the console attaches (the board's hello may be
    long past: Tarot's trick points arrive in half-points and are shown halved only when
    the game is known). None when the board does not answer."""
    try:
        return game_of(P.Frame(-1, P.R_STATE, (-1, con.query_state(min(timeout, 2.0)))))
    except ConsoleError:
        return None


def _card_words(args):
    """The CardWords of ``--lang``/``--look`` (None: the wire's codes); raises
    ConsoleError naming a bad look."""
    lang, given = getattr(args, "lang", None), getattr(args, "look", None) or ()
    i18n.set_language(lang or "en")  # the console's own lines (host_sim/i18n.py)
    if lang is None and not given:
        return None
    looks = {}
    for item in given:
        deck, sep, look = item.partition("=")
        if not sep:
            raise ConsoleError("--look wants DECK=LOOK, not %r" % item)
        looks[deck] = look
    try:
        return CardWords(lang or "en", looks)
    except TrickrefError as e:
        raise ConsoleError(str(e))


def _run(con, args):
    words = _card_words(args)
    keys = KeyStore(args.keys)
    if args.pair:
        con.pair(args.pair, keys, args.timeout)
        print("paired with the board; key kept in %s" % keys.path)
        if not (args.query or args.export_csv or args.export_journal or args.csv
                or args.seconds is not None):
            return 0  # pairing alone: done
    elif args.export_journal:
        con.login(keys, args.timeout)
    elif args.query and keys.boards:
        try:  # a login shows the seat too; the state itself is public
            con.login(keys, args.timeout)
        except ConsoleError as e:  # a key of another board, or one the board forgot
            print("note: %s; the public state only" % e, file=sys.stderr)
    game = None
    if args.query:
        state = P.Frame(-1, P.R_STATE, (-1, con.query_state(args.timeout)))
        game = game_of(state)
        print(describe(state, game, words))
    if args.export_csv:
        columns, rows = con.export_sheet(args.timeout)
        write_csv(args.export_csv, columns, rows)
        print("score sheet: %s written to %s" % (counted(len(rows), "row"), args.export_csv))
        return 0
    if args.export_journal:
        data = con.export_journal(max(args.timeout, 30.0))
        records, report = check_journal_bytes(data)
        with open(args.export_journal, "wb") as f:
            f.write(data)
        print("journal: %s, %s written to %s (%s)"
              % (counted(len(data), "byte"), counted(len(records), "record"),
                 args.export_journal, report))
        return 0
    columns, rows = None, []
    if args.csv:
        columns, rows = con.export_sheet(args.timeout)
        write_csv(args.csv, columns, rows)
    if game is None:
        game = _game_in_play(con, args.timeout)
    publish = _publisher(args, game)
    try:
        return _watch(con, args, game, columns, rows, publish, words)
    finally:
        if publish is not None:
            publish.__self__.stop()


def _publisher(args, game):
    """The club publisher's ``feed`` for ``--mqtt`` (host_sim.club.publisher), or None."""
    if not getattr(args, "mqtt", None):  # (callers may build args without the option)
        return None
    import os

    from host_sim.club.publisher import TablePublisher, broker_address
    table = args.table or "table1"
    try:
        host, port = broker_address(args.mqtt)
        pub = TablePublisher(table, host, port, password=args.mqtt_password or
                             os.environ.get("TRICKREF_TABLE_PASSWORD"),
                             seq_file=os.path.join(os.path.dirname(KeyStore(args.keys).path),
                                                   "club-%s.seq" % table))
    except ValueError as e:
        raise ConsoleError("--mqtt: %s" % e)
    pub.game = game
    return pub.start().feed


def _watch(con, args, game, columns, rows, publish, words=None):
    end = None if args.seconds is None else time.monotonic() + args.seconds
    while end is None or time.monotonic() < end:
        left = 0.5 if end is None else max(0.0, min(0.5, end - time.monotonic()))
        for item in con.take(left):
            if args.csv and isinstance(item, P.Frame) and item.type == P.EV_HELLO and \
                    game_of(item) is not None:  # a game starts: its sheet is empty
                if game_of(item) != game:  # another game's columns come with its rows
                    columns = None
                rows = []
                write_csv(args.csv, columns or [], rows)
            game = game_of(item, game)
            print(describe(item, game, words), flush=True)
            if publish is not None and isinstance(item, P.Frame):
                publish(item)
            if args.csv and isinstance(item, P.Frame) and item.type == P.EV_ROW and \
                    isinstance(item.value, (list, tuple)) and len(item.value) == 2 and \
                    isinstance(item.value[0], list) and isinstance(item.value[1], list):
                if list(item.value[0]) != columns:  # another game's sheet: start afresh
                    columns, rows = list(item.value[0]), []
                rows.append(list(item.value[1]))
                write_csv(args.csv, columns, rows)
    return 0

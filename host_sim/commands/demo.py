"""``trickref demo``: a game refereed end to end on the emulated board, as a table plays it.

``--game skat`` (the default) plays ISS game 6997010 (shipped in ``host_sim/data``); the
other games play a built-in seeded deal. The whole firmware runs from power-on: the game
is chosen in the menus with the buttons, the choices are entered (the auction's result and
the contract; bids; the first leader...), every card is laid on its seat's pad, read by
the MFRC522 driver from its NTAG213 sticker, judged by the referee and shown on the LCD.
After every trick the LCD's rows are printed as read back from the emulated HD44780's
DDRAM (suit glyphs from its CGRAM as Unicode); then the deal's result, and a PNG of the
table is saved. With ``--record FILE`` the records up to the first played one are first
checked against their deals (``core.iss.replay``): a move the deal or the rules refuse, or
a move after the end of the game, stops the demo with the game, the move and the reason.

``--flash DIR`` keeps the board's flash (its journal) in DIR: kill the demo at any moment
and run the same command again, and it resumes and ends exactly as an uninterrupted run.
"""

import os

from core import iss
from host_sim.i18n import counted

HELP = "play a game on the emulated board (default: a real ISS Skat record)"

DEMO_RECORD = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data",
                           "demo_skat.sgf")


def add_arguments(p):
    """Options of ``demo``."""
    p.add_argument("--game", default="skat", choices=("skat", "magistr", "tarot", "zhopa"),
                   help="the game to demonstrate (default skat: a real ISS record)")
    p.add_argument("--record", default=DEMO_RECORD,
                   help="Skat: an ISS .sgf file; its first played record is replayed")
    p.add_argument("--players", type=int, default=None,
                   help="players for the seeded demos (default 3; tarot 4); with Skat, "
                        "a seeded deal instead of the ISS record")
    p.add_argument("--seed", type=int, default=None,
                   help="seed of the seeded demo deal (default 1); with Skat, a seeded "
                        "deal instead of the ISS record")
    p.add_argument("--deals", type=int, default=1, help="deals of the seeded demos (1 or more)")
    p.add_argument("--flash", default=None, metavar="DIR",
                   help="keep the board's flash (journal) in DIR and resume from it")
    p.add_argument("--png", default=os.path.join("out", "demo_table.png"),
                   help="where to save the picture of the table (default out/demo_table.png)")


def run(args):
    """Play, print the LCD after every trick, then the result; save the PNG."""
    from host_sim.autoplay import IssSkatPlayer, table_player
    journal = None
    if args.flash:
        from core.journal import Journal
        os.makedirs(args.flash, exist_ok=True)
        journal = Journal(os.path.join(args.flash, "journal.bin"))
    from core.errors import TrickrefError
    from device import flows
    if args.deals < 1:
        print("error: --deals %d: a demo plays 1 deal or more" % args.deals)
        return 2
    seeded = args.game != "skat" or args.seed is not None or args.players is not None
    if not seeded:
        try:
            rec = first_played(args.record)
        except (OSError, UnicodeDecodeError, TrickrefError) as e:
            print("error: %s" % e)
            return 1 if isinstance(e, TrickrefError) else 2  # refused, or unreadable
        if rec is None:
            print("error: no played game in %s" % args.record)
            return 2
        player = IssSkatPlayer(rec, journal=journal)
        print("Skat, ISS game %s, 3 players: its deal, auction and play at the table"
              % rec.id)
        deals = 1
    else:
        players = args.players or (4 if args.game == "tarot" else 3)
        flow = flows.load(args.game)
        if players not in flow.PLAYERS:
            print("error: %s is played by %s players, not %d" % (
                flow.TITLE, "/".join(str(n) for n in flow.PLAYERS), players))
            return 2
        seed = 1 if args.seed is None else args.seed
        try:
            player = table_player(args.game, players, seed=seed, journal=journal)
        except ValueError as e:
            print("error: %s" % e)
            return 2
        print("%s, %d players, seed %d" % (flow.TITLE, players, seed))
        deals = args.deals
    def on_trick(ev, lines):
        app = player.ctl.app
        n = app.referee.deal.tricks_done if app is not None else 0  # counts after a resume
        print("trick %2d | %s |" % (n, lines[0]))
        for row in lines[1:]:
            print("         | %s |" % row)

    shown = []

    def on_result(lines):  # each deal's result after its tricks (--deals N: every deal's)
        shown.append(lines)
        for row in lines:
            print("result   | %s" % row)
        if args.game == "skat":  # and in players' words, each deal's (not the last alone)
            _skat_words(player)

    player.on_trick = on_trick
    player.on_result = on_result
    try:
        results = player.play(deals, resume=journal is not None)
    except (ValueError, TrickrefError, AssertionError) as e:
        print("error: %s" % e)
        if args.flash:
            print("(the record or the flash folder %s does not fit this demo: choose another "
                  "--flash folder or delete it)" % args.flash)
        return 1
    ctl = player.ctl
    if journal is not None and not results and ctl.match is None and ctl.last_sheet:
        print("the flash folder %s holds this game, finished: its sheet follows (delete "
              "the folder or choose another --flash to play again)" % args.flash)
    if not shown:  # a journal resumed on its result: the result the board shows
        for row in player.result_lines:
            print("result   | %s" % row)
    sheet = ctl.last_sheet if ctl.match is None else player.flow.sheet_lines(ctl.match)
    cols = player.board.lcd_model.cols
    for row in sheet or []:  # as the LCD shows it: a row longer than the display is cut
        print("sheet    | %s |" % (row + " " * cols)[:cols])
    for shadow, board in results:
        if shadow != board and shadow.value is not None:
            print("the board's result differs from the referee's with the hands known "
                  "(%+d, matadors %+d): the board counts only the cards laid on its pads"
                  % (shadow.value, shadow.matadors))
    _picture(args, player)
    return 0 if all(a == b for a, b in results) else 1


def _skat_words(player):
    """Print the Skat deal that just ended (``player.results``' last, the board's) in
    players' words and its declarer's figures; nothing for a deal without a game (all
    passed, a Ramsch)."""
    r = player.results[-1][1] if player.results else None
    if r is None or r.value is None or r.contract is None:
        return
    match = player.ctl.match  # before the booking: the seats the result row names
    seat = match.table_seats()[r.declarer] if match is not None else None
    print(skat_in_words(r, seat))
    print("declarer: %s, %s, %+d" % (counted(r.declarer_points, "point"),
                                     counted(r.declarer_tricks, "trick"), r.value))


# Skat's contracts in players' words (ISkO 5.1): the suits of the German-suited deck.
_KINDS = ("Eichel", "Grün", "Herz", "Schellen", "Grand", "Null")
_DEAL_SEATS = ("forehand", "middlehand", "rearhand")


def skat_in_words(r, table_seat=None):
    """A Skat result as players say it: ``"Grand by P2 (forehand), bid 46: 88 card
    points, 8 tricks: won, +48"``. ``r``: a ``core.games.skat.Result``; ``table_seat``:
    the declarer's table seat (0-based) when the sheet booked it."""
    c = r.contract
    extras = [w for w, on in (("hand", c.hand and not c.ouvert),
                              ("schneider announced", c.schneider and not c.schwarz
                               and not c.ouvert),
                              ("schwarz announced", c.schwarz and not c.ouvert),
                              ("ouvert", c.ouvert)) if on]
    who = _DEAL_SEATS[r.declarer]
    if table_seat is not None and table_seat >= 0:
        who = "P%d (%s)" % (table_seat + 1, who)
    verdict = "overbid" if r.overbid else ("won" if r.won else "lost")
    return "%s by %s, bid %d: %s, %s: %s, %+d" % (
        " ".join([_KINDS[c.kind]] + extras), who, r.bid,
        counted(r.declarer_points, "card point"), counted(r.declarer_tricks, "trick"),
        verdict, r.value)


def first_played(path):
    """The first record of the ISS file ``path`` that is played (not all passed), each
    record up to it checked against its deal (``core.iss.replay``: a refused move, a move
    after the end, raises RecordError naming the game and the move); None when none is."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            rec = iss.parse_record(line)
            if iss.replay(rec).result().status != "passed":
                return rec
    return None


def _picture(args, player):
    try:
        from host_sim.ui.table import render_table
    except ImportError as e:  # pygame is in the [sim] extra
        print("no picture (%s): pip install 'trickref[sim]'" % e)
        return
    lcd = player.result_lcd or player.board.lcd_lines()  # the LCD as the deal ended
    path = render_table(args.png, player.deck, player.players, dict(player.laid), lcd,
                        "trickref - %s, last trick" % player.game)
    print("table picture: %s" % path)

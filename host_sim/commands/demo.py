"""``trickref demo``: a game refereed end to end on the emulated board.

``--game skat`` (the default) replays ISS game 6997010 (shipped in ``host_sim/data``): the bids and
the contract are entered as at the table, every card is laid on its seat's pad, read by
the MFRC522 driver from its NTAG213 sticker, judged by the referee and shown on the LCD.
After every trick the LCD's rows are printed as read back from the emulated HD44780's
DDRAM; at the end the declarer's points and tricks, and a PNG of the table is saved.

``--game magistr|tarot|zhopa`` plays a built-in seeded deal of that game the same way:
the game chosen in the menus with the buttons, the choices entered, every card laid on
its pad (legal play picked by the rules core, which alone sees the seeded hands).
"""

import os

from core import iss
from core.cards import SKAT
from host_sim.scenario import SkatReplay

HELP = "replay a real Skat game on the emulated board, printing the LCD after every trick"

DEMO_RECORD = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data",
                           "demo_skat.sgf")


def add_arguments(p):
    """Options of ``demo``."""
    p.add_argument("--game", default="skat", choices=("skat", "magistr", "tarot", "zhopa"),
                   help="the game to demonstrate (default skat: a real ISS record)")
    p.add_argument("--players", type=int, default=None,
                   help="players for the seeded demos (default 3; tarot 4)")
    p.add_argument("--seed", type=int, default=1, help="seed of the demo deal")
    p.add_argument("--record", default=DEMO_RECORD,
                   help="an ISS .sgf file; its first played record is replayed")
    p.add_argument("--png", default=os.path.join("out", "demo_table.png"),
                   help="where to save the picture of the table (default out/demo_table.png)")


def run(args):
    """Replay, print the LCD after every trick, save the PNG."""
    if args.game != "skat":
        return _seeded(args)
    with open(args.record, encoding="utf-8") as f:
        records = [iss.parse_record(l) for l in f if l.strip()]
    rec = next((r for r in records if "passed" not in r.result), None)
    if rec is None:
        print("error: no played game in %s" % args.record)
        return 2

    def on_trick(n, lines):
        print("trick %2d | %s |" % (n, lines[0]))
        print("         | %s |" % lines[1])

    replay = SkatReplay(rec, on_trick=on_trick)
    print("ISS game %s: %s" % (rec.id, " ".join("%s:%s" % kv for kv in sorted(
        rec.result.items()) if kv[0] in ("d", "v", "p", "t"))))
    out = replay.run()
    lines = replay.board.lcd_lines()
    print("final    | %s |" % lines[0])
    print("         | %s |" % lines[1])
    print("declarer P%d (%s): %d points, %d tricks, %s %+d" % (
        out["declarer"] + 1, out["contract"], out["declarer_points"], out["declarer_tricks"],
        "won" if out["won"] else ("overbid" if out["overbid"] else "lost"), out["value"]))
    try:
        from host_sim.ui.table import render_table
        path = render_table(args.png, SKAT, 3, replay.last_trick, lines,
                            "trickref - Skat, ISS game %s, last trick" % rec.id)
        print("table picture: %s" % path)
    except ImportError as e:  # pygame is in the [sim] extra
        print("no picture (%s): pip install 'trickref[sim]'" % e)
    return 0



def _seeded(args):
    from host_sim.autoplay import table_player
    players = args.players or (4 if args.game == "tarot" else 3)
    try:
        p = table_player(args.game, players, seed=args.seed)
    except ValueError as e:
        print("error: %s" % e)
        return 2
    count = [0]

    def on_trick(ev, lines):
        count[0] += 1
        print("trick %2d | %s |" % (count[0], lines[0]))
        for row in lines[1:]:
            print("         | %s |" % row)

    p.on_trick = on_trick
    print("%s, %d players, seeded deal %d" % (args.game, players, args.seed))
    shadow, firmware = p.play(1)[0]
    for row in p.board.controller._list:
        print("result   | %s" % row)
    last = p.ctl.app.referee.deal if p.ctl.app else None
    pads = dict(last.history[-players:]) if last is not None and last.history else {}
    try:
        from host_sim.ui.table import render_table
        path = render_table(args.png, p.deck, players, pads, p.board.lcd_lines(),
                            "trickref - %s, seeded deal %d" % (args.game, args.seed))
        print("table picture: %s" % path)
    except ImportError as e:
        print("no picture (%s): pip install 'trickref[sim]'" % e)
    return 0 if firmware == shadow else 1

"""Long runs of the conformance property (issue 14; tests/test_conformance.py runs 2,000
deals per game): ``python tools/conformance.py [--game G] [--deals N] [--seed S] [--board]``.
Prints each game's count of deals by kind of end and the time taken; exit status 1 at
the first deal where the table path and the known-hands core disagree."""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from host_sim import conformance  # noqa: E402


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", choices=conformance.GAMES, action="append",
                   help="a game (repeatable; default all four)")
    p.add_argument("--deals", type=int, default=20000, help="deals per game (20000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random choices (1)")
    p.add_argument("--board", action="store_true",
                   help="Skat: the table path on the emulated board (pads, tags)")
    args = p.parse_args(argv)
    for game in args.game or conformance.GAMES:
        start = time.time()
        try:
            stats = conformance.run(game, args.deals, args.seed, board=args.board)
        except conformance.Mismatch as e:
            print("%s: MISMATCH %s" % (game, e))
            return 1
        print("%s: %d deals agree in %.1f s: %s" % (
            game, args.deals, time.time() - start,
            ", ".join("%s %d" % (k, v) for k, v in sorted(stats.items(), key=str))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

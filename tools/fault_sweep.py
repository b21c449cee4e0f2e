"""The long fault sweep (issue 16): whole games of each game, each flash fault at every
write index, on the twin's flash model (host_sim.flash). ``make test`` runs a part of it
(tests/test_journal_faults.py); this runs it all and prints what it covered.

Usage: ``python tools/fault_sweep.py [GAME ...] [--deals N] [--seed S]``; games default to
skat tarot magistr zhopa (Skat and Tarot, which never end, play ``--deals``, default 3).
Exit status 1 when any run fails (each failure is printed).
"""

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from host_sim.flash import FAULTS, Reference, fault_run  # noqa: E402

PLAYERS = {"skat": 3, "tarot": 4, "magistr": 3, "zhopa": 3}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=["skat", "tarot", "magistr", "zhopa"])
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    failed = 0
    for game in args.games:
        folder = tempfile.mkdtemp(prefix="trickref-sweep-")
        deals = args.deals if game in ("skat", "tarot") else 99  # the whole game
        t0 = time.time()
        ref = Reference(game, PLAYERS[game], deals, args.seed, folder)
        runs = 0
        for fault in FAULTS:
            for step, at in ref.write_indices():
                try:
                    fault_run(ref, fault, step, at, folder)
                except AssertionError as e:
                    failed += 1
                    print("FAIL %s %s step %d (%s) write %d: %s"
                          % (game, fault, step, ref.steps[step][0], at, e))
                runs += 1
        print("%-8s %d deals, %d steps, %d writes x %d faults = %d runs, %.0f s"
              % (game, [k for k, _ in ref.steps].count("deal"), len(ref.steps),
                 sum(ref.writes), len(FAULTS), runs, time.time() - t0))
    print("FAILED %d" % failed if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Strength and speed of the computer players (issue 24): duplicate play and time a decision.

    python tools/bench_players.py [--deals 1000] [--worlds 16] [--timing 200]

Strength: ``--deals`` duplicate Skat deals (host_sim/players/skat_duplicate.py), the
sampling card player at ``--worlds`` samples a decision against today's plain players
(random legal cards); the mean Seeger-Fabian list points gained per seat and deal with its
95% interval. Speed: ``--timing`` decisions at the default strength
(host_sim.players.skat.DEFAULT_WORLDS) taken from random deals, median and worst ms. The
figures go into docs/performance.md ("Computer players") by hand; ``make bench`` runs this
at the end of tools/bench.py.
"""

import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from host_sim.players import skat_duplicate  # noqa: E402
from host_sim.players.skat import SkatCardPlayer  # noqa: E402
from host_sim.players.skat_view import SkatView  # noqa: E402


def timing(decisions, seed=5):
    """ms per decision at the default strength, over ``decisions`` from random deals (only
    those with more than one legal card): ``(median, worst, n)``."""
    rnd = random.Random(seed)
    player = SkatCardPlayer(seed=seed)
    times = []
    while len(times) < decisions:
        d = skat_duplicate.start(skat_duplicate.deal_setup(rnd))
        while not d.is_over() and len(times) < decisions:
            seat = d.current_seat()
            legal = d.legal_cards(seat)
            if len(legal) > 1:
                t0 = time.perf_counter()
                card = player.choose(SkatView.from_deal(d, seat))
                times.append((time.perf_counter() - t0) * 1000)
            else:
                card = legal[0]
            d.play(seat, card)
    times.sort()
    return times[len(times) // 2], times[-1], len(times)


def report(strength, speed, worlds, declaring=None):
    """Markdown lines of the figures."""
    med, worst, n = speed
    extra = []
    if declaring:
        extra = ["With game choice and discard by sampling too (the declarer's seat after a "
                 "pick-up, host_sim/players/skat_declare.py), %d deals: %+.1f, 95%% interval "
                 "%+.1f to %+.1f." % (declaring["deals"], declaring["mean"], declaring["low"],
                                      declaring["high"]), ""]
    return ["### Computer players (Skat card play)", "",
            "Duplicate play (host_sim/players/skat_duplicate.py): %d Skat deals, each played "
            "with all seats plain and with the sampling player (%d samples a decision) in "
            "each seat in turn; its Seeger-Fabian list points minus the plain player's in "
            "the same seat: %+.1f per seat and deal, 95%% interval %+.1f to %+.1f (%d "
            "seat-deals). Target (interval above zero): %s." % (
                strength["deals"], worlds, strength["mean"], strength["low"],
                strength["high"], strength["n"],
                "met" if strength["low"] > 0 else "NOT MET"), "",
            "Time a decision at the default strength (%d samples, 0.25 s budget), %d "
            "decisions with a choice: median %.0f ms, worst %.0f ms. Target at most 300 ms: "
            "%s." % (SkatCardPlayer().worlds, n, med, worst,
                     "met" if worst <= 300 else "NOT MET"), ""] + extra


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--timing", type=int, default=200)
    ap.add_argument("--declare", type=int, default=0,
                    help="also this many duplicate deals with game choice by sampling")
    args = ap.parse_args(argv)
    t0 = time.time()
    strength = skat_duplicate.run(args.deals, worlds=args.worlds)
    speed = timing(args.timing)
    declaring = (skat_duplicate.run(args.declare, worlds=args.worlds, declare=True)
                 if args.declare else None)
    print("\n".join(report(strength, speed, args.worlds, declaring)))
    print("(%.0f s)" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())

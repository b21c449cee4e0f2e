"""Strength and speed of the computer players (issue 24): duplicate play and time a decision.

    python tools/bench_players.py [--deals 1000] [--worlds 16] [--timing 200]
        [--bidding 1000] [--games 100] [--game-worlds 4]

Strength: ``--deals`` duplicate Skat deals (host_sim/players/skat_duplicate.py), the
sampling card player at ``--worlds`` samples a decision against today's plain players
(random legal cards); the mean Seeger-Fabian list points gained per seat and deal with its
95% interval. Speed: ``--timing`` decisions at the default strength
(host_sim.players.skat.DEFAULT_WORLDS) taken from random deals, median and worst ms. The
figures go into docs/performance.md ("Computer players") by hand; ``make bench`` runs this
at the end of tools/bench.py.

``--bidding``: duplicate Skat deals of the sampling bidder against the plain bidder
(host_sim/players/skat_bid_duplicate.py). ``--games``: duplicate deals of Tarot, Magistr
and Zhopa (host_sim/players/duplicate.py) with ``--game-worlds`` samples a decision, and
the time a decision takes in each at the default strength.
"""

import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from host_sim.players import duplicate, skat_bid_duplicate, skat_duplicate  # noqa: E402
from host_sim.players.games import rules_for  # noqa: E402
from host_sim.players.sampling import SamplingPlayer  # noqa: E402
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


def game_timing(game, decisions, seed=5):
    """ms per decision of the sampling player of ``game`` at the default strength, over
    ``decisions`` decisions with a choice met in plain-played deals: ``(median, worst,
    n)``."""
    rules = rules_for(game)
    player = SamplingPlayer(rules, seed=seed)
    rnd = random.Random(seed)
    times = []
    while len(times) < decisions:
        d = duplicate.new_deal(game, rnd)
        plain = duplicate.PlainPlayer(rnd, rnd.randrange(duplicate.PLAYERS), "garde")
        while not d.is_over() and len(times) < decisions:
            seat = d.current_seat()
            if len(rules.moves(d, seat)) > 1 and rnd.random() < 0.25:
                t0 = time.perf_counter()
                move = player.choose(d, seat)
                times.append((time.perf_counter() - t0) * 1000)
            else:
                move = plain.choose(d, seat)
            rules.apply(d, seat, move)
    times.sort()
    return times[len(times) // 2], times[-1], len(times)


_TALLY = {"tarot": "marks (FFT p.8-9)", "magistr": "points of the deal (seed 000)",
          "zhopa": "banks shed, +1 shed / -1 taken (seed 001)"}


def games_report(results, timings, worlds):
    """Markdown lines of the Tarot, Magistr and Zhopa figures."""
    lines = ["### Computer players (Tarot, Magistr, Zhopa)", "",
             "Duplicate play (host_sim/players/duplicate.py), 4 players, the sampling player "
             "(%d samples a decision, its bids too) in each seat in turn against the plain "
             "players (random legal cards and bids; Tarot: a random taker's prise or garde):"
             % worlds, "",
             "| game | deals | gain per seat and deal | 95% interval | target (above 0) | "
             "decision median / worst ms |", "|---|---|---|---|---|---|"]
    for r in results:
        med, worst, n = timings[r["game"]]
        lines.append("| %s | %d | %+.2f %s | %+.2f to %+.2f | %s | %.0f / %.0f (%d) |" % (
            r["game"], r["deals"], r["mean"], _TALLY[r["game"]], r["low"], r["high"],
            "met" if r["low"] > 0 else "NOT MET", med, worst, n))
    return lines + [""]


def bidding_report(r):
    """Markdown lines of the Skat bidding figures."""
    return ["### Computer players (Skat bidding)", "",
            "Duplicate play (host_sim/players/skat_bid_duplicate.py): %d Skat deals, in each "
            "seat in turn the sampling bidder (limit, hand or pick-up, game and discard by "
            "sampling) against the plain bidder (a random seat says 18 and plays a random "
            "game), both with the sampling card player: %+.1f list points per seat and deal, "
            "95%% interval %+.1f to %+.1f (%d seat-deals; it declared %d times, %d deals "
            "all passed). Target (interval above zero): %s." % (
                r["deals"], r["mean"], r["low"], r["high"], r["n"], r["declared"],
                r["passed"], "met" if r["low"] > 0 else "NOT MET"), ""]


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


def games_section(deals, worlds, decisions):
    """Run the Tarot, Magistr and Zhopa duplicates and timings; their markdown lines."""
    results = [duplicate.run(g, deals, worlds=worlds) for g in ("tarot", "magistr", "zhopa")]
    timings = {g: game_timing(g, decisions) for g in ("tarot", "magistr", "zhopa")}
    return games_report(results, timings, worlds)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--timing", type=int, default=200)
    ap.add_argument("--declare", type=int, default=0,
                    help="also this many duplicate deals with game choice by sampling")
    ap.add_argument("--bidding", type=int, default=0,
                    help="duplicate Skat deals of the sampling bidder (0: none)")
    ap.add_argument("--games", type=int, default=0,
                    help="duplicate deals of Tarot, Magistr and Zhopa each (0: none)")
    ap.add_argument("--game-worlds", type=int, default=4)
    args = ap.parse_args(argv)
    t0 = time.time()
    lines = []
    if args.deals:
        strength = skat_duplicate.run(args.deals, worlds=args.worlds)
        speed = timing(args.timing)
        declaring = (skat_duplicate.run(args.declare, worlds=args.worlds, declare=True)
                     if args.declare else None)
        lines += report(strength, speed, args.worlds, declaring)
    if args.bidding:
        lines += bidding_report(skat_bid_duplicate.run(args.bidding, worlds=args.worlds))
    if args.games:
        lines += games_section(args.games, args.game_worlds, args.timing // 4 or 10)
    print("\n".join(lines))
    print("(%.0f s)" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Strength and speed of the computer players (issue 24): duplicate play and time a decision.

    python tools/bench_players.py [--deals 1000] [--worlds 16] [--timing 200]
        [--bidding 1000] [--games 1000] [--game-worlds 4] [--engines 2000] [--times 200]

Strength: ``--deals`` duplicate Skat deals (host_sim/players/skat_duplicate.py), the
sampling card player at ``--worlds`` samples a decision against today's plain players
(random legal cards); the mean Seeger-Fabian list points gained per seat and deal with its
95% interval. Speed: ``--timing`` decisions at the default strength
(host_sim.players.skat.DEFAULT_WORLDS) taken from random deals, median, p95 and worst ms,
wall and CPU (process_time: the machine is shared). The
figures go into docs/performance.md ("Computer players") by hand; ``make bench`` runs this
at the end of tools/bench.py.

``--bidding``: duplicate Skat deals of the sampling bidder against the plain bidder
(host_sim/players/skat_bid_duplicate.py). ``--games``: duplicate deals of Tarot, Magistr
and Zhopa (host_sim/players/duplicate.py) with ``--game-worlds`` samples a decision, and
the time a decision takes in each at the default strength. ``--engines N``: the Tarot
engine's and the bank playouts' speed beside the referee's, and N random positions each
checked against the referee. ``--times N``: N decisions at the default strength in each of
the four games, wall and CPU ms, how many took over 300 ms of wall time and the most CPU
one of those used (a decision far over its budget in wall time and far under it in CPU
time waited for a core), and the load average.
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
from host_sim.players.sampling import DEFAULT_BUDGET, DEFAULT_WORLDS, SamplingPlayer  # noqa: E402
from host_sim.players.skat import SkatCardPlayer  # noqa: E402
from host_sim.players.skat_view import SkatView  # noqa: E402


def spread(times):
    """``(median, p95, worst)`` of a list of times."""
    times = sorted(times)
    n = len(times)
    return times[n // 2], times[min(n - 1, (n * 95) // 100)], times[-1]


class Clock:
    """Wall (perf_counter) and CPU (process_time) ms of each timed call: this machine is
    shared, so the wall time includes waiting for a core and the CPU time does not."""

    def __init__(self):
        self.wall = []
        self.cpu = []

    def time(self, fn, *args):
        w, c = time.perf_counter(), time.process_time()
        out = fn(*args)
        self.wall.append((time.perf_counter() - w) * 1000)
        self.cpu.append((time.process_time() - c) * 1000)
        return out

    def figures(self):
        """``{"n", "wall": (median, p95, worst), "cpu": (...), "over": decisions over
        300 ms wall, "over_cpu": the most CPU ms one of them used, "load": the 1-minute
        load average at the end}`` in ms."""
        over = [c for w, c in zip(self.wall, self.cpu) if w > 300]
        return {"n": len(self.wall), "wall": spread(self.wall), "cpu": spread(self.cpu),
                "over": len(over), "over_cpu": max(over, default=0.0),
                "load": os.getloadavg()[0]}


def timing(decisions, seed=5):
    """ms per decision of the Skat card player at the default strength, over
    ``decisions`` from random deals (only those with more than one legal card):
    :meth:`Clock.figures`."""
    rnd = random.Random(seed)
    player = SkatCardPlayer(seed=seed)
    clock = Clock()
    while len(clock.wall) < decisions:
        d = skat_duplicate.start(skat_duplicate.deal_setup(rnd))
        while not d.is_over() and len(clock.wall) < decisions:
            seat = d.current_seat()
            legal = d.legal_cards(seat)
            if len(legal) > 1:
                card = clock.time(player.choose, SkatView.from_deal(d, seat))
            else:
                card = legal[0]
            d.play(seat, card)
    return clock.figures()


def game_timing(game, decisions, seed=5):
    """ms per decision of the sampling player of ``game`` at the default strength
    (sampling.DEFAULT_WORLDS, DEFAULT_BUDGET), over ``decisions`` decisions with a choice
    met in plain-played deals (bids, écarts and cards): :meth:`Clock.figures`."""
    rules = rules_for(game)
    player = SamplingPlayer(rules, seed=seed)
    rnd = random.Random(seed)
    clock = Clock()
    while len(clock.wall) < decisions:
        d = duplicate.new_deal(game, rnd)
        plain = duplicate.PlainPlayer(rnd, rnd.randrange(duplicate.PLAYERS), "garde")
        while not d.is_over() and len(clock.wall) < decisions:
            seat = d.current_seat()
            if len(rules.moves(d, seat)) > 1 and rnd.random() < 0.25:
                move = clock.time(player.choose, d, seat)
            else:
                move = plain.choose(d, seat)
            rules.apply(d, seat, move)
    return clock.figures()


def playout_speed(game, positions=60, per=5, seed=3):
    """Playouts/s of a random position to the deal's result, CPU time, the playout path
    the computers use against the referee's own: ``{"engine", "referee", "ratio"}``.
    ``game``: ``tarot`` (host_sim/engine/tarot.py) or ``bank`` (Magistr and Zhopa,
    host_sim/engine/bank.py); positions as their checks deal them."""
    import copy
    from core.rng import Rng
    from host_sim.engine import bank as bank_engine, bank_check, tarot_check
    from host_sim.engine.tarot import Position
    rng = Rng(seed)
    check = tarot_check if game == "tarot" else bank_check
    deals = [d for d in (check.random_deal(rng) for _ in range(positions)) if d is not None]

    def engine(d, k):
        if game == "tarot":
            p = Position.from_deal(d)
            p.play_random(Rng(k).next32)
            return p.finished().result()
        w = bank_engine.trust(bank_engine.clone(d))
        bank_engine.play_random(w, Rng(k).next32)
        return w.result()

    def referee(d, k):
        w = copy.deepcopy(d)
        draw = Rng(k).next32
        while not w.is_over():
            if game == "tarot":
                seat = w.current_seat()
                cards = w.legal_cards(seat)
                w.play(seat, cards[draw() % len(cards)])
            else:
                bank_check.referee_move(w, draw)
        return w.result()

    out = {}
    for name, fn in (("engine", engine), ("referee", referee)):
        t = time.process_time()
        for d in deals:
            for k in range(per):
                fn(d, k)
        out[name] = len(deals) * per / (time.process_time() - t)
    out["ratio"] = out["engine"] / out["referee"]
    return out


def game_checks(positions, seed=11):
    """The Tarot engine and the bank playouts against the referee on ``positions``
    random positions each: ``{"tarot": mismatches, "bank": mismatches, "seconds"}``."""
    from host_sim.engine import bank_check, tarot_check
    t0 = time.time()
    return {"tarot": len(tarot_check.compare(seed, positions)[1]),
            "bank": len(bank_check.compare(seed, positions)), "positions": positions,
            "seconds": time.time() - t0}


def _ms(f):
    """``median / p95 / worst`` ms, wall then CPU."""
    return "%.0f / %.0f / %.0f wall, %.0f / %.0f / %.0f CPU (%d)" % (
        f["wall"] + f["cpu"] + (f["n"],))


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
             "decision ms median / p95 / worst (decisions) | 300 ms |",
             "|---|---|---|---|---|---|---|"]
    for r in results:
        f = timings[r["game"]]
        lines.append("| %s | %d | %+.2f %s | %+.2f to %+.2f | %s | %s | %s |" % (
            r["game"], r["deals"], r["mean"], _TALLY[r["game"]], r["low"], r["high"],
            "met" if r["low"] > 0 else "NOT MET", _ms(f),
            "met" if f["wall"][2] <= 300 else "NOT MET (wall)"))
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
            "Time a decision at the default strength (%d samples, 0.2 s budget), "
            "decisions with a choice, ms median / p95 / worst: %s. Target at most 300 ms: "
            "%s." % (SkatCardPlayer().worlds, _ms(speed),
                     "met" if speed["wall"][2] <= 300 else "NOT MET (wall)"), ""] + extra


def timing_section(decisions):
    """The time a decision takes at the default strength in the four games, ``decisions``
    each (Skat: card play; the others: bids, écarts and cards); markdown lines."""
    lines = ["### Time a decision (default strength)", "",
             "The default players (Skat card play: up to %d worlds; Tarot, Magistr, Zhopa: up "
             "to %d; a %.1f s budget kept hard), decisions with a choice from random deals; "
             "wall (perf_counter) and CPU (process_time) ms; the load average (1 minute) "
             "after each game's decisions:" % (SkatCardPlayer().worlds, DEFAULT_WORLDS,
                                              DEFAULT_BUDGET), "",
             "| game | decisions | wall median / p95 / worst | CPU median / p95 / worst | "
             "over 300 ms wall (the most CPU one used) | load |", "|---|---|---|---|---|---|"]
    for game in ("skat", "tarot", "magistr", "zhopa"):
        f = timing(decisions) if game == "skat" else game_timing(game, decisions)
        lines.append("| %s | %d | %.0f / %.0f / %.0f | %.0f / %.0f / %.0f | %d (%.0f ms) | "
                     "%.1f |" % ((game, f["n"]) + f["wall"] + f["cpu"] +
                                 (f["over"], f["over_cpu"], f["load"])))
    return lines + [""]


def games_section(deals, worlds, decisions, seed=1, chunk=0):
    """Run the Tarot, Magistr and Zhopa duplicates (``seed``, ``chunk``: as
    :func:`duplicate.run`) and timings; their markdown lines."""
    results = [duplicate.run(g, deals, worlds=worlds, seed=seed, chunk=chunk)
               for g in ("tarot", "magistr", "zhopa")]
    timings = {g: game_timing(g, decisions) for g in ("tarot", "magistr", "zhopa")}
    return games_report(results, timings, worlds)


def engines_section(checks):
    """The Tarot engine's and the bank playouts' speed beside the referee's playouts, and
    ``checks`` random positions each compared with the referee: markdown lines."""
    lines = ["### Playout engines (Tarot, Magistr and Zhopa)", "",
             "A random position to the deal's result with random legal cards, CPU time, the "
             "computers' playout path beside the referee's (tools/bench_players.py "
             "``playout_speed``):", "",
             "| game | playouts/s | referee playouts/s | ratio |", "|---|---|---|---|"]
    for game, name in (("tarot", "Tarot (host_sim/engine/tarot.py)"),
                       ("bank", "Magistr and Zhopa (host_sim/engine/bank.py)")):
        p = playout_speed(game)
        lines.append("| %s | %.0f | %.0f | %.1fx |" % (name, p["engine"], p["referee"],
                                                      p["ratio"]))
    if checks:
        c = game_checks(checks)
        lines += ["", "Checked against the referee: %d random positions each, %d Tarot and %d "
                  "Magistr / Zhopa mismatches (%.0f s)." % (c["positions"], c["tarot"],
                                                            c["bank"], c["seconds"])]
    return lines + [""]


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
    ap.add_argument("--game-seed", type=int, default=1)
    ap.add_argument("--game-chunk", type=int, default=0,
                    help="play the --games deals in runs of this many, seeded --game-seed, "
                         "--game-seed + 1, ... and pooled (0: one run)")
    ap.add_argument("--times", type=int, default=0, metavar="N",
                    help="the time of N decisions at the default strength in each game")
    ap.add_argument("--engines", type=int, default=-1, metavar="N",
                    help="the Tarot and bank playout speeds, and N random positions each "
                         "checked against the referee (0: speed only)")
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
        lines += games_section(args.games, args.game_worlds, args.timing // 4 or 10,
                               args.game_seed, args.game_chunk)
    if args.times:
        lines += timing_section(args.times)
    if args.engines >= 0:
        lines += engines_section(args.engines)
    print("\n".join(lines))
    print("(%.0f s)" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())

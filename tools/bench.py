"""trickref's benchmark suite: one command, every figure of issue 11, measured in one run.

    python tools/bench.py [--quick] [--write]        (``make bench`` runs it)

Prints, with the machine it ran on:

1. Card to verdict on the emulated board, per game, with the LCD's I2C at 100 kHz and at
   400 kHz (each a run of its own: the driver's frames follow the clock): the wire time
   (SPI at the Pico's clock, MFRC522 RF air time and timer waits, I2C) from a trick-ending
   card laid on its pad to the LCD showing the taker, beside that card's floor computed in
   the same run (its radio frames, their SPI bytes at 10 MHz, only the LCD characters that
   change), and to the table being able to lay the next card; the MicroPython compute
   time of that card's tick and of the referee in it (unix port); the empty-pad polling
   rate with 6 readers through the firmware's own loop and its sleeps
   (tests/bench/bench_board.py, tests/bench/bench_mp.py).
2. Rules throughput: random legal deals per second per game on CPython and on the
   MicroPython unix port (the same code and deals, tests/bench/bench_rules.py), and Skat
   beside OpenSpiel's ``skat`` through its Python API (tests/bench/bench_openspiel.py);
   the ratios, and what a Skat deal costs in Python function calls.
3. Memory: heap bytes allocated per card by the table's deal under MicroPython (first vs
   last third of each deal); peak heap per game is tools/mem_report.py's section of
   docs/performance.md.
4. Simulator: whole deals per second through the emulated board (host_sim.autoplay).
5. Playout engine (issue 24, host_sim/engine/skat.py): its Skat deals/s beside OpenSpiel's
   ``skat`` and the referee, the same driver and deals, in paired blocks in this run (the
   median of the pairs' ratios, wall and CPU time, the driver's numbers drawn in the loop
   and before the clock; tests/bench/bench_engine.py); and its check against the referee on random positions
   (``--check N``, 100,000 for the issue's target; host_sim/engine/skat_check.py); the
   Tarot engine's and the Magistr / Zhopa playouts' rate beside the referee's playouts,
   and 2,000 random positions each checked against the referee (tools/bench_players.py).
6. Computer players: the sampling players against the plain ones by duplicate play,
   1,000 deals each of Skat card play, Skat bidding, Tarot, Magistr and Zhopa with 95%
   intervals, and the time a decision takes in each game, median / p95 / worst, wall and
   CPU (tools/bench_players.py).

Rates are the best of several rounds of the same work (the machine may be shared), each
side of a comparison measured in alternation; the playout engine's, medians of paired
blocks (``playout``). ``--quick`` runs fewer rounds (a smoke run);
``--write`` also puts the tables into docs/performance.md ("Benchmark figures" section,
every other section kept). Needs the ``dev`` extra; OpenSpiel comes with ``bench``
(``pip install -e '.[dev,bench]'``); without it that column says so.
"""

import argparse
import cProfile
import gc
import io
import json
import os
import platform
import pstats
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "tests", "bench")
for _p in (ROOT, BENCH, os.path.join(ROOT, "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import bench_board  # noqa: E402
import bench_engine  # noqa: E402
import bench_openspiel  # noqa: E402
import bench_rules  # noqa: E402
from mpy import build_mpy, micropython_exe  # noqa: E402

SECTION = "## Benchmark figures"
DOC = os.path.join(ROOT, "docs", "performance.md")
TARGET_FLOOR_RATIO = 1.5  # issue 19: card to verdict at most 1.5x its floor, both clocks
I2C_CLOCKS = (100000, 400000)  # the PCF8574's rated clock (the default), and fast mode
TARGET_POLL_HZ = 50.0  # issue 11: empty pads polled at 50 Hz or more with 6 readers
TARGET_MP_RATIO = 5.0  # issue 11: MicroPython within 5x of CPython
MP_HEAP = "128K"  # the heap the MicroPython tests use (a board's share for one game)
MP_HEAP_FIRMWARE = "256K"  # App + drivers + a game: more than 128K on the unix port


# --- plumbing ------------------------------------------------------------------------


def machine():
    """What the figures were measured on."""
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mp = subprocess.run([micropython_exe(), "-c",
                         "import sys; v = sys.implementation.version; "
                         "print('%d.%d.%d' % v[:3] + ('-' + v[3] if len(v) > 3 and v[3] else '')"
                         ", sys.version.split('MicroPython ')[1].split(' on ')[0])"],
                        capture_output=True, text=True).stdout.strip()
    try:
        from importlib.metadata import version
        ospiel = version("open-spiel")
    except Exception:
        ospiel = None
    return {"nproc": os.cpu_count(), "cpu": cpu, "python": platform.python_version(),
            "micropython": mp, "open_spiel": ospiel, "platform": platform.platform()}


class MicroPython:
    """Runs tests/bench/bench_mp.py under the unix port on the .mpy tree, as a board loads
    the firmware (core and device compiled by mpy-cross)."""

    def __init__(self):
        self.exe = micropython_exe()
        self.env = dict(os.environ)
        self.env["MICROPYPATH"] = os.pathsep.join([BENCH, build_mpy(), ROOT, ".frozen"])

    def run(self, heap, *args):
        """One bench_mp.py run; returns its figure lines parsed into dicts."""
        proc = subprocess.run([self.exe, "-X", "heapsize=" + heap,
                               os.path.join(BENCH, "bench_mp.py")] + [str(a) for a in args],
                              cwd=ROOT, env=self.env, capture_output=True, text=True,
                              timeout=240)
        if proc.returncode != 0:
            return {"error": (proc.stdout + proc.stderr).strip().splitlines()[-1]}
        out = {}
        for line in proc.stdout.splitlines():
            words = line.split()
            for w in words[2:]:
                k, _, v = w.partition("=")
                out[k] = int(v)
        return out


def rate(deals, us):
    return deals * 1e6 / us if us > 0 else 0.0


# --- the four parts --------------------------------------------------------------------


def rules_throughput(mp, quick):
    """Deals/s per game on CPython and MicroPython; Skat vs OpenSpiel, in alternation."""
    sizes = {"skat": 600, "magistr": 240, "tarot": 80, "zhopa": 240}
    rounds = 3 if quick else 7
    out = {}
    ospiel = bench_openspiel.load()
    for game in bench_rules.GAMES:
        if not bench_rules.available(game):
            out[game] = {"missing": True}
            continue
        n = sizes[game] // (3 if quick else 1)
        best = None
        obest = None
        mbest = None
        for _ in range(rounds):  # our rounds and OpenSpiel's alternate
            d, c, us = bench_rules.measure(game, n, 1)
            if best is None or us < best[2]:
                best = (d, c, us)
            if game == "skat" and ospiel is not None:
                o = bench_openspiel.measure(ospiel, n, 1)
                if obest is None or o[2] < obest[2]:
                    obest = o
        # MicroPython afterwards (a subprocess between rounds slows the next CPython round):
        # a few processes of a few rounds each, the best round kept.
        for _ in range(1 if quick else 3):
            m = mp.run(MP_HEAP, "rules", game, n, 1 if quick else 3)
            if "error" in m or mbest is None or m["us"] < mbest.get("us", 1 << 60):
                mbest = m
            if "error" in m:
                break
        row = {"deals": best[0], "cards": best[1], "cpython_us": best[2],
               "cpython_deals_s": rate(best[0], best[2]),
               "cpython_cards_s": rate(best[1], best[2])}
        if "error" in mbest:
            row["mp_error"] = mbest["error"]
        else:
            row["mp_us"] = mbest["us"]
            row["mp_deals_s"] = rate(mbest["deals"], mbest["us"])
            row["mp_ratio"] = mbest["us"] / best[2]
        if obest is not None:
            row["openspiel_deals_s"] = rate(obest[0], obest[2])
            row["openspiel_cards_s"] = rate(obest[1], obest[2])
            row["openspiel_actions"] = obest[3] / obest[0]
            row["openspiel_us_action"] = obest[2] / obest[3]
            row["us_card"] = best[2] / best[1]
            row["vs_openspiel"] = row["cpython_deals_s"] / row["openspiel_deals_s"]
        out[game] = row
    out["skat_calls"] = skat_calls()
    out["overheads"] = overheads()
    return out


def overheads():
    """What the basic operations of a pure-Python engine cost here, in ns: a method call,
    building an event (a namedtuple), one random draw; and one OpenSpiel action through
    its Python API (``legal_actions()`` + ``apply_action()``) for comparison."""
    import timeit

    from core.events import CardPlayed
    from core.rng import Rng

    class Thing:
        def method(self, a, b):
            return a

    t = Thing()
    rng = Rng(1)
    n = 200000

    def ns(stmt, env):
        return min(timeit.repeat(stmt, globals=env, number=n, repeat=5)) / n * 1e9

    out = {"method_call": ns("t.method(1, 2)", {"t": t}),
           "event": ns("CardPlayed(1, 2)", {"CardPlayed": CardPlayed}),
           "draw": ns("rng.next32()", {"rng": rng})}
    game = bench_openspiel.load()
    if game is not None:
        state = game.new_initial_state()
        for a in range(32):  # a fixed deal, then the first seat's game choices
            state.apply_action(state.legal_actions()[0])
        out["openspiel_legal_actions"] = ns("s.legal_actions()", {"s": state})
    return out


def skat_calls(deals=300):
    """Function calls (Python-level and built-in) per random Skat deal, from cProfile."""
    driver = bench_rules.SkatDeals(1)
    prof = cProfile.Profile()
    cards = 0
    prof.enable()
    for _ in range(deals):
        cards += driver.play()
    prof.disable()
    stats = pstats.Stats(prof, stream=io.StringIO())
    py = 0
    builtin = 0
    for (filename, _, _), (_, ncalls, _, _, _) in stats.stats.items():
        if filename == "~":
            builtin += ncalls
        else:
            py += ncalls
    return {"python": py / deals, "builtin": builtin / deals, "cards": cards / deals}


def board(mp, quick):
    """Card-to-verdict wire times per game at 100 and 400 kHz beside their floor,
    MicroPython compute, and the empty-pad rate through the firmware's real loop."""
    deals = 2 if quick else 4
    out = {"games": []}
    for game, players in bench_board.GAMES:
        if not bench_rules.available(game):
            continue
        row = {"game": game, "players": players}
        for hz in I2C_CLOCKS:
            row[hz] = bench_board.verdicts(game, players, deals, i2c_hz=hz)
        row["mp"] = mp.run(MP_HEAP_FIRMWARE, "verdict", game, 1 if quick else 3)
        out["games"].append(row)
    poll = bench_board.empty_polls(6)
    poll["mp"] = mp.run(MP_HEAP_FIRMWARE, "poll", 6, 600)
    poll["loop"] = mp.run(MP_HEAP_FIRMWARE, "loop", 6, 300 if quick else 1200)
    mp_us = poll["mp"]["us"] / poll["mp"]["polls"] if "us" in poll["mp"] else 0.0
    loop_us = poll["loop"]["us"] / poll["loop"]["ticks"] if "us" in poll["loop"] else 0.0
    poll["mp_us"] = mp_us
    poll["loop_us"] = loop_us
    poll["hz_wire"] = 1e6 / (6 * poll["wire_us"])
    poll["hz"] = 1e6 / (6 * (poll["wire_us"] + loop_us))
    out["poll"] = poll
    return out


def memory(mp, quick):
    """Heap bytes allocated per card on MicroPython, per game."""
    out = {}
    for game in bench_rules.GAMES:
        if bench_rules.available(game):
            out[game] = mp.run(MP_HEAP_FIRMWARE, "alloc", game, 4 if quick else 12)
    return out


def simulator(quick):
    """Whole deals per second through the emulated board (best of two runs)."""
    out = []
    for game, players in bench_board.GAMES:
        if bench_rules.available(game):
            runs = [bench_board.throughput(game, players, 2 if quick else 6)
                    for _ in range(1 if quick else 2)]
            r = min(runs, key=lambda x: x["seconds"])
            r["deals_s"] = r["deals"] / r["seconds"]
            r["speedup"] = r["virtual_s"] / r["seconds"]
            out.append(r)
    return out


# Paired blocks (issue 24): the engine, the referee and OpenSpiel each play the same deals
# (a new seed a pair) one after the other, the order turned round every pair, so each
# ratio is taken over a fraction of a second of one load; the median over the pairs
# resists the load changing between pairs, and the CPU time (process_time) beside the wall
# time leaves out the time the scheduler kept the process off the cores.
PAIR_DEALS = 400
PAIRS = 31
DRAWS_A_DEAL = 120  # a Skat deal draws 62-70 numbers (shuffle 31, setup 4-5, cards 30-32)


class CDraws:
    """A driver's numbers drawn in the loop from CPython's C generator
    (``random.Random(seed).getrandbits(32)``, what the computer players draw with), seeded
    alike for the three drivers of a pair: the same deals for each, the draws' cost small
    and equal on every side (``core.rng.Rng.next32`` in pure Python is about a third of a
    fast engine's deal)."""

    def __init__(self, seed):
        import functools
        import random
        self.next32 = functools.partial(random.Random(seed).getrandbits, 32)


def _block(driver, deals, mode, seed):
    """Play ``deals`` deals with ``driver``; returns ``(wall s, cpu s)``. ``mode``: "loop"
    (the driver's own ``core.rng.Rng``), "c" (:class:`CDraws` in the loop), "drawn" (its
    numbers drawn before the clock starts, bench_rules.Drawn)."""
    if mode == "drawn":
        driver.rng = bench_rules.Drawn(driver.rng, deals * DRAWS_A_DEAL)
    elif mode == "c":
        driver.rng = CDraws(seed)
    gc.collect()
    w, c = time.perf_counter(), time.process_time()
    for _ in range(deals):
        driver.play()
    return time.perf_counter() - w, time.process_time() - c


def _median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def _quartiles(xs):
    xs = sorted(xs)
    return xs[len(xs) // 4], xs[(3 * len(xs)) // 4]


def playout(quick, check):
    """Engine, referee and OpenSpiel Skat deals/s through one driver in paired blocks
    (PAIRS pairs of PAIR_DEALS deals), in two modes: the numbers drawn in the loop
    (``core.rng.Rng.next32``, as every driver of bench_rules) and drawn before the clock
    (the engines' own cost); then ``check`` random positions compared with the referee.
    Returns ``{mode: {"rates": {name: (wall, cpu) median deals/s}, "ratio": {"wall",
    "cpu"}: (median, q1, q3) of the pairs' OpenSpiel/engine time}}``, "cards", "load"."""
    ospiel = bench_openspiel.load()
    deals = PAIR_DEALS // (4 if quick else 1)
    pairs = 7 if quick else PAIRS
    drivers = {"engine": lambda s: bench_engine.EngineSkatDeals(s),
               "referee": lambda s: bench_rules.SkatDeals(s)}
    if ospiel is not None:
        drivers["openspiel"] = lambda s: bench_openspiel.OpenSpielSkatDeals(ospiel, s)
    load = [os.getloadavg()[0]]
    modes = [m for m, _label in _MODES]
    times = {(m, k): [] for m in modes for k in drivers}
    order = list(drivers)
    for pair in range(pairs):
        seed = 1000 + pair
        for mode in modes:
            for name in (order if pair % 2 == 0 else order[::-1]):
                times[mode, name].append(_block(drivers[name](seed), deals, mode, seed))
    load.append(os.getloadavg()[0])
    probe = bench_engine.EngineSkatDeals(1)
    out = {"cards": sum(probe.play() for _ in range(200)) / 200, "load": load,
           "deals": deals, "pairs": pairs}
    for mode in modes:
        m = {"rates": {k: tuple(_median([deals / t[i] for t in times[mode, k]])
                                for i in (0, 1)) for k in drivers}}
        if ospiel is not None:
            for i, clock in enumerate(("wall", "cpu")):
                r = [o[i] / e[i] for o, e in zip(times[mode, "openspiel"],
                                                 times[mode, "engine"])]
                m.setdefault("ratio", {})[clock] = (_median(r),) + _quartiles(r)
        out[mode] = m
    if check:
        from host_sim.engine.skat_check import compare
        t0 = time.time()
        dealt, bad = compare(11, check)
        out["check"] = {"positions": check, "dealt": dealt, "mismatches": len(bad),
                        "first": bad[:1], "seconds": time.time() - t0}
    return out


_MODES = (("loop", "numbers drawn in the loop (`core.rng.Rng.next32`, about 0.25 us a draw "
                   "in Python, the same for all three)"),
          ("c", "numbers drawn in the loop from CPython's C generator (`random.Random"
                ".getrandbits`, as the computer players draw; the same seed for all three)"),
          ("drawn", "numbers drawn before the clock (`bench_rules.Drawn`: the engines' own "
                    "cost; the computer players draw with C's `getrandbits`)"))


# The mode the 2x target is read on: the same driver, its numbers drawn in the loop from
# the generator the engine's users (the computer players) draw with; the pure-Python
# xorshift costs about as much a deal as the engine's play and hides the engines' ratio.
TARGET_MODE = "c"


def playout_report(p):
    """The playout engine's lines."""
    L = ["### Playout engine (Skat)", "",
         "Random legal Skat deals through the same driver (tests/bench/bench_engine.py: the "
         "same shuffle, declarer, discard, contract and card draws as the referee's and "
         "OpenSpiel's drivers, %.1f cards a deal, each deal valued), in %d paired blocks of "
         "%d deals: each block of deals (a new seed a pair) played by the three in turn, "
         "the order turned round every pair; medians over the pairs, wall and CPU "
         "(process_time); load average %.1f at the start, %.1f at the end." % (
             p["cards"], p["pairs"], p["deals"], p["load"][0], p["load"][1]), "",
         "| engine | deals/s, %s | deals/s, %s | deals/s, %s |" % (
             "in the loop", "in the loop, C draws", "drawn before"),
         "|---|---|---|---|"]
    names = (("engine", "playout engine (host_sim/engine/skat.py)"),
             ("referee", "referee (core.games.skat.Deal, bench_rules.SkatDeals)"),
             ("openspiel", "OpenSpiel `skat` (C++, Python API)"))
    for key, label in names:
        if key in p["loop"]["rates"]:
            L.append("| %s | %s | %s | %s |" % (label, *(
                "%.0f wall, %.0f CPU" % p[mode]["rates"][key] for mode in ("loop", "c",
                                                                          "drawn"))))
    if "ratio" not in p["loop"]:
        return L + ["", "OpenSpiel is not installed (`pip install -e '.[bench]'`): no ratio.",
                    ""]
    L += ["", "Engine / OpenSpiel, the median of the pairs' ratios (quartiles), target at "
          "least 2x in CPU time (a block lasts milliseconds: under load one preemption "
          "moves its wall time, not its CPU time):", ""]
    for mode, label in _MODES:
        r = p[mode]["ratio"]
        verdict = _ok(r["cpu"][0] >= 2.0) if mode == TARGET_MODE else \
            "for reference (the target is read on the C draws)"
        L.append("- %s: **%.2fx CPU** (%.2f-%.2f), %.2fx wall (%.2f-%.2f): %s." % (
            label, *r["cpu"], *r["wall"], verdict))
    c = p.get("check")
    if c:
        L += ["", "Check against the referee: %d random positions (%d deals dealt), %d "
              "mismatches in trick winners, points, tricks or result (%.0f s)." % (
                  c["positions"], c["dealt"], c["mismatches"], c["seconds"])]
    return L + [""]


# --- the report ------------------------------------------------------------------------


# The journal over an evening: (game, players, deals; None: until the game ends).
JOURNAL_EVENINGS = (("skat", 3, 100), ("tarot", 4, 100), ("magistr", 3, 24),
                    ("zhopa", 3, 200))


def journal(quick):
    """The journal file over an evening per game, checkpointed after every booked deal
    (docs/records.md): its size before each booking (the sheet so far and the open deal's
    records: the file's largest) and at the end."""
    import tempfile
    from core.journal import Journal
    from host_sim.autoplay import table_player

    class Sizes(Journal):
        largest = 0

        def append(self, kind, data):
            end = Journal.append(self, kind, data)
            self.largest = max(self.largest, end)
            return end

    out = []
    for game, players, deals in JOURNAL_EVENINGS:
        deals = min(deals, 5) if quick else deals
        with tempfile.TemporaryDirectory() as d:
            j = Sizes(os.path.join(d, "journal.bin"))
            p = table_player(game, players, seed=5, journal=j)
            played = len(p.play(deals))
            out.append({"game": game, "players": players, "deals": played,
                        "largest": j.largest, "end": os.path.getsize(j.path)})
    return out


def _ok(good):
    return "met" if good else "NOT MET"


def board_report(b):
    """The board's tables: card to verdict beside its floor, and the empty-pad rate."""
    L = ["### Card to verdict on the emulated board", "",
         "Wire time in ms from a trick-ending card laid on its pad to the LCD showing the "
         "taker (the pad's HLTA comes after the LCD update), mean / worst over the deals' "
         "trick-ending cards; SPI at the boards' 1 MHz. *Own read*: the tick that reads the "
         "card and shows the verdict (the rest of *verdict* is the round robin reaching the "
         "pad). *Floor*: the same card's frames on the air (REQA to READ), their SPI bytes "
         "at the MFRC522's 10 MHz and only the LCD characters that change, as one I2C write "
         "per changed row, computed in the same run. *Ready*: the verdict, then the wire time "
         "from lifting the card to \"pads clear\". *MicroPython*: µs of that tick's compute "
         "(median / worst) and of the referee call in it, unix port, -X heapsize=%s."
         % MP_HEAP_FIRMWARE, "",
         "| game | I2C | cards | verdict | own read | own read, SPI 10 MHz | floor | "
         "verdict / floor | ready | MicroPython tick | referee |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
    worst = {}
    for g in b["games"]:
        mpv = g["mp"]
        mps = ("%d / %d µs" % (mpv["tick_median"], mpv["tick_max"]) if "tick_median" in mpv
               else mpv.get("error", "?"))
        ref = ("%d / %d µs" % (mpv["referee_median"], mpv["referee_max"])
               if "referee_median" in mpv else "")
        for hz in I2C_CLOCKS:
            v = g[hz]
            worst[hz] = max(worst.get(hz, 0.0), v["verdict_ratio"]["max"])
            fast = v["own"]["mean"] - v["own_parts"]["spi_us"] * (1 - 0.1)
            L.append("| %s (%d) | %d kHz | %d | %.1f / %.1f | %.1f | %.1f | %.1f | "
                     "%.2f / %.2f | %.1f / %.1f | %s | %s |" % (
                         g["game"], g["players"], hz // 1000, v["verdict"]["n"],
                         v["verdict"]["mean"] / 1e3, v["verdict"]["max"] / 1e3,
                         v["own"]["mean"] / 1e3, fast / 1e3, v["floor"]["mean"] / 1e3,
                         v["verdict_ratio"]["mean"], v["verdict_ratio"]["max"],
                         v["ready"]["mean"] / 1e3, v["ready"]["max"] / 1e3, mps, ref))
    if b["games"]:
        for hz in I2C_CLOCKS:
            p = b["games"][0][hz]["own_parts"]
            L += ["", "Own read at %d kHz, split (Skat, mean): SPI %.2f ms (%d bytes), RF air "
                  "%.2f ms, RF timer %.2f ms, I2C %.2f ms." % (
                      hz // 1000, p["spi_us"] / 1e3, p["spi_bytes"], p["air_us"] / 1e3,
                      p["timer_us"] / 1e3, p["i2c_us"] / 1e3)]
        L += ["", "Target: card to verdict at most %.1fx the floor, worst card: %s." % (
            TARGET_FLOOR_RATIO, ", ".join("%.2fx at %d kHz, %s" % (
                worst[hz], hz // 1000, _ok(worst[hz] <= TARGET_FLOOR_RATIO))
                for hz in I2C_CLOCKS))]
    po = b["poll"]
    L += ["", "Empty pads, %d readers, through the firmware's loop (firmware/main.py, one pad "
          "per tick, 1 ms sleep after each): a tick is %.0f µs of MicroPython wall time "
          "(unix port, the sleep included; the poll's own compute %.1f µs) + %.2f ms on the "
          "wires (SPI %.2f, RF air %.2f, timer %.2f): each pad polled at %.0f Hz (%.0f Hz "
          "from the wires alone). Target >= %.0f Hz: %s." % (
              po["readers"], po["loop_us"], po["mp_us"], po["wire_us"] / 1e3,
              po["spi_us"] / 1e3, po["air_us"] / 1e3, po["timer_us"] / 1e3, po["hz"],
              po["hz_wire"], TARGET_POLL_HZ, _ok(po["hz"] >= TARGET_POLL_HZ)), ""]
    return L


def report(res):
    """The figures as markdown tables (printed, and written with --write)."""
    m = res["machine"]
    L = ["Measured by `make bench` (`python tools/bench.py`) in %.0f s on %s, %d cores (%s); "
         "Python %s; MicroPython %s; OpenSpiel %s." % (
             res["seconds"], m["cpu"], m["nproc"], m["platform"], m["python"],
             m["micropython"], m["open_spiel"] or "not installed"), ""]
    L += board_report(res["board"])
    r = res["rules"]
    L += ["### Rules throughput", "",
          "Random legal deals through the public verbs (tests/bench/bench_rules.py), best "
          "round; MicroPython runs the same code and deals (unix port, .mpy, "
          "-X heapsize=%s)." % MP_HEAP, "",
          "| game | cards/deal | CPython deals/s | CPython cards/s | MicroPython deals/s "
          "| MicroPython / CPython time | OpenSpiel deals/s | ours / OpenSpiel |",
          "|---|---|---|---|---|---|---|---|"]
    for game in bench_rules.GAMES:
        row = r[game]
        if row.get("missing"):
            L.append("| %s | not importable yet | | | | | | |" % game)
            continue
        mpd = ("%.0f" % row["mp_deals_s"]) if "mp_deals_s" in row else row.get("mp_error")
        mpr = ("%.1fx" % row["mp_ratio"]) if "mp_ratio" in row else ""
        osd = ("%.0f" % row["openspiel_deals_s"]) if "openspiel_deals_s" in row else ""
        vs = ("%.2f" % row["vs_openspiel"]) if "vs_openspiel" in row else ""
        L.append("| %s | %.1f | %.0f | %.0f | %s | %s | %s | %s |" % (
            game, row["cards"] / row["deals"], row["cpython_deals_s"],
            row["cpython_cards_s"], mpd, mpr, osd, vs))
    sk = r["skat"]
    c = r["skat_calls"]
    L.append("")
    if "vs_openspiel" in sk:
        L.append("Target: our Skat at least OpenSpiel's rate: %.0f vs %.0f deals/s (%.2fx), "
                 "%s. OpenSpiel plays %.1f cards a deal here (a null ends early there too)."
                 % (sk["cpython_deals_s"], sk["openspiel_deals_s"], sk["vs_openspiel"],
                    _ok(sk["vs_openspiel"] >= 1.0),
                    sk["openspiel_cards_s"] / sk["openspiel_deals_s"]))
    else:
        L.append("OpenSpiel is not installed (`pip install -e '.[bench]'`): no comparison.")
    ratios = [r[g]["mp_ratio"] for g in bench_rules.GAMES if "mp_ratio" in r.get(g, {})]
    if ratios:
        L.append("")
        L.append("Target: MicroPython within %.0fx of CPython: worst %.1fx, %s." % (
            TARGET_MP_RATIO, max(ratios), _ok(max(ratios) <= TARGET_MP_RATIO)))
    o = r["overheads"]
    L += ["", "One random Skat deal (%.1f cards) costs %.0f Python-level function calls and "
          "%.0f built-in calls (cProfile), the driver's random draws included. Here a "
          "Python method call costs %.0f ns, building an event (namedtuple) %.0f ns, a "
          "random draw %.0f ns." % (c["cards"], c["python"], c["builtin"], o["method_call"],
                                     o["event"], o["draw"])]
    if "openspiel_legal_actions" in o:
        L[-1] += (" One OpenSpiel `legal_actions()` call costs %.0f ns. Per card played, "
                  "driver included, ours takes %.2f µs (the deal's setup and result spread "
                  "over its cards); OpenSpiel takes %.2f µs per action, %.0f actions a deal "
                  "(32 of them dealing)." % (o["openspiel_legal_actions"], sk["us_card"],
                                             sk["openspiel_us_action"],
                                             sk["openspiel_actions"]))
    L.append("")
    L += ["### Allocations per card (MicroPython)", "",
          "Heap bytes allocated by `Deal.play` on the table's deal (hands unknown), GC off "
          "while measuring (-X heapsize=%s: the shadow deal that picks the cards is in "
          "the heap too); mean over the first and the last third of each deal's cards, "
          "worst card, the deal's last card (it also builds the result) apart. Peak heap "
          "per game: see \"Memory on MicroPython\"." % MP_HEAP_FIRMWARE, "",
          "| game | cards measured | first third B/card | last third B/card | worst card B "
          "| last card B | grows with the deal? |", "|---|---|---|---|---|---|---|"]
    for game, a in res["memory"].items():
        if "error" in a:
            L.append("| %s | %s | | | | | |" % (game, a["error"]))
            continue
        grows = a["last_mean"] > a["first_mean"] * 1.25 + 32
        L.append("| %s | %d | %d | %d | %d | %d | %s |" % (
            game, a["cards"], a["first_mean"], a["last_mean"], a["max"], a["last_card"],
            "YES" if grows else "no"))
    L += ["", "### The journal over an evening", "",
          "Seeded games (seed 5) played by the table player on the emulated board, the "
          "journal checkpointed after every booked deal; *largest*: the file's largest size "
          "(the sheet so far and the deal about to be booked), *at the end*: after the last "
          "booking (a finished game: its compacted sheet).", "",
          "| game | players | deals | largest bytes | at the end bytes |",
          "|---|---|---|---|---|"]
    for j in res.get("journal", ()):
        L.append("| %s | %d | %d | %d | %d |" % (j["game"], j["players"], j["deals"],
                                                 j["largest"], j["end"]))
    L += ["", "### Simulator", "",
          "Whole deals through the emulated board: menus, buttons, pads, tags, firmware, "
          "LCD model (host_sim.autoplay), wall clock.", "",
          "| game | deals | deals/s | virtual seconds per wall second |", "|---|---|---|---|"]
    for s in res["simulator"]:
        L.append("| %s | %d | %.1f | %.0f |" % (s["game"], s["deals"], s["deals_s"],
                                               s["speedup"]))
    if "playout" in res:
        L += [""] + playout_report(res["playout"])
    if "players" in res:
        L += res["players"]
    return "\n".join(L) + "\n"


def write_section(text, path=DOC):
    """Replace (or add) the Benchmark figures section of ``path``; keep every other one."""
    old = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read()
    block = SECTION + "\n\n" + text.rstrip() + "\n"
    if SECTION in old:
        start = old.index(SECTION)
        nxt = old.find("\n## ", start + len(SECTION))
        new = old[:start] + block + ("\n" + old[nxt + 1:] if nxt >= 0 else "")
    elif old.strip():
        new = old.rstrip() + "\n\n" + block
    else:
        new = "# Performance\n\n" + block
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer rounds: a smoke run")
    ap.add_argument("--write", action="store_true",
                    help="also write the tables into docs/performance.md")
    ap.add_argument("--json", help="also save the raw figures to this file")
    ap.add_argument("--check", type=int, default=100000,
                    help="random positions the playout engine is checked on (default "
                         "100000, 0 skips)")
    ap.add_argument("--only", choices=("playout",),
                    help="run only this part (the others take minutes)")
    args = ap.parse_args(argv)
    t0 = time.time()
    mp = MicroPython()
    res = {"machine": machine()}
    print("trickref benchmarks on %s, %d cores" % (res["machine"]["cpu"],
                                                    res["machine"]["nproc"]), flush=True)
    print("- playout engine (Skat) beside OpenSpiel ...", flush=True)
    res["playout"] = playout(args.quick, args.check)
    if args.only == "playout":
        import bench_players  # tools/, beside this script
        print("\n".join(playout_report(res["playout"]) + bench_players.engines_section(
            100 if args.quick else min(args.check, 2000))))
        return 0
    print("- scan to verdict on the emulated board ...", flush=True)
    res["board"] = board(mp, args.quick)
    print("- rules throughput (CPython, MicroPython, OpenSpiel) ...", flush=True)
    res["rules"] = rules_throughput(mp, args.quick)
    print("- allocations per card (MicroPython) ...", flush=True)
    res["memory"] = memory(mp, args.quick)
    print("- simulator deals per second ...", flush=True)
    res["simulator"] = simulator(args.quick)
    print("- computer players: duplicate Skat deals, time a decision ...", flush=True)
    import bench_players  # tools/, beside this script
    res["players"] = bench_players.report(
        bench_players.skat_duplicate.run(100 if args.quick else 1000, worlds=16),
        bench_players.timing(40 if args.quick else 200), 16) + \
        bench_players.bidding_report(bench_players.skat_bid_duplicate.run(
            50 if args.quick else 1000, worlds=16)) + \
        bench_players.games_section(10 if args.quick else 1000, 4, 20 if args.quick else 50) + \
        bench_players.engines_section(100 if args.quick else 2000)
    print("- the journal over an evening ...", flush=True)
    res["journal"] = journal(args.quick)
    res["seconds"] = time.time() - t0
    text = report(res)
    print()
    print(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1, default=str)
    if args.write:
        write_section(text)
        print("wrote %s" % os.path.relpath(DOC, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())

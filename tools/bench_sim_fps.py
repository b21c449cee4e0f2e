"""Frame time of the desktop simulator while the firmware runs (issue 9: 60 frames a second).

Runs ``host_sim.ui.app.SimApp`` with every seat played by the computer, so the firmware is
busy (pads polled, cards read, tricks judged, LCD rewritten) while each frame also draws
the whole window. Each frame advances the firmware by 1000/60 ms of virtual time, as the
real window does at 60 fps, but does not wait: the wall time of a frame is the work it
costs. Prints per game the mean, median, 95th percentile and worst frame, split into
firmware (input, firmware ticks, computer seats) and drawing, and the share of the 16.7 ms
budget a frame of 60 fps has. No assertion: numbers to read (STYLE.md: benchmarks apart
from tests).

    SDL_VIDEODRIVER=dummy python tools/bench_sim_fps.py [--frames 1200] [--game skat]

With the dummy video driver the final copy to the screen costs nothing; on a desktop
``--window`` measures with a real window (the flip included).
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

BUDGET_MS = 1000.0 / 60  # one frame at 60 fps


def bench(game, players, frames, size):
    """Run ``frames`` frames of ``game``; returns (frame, firmware, draw) wall times in ms."""
    from core.events import CardPlayed
    from host_sim.ui.app import SimApp
    sim = SimApp(game, players, seed=7, human=(), size=size, fixed_dt=BUDGET_MS,
                 think_ms=300, collect_ms=500)
    totals, fw, dr = [], [], []
    try:
        for _ in range(frames):
            f0, d0 = sim.stats["firmware_ms"], sim.stats["draw_ms"]
            t = time.perf_counter()
            if not sim.step():
                break
            totals.append((time.perf_counter() - t) * 1000)
            fw.append(sim.stats["firmware_ms"] - f0)
            dr.append(sim.stats["draw_ms"] - d0)
        cards = sum(1 for e in sim.events if isinstance(e, CardPlayed))
    finally:
        sim.close()
    return totals, fw, dr, cards


def _pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=1200, help="frames per game (default 1200)")
    p.add_argument("--game", action="append", help="game(s) to run (default: every flow)")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--size", default="1280x800")
    p.add_argument("--window", action="store_true", help="a real window, not the dummy driver")
    args = p.parse_args(argv)
    if not args.window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from device import flows
    size = tuple(int(v) for v in args.size.split("x"))
    games = args.game or [n for n, _, _ in flows.GAMES]
    print("budget at 60 fps: %.1f ms a frame; %d frames per game, window %dx%d%s" % (
        BUDGET_MS, args.frames, size[0], size[1], "" if args.window else " (dummy video)"))
    print("%-8s %6s | %6s %6s %6s %6s | %8s %8s | %s" % (
        "game", "cards", "mean", "median", "p95", "worst", "firmware", "drawing", "of budget"))
    for g in games:
        try:
            flows.load(g)
        except ImportError as e:
            print("%-8s skipped: no flow yet (%s)" % (g, e))
            continue
        total, fw, dr, cards = bench(g, args.players, args.frames, size)
        mean = sum(total) / len(total)
        print("%-8s %6d | %6.2f %6.2f %6.2f %6.2f | %8.2f %8.2f | %5.1f%% (%.0f fps possible)"
              % (g, cards, mean, _pct(total, 0.5), _pct(total, 0.95), max(total),
                 sum(fw) / len(fw), sum(dr) / len(dr), 100 * mean / BUDGET_MS, 1000 / mean))
    return 0


if __name__ == "__main__":
    sys.exit(main())

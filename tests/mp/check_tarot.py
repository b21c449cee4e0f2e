"""French Tarot under MicroPython: every FFT example of tests/vectors/tarot_fft.json through
``core.games.tarot.score``, and one seeded random deal per player count, hands known and
unknown (their marks are printed so pytest can compare them with CPython's).
"""

import gc
import json

import heap

heap.report("before imports")
# The game first: its compile, the largest, then runs on an empty heap (less fragmentation).
from core.games import tarot  # noqa: E402
from core import rng  # noqa: E402
heap.report("after imports")
import tarot_check  # noqa: E402

with open("tests/vectors/tarot_fft.json") as f:
    examples = json.load(f)["examples"]
n = 0
for ex in examples:
    bad = tarot_check.check_example(tarot, ex)
    if bad:
        raise SystemExit("MISMATCH " + "; ".join(bad))
    n += 1
examples = ex = None
for players in (3, 4, 5):
    seed, res, actions = tarot_check.random_deal(tarot, rng, players, players * 7)
    marks = list(res.marks)
    res = None
    gc.collect()
    blind = tarot_check.replay(tarot, players, seed, actions)  # hands unknown
    if list(blind.marks) != marks or blind.attack_points + blind.defence_points != 182:
        raise SystemExit("BAD DEAL %d %r %r" % (players, marks, blind))
    if sum(marks) != 0:
        raise SystemExit("MARKS %d %r" % (players, marks))
    print("deal", players, seed, marks)
    n += 1
    blind = actions = None
    gc.collect()
heap.report("at end")
print("OK", n)

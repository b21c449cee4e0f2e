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
    if players == 4:
        marks4 = marks  # booked again on a mort's sheet below
    n += 1
    blind = actions = None
    gc.collect()
# the mort at five (issue 22): a deal of four booked on the five-seat sheet, mort P1
from core.games.tarot_mort import MortMatch  # noqa: E402
mort = MortMatch(tarot.Game(4))
res = tarot.Result("played", 3, 1, tarot.GARDE, -1, None, False, 0, 0, 0, None, 0, (), (),
                   None, tuple(marks4), (), None, ())
mort.record(res)
if mort.totals != [0] + marks4 or mort.rows[0].taker != 2 or mort.dealer != 1:
    raise SystemExit("MORT %r %r" % (mort.totals, marks4))
n += 1
heap.report("at end")
print("OK", n)

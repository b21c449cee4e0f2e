"""MicroPython check of Magistr: every trick vector of tests/vectors/magistr_examples.json
through core.games.bank (imported by core.games.magistr), then one seeded full 24-deal game
with random legal play whose score sheet passes every control sum.

Usage: micropython -X heapsize=128K tests/mp/check_magistr.py [PLAYERS SEED]
Prints heap figures, the game's sheet totals (tests/test_magistr.py compares them with
CPython's run of the same seed) and ``OK <vectors + deals>``.
"""

import sys

import heap
from core.games import magistr
from core.rng import Rng

heap.report("after imports")

import json  # noqa: E402  (after the import figure: the game is what a board loads)

bank = magistr.bank
D = magistr.FRENCH36


def rules_of(v, n):
    tr = v["trumps"]
    if v["variant"] == "own":
        tr = [tr.get(str(s + 1)) for s in range(n)]
    opts = v.get("options", {})
    return bank.Rules(n, v["variant"], tr or None, True,
                      opts.get("k_beats_a", False), False, False,
                      opts.get("eight_lapse", True), opts.get("beat_all", False))


def run_vectors():
    with open("tests/vectors/magistr_examples.json") as f:
        doc = json.load(f)
    count = 0
    for v in doc["examples"] + doc["variants"]:
        cards = D.parse_many(v["cards"])
        t = bank.resolve(rules_of(v, len(cards)), cards)
        got = [bank.METHOD_NAMES[m] for m in t.methods]
        if t.winner + 1 != v["taker"] or D.code(t.top) != v["card"] or got != v["methods"]:
            raise AssertionError("%s: got seat %d %s %s" % (v["id"], t.winner + 1,
                                                           D.code(t.top), got))
        if not t.reason().startswith(D.short(t.top)):
            raise AssertionError("%s: reason %r" % (v["id"], t.reason()))
        count += 1
    return count


def run_game(players, seed):
    g = magistr.Game(players=players)
    m = magistr.Match(g, seed % players)
    rng = Rng(seed)
    while not m.is_over():
        d = m.new_deal(g.deal_cards(m.number(), rng))
        while not d.is_over():
            s = d.current_seat()
            d.play(s, rng.choice(d.legal_cards(s)))
        m.record(d.result())  # raises BadRecord if a control sum fails
    zdi, grvi, kvvi = m.totals()
    print("game %d %d: zdi=%s grvi=%s kvvi=%d" % (players, seed, list(zdi), list(grvi), kvvi))
    return len(m.rows)


players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
n = run_vectors()
heap.report("after vectors")
n += run_game(players, seed)
heap.report("at end")
print("OK", n)

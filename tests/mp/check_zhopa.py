"""MicroPython check of Zhopa: every vector of tests/vectors/zhopa_examples.json (the 23
examples through core.games.bank with Zhopa's rules, what a player may lay, points,
targets, bank changes, the end of the game, the rating), then one seeded game with random
legal play, bids and stock draws, to its end, each deal also fed to a blind twin (hands
unknown) that must give the same events.

The file is read one line at a time (it holds one vector per line, which tests/test_zhopa.py
checks): parsed whole, its 22 KB of text would take about 68 KB of a 128 KB heap.

Usage: micropython -X heapsize=128K tests/mp/check_zhopa.py [PLAYERS SEED]
Prints heap figures, the game's outcome (tests/test_zhopa.py compares it with CPython's run
of the same seed) and ``OK <vectors + deals>``.
"""

import sys

import heap
from core.games import zhopa
from core.rng import Rng

heap.report("after imports")

import json  # noqa: E402  (after the import figure: the game is what a board loads)

bank = zhopa.bank
D = zhopa.FRENCH36
FOUR = {"once": zhopa.FOUR_ONCE, "each": zhopa.FOUR_EACH, "off": zhopa.FOUR_OFF}


def fail(v, got):
    raise AssertionError("%s: got %r" % (v.get("id", v.get("source")), got))


def game_of(v):
    o = v.get("options", {})
    return zhopa.Game(v.get("players", 4), v.get("variant", "own"), v.get("trumps"),
                      zhopa.STOCK_REFILL, None, o.get("must_beat", bank.MUST_BEAT_TABLE),
                      True, False, True, False, o.get("pairs_add", True),
                      o.get("pairs_same_suit", True), o.get("queen_twice", True),
                      FOUR[o.get("four_bonus", "once")])


def vectors(section):
    """The vectors of ``section``, one parsed line at a time."""
    inside = False
    with open("tests/vectors/zhopa_examples.json") as f:
        for line in f:
            if line.startswith(' "'):
                inside = line.startswith(' "%s": [' % section)
            elif inside and line.startswith("  {"):
                line = line.rstrip()
                yield json.loads(line[:-1] if line.endswith(",") else line)


def run_examples():
    n = 0
    for v in vectors("examples"):
        cards = D.parse_many(v["cards"])
        tr = [v["trumps"].get(str(s + 1)) for s in range(len(cards))]
        t = bank.resolve(zhopa.trick_rules(len(cards), "own", tr), cards)
        got = [bank.METHOD_NAMES[m] for m in t.methods]
        if t.winner + 1 != v["taker"] or D.code(t.top) != v["card"] or got != v["methods"]:
            fail(v, (t.winner + 1, D.code(t.top), got))
        n += 1
    return n


def run_plays():
    n = 0
    for v in vectors("plays"):
        rules = game_of(v).rules
        laid = D.parse_many(v["bank"])
        t = bank.Trick(rules, 0, laid[0])
        for i in range(1, len(laid)):
            t.add(i, laid[i])
        try:
            m = t.check(t.next_seat(), D.parse(v["card"]), D.parse_many(v["hand"]))
            got = (True, bank.METHOD_NAMES[m])
        except zhopa.IllegalPlay as e:
            got = (False, e.reason)
        if got != (v["ok"], v["method"] if v["ok"] else v["reason"]):
            fail(v, got)
        n += 1
    return n


def run_scores():
    n = 0
    for v in vectors("points"):
        g = game_of({"variant": "none", "options": v.get("options", {})})
        got = g.points(range(36) if v["cards"] == "ALL" else D.parse_many(v["cards"]))
        if got != v["points"]:
            fail(v, got)
        n += 1
    for v in vectors("targets"):
        p = v["players"]
        tr = None if p <= 4 else ["C", "D", "H", "S", None, None][:p]
        g = zhopa.Game(p, "own", tr, zhopa.STOCK_REFILL,
                       tuple(v["targets"]) if "targets" in v else None)
        if (g.target(True), g.target(False)) != (v["go"], v["no"]):
            fail(v, g.targets)
        n += 1
    for v in vectors("changes"):
        p = v["players"]
        tr = None if p <= 4 else ["C", "D", "H", "S", None, None][:p]
        got = zhopa.Game(p, "own", tr).change(v["go"], v["points"])
        if got != v["change"]:
            fail(v, got)
        n += 1
    for v in vectors("ends"):
        got = zhopa.game_end(v["banks"])
        if got != (v["over"], tuple(v["winners"]), tuple(v["losers"])):
            fail(v, got)
        n += 1
    for v in vectors("ratings"):
        got = zhopa.rating_permille(v["points"], v["shed"], v["taken"], v["deals"],
                                    v["needed"])
        if got != v["permille"]:
            fail(v, got)
        n += 1
    return n


def run_game(players, seed):
    tr = None if players <= 4 else ["C", "D", "H", "S", None, None][:players]
    g = zhopa.Game(players, "own", tr)
    m = zhopa.Match(g, seed % players)
    rng = Rng(seed)
    while not m.is_over():
        hands, stock = g.deal_cards(rng)
        d = m.new_deal(hands, None, stock)
        # The same deal as the referee sees it (hands and draws unknown): same events.
        blind = g.new_deal(d.dealer, None, d.number, d.first)
        while d.phase == zhopa.PHASE_BID:
            s = d.current_seat()
            go = rng.below(2) == 1
            if d.bid(s, go) != blind.bid(s, go):
                raise AssertionError("bid events differ")
        while not d.is_over():
            s = d.current_seat()
            c = rng.choice(d.legal_cards(s))
            if d.play(s, c) != blind.play(s, c):  # e.g. a false RevokeFound
                raise AssertionError("deal %d: blind events differ at %s" % (d.number,
                                                                          D.code(c)))
        m.record(d.result())  # raises BadRecord if the banks do not follow the rule
    print("game %d %d: deals=%d banks=%s winners=%s" % (players, seed, len(m.rows),
                                                          list(m.banks), list(m.winners())))
    return len(m.rows)


players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
n = run_examples() + run_plays() + run_scores()
heap.report("after vectors")
n += run_game(players, seed)
heap.report("at end")
print("OK", n)

"""Issue 22 "Done when": a Tarot evening with misère and rounding played through the
emulated board (menus, pads, LCD) with the sheet the house rules give: options misere=20
and rounding=5 (rencontrestarot.org "La marque au tarot", docs/rules/tarot.md "House
rules"). The expected marks come from the rules core playing the same cards with the
hands known (tests/test_tarot.py's helpers)."""

from core.games import tarot
from host_sim.script import run_script
from test_tarot import make_hands, start

OPTIONS = {"misere": "20", "rounding": "5"}
BIDS = {tarot.PASS: "Pass", tarot.GARDE_SANS: "Garde sans"}


def _deal_script(hands, dealer, taker, misere=None):
    """Script lines for a deal of four: the bids from dealer + 1 (``taker`` a garde sans,
    the others pass), ``misere`` (seat, kind, menu label) chosen from the table menu
    before that seat's first card, the cards (the first legal one each turn) on the pads,
    OK on the result. Returns ``(lines, result)``: the result the rules core gives with the
    hands known (a misère the hand refutes left out there, as the board refutes it)."""
    known = start(4, hands, dealer, taker, **OPTIONS)
    lines = ["choose %s" % BIDS[tarot.GARDE_SANS if (dealer + k) % 4 == taker else tarot.PASS]
             for k in range(1, 5)]
    while not known.is_over():
        s = known.current_seat()
        if misere and s == misere[0] and known.tricks_done == 0:
            lines += ["ok", "choose %s" % misere[2]]
            if tarot.tarot_house.misere_breaker(misere[1], known.hands[s]) < 0:
                known.announce(s, misere[1])
            misere = None
        c = known.legal_cards(s)[0]
        known.play(s, c)
        lines.append("play %d %s" % (s + 1, tarot.TAROT.code(c)))
    return lines + ["ok"], known.result()


def test_a_tarot_evening_with_misere_and_rounding_through_the_board():
    # deal 1, dealer P1: P1 takes a garde sans with 18 trumps, P2 (no trump, no Excuse)
    # says "misère d'atout": made by 46 -> 45 (rounded to 5), x4, + 20 misère + 200 chelem
    hands1 = make_hands(4, {0: "21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4"},
                        voids={1: "TX"})
    lines1, res1 = _deal_script(hands1, 0, 0, (1, tarot.MISERE_TRUMPS, "Misere atout P2"))
    assert res1.score.per_defender == (25 + 45) * 4 + 20 + 200 == 500
    # deal 2, dealer P2: P4 takes a garde sans; P1 says "misère de têtes" but holds the
    # hearts' face cards: the board refutes it when he plays one, no prime
    hands2 = make_hands(4, {3: "21 20 19 18 17 16 15 14 13 12 11 3 2"},
                        voids={0: "T"})
    lines2, res2 = _deal_script(hands2, 1, 3, (0, tarot.MISERE_HEADS, "Misere tetes P1"))
    # made by 46 -> 45, x4, the unannounced chelem 200, no misère prime
    assert (res2.score.diff, res2.score.per_defender) == (46, (25 + 45) * 4 + 200)
    board = run_script("\n".join(lines1 + lines2), "tarot", 4, out=lambda line: None,
                       options=OPTIONS)
    match = board.controller.match
    assert [r.marks for r in match.results] == [res1.marks, res2.marks]
    assert res1.marks == (1500, -500, -500, -500)
    assert any("refuted" in n for n in match.results[1].notes)
    totals = [a + b for a, b in zip(res1.marks, res2.marks)]
    assert list(match.totals) == totals
    assert board.controller.flow.sheet_lines(match) == \
        ["Deals: 2"] + ["P%d %+d" % (s + 1, t) for s, t in enumerate(totals)]

"""Issue 22 "Done when": a Tarot evening with misère and rounding played through the
emulated board (menus, pads, LCD), and in the simulator's pygame window with the mouse,
with the sheet the house rules give: options misere=20
and rounding=5 (rencontrestarot.org "La marque au tarot", docs/rules/tarot.md "House
rules"). The expected marks come from the rules core playing the same cards with the
hands known (tests/test_tarot.py's helpers)."""

from core.games import tarot
from host_sim.script import run_script
from test_tarot import make_hands, start

OPTIONS = {"misere": "20", "rounding": "5"}
BIDS = {tarot.PASS: "Pass", tarot.GARDE_SANS: "Garde sans"}
# deal 1 (dealer P1): P1 holds 18 trumps, P2 neither trump nor Excuse; deal 2 (dealer
# P2): P4 holds 13 trumps, P1 no trump (but the hearts' face cards)
HANDS1 = make_hands(4, {0: "21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4"},
                    voids={1: "TX"})
HANDS2 = make_hands(4, {3: "21 20 19 18 17 16 15 14 13 12 11 3 2"}, voids={0: "T"})
# (hands, dealer, taker, misère (seat, kind, table menu label)) of the two deals
EVENING = ((HANDS1, 0, 0, (1, tarot.MISERE_TRUMPS, "Misere atout P2")),
           (HANDS2, 1, 3, (0, tarot.MISERE_HEADS, "Misere tetes P1")))


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


def booked_results(monkeypatch):
    """The Results the board books, in order, as it books them (a spy on
    core.games.tarot.Match.record: the sheet itself keeps Booked rows only)."""
    booked, record = [], tarot.Match.record

    def spy(match, result):
        booked.append(result)
        return record(match, result)
    monkeypatch.setattr(tarot.Match, "record", spy)
    return booked


def test_a_tarot_evening_with_misere_and_rounding_through_the_board(monkeypatch):
    # deal 1, dealer P1: P1 takes a garde sans with 18 trumps, P2 (no trump, no Excuse)
    # says "misère d'atout": made by 46 -> 45 (rounded to 5), x4, + 20 misère + 200 chelem
    lines1, res1 = _deal_script(*EVENING[0])
    assert res1.score.per_defender == (25 + 45) * 4 + 20 + 200 == 500
    # deal 2, dealer P2: P4 takes a garde sans; P1 says "misère de têtes" but holds the
    # hearts' face cards: the board refutes it when he plays one, no prime
    lines2, res2 = _deal_script(*EVENING[1])
    # made by 46 -> 45, x4, the unannounced chelem 200, no misère prime
    assert (res2.score.diff, res2.score.per_defender) == (46, (25 + 45) * 4 + 200)
    booked = booked_results(monkeypatch)
    board = run_script("\n".join(lines1 + lines2), "tarot", 4, out=lambda line: None,
                       options=OPTIONS)
    match = board.controller.match
    assert [r.marks for r in booked] == [r.marks for r in match.rows] == [res1.marks,
                                                                          res2.marks]
    assert res1.marks == (1500, -500, -500, -500)
    assert any("refuted" in n for n in booked[1].notes)
    totals = [a + b for a, b in zip(res1.marks, res2.marks)]
    assert list(match.totals) == totals
    assert board.controller.flow.sheet_lines(match) == \
        ["Deals: 2"] + ["P%d %+d" % (s + 1, t) for s, t in enumerate(totals)]


# --- the same evening in the simulator's window (pygame, mouse events as a person's) ---

def test_the_same_evening_in_the_simulator_window_with_the_mouse(monkeypatch):
    """Four persons at the simulator (SDL dummy driver), options misere=20 and rounding=5
    chosen in its setup: every bid clicked on the board's buttons, each misère announced
    from the table menu (OK, then the item) before that seat's first card, every card
    dragged from the hand onto its pad, each result booked with OK. The deck is stacked as
    above (the adapter deals EVENING's hands). Deal 1: P1 +1500, -500 each (45 rounded
    from 46, the misère's 20); deal 2: P1's misère refuted by his face card, 480 a
    defender, P4 +1440; the sheet P1 +1020, P2 -980, P3 -980, P4 +940, as the board's."""
    from device.controller import MODE_CHOICE, MODE_RESULT, MODE_TABLE
    from host_sim.ui.app import SimApp
    from simperson import OK, MousePerson, my_turn
    dt = 16
    expected = [_deal_script(*d)[1] for d in EVENING]
    deals = iter([(h, [c for c in range(78) if not any(c in x for x in h)])
                  for h, _d, _t, _m in EVENING])
    sim = SimApp("tarot", 4, seed=1, human={0, 1, 2, 3}, fixed_dt=dt, collect_ms=120,
                 think_ms=60, options=OPTIONS)
    shuffled = sim.adapter.deal  # after the evening's two deals (deal 3 is dealt at once)
    monkeypatch.setattr(sim.adapter, "deal", lambda match, n, rng, first=False:
                        next(deals, None) or shuffled(match, n, rng, first))
    you = MousePerson(sim, dt)
    try:
        for k, (hands, dealer, taker, misere) in enumerate(EVENING):
            said = None
            for _ in range(20000):
                if sim.ctl.mode == MODE_RESULT and len(sim.results) == k + 1:
                    you.click(OK)  # booked
                    you.until(lambda: sim.ctl.mode != MODE_RESULT)
                    break
                deal = sim.fw_deal
                if sim.ctl.mode == MODE_CHOICE and deal is not None and \
                        deal.phase == tarot.PHASE_BIDDING:
                    assert (sim.ctl.match.game.misere, sim.ctl.match.game.round_to) == ("20", 5)
                    you.choose(BIDS[tarot.GARDE_SANS if deal.current_seat() == taker
                                    else tarot.PASS])
                    continue
                pad = sim.turn_pad()
                if misere and pad == misere[0] and sim.ctl.mode == MODE_TABLE and \
                        my_turn(sim, pad):
                    you.click(OK)  # the table menu
                    you.choose(misere[2])
                    said, misere = misere, None
                    continue
                if pad >= 0 and my_turn(sim, pad):
                    hand = sim.tableau.hand(pad)
                    legal = [c for c in sim.shadow.legal_cards(pad) if c in hand]
                    you.drag(legal[0], sim.pad_centre(pad))
                    continue
                you.frames()
            else:
                raise AssertionError("deal %d not over: %r" % (k + 1, sim.board.lcd_lines()))
            assert said is not None  # the misère was announced in the window
        match = sim.ctl.match
        assert [r.marks for r in match.rows] == [r.marks for r in expected]
        assert [r.marks for r in match.rows] == [(1500, -500, -500, -500),
                                                 (-480, -480, -480, 1440)]
        first, second = sim.results[:2]  # the board's results, as its DealOver said them
        assert any("rounded to 5: 45" in s for s in first.score.steps)
        assert any("misère" in s and "+20" in s for s in first.score.steps)
        assert any("refuted" in n for n in second.notes)
        assert not any("misère" in s for s in second.score.steps)
        assert list(match.totals) == [1020, -980, -980, 940]
        # the window's result panel said each deal's marks
        assert [sm[-4:] for sm in sim.summaries[:2]] == [
            ["P1 +1500", "P2 -500", "P3 -500", "P4 -500"],
            ["P1 -480", "P2 -480", "P3 -480", "P4 +1440"]]
        assert sim.flow.sheet_lines(match) == ["Deals: 2", "P1 +1020", "P2 -980",
                                               "P3 -980", "P4 +940"]
    finally:
        sim.close()

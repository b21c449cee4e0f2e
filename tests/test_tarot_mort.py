"""Issue 22: Tarot at five with the "mort" (option five=mort): the dealer sits out and
deals to the four others, who play as at four; the mort's mark is 0; when nobody takes
the same mort deals again (tarotjeu.com "Partie à 5 joueurs"; VIP Tarot's rules;
docs/rules/tarot.md "The mort at five")."""

import pytest

from core.games import tarot
from core.games.tarot_mort import MortMatch
from device import flows
from device.flows import tarot as tarot_flow
from host_sim.script import run_script
from test_tarot import make_hands, start

HANDS = make_hands(4, {1: "21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4"})


def _played(taker):
    """A four-player garde sans by deal seat ``taker`` (deal seat 3 the nominal dealer),
    each seat playing its first legal card; returns ``(known deal, [(seat, card)...])``."""
    known = start(4, HANDS, 3, taker)
    cards = []
    while not known.is_over():
        s = known.current_seat()
        c = known.legal_cards(s)[0]
        known.play(s, c)
        cards.append((s, c))
    return known, cards


def test_the_dealer_sits_out_and_the_marks_go_to_table_seats():
    """Dealer P1 (the mort): P2..P5 are deal seats 0..3; P3 (deal seat 1) takes a garde
    sans with 18 trumps: x3 for him, -per for P2, P4, P5, 0 for P1."""
    match = tarot_flow.new_match(5, {"five": "mort"})
    assert isinstance(match, MortMatch) and match.game.players == 4
    assert [tarot_flow.pad_seat(match, None, pad) for pad in range(5)] == [-1, 0, 1, 2, 3]
    known, _ = _played(1)
    res = known.result()
    per = res.score.per_defender
    match.record(res)
    assert match.totals == [0, -per, 3 * per, -per, -per]
    assert match.rows[0].taker == 2 and match.dealer == 1
    assert [tarot_flow.pad_seat(match, None, pad) for pad in range(5)] == [3, -1, 0, 1, 2]


def test_when_nobody_takes_the_same_mort_deals_again():
    match = tarot_flow.new_match(5, {"five": "mort"})
    deal = match.new_deal()
    for _ in range(4):
        deal.bid(deal.current_seat(), tarot.PASS)
    match.record(deal.result())
    assert match.dealer == 0 and match.totals == [0] * 5


def test_the_mort_is_asked_only_at_five_and_checked_by_name():
    flow = flows.load("tarot")
    keys = [k for k, _, _ in flows.check_options(flow, 5, {"five": "mort"})]
    assert keys[-1] == "five"
    with pytest.raises(ValueError) as e:
        flows.check_options(flow, 4, {"five": "mort"})
    assert "five" in str(e.value)
    with pytest.raises(ValueError) as e:
        flows.check_options(flow, 5, {"five": "dummy"})
    assert "five" in str(e.value) and "dummy" in str(e.value)
    assert not isinstance(tarot_flow.new_match(5, {}), MortMatch)  # FFT: called king


def test_a_mort_evening_through_the_board_and_its_checkpoint():
    """Deal 1, mort P1: P3 takes a garde sans (the LCD names table seats); deal 2, mort
    P2: everybody passes; deal 3, mort P2 again: P4 (deal seat 1) takes it. The journal's
    checkpoint rows rebuild the same sheet."""
    known1, cards1 = _played(1)
    known3, cards3 = _played(1)
    script = ["expect P2 bids", "choose Pass", "expect P3 bids", "choose Garde sans",
              "choose Pass", "choose Pass"]
    script += ["play %d %s" % (s + 2, tarot.TAROT.code(c)) for s, c in cards1] + ["ok"]
    script += ["expect P3 bids"] + ["choose Pass"] * 4 + ["ok"]
    script += ["expect P3 bids", "choose Pass", "expect P4 bids", "choose Garde sans",
               "choose Pass", "choose Pass"]
    script += ["play %d %s" % ((s + 2) % 5 + 1, tarot.TAROT.code(c)) for s, c in cards3]
    script += ["ok"]
    board = run_script("\n".join(script), "tarot", 5, out=lambda line: None,
                       options={"five": "mort"})
    match = board.controller.match
    per1, per3 = known1.result().score.per_defender, known3.result().score.per_defender
    assert [r.marks for r in match.rows] == [
        (0, -per1, 3 * per1, -per1, -per1), (0,) * 5, (-per3, 0, -per3, 3 * per3, -per3)]
    assert match.dealer == 2
    rebuilt = tarot_flow.new_match(5, {"five": "mort"})
    for row in tarot_flow.booked_rows(match):
        tarot_flow.rebook(rebuilt, row)
    assert rebuilt.totals == match.totals and rebuilt.dealer == match.dealer
    assert tarot_flow.sheet_lines(rebuilt) == tarot_flow.sheet_lines(match)


def test_the_simulator_deals_to_the_four_and_its_computers_play_a_mort_deal():
    """Computer seats at five with the mort (seed 3): the dealer's pad gets no card, the
    four others 18 each; every card is legal with the hands known and the firmware's
    result equals the shadow deal's; booked, the mort's total stays 0."""
    from core.events import Refused, RevokeFound, TrickTaken
    from host_sim.ui.app import SimApp
    sim = SimApp("tarot", 5, seed=3, human=(), fixed_dt=17, think_ms=60, collect_ms=120,
                 options={"five": "mort"})
    try:
        for _ in range(200):
            sizes = [len(sim.tableau.hand(p)) for p in range(5)]
            if sum(sizes):
                break
            assert sim.step()
        assert sizes == [0, 18, 18, 18, 18]
        for _ in range(8000):
            if sim.results:
                break
            assert sim.step()
        assert sim.results[0] == sim.shadow.result()
        assert len([e for e in sim.events if isinstance(e, TrickTaken)]) == 18
        assert not [e for e in sim.events if isinstance(e, (Refused, RevokeFound))]
        marks = sim.results[0].marks
        for _ in range(4000):  # the result shown, then booked by the computer's OK
            if sim.ctl.match.rows:
                break
            assert sim.step()
        assert sim.ctl.match.totals == [0] + list(marks)
    finally:
        sim.close()

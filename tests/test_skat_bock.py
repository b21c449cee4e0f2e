"""Issue 22: Bock rounds (house rule, option ``bock``) as skatspielen.info "Bockrunde"
describes them: a grand hand, a null ouvert hand or a game lost with 60 card points opens
a round (one game per player) in which every game, the opening one included, counts
double. Worked example of docs/rules/skat.md "Bock rounds"."""

import pytest

from core.games import skat, skat_sheet
from core.games.skat_bock import BockRounds
from device import flows
from device.flows import skat as skat_flow
from test_skat_kontra import _declared, _play_out


def _all_passed(match):
    deal = match.new_deal()
    for seat in (1, 2, 0):
        deal.pass_(seat)
    return deal


def test_a_home_evening_with_a_bock_round():
    match = skat_sheet.Match(3, bock="on", kontra="on")
    deal = _declared("GH", match=match)  # grand hand with 4 schneider: 168, opens a round
    _play_out(deal)
    assert skat_flow.record(match, deal.result())[1] == "won Bock +336"
    assert skat_flow.sheet_lines(match)[-1] == "Bock games 2"
    skat_flow.record(match, _all_passed(match).result())  # a passed deal uses a Bock game
    deal = _declared("NH", match=match)  # null hand lost: -70, in the round: -140
    deal.kontra(1)  # with Kontra: -140, doubled: -280
    _play_out(deal)
    assert skat_flow.record(match, deal.result())[1] == "lost K Bock -280"
    deal = _declared("NH", match=match)  # the round is over: -70
    _play_out(deal)
    assert skat_flow.record(match, deal.result())[1] == "lost -70"
    assert match.doubled == [True, True, True, False]
    # forehand: table seat 1, 2, 0, 1 (the dealer moves left)
    assert match.sheet.totals == [-280, 336 - 70, 0]
    cols, rows = skat_flow.sheet_table(match)
    assert cols[-1] == "bock" and [r[-1] for r in rows] == [1, 1, 1, 0]


def test_a_round_opened_inside_a_round_is_queued():
    rounds = BockRounds(3)
    assert [rounds.game(o) for o in (True, False, True, False, False, False, False)] == \
        [2, 2, 2, 2, 2, 2, 1]


def _result(contract, won, points):
    c = skat.parse_contract(contract)
    return skat.Result("played", 0, c, 18, won, 1, 1, 2, False, points, 5, False, False,
                       (), ())


@pytest.mark.parametrize("contract,won,points,opens", [
    ("GH", True, 61, True), ("GH", False, 40, True),  # grand hand, won or lost
    ("NOH", True, 0, True), ("NO", True, 0, False),  # null ouvert hand only
    ("C", False, 60, True), ("C", False, 59, False), ("G", True, 61, False)])  # 60:60
def test_triggers(contract, won, points, opens):
    assert skat_sheet.opens_bock(_result(contract, won, points)) is opens


def test_without_the_option_nothing_doubles_and_bad_values_are_named():
    match = skat_sheet.Match(3)
    deal = _declared("GH", match=match)
    _play_out(deal)
    assert skat_flow.record(match, deal.result())[1] == "won +168"
    assert skat_flow.sheet_table(match)[0][-1] == "SF P3"
    with pytest.raises(ValueError) as e:
        flows.check_options(flows.load("skat"), 3, {"bock": "always"})
    assert "bock" in str(e.value) and "always" in str(e.value)

"""Issue 22: five at a Skat table (the dealer and the third player on his left sit out,
skatspielen.info "Das Skatspiel"; Seeger-Fabian 24 = 120 / 5 for the others of a lost
game), and a Schieberamsch evening with money per point played through the emulated board.
Worked examples of docs/rules/skat.md "Five at a table"."""

import pytest

from core.games import skat, skat_sheet
from device.flows import skat as skat_flow
from host_sim.script import run_script
from test_skat_kontra import _declared, _play_out
from test_skat_ramsch import FOREHAND, MIDDLE, REAR


@pytest.mark.parametrize("dealer,playing", [(0, (1, 2, 4)), (3, (4, 0, 2)), (4, (0, 1, 3))])
def test_the_dealer_and_the_third_on_his_left_sit_out(dealer, playing):
    match = skat_sheet.Match(5, first_dealer=dealer)
    assert match.table_seats() == playing


@pytest.mark.parametrize("players,bonus", [(5, 24), (6, 20)])
def test_seeger_fabian_at_five_and_six(players, bonus):
    """Dealer P1: forehand is P2. The grand hand with 4 schneider (168): P2 168 + 50; the
    null hand lost (-70) by the next forehand, P3: the others get 120 / players each,
    24 at five, 20 at six (the sitting players too)."""
    match = skat_sheet.Match(players)
    deal = _declared("GH", match=match)
    _play_out(deal)
    match.record(deal.result())
    deal = _declared("NH", match=match)
    _play_out(deal)
    match.record(deal.result())
    rest = [0] * (players - 3)
    assert match.sheet.totals == [0, 168, -70] + rest
    assert match.sheet.sf == [bonus, 218 + bonus, -70 - 50] + [bonus] * (players - 3)


@pytest.mark.parametrize("dealer,playing", [(0, (1, 2, 4)), (3, (4, 5, 1)), (5, (0, 1, 3))])
def test_six_at_a_table_the_dealer_the_one_opposite_and_his_right_sit_out(dealer, playing):
    match = skat_sheet.Match(6, first_dealer=dealer)
    assert match.table_seats() == playing


def test_six_at_a_table_every_trio_differs_and_everybody_plays_half():
    """Over a round of six deals the six trios differ and each player plays three deals
    (the reading chosen in docs/rules/skat.md "Six at a table")."""
    match = skat_sheet.Match(6)
    trios = []
    for _ in range(6):
        trios.append(frozenset(match.table_seats()))
        match.dealer = (match.dealer + 1) % 6
    assert len(set(trios)) == 6
    assert [sum(p in t for t in trios) for p in range(6)] == [3] * 6


def test_seven_at_one_table_is_refused():
    with pytest.raises(ValueError) as e:
        skat_sheet.Match(7)
    assert "3, 4, 5 or 6" in str(e.value)


def _tricks(pads):
    lines = []
    for cards in zip(FOREHAND.split(), MIDDLE.split(), REAR.split()):
        lines += ["play %d %s" % (pad, card) for pad, card in zip(pads, cards)]
    return lines


def test_a_schieberamsch_evening_at_five_with_money():
    """Dealer P1: P2, P3 and P5 play. All pass; each passes the skat on unseen (x8); the
    Ramsch example 1: P2 loses -218 x 8 = -1744; at a quarter cent: -436 cents, settled
    5 x -436 + 436 = -1744 for P2 and +436 for each of the four others."""
    script = (["choose All passed", "expect P2: skat?", "choose Pass on unseen",
               "expect P3: skat?", "choose Pass on unseen", "expect P5: skat?",
               "choose Pass on unseen", "expect play: P2"] + _tricks((2, 3, 5)) +
              ["play 1 C8", "play 1 C7", "expect Ramsch P2 109p", "expect Jungfr. x8 -1744",
               "ok"])
    board = run_script("\n".join(script), "skat", 5, out=lambda line: None,
                       options={"ramsch": "schieberamsch", "money": "1/4"})
    match = board.controller.match
    assert match.sheet.totals == [0, -1744, 0, 0, 0]
    assert skat_flow.sheet_lines(match)[-5:] == [
        "P1 ct      +436", "P2 ct     -1744", "P3 ct      +436", "P4 ct      +436",
        "P5 ct      +436"]


def test_a_grand_hand_with_kontra_at_six_through_the_board():
    """Six at the emulated board, dealer P1: P2, P3 and P5 play; P2's grand hand with 4
    schneider, P3 says Kontra: 336 (docs/rules/skat.md "Six at a table")."""
    script = (["choose P2 declarer", "choose 18", "choose Hand game", "choose Grand",
               "choose Plain hand", "ok", "choose P3 Kontra"] + _tricks((2, 3, 5)) +
              ["play 3 C8", "play 3 C7", "expect won K +336", "ok"])
    board = run_script("\n".join(script), "skat", 6, out=lambda line: None,
                       options={"kontra": "on"})
    match = board.controller.match
    assert match.sheet.totals == [0, 336, 0, 0, 0, 0] and match.dealer == 1
    assert match.table_seats() == (2, 3, 5)  # dealer P2: P3, P4 and P6 play next


def test_the_simulator_deals_to_three_of_six_and_its_computers_play_the_deal():
    """Six at the simulator's table (seed 11): only P2, P3 and P5 get cards (dealer P1, the
    player opposite, P4, and P6 sit out); the computers' deal is legal with the hands known
    and the firmware's result equals the shadow deal's."""
    from core.events import Refused, RevokeFound, TrickTaken
    from host_sim.ui.app import SimApp
    sim = SimApp("skat", 6, seed=11, human=(), fixed_dt=17, think_ms=60, collect_ms=120)
    try:
        for _ in range(200):
            sizes = [len(sim.tableau.hand(p)) for p in range(6)]
            if sum(sizes):
                break
            assert sim.step()
        assert sizes == [0, 10, 10, 0, 10, 0]
        for _ in range(8000):
            if sim.results:
                break
            assert sim.step()
        assert sim.results[0] == sim.shadow.result()
        assert len([e for e in sim.events if isinstance(e, TrickTaken)]) == 10
        assert not [e for e in sim.events if isinstance(e, (Refused, RevokeFound))]
    finally:
        sim.close()

"""Issue 22: Schieberamsch (option ``ramsch`` = ``"schieberamsch"``). Worked examples of
docs/rules/skat.md "Schieberamsch": the skat pushed round as pagat.com "Schieberamsch"
describes (each in turn takes it and lays two cards, or passes it on unseen, doubling the
score), no jack pushed (Parlett, The Penguin Book of Card Games), then a Ramsch scored as
the KD Skat manual (rasche-software.de "5. Ramsch")."""

import pytest

from core.errors import IllegalPlay
from core.games import skat, skat_sheet, skat_ramsch
from core.referee import Referee
from device.flows import skat as skat_flow
from tests.test_skat_ramsch import FOREHAND, MIDDLE, REAR, SKAT_CARDS, _all_pass, _play_out, p

# Example 1: forehand takes C8 C7 and pushes CA CT, middlehand passes on unseen (x2),
# rearhand takes CA CT and pushes HA HT (21 points); the play below.
F_PLAY = "CJ SJ HJ DJ CK CQ C9 C8 C7 D7"
M_PLAY = "SQ SK ST SA D8 D9 DQ DK DT DA"
R_PLAY = "H7 H8 H9 HQ CA CT HK S9 S8 S7"
# trick by trick, (leader's seat order) as played: tricks 1-4 forehand's jacks, 5 CK-D8-CA
# to rearhand, then rearhand leads CT, HK, S9, S8, S7 and takes them all.
ORDER = ((0, 1, 2),) * 5 + ((2, 0, 1),) * 5


def _push_round(deal):
    deal.push(0, p("CA CT") if deal.hands is not None else None)
    deal.pass_skat(1)
    deal.push(2, p("HA HT") if deal.hands is not None else None)


def _play(deal):
    plays = (p(F_PLAY), p(M_PLAY), p(R_PLAY))
    for i, order in enumerate(ORDER):
        for seat in order:
            deal.play(seat, plays[seat][i])


def _example_deal(hands_known=True):
    game = skat.Game(ramsch="schieberamsch")
    if hands_known:
        return game.new_deal(0, [p(FOREHAND), p(MIDDLE), p(REAR)], p(SKAT_CARDS))
    return game.new_deal()


def test_example_push_pass_push_known_hands():
    deal = _example_deal()
    _all_pass(deal)
    assert deal.phase == skat.PHASE_PUSH and deal.current_seat() == 0
    _push_round(deal)
    assert deal.phase == skat.PHASE_PLAY and deal.skat == p("HA HT")
    _play(deal)
    res = deal.result()
    # forehand 5+6+12+16 = 39 in 4 tricks, rearhand 15+13+7+4+10+11 = 60 in 6, middlehand
    # none (Jungfrau): rearhand loses (60 + 21) x 2 (Jungfrau) x 2 (one pass) = -324
    assert deal.taken_points == [39, 0, 60] and deal.taken_tricks == [4, 0, 6]
    assert res.values == (0, 0, -324) and res.levels == ("jungfrau", "passed")
    assert (res.declarer, res.value, res.multiplier) == (2, -324, 4)


def test_example_at_the_table_skat_scanned_at_the_end():
    """Hands unknown: the pushes are not scanned, the board asks for the skat at the end."""
    deal = _example_deal(hands_known=False)
    _all_pass(deal)
    _push_round(deal)
    _play(deal)
    assert deal.phase == skat.PHASE_SKAT
    deal.set_skat(p("HA HT"))
    assert deal.result().values == (0, 0, -324)


def test_all_three_pass_on_unseen_eight_times_the_ramsch():
    """Ramsch example 1 (-218, Jungfrau) with the skat passed on by all three: x8."""
    deal = _example_deal()
    _all_pass(deal)
    for seat in range(3):
        deal.pass_skat(seat)
    _play_out(deal, FOREHAND, MIDDLE, REAR)
    res = deal.result()
    assert res.values == (-1744, 0, 0) and res.levels == ("jungfrau",) + ("passed",) * 3
    assert skat_flow.result_lines(res) == ["Ramsch P1 109p", "Jungfr. x8 -1744"]


def test_durchmarsch_is_doubled_by_a_pass_too():
    assert skat_ramsch.score((120, 0, 0), (10, 0, 0), 0, 0, 1) == \
        ((240, 0, 0), ("durchmarsch", "passed"))


def test_a_jack_may_not_be_pushed_and_nothing_changes():
    deal = _example_deal()
    _all_pass(deal)
    before = [h[:] for h in deal.hands]
    with pytest.raises(IllegalPlay) as e:
        deal.push(0, p("CJ CA"))
    assert "jack" in e.value.detail
    assert deal.hands == before and deal.skat == p(SKAT_CARDS) and deal.pusher == 0
    deal.push(0, p("C8 C7"))  # the skat's own cards may go straight back


def test_out_of_turn_foreign_cards_and_play_before_the_pushes_are_refused():
    deal = _example_deal()
    _all_pass(deal)
    with pytest.raises(IllegalPlay):
        deal.pass_skat(1)  # forehand holds the skat
    with pytest.raises(IllegalPlay):
        deal.push(0, p("SA CA"))  # SA is middlehand's
    with pytest.raises(IllegalPlay):
        deal.push(0, None)  # hands known: the two cards are needed
    with pytest.raises(IllegalPlay):
        deal.play(0, p("CJ")[0])
    with pytest.raises(IllegalPlay):
        skat.Game(ramsch="ramsch").new_deal().push(0, None)  # a plain Ramsch pushes nothing


def test_referee_replays_the_pushes_and_a_leaver_aborts():
    ref = Referee(lambda: skat.Game(ramsch="schieberamsch").new_deal())
    for seat in (1, 2, 0):
        ref.act("pass_", seat)
    ref.act("push", 0, None)
    ref.act("pass_skat", 1)
    assert ref.deal.current_seat() == 2 and ref.deal.passed_on == 1
    ref.act("abandon", 2)
    assert ref.deal.result().status == "aborted"


def test_board_menu_offers_push_and_pass_for_the_seat_holding_the_skat():
    match = skat_sheet.Match(3, ramsch="schieberamsch")
    deal = match.new_deal()
    _all_pass(deal)
    menu = skat_flow.prompt(deal, match)
    assert menu.title == "P2: skat?"  # dealer table seat 0: forehand is P2
    assert [i.actions for i in menu.items[:2]] == [[("push", (0, None))],
                                                   [("pass_skat", (0,))]]

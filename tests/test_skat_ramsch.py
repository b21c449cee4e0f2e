"""Issue 22: Ramsch when all pass (house rule, option ``ramsch``). Worked examples of
docs/rules/skat.md "Ramsch", scored as the KD Skat manual (rasche-software.de "5. Ramsch")
says: most card points loses them plus the skat, a Jungfrau doubles, a Durchmarsch scores
+120, a tie goes against the taker of the last trick."""

import pytest

from core.cards import SKAT
from core.errors import IllegalPlay
from core.games import skat, skat_ramsch, skat_sheet
from device import flows
from device.flows import skat as skat_flow

p = SKAT.parse_many

# docs/rules/skat.md, Ramsch example 1 (Jungfrau): forehand holds the four Unter and five
# clubs, leads them, then D7 to middlehand's DA; rearhand takes no trick.
FOREHAND = "CJ SJ HJ DJ CA CT CK CQ C9 D7"
MIDDLE = "SQ SK ST SA D8 D9 DQ DK DT DA"  # in the order played
REAR = "H7 H8 H9 HQ HK HT HA S9 S8 S7"
SKAT_CARDS = "C8 C7"


def _play_out(deal, forehand, middle, rear):
    for f, m, r in zip(p(forehand), p(middle), p(rear)):
        for seat, card in ((0, f), (1, m), (2, r)):
            deal.play(seat, card)


def _all_pass(deal):
    for seat in (1, 2, 0):
        events = deal.pass_(seat)
    return events


def test_jungfrau_example_known_hands():
    deal = skat.Game(ramsch="ramsch").new_deal(0,
        [p(FOREHAND), p(MIDDLE), p(REAR)], p(SKAT_CARDS))
    _all_pass(deal)
    assert deal.phase == skat.PHASE_PLAY and deal.status == "ramsch"
    _play_out(deal, FOREHAND, MIDDLE, REAR)
    res = deal.result()
    # forehand: 36 of his own + 45 + 28 discarded = 109 points, 9 tricks; x2 Jungfrau
    assert deal.taken_points == [109, 11, 0] and deal.taken_tricks == [9, 1, 0]
    assert res.values == (-218, 0, 0) and res.levels == ("jungfrau",)
    assert (res.declarer, res.value, res.multiplier) == (0, -218, 2)


def test_durchmarsch_example_hands_unknown_skat_scanned_at_the_end():
    """Example 2: forehand's D7 swapped for the C8: he takes all ten tricks, +120. At the
    table the hands are unknown; the board asks for the skat when the play is over."""
    forehand = FOREHAND.replace("D7", "C8")
    deal = skat.Game(ramsch="ramsch").new_deal()
    _all_pass(deal)
    _play_out(deal, forehand, MIDDLE, REAR)
    assert deal.phase == skat.PHASE_SKAT
    deal.set_skat(p("D7 C7"))
    res = deal.result()
    assert res.values == (120, 0, 0) and res.levels == ("durchmarsch",) and res.won


def test_only_the_unter_are_trumps():
    """The grand's trick order: forehand's CJ is beaten by nothing, a club ace by a jack."""
    deal = skat.Game(ramsch="ramsch").new_deal(0,
        [p("CA CT CK CQ C9 C8 C7 D7 D8 D9"), p("DJ SA ST SK SQ S9 S8 S7 DT DQ"),
         p("HA HT HK HQ H9 H8 H7 DA DK CJ")], p("SJ HJ"))
    _all_pass(deal)
    for seat, card in ((0, "CA"), (1, "DJ"), (2, "HA")):
        deal.play(seat, SKAT.parse(card))
    assert deal.trick_winners == [1]  # the Unter trumps a side suit


@pytest.mark.parametrize("points,tricks,last,skat_points,values,levels", [
    ((50, 40, 20), (4, 4, 2), 2, 10, (-60, 0, 0), ()),       # most points + skat
    ((45, 45, 20), (4, 4, 2), 1, 10, (0, -55, 0), ()),       # tie: the last trick loses
    ((45, 45, 20), (4, 4, 2), 2, 10, (-55, -55, 0), ("tie",)),  # not settled: both lose
    ((40, 40, 40), (3, 3, 4), 0, 0, (0, 0, 0), ("tie",)),    # three tied: no score
    ((0, 110, 10), (0, 8, 2), 1, 0, (0, -220, 0), ("jungfrau",)),
])
def test_scoring_examples(points, tricks, last, skat_points, values, levels):
    assert skat_ramsch.score(points, tricks, last, skat_points) == (values, levels)


def test_counts_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError):
        skat_ramsch.score((50, 40, 20), (4, 4, 2), 0, 0)  # 110 points


def test_without_the_option_all_pass_is_a_passed_deal():
    deal = skat.Game().new_deal()
    _all_pass(deal)
    assert deal.is_over() and deal.result().status == "passed"


def test_nobody_resigns_a_ramsch_and_a_player_leaving_aborts_it():
    deal = skat.Game(ramsch="ramsch").new_deal()
    _all_pass(deal)
    with pytest.raises(IllegalPlay):
        deal.resign(0)
    deal.abandon(1)
    res = deal.result()
    assert res.status == "aborted" and res.value is None


def test_sheet_books_each_player_without_seeger_fabian_bonus():
    match = skat_sheet.Match(3, ramsch="ramsch")
    deal = match.new_deal([p(FOREHAND), p(MIDDLE), p(REAR)], p(SKAT_CARDS))
    _all_pass(deal)
    _play_out(deal, FOREHAND, MIDDLE, REAR)
    lines = skat_flow.record(match, deal.result())
    # dealer table seat 0: forehand is table seat 1
    assert match.sheet.totals == [0, -218, 0] and match.sheet.sf == [0, -218, 0]
    assert lines == ["Ramsch P2 109p", "Jungfr. -218"]


def test_option_is_validated_by_name_and_value():
    flow = flows.load("skat")
    with pytest.raises(ValueError) as e:
        flows.check_options(flow, 3, {"ramsch": "bockramsch"})
    assert "ramsch" in str(e.value) and "bockramsch" in str(e.value)
    with pytest.raises(ValueError):
        skat.Game(ramsch="yes")


def _revoke_in_trick_two(violations):
    """Hands unknown: forehand leads CA, middlehand discards SA (no club, he says),
    rearhand CK; forehand leads HA and middlehand follows... with C7: he held a club."""
    deal = skat.Game(ramsch="ramsch", violations=violations).new_deal()
    _all_pass(deal)
    for seat, code in ((0, "CA"), (1, "SA"), (2, "CK"), (0, "HA")):
        deal.play(seat, SKAT.parse(code))
    return deal, deal.play(1, SKAT.parse("C7"))


def test_a_revoke_decides_a_ramsch_against_the_offender():
    """violations=decide: the Ramsch ends at the revoke; the offender loses alone, the
    whole deck's 120 points (docs/rules/skat.md "Ramsch", decision), without the skat
    being asked: it is charged to him whatever it holds. It crashed the result ("a Ramsch
    is 10 tricks and 120 card points") once the skat was scanned."""
    deal, events = _revoke_in_trick_two("decide")
    names = [type(e).__name__ for e in events]
    assert names == ["CardPlayed", "RevokeFound", "DealOver"], names
    res = events[-1].result
    assert res.values == (0, -120, 0) and res.levels == ("revoke",)
    assert skat_flow.result_lines(res) == ["Ramsch P2 120p", "-120"]


def test_a_revoke_in_a_ramsch_is_only_shown_with_report():
    deal, events = _revoke_in_trick_two("report")
    assert [type(e).__name__ for e in events] == ["CardPlayed", "RevokeFound", "Turn"]
    assert deal.phase == skat.PHASE_PLAY


@pytest.mark.parametrize("cols,rows,shown", [
    (16, 2, ["P3 revoke in T1", "T2 P1 takes 15"]),
    (20, 4, ["P3 revoke in T1", "shown by E7", "", "T2 P1 takes 15"])])  # E: Eichel
def test_a_revoke_proved_by_a_trick_ending_card_shows_the_taker_too(cols, rows, shown):
    """violations=report, on the emulated board (cards read from their tags): rearhand
    discards SA on forehand's CA in trick 1, then ends trick 2 with C7. The LCD names the
    revoke and who took trick 2, who leads next; it showed only the revoke, and the
    table had to guess the next leader. The proving card is the one just laid, so on two
    rows "shown by" gives way."""
    from host_sim.board import SimBoard, TaggedDeck
    board = SimBoard(3, cols, rows)
    tags = TaggedDeck(SKAT)
    app = board.start(lambda: skat.Game(ramsch="ramsch", violations="report").new_deal(),
                      SKAT)
    for seat in (1, 2, 0):
        app.choose("pass_", seat)
    for seat, code in ((0, "CA"), (1, "CK"), (2, "SA")):
        board.play_card(seat, tags.tag(SKAT.parse(code)))
    board.run(2000)  # the pads cleared between tricks
    for seat, code in ((0, "HA"), (1, "HK")):
        board.play_card(seat, tags.tag(SKAT.parse(code)))
    board.place(2, tags.tag(SKAT.parse("C7")))  # left on the pad: the trick is on show
    events = board.run(60)
    assert [type(e).__name__ for e in events][1:3] == ["RevokeFound", "TrickTaken"]
    assert [r.rstrip() for r in board.lcd_lines()] == shown

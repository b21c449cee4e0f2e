"""Issue 22: Schieberamsch (option ``ramsch`` = ``"schieberamsch"``). Worked examples of
docs/rules/skat.md "Schieberamsch": the skat pushed round as pagat.com "Schieberamsch"
describes (each in turn takes it and lays two cards, or passes it on unseen, doubling the
score), no jack pushed (Parlett, The Penguin Book of Card Games), then a Ramsch scored as
the KD Skat manual (rasche-software.de "5. Ramsch")."""

import pytest

from core.cards import SKAT
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


# --- a jack pushed, found in the skat scanned at the end (docs/rules/skat.md, decision) ---

# Example 4 (docs/rules/skat.md "Schieberamsch"): forehand takes C8 C7 and pushes DJ C8 (a
# jack: a breach), middlehand passes on unseen, rearhand takes DJ C8 and pushes DJ H7 (the
# jack again: he is the last to take the skat, so the skat scanned at the end proves it
# against him). Forehand leads his three jacks and his clubs, middlehand takes the last
# trick with DA (11), rearhand takes none (Jungfrau).
PUSHED = ((0, "CJ SJ HJ CA CT CK CQ C9 C7 D7"), (1, "SQ SK ST SA D8 D9 DQ DK DT DA"),
          (2, "H8 H9 HQ C8 HK HT HA S9 S8 S7"))


def _forehand_leads_all(deal, rear, skat_cards):
    """Play example 4's tricks with rearhand's cards ``rear`` (forehand leads every
    trick, middlehand takes the tenth with DA), then scan ``skat_cards``; the events."""
    plays = [p(PUSHED[0][1]), p(PUSHED[1][1]), p(rear)]
    for i in range(10):
        for seat in (0, 1, 2):
            deal.play(seat, plays[seat][i])
    assert deal.taken_points == [107, 11, 0] and deal.taken_tricks == [9, 1, 0]
    return deal.set_skat(p(skat_cards))


def _pushed_jack_deal(violations):
    deal = skat.Game(ramsch="schieberamsch", violations=violations).new_deal()
    _all_pass(deal)
    deal.push(0, None)
    deal.pass_skat(1)
    deal.push(2, None)
    return deal, _forehand_leads_all(deal, PUSHED[2][1], "DJ H7")


def test_a_jack_in_the_last_pushers_skat_is_reported_and_scored_as_played():
    """violations=report: the table is told who pushed which jack, the deal is scored
    as played: forehand (107 + 2) x 2 (Jungfrau) x 2 (one pass) = -436."""
    deal, events = _pushed_jack_deal("report")
    found = [e for e in events if type(e).__name__ == "RevokeFound"]
    assert [(e.seat, SKAT.code(e.card), e.trick, e.reason) for e in found] == \
        [(2, "DJ", -1, skat.PUSHED_JACK)]
    res = deal.result()
    assert res.values == (-436, 0, 0) and res.levels == ("jungfrau", "passed")


def test_a_pushed_jack_decides_the_ramsch_against_its_pusher():
    """violations=decide: the pusher loses alone, the whole deck's 120 card points times
    the pass's factor, -240; forehand, charged -436 as played, is charged nothing."""
    deal, events = _pushed_jack_deal("decide")
    res = deal.result()
    assert res.values == (0, 0, -240) and res.levels == (skat.PUSHED_JACK, "passed")
    assert (res.declarer, res.value, res.declarer_points) == (2, -240, 120)
    assert skat_flow.result_lines(res) == ["Ramsch P3 120p", "x2 -240"]


def test_a_pushed_jack_never_pays_its_pusher():
    """When the deal as played charges the pusher more than 120 points (here forehand,
    who pushed the jack himself and nobody took the skat after him: -872 with the
    Jungfrau and two passes), he pays that."""
    deal = skat.Game(ramsch="schieberamsch").new_deal()
    _all_pass(deal)
    deal.push(0, None)
    deal.pass_skat(1)
    deal.pass_skat(2)
    events = _forehand_leads_all(deal, REAR, "DJ C8")
    assert [e.seat for e in events if type(e).__name__ == "RevokeFound"] == [0]
    res = deal.result()
    assert res.values == (-872, 0, 0)
    assert res.levels == (skat.PUSHED_JACK, "jungfrau", "passed", "passed")


def test_a_jack_passed_on_unseen_is_no_breach():
    """All three pass on unseen: the skat scanned at the end is the one dealt, a jack in
    it included (JSkat #183: the rule binds only a player who looked at the skat); the
    deal is scored as played: forehand (107 + 2) x 2 (Jungfrau) x 8 = -1744."""
    deal = skat.Game(ramsch="schieberamsch").new_deal()
    _all_pass(deal)
    for seat in range(3):
        deal.pass_skat(seat)
    events = _forehand_leads_all(deal, REAR, "DJ C8")
    assert [type(e).__name__ for e in events] == ["DealOver"]
    assert deal.result().values == (-1744, 0, 0)


@pytest.mark.parametrize("violations,values,row", [
    ("decide", (0, 0, -240), "x2 -240"),
    ("report", (-436, 0, 0), "Jungfr. x2 -436")])
def test_the_board_catches_the_pushed_jack_in_the_skat_scanned(tmp_path, violations,
                                                                 values, row):
    """Example 4 on the emulated board (cards read from their tags, the pushes entered in
    the "skat?" menus, not scanned): the skat laid at the end holds DJ, the LCD names
    rearhand (table seat P1: dealer P1, forehand P2) and the jack, the result follows the
    option and survives a power cut (the journal replays it). Before, the jack went
    unseen and the deal was booked as played whatever the option."""
    from core.journal import Journal
    from host_sim.autoplay import table_player
    from host_sim.board import SimBoard
    path = str(tmp_path / "journal.bin")
    pl = table_player("skat", 3, seed=1, journal=Journal(path),
                      options={"violations": violations, "ramsch": "schieberamsch"})
    pl.start()
    b = pl.board
    b.choose("All passed")
    for answer in ("Push 2 cards", "Pass on unseen", "Push 2 cards"):
        b.choose(answer)
    plays = [p(cards) for _, cards in PUSHED]
    for i in range(10):
        for seat in (0, 1, 2):
            b.play_card((seat + 1) % 3, pl.tags.tag(plays[seat][i]))
        b.run(2000)  # the pads cleared between tricks
    b.play_card(0, pl.tags.tag(SKAT.parse("DJ")))
    events = b.play_card(0, pl.tags.tag(SKAT.parse("H7")))
    # the Unter of bells ("S" Schellen, "U" Unter: the deck's look on the LCD)
    assert [r.strip() for r in b.lcd_lines()] == ["P1 jack pushed", "shown by SU"]
    found = [e for e in events if type(e).__name__ == "RevokeFound"]
    assert [(e.seat, e.reason) for e in found] == [(2, skat.PUSHED_JACK)]
    b.run(4000)
    res = pl.ctl.result
    assert res is not None and res.values == values, b.lcd_lines()
    assert b.lcd_lines()[1].strip() == row, b.lcd_lines()
    pl.ctl.journal.close()
    again = SimBoard(3)
    ctl = again.power_on(journal=Journal(path))
    assert ctl.result is not None and ctl.result.values == values

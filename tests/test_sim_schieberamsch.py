"""Issue 22: the simulator's computer seats play a Schieberamsch (option ramsch =
schieberamsch): each takes the skat and pushes two cards, or passes it on unseen, by the
rule of host_sim/players/skat_push.py, and the deal plays through to the list with the
firmware's result (hands unknown, the final skat scanned) equal to the known-hands shadow
deal's (docs/rules/skat.md "Schieberamsch")."""

import pytest

from core.cards import SKAT
from core.events import Refused, RevokeFound, TrickTaken
from core.games import skat
from host_sim.players import skat_push
from host_sim.ui.app import SimApp


def p(codes):
    return [SKAT.parse(c) for c in codes.split()]


@pytest.mark.parametrize("hand,takes", [
    ("CJ SJ CA HT D7 D8 D9 S7 S8 S9", True),  # two jacks, an ace, a ten: 4 > 2
    ("CA CT D7 D8 D9 S7 S8 S9 H7 H8", False),  # an ace and a ten: passes on unseen
    ("C7 C8 C9 D7 D8 D9 S7 S8 S9 H7", False),  # nothing that wins a trick
    ("DJ CA ST H7 H8 H9 S7 S8 S9 D7", True)])
def test_the_push_rule_takes_the_skat_with_more_than_two_trick_winners(hand, takes):
    assert skat_push.takes_skat(p(hand)) == takes


def test_the_two_cards_pushed_are_the_richest_non_jacks_shorter_suit_first():
    """CA (11) of the one-card club suit goes before HA of the three hearts; then the ten
    of the shorter suit: ST (two spades) before DT (three diamonds); jacks never."""
    cards = p("CJ SJ HJ DJ CA HA H7 H8 ST S7 DT D7")
    assert sorted(skat_push.push_cards(cards)) == sorted(p("CA HA"))
    assert skat_push.push_cards(p("CJ SJ ST S7 DT D7 D8 H7 H8 H9 C7 C8"))[0] == \
        SKAT.parse("ST")
    with pytest.raises(ValueError):
        skat_push.push_cards(p("CJ SJ HJ"))


def _all_pass(sim):
    """The table passes every deal (the Schieberamsch's way in): the computers' auction
    answer replaced by "All passed"."""
    choices = sim.adapter.choices

    def passed(s):
        d = s.fw_deal
        if d is not None and d.phase == skat.PHASE_AUCTION:
            return ["All passed"]
        return choices(s)
    sim.adapter.choices = passed


@pytest.mark.parametrize("seed", [11, 3, 5])  # one pass twice, all three push at 5
def test_computer_seats_play_a_schieberamsch_through(seed):
    sim = SimApp("skat", 3, seed=seed, human=(), fixed_dt=17, think_ms=60, collect_ms=120,
                 options={"ramsch": "schieberamsch"})
    _all_pass(sim)
    try:
        for _ in range(6000):
            if sim.results:
                break
            assert sim.step()
        assert sim.results, sim.board.lcd_lines()
        fw = sim.results[0]
        sh = sim.shadow
        assert fw.status == "ramsch" and fw == sh.result()
        # each seat decided by the rule on the hand it held when the skat came to it
        passes = fw.levels.count("passed")
        assert passes == 3 - len(sim.adapter.pushes)
        for seat, cards in sim.adapter.pushes.items():
            assert not any(SKAT.rank(c) == SKAT.rank(SKAT.parse("CJ")) for c in cards)
        if sim.adapter.pushes:  # the last pusher's two cards are the skat scanned
            assert sorted(sh.skat) == sorted(sim.adapter.pushes[max(sim.adapter.pushes)])
        assert len([e for e in sim.events if isinstance(e, TrickTaken)]) == 10
        assert not [e for e in sim.events if isinstance(e, (Refused, RevokeFound))]
    finally:
        sim.close()


# --- a person at the table pushes with the mouse (the simulator's window, mouse events) ---

DT = 16


def _person_pushes(seat):
    """The person's Schieberamsch turn with the mouse: OK on "Push 2 cards" with the skat
    untouched is withheld; the skat dragged into the hand; OK on "Pass on unseen" is then
    withheld (the skat was seen); a jack laid in the skat box is refused too; the two
    cards skat_push would push dragged onto the skat box and "Push 2 cards" entered."""
    from simperson import NEXT, OK, PREV
    sim, you, pad = seat.sim, seat.you, seat.pad
    deal_seat = sim.seat_of(pad)
    acts = sim.ctl.app.referee.actions
    n = len(acts)
    came = list(sim.tableau.talon())
    assert sorted(came) == sorted(sim.shadow.skat) and len(came) == 2
    assert you.shows("Push 2 cards")
    assert "drag the skat into your hand" in sim.adapter.person_step(sim)
    you.click(OK)
    assert len(acts) == n and sim.fw_deal.pusher == deal_seat  # withheld
    hand = sim.tableau.hand(pad)
    for c in came:
        you.drag(c, sim.layout.hand_rect(pad).center)
    assert not sim.tableau.talon() and sorted(sim.tableau.hand(pad)) == sorted(hand + came)
    you.click(NEXT)
    assert you.shows("Pass on unseen")
    you.click(OK)
    assert len(acts) == n and "you have seen the skat" in sim.adapter.person_step(sim)
    you.click(PREV)
    assert you.shows("Push 2 cards")
    twelve = sim.tableau.hand(pad)
    jacks = [c for c in twelve if skat_push.is_jack(c)]
    pushed = skat_push.push_cards(twelve)
    if jacks:  # a jack in the box: OK withheld, the jack taken back
        for c in (jacks[0], pushed[0]):
            you.drag(c, sim.talon_centre())
        assert you.shows("Push 2 cards") and "no jack" in sim.adapter.person_step(sim)
        you.click(OK)
        assert len(acts) == n
        you.drag(jacks[0], sim.layout.hand_rect(pad).center)
        you.drag(pushed[1], sim.talon_centre())
    else:
        for c in pushed:
            you.drag(c, sim.talon_centre())
    assert sorted(sim.tableau.talon()) == sorted(pushed)
    assert sim.adapter.person_step(sim) is None
    you.click(OK)
    assert acts[n] == ("push", (deal_seat, None)), acts[n:]
    you.frames(4)
    assert sorted(sim.adapter.pushes[deal_seat]) == sorted(pushed)
    rest = sorted(c for c in hand + came if c not in pushed)
    assert sorted(sim.shadow.hands[deal_seat]) == rest  # the shadow took the same push
    return "Push 2 cards"


def _person_passes(seat):
    seat.you.choose("Pass on unseen")
    return "Pass on unseen"


@pytest.mark.parametrize("seed,answer", [(1, _person_pushes), (4, _person_passes),
                                         (2, _person_pushes)])
def test_a_person_takes_or_passes_the_skat_with_the_mouse(monkeypatch, seed, answer):
    """P2 (forehand, the first to hold the skat) is a person; every seat passes the
    auction (the computers' limits 0). The person takes the skat up with the mouse and
    drags two cards back onto the skat box, or passes it on unseen; the computers decide
    by host_sim/players/skat_push.py; the deal is played to the list by mouse events and
    the firmware's booked result (hands unknown, the last skat scanned) equals the rules
    core's (the shadow deal: every hand known, the person's push as laid)."""
    from host_sim.ui import auction
    from simperson import MousePerson, Seat
    monkeypatch.setattr(auction, "_limits", lambda sim: (lambda seat: 0))
    sim = SimApp("skat", 3, seed=seed, human={1}, fixed_dt=DT, collect_ms=120,
                 think_ms=60, options={"ramsch": "schieberamsch"})
    try:
        seat = Seat(sim, MousePerson(sim, DT), 1, bid_to=0, push=answer)
        shadow = []
        result = seat.play_deal(on_result=lambda: shadow.append(  # before the next deal
            (sim.shadow.result(), list(sim.shadow.skat), dict(sim.adapter.pushes),
             [sim.pad_of(s) for s in range(3)])))
        assert seat.chose[-1] == ("Push 2 cards" if answer is _person_pushes
                                  else "Pass on unseen")
        core, last_skat, pushes, pads = shadow[-1]
        assert result.status == "ramsch" and result == core
        assert result.levels.count("passed") == 3 - len(pushes)
        if pushes:  # the last pusher's two cards are the skat scanned at the end
            assert sorted(last_skat) == sorted(pushes[max(pushes)])
        assert (0 in pushes) == (answer is _person_pushes)
        totals = sim.ctl.match.sheet.totals  # booked: each seat's Ramsch value on the list
        assert [totals[pads[s]] for s in range(3)] == list(result.values), totals
        assert min(totals) == result.value < 0
        assert len([e for e in sim.events if isinstance(e, TrickTaken)]) == 10
        assert not [e for e in sim.events if isinstance(e, (Refused, RevokeFound))]
    finally:
        sim.close()

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

"""Issue 14 item 3: the chelem announcer may lead the Excuse before the last trick (FFT p.6
keeps it for the last trick only in a chelem that is made; p.7-8: the Excuse may be played
at any time); its trick goes to the other camp and the announced chelem fails: -200."""

import os

from core.events import Refused
from core.games import tarot as T
from test_tarot import card, make_hands, start


def test_the_issues_record_is_accepted(data_dir, replay_json):
    """The record of the issue replays through the emulated board without a refusal."""
    status, out = replay_json(os.path.join(data_dir, "tarot", "chelem_excuse.jsonl"))
    assert status == 0 and out == [{"game": "tarot", "deal": 1, "status": "unfinished",
                                    "result": None, "violations": [], "tricks": 0}]


def _announced_chelem_led_excuse(**options):
    hands = make_hands(4, {0: "5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 EX", 1: "1 2"},
                       chien="3 4")
    deal = start(4, hands, 1, 0, **options)  # garde sans: no écart
    deal.announce(0, T.CHELEM)
    events = deal.play(0, T.EX)  # the announcer leads the Excuse in trick 1
    assert not [e for e in events if isinstance(e, Refused)]
    while not deal.is_over():
        s = deal.current_seat()
        events = deal.play(s, deal.legal_cards(s)[0])
    return deal, events[-1].result


def test_a_failed_announced_chelem_scores_as_one():
    """Trick 1 (the Excuse led) goes to a defender with the Petit: the chelem announced is
    failed. Garde sans (x4), the taker keeps the Excuse and the 21 (2 oudlers, target 41)
    and takes every other trick: 85 points, diff 44; FFT p.6 and p.8-9: each defender
    pays (25 + 44) x 4 - 200 = 76, the taker gets 3 x 76 = 228."""
    deal, res = _announced_chelem_led_excuse()
    assert deal.trick_winners[0] != 0 and deal.trick_winners[1:] == [0] * 17
    assert res.chelem == T.CHELEM_FAILED and res.score.chelem == -200
    assert (res.attack_points, res.oudlers) == (170, 2)  # half-points
    assert res.marks == (228, -76, -76, -76)


def test_the_same_under_the_ffts_excuse_reading():
    """Option excuse_slam="announced" (FFT p.6's "demandeur") changes nothing here."""
    _, res = _announced_chelem_led_excuse(excuse_slam="announced")
    assert res.chelem == T.CHELEM_FAILED and res.score.chelem == -200


def test_card_helper_is_the_decks():
    assert card("EX") == T.EX

"""Skat bidding by sampling (host_sim/players/skat_bid.py) and its duplicate run.

The auction is checked against the referee (``core.games.skat.Deal.bid/hold/pass_``,
ISkO 3.1: middlehand bids to forehand, rearhand to the survivor, forehand's last 18);
the limits against hands whose worth ISkO 5.1-5.2 fixes (a grand hand with four jacks
and four aces is worth at least 6 x 24 = 144; a null hand is worth 35).
"""

import random

import pytest

from core.cards import SKAT
from core.games import skat
from host_sim.players import skat_bid_duplicate
from host_sim.players.skat_bid import Plan, SkatBidder, auction, expectation


def _hand(text):
    return [SKAT.parse(t) for t in text.split()]


@pytest.mark.parametrize("seed", range(40))
def test_auction_is_what_the_referee_accepts(seed):
    rnd = random.Random(seed)
    ladder = (0,) + skat.BID_LADDER[:12]
    limits = [rnd.choice(ladder) for _ in range(3)]
    declarer, bid, moves = auction(limits)
    d = skat.Game().new_deal()
    for m in moves:
        if m[0] == "bid":
            d.bid(m[1], m[2])
        elif m[0] == "hold":
            d.hold(m[1])
        else:
            d.pass_(m[1])
    if declarer < 0:
        assert d.phase == skat.PHASE_OVER and d.result().status == "passed"
        assert max(limits) < 18
        return
    assert d.phase == skat.PHASE_DECLARE
    assert (d.declarer, d.bid_value) == (declarer, bid)
    # the highest limit wins (ties: the seat that listens first, forehand before the rest)
    assert limits[declarer] == max(limits) and bid <= limits[declarer]
    others = [limits[s] for s in range(3) if s != declarer]
    assert bid == 18 or max(others) <= bid  # a tie: the listener holds the loser's limit


def test_auction_examples():
    # middlehand 20 against forehand 18: forehand passes at 20, rearhand passes at 22
    assert auction([18, 20, 0])[:2] == (1, 20)
    # forehand holds to his limit: equal limits go to the listener
    assert auction([23, 23, 0])[:2] == (0, 23)
    # nobody speaks but forehand: he bids 18 last
    assert auction([18, 0, 0]) == (0, 18, [("pass", 1), ("pass", 2), ("bid", 0, 18)])
    assert auction([0, 0, 0])[:2] == (-1, 0)


def test_expectation_counts_overbid_as_iSkO_5_4_2():
    # a grand worth 48 won, declared at 72: overbid, lost for 2 x 72 (a multiple of 24)
    assert expectation([(48, True)], 72, "G") == -2 * 72 - 50
    # hearts (10) worth 30, bid 33: the smallest multiple of 10 reaching 33 is 40
    assert expectation([(30, True)], 33, "H") == -2 * 40 - 50
    assert expectation([(30, True), (30, False)], 18, "H") == ((30 + 50) - (60 + 50)) / 2
    assert expectation([(35, True)], 36, "NH") == -2 * 70 - 50


def test_limits_follow_the_worth_of_the_hand():
    b = SkatBidder(seed=3, time_budget=60)  # 8 skats whatever the machine's load
    strong = b.plan(_hand("CJ SJ HJ DJ CA SA HA DA CT ST"), 0)
    assert strong.limit >= 144  # grand hand with four: 6 x 24 (ISkO 5.1, 5.2.2)
    assert strong.plays_hand(144) and strong.hand_expect(144)[1] == "GH"
    weak = b.plan(_hand("CK CQ ST SK HT HQ DT DK DQ HK"), 1)
    assert weak.limit == 0  # no jack, no ace, no low cards: nothing to win
    null = b.plan(_hand("C7 C8 C9 S7 S8 S9 H7 H8 D7 D8"), 2)
    assert 23 <= null.limit <= 46 and null.hand_expect(35)[1] == "NH"


def test_plan_rejects_a_bad_hand():
    with pytest.raises(ValueError):
        SkatBidder().plan(list(range(9)), 0)
    with pytest.raises(ValueError):
        SkatBidder().plan([0] * 10, 0)


def test_plan_limit_is_the_last_bid_worth_declaring():
    # hand grand worth 72 always won; pick-up worth 48 won half the time: (98 - 146) / 2
    p = Plan({"GH": [(72, True)] * 3}, [{"G": [(48, True), (48, False)]}], "GH", 1)
    assert p.limit == 72  # above 72 the hand grand is overbid (ISkO 5.4.2)
    assert p.plays_hand(18) and p.plays_hand(72)
    # a pick-up worth 96 always won beats a hand worth 36 and carries the limit to 96
    p = Plan({"GH": [(36, True)]}, [{"G": [(96, True)]}], "GH", 1)
    assert p.limit == 96 and not p.plays_hand(18)


def test_bidding_duplicate_runs_seeded():
    a = skat_bid_duplicate.run(2, worlds=2, seed=4, budget=60)
    b = skat_bid_duplicate.run(2, worlds=2, seed=4, budget=60)
    assert a["n"] == 6 and a["low"] <= a["mean"] <= a["high"]
    assert a["declared"] + a["passed"] <= 6
    assert a["mean"] == b["mean"]

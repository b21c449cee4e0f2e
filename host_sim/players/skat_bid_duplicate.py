"""Duplicate play of the sampling bidder against the plain bidder (Skat).

The plain bidder is today's simulator seat (``host_sim.autoplay.SkatPlayer``): one random
seat says 18 and plays a random game (a hand game one time in four, else two random cards
laid away); the other two pass. Each deal (:func:`skat_duplicate.deal_setup`) is played,
for each seat in turn, twice through the referee with the sampling card player in that
seat: once with the plain bidder there (the plain contract), once with the sampling
bidder (host_sim/players/skat_bid.py) there: it bids up to its limit against the plain
seats' (18 for the plain declarer, 0 for the others) in a real auction
(:func:`skat_bid.auction`), and when it wins, plays hand or picks up as its plan says, the
game and discard after a pick-up by ``SkatDeclarer``. The other seats play random legal
cards from the same draws in both runs. The difference of the seat's Seeger-Fabian list
points (0 in a deal all passed) is one duplicate score.
"""

import random

from host_sim.players import skat_duplicate
from host_sim.players.skat import SkatCardPlayer
from host_sim.players.skat_bid import SkatBidder, auction
from host_sim.players.skat_declare import SkatDeclarer


def smart_setup(setup, seat, bidder, declarer):
    """``(setup, bid)`` after the auction with the sampling bidder in ``seat``; setup None
    when all passed. ``setup``: the plain deal (:func:`skat_duplicate.deal_setup`)."""
    hands, skat_cards, decl, contract, discard = setup
    plan = bidder.plan(hands[seat], seat)
    limits = [0, 0, 0]
    limits[decl] = 18
    limits[seat] = plan.limit
    winner, bid, _ = auction(limits)
    if winner < 0:
        return None, 0
    if winner != seat:
        return setup, bid
    if plan.plays_hand(bid):
        return (hands, skat_cards, seat, plan.hand_expect(bid)[1], None), bid
    kind, pair = declarer.declare(hands[seat] + list(skat_cards), seat, bid)
    return (hands, skat_cards, seat, kind, pair), bid


def run(deals, worlds=16, seed=1, budget=1.0):
    """``deals`` duplicate deals; returns ``{"deals", "n", "mean", "low", "high",
    "declared", "passed"}``: the mean list-point gain per seat-deal of the sampling bidder
    over the plain bidder, its 95% interval, and how often it declared / all passed.
    ``budget``: seconds a decision (the bidder and declarer too: a run is reproducible
    while no decision reaches it)."""
    rnd = random.Random(seed)
    player = SkatCardPlayer(worlds=worlds, time_budget=budget, seed=seed)
    bidder = SkatBidder(seed=seed, time_budget=budget)
    declarer = SkatDeclarer(seed=seed, time_budget=budget)
    diffs = []
    declared = passed = 0
    for _ in range(deals):
        setup = skat_duplicate.deal_setup(rnd)
        s = rnd.getrandbits(32)
        for seat in range(3):
            plain = skat_duplicate.play(setup, seat, player, random.Random(s))
            smart, bid = smart_setup(setup, seat, bidder, declarer)
            if smart is None:
                passed += 1
                mine = 0
            else:
                declared += smart[2] == seat
                r = skat_duplicate.play(smart, seat, player, random.Random(s), bid=bid)
                mine = skat_duplicate.list_points(r, seat)
            diffs.append(mine - skat_duplicate.list_points(plain, seat))
    out = skat_duplicate.interval(diffs)
    out.update(deals=deals, declared=declared, passed=passed)
    return out

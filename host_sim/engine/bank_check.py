"""The bank games' playouts against the referee: random deals from random positions.

``compare(seed, deals)`` deals Magistr (a random deal number 1-24: every contract of seed
000) or Zhopa (deal 1 or a later one, stock refilled or none) to 3 or 4 players with random
rule options (trump variant; Magistr: compulsory beating or not, K over A, eights lapsing;
Zhopa: compulsory beating by any claim or by the table), plays a random number of moves
through the referee, then plays the rest twice from that position: through the referee
(``legal_cards``, every check) and through :mod:`host_sim.engine.bank` (:func:`legal`, a
trusted copy), drawing the same random numbers. At every move the legal cards must be the
same list; at the end the same trick winners and the same result. Used by
tests/test_engine_bank.py and ``tools/bench_players.py --engines N``.
"""

from core.games import bank, magistr, zhopa
from core.rng import Rng
from host_sim.engine.bank import clone, legal, play_random, trust

VARIANTS = ("own", "none", "one", "two", "senior-junior")
_TRUMPS = {"own": None, "none": None, "one": "H", "two": "CH", "senior-junior": None}


def random_deal(rng):
    """A referee deal of Magistr or Zhopa with known hands, options drawn by ``rng``."""
    players = 3 + rng.next32() % 2
    variant = VARIANTS[rng.next32() % len(VARIANTS)]
    if rng.next32() % 2:
        g = magistr.Game(players, variant, _TRUMPS[variant], k_beats_a=rng.next32() % 2 == 1,
                         must_beat=rng.next32() % 2 == 1, eight_lapse=rng.next32() % 2 == 1)
        number = 1 + rng.next32() % 24
        return g.new_deal(rng.next32() % players, g.deal_cards(number, rng), number)
    g = zhopa.Game(players, variant, _TRUMPS[variant],
                   stock=(zhopa.STOCK_REFILL, zhopa.STOCK_NONE)[rng.next32() % 2],
                   must_beat=(bank.MUST_BEAT_TABLE, True)[rng.next32() % 2])
    hands, stock = g.deal_cards(rng)
    number = 1 + rng.next32() % 3
    return g.new_deal(rng.next32() % players, hands, number, None, stock)


def referee_move(deal, next32):
    """One move through the referee: a Zhopa go / no ``next32() % 2 == 0``, else a card
    ``legal_cards[next32() % n]``."""
    seat = deal.current_seat()
    if deal.GAME == "zhopa" and deal.phase == zhopa.PHASE_BID:
        deal.bid(seat, next32() % 2 == 0)
    else:
        cards = deal.legal_cards(seat)
        deal.play(seat, cards[next32() % len(cards)])


def compare_one(rng, stepwise=False):
    """One deal from a random position: the mismatch in words, or None. ``stepwise``: the
    legal cards are compared at every move; else :func:`play_random` plays the rest."""
    d = random_deal(rng)
    for _ in range(rng.next32() % 24):
        if d.is_over():
            break
        referee_move(d, rng.next32)
    mine = trust(clone(d))
    seed = rng.next32()
    draw = Rng(seed).next32
    if stepwise:
        while not d.is_over():
            seat = d.current_seat()
            if d.GAME == "zhopa" and d.phase == zhopa.PHASE_BID:
                go = draw() % 2 == 0
                d.bid(seat, go)
                mine.bid(seat, go)
                continue
            want = d.legal_cards(seat)
            got = legal(mine, seat)
            if got != want:
                return "%s deal %d trick %d: legal %r, referee %r" % (
                    d.GAME, d.number, d.tricks_done + 1, got, want)
            card = want[draw() % len(want)]
            d.play(seat, card)
            mine.play(seat, card)
    else:
        while not d.is_over():
            referee_move(d, draw)
        play_random(mine, Rng(seed).next32)
    got = (list(mine.trick_winners), mine.result())
    want = (list(d.trick_winners), d.result())
    if got != want:
        return "%s deal %d: playout %r, referee %r" % (d.GAME, d.number, got, want)
    return None


def compare(seed, deals):
    """Compare ``deals`` positions from ``seed``, every other one move by move; returns
    the list of mismatches."""
    rng = Rng(seed)
    return [m for m in (compare_one(rng, i % 2 == 1) for i in range(deals)) if m is not None]

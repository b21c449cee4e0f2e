"""The Skat playout engine against the referee: random deals from random positions.

``compare(seed, deals)`` deals at random (``core.rng.Rng``), takes a random contract (suit,
grand, null, hand, schneider and schwarz announced, ouvert), lets the declarer pick up and
lay away two random cards unless it is a hand game, plays a random number of cards through
the referee (``core.games.skat_known.KnownDeal``), then plays the rest twice from that position:
through the referee and through :class:`host_sim.engine.skat.Position`, drawing the same
random numbers. Both must give the same trick winners, card points and tricks per seat, and
the same result (won, value, declarer's points and tricks). Used by
tests/test_engine_skat.py (2,000 deals) and ``tools/bench.py`` (100,000 with ``--check``).
"""

from core.games import skat
from core.rng import Rng
from host_sim.engine.checking import compare_positions
from host_sim.engine.skat import Position

CONTRACTS = ("C", "S", "H", "D", "G", "N", "CH", "GH", "HHS", "DHZ", "GHZ", "SO", "GO",
             "NH", "NO", "NOH")


def random_deal(rng):
    """A referee deal in card play: ``(deal, bid)``, contract and discard drawn by ``rng``."""
    cards = rng.shuffle(list(range(32)))
    d = skat.Game().new_deal(0, [cards[0:10], cards[10:20], cards[20:30]], cards[30:32])
    decl = rng.next32() % 3
    contract = skat.parse_contract(CONTRACTS[rng.next32() % len(CONTRACTS)])
    bid = 18
    d.enter_auction(decl, bid)
    if contract.hand:
        d.declare(decl, contract)
    else:
        d.pick_up(decl)
        hand = d.hands[decl]
        first = hand[rng.next32() % 12]
        second = first
        while second == first:
            second = hand[rng.next32() % 12]
        d.declare(decl, contract, [first, second])
    return d, bid


def referee_random(deal, next32):
    """Random legal cards through the referee until the deal is over."""
    while not deal.is_over():
        seat = deal.current_seat()
        cards = deal.legal_cards(seat)
        deal.play(seat, cards[next32() % len(cards)])


def compare_one(rng, stepwise=False):
    """One deal from a random position; returns ``(compared, mismatch)``: compared False
    when the deal ended (an early end) before the position drawn, the mismatch a
    description or None.
    ``stepwise``: the engine plays through ``legal()`` and ``play()`` instead of
    ``play_random`` (both paths are checked)."""
    d, bid = random_deal(rng)
    for _ in range(rng.next32() % 30):
        if d.is_over():
            break
        seat = d.current_seat()
        cards = d.legal_cards(seat)
        d.play(seat, cards[rng.next32() % len(cards)])
    if d.is_over():
        return False, None
    pos = Position.from_deal(d)
    seed = rng.next32()
    referee_random(d, Rng(seed).next32)
    if stepwise:
        draw = Rng(seed).next32
        while not pos.is_over():
            cards = pos.legal()
            pos.play(cards[draw() % len(cards)])
    else:
        pos.play_random(Rng(seed).next32)
    r = d.result()
    declarer_cards = list(d.initial_hands[d.declarer]) + list(d.original_skat)
    got = (pos.winners, pos.points, pos.tricks,
           pos.outcome(bid, declarer_cards, d.skat))
    want = (list(r.trick_winners), list(d.taken_points), list(d.taken_tricks),
            (r.won, r.value, r.declarer_points, r.declarer_tricks))
    if got != want:
        return True, "contract %s declarer %d: engine %r, referee %r" % (
            skat.contract_code(d.contract), d.declarer, got, want)
    return True, None


def compare(seed, deals):
    """Compare ``deals`` positions from ``seed`` (deals that end before the position drawn
    are dealt again), every other one stepwise; returns ``(deals dealt,
    [mismatches])``."""
    return compare_positions(compare_one, seed, deals)

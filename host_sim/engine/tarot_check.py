"""The Tarot playout engine against the referee: random deals from random positions.

``compare(seed, deals)`` deals at random (``core.rng.Rng``) to 3, 4 or 5 players with random
options (``excuse_last``: other-camp, winner, forbidden; ``excuse_slam``: any, announced),
a random taker and contract (prise, garde, garde sans, garde contre), at 5 players a random
called king, the plain écart (host_sim.players.games.plain_ecart) and, one deal in four,
the chelem announced; it plays a random number of cards through the referee
(``core.games.tarot.Deal``, hands sorted), then plays the rest twice from that position:
through the referee and through :class:`host_sim.engine.tarot.Position`, drawing the same
random numbers. Every other position is played card by card, comparing the legal cards at
every step. Both must give the same plays, trick winners, points, oudlers, petit au bout,
chelem and marks. Used by tests/test_engine_tarot.py and ``tools/bench_players.py --engines N``.
"""

from core.games import tarot
from core.rng import Rng
from host_sim.engine.checking import compare_positions
from host_sim.engine.tarot import Position
from host_sim.players.games import callable_cards, plain_ecart

EXCUSE_LAST = (tarot.EXCUSE_LAST_OTHER_CAMP, tarot.EXCUSE_LAST_WINNER,
               tarot.EXCUSE_LAST_FORBIDDEN)
EXCUSE_SLAM = (tarot.EXCUSE_SLAM_ANY, tarot.EXCUSE_SLAM_ANNOUNCED)
CONTRACTS = ("prise", "garde", "garde-sans", "garde-contre")


def random_deal(rng):
    """A referee deal in card play (hands sorted), or None when the hands hold a petit sec
    (the deal is annulled, FFT p.5)."""
    players = 3 + rng.next32() % 3
    game = tarot.Game(players, excuse_last=EXCUSE_LAST[rng.next32() % 3],
                      excuse_slam=EXCUSE_SLAM[rng.next32() % 2])
    hands, _ = tarot.split_pack(rng.shuffle(list(range(78))), players)
    d = game.new_deal(rng.next32() % players, [sorted(h) for h in hands])
    if d.is_over():
        return None
    taker = rng.next32() % players
    contract = CONTRACTS[rng.next32() % 4]
    while d.phase == tarot.PHASE_BIDDING:
        seat = d.current_seat()
        d.bid(seat, contract if seat == taker else "pass")
    if d.phase == tarot.PHASE_CALL:
        cards = callable_cards(d.hands[taker])
        d.call(taker, cards[rng.next32() % len(cards)])
    if d.phase == tarot.PHASE_ECART:
        d.discard(taker, plain_ecart(d.hands[taker], game.chien_size))
        d.hands[taker].sort()
    if rng.next32() % 4 == 0:
        d.announce(taker, tarot.CHELEM)
    return d


def _random_card(deal, next32):
    seat = deal.current_seat()
    cards = deal.legal_cards(seat)
    deal.play(seat, cards[next32() % len(cards)])


def _facts(deal):
    r = deal.result()
    return (list(deal.history), list(r.trick_winners), r.attack_points, r.oudlers,
            r.petit_au_bout, r.chelem, r.partner, tuple(r.marks))


def compare_one(rng, stepwise=False):
    """One deal from a random position; returns ``(compared, mismatch)``: compared False
    for an annulled deal, the mismatch a description or None. ``stepwise``: the engine
    plays through ``legal()`` and ``play()`` and its legal cards are compared with the
    referee's at every card; else ``play_random`` plays the rest."""
    d = random_deal(rng)
    if d is None:
        return False, None
    for _ in range(rng.next32() % (d.game.tricks * d.players)):
        _random_card(d, rng.next32)
    pos = Position.from_deal(d)
    seed = rng.next32()
    draw = Rng(seed).next32
    if stepwise:
        while not d.is_over():
            want = d.legal_cards(d.current_seat())
            got = pos.legal()
            if got != want:
                return True, "%d players, trick %d: engine legal %r, referee %r" % (
                    d.players, d.tricks_done + 1, got, want)
            card = want[draw() % len(want)]
            d.play(d.current_seat(), card)
            pos.play(card)
    else:
        while not d.is_over():
            _random_card(d, draw)
        pos.play_random(Rng(seed).next32)
    return True, _differ(d, pos)


def _differ(deal, pos):
    got = _facts(pos.finished())
    want = _facts(deal)
    if got != want:
        return "%d players, contract %d: engine %r, referee %r" % (
            deal.players, deal.contract, got[1:], want[1:])
    return None


def compare(seed, deals):
    """Compare ``deals`` positions from ``seed`` (annulled deals are dealt again), every
    other one card by card; returns ``(deals dealt,
    [mismatches])``."""
    return compare_positions(compare_one, seed, deals)

"""The Skat playout engine (host_sim/engine/skat.py) through the benchmark's own driver.

The same deals and draws as ``bench_rules.SkatDeals`` (its shuffle, declarer, discard and
contract kind, then a uniformly drawn legal card each turn, ``next32() % n``) and as
``bench_openspiel.OpenSpielSkatDeals``, so the three figures compare like for like; each
deal ends with its result (matadors, value), as the referee's deal does. CPython only.
"""


from core.games import skat
from core.rng import Rng
from host_sim.engine.skat import Position

_KINDS = "CSHDGN"


class EngineSkatDeals:
    """Skat deals from ``seed`` played by the engine: ``play() -> cards played``."""

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def play(self):
        """One whole deal: shuffle, declarer, discard, contract, card play, result."""
        next32 = self.rng.next32
        cards = list(range(32))
        for i in range(31, 0, -1):
            j = next32() % (i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        hands = [cards[0:10], cards[10:20], cards[20:30]]
        decl = next32() % 3
        hand = hands[decl] + cards[30:32]  # after the pick-up, in the referee's order
        first = hand[next32() % 12]
        second = hand[next32() % 12]
        while second == first:
            second = hand[next32() % 12]
        kind = _KINDS[next32() % 6]
        dealt = hands[decl]
        hand.remove(first)
        hand.remove(second)
        hands[decl] = hand
        pos = Position.new(hands, kind, decl)  # the lists are fresh: taken, not copied
        n = pos.play_random(next32)
        pos.outcome(18, dealt + cards[30:32], (first, second))
        return n


"""Skat declarer's game choice and discard by sampling (after the pick-up).

The declarer holds 12 cards (his 10 and the skat). For each game kind (acorns, leaves,
hearts, bells, grand, null: ISkO 5.1) and a few discards, he deals the 20 cards he cannot
see to the defenders at random (10 each: nothing else is known at that point), plays each
world out with random legal cards on the engine and scores the signed value at ``bid``
(ISkO 5.1-5.4: a game worth less than the bid is lost as overbid, 5.4.2). The best average
wins. The discards tried per kind: the two cards worth the most points that are not trumps
(they count for him in the skat, ISkO 1.2.2 and 5.2), and for null the two highest cards.
"""

import functools
import random
import time

from core.games import skat
from host_sim.engine.skat import Position

KINDS = "CSHDGN"


def discards(hand, kind):
    """The candidate discards of ``hand`` (12 cards) for ``kind`` (0-5): up to three pairs."""
    suits, power = skat.trick_tables(kind)
    if kind == skat.NULL:
        ranked = sorted(hand, key=lambda c: -power[c])
    else:
        plain = [c for c in hand if suits[c] != 4]
        ranked = sorted(plain, key=lambda c: (-skat.card_points((c,)), power[c]))
        if len(ranked) < 2:  # (almost) all trumps: lay away the lowest trumps
            ranked += sorted([c for c in hand if c not in ranked], key=lambda c: power[c])
    top = ranked[:4]
    pairs = [(top[0], top[1])]
    if len(top) > 2:
        pairs.append((top[0], top[2]))
        pairs.append((top[1], top[2]))
    return pairs


class SkatDeclarer:
    """``declare(hand, seat, bid) -> (contract letter, discard)`` after a pick-up.
    ``worlds``: samples per (kind, discard); ``time_budget``: seconds in all."""

    def __init__(self, worlds=24, time_budget=0.2, seed=1):
        self.worlds = worlds
        self.time_budget = time_budget
        self.rnd = random.Random(seed)

    def declare(self, hand, seat, bid):
        """The game and the two cards to lay away; ``hand``: the declarer's 12 cards."""
        if len(hand) != 12 or len(set(hand)) != 12:
            raise ValueError("the declarer holds 12 different cards after the pick-up")
        options = [(k, d) for k in range(6) for d in discards(hand, k)]
        per = max(2, min(self.worlds, int(self.time_budget / (len(options) * 0.0002))))
        deadline = time.perf_counter() + self.time_budget
        rnd = self.rnd
        unseen = [c for c in range(32) if c not in hand]
        best = None
        for kind, pair in options:
            kept = [c for c in hand if c not in pair]
            total = 0
            for _ in range(per):
                rnd.shuffle(unseen)
                hands = [None, None, None]
                hands[seat] = kept[:]  # Position.new takes the lists: kept serves them all
                hands[(seat + 1) % 3] = unseen[:10]
                hands[(seat + 2) % 3] = unseen[10:]
                pos = Position.new(hands, KINDS[kind], seat)
                pos.play_random(functools.partial(rnd.getrandbits, 32))
                total += pos.outcome(bid, hand, pair)[1]
            score = total / per
            if best is None or score > best[0]:
                best = (score, kind, pair)
            if time.perf_counter() > deadline:
                per = 2  # over budget: the remaining options get a glance only
        return KINDS[best[1]], list(best[2])

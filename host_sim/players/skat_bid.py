"""Skat bidding by sampling: how high a hand may bid, and hand game or pick-up.

Before the auction a seat knows its 10 cards only. :meth:`SkatBidder.plan` samples
``skats`` skats from the 22 cards it cannot see; for each, it deals the other 20 cards to
the defenders ``worlds`` times and plays every game out on the engine
(host_sim/engine/skat.py, random legal cards):

- **pick-up**: each game kind (ISkO 5.1: acorns, leaves, hearts, bells, grand, null) with
  the skat taken and the discard :func:`host_sim.players.skat_declare.discards` ranks
  first (the two fattest non-trumps; null: the two highest cards);
- **hand**: each kind played hand (the skat stays away, counts for the declarer, one level
  more: ISkO 5.2.2; null hand is worth 35, ISkO 5.1).

Every playout gives the game's value when won (matadors of the 10 cards and the sampled
skat, ISkO 5.2.1). For a bid ``b`` an option's expectation is its average Seeger-Fabian
list score (ISkO tournament list: +value + 50 won, -2 x value - 50 lost) with the value
overbid where it is below ``b`` (ISkO 5.4.2: lost, for twice the smallest multiple of the
base value reaching the bid). After the pick-up the declarer chooses the kind knowing the
skat, so the pick-up expectation of one sampled skat is that of its best kind.

The **limit** is the highest step of the bidding ladder (``core.games.skat.BID_LADDER``)
at which hand or pick-up still expects more than passing (0: the seat passes). The
**hand decision** at the bid won: hand when its expectation beats the pick-up's.
"""

import functools
import random
import time

from core.games import skat, skat_sheet
from host_sim.engine.skat import Position
from host_sim.players.skat_declare import KINDS, discards

SF_WON = skat_sheet.SF_DECLARER  # the +50 / -50 of the Seeger-Fabian list (ISkO tournament list)


class Plan:
    """A bidding plan: ``limit`` (highest bid the seat says, 0 to pass), and per bid the
    expectation of hand and pick-up (:meth:`hand_at`); ``kind`` the best hand kind letter;
    ``samples`` the number of sampled skats."""

    __slots__ = ("limit", "hand_values", "pickup_values", "kind", "samples")

    def __init__(self, hand_values, pickup_values, kind, samples):
        self.hand_values = hand_values  # {kind letter: [(value, won), ...]}
        self.pickup_values = pickup_values  # [{kind letter: [(value, won), ...]}, per skat]
        self.kind = kind
        self.samples = samples
        self.limit = 0
        for b in skat.BID_LADDER:
            if max(self.hand_expect(b)[0], self.pickup_expect(b)) > 0:
                self.limit = b

    def hand_expect(self, bid):
        """``(expected list score, kind letter)`` of the best hand game at ``bid``."""
        best = None
        for kind, games in self.hand_values.items():
            e = expectation(games, bid, kind)
            if best is None or e > best[0]:
                best = (e, kind)
        return best

    def pickup_expect(self, bid):
        """Expected list score of a pick-up at ``bid``: per sampled skat its best kind."""
        total = 0.0
        for per_kind in self.pickup_values:
            total += max(expectation(g, bid, k) for k, g in per_kind.items())
        return total / len(self.pickup_values)

    def plays_hand(self, bid):
        """True when a hand game expects more than a pick-up at ``bid``."""
        return self.hand_expect(bid)[0] > self.pickup_expect(bid)


def expectation(games, bid, kind):
    """Average list score of ``games`` (``[(value when won, won), ...]``) declared at
    ``bid``: +value + 50 won, -2 x value - 50 lost (ISkO 5.3), and overbid when the value
    is below the bid: -2 x the smallest multiple of the base value reaching it - 50
    (ISkO 5.4.2). ``kind``: the contract letter (its base value)."""
    base = skat.NULL_VALUES[1] if kind == "NH" else (
        skat.NULL_VALUES[0] if kind[0] == "N" else skat.BASE_VALUES["CSHDG".index(kind[0])])
    total = 0
    for value, won in games:
        if value < bid:
            total -= 2 * ((bid + base - 1) // base) * base + SF_WON
        elif won:
            total += value + SF_WON
        else:
            total -= 2 * value + SF_WON
    return total / len(games)


def won_value(pos, contract, dealt, skat_cards):
    """``(value when won, won)`` of a played-out position: the game's value at bid 0
    (a lost game's value is half its sheet value, ISkO 5.3)."""
    won, value, _, _ = pos.outcome(0, dealt, skat_cards)
    return (value if won else -value // 2), won


class SkatBidder:
    """``plan(hand, seat) -> Plan``: bidding limit and hand decision of a 10-card hand.
    ``skats``: sampled skats; ``worlds``: defenders' deals per skat and option;
    ``time_budget``: seconds (at least two skats are always sampled); ``seed``."""

    def __init__(self, skats=8, worlds=4, time_budget=0.2, seed=1):
        if skats < 1 or worlds < 1:
            raise ValueError("skats and worlds must be at least 1")
        self.skats = skats
        self.worlds = worlds
        self.time_budget = time_budget
        self.rnd = random.Random(seed)

    def plan(self, hand, seat):
        """The plan of ``hand`` (10 different cards) for deal seat ``seat`` (0-2)."""
        if len(hand) != 10 or len(set(hand)) != 10:
            raise ValueError("a Skat hand holds 10 different cards before the auction")
        rnd = self.rnd
        unseen = [c for c in range(32) if c not in hand]
        hand_values = {k + "H": [] for k in KINDS}
        pickups = []
        deadline = time.perf_counter() + self.time_budget
        n = 0
        while n < self.skats and (n < 2 or time.perf_counter() < deadline):
            rnd.shuffle(unseen)
            skat_cards = unseen[:2]
            rest = unseen[2:]
            dealt = list(hand) + skat_cards
            per_kind = {}
            for kind in range(6):
                letter = KINDS[kind]
                pair = discards(dealt, kind)[0]
                kept = [c for c in dealt if c not in pair]
                per_kind[letter] = self._games(kept, seat, letter, dealt, pair, rest)
                hand_values[letter + "H"] += self._games(hand, seat, letter + "H", dealt,
                                                         skat_cards, rest)
            pickups.append(per_kind)
            n += 1
        best_hand = max(hand_values, key=lambda k: expectation(hand_values[k], 18, k))
        return Plan(hand_values, pickups, best_hand, n)

    def _games(self, kept, seat, contract, dealt, away, rest):
        """``worlds`` playouts of ``contract`` with ``kept`` in ``seat``: (value, won)."""
        rnd = self.rnd
        out = []
        for _ in range(self.worlds):
            rnd.shuffle(rest)
            hands = [None, None, None]
            hands[seat] = kept[:]  # Position.new takes the lists: kept serves every world
            hands[(seat + 1) % 3] = rest[:10]
            hands[(seat + 2) % 3] = rest[10:]
            pos = Position.new(hands, contract, seat)
            pos.play_random(functools.partial(rnd.getrandbits, 32))
            out.append(won_value(pos, contract, dealt, away))
        return out


def auction(limits):
    """The auction of three seats that each say up to ``limits[seat]`` (0: pass at once),
    as ISkO 3.1 runs it: middlehand (1) bids to forehand (0), who holds while he can; the
    survivor listens to rearhand (2); when both passed without a bid, forehand may still
    bid 18. Returns ``(declarer or -1 when all pass, bid, moves)``, ``moves`` the referee's
    verbs in order: ``("bid", seat, value)``, ``("hold", seat)``, ``("pass", seat)``."""
    moves = []
    bid = 0
    survivor = 0
    for bidder in (1, 2):
        listener = survivor
        while True:
            step = _next_bid(bid)
            if step is None or step > limits[bidder]:
                moves.append(("pass", bidder))
                break
            moves.append(("bid", bidder, step))
            bid = step
            if step > limits[listener]:
                moves.append(("pass", listener))
                survivor = bidder
                break
            moves.append(("hold", listener))
    if bid == 0:
        if limits[0] >= skat.BID_LADDER[0]:
            moves.append(("bid", 0, skat.BID_LADDER[0]))
            return 0, skat.BID_LADDER[0], moves
        moves.append(("pass", 0))
        return -1, 0, moves
    return survivor, bid, moves


def _next_bid(bid):
    """The ladder step above ``bid`` (None above the top)."""
    for v in skat.BID_LADDER:
        if v > bid:
            return v
    return None

"""Random legal deals of every game, the same code under CPython and MicroPython.

Benchmarks, not tests (pytest collects ``test_*.py`` only): ``tools/bench.py`` imports this
module under CPython and runs ``tests/bench/bench_mp.py`` (which imports it too) under the
MicroPython unix port, so both interpreters play the very same deals from the same seeds
(``core.rng.Rng`` gives one sequence everywhere) and their rates compare like for like.

A *deal* here is what a table plays between two shuffles, through the public verbs only:

- Skat: shuffle, deal 10/10/10 + skat, a random declarer at 18 (``enter_auction``), pick up,
  discard two random cards, declare a random kind (C S H D G N), then random legal cards
  until the deal is over (a null ends at the declarer's first trick, as on the ISS). The
  Skat driver, measured beside OpenSpiel (bench_openspiel.py), draws with ``next32()``
  directly as that driver does, and reads the next seat from the ``Turn`` event that
  ``play`` returns, as a table follows a deal, instead of asking ``is_over`` and
  ``current_seat`` before every card (docs/performance.md, "Speed work", round 2).
- Magistr (4 players): the deals of a 24-deal game in turn, cards from ``deal_cards``.
- French Tarot (4 players): one random seat bids prise or garde, the others pass; an écart
  of random plain cards; random legal cards. A petit sec annuls the deal (no card play).
- Zhopa (4 players, when ``core.games.zhopa`` imports): random go/no bids, random legal
  cards, stock draws, the banks of a game, a new game when one ends.

Each ``*Deals`` driver has ``start()`` (the next deal with known hands, ready for card
play; ``setup`` then lists the verbs that led there and ``blind()`` builds the same deal
with unknown hands, as the table referee holds it) and ``play() -> cards played`` (one
whole deal). ``measure(...)`` times rounds of a fixed number of deals and keeps the
fastest round (the machine is shared).
"""

try:
    from time import ticks_diff, ticks_us  # MicroPython
except ImportError:  # CPython: the same names over perf_counter
    from time import perf_counter

    def ticks_us():
        """Microseconds from an arbitrary origin."""
        return int(perf_counter() * 1000000)

    def ticks_diff(a, b):
        """``a - b`` in microseconds."""
        return a - b

import gc

from core.rng import Rng

GAMES = ("skat", "magistr", "tarot", "zhopa")
PLAYERS = {"skat": 3, "magistr": 4, "tarot": 4, "zhopa": 4}
_KINDS = "CSHDGN"


def choose(rng, items):
    """One of ``items``: what ``Rng.choice`` draws, one call shallower (the driver's own
    cost is part of every figure, ours and OpenSpiel's alike)."""
    return items[rng.next32() % len(items)]


class _Deals:
    """What the drivers share: the random card play of a started deal."""

    def play(self):
        """One whole deal; returns the number of cards played."""
        d = self.start()
        rng = self.rng
        n = 0
        while not d.is_over():
            seat = d.current_seat()
            cards = d.legal_cards(seat)
            d.play(seat, cards[rng.next32() % len(cards)])
            n += 1
        self.finish(d)
        return n

    def finish(self, deal):
        """Book the deal (games with a score sheet that drives the next deal)."""


class SkatDeals(_Deals):
    """Skat deals from ``seed`` (see the module docstring)."""

    def __init__(self, seed=1):
        from core.events import Turn
        from core.games import skat
        self.skat = skat
        self.turn = Turn
        self.game = skat.Game()
        self.rng = Rng(seed)
        self.setup = []

    def start(self):
        """Shuffle, deal, auction, pick up and declare; returns the Deal in play."""
        rng = self.rng
        # Rng.shuffle's Fisher-Yates with next32() drawn directly, as the OpenSpiel driver
        # draws its 32 chance actions: the same cards, one call less per draw.
        next32 = rng.next32
        cards = list(range(32))
        for i in range(31, 0, -1):
            j = next32() % (i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        d = self.game.new_deal(0, [cards[0:10], cards[10:20], cards[20:30]], cards[30:32])
        decl = rng.next32() % 3
        hand = d.hands[decl] + d.skat  # what the declarer holds after the pick-up
        first = hand[rng.next32() % 12]
        second = hand[rng.next32() % 12]
        while second == first:
            second = hand[rng.next32() % 12]
        kind = _KINDS[rng.next32() % 6]
        d.enter_auction(decl, 18)
        d.pick_up(decl)
        d.declare(decl, kind, [first, second])
        self.setup = [("enter_auction", (decl, 18)), ("pick_up", (decl,)),
                      ("declare", (decl, kind, [first, second]))]
        return d

    def play(self):
        """One whole deal; returns the number of cards played. The seat to play next is read
        from the events, as a table follows the deal: ``play`` ends with ``Turn(seat)``
        while the deal goes on (``declare`` returns the first), else with ``DealOver``."""
        d = self.start()
        rng = self.rng
        turn = self.turn
        seat = d.current_seat()
        n = 0
        while True:
            cards = d.legal_cards(seat)
            last = d.play(seat, cards[rng.next32() % len(cards)])[-1]
            n += 1
            if type(last) is not turn:
                return n
            seat = last.seat

    def blind(self):
        """The table's deal: hands unknown."""
        return self.game.new_deal()


class MagistrDeals(_Deals):
    """The deals of 4-player Magistr games (24 deals each) from ``seed``."""

    def __init__(self, seed=1, players=4):
        from core.games import magistr
        self.magistr = magistr
        self.game = magistr.Game(players=players)
        self.rng = Rng(seed)
        self.match = None
        self.setup = []
        self._first = (0, 1, 0)

    def start(self):
        """The next deal of the game (a new game after deal 24), ready for card play."""
        m = self.match
        if m is None or m.is_over():
            m = self.match = self.magistr.Match(self.game, 0)
        d = m.new_deal(self.game.deal_cards(m.number(), self.rng))
        self._first = (d.dealer, d.number, d.first)
        return d

    def blind(self):
        """The table's deal: hands unknown, the first leader entered."""
        dealer, number, first = self._first
        return self.game.new_deal(dealer, None, number, first)

    def finish(self, deal):
        self.match.record(deal.result())


class TarotDeals(_Deals):
    """4-player French Tarot deals from ``seed``: a random taker, prise or garde."""

    def __init__(self, seed=1, players=4):
        from core.games import tarot
        self.tarot = tarot
        self.game = tarot.Game(players)
        self.rng = Rng(seed)
        self.dealer = 0
        self.setup = []

    def start(self):
        """Shuffle, deal, bid, call, écart; returns the Deal (over at once on a petit sec)."""
        t = self.tarot
        rng = self.rng
        players = self.game.players
        hands, _ = t.split_pack(rng.shuffle(list(range(78))), players)
        self.dealer = (self.dealer + 1) % players
        d = self.game.new_deal(self.dealer, hands)
        self.setup = []
        if d.is_over():
            return d
        taker = rng.next32() % players
        contract = t.PRISE if rng.next32() % 2 else t.GARDE
        while d.phase == t.PHASE_BIDDING:
            s = d.current_seat()
            self._act(d, "bid", (s, contract if s == taker else t.PASS))
        if d.phase == t.PHASE_CALL:
            self._act(d, "call", (taker, choose(rng, [s * 14 + 13 for s in range(4)])))
        if d.phase == t.PHASE_ECART:
            plain = [c for c in d.hands[taker] if t.SUITS[c] < 4 and t.POWER[c] != 13]
            rng.shuffle(plain)
            self._act(d, "discard", (taker, plain[:self.game.chien_size]))
        return d

    def _act(self, deal, verb, args):
        getattr(deal, verb)(*args)
        self.setup.append((verb, args))

    def blind(self):
        """The table's deal: hands unknown."""
        return self.game.new_deal(self.dealer)


class ZhopaDeals(_Deals):
    """4-player Zhopa deals from ``seed``: random bids, games played to their end."""

    def __init__(self, seed=1, players=4):
        from core.games import zhopa
        self.zhopa = zhopa
        self.game = zhopa.Game(players, "own", None)
        self.rng = Rng(seed)
        self.match = None
        self.setup = []
        self._first = (0, 1, 0)

    def start(self):
        """The next deal (a new game when one ends), bids made; ready for card play."""
        z = self.zhopa
        m = self.match
        if m is None or m.is_over():
            m = self.match = z.Match(self.game, 0)
        hands, stock = self.game.deal_cards(self.rng)
        d = m.new_deal(hands, None, stock)
        self._first = (d.dealer, d.number, d.first)
        self.setup = []
        while d.phase == z.PHASE_BID:
            args = (d.current_seat(), self.rng.next32() % 2 == 1)
            d.bid(*args)
            self.setup.append(("bid", args))
        return d

    def blind(self):
        """The table's deal: hands and draws unknown, the first leader entered."""
        dealer, number, first = self._first
        return self.game.new_deal(dealer, None, number, first)

    def finish(self, deal):
        self.match.record(deal.result())


DRIVERS = {"skat": SkatDeals, "magistr": MagistrDeals, "tarot": TarotDeals,
           "zhopa": ZhopaDeals}


def available(game):
    """True when ``game``'s module imports here (Zhopa may not exist yet)."""
    try:
        DRIVERS[game](1)
    except ImportError:
        return False
    return True


def best_of(new_driver, deals, rounds):
    """Play ``rounds`` rounds of ``deals`` deals, each with a fresh ``new_driver()`` (the same
    seed each round, so each round is the same work); returns ``(cards, best_us, driver)``:
    the cards played in a round, the fastest round in microseconds and the last driver. The
    one timing loop of the rules, playout and OpenSpiel benchmarks."""
    best = -1
    cards = 0
    driver = None
    for _ in range(rounds):
        gc.collect()  # each round starts from the same heap (MicroPython: less fragmented)
        driver = new_driver()
        n = 0
        t0 = ticks_us()
        for _ in range(deals):
            n += driver.play()
        us = ticks_diff(ticks_us(), t0)
        if best < 0 or us < best:
            best = us
        cards = n
    return cards, best, driver


class Drawn:
    """A driver's random numbers drawn before the clock starts: ``Drawn(rng, count)`` takes
    ``count`` values of ``rng.next32()`` and hands them out again through ``next32()`` (a
    list iterator's C call), so a timed block pays for the deals only. The same sequence as
    the driver's own ``Rng``: the same deals. CPython only (the playout comparison).
    Running out raises StopIteration (the caller drew too few: never a silent new value)."""

    def __init__(self, rng, count):
        self.next32 = iter([rng.next32() for _ in range(count)]).__next__


def measure(game, deals, rounds, seed=1):
    """Play ``rounds`` rounds of ``deals`` deals of ``game``; returns ``(deals, cards,
    best_us)`` for the fastest (:func:`best_of`)."""
    cards, best, _ = best_of(lambda: DRIVERS[game](seed), deals, rounds)
    return deals, cards, best

"""French Tarot playout engine: card play from any position to the deal's marks, as fast as
pure Python allows (docs/players.md, docs/performance.md "Playout engines").

Why here and not in ``core``: as the Skat engine (host_sim/engine/skat.py), it serves the
desktop's computer players, which play hundreds of deals a decision; it skips every check
the referee makes (it is handed legal positions only) and keeps per-seat suit lists instead
of asking ``check_play`` card by card. tests/test_engine_tarot.py proves it plays as
:mod:`core.games.tarot` does: identical legal cards, trick winners, points and marks on
random deals from random positions.

Rules, from the referee where they are data: card numbers, suits and power
(``core.games.tarot_score``); the card play (FFT 2012 p.7-8, as
``core.games.tarot_rules.check_card``): follow the suit led; without it trump; over a trump
already played overtrump if you can, else any trump; trumps led: play higher if you can;
the Excuse at any time; the first card other than the Excuse sets the suit led. 5 players:
trick 1 is not led in the called suit except with the called card (FFT p.12). The trick
goes to the highest trump, else the highest card of the suit led; the Excuse never wins,
except led to the last trick by the camp that won every trick (seed 002 s.6; FFT p.6 with
``excuse_slam="announced"``). Option ``excuse_last="forbidden"``: a seat that may not keep
the Excuse plays it before the last trick. The result is the referee's own: the
position's plays are handed to a shallow copy of the deal it came from, whose
``result()`` counts and scores them (``count_deal``, ``score``, FFT p.6-9).

Hands are kept sorted by card number, so that every list of legal cards comes out in the
order the referee's ``legal_cards`` gives for sorted hands (suits are blocks of card
numbers, trumps 56-76 in rising order, the Excuse 77 last).
"""

import copy

from core.games import tarot
from core.games.tarot_score import EX, SUITS

_TRUMP = 4
_ATTACK = tarot.ATTACK
_NOBODY = tarot.NOBODY
# Winner key per card for the suit led (0-3) or trumps: a trump 100 + its number, a suit
# card its rank (1-14) when it follows, the Excuse -1 (it never wins here).
_RANK = tuple((c % 14) + 1 if c < 56 else 0 for c in range(78))


class Position:
    """A Tarot deal in card play, hands known (the real ones or a sample).

    Built by :meth:`from_deal` from a ``core.games.tarot.Deal`` in PLAY with known hands
    (the deal is kept, unchanged, as the template of the result). ``hands``: per seat a
    sorted list of card numbers (``core.cards.TAROT``); ``index[seat * 6 + suit]`` the
    same cards by suit (0-3 the suits, 4 trumps, 5 the Excuse); ``trick``, ``leader``;
    ``plays``: ``(seat, card)`` in play order since the deal began; ``winners``: the trick
    takers; ``holder``: the seat of the called card (5 players; -1 unknown, ``NOBODY``).
    """

    __slots__ = ("base", "n", "hands", "index", "trick", "leader", "plays", "winners",
                 "holder", "called", "last", "taker", "slam_any", "forbid", "announced")

    @classmethod
    def from_deal(cls, deal):
        """The position of ``deal`` (``core.games.tarot.Deal``, hands known, in PLAY).
        ValueError for another phase or unknown hands (it never guesses a position)."""
        if deal.phase != tarot.PHASE_PLAY or deal.hands is None:
            raise ValueError("a Tarot position needs a deal in card play with known hands")
        p = cls.__new__(cls)
        p.base = deal
        p.n = deal.players
        p.hands = [sorted(h) for h in deal.hands]
        index = []
        for h in p.hands:
            lists = [[], [], [], [], [], []]
            for c in h:
                lists[SUITS[c]].append(c)
            index.extend(lists)
        p.index = index
        p.trick = list(deal.trick)
        p.leader = deal.leader
        p.plays = list(deal.history)
        p.winners = list(deal.trick_winners)
        p.holder = deal._holder
        p.called = deal.called if deal.players == 5 else -1
        p.last = deal.game.tricks - 1
        p.taker = deal.taker
        p.slam_any = deal.game.excuse_slam == tarot.EXCUSE_SLAM_ANY
        p.forbid = deal.game.excuse_last == tarot.EXCUSE_LAST_FORBIDDEN
        p.announced = deal.chelem_announced
        return p

    def is_over(self):
        """True once every trick is played."""
        return len(self.winners) > self.last

    def to_play(self):
        """The seat to play next."""
        return (self.leader + len(self.trick)) % self.n

    def camp_of(self, seat):
        """ATTACK or DEFENCE, -1 while unknown (as ``Deal.camp_of``)."""
        if seat == self.taker:
            return _ATTACK
        if self.n != 5 or self.holder == _NOBODY:
            return tarot.DEFENCE
        if self.holder >= 0:
            return _ATTACK if seat == self.holder else tarot.DEFENCE
        return -1

    def may_keep_excuse(self, seat):
        """May ``seat`` lead the Excuse to the last trick and win it (seed 002 s.6, FFT
        p.6; as ``Deal._may_keep_excuse``)?"""
        if not self.slam_any:
            if not (self.announced and seat == self.taker):
                return False
            camp = _ATTACK
        else:
            camp = self.camp_of(seat)
            if camp < 0:
                return False
        for w in self.winners:
            if self.camp_of(w) != camp:
                return False
        return True

    def legal(self):
        """The cards the seat to play may play (a new sorted list; FFT p.7-8, p.12)."""
        seat = (self.leader + len(self.trick)) % self.n
        base = seat * 6
        index = self.index
        ex = index[base + 5]
        if (self.forbid and ex and len(self.winners) == self.last - 1
                and not self.may_keep_excuse(seat)):
            return [EX]
        trick = self.trick
        led = -1
        high = 0
        for c in trick:
            if c != EX:
                if led < 0:
                    led = SUITS[c]
                if c > high and c < EX and c >= 56:
                    high = c
        if led < 0:
            hand = self.hands[seat]
            if not trick and self.called >= 0 and not self.winners:
                suit = SUITS[self.called]
                return [c for c in hand if SUITS[c] != suit or c == self.called]
            return hand[:]
        if led < _TRUMP:
            follow = index[base + led]
            if follow:
                return follow + ex
        trumps = index[base + _TRUMP]
        if trumps:
            if trumps[-1] > high:
                return [c for c in trumps if c > high] + ex
            return trumps + ex
        return self.hands[seat][:]

    def play(self, card):
        """The seat to play plays ``card`` (legal: unchecked). Returns the trick's taker
        when it closes a trick, else -1."""
        seat = (self.leader + len(self.trick)) % self.n
        self.hands[seat].remove(card)
        self.index[seat * 6 + SUITS[card]].remove(card)
        self.plays.append((seat, card))
        if card == self.called and self.holder < 0:
            self.holder = seat
        trick = self.trick
        trick.append(card)
        if len(trick) < self.n:
            return -1
        return self._close()

    def _close(self):
        trick = self.trick
        last = len(self.winners) == self.last
        if last and self.holder == -1:
            self.holder = _NOBODY  # the called card lay in the chien
        if trick[0] == EX and last and self.may_keep_excuse(self.leader):
            i = 0
        else:
            i = -1
            led = -1
            k = -1
            for j in range(len(trick)):
                c = trick[j]
                if c == EX:
                    continue
                s = SUITS[c]
                if led < 0:
                    led = s
                key = 100 + c if s == _TRUMP else (_RANK[c] if s == led else 0)
                if key > k:
                    k = key
                    i = j
        taker = (self.leader + i) % self.n
        self.winners.append(taker)
        self.leader = taker
        self.trick = []
        return taker

    def play_random(self, next32, keep=-1):
        """Play the deal out with uniformly drawn legal cards: ``legal()[next32() % n]``,
        so a driver drawing the same numbers over the referee's ``legal_cards`` (sorted
        hands) plays the same cards. ``keep``: a seat that keeps the Excuse for the last
        trick while it has another legal card (a chelem announcer, FFT p.6). Returns the
        number of cards played."""
        n = 0
        last = self.last
        winners = self.winners
        while len(winners) <= last:
            cards = self.legal()
            if keep >= 0 and len(cards) > 1 and cards[-1] == EX and self.to_play() == keep:
                cards.pop()
            self.play(cards[next32() % len(cards)])
            n += 1
        return n

    def finished(self):
        """The deal as the referee ends it: a shallow copy of the template deal holding the
        position's plays, whose ``result()`` (and ``Result.marks``) the referee computes.
        ValueError before the last trick."""
        if not self.is_over():
            raise ValueError("the deal is not played out")
        d = copy.copy(self.base)
        d.history = self.plays
        d.trick_winners = self.winners
        d.trick = []
        d.hands = [[] for _ in range(self.n)]
        d.tricks_done = len(self.winners)
        d.leader = self.leader
        d._holder = self.holder
        d.phase = tarot.PHASE_OVER
        d._result = None
        return d

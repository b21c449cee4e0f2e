"""Skat playout engine: card play from any position to the deal's result, as fast as pure
Python allows (docs/players.md, docs/performance.md "Playout engine").

Why here and not in ``core``: the engine serves the desktop (simulation, benchmarks, the
computer players, which sample hundreds of deals a decision); a board referees real players
and never plays a deal out. So it may trade memory for interpreted work (tuple tables,
per-seat suit lists) and skip every check the referee makes: it is handed legal positions
only, and tests/test_engine_skat.py proves it plays them as :mod:`core.games.skat` does
(identical trick winners, card points and results on random deals from random positions).

Rules, all taken from the referee module rather than restated: trick tables
(:func:`core.games.skat.trick_tables`, seed 003 and ISkO 3.2), card points (ISkO 1.2.2),
early ends as the ISS server does them (null ends at the declarer's first trick, schwarz
announced at the defenders' first, reference in ``Deal._early_end``), and the value by
:func:`core.games.skat.game_value` (ISkO 5.1-5.4).

A position (:class:`Position`): ``hands`` (three lists of card numbers of
``core.cards.SKAT``, deal seats 0 forehand 1 middlehand 2 rearhand), the contract, the
declarer, the trick on the table (cards in play order), its leader, card points and tricks
taken per seat, the trick winners so far.
"""

from core.games import skat

_TRUMP = 4
_POINTS = tuple(skat.card_points((c,)) for c in range(32))


def _kind_tables(kind):
    """(effective suit per card, winner key per card) for a contract kind: key 64 + strength
    for a trump, 32 + strength for a plain card; the trick goes to the highest key among the
    trumps and the cards of the suit led (``core.tricks.TrickDeal.trick_winner``)."""
    suits, power = skat.trick_tables(kind)
    keys = tuple((64 if suits[c] == _TRUMP else 32) + power[c] for c in range(32))
    return tuple(suits), keys


_TABLES = tuple(_kind_tables(kind) for kind in range(6))
# Per kind and seat, the slot of each card in ``Position.index`` (seat * 5 + its effective
# suit): the index of a new position is built with one lookup per card.
_SLOTS = tuple(tuple(tuple(5 * seat + s for s in suits) for seat in range(3))
               for suits, _ in _TABLES)
_AFTER = ((1, 2), (2, 0), (0, 1))  # the seats after each leader, in turn
# (won, value) of skat.game_value by its arguments: the referee's valuation, computed once
# for each result met (it builds its levels' names, costly next to a playout).
_VALUES = {}


def _index(kind, hands):
    """The suit lists of three hands: ``index[seat * 5 + effective suit]``, hand order."""
    index = [[], [], [], [], [], [], [], [], [], [], [], [], [], [], []]
    for slot, h in zip(_SLOTS[kind], hands):
        for c in h:
            index[slot[c]].append(c)
    return index


class Position:
    """A Skat deal in card play, hands known (the real ones or a sample).

    ``hands``: three lists of cards by deal seat (kept, and changed by play: pass copies);
    ``contract``: a :class:`core.games.skat.Contract` or ISS string; ``declarer``: 0-2;
    ``trick``: the cards of the trick in progress, ``leader`` the seat that led it;
    ``points``/``tricks``: card points and tricks taken per seat; ``winners``: the trick
    winners so far. Raises ValueError when the hands and the trick do not add up to the
    cards still to play (it never guesses a position).
    """

    __slots__ = ("hands", "index", "contract", "kind", "declarer", "trick", "leader",
                 "points", "tricks", "winners", "suits", "keys", "stop")

    def __init__(self, hands, contract, declarer, trick=(), leader=0, points=(0, 0, 0),
                 tricks=(0, 0, 0), winners=()):
        self._contract(contract, declarer)
        self.hands = hands = [list(h) for h in hands]
        self.trick = trick = list(trick)
        self.leader = leader
        self.points = list(points)
        self.tricks = list(tricks)
        self.winners = list(winners)
        n = [len(hands[0]), len(hands[1]), len(hands[2])]
        for i in range(len(trick)):
            n[(leader + i) % 3] += 1
        if n[0] != n[1] or n[1] != n[2] or n[0] + len(self.winners) != 10:
            raise ValueError("hands of %s cards and a trick of %d after %d tricks do not make "
                             "a Skat position" % (n, len(trick), len(self.winners)))
        self.index = _index(self.kind, hands)

    def _contract(self, contract, declarer):
        if isinstance(contract, str):
            contract = skat.parse_contract(contract)
        kind = contract.kind
        self.contract = contract
        self.kind = kind
        self.declarer = declarer
        self.suits, self.keys = _TABLES[kind]
        # 1: the deal ends at the declarer's first trick (null); 2: at the defenders' first
        # (schwarz announced); 0: after ten tricks.
        self.stop = 1 if kind == skat.NULL else (2 if contract.schwarz else 0)

    @classmethod
    def new(cls, hands, contract, declarer):
        """A deal before the first lead (forehand leads), for simulation's fresh deals: the
        three lists of ``hands`` are taken as they are, not copied (they become the
        position's and change with play). Raises ValueError unless each holds 10 cards."""
        h0, h1, h2 = hands
        if len(h0) != 10 or len(h1) != 10 or len(h2) != 10:
            raise ValueError("a new Skat deal holds 10 cards a hand, not %d, %d, %d"
                             % (len(h0), len(h1), len(h2)))
        p = cls.__new__(cls)
        p._contract(contract, declarer)
        p.hands = hands = [h0, h1, h2]
        p.trick = []
        p.leader = 0
        p.points = [0, 0, 0]
        p.tricks = [0, 0, 0]
        p.winners = []
        p.index = _index(p.kind, hands)
        return p

    @classmethod
    def from_deal(cls, deal):
        """The position of a referee deal (``core.games.skat_known.KnownDeal``) in card play."""
        return cls(deal.hands, deal.contract, deal.declarer, deal.trick, deal.leader,
                   deal.taken_points, deal.taken_tricks, deal.trick_winners)

    def copy(self):
        """An independent copy (hands, trick and counts copied; tables shared)."""
        p = Position.__new__(Position)
        p.hands = [h[:] for h in self.hands]
        p.index = [s[:] for s in self.index]
        p.contract = self.contract
        p.kind = self.kind
        p.declarer = self.declarer
        p.suits = self.suits
        p.keys = self.keys
        p.stop = self.stop
        p.trick = self.trick[:]
        p.leader = self.leader
        p.points = self.points[:]
        p.tricks = self.tricks[:]
        p.winners = self.winners[:]
        return p

    def is_over(self):
        """True once the play is over (ten tricks, or an early end)."""
        w = self.winners
        if len(w) == 10:
            return True
        if not w:
            return False
        if self.stop == 1:
            return self.declarer in w
        return self.stop == 2 and any(t != self.declarer for t in w)

    def to_play(self):
        """The seat to play next."""
        return (self.leader + len(self.trick)) % 3

    def legal(self):
        """The cards the seat to play may play (a new list): of the effective suit led when
        it holds any, else its whole hand, in hand order (as ``Deal.legal_cards``)."""
        seat = (self.leader + len(self.trick)) % 3
        if self.trick:
            follow = self.index[seat * 5 + self.suits[self.trick[0]]]
            if follow:
                return follow[:]
        return self.hands[seat][:]

    def play(self, card):
        """The seat to play plays ``card`` (legal: unchecked). Returns the trick's taker when
        it closes a trick, else -1."""
        seat = (self.leader + len(self.trick)) % 3
        self.hands[seat].remove(card)
        self.index[seat * 5 + self.suits[card]].remove(card)
        trick = self.trick
        trick.append(card)
        if len(trick) < 3:
            return -1
        return self._close()

    def _close(self):
        trick = self.trick
        suits = self.suits
        keys = self.keys
        c0, c1, c2 = trick
        led = suits[c0]
        k = keys[c0]
        i = 0
        key = keys[c1]
        if key > k and (key >= 64 or suits[c1] == led):
            k = key
            i = 1
        key = keys[c2]
        if key > k and (key >= 64 or suits[c2] == led):
            i = 2
        taker = (self.leader + i) % 3
        self.points[taker] += _POINTS[c0] + _POINTS[c1] + _POINTS[c2]
        self.tricks[taker] += 1
        self.winners.append(taker)
        self.leader = taker
        self.trick = []
        return taker

    def play_random(self, next32):
        """Play the deal out with uniformly drawn legal cards: ``cands[next32() % n]`` over
        the legal cards in ``legal()``'s order, so a driver drawing the same numbers plays
        the same cards through the referee. Returns the number of cards played.

        The trick in progress is finished card by card, then whole tricks are played in
        one pass each (three cards, the taker, the counts), the hot loop of simulation."""
        n = 0
        while self.trick:
            cards = self.legal()
            n += 1
            if self.play(cards[next32() % len(cards)]) >= 0 and self.is_over():
                return n
        if self.is_over():
            return n
        return n + self._tricks(next32)

    def _tricks(self, next32):
        # Whole tricks from a lead until the deal is over; the cards played (the hot loop).
        # Each card is drawn with one pop from the list it is drawn from (the seat's hand, or
        # its list of the suit led) and removed from the other; the taker is tracked as a
        # seat, not an offset; tricks are counted from the winners once at the end.
        suits = self.suits
        keys = self.keys
        pts = _POINTS
        hands = self.hands
        ix = self.index
        rows = (ix[0:5], ix[5:10], ix[10:15])  # per seat its five suit lists (shared)
        points = self.points
        winners = self.winners
        done = len(winners)
        stop = self.stop
        null = stop == 1
        decl = self.declarer
        seat = self.leader
        after = _AFTER
        for _ in range(10 - done):
            s1, s2 = after[seat]
            h = hands[seat]
            c0 = h.pop(next32() % len(h))
            led = suits[c0]
            rows[seat][led].remove(c0)
            k = keys[c0]
            w = seat
            f = rows[s1][led]
            if f:
                c1 = f.pop(next32() % len(f))
                hands[s1].remove(c1)
                key = keys[c1]
                if key > k:
                    k = key
                    w = s1
            else:
                h = hands[s1]
                c1 = h.pop(next32() % len(h))
                rows[s1][suits[c1]].remove(c1)
                key = keys[c1]
                if key >= 64 and key > k:  # a trump beats a card not of the suit led
                    k = key
                    w = s1
            f = rows[s2][led]
            if f:
                c2 = f.pop(next32() % len(f))
                hands[s2].remove(c2)
                if keys[c2] > k:
                    w = s2
            else:
                h = hands[s2]
                c2 = h.pop(next32() % len(h))
                rows[s2][suits[c2]].remove(c2)
                key = keys[c2]
                if key >= 64 and key > k:
                    w = s2
            points[w] += pts[c0] + pts[c1] + pts[c2]
            winners.append(w)
            seat = w
            if stop and (w == decl) == null:  # null: his first trick; schwarz: theirs
                break
        self.leader = seat
        new = winners[done:]
        taken = self.tricks
        taken[0] += new.count(0)
        taken[1] += new.count(1)
        taken[2] += new.count(2)
        return 3 * len(new)

    def outcome(self, bid, declarer_cards, skat_cards):
        """The result once the play is over: ``(won, value, declarer_points,
        declarer_tricks)``, value signed as on the score sheet (ISkO 5.1-5.4 by
        :func:`core.games.skat.game_value`). ``declarer_cards``: his 10 dealt cards plus
        the original skat (matadors, ISkO 5.2.1); ``skat_cards``: the skat laid away,
        whose points count for him."""
        d = self.declarer
        dp = self.points[d]
        for c in skat_cards:
            dp += _POINTS[c]
        dt = self.tricks[d]
        key = (self.contract, skat.matadors(declarer_cards, self.kind), dp, dt, bid,
               len(self.winners) == 10)
        value = _VALUES.get(key)
        if value is None:
            if len(_VALUES) >= 1 << 16:  # a bound on memory (bids, contracts and counts)
                _VALUES.clear()
            value = _VALUES[key] = skat.game_value(*key)[:2]
        return value[0], value[1], dp, dt

"""Trick-taking basics shared by the games: turn order, follow suit, trick winner, revokes.

A game sets two byte tables with :meth:`TrickDeal.set_trick_tables`: the *effective suit*
of every card (trumps share one effective suit, 4: ``_TRUMP_SUIT``) and its *strength* within that
suit. The winner of a trick is the strongest trump if any was played, else the strongest
card of the suit led (Skat seed 003 "Играя ход"; FFT 2012 p.7). Games with other rules
(the Magistr/Zhopa bank, the Tarot Excuse) override :meth:`TrickDeal.trick_winner`.

Hands may be unknown (the usual case at a real table: a card is seen when played). Then
"must follow suit" cannot be checked when the card lands; instead each seat's shown voids
are remembered and a later card of a suit the seat failed to follow proves a revoke
(:class:`core.events.RevokeFound`).

Speed (docs/performance.md): :meth:`TrickDeal.check_card` and :meth:`TrickDeal.accept_card`
run for every card of every simulated deal, so they read the tables directly, raise no
exception for a legal card and allocate only the events and the history entry. A game
whose led suit is not the first card's effective suit (the Tarot Excuse) overrides
``check_play``/``play``. :func:`check_distinct` (every deal with known hands) tests the
common case in C code; ``TUPLE_NEW`` builds hot-path events on CPython without the
namedtuple's Python-level ``__new__``.
"""

from core.compat import const
from core.errors import BadCard, BadRecord, IllegalPlay
from core.events import (ALREADY_PLAYED, MUST_FOLLOW, NOT_IN_DECK, NOT_IN_HAND,
                         NOT_YOUR_TURN, REVOKE, CardPlayed, RevokeFound, TrickTaken)

_TRUMP_SUIT = const(4)  # effective suit number shared by every trump (a suit, not a card)

# Events of the hot path. On CPython a namedtuple class runs a Python-level ``__new__``
# that only calls ``tuple.__new__(cls, fields)``; calling that directly builds the very
# same event in half the time (95 vs 210 ns here). MicroPython builds namedtuples in C and
# has no ``tuple.__new__``: there TUPLE_NEW is None and the class is called.
try:
    TUPLE_NEW = tuple.__new__
except AttributeError:
    TUPLE_NEW = None


_NUMBERS = {}  # deck size -> bytes 0 .. size - 1, made for the decks in use


def _card_numbers(n):
    # check_distinct: the card numbers of a deck of n cards, as bytes
    numbers = _NUMBERS.get(n)
    if numbers is None:
        numbers = _NUMBERS[n] = bytes(range(n))
    return numbers


def check_distinct(deck, cards):
    """Raise BadRecord unless ``cards`` (a list or tuple) are distinct card numbers of
    ``deck`` (BadCard for a number outside the deck)."""
    n = len(deck)
    if type(cards) is list or type(cards) is tuple:
        # The common case in C code: bytes() refuses what is not an int in 0..255, strip()
        # leaves nothing when every byte is a card number below n, a set counts distinct
        # values (CPython and MicroPython alike). Any doubt takes the loop below, which
        # raises the exact error.
        try:
            b = bytes(cards)
        except (TypeError, ValueError):
            b = None
        if b is not None and not b.strip(_card_numbers(n)) and len(set(b)) == len(b):
            return
    seen = bytearray(n)
    for c in cards:
        if type(c) is not int or c < 0 or c >= n:
            deck.check(c)  # raises BadCard with the deck's message (a bool passes, as before)
        if seen[c]:
            raise BadRecord("%s is dealt twice" % deck.code(c))
        seen[c] = 1


class TrickDeal:
    """Bookkeeping of one deal's card play: whose turn, the current trick, cards out,
    tricks and points taken per seat, shown voids.

    ``hands``: one list of card numbers per seat, or None when unknown. Card points come
    from ``self.points_of(card)`` (a game method); the reason of a verdict from
    ``self.trick_reason(card, cards)``.
    """

    def __init__(self, deck, players, hands=None):
        self.deck = deck
        self.ncards = n = len(deck)
        self.players = players
        self.hands = list(map(list, hands)) if hands is not None else None
        self.initial_hands = list(map(tuple, hands)) if hands is not None else None
        self.seen = bytearray(n)  # 1 once a card was played (per-card location)
        self.history = []  # accepted (seat, card) in play order
        self.trick = []  # cards of the current trick, from the leader
        self.leader = 0
        self.tricks_done = 0
        self.trick_winners = []
        self.taken_points = [0] * players
        self.taken_tricks = [0] * players
        self.voids = bytearray(players)  # bit s set: seat failed to follow effective suit s
        # trick where each void showed, one row per seat (copies of one row: no loop)
        self.void_trick = list(map(list, ((-1, -1, -1, -1, -1),) * players))
        self.trick_suits = None
        self.trick_power = None
        self.rest_to = -1  # seat given the remaining tricks by a claim or resignation
        self.points_table = None  # card points by card when a game's never change (Skat)
        self.suit_cards = None  # see index_suits()

    def set_trick_tables(self, tables):
        """Install ``(effective suit bytes, strength bytes)`` for the contract in play."""
        self.trick_suits, self.trick_power = tables

    def to_play(self):
        """The seat whose card completes the next place in the current trick."""
        return (self.leader + len(self.trick)) % self.players

    def led_suit(self):
        """Effective suit led in the current trick, or -1 before the lead (the first card's
        entry in the trick tables: what check_card and accept_card use)."""
        return self.trick_suits[self.trick[0]] if self.trick else -1

    def check_card(self, seat, card):
        """Raise IllegalPlay unless ``seat`` may put ``card`` on the current trick.

        Reasons: NOT_IN_DECK, ALREADY_PLAYED, NOT_YOUR_TURN, NOT_IN_HAND and MUST_FOLLOW
        (the last two only when hands are known).
        """
        if type(card) is not int or card < 0 or card >= self.ncards:
            try:
                self.deck.check(card)  # the deck's own message (a bool passes, as before)
            except BadCard as e:
                raise IllegalPlay(NOT_IN_DECK, str(e))
        if self.seen[card]:
            raise IllegalPlay(ALREADY_PLAYED, "%s is already out" % self.deck.short(card))
        trick = self.trick
        if seat != (self.leader + len(trick)) % self.players:
            raise IllegalPlay(NOT_YOUR_TURN, "P%d plays now, not P%d"
                              % (self.to_play() + 1, seat + 1))
        hands = self.hands
        if hands is None:
            return
        hand = hands[seat]
        if card not in hand:
            raise IllegalPlay(NOT_IN_HAND, "%s is not in P%d's hand"
                              % (self.deck.short(card), seat + 1))
        if trick:
            suits = self.trick_suits
            led = suits[trick[0]]
            if suits[card] != led:
                index = self.suit_cards
                if index is not None:  # the hand's cards of the suit led, in hand order
                    follow = index[seat * 6 + led]
                    held = follow[0] if follow else -1
                else:
                    held = -1
                    for c in hand:
                        if suits[c] == led:
                            held = c
                            break
                if held >= 0:
                    raise IllegalPlay(MUST_FOLLOW, "%s must follow the suit led (holds %s)"
                                      % (self.deck.short(card), self.deck.short(held)))

    def index_suits(self):
        """Known hands, trick tables set: keep each seat's cards of each effective suit
        (``suit_cards[seat * 6 + suit]``, in hand order) beside the hands, so following
        suit is one look-up instead of a pass over the hand. For games whose hands change
        only through :meth:`accept_card` from here on (Skat, once declared)."""
        suits = self.trick_suits
        index = []
        for hand in self.hands:
            lists = [[], [], [], [], [], []]  # effective suits 0-3, _TRUMP_SUIT, a 6th (Excuse)
            for c in hand:
                lists[suits[c]].append(c)
            index.extend(lists)
        self.suit_cards = index

    def following_cards(self, seat):
        """Follow suit over a known hand: the cards of ``seat``'s hand of the effective suit
        led, or the whole hand when it has none or leads (a new list, in hand order). Turn
        and phase are the caller's to check; this is the rule "follow suit when able"
        (Skat seed 003 "Играя ход")."""
        trick = self.trick
        if trick:
            led = self.trick_suits[trick[0]]
            index = self.suit_cards
            if index is not None:
                follow = index[seat * 6 + led]
                if follow:
                    return follow[:]
            else:
                suits = self.trick_suits
                follow = [c for c in self.hands[seat] if suits[c] == led]
                if follow:
                    return follow
        return self.hands[seat][:]

    def legal(self, seat, card):
        """True when ``check_play(seat, card)`` would accept the card."""
        try:
            self.check_play(seat, card)
        except IllegalPlay:
            return False
        return True

    def legal_cards(self, seat):
        """The cards ``seat`` may play now (hands must be known)."""
        if self.hands is None:
            raise IllegalPlay(NOT_IN_HAND, "hands are not known")
        return [c for c in self.hands[seat] if self.legal(seat, c)]

    def accept_card(self, seat, card):
        """Record ``card`` from ``seat`` (already checked); return [CardPlayed, revokes...]."""
        events = [CardPlayed(seat, card)]
        hands = self.hands
        if hands is None and self.voids[seat] & (1 << self.trick_suits[card]):
            events.extend(self.find_revokes(seat, card))  # a shown void proves a revoke
        trick = self.trick
        if trick:
            suits = self.trick_suits
            led = suits[trick[0]]
            if suits[card] != led and not self.voids[seat] & (1 << led):
                self.voids[seat] |= 1 << led
                self.void_trick[seat][led] = self.tricks_done
        self.seen[card] = 1
        self.history.append((seat, card))
        trick.append(card)
        if hands is not None:
            hands[seat].remove(card)
            if self.suit_cards is not None:
                self.suit_cards[seat * 6 + self.trick_suits[card]].remove(card)
        return events

    def find_revokes(self, seat, card):
        """A card of a suit ``seat`` earlier failed to follow proves that earlier revoke."""
        suit = self.trick_suits[card]
        if suit < 5 and self.voids[seat] & (1 << suit):
            trick = self.void_trick[seat][suit]
            self.voids[seat] &= ~(1 << suit)  # report each shown void once
            return [RevokeFound(seat, card, trick, REVOKE,
                                "P%d did not follow suit in trick %d but holds %s"
                                % (seat + 1, trick + 1, self.deck.short(card)))]
        return []

    def trick_complete(self):
        """True when every seat has played to the current trick."""
        return len(self.trick) == self.players

    def trick_winner(self, cards):
        """Index in ``cards`` of the winning card: strongest trump, else strongest of the
        suit led."""
        suits = self.trick_suits
        power = self.trick_power
        best = 0
        for i in range(1, len(cards)):
            c = cards[i]
            b = cards[best]
            if suits[c] == suits[b]:
                if power[c] > power[b]:
                    best = i
            elif suits[c] == _TRUMP_SUIT:
                best = i
        return best

    def close_trick(self):
        """Resolve the full current trick; the taker leads next. Returns TrickTaken.

        Card points come from ``points_table`` (bytes by card) when the game set one, else
        from ``points_of(card)``."""
        cards = tuple(self.trick)
        i = self.trick_winner(cards)
        taker = (self.leader + i) % self.players
        points = 0
        table = self.points_table
        if table is not None:
            for c in cards:
                points += table[c]
        else:
            for c in cards:
                points += self.points_of(c)
        self.taken_points[taker] += points
        self.taken_tricks[taker] += 1
        self.trick_winners.append(taker)
        self.tricks_done += 1
        self.trick = []
        self.leader = taker
        return TrickTaken(taker, cards, points, self.trick_reason(cards[i], cards))

    def award_remaining(self, seat, total_tricks):
        """Give ``seat`` every trick not yet taken (claims, resignations): counts tricks only;
        the game accounts for the points (they depend on cards not seen)."""
        self.taken_tricks[seat] += total_tricks - self.tricks_done
        self.rest_to = seat

"""The bank: Magistr's and Zhopa's system of beating and re-beating cards in a trick.

Shared by ``core.games.magistr`` and ``core.games.zhopa``; the games differ only in the
options of :class:`Rules`. Sources: seed ``000_*.txt`` (Magistr) and ``001_*.txt``
(Zhopa), sections "Правила перебивання хабарів" (the table), "Загальні правила" (R1-R7) and
"приклад гри" (25 worked examples); their English restatement, the ambiguities A1-A43 and
the trick model M* are in ``docs/analysis/magistr_zhopa.md`` sections 2.4-4. The
readings taken are explained in ``docs/rules/magistr.md``.

Words: the *bank* is the pile of the trick in the centre; the *main card* is the card led,
the *main suit* its suit (changed by a beating eight of another suit); a card *claims* the
trick when it beats in one of the five *methods* below; the *top* card is the current
claim (or the main card while nobody holds a claim); the *taker* is the last claimant.

Methods, tried in this order for each new card (reference section 4.2):

1. ``EIGHT``: an eight of another suit that the table lets beat the top card (only when its
   player is void in the main suit); the main suit becomes the eight's suit.
2. ``HIGHER`` (R1): a card of the main suit that beats the main card (after an eight has
   changed the suit: the top card). Over a HIGHER or EIGHT claim it must beat the top card
   too; if it beats the top card but not the main card it is a ``KNOCK_OUT``: the claim
   it displaced falls and the trick returns to the leader (examples 7, 8).
3. ``BY_TRUMP`` (R2): the player's trump, higher in seniority than every beating and beaten
   card in the bank; never over an eight, a card of its own suit it cannot beat by the
   table (the six), or a led card that is its leader's trump (R5, example 14).
4. ``SAME_RANK`` (R3, R6): a card of another suit with the main card's rank, over the
   unbeaten main card (not if that is its owner's trump), over a one-lower claim, or over
   a same-rank claim (over a trump one only when itself a trump).
5. ``ONE_LOWER`` (R4): the table's parenthesised beats 9/J, J/Q, Q/K, K/10, 10/A in the
   main suit, on the unbeaten led card or chained on a one-lower claim (examples 19, 23-25).

Anything else is a ``DISCARD``. The common-trump variants add (seed: "звичайні карти не б'ють
козирні карти"; "карти одного достоїнства дозволяється накладати один на одного"): a card of
a lower class (ordinary < trump, junior < senior) claims by no method but the same rank;
same rank overlaps regardless of class (over the main card or any card of its rank); a
trump of a higher class than the top card is not held back by R2's exceptions, and "higher
than all" compares class first.

Integer-only, byte tables, no allocation in ``judge``; runs under MicroPython.
"""

from core import tricks
from core.cards import FRENCH36
from core.compat import const
from core.errors import IllegalPlay, TrickrefError
from core.events import MUST_FOLLOW, REVOKE, WRONG_PHASE, RevokeFound

# Rank numbers of core.cards.FRENCH36 (printed order 6 7 8 9 T J Q K A).
_R8 = const(2)
_NONE = const(255)  # "no suit": a seat without a trump

# Seniority (header "Старшинство карт: 6, 7, 8, 9, В, Д, К, 10, Т"), by deck rank number:
# 6 7 8 9 10 J Q K A -> 0 1 2 3 7 4 5 6 8. Used only for "higher than all" (R2) and the
# lowest diamond, never to decide a beat (the table is not an order: 6 > K > Q > 6).
SENIORITY = b"\x00\x01\x02\x03\x07\x04\x05\x06\x08"
# Printed game order, low to high, as deck rank numbers.
GAME_ORDER = b"\x00\x01\x02\x03\x05\x06\x07\x04\x08"

# The table "Карта / б'є", same suit, non-parenthesised entries (reference section 2.4):
# for each attacking rank (deck order 6 7 8 9 T J Q K A) the ranks of its suit it beats.
# The K row's "A" is listed in both columns of the seed; read as "does not beat" (A4,
# option k_beats_a).
_SAME_SUIT_TEXT = tuple(["79TJKA", "", "679TJA", "7", "79JQK", "79", "6789J", "789JQ", "79TJQK"])
# The parenthesised entries: the rank each rank may beat one step lower in game order,
# only on the led unbeaten card or chained on a one-lower beat (255: none). 9/J J/Q Q/K K/10
# 10/A; 7 on 8 is excluded (example 16), 6/7 and 8/9 are ordinary beats.
_ONE_LOWER = b"\xff\xff\xff\x05\x08\x06\x07\x04\xff"


def _masks():
    ranks = "6789TJQKA"
    out = []
    for text in _SAME_SUIT_TEXT:
        m = 0
        for ch in text:
            m |= 1 << ranks.index(ch)
        out.append(m)
    return tuple(out)


_SAME_SUIT = _masks()  # bit r set: beats rank r of its own suit
_K_OVER_A = 1 << 8  # the contested K-beats-A entry (A4)

# Trump variants (seed: "можливо 5 варіантів").
OWN = const(0)  # 1: each player his own trump suit (the default)
NONE = const(1)  # 2: no trumps
ONE = const(2)  # 3: one trump suit common to all
TWO = const(3)  # 4: two trump suits common to all
SENIOR_JUNIOR = const(4)  # 5: a senior and a junior common trump (seed: spades, diamonds)
VARIANT_NAMES = tuple(["own", "none", "one", "two", "senior-junior"])

NO_SEAT = const(-1)  # no seat: deal 1's first leader before the table names it

# Methods: how a card stands in the trick.
LEAD = const(0)
HIGHER = const(1)
BY_TRUMP = const(2)  # a method: beats by the player's trump (not a suit number)
SAME_RANK = const(3)
ONE_LOWER = const(4)
EIGHT = const(5)
DISCARD = const(6)
KNOCK_OUT = const(7)
METHOD_NAMES = tuple(["lead", "higher", "trump", "same-rank", "one-lower", "eight", "discard",
                "knock-out"])
# Words after "X beats Y: " (kept short: the reason is read on a 20x4 LCD).
_PHRASES = tuple(["", "higher card of the main suit", "highest trump in the bank",
            "same rank as the main card", "one lower, same suit", "an eight, main suit now "])

# Refusal and revoke reason codes added by the bank (core.events has the shared ones).
EIGHT_NEEDS_VOID = "eight-needs-void"  # off-suit eight while holding the main suit
MUST_MATCH_RANK = "must-match-rank"  # void in the main suit: a card of the led rank first
MUST_BEAT = "must-beat"  # beating is compulsory (Zhopa) and the hand can beat
WRONG_LEADER = "wrong-leader"  # the lowest diamond leads the first deal

# Levels of the option ``must_beat`` (False/0: beating is optional, Magistr A21).
MUST_BEAT_ANY = const(1)  # a hand that can claim by any method must claim (True)
# Zhopa 001: "Карту, якої походили, необхідно перебити. Якщо картка не перебивається, то
# можна покласти карту на одне значення менше за масті або карту того ж значення": a
# higher card, a trump or an eight must be laid when held; one lower and the same rank are
# what a hand that cannot beat so *may* lay (they still claim, with their lower priority).
MUST_BEAT_TABLE = const(2)
_DIAMONDS = const(1)

SUIT_LETTERS = "CDHS"


def seniority(card):
    """Seniority 0..8 of a FRENCH36 card (6 lowest, A highest, 10 between K and A)."""
    return SENIORITY[FRENCH36.rank(card)]


def beats(card, other, k_beats_a=False):
    """True when the table lets ``card`` be laid on ``other`` (non-parenthesised entries).

    Same suit: the table's row; other suit: the same rank, or ``card`` is an eight (an eight
    "б'є 6 - В, 10, Т будь-якої масті, Д, К іншої масті"). Seed 000, table.
    """
    r = FRENCH36.rank(card)
    ro = FRENCH36.rank(other)
    if FRENCH36.suit(card) != FRENCH36.suit(other):
        return r == ro or r == _R8
    m = _SAME_SUIT[r]
    if k_beats_a and r == 7:
        m |= _K_OVER_A
    return bool(m >> ro & 1)


def one_lower(card, other):
    """True when ``card`` is ``other``'s parenthesised beat: same suit, one step lower."""
    return (FRENCH36.suit(card) == FRENCH36.suit(other)
            and _ONE_LOWER[FRENCH36.rank(card)] == FRENCH36.rank(other))


def variant_code(variant):
    """The variant number of ``variant`` (a number 0..4 or a name of VARIANT_NAMES)."""
    if isinstance(variant, str):
        if variant in VARIANT_NAMES:
            return VARIANT_NAMES.index(variant)
    elif isinstance(variant, int) and 0 <= variant < 5:
        return variant
    raise TrickrefError("unknown trump variant %r (one of %s)"
                        % (variant, ", ".join(VARIANT_NAMES)))


def suit_code(suit):
    """Suit number 0..3 of ``suit`` (0..3 or a letter of ``CDHS``); raises TrickrefError."""
    if isinstance(suit, str) and len(suit) == 1 and suit.upper() in SUIT_LETTERS:
        return SUIT_LETTERS.index(suit.upper())
    if isinstance(suit, int) and 0 <= suit < 4:
        return suit
    raise TrickrefError("%r is not a suit (C D H S)" % (suit,))


class Rules:
    """The options of the beating system for one game.

    ``players``: 2..6 seats. ``variant``: OWN (default), NONE, ONE, TWO, SENIOR_JUNIOR or
    their names. ``trumps``: OWN: one suit per seat (number or letter; -1/None for a seat
    without one), default seat i -> suit i (C D H S) for up to 4 players; ONE: one suit;
    TWO: two suits; SENIOR_JUNIOR: (senior, junior), default (S, D) as in the seed; NONE:
    nothing. ``partial``: OWN seats may lack a trump (the puzzle mode of ``trickref trick``).
    ``k_beats_a``: the K row's contested A (A4, default no). ``must_beat``: False (Magistr:
    optional, A21); True / MUST_BEAT_ANY: a player who can claim the trick must;
    MUST_BEAT_TABLE: a player who can claim by a higher card, a trump or an eight must, one
    lower and the same rank are allowed fallbacks (Zhopa "необхідно перебити ... можна").
    ``rank_discard``: a card of the led rank is a lawful non-beating card even while
    holding the main suit (Zhopa "або карту того ж значення"; Magistr: suit first, A22).
    ``eight_lapse``: after an off-suit eight only the top card must be beaten (A11,
    example 18; False: the changing eight becomes the card to beat, example 18 goes to the
    leader). ``beat_all``: a higher main-suit
    card must beat every earlier main-suit claim, not only the main card, or it knocks out
    (section 4.3 alternative; default off, as M*).
    Raises TrickrefError naming the bad value.
    """

    def __init__(self, players, variant=OWN, trumps=None, partial=False, k_beats_a=False,
                 must_beat=False, rank_discard=False, eight_lapse=True, beat_all=False):
        if not isinstance(players, int) or players < 2 or players > 6:
            raise TrickrefError("the bank needs 2..6 players, not %r" % (players,))
        self.players = players
        self.variant = v = variant_code(variant)
        self.common = v >= ONE
        self.k_beats_a = bool(k_beats_a)
        if must_beat not in (False, True, MUST_BEAT_TABLE):
            raise TrickrefError("must_beat is False, True (any claim) or MUST_BEAT_TABLE, "
                                "not %r" % (must_beat,))
        self.must_beat = int(must_beat)
        self.rank_discard = bool(rank_discard)
        self.eight_lapse = bool(eight_lapse)
        self.beat_all = bool(beat_all)
        self.seat_suit = bytearray(b"\xff" * players)  # OWN: each seat's trump suit
        self.suit_class = bytearray(4)  # common variants: 0 ordinary, 1 trump/junior, 2 senior
        if v == OWN:
            self._own(trumps, partial)
        elif v == NONE:
            if trumps:
                raise TrickrefError("variant 'none' takes no trumps, got %r" % (trumps,))
        else:
            if trumps is None and v == SENIOR_JUNIOR:
                trumps = "SD"  # seed: senior spades, junior diamonds
            want = 1 if v == ONE else 2
            if trumps is None or len(trumps) != want:
                raise TrickrefError("variant %r needs %d trump suit(s), got %r"
                                    % (VARIANT_NAMES[v], want, trumps))
            suits = [suit_code(t) for t in trumps]
            if want == 2 and suits[0] == suits[1]:
                raise TrickrefError("the two common trumps must differ, got %r" % (trumps,))
            self.suit_class[suits[0]] = 2 if v == SENIOR_JUNIOR else 1
            if want == 2:
                self.suit_class[suits[1]] = 1

    def _own(self, trumps, partial):
        if trumps is None:
            if self.players > 4:
                raise TrickrefError("give each of the %d seats its trump" % self.players)
            trumps = range(self.players)
        if len(trumps) != self.players:
            raise TrickrefError("one trump per seat: %d seats, got %r" % (self.players, trumps))
        used = 0
        for seat in range(self.players):
            t = trumps[seat]
            if t is None or t == -1:
                if not partial and self.players <= 4:
                    raise TrickrefError("P%d has no trump (each player has his own)" % (seat + 1))
                continue
            s = suit_code(t)
            if used >> s & 1:
                raise TrickrefError("two seats share the trump %s" % SUIT_LETTERS[s])
            used |= 1 << s
            self.seat_suit[seat] = s

    def trump_class(self, seat, card):
        """0 for an ordinary card, 1 for a trump (junior in variant 5), 2 for a senior trump,
        as played by ``seat`` (in variant 1 a suit is trump only for its owner, example 10)."""
        v = self.variant
        if v == OWN:
            return 1 if self.seat_suit[seat] == FRENCH36.suit(card) else 0
        if v == NONE:
            return 0
        return self.suit_class[FRENCH36.suit(card)]

    def key(self, cls, card):
        """Order of "higher than all beating and beaten cards" (R2): seniority; class first
        in the common-trump variants, where classes are a hierarchy."""
        k = SENIORITY[FRENCH36.rank(card)]
        return k + (cls << 4) if self.common else k

    def beats(self, card, other):
        """The table under these options (see :func:`beats`)."""
        return beats(card, other, self.k_beats_a)


class Trick:
    """One bank being built: ``Trick(rules, leader, card)``, then ``add(seat, card)``.

    Seats follow each other (leader, leader+1, ...) modulo ``rules.players``; the caller
    keeps the turn. State after each card: ``winner`` (taker so far), ``top`` (the card
    holding the claim, or the main card), ``how`` (its method), ``suit`` (current main
    suit), ``methods`` (one per card). ``reason()`` explains the verdict in under 60
    characters (``"♠Q beats ♠6: higher card of the main suit"``).
    """

    def __init__(self, rules, leader, card):
        FRENCH36.check(card)
        self.rules = rules
        self.leader = leader
        self.main = card
        self.suit = FRENCH36.suit(card)
        self.changed = False  # an off-suit eight changed the main suit
        self.seats = [leader]
        self.cards = [card]
        self.methods = [LEAD]
        self.active = [card]  # beating and beaten cards (discards never enter)
        self.winner = leader
        self.top = card
        self.how = LEAD
        self.victim = card
        self.unbeaten = True
        self.main_cls = rules.trump_class(leader, card)
        self.top_cls = self.main_cls
        self.max_cls = self.main_cls
        self.high = rules.key(self.main_cls, card)
        self.ko = None  # (knocking card, knocked card) of the last knock-out
        self.ref = card  # the card a main-suit claim must beat: the main card, or the
        # changing eight when eight_lapse is off (A11, A12)

    def next_seat(self):
        """The seat whose card comes next."""
        return (self.seats[-1] + 1) % self.rules.players

    def _lapsed(self):
        return self.changed and self.rules.eight_lapse

    def _beats_main(self, card):
        r = self.rules
        if not r.beats(card, self.ref):
            return False
        if r.beat_all:
            for c in self.active:
                if FRENCH36.suit(c) == self.suit and c != card and not r.beats(card, c):
                    return False
        return True

    def judge(self, seat, card):
        """The method by which ``card`` from ``seat`` would stand if added now (no change)."""
        r = self.rules
        s = FRENCH36.suit(card)
        k = FRENCH36.rank(card)
        cls = r.trump_class(seat, card)
        top = self.top
        how = self.how
        # Common trumps: "ordinary cards do not beat trump cards" (junior below senior).
        gated = r.common and cls < self.max_cls
        if not gated:
            # 1. An eight of another suit (seed: beats anything of another suit).
            if k == _R8 and s != self.suit and r.beats(card, top):
                return EIGHT
            # 2. A higher card of the main suit (R1).
            if s == self.suit:
                if how == LEAD:
                    if r.beats(card, self.main):
                        return HIGHER
                elif how == HIGHER or how == EIGHT:
                    if r.beats(card, top):
                        if self._lapsed() or self._beats_main(card):
                            return HIGHER
                        return KNOCK_OUT
                elif r.beats(card, top) if self._lapsed() else self._beats_main(card):
                    return HIGHER  # R1 over BY_TRUMP / SAME_RANK / ONE_LOWER, no rank cap (ex. 5)
            # 3. Trump higher than every beating and beaten card (R2).
            if cls and r.key(cls, card) > self.high:
                if r.common and cls > self.top_cls and not (how == LEAD and cls <= self.main_cls):
                    return BY_TRUMP  # outclasses the top card: "старшим козирем ... бити все"
                if not (FRENCH36.rank(top) == _R8
                        or (FRENCH36.suit(top) == s and not r.beats(card, top))
                        or (how == LEAD and self.main_cls)):
                    return BY_TRUMP
        # 4. The main card's rank in another suit (R3, R5, R6).
        main = self.main
        if k == FRENCH36.rank(main) and s != FRENCH36.suit(main):
            if how == ONE_LOWER:
                return SAME_RANK
            if r.common:  # "накладати один на одного, незалежно від ... козир": any class
                if FRENCH36.rank(top) == k and how != EIGHT:
                    return SAME_RANK
            elif how == LEAD:
                if not self.main_cls:
                    return SAME_RANK
            elif how == SAME_RANK:
                if not self.top_cls or cls:
                    return SAME_RANK
        # 5. One lower in the main suit, on the unbeaten led card or chained (R4, A6).
        if not gated and s == self.suit and one_lower(card, top):
            if (how == LEAD and self.unbeaten) or how == ONE_LOWER:
                return ONE_LOWER
        return DISCARD

    def add(self, seat, card):
        """Lay ``card`` from ``seat`` on the bank; returns its method. Raises TrickrefError
        when ``seat`` is not next or the card is already in this bank."""
        FRENCH36.check(card)
        if seat != self.next_seat():
            raise TrickrefError("P%d is not next in the bank (P%d is)"
                                % (seat + 1, self.next_seat() + 1))
        if card in self.cards:
            raise TrickrefError("%s is already in the bank" % FRENCH36.code(card))
        m = self.judge(seat, card)
        self.seats.append(seat)
        self.cards.append(card)
        self.methods.append(m)
        if m == DISCARD:
            return m
        cls = self.rules.trump_class(seat, card)
        self.active.append(card)
        key = self.rules.key(cls, card)
        if key > self.high:
            self.high = key
        if cls > self.max_cls:
            self.max_cls = cls
        self.unbeaten = False
        if m == KNOCK_OUT:  # examples 7, 8: the displaced claim falls, the leader holds
            self.ko = (card, self.top)
            self.winner = self.leader
            self.top = self.victim = self.main
            self.how = LEAD
            self.top_cls = self.main_cls
            return m
        if m == HIGHER and self.how in (BY_TRUMP, SAME_RANK, ONE_LOWER) and not self._lapsed():
            self.victim = self.main  # R1 outranks those methods: it beat the main card
        else:
            self.victim = self.top
        self.winner = seat
        self.top = card
        self.how = m
        self.top_cls = cls
        if m == EIGHT:
            self.suit = FRENCH36.suit(card)
            self.changed = True
            self.ref = card
        return m

    def is_claim(self, method):
        """True for the methods that make their player the taker."""
        return HIGHER <= method <= EIGHT

    def counts_as_beat(self, method):
        """True when ``method`` is "beating" for the option ``must_beat``: any claim, or
        with MUST_BEAT_TABLE only a higher card, a trump or an eight."""
        if self.rules.must_beat == MUST_BEAT_TABLE:
            return method == HIGHER or method == BY_TRUMP or method == EIGHT
        return HIGHER <= method <= EIGHT

    def reason(self):
        """Why the taker takes, for a player: ``"♠Q beats ♠6: higher card of the main suit"``,
        ``"♠6 led, nobody beat it"``, ``"♠6 stands: ♠K beat ♠8, not ♠6"``."""
        sh = FRENCH36.short
        if self.how == LEAD:
            if self.ko is not None:
                return "%s stands: %s beat %s, not %s" % (sh(self.main), sh(self.ko[0]),
                                                         sh(self.ko[1]), sh(self.main))
            return "%s led, nobody beat it" % sh(self.main)
        text = "%s beats %s: %s" % (sh(self.top), sh(self.victim), _PHRASES[self.how])
        if self.how == EIGHT:
            text += FRENCH36.glyphs[self.suit]
        return text

    # --- what a player may lay (seed 000 "Якщо гравець не може перебити ..."; R7) ---

    def _holds(self, hand, suit, rank):
        for c in hand:
            if FRENCH36.suit(c) == suit if rank < 0 else FRENCH36.rank(c) == rank:
                return c
        return -1

    def _lawful_beat(self, seat, card, hand):
        m = self.judge(seat, card)
        if not self.counts_as_beat(m):
            return False
        return not (m == EIGHT and self._holds(hand, self.suit, -1) >= 0)

    def _must_beat(self, seat, card, hand):
        for c in hand:
            if c != card and self._lawful_beat(seat, c, hand):
                raise IllegalPlay(MUST_BEAT, "beating is compulsory: %s can beat"
                                  % FRENCH36.short(c))

    def check(self, seat, card, hand):
        """Raise IllegalPlay unless ``seat`` holding ``hand`` (a list with ``card``) may lay
        ``card`` now; return its method. ``hand`` None (unknown): only the method.

        Rules: an eight of another suit beats only when void in the main suit
        (EIGHT_NEEDS_VOID); with ``must_beat`` a hand that can beat must beat (MUST_BEAT;
        with MUST_BEAT_TABLE a one-lower or same-rank claim counts as not beating);
        a card that does not claim must be of the current main suit if held (MUST_FOLLOW,
        A22-A23), else of the main card's rank if held (MUST_MATCH_RANK), else anything;
        with ``rank_discard`` the suit or the rank, either, if held.
        """
        m = self.judge(seat, card)
        if hand is None:
            return m
        sh = FRENCH36.short
        s = FRENCH36.suit(card)
        held = self._holds(hand, self.suit, -1)
        if m == EIGHT and held >= 0:
            raise IllegalPlay(EIGHT_NEEDS_VOID, "%s beats only when void in %s (holds %s)"
                              % (sh(card), FRENCH36.glyphs[self.suit], sh(held)))
        if self.is_claim(m):
            if self.rules.must_beat and not self.counts_as_beat(m):
                self._must_beat(seat, card, hand)
            return m
        if self.rules.must_beat:
            self._must_beat(seat, card, hand)
        if s == self.suit:
            return m
        rank = FRENCH36.rank(self.main)
        if self.rules.rank_discard and FRENCH36.rank(card) == rank:
            return m
        if held >= 0:
            raise IllegalPlay(MUST_FOLLOW, "%s: lay a %s card (holds %s)"
                              % (sh(card), FRENCH36.glyphs[self.suit], sh(held)))
        if FRENCH36.rank(card) != rank:
            other = self._holds(hand, -1, rank)
            if other >= 0:
                raise IllegalPlay(MUST_MATCH_RANK, "%s: void in %s, lay the %s (same rank)"
                                  % (sh(card), FRENCH36.glyphs[self.suit], sh(other)))
        return m


def resolve(rules, cards, leader=0):
    """Build a whole bank from ``cards`` in play order (first card led by ``leader``);
    returns the finished :class:`Trick`. Raises TrickrefError on a repeated card."""
    t = Trick(rules, leader, cards[0])
    seat = leader
    for c in cards[1:]:
        seat = (seat + 1) % rules.players
        t.add(seat, c)
    return t


# --- unknown hands: evidence a later card turns into a revoke (A22, A23; R7) ---

_VOID_SUIT = const(0)
_VOID_RANK = const(1)
_NO_BEAT = const(2)

# A fact: one thing a laid card claimed about its seat's hand, a list indexed by these named
# fields (consts: no heap on a board, where a class per fact would cost more): _SEAT laid
# _CARD in trick _TRICK_NO (0-based); _KIND _VOID_SUIT (no card of suit _VALUE), _VOID_RANK
# (no card of rank _VALUE) or _NO_BEAT (no card beating the bank _PREFIX = (leader, cards
# before it)); _DRAWN the seat's stock draws when noted; _MATCHES the cards since laid that
# contradict it (proven false when they outnumber the draws since).
_SEAT = const(0)
_KIND = const(1)
_VALUE = const(2)
_TRICK_NO = const(3)
_CARD = const(4)
_PREFIX = const(5)
_DRAWN = const(6)
_MATCHES = const(7)


class Evidence:
    """What each seat's cards have shown about its hand, when hands are unknown.

    ``note(trick, trick_no, suit)`` after each card added to ``trick`` records what that card
    claims about the hand: void in the main suit (an off-suit non-beating card, an off-suit
    beating eight), void in the main card's rank (a discard of neither), no card that could
    beat (with ``must_beat``: a non-claiming card, or with MUST_BEAT_TABLE a one-lower or
    same-rank claim). ``check(seat, card)`` before a later card of ``seat`` is accepted
    returns the RevokeFound events it proves (each fact reported once).

    Draws: ``draw(seat)`` counts a card ``seat`` took from the stock unseen (Zhopa's refill).
    A fact about the hand at trick t is proven false once the seat has laid more cards
    matching it since then than it has drawn since then (those cannot all be new). Magistr
    draws nothing, so there the first matching card proves it.
    """

    def __init__(self, rules):
        self.rules = rules
        self.drawn = bytearray(rules.players)  # cards each seat drew from the stock
        self.facts = []  # facts (fields _SEAT.._MATCHES), in the order noted

    def draw(self, seat):
        """``seat`` took one unseen card from the stock."""
        self.drawn[seat] += 1

    def _fact(self, seat, kind, value, trick_no, card, prefix):
        self.facts.append([seat, kind, value, trick_no, card, prefix, self.drawn[seat], 0])

    def note(self, trick, trick_no, suit):
        """Record what the last card of ``trick`` shows; ``suit`` is the main suit it faced
        (read ``trick.suit`` before ``trick.add``: a beating eight changes it)."""
        seat = trick.seats[-1]
        card = trick.cards[-1]
        m = trick.methods[-1]
        r = self.rules
        rank = FRENCH36.rank(trick.main)
        if m == EIGHT:
            self._fact(seat, _VOID_SUIT, suit, trick_no, card, None)
            return
        if r.must_beat and not trick.counts_as_beat(m):
            self._fact(seat, _NO_BEAT, 0, trick_no, card,
                       (trick.leader, tuple(trick.cards[:-1])))
        if not trick.is_claim(m) and FRENCH36.suit(card) != suit:
            own_rank = FRENCH36.rank(card) == rank
            if not (r.rank_discard and own_rank):
                self._fact(seat, _VOID_SUIT, suit, trick_no, card, None)
            if not own_rank:
                self._fact(seat, _VOID_RANK, rank, trick_no, card, None)

    def _matches(self, f, seat, card):
        kind = f[_KIND]
        if kind == _VOID_SUIT:
            return FRENCH36.suit(card) == f[_VALUE]
        if kind == _VOID_RANK:
            return FRENCH36.rank(card) == f[_VALUE]
        t = resolve(self.rules, f[_PREFIX][1], f[_PREFIX][0])
        m = t.judge(seat, card)
        return t.counts_as_beat(m) and m != EIGHT  # an eight's legality needed a void

    def check(self, seat, card):
        """RevokeFound events that ``card`` (about to be laid by ``seat``) proves."""
        out = []
        keep = []
        sh = FRENCH36.short
        for f in self.facts:
            found = None
            if f[_SEAT] == seat and self._matches(f, seat, card):
                f[_MATCHES] += 1
                since = self.drawn[seat] - f[_DRAWN]
                if f[_MATCHES] > since:
                    kind, value, trick_no, earlier = f[_KIND], f[_VALUE], f[_TRICK_NO], f[_CARD]
                    if since:
                        what = "%d such cards since, %d drawn" % (f[_MATCHES], since)
                    elif kind == _VOID_SUIT:
                        what = "holds %s of %s" % (sh(card), FRENCH36.glyphs[value])
                    else:
                        what = "holds %s" % sh(card)
                    if kind == _NO_BEAT:
                        found = (MUST_BEAT, "P%d did not beat in trick %d but %s beats"
                                 % (seat + 1, trick_no + 1, sh(card)) if not since else
                                 "P%d did not beat in trick %d: %s"
                                 % (seat + 1, trick_no + 1, what))
                    else:
                        found = (REVOKE if kind == _VOID_SUIT else MUST_MATCH_RANK,
                                 "P%d laid %s in trick %d but %s"
                                 % (seat + 1, sh(earlier), trick_no + 1, what))
            if found is None:
                keep.append(f)
            else:
                out.append(RevokeFound(seat, card, f[_TRICK_NO], found[0], found[1]))
        if out:
            self.facts = keep
        return out


def lowest_diamond(hands):
    """``(seat, card)`` of the lowest diamond by seniority in ``hands`` (one card list per
    seat, None for a seat not known), or None when nobody holds one. Both seeds: "Перший хід
    в першій партії належить гравцеві, у якого є карта мінімального значення бубновою
    масті" (6♦ lowest, K♦ below 10♦)."""
    best = None
    low = 99
    for seat in range(len(hands)):
        for c in hands[seat] or ():
            if FRENCH36.suit(c) == _DIAMONDS and SENIORITY[FRENCH36.rank(c)] < low:
                low = SENIORITY[FRENCH36.rank(c)]
                best = (seat, c)
    return best


def first_leader(number, dealer, hands, players):
    """Who leads deal ``number``: in deal 1 the holder of the lowest diamond, else (and
    when nobody holds one, or the hands are unknown) the player on the dealer's left
    (both seeds; the gap for later deals decided in docs/rules/magistr.md, A26)."""
    if number == 1 and hands is not None:
        low = lowest_diamond(hands)
        if low is not None:
            return low[0]
    return (dealer + 1) % players


class BankDeal(tricks.TrickDeal):
    """What a Magistr deal and a Zhopa deal share: the tricks are built as a bank
    (:class:`Trick`) whose last claimant takes them, the first leader of deal 1 is the
    holder of the lowest diamond, and with unknown hands revokes are proven by
    :class:`Evidence`. The base class gives every card one effective suit, so its plain
    follow-suit never fires: following in the bank is :meth:`Trick.check`.

    Subclasses call :meth:`start_bank` from their constructor, :meth:`check_bank` from
    ``check_play`` and :meth:`lay` from ``play``, then close the trick their own way.
    """

    def start_bank(self, game, number, dealer, hands, leader):
        """Set up the deal's books; validate ``leader`` (IllegalPlay WRONG_LEADER when it
        contradicts the hands). Without ``leader`` in deal 1 with unknown hands the deal
        waits for :meth:`lead` (``waiting_for_leader()``; both seeds: the holder of the
        lowest diamond leads deal 1, and the table has not shown its cards)."""
        n = game.players
        tricks.TrickDeal.__init__(self, FRENCH36, n, hands)
        self.set_trick_tables((bytes(36), bytes(36)))
        self.number = number
        self.dealer = dealer
        must = game.first_leader(number, dealer, hands)
        if leader is None:
            # deal 1, hands unknown: the deal waits for the table to name the holder of
            # the lowest diamond (``lead``); otherwise the leader follows from the rules
            leader = NO_SEAT if number == 1 and hands is None else must
        elif not isinstance(leader, int) or leader < 0 or leader >= n:
            raise TrickrefError("leader must be a seat 0..%d, not %r" % (n - 1, leader))
        elif leader != must and (hands is not None or number != 1):
            raise IllegalPlay(WRONG_LEADER, "P%d leads deal %d, not P%d"
                              % (must + 1, number, leader + 1))
        self.leader = self.first = leader
        self.bank = None  # the Trick being built
        self.evidence = Evidence(game.rules) if hands is None else None

    def waiting_for_leader(self):
        """True before deal 1's first leader is named (unknown hands, no ``leader``)."""
        return self.first == NO_SEAT

    def check_leader_known(self):
        """Raise IllegalPlay WRONG_PHASE while the deal waits for :meth:`lead`."""
        if self.first == NO_SEAT:
            raise IllegalPlay(WRONG_PHASE, "name who holds the lowest diamond first")

    def lead(self, seat):
        """Name deal 1's first leader, the seat holding the lowest diamond (unknown hands;
        checked when the deal is over, :meth:`first_leader_revokes`). Returns []. Raises
        IllegalPlay WRONG_PHASE once the leader is known, TrickrefError on a bad seat."""
        if self.first != NO_SEAT:
            raise IllegalPlay(WRONG_PHASE, "the leader is already known")
        if not isinstance(seat, int) or seat < 0 or seat >= self.players:
            raise TrickrefError("leader must be a seat 0..%d, not %r" % (self.players - 1, seat))
        self.leader = self.first = seat
        return []

    def check_bank(self, seat, card):
        """Leader known, turn, card not out, in hand (known hands), the bank's rules."""
        self.check_leader_known()
        self.check_card(seat, card)
        if self.bank is not None:
            self.bank.check(seat, card, self.hands[seat] if self.hands is not None else None)

    def lay(self, seat, card):
        """Put a checked card into the bank; returns [CardPlayed, RevokeFound...]."""
        found = self.evidence.check(seat, card) if self.evidence is not None else []
        events = self.accept_card(seat, card)
        events.extend(found)
        if self.bank is None:
            self.bank = Trick(self.game.rules, seat, card)
        else:
            suit = self.bank.suit
            self.bank.add(seat, card)
            if self.evidence is not None:
                self.evidence.note(self.bank, self.tricks_done, suit)
        return events

    def first_leader_revokes(self):
        """Deal 1 with unknown hands, once every dealt card has been played: the lowest
        diamond played shows who should have led; [RevokeFound] when it was not the
        first leader, else []."""
        hands = [[] for _ in range(self.players)]
        for seat, card in self.history:
            hands[seat].append(card)
        low = lowest_diamond(hands)
        must = low[0] if low is not None else (self.dealer + 1) % self.players
        if must == self.first:
            return []
        what = ("held %s, the lowest diamond" % FRENCH36.short(low[1]) if low is not None
                else "sits left of the dealer (no diamond was dealt)")
        return [RevokeFound(must, low[1] if low is not None else -1, 0, WRONG_LEADER,
                            "P%d %s and should have led, not P%d"
                            % (must + 1, what, self.first + 1))]

    # --- hooks of tricks.TrickDeal ---

    def trick_winner(self, cards):
        """Index in ``cards`` of the taker: the bank's last claimant, else the leader."""
        return (self.bank.winner - self.bank.leader) % self.players

    def trick_reason(self, card, cards):
        """The bank's explanation of the verdict."""
        return self.bank.reason()

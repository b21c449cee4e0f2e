"""Magistr (Магістр): 24 deals, 2-4 players, tricks resolved by the bank (``core.games.bank``).

Source: seed ``000_*.txt`` (header, "Правила гри", "підрахунок очок", "Вартість карт",
the score sheet "Таблиця для запису результатів гри" and "Підрахунок значень і контрольних
сум"); English restatement and ambiguities in ``docs/analysis/magistr_zhopa.md`` sections
2.1-2.7 and 3. Readings taken are in ``docs/rules/magistr.md``.

Phases (no auction: the trump variant is chosen once per game, "Міняти чи прибирати козир
протягом гри заборонено")::

    PLAY --play--> PLAY | OVER (every trick played, or deals 2-10 once every scoring card
                                is taken: the sheet's КВОП column counts the unplayed tricks)

Deals 1-12 score negative points, 13-24 repeat them positive; tricks always count positive.
Deals 1 and 13 ("Усе", All) deal 9 cards to each player, the others the whole deck (18, 12
or 9 cards for 2, 3, 4 players). The first deal is led by the holder of the lowest diamond
(to the dealer's left when nobody holds one); the next dealer is the player who led the
deal before ("далі сдатчиком стає той гравець, який починав партію") and the player on the
dealer's left leads (the seed's own fallback; its gap for later deals, A26).
"""

from collections import namedtuple

from core import tricks
from core.cards import FRENCH36
from core.compat import const
from core.errors import BadRecord, IllegalPlay, TrickrefError
from core.events import DEAL_OVER, WRONG_PHASE, DealOver, TrickTaken, Turn
from core.games import bank

PHASE_PLAY = const(1)
PHASE_OVER = const(2)

DEALS = const(24)  # 12 negative, then the same 12 positive
HALF = const(12)

# Contract kinds.
_TRICKS = const(0)  # each trick scores
_CARDS = const(1)  # each scoring card taken scores
_LAST2 = const(2)  # each of the last two tricks scores
_MAX = const(3)  # the most card-value points score a bonus

# The 12 deals of a half (seed "підрахунок очок"; sheet labels; reference section 2.7):
# (sheet label, English label, kind, points per unit, suit mask C D H S = bits 0-3, rank
# mask by deck rank 6 7 8 9 T J Q K A = bits 0-8, sheet ВОП). Deals 9 and 10 follow the
# sheet's single cards Q♠ and K♥ (A27); the half total is 244, the sheet's own column
# (the seed's 224 is a slip, A28).
CONTRACTS = (
    ("Усе", "All", _TRICKS, 1, 0, 0, 9),
    ("К і В", "K and J", _CARDS, 2, 0xF, 0xA0, 16),
    ("6", "sixes", _CARDS, 3, 0xF, 0x01, 12),
    ("черви", "hearts", _CARDS, 4, 0x4, 0x1FF, 36),
    ("10 і Т", "10 and A", _CARDS, 5, 0xF, 0x110, 40),
    ("В-К бубни", "J-K of diamonds", _CARDS, 6, 0x2, 0xE0, 18),
    ("Д", "queens", _CARDS, 7, 0xF, 0x40, 28),
    ("8", "eights", _CARDS, 8, 0xF, 0x04, 32),
    ("Д піки", "Q of spades", _CARDS, 9, 0x8, 0x40, 9),
    ("К черви", "K of hearts", _CARDS, 10, 0x4, 0x80, 10),
    ("2 посл.", "last two tricks", _LAST2, 11, 0, 0, 22),
    ("МАХ", "MAX", _MAX, 12, 0, 0, 12),
)
HALF_TOTAL = const(244)  # sum of the sheet's ВОП column (seed prints 224: A28)

# "Вартість карт в окулярах", by deck rank 6 7 8 9 T J Q K A: A 12, 10 10, K 5, Q 3, J 1.
CARD_VALUES = b"\x00\x00\x00\x00\x0a\x01\x03\x05\x0c"
FOUR_BONUS = const(10)  # "4 карти однієї масті дають ще 10 очок": once per suit with >= 4

# MAX ties (the seed names one player): every tied player scores, or nobody does.
MAX_TIE_ALL = const(0)
MAX_TIE_NONE = const(1)


# One row of the score sheet: deal ``number`` (1-24), ``dealer`` and first ``leader`` (the
# sheet's І Х/Р), ``tricks`` (КВП per seat), ``points`` (КОНІП per seat, signed),
# ``remaining`` (КВОП, tricks not played) and ``total`` (ВОП, the signed points the deal gave
# out: the sheet value, or 12 per tied player in MAX). (MicroPython namedtuples take no
# __doc__, hence comments.)
DealResult = namedtuple("DealResult", ("number", "dealer", "leader", "tricks", "points",
                                       "remaining", "total"))
# Totals of a half (deals 1-12 or 13-24): ``tricks`` ОКВП and ``points`` ОРПІ per seat,
# ``remaining`` КВОППІ, ``all_tricks`` ВВПІ = 396/V + 9.
Half = namedtuple("Half", ("tricks", "points", "remaining", "all_tricks"))


def contract(number):
    """The CONTRACTS entry of deal ``number`` (1-24); raises TrickrefError."""
    if not isinstance(number, int) or number < 1 or number > DEALS:
        raise TrickrefError("Magistr has deals 1..24, not %r" % (number,))
    return CONTRACTS[(number - 1) % HALF]


def is_all_deal(number):
    """True for the "Усе" deals (1 and 13), where 9 cards are dealt to each player."""
    return contract(number)[2] == _TRICKS


def sign(number):
    """-1 for deals 1-12 (negative half), +1 for 13-24."""
    contract(number)  # validates
    return -1 if number <= HALF else 1


def scores(number, card):
    """Points per card of deal ``number`` if ``card`` is one of its scoring cards, else 0
    (unsigned)."""
    c = contract(number)
    if c[2] != _CARDS:
        return 0
    if c[4] >> FRENCH36.suit(card) & 1 and c[5] >> FRENCH36.rank(card) & 1:
        return c[3]
    return 0


def max_points(cards):
    """Card-value points of ``cards`` taken (deal MAX): the table A12 10 10 K5 Q3 J1, plus
    10 for each suit with at least four cards among them (A36)."""
    total = 0
    counts = bytearray(4)
    for c in cards:
        total += CARD_VALUES[FRENCH36.rank(c)]
        counts[FRENCH36.suit(c)] += 1
    for n in counts:
        if n >= 4:
            total += FOUR_BONUS
    return total


def trick_rules(players, variant="own", trumps=None):
    """Bank rules for one puzzle trick (``trickref trick``): Magistr's options, seats not
    given a trump have none. ``trumps`` as :class:`core.games.bank.Rules` takes them.
    Raises TrickrefError unless 2..4 players."""
    if players not in (2, 3, 4):
        raise TrickrefError("a Magistr trick has 2..4 cards, not %r" % (players,))
    return bank.Rules(players, variant, trumps, partial=True)


class Game:
    """Magistr for ``players`` (2-4) with its rule options.

    ``variant`` / ``trumps``: the trump set chosen once for the game (bank.Rules; default
    own trumps, seat i -> C D H S). ``k_beats_a``, ``must_beat`` (beating optional in
    Magistr, A21), ``eight_lapse``, ``beat_all``: bank options (docs/rules/magistr.md).
    ``early_end``: deals 2-10 stop once every scoring card is taken (A30, default on).
    ``max_tie``: MAX_TIE_ALL (default) or MAX_TIE_NONE. Raises TrickrefError.
    """

    def __init__(self, players=4, variant="own", trumps=None, k_beats_a=False,
                 must_beat=False, eight_lapse=True, beat_all=False, early_end=True,
                 max_tie=MAX_TIE_ALL):
        if players not in (2, 3, 4):
            raise TrickrefError("Magistr is for 2..4 players, not %r" % (players,))
        if max_tie not in (MAX_TIE_ALL, MAX_TIE_NONE):
            raise TrickrefError("max_tie must be MAX_TIE_ALL or MAX_TIE_NONE, not %r"
                                % (max_tie,))
        self.deck = FRENCH36
        self.players = players
        self.rules = bank.Rules(players, variant, trumps, k_beats_a=k_beats_a,
                                must_beat=must_beat, eight_lapse=eight_lapse,
                                beat_all=beat_all)
        self.early_end = bool(early_end)
        self.max_tie = max_tie

    def hand_size(self, number):
        """Cards per player in deal ``number``: 9 in "Усе", else 36 / players."""
        return 9 if is_all_deal(number) else 36 // self.players

    def all_tricks(self):
        """ВВПІ, tricks in a half: 11 full deals of 36/V tricks plus 9 = 396/V + 9."""
        return 396 // self.players + 9

    def deal_cards(self, number, rng):
        """Shuffle with ``rng`` (a core.rng.Rng) and deal the hands of deal ``number``."""
        deck = rng.shuffle(list(range(36)))
        n = self.hand_size(number)
        return [deck[i * n:(i + 1) * n] for i in range(self.players)]

    def first_leader(self, number, dealer, hands):
        """Who leads deal ``number``: in deal 1 the holder of the lowest diamond, else (and
        when nobody holds one) the player on the dealer's left."""
        return bank.first_leader(number, dealer, hands, self.players)

    def new_deal(self, dealer, hands=None, number=1, leader=None):
        """Deal ``number`` (1-24) dealt by ``dealer``: a :class:`Deal`.

        ``hands``: one card list per seat (hand_size cards each, distinct) or None when
        cards are seen only as they are played. ``leader``: the first leader; computed when
        hands are known (a different value raises IllegalPlay WRONG_LEADER); without it deal 1
        with unknown hands waits for ``lead(seat)`` (checked when the deal is over). Raises
        BadRecord on bad hands, TrickrefError on a bad number or seat.
        """
        return Deal(self, number, dealer, hands, leader)


class Deal(bank.BankDeal):
    """One Magistr deal. Verbs ``lead(seat)`` (deal 1, hands unknown: the holder of the
    lowest diamond, named before the first card), ``play(seat, card)``; queries ``current_seat()``,
    ``check_play``, ``legal``, ``legal_cards``, ``is_over()``, ``result()``.

    The bank machinery (tricks, first leader, evidence of revokes) is ``bank.BankDeal``.
    """

    GAME = "magistr"  # the game this deal belongs to (host_sim's players read it)
    VERBS = tuple(["lead", "play"])  # checked by core.referee; lead: bank.BankDeal

    def __init__(self, game, number, dealer, hands, leader):
        n = game.players
        self.game = game
        self.contract = contract(number)
        if not isinstance(dealer, int) or dealer < 0 or dealer >= n:
            raise TrickrefError("dealer must be a seat 0..%d, not %r" % (n - 1, dealer))
        if hands is not None:
            size = game.hand_size(number)
            if len(hands) != n or any(len(h) != size for h in hands):
                raise BadRecord("deal %d needs %d hands of %d cards" % (number, n, size))
            tricks.check_distinct(FRENCH36, [c for h in hands for c in h])
        self.start_bank(game, number, dealer, hands, leader)
        self.sign = sign(number)
        self.n_tricks = game.hand_size(number)
        self.phase = PHASE_PLAY
        self.values = [[] for _ in range(n)]  # MAX: cards taken per seat
        self.scoring_total = 0
        for c in range(36):
            if scores(number, c):
                self.scoring_total += 1
        self.scoring_taken = 0
        self.max_winners = ()

    # --- queries ---

    def current_seat(self):
        """The seat to play now, or -1 when the deal is over or waits for its first
        leader (``lead``)."""
        return self.to_play() if self.phase == PHASE_PLAY and self.first >= 0 else -1

    def is_over(self):
        """True once the deal is finished (all tricks, or every scoring card taken)."""
        return self.phase == PHASE_OVER

    def check_play(self, seat, card):
        """Raise IllegalPlay unless ``seat`` may lay ``card`` now: turn, card not out, in
        hand (known hands), and the bank's rules (bank.Trick.check: eights need a void in
        the main suit, else follow the main suit, else the led rank)."""
        if self.phase != PHASE_PLAY:
            raise IllegalPlay(DEAL_OVER, "deal %d is over" % self.number)
        self.check_bank(seat, card)

    # --- the one verb ---

    def play(self, seat, card):
        """Lay ``card`` from ``seat``; returns events: CardPlayed, RevokeFound (unknown
        hands, proven by this card), then TrickTaken and DealOver or Turn."""
        self.check_play(seat, card)
        events = self.lay(seat, card)
        if not self.trick_complete():
            events.append(Turn(self.to_play()))
            return events
        return events + self._close()

    # --- hooks of tricks.TrickDeal ---

    def points_of(self, card):
        """Signed points ``card`` scores in this deal (card-scoring deals only)."""
        return self.sign * scores(self.number, card)

    def _close(self):
        kind = self.contract[2]
        index = self.tricks_done
        tt = self.close_trick()
        extra = 0
        if kind == _TRICKS or (kind == _LAST2 and index >= self.n_tricks - 2):
            extra = self.sign * self.contract[3]
        if extra:
            self.taken_points[tt.seat] += extra
            tt = TrickTaken(tt.seat, tt.cards, tt.points + extra, tt.reason)
        for c in tt.cards:
            if scores(self.number, c):
                self.scoring_taken += 1
            if kind == _MAX:
                self.values[tt.seat].append(c)
        self.bank = None
        events = [tt]
        if self.tricks_done == self.n_tricks or (
                self.game.early_end and kind == _CARDS
                and self.scoring_taken == self.scoring_total):
            events.extend(self._finish())
        else:
            events.append(Turn(self.leader))
        return events

    def _finish(self):
        self.phase = PHASE_OVER
        events = []
        if self.contract[2] == _MAX:
            pts = [max_points(v) for v in self.values]
            best = max(pts)
            winners = tuple(s for s in range(self.players) if pts[s] == best)
            if len(winners) == 1 or self.game.max_tie == MAX_TIE_ALL:
                self.max_winners = winners
                for s in winners:
                    self.taken_points[s] += self.sign * self.contract[3]
        if self.number == 1 and self.initial_hands is None:
            events.extend(self.first_leader_revokes())
        events.append(DealOver(self.result()))
        return events

    def result(self):
        """The deal's :class:`DealResult` (a sheet row); IllegalPlay WRONG_PHASE before the
        end."""
        if self.phase != PHASE_OVER:
            raise IllegalPlay(WRONG_PHASE, "deal %d is not over" % self.number)
        if self.contract[2] == _MAX:
            total = self.sign * self.contract[3] * len(self.max_winners)
        else:
            total = self.sign * self.contract[6]
        return DealResult(self.number, self.dealer, self.first, tuple(self.taken_tricks),
                          tuple(self.taken_points), self.n_tricks - self.tricks_done, total)


class Match:
    """A game of 24 deals and its score sheet (seed "Таблиця для запису результатів гри").

    ``Match(game, first_dealer)``; ``new_deal(hands=None, leader=None)`` starts the next
    deal with the right number and dealer; ``record(result)`` adds its row and checks every
    control sum that can be checked so far (raises BadRecord listing the failures). Sheet
    values: ``half(h)`` (ОКВП, ОРПІ, КВОППІ, ВВПІ), ``totals()`` (ЗДІ, ГРВІ, КВВІ),
    ``places()`` (МЗІ), ``rating_permille(seat)``.
    """

    def __init__(self, game, first_dealer=0):
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < game.players:
            raise TrickrefError("first dealer must be a seat, not %r" % (first_dealer,))
        self.game = game
        self.first_dealer = first_dealer  # "Перший здавач визначається за жеребом"
        self.rows = []

    def number(self):
        """Number of the next deal (1-24), 25 when the game is over."""
        return len(self.rows) + 1

    def is_over(self):
        """True after deal 24."""
        return len(self.rows) == DEALS

    def next_dealer(self):
        """The first dealer, then the player who led the previous deal."""
        return self.rows[-1].leader if self.rows else self.first_dealer

    def new_deal(self, hands=None, leader=None):
        """The next :class:`Deal` of this game; IllegalPlay DEAL_OVER after deal 24."""
        if self.is_over():
            raise IllegalPlay(DEAL_OVER, "the game's 24 deals are played")
        return self.game.new_deal(self.next_dealer(), hands, self.number(), leader)

    def record(self, result):
        """Add ``result`` (the next deal's DealResult) and check the control sums; returns
        the list of checks ``(name, got, expected)``. Raises BadRecord on a wrong deal
        number or a failed control sum (nothing is recorded then)."""
        if result.number != self.number():
            raise BadRecord("deal %d recorded, the sheet expects deal %d"
                            % (result.number, self.number()))
        self.rows.append(result)
        checks = self.control_sums()
        bad = [c for c in checks if c[1] != c[2]]
        if bad:
            self.rows.pop()
            raise BadRecord("control sums fail: " + "; ".join(
                "%s = %d, expected %d" % b for b in bad))
        return checks

    def half(self, h):
        """:class:`Half` totals of half ``h`` (0: deals 1-12, 1: 13-24) as recorded so far."""
        n = self.game.players
        t = [0] * n
        p = [0] * n
        rem = 0
        for row in self.rows[h * HALF:(h + 1) * HALF]:
            for s in range(n):
                t[s] += row.tricks[s]
                p[s] += row.points[s]
            rem += row.remaining
        return Half(tuple(t), tuple(p), rem, self.game.all_tricks())

    def totals(self):
        """(ЗДІ per seat, ГРВІ per seat, КВВІ): tricks and result of the whole game, and
        the tricks nobody took (the seed's formula 2·ВВПІ − ΣОКВП; A31, A32)."""
        a = self.half(0)
        b = self.half(1)
        n = self.game.players
        zdi = tuple(a.tricks[s] + b.tricks[s] for s in range(n))
        grvi = tuple(a.points[s] + b.points[s] for s in range(n))  # "або" read as "+"
        kvvi = 2 * a.all_tricks - (sum(a.tricks) + sum(b.tricks))
        return zdi, grvi, kvvi

    def control_sums(self):
        """Every control sum checkable on the rows so far: ``[(name, got, expected)]``.

        Per deal: ΣКВП + КВОП = tricks of the deal (36/V, 9 in "Усе": A29) and ΣКОНІП =
        ВОП. Per finished half: ΣОКВП + КВОППІ = ВВПІ = 396/V + 9 and ΣОРПІ = ΣВОП. At the
        end: КВВІ = КВОППІ(1-12) + КВОППІ(13-24), ΣЗДІ = ΣКВП, ΣГРВІ = ΣВОП.
        """
        g = self.game
        out = []
        for row in self.rows:
            out.append(("КВП+КВОП %d" % row.number, sum(row.tricks) + row.remaining,
                        g.hand_size(row.number)))
            out.append(("КОНІП=ВОП %d" % row.number, sum(row.points), row.total))
            out.append(("КВОП>=0 %d" % row.number, min(row.remaining, 0), 0))
        for h in (0, 1):
            if len(self.rows) >= (h + 1) * HALF:
                half = self.half(h)
                name = "1-12" if h == 0 else "13-24"
                out.append(("ОКВП+КВОППІ=ВВПІ " + name, sum(half.tricks) + half.remaining,
                            half.all_tricks))
                out.append(("ОРПІ=ВОП " + name, sum(half.points),
                            sum(r.total for r in self.rows[h * HALF:(h + 1) * HALF])))
        if self.is_over():
            zdi, grvi, kvvi = self.totals()
            out.append(("КВВІ", kvvi, self.half(0).remaining + self.half(1).remaining))
            out.append(("ЗДІ", sum(zdi), sum(sum(r.tricks) for r in self.rows)))
            out.append(("ГРВІ", sum(grvi), sum(r.total for r in self.rows)))
        return out

    def places(self):
        """МЗІ: place of each seat by ГРВІ (1 = best; equal results share the place)."""
        grvi = self.totals()[1]
        return tuple(1 + sum(1 for o in grvi if o > g) for g in grvi)

    def rating_permille(self, seat):
        """Rating of ``seat`` in tenths of a percent: 500 + 500·ГРВІ / 244 (0 = every point
        lost, 1000 = every point won; A33: the seed's formula is unbalanced and can divide
        by zero, its stated meaning is this one, with 244 for its 224)."""
        grvi = self.totals()[1][seat]
        return rating_permille(grvi)


def rating_permille(grvi, games=1):
    """Rating of a total ГРВІ over ``games`` games in tenths of a percent (integer, floor):
    500 + 500·ГРВІ / (244·games); the overall rating sums ГРВІ over all games."""
    return 500 + (500 * grvi) // (HALF_TOTAL * games)

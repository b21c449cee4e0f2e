"""Zhopa (жопа): 4-card hands, bids, points, and the bank counter to six, 2-6 players.

Source: seed ``001_*.txt`` (header, "Правила гри", the beating table and "Загальні
правила", "приклад гри" (23 examples), "підрахунок очок", "підрахунок рейтингу"); English
restatement and ambiguities A37-A43 in ``docs/analysis/magistr_zhopa.md`` sections 2.2,
2.8 and 3. Tricks are resolved by the beating system shared with Magistr
(``core.games.bank``); Zhopa only sets its options. Readings taken: ``docs/rules/zhopa.md``.

Two kinds of "bank" (A42): the *bank* in play is the trick pile (``bank.Trick``); the
*banks* of the score are a counter per player ("У кожного гравця на початку гри по 3
банки"), called ``banks`` here.

Phases of a deal::

    BID  --bid x players-->  PLAY --play--> PLAY | OVER (every hand played out)

Deal: 4 cards each ("здавач роздає кожному гравцеві по 4 карти"); the rest is the stock.
With ``stock=STOCK_REFILL`` (default) after each trick every player draws one card, the
taker first, while the stock holds a card for everybody ("Протягом всієї гри у всіх
гравців на руках має бути однакова кількість карт"); with 5 players the last stock card
stays out of play. ``STOCK_NONE``: the four cards are played out and the stock stays out.

Bids: each player, from the dealer's left, says whether he "goes" ("набере він на 24 очка
менше, ніж зазвичай чи ні"). Went: target reached sheds a bank, missed adds one. Did not
go: the higher target reached sheds a bank, missed changes nothing.

Match: 3 banks each; after each deal the game ends when a player has shed all his banks
(winners) or has six (loser; winner: fewest banks), except that when everybody stands at the
same count of six or more play goes on until the counts differ.
"""

from collections import namedtuple

from core import tricks
from core.cards import FRENCH36
from core.compat import const
from core.errors import BadRecord, IllegalPlay, TrickrefError
from core.events import (DEAL_OVER, NOT_YOUR_TURN, WRONG_PHASE, DealOver, RevokeFound,
                         TrickTaken, Turn)
from core.games import bank

PHASE_BID = const(1)
PHASE_PLAY = const(2)
PHASE_OVER = const(3)

HAND = const(4)  # "по 4 карти"
START_BANKS = const(3)  # "по 3 банки"
LOSE_BANKS = const(6)  # "Якщо хоч один гравець набере 6 банок"

# Stock readings (the seed says nothing of a stock, A37).
STOCK_REFILL = const(0)  # draw back to 4 after each trick, taker first, all or nobody
STOCK_NONE = const(1)  # play the 4 cards out; the rest of the deck stays out
STOCK_NAMES = tuple(["refill", "none"])

# The four-cards-of-a-suit bonus ("4 карти однієї масті дають ще 10 очок").
FOUR_ONCE = const(0)  # once per suit with at least 4 captured cards
FOUR_EACH = const(1)  # once per 4 captured cards of a suit (8 of a suit: twice)
FOUR_OFF = const(2)  # no bonus
FOUR_NAMES = tuple(["once", "each", "off"])

# Targets (go, no) for 2..6 players ("Для того, щоб скинути одну банку ..."). The seed
# prints 128 as the 6-player "no" target; its own rule "24 lower" and both columns' step
# of 12 per player give 116, which is the default (option ``targets`` plays 128).
TARGETS = ((44, 68), (56, 80), (68, 92), (80, 104), (92, 116))
SEED_NO_TARGET_6 = const(128)

# "підрахунок очок", by deck rank 6 7 8 9 T J Q K A: 6 -1, 7 0, 8 16, 9 0, 10 10, J 1,
# Q 3, K 5, A 12 (184 in the deck). A tuple: a byte table holds no -1.
VALUES = (-1, 0, 16, 0, 10, 1, 3, 5, 12)
QK_POINTS = const(25)  # "25 очок - дама і король"
JQ_POINTS = const(15)  # "15 очок - валет і дама"
FOUR_POINTS = const(10)
_RJ = const(5)
_RQ = const(6)
_RK = const(7)

_DIAMOND_SIX = const(9)  # FRENCH36: suit D = 1, rank 6 = 0 -> 1 * 9 + 0 = 9

# Events of this game (the shared ones are in core.events).
Bid = namedtuple("Bid", ("seat", "go"))  # ``seat`` said "go" (True) or not
# After a trick: ``seats`` draw one card each, in this order; ``left`` cards stay in stock.
Draw = namedtuple("Draw", ("seats", "left"))
# After Match.record: the banks of every seat and this deal's change per seat (-1, 0, +1).
BanksChanged = namedtuple("BanksChanged", ("banks", "changes"))
# The game is over: ``winners`` and ``losers`` (seat tuples), the final ``banks``.
GameOver = namedtuple("GameOver", ("winners", "losers", "banks"))

# One deal: ``number`` (1, 2, ...), ``dealer``, first ``leader``; per seat ``bids`` (1 went,
# 0 not), ``points`` scored, ``targets`` that applied, ``changes`` of banks (-1 shed, +1
# taken, 0), ``tricks`` taken (None when entered by hand); ``left``: cards never drawn
# (the 5-player leftover; STOCK_NONE: the whole stock). (MicroPython namedtuples take no __doc__, hence comments.)
DealResult = namedtuple("DealResult", ("number", "dealer", "leader", "bids", "points",
                                       "targets", "changes", "tricks", "left"))
# The rating's quantities for one seat (seed "підрахунок рейтингу"): СКНЗУ ``points``,
# КСБ ``shed``, КНБ ``taken``, КСПВІ ``deals``, НКОКННІ ``needed`` (sum of its targets).
Stats = namedtuple("Stats", ("points", "shed", "taken", "deals", "needed"))


def trick_rules(players, variant="own", trumps=None):
    """Bank rules for one puzzle trick (``trickref trick --game zhopa``): Zhopa's options,
    seats not given a trump have none. Raises TrickrefError unless 2..6 players."""
    if players not in (2, 3, 4, 5, 6):
        raise TrickrefError("a Zhopa trick has 2..6 cards, not %r" % (players,))
    return bank.Rules(players, variant, trumps, partial=True,
                      must_beat=bank.MUST_BEAT_TABLE, rank_discard=True)


def game_end(banks):
    """``(over, winners, losers)`` for the bank counts ``banks`` after a deal.

    Seed: "Якщо хоч один гравець набере 6 банок, то цей гравець вважається переможеним і гра
    вважається закінченою. В цьому випадку переможцем стає той гравець, у якого мінімальна
    кількість банок. Гравці, які відіграли всі свої банки, вважаються переможцями. ... При
    одночасному наборі усіма гравцями шести банок гра триває до першого скидання і набору
    одним або декількома гравцями однієї банки." Over when a seat has 0 banks (winners: the
    seats at 0), or a seat has 6+ and not every seat has that same count (winners: fewest
    banks); losers: the seats at 6 or more that did not win. Ties share.
    """
    lo = min(banks)
    hi = max(banks)
    if not (lo <= 0 or (hi >= LOSE_BANKS and lo < hi)):
        return False, (), ()
    winners = tuple(s for s in range(len(banks)) if banks[s] == lo)
    losers = tuple(s for s in range(len(banks)) if banks[s] >= LOSE_BANKS and banks[s] != lo)
    return True, winners, losers


def rating_permille(points, shed, taken, deals, needed):
    """Rating in tenths of a percent (integer, floor), the seed's formula as printed:
    ((СКНЗУ * (КСБ - КНБ)) / (КСПВІ * НКОКННІ)) + 50%. Pass one game's :class:`Stats`
    fields, or their sums over this and earlier games for the overall rating ("S ... All").
    Not bounded to 0..1000 (see docs/rules/zhopa.md). Raises TrickrefError before any deal.
    """
    if deals <= 0 or needed <= 0:
        raise TrickrefError("no rating before a deal is played (deals %r, needed %r)"
                            % (deals, needed))
    return 500 + (1000 * points * (shed - taken)) // (deals * needed)


class Game:
    """Zhopa for ``players`` (2-6) with its rule options (docs/rules/zhopa.md).

    ``variant`` / ``trumps``: the trump set for the whole game (bank.Rules; own trumps
    default to seat i -> C D H S for up to 4 players; with 5-6 give ``trumps``, seats
    without a suit get None, or choose a common variant). ``stock``: STOCK_REFILL (default)
    or STOCK_NONE. ``targets``: None (the table, 6 players "no" 116) or a (go, no) pair
    such as (92, SEED_NO_TARGET_6). ``must_beat``: bank.MUST_BEAT_TABLE (default) or True
    (any claim must be laid). ``rank_discard`` (default on), ``k_beats_a``,
    ``eight_lapse``, ``beat_all``: bank options. Points (A41): ``pairs_add`` (pairs on top
    of the card values, default; False: a pair's value replaces its cards'),
    ``pairs_same_suit`` (default; False: any Q with any K / J), ``queen_twice`` (one Q in a
    Q+K and a J+Q pair, default; False: only in the better), ``four_bonus`` FOUR_ONCE
    (default), FOUR_EACH, FOUR_OFF. Raises TrickrefError naming the bad value.
    """

    def __init__(self, players=4, variant="own", trumps=None, stock=STOCK_REFILL,
                 targets=None, must_beat=bank.MUST_BEAT_TABLE, rank_discard=True,
                 k_beats_a=False, eight_lapse=True, beat_all=False, pairs_add=True,
                 pairs_same_suit=True, queen_twice=True, four_bonus=FOUR_ONCE):
        if players not in (2, 3, 4, 5, 6):
            raise TrickrefError("Zhopa is for 2..6 players, not %r" % (players,))
        if stock not in (STOCK_REFILL, STOCK_NONE):
            raise TrickrefError("stock must be STOCK_REFILL or STOCK_NONE, not %r" % (stock,))
        if four_bonus not in (FOUR_ONCE, FOUR_EACH, FOUR_OFF):
            raise TrickrefError("four_bonus must be FOUR_ONCE, FOUR_EACH or FOUR_OFF, not %r"
                                % (four_bonus,))
        if targets is None:
            targets = TARGETS[players - 2]
        elif (not isinstance(targets, (tuple, list)) or len(targets) != 2
              or not all(isinstance(t, int) and t > 0 for t in targets)):
            raise TrickrefError("targets must be a (go, no) pair of points, not %r"
                                % (targets,))
        self.deck = FRENCH36
        self.players = players
        self.rules = bank.Rules(players, variant, trumps, k_beats_a=k_beats_a,
                                must_beat=must_beat, rank_discard=rank_discard,
                                eight_lapse=eight_lapse, beat_all=beat_all)
        self.stock = stock
        self.targets = (targets[0], targets[1])
        self.pairs_add = bool(pairs_add)
        self.pairs_same_suit = bool(pairs_same_suit)
        self.queen_twice = bool(queen_twice)
        self.four_bonus = four_bonus

    # --- static facts ---

    def stock_size(self):
        """Cards left after the deal: 36 - 4 * players."""
        return 36 - HAND * self.players

    def n_tricks(self):
        """Tricks in a deal: 4, plus one per full round of draws with STOCK_REFILL
        (18 / 12 / 9 / 7 / 6 for 2..6 players)."""
        if self.stock == STOCK_NONE:
            return HAND
        return HAND + self.stock_size() // self.players

    def target(self, go):
        """Points needed to shed a bank: the "go" target when ``go``, else the "no" one."""
        return self.targets[0] if go else self.targets[1]

    def change(self, go, points):
        """Banks change of a seat that bid ``go`` and scored ``points``: -1 shed (target
        reached), +1 taken (went and missed), 0 (did not go and missed)."""
        if points >= self.target(go):
            return -1
        return 1 if go else 0

    # --- points for captured cards ---

    def score_masks(self, masks, base=0):
        """Points of captured cards given as 4 rank masks (bit r: deck rank r of suit
        ``base // 4`` ... taken), ``masks[base:base + 4]``: card values, the Q+K and J+Q
        pairs and the four-of-a-suit bonus under this game's options (A41)."""
        total = 0
        qk = jq = used = nq = nk = nj = 0
        twice = self.queen_twice
        for i in range(base, base + 4):
            m = masks[i]
            n = 0
            for r in range(9):
                if m >> r & 1:
                    total += VALUES[r]
                    n += 1
            if self.four_bonus == FOUR_ONCE:
                if n >= 4:
                    total += FOUR_POINTS
            elif self.four_bonus == FOUR_EACH:
                total += FOUR_POINTS * (n // 4)
            q = m >> _RQ & 1
            k = m >> _RK & 1
            j = m >> _RJ & 1
            if self.pairs_same_suit:
                a = q & k
                b = j & q & (1 if twice else 1 - a)
                qk += a
                jq += b
                used += (a | b) if twice else a + b
            else:
                nq += q
                nk += k
                nj += j
        if not self.pairs_same_suit:
            qk = min(nq, nk)
            jq = min(nj, nq if twice else nq - qk)
            used = max(qk, jq) if twice else qk + jq
        total += QK_POINTS * qk + JQ_POINTS * jq
        if not self.pairs_add:  # the pair's value stands for its cards' values
            total -= VALUES[_RK] * qk + VALUES[_RJ] * jq + VALUES[_RQ] * used
        return total

    def points(self, cards):
        """Points of the captured ``cards`` (card numbers): see :meth:`score_masks`."""
        masks = [0, 0, 0, 0]
        for c in cards:
            masks[FRENCH36.suit(c)] |= 1 << FRENCH36.rank(c)
        return self.score_masks(masks)

    # --- dealing ---

    def deal_cards(self, rng):
        """Shuffle with ``rng`` (core.rng.Rng): ``(hands, stock)``, 4 cards per seat and the
        rest in draw order (top first)."""
        deck = rng.shuffle(list(range(36)))
        n = HAND * self.players
        return [deck[i:i + HAND] for i in range(0, n, HAND)], deck[n:]

    def first_leader(self, number, dealer, hands):
        """Who leads deal ``number``: in deal 1 the holder of the lowest diamond, else (and
        when nobody holds one) the player on the dealer's left ("Перший хід в першій партії
        належить гравцеві, у якого є карта мінімального значення бубновою масті")."""
        return bank.first_leader(number, dealer, hands, self.players)

    def new_deal(self, dealer, hands=None, number=1, leader=None, stock=None):
        """Deal ``number`` (1, 2, ...) dealt by ``dealer``: a :class:`Deal` in its bidding.

        ``hands``: 4 distinct cards per seat, or None when cards are seen only as they are
        played. ``stock``: with known hands, the other 36 - 4n cards in draw order (required
        with STOCK_REFILL; with STOCK_NONE they stay out of play); None with unknown hands. ``leader``: as in Magistr, computed with known hands (a
        different value raises IllegalPlay WRONG_LEADER); without it deal 1 with unknown
        hands waits for ``lead(seat)`` before its bids. Raises BadRecord on bad hands or stock,
        TrickrefError on a bad seat/number.
        """
        return Deal(self, number, dealer, hands, leader, stock)

    def result_of(self, number, dealer, leader, bids, points, tricks=None, left=0):
        """A :class:`DealResult` from a deal scored by hand (a table without the device):
        targets and bank changes follow from ``bids`` and ``points``. Raises BadRecord."""
        n = self.players
        if len(bids) != n or len(points) != n:
            raise BadRecord("one bid and one score per seat (%d seats)" % n)
        for b in bids:
            if b not in (0, 1):
                raise BadRecord("a bid is 1 (go) or 0, not %r" % (b,))
        for p in points:
            if not isinstance(p, int):
                raise BadRecord("points are integers, not %r" % (p,))
        return DealResult(number, dealer, leader, tuple(int(b) for b in bids), tuple(points),
                          tuple(self.target(b) for b in bids),
                          tuple(self.change(bids[s], points[s]) for s in range(n)),
                          tuple(tricks) if tricks is not None else None, left)


class Deal(bank.BankDeal):
    """One Zhopa deal. Verbs ``lead(seat)`` (deal 1, hands unknown: the holder of the
    lowest diamond, named first), ``bid(seat, go)``, then ``play(seat, card)``; queries
    ``current_seat()``, ``check_bid``, ``check_play``, ``legal``, ``legal_cards``,
    ``stock_left()``, ``is_over()``, ``result()``.

    The bank machinery (tricks, first leader, evidence of revokes) is ``bank.BankDeal``,
    shared with Magistr.
    """

    GAME = "zhopa"  # the game this deal belongs to (host_sim's players read it)
    VERBS = tuple(["lead", "bid", "play"])  # checked by core.referee; lead: bank.BankDeal

    def __init__(self, game, number, dealer, hands, leader, stock):
        n = game.players
        self.game = game
        if not isinstance(number, int) or number < 1:
            raise TrickrefError("deals are numbered 1, 2, ..., not %r" % (number,))
        if not isinstance(dealer, int) or dealer < 0 or dealer >= n:
            raise TrickrefError("dealer must be a seat 0..%d, not %r" % (n - 1, dealer))
        refill = game.stock == STOCK_REFILL
        if hands is not None:
            if len(hands) != n or any(len(h) != HAND for h in hands):
                raise BadRecord("Zhopa needs %d hands of 4 cards" % n)
            dealt = [c for h in hands for c in h]
            if (refill and stock is None) or (stock is not None
                                              and len(stock) != game.stock_size()):
                raise BadRecord("known hands need the stock: %d cards in draw order"
                                % game.stock_size())
            if stock is not None:
                dealt += list(stock)
            tricks.check_distinct(FRENCH36, dealt)
        elif stock is not None:
            raise BadRecord("a stock order goes with known hands only")
        self.start_bank(game, number, dealer, hands, leader)
        self.n_tricks = game.n_tricks()
        self.stock = list(stock) if stock is not None else None
        self.stock_count = game.stock_size()
        self.refill = refill
        self.phase = PHASE_BID
        self.bidder = (dealer + 1) % n  # bids from the dealer's left (A39)
        self.bids = bytearray(n)
        self.masks = [0] * (4 * n)  # captured cards: rank bits per seat and suit

    # --- queries ---

    def current_seat(self):
        """The seat to bid or play now, or -1 when the deal is over or waits for its
        first leader (``lead``)."""
        if self.first < 0:  # deal 1 waits for its leader (bank.BankDeal.lead)
            return -1
        if self.phase == PHASE_BID:
            return self.bidder
        return self.to_play() if self.phase == PHASE_PLAY else -1

    def is_over(self):
        """True once every hand is played out."""
        return self.phase == PHASE_OVER

    def stock_left(self):
        """Cards still in the stock (with STOCK_NONE: the cards not dealt)."""
        return self.stock_count

    # --- PHASE_BID ---

    def check_bid(self, seat, go):
        """Raise IllegalPlay (WRONG_PHASE, NOT_YOUR_TURN) unless ``seat`` bids now;
        TrickrefError unless ``go`` is True/False."""
        if self.phase != PHASE_BID:
            raise IllegalPlay(WRONG_PHASE, "the bids of deal %d are made" % self.number)
        self.check_leader_known()
        if seat != self.bidder:
            raise IllegalPlay(NOT_YOUR_TURN, "P%d bids now, not %s" % (
                self.bidder + 1, "P%d" % (seat + 1) if isinstance(seat, int) else repr(seat)))
        if go not in (True, False):
            raise TrickrefError("a bid is True (go) or False, not %r" % (go,))

    def bid(self, seat, go):
        """``seat`` says whether he goes (target 24 lower). Returns [Bid, Turn]."""
        self.check_bid(seat, go)
        self.bids[seat] = 1 if go else 0
        events = [Bid(seat, bool(go))]
        self.bidder = (seat + 1) % self.players
        if self.bidder == (self.dealer + 1) % self.players:
            self.phase = PHASE_PLAY
            events.append(Turn(self.leader))
        else:
            events.append(Turn(self.bidder))
        return events

    # --- PHASE_PLAY ---

    def check_play(self, seat, card):
        """Raise IllegalPlay unless ``seat`` may lay ``card`` now: phase, turn, card not out,
        in hand (known hands), and the bank's rules (bank.Trick.check: beat when able, else
        one lower or the same rank may be laid, else follow the main suit, else the led
        rank; eights need a void in the main suit)."""
        if self.phase != PHASE_PLAY:
            if self.phase == PHASE_BID:
                raise IllegalPlay(WRONG_PHASE, "bids first: P%d says go or not"
                                  % (self.bidder + 1))
            raise IllegalPlay(DEAL_OVER, "deal %d is over" % self.number)
        self.check_bank(seat, card)

    def play(self, seat, card):
        """Lay ``card`` from ``seat``; returns events: CardPlayed, RevokeFound (unknown
        hands, proven by this card), then TrickTaken, Draw, and DealOver or Turn."""
        self.check_play(seat, card)
        events = self.lay(seat, card)
        if (card == _DIAMOND_SIX and seat != self.first and self.number == 1
                and self.tricks_done == 0 and self.initial_hands is None
                and self.game.stock == STOCK_REFILL):
            # Trick 1 shows dealt cards only (later ones may be drawn): whoever lays 6♦
            # there held the lowest diamond. STOCK_NONE checks every hand at the end.
            events.append(RevokeFound(seat, card, 0, bank.WRONG_LEADER,
                                      "P%d held 6♦ and should have led, not P%d"
                                      % (seat + 1, self.first + 1)))
        if not self.trick_complete():
            events.append(Turn(self.to_play()))
            return events
        return events + self._close()

    # --- hooks of tricks.TrickDeal ---

    def points_of(self, card):
        """0: a trick's points are the change of its taker's score (pairs, bonus)."""
        return 0

    def _close(self):
        tt = self.close_trick()
        s = tt.seat
        base = 4 * s
        before = self.game.score_masks(self.masks, base)
        for c in tt.cards:
            self.masks[base + FRENCH36.suit(c)] |= 1 << FRENCH36.rank(c)
        gain = self.game.score_masks(self.masks, base) - before
        self.taken_points[s] += gain
        events = [TrickTaken(s, tt.cards, gain, tt.reason)]
        self.bank = None
        n = self.players
        if self.refill and self.stock_count >= n:  # everybody draws or nobody: equal hands
            order = tuple((s + i) % n for i in range(n))  # "taker first"
            for seat in order:
                self.stock_count -= 1
                if self.stock is not None:
                    self.hands[seat].append(self.stock.pop(0))
                if self.evidence is not None:
                    self.evidence.draw(seat)
            events.append(Draw(order, self.stock_count))
        if self.tricks_done == self.n_tricks:
            events.extend(self._finish())
        else:
            events.append(Turn(self.leader))
        return events

    def _finish(self):
        self.phase = PHASE_OVER
        events = []
        if self.number == 1 and self.initial_hands is None and self.game.stock == STOCK_NONE:
            events.extend(self.first_leader_revokes())
        events.append(DealOver(self.result()))
        return events

    def result(self):
        """The deal's :class:`DealResult`; IllegalPlay WRONG_PHASE before the end."""
        if self.phase != PHASE_OVER:
            raise IllegalPlay(WRONG_PHASE, "deal %d is not over" % self.number)
        return self.game.result_of(self.number, self.dealer, self.first, self.bids,
                                   self.taken_points, self.taken_tricks, self.stock_count)


class Match:
    """A game of Zhopa: deals until the banks end it, and the rating's figures.

    ``Match(game, first_dealer)``; ``new_deal(hands=None, leader=None, stock=None)``
    starts the next deal with its number and dealer (the player who led the deal before,
    "далі сдатчиком стає той, хто починав партію"); ``record(result)`` checks the
    DealResult (BadRecord, nothing recorded) and moves the banks, returning
    [BanksChanged] or [BanksChanged, GameOver]. ``banks``, ``is_over()``, ``winners()``,
    ``losers()``, ``stats(seat)``, ``rating_permille(seat)``.
    """

    def __init__(self, game, first_dealer=0):
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < game.players:
            raise TrickrefError("first dealer must be a seat, not %r" % (first_dealer,))
        n = game.players
        self.game = game
        self.first_dealer = first_dealer  # "Перший здавач визначається за жеребом"
        self.banks = [START_BANKS] * n
        self.rows = []
        self._end = (False, (), ())
        self._totals = [[0] * 4 for _ in range(n)]  # points, shed, taken, needed

    def number(self):
        """Number of the next deal."""
        return len(self.rows) + 1

    def is_over(self):
        """True once the banks ended the game (:func:`game_end`)."""
        return self._end[0]

    def winners(self):
        """Winning seats (empty while the game goes on)."""
        return self._end[1]

    def losers(self):
        """Losing seats: at six banks or more and not winners."""
        return self._end[2]

    def next_dealer(self):
        """The first dealer, then the player who led the previous deal."""
        return self.rows[-1].leader if self.rows else self.first_dealer

    def new_deal(self, hands=None, leader=None, stock=None):
        """The next :class:`Deal`; IllegalPlay DEAL_OVER once the game is over."""
        if self.is_over():
            raise IllegalPlay(DEAL_OVER, "the game is over")
        return self.game.new_deal(self.next_dealer(), hands, self.number(), leader, stock)

    def _check(self, r):
        g = self.game
        n = g.players
        if self.is_over():
            return "the game is over"
        if r.number != self.number():
            return "deal %r recorded, the game expects deal %d" % (r.number, self.number())
        if r.dealer != self.next_dealer():
            return "deal %d is dealt by seat %d, not %r" % (r.number, self.next_dealer(),
                                                           r.dealer)
        if r.number > 1 and r.leader != (r.dealer + 1) % n:
            return "deal %d is led from the dealer's left, not by %r" % (r.number, r.leader)
        if not isinstance(r.leader, int) or not 0 <= r.leader < n:
            return "leader %r is not a seat" % (r.leader,)
        try:
            want = g.result_of(r.number, r.dealer, r.leader, r.bids, r.points, r.tricks,
                               r.left)
        except (TypeError, BadRecord) as e:
            return str(e)
        if r.targets != want.targets:
            return "targets %r, the bids give %r" % (r.targets, want.targets)
        if r.changes != want.changes:
            return "bank changes %r, the rules give %r" % (r.changes, want.changes)
        return None

    def record(self, result):
        """Add ``result`` and move the banks; returns events. Raises BadRecord (with the
        reason; nothing recorded) on a wrong number, dealer, leader, target or change."""
        bad = self._check(result)
        if bad is not None:
            raise BadRecord(bad)
        self.rows.append(result)
        for s in range(self.game.players):
            c = result.changes[s]
            self.banks[s] += c
            t = self._totals[s]
            t[0] += result.points[s]
            if c < 0:
                t[1] += 1
            elif c > 0:
                t[2] += 1
            t[3] += result.targets[s]
        events = [BanksChanged(tuple(self.banks), result.changes)]
        self._end = game_end(self.banks)
        if self._end[0]:
            events.append(GameOver(self._end[1], self._end[2], tuple(self.banks)))
        return events

    def stats(self, seat):
        """:class:`Stats` of ``seat`` over the deals recorded."""
        t = self._totals[seat]
        return Stats(t[0], t[1], t[2], len(self.rows), t[3])

    def rating_permille(self, seat):
        """The seed's rating of ``seat`` for this game (:func:`rating_permille`)."""
        return rating_permille(*self.stats(seat))


def overall_rating_permille(stats):
    """Overall rating over several games: ``stats`` is a list of one seat's :class:`Stats`
    (one per game); "S і All - ... загальну суму даної величини"."""
    tot = [0, 0, 0, 0, 0]
    for st in stats:
        for i in range(5):
            tot[i] += st[i]
    return rating_permille(tot[0], tot[1], tot[2], tot[3], tot[4])

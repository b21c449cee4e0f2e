"""Skat to the International Skat Order (ISkO), three active players.

Seats are deal-relative: 0 forehand (Vorhand), 1 middlehand, 2 rearhand, as in ISS records
(docs/analysis/skat.md section 1). Cards are numbers of ``core.cards.SKAT``.

Phases and transitions (one function per phase)::

    AUCTION --bid/hold/pass--> AUCTION | DECLARE (declarer known) | OVER (all passed)
                          | PLAY (all passed, option ramsch: a Ramsch, skat_ramsch)
                          | PUSH (all passed, Schieberamsch) --push/pass_skat x3--> PLAY
    DECLARE --pick_up--> DISCARD --declare(contract, discard)--> PLAY
    DECLARE --declare(hand contract)--> PLAY
    PLAY --play--> PLAY | OVER (10 tricks, or an early end: null trick, schwarz announced
                                 trick, claims and resignations, a player timing out)
    PLAY --(end, skat not known)--> SKAT --set_skat--> OVER
    DECLARE/DISCARD --declare(ouvert), hands unknown--> SHOW --show_hand(10 cards)--> PLAY
    PLAY --(early end of a suit or grand game, declarer's hand unknown)--> REST
    REST --show_hand(the cards left in his hand)--> SKAT | OVER

At a real table the auction is not scanned: ``Deal.enter_auction(declarer, bid)`` jumps to
DECLARE and ``declare()`` takes the contract entered on the device; the skat may be scanned
at the end (``set_skat``) so matadors and overbid come from real cards.

Rule sources: seed ``003_*.txt`` (Prager deck, play and value), ISkO 1.2.2 card points,
5.1 base values, 5.2 multiplier and levels, 5.2.5 announced levels, 5.3 lost games double,
5.4.2 overbid; ISS server behaviour for early ends (docs/analysis/skat.md sections 1-3).
"""

from collections import namedtuple

from core.cards import SKAT
from core.compat import const
from core.errors import BadRecord, IllegalPlay
from core.events import (ALREADY_PLAYED, Awaiting, DEAL_OVER, MUST_FOLLOW, NOT_IN_HAND, NOT_YOUR_TURN,
                         REVOKE, WRONG_PHASE, CardPlayed, DealOver, RevokeFound, TrickTaken, Turn)
from core import tricks
from core.games.skat_options import (BOCK_OFF, BOCK_ON, KONTRA_OFF, KONTRA_ON, KONTRA_OWN_CARD,  # noqa: F401
                                     PUSHED_JACK, RAMSCH_OFF, RAMSCH_ON, RAMSCH_SCHIEBE,
                                     VIOLATIONS_DECIDE, VIOLATIONS_REPORT, check_kontra,
                                     check_ramsch, check_violations)
# Contract values live in core.games.skat_values; named here too for every caller of the rules.
from core.games.skat_values import (BASE_VALUES, BID_LADDER, GRAND, KIND_LETTERS,  # noqa: F401
                                    NULL, NULL_VALUES, RANK_POINTS, _CARD_POINTS,
                                    Contract, card_points, contract_code, declared_value,
                                    game_value, matadors, null_value, parse_contract)
from core.games import skat_scoring, skat_table

PHASE_AUCTION = const(1)
PHASE_DECLARE = const(2)
PHASE_DISCARD = const(3)
PHASE_PLAY = const(4)
PHASE_SKAT = const(5)
PHASE_OVER = const(6)
PHASE_SHOW = const(7)  # unknown hands: an ouvert declarer lays his hand before the lead
PHASE_REST = const(8)  # unknown hands: after an early end, the declarer lays his hand left
PHASE_PUSH = const(9)  # Schieberamsch: the skat pushed round before the play

# Trick strength in a suit, by rank 7 8 9 T J Q K A: suit and grand games (A T K Q 9 8 7),
# and null (A K Q J T 9 8 7, the natural order). Seed 003, "Играя ход".
_SUIT_ORDER = b"\x00\x01\x02\x05\x00\x03\x04\x06"
_NULL_ORDER = b"\x00\x01\x02\x03\x04\x05\x06\x07"
_JACK = const(4)  # rank number of the Unter in core.cards.SKAT (a const: not importable)
_TRUMP_SUIT = const(4)  # effective suit number of every trump

AUCTION_PASS = "p"
AUCTION_HOLD = "y"
# Why the play ended before the tenth trick (``Deal.end_reason``). Each code is the LCD's
# English words for it, short enough for a 16-column row as the trick reasons are (the
# board shows it while it asks for the declarer's hand or the skat, device/words_*.py
# translate it); a record's replay says it in a sentence (core.iss.end_words). A proven
# revoke that decided the game is REVOKE (the LCD names the seat: device.screens.decided_by).
END_RESIGNED = "resigned"  # the declarer, or both defenders (the rest awarded)
END_LEFT = "a defender left"  # a defender timed out or left: the rest to the declarer
END_NULL = "declarer's trick"  # null: the declarer took a trick
END_SCHWARZ = "schwarz missed"  # schwarz announced: the defenders took a trick
# A Ramsch is played with a grand's tricks: only the Unter are trumps (skat_ramsch).
RAMSCH_CONTRACT = Contract(GRAND, True, False, False, False)

# The outcome of a deal as written on the score sheet. ``status``: "played", "passed" or
# "aborted". ``value``: signed sheet value (ISS ``v:``): positive when won, -2 x value when
# lost (ISkO 5.3), -2 x the smallest multiple of the base value reaching the bid when
# overbid (5.4.2). ``matadors``: + "with", - "without" (ISS ``m:``, 0 for null).
# ``schneider``/``schwarz``: reached in play (ISS ``s:``/``z:``). ``levels``: multiplier
# levels counted, named, in order.
Result = namedtuple("Result", (
    "status", "declarer", "contract", "bid", "won", "value", "matadors", "multiplier",
    "overbid", "declarer_points", "declarer_tricks", "schneider", "schwarz",
    "trick_winners", "levels"))


def trick_tables(kind):
    """Per-card (effective suit, strength) byte tables for a contract kind.

    In suit and grand games the four Unter are trumps ranked acorns, leaves, hearts, bells
    above the trump suit's Daus, and "a jack is never part of its printed suit" (seed 003;
    ISkO 3.2). Null has no trumps and the natural order. Effective suit ``4`` is trump.
    """
    suits = bytearray(32)
    power = bytearray(32)
    for card in range(32):
        s = SKAT.suit(card)
        r = SKAT.rank(card)
        if kind == NULL:
            suits[card] = s
            power[card] = _NULL_ORDER[r]
        elif r == _JACK:
            suits[card] = _TRUMP_SUIT
            power[card] = 20 - s  # CJ 20 > SJ 19 > HJ 18 > DJ 17 > any suit card
        elif s == kind:
            suits[card] = _TRUMP_SUIT
            power[card] = _SUIT_ORDER[r]
        else:
            suits[card] = s
            power[card] = _SUIT_ORDER[r]
    return bytes(suits), bytes(power)


# Built once at import (docs/performance.md): the trick tables of each contract kind, the
# card points of each card, who wins a trick, one Turn event per seat. Play only indexes
# them. CPython (the desktop: simulation, fuzzing, computer players) also gets what trades
# memory for interpreted work there: the tables as tuples (indexing a tuple is a fast path
# of the interpreter, indexing bytes is not), the 96 CardPlayed events and the 64 trick
# reasons looked up instead of built (core.games.skat_known: a namedtuple's __new__ is
# Python code on CPython).
# On a board (MicroPython) events are built in C, bytes index as fast as tuples, and those
# tables would take about 15 KB of heap (unix port): there the bytes tables serve and the
# events are built per card.
_TNEW = tricks.TUPLE_NEW
_DESKTOP = _TNEW is not None  # CPython
_table = tuple if _DESKTOP else bytes


def _all_tables():
    out = []
    for kind in range(6):
        suits, power = trick_tables(kind)
        if out and power == out[0][1]:
            power = out[0][1]  # suit and grand games rank alike: share one strength table
        out.append((suits, power))
    return tuple(out)


_TABLES = _all_tables()
if _DESKTOP:
    _TABLES = tuple((tuple(suits), tuple(power)) for suits, power in _TABLES)
_TURNS = (Turn(0), Turn(1), Turn(2), Turn(0))  # by seat, and seat + 1


def _winner_keys(kind):
    """Trick strength of each card for who takes a trick: 64 + strength for a trump,
    32 + strength for a plain card. The winner is the card with the highest key among the
    trumps and the cards of the suit led (the rule of
    :meth:`core.tricks.TrickDeal.trick_winner`, with one comparison a card)."""
    suits, power = _TABLES[kind]
    return _table((64 if suits[c] == _TRUMP_SUIT else 32) + power[c] for c in range(32))


_WINNER_KEYS = tuple(_winner_keys(kind) for kind in range(6))


class Game:
    """Skat's static facts: 32-card Prager deck, three active seats, options.

    ``players``: the table, 3, 4, 5 or 6 (at 4 the dealer sits out each deal, ISkO 2.1; at
    5 two sit out, at 6 three, core.games.skat_table); a deal
    always has three seats (``Game.players`` stays 3, the table's count is
    ``table_players``); ValueError on another count. A null below the bid loses twice the
    next multiple of its value, as SkatGUI (the only reading implemented, see
    docs/rules/skat.md). ``violations``: ``"decide"`` (default; a proven revoke ends the
    game as ISkO 4.1-4.2) or ``"report"`` (shown, play goes on); BadRecord on any other
    value. ``ramsch``: ``"off"`` (default, ISkO: a deal all pass is not played) or
    ``"ramsch"`` (it is played as a Ramsch, core.games.skat_ramsch); ValueError on any
    other value. ``kontra``: ``"off"`` (default, ISkO) or ``"on"`` (a defender may say
    Kontra and the declarer Re before the first card, core.games.skat_kontra); ValueError
    on any other value.
    """

    deck = SKAT
    players = 3  # seats of a deal: forehand, middlehand, rearhand
    name = "skat"
    lost_hand = skat_scoring.LOST_HAND_DOUBLE  # house rule, set by the list (skat_scoring)

    def __init__(self, players=3, violations=VIOLATIONS_DECIDE, ramsch=RAMSCH_OFF,
                 kontra=KONTRA_OFF):
        self.table_players = skat_table.check_players(players)  # 5: two sit out, 6: three
        self.violations = check_violations(violations)
        self.ramsch = check_ramsch(ramsch)
        self.kontra = check_kontra(kontra)

    def new_deal(self, dealer=0, hands=None, skat=None):
        """A new deal in the AUCTION phase, dealt by table seat ``dealer``.

        The deal's seats are deal seats (0 forehand, the dealer's left; ISkO 2.1, as ISS
        records): ``hands``: three lists of 10 cards (forehand, middlehand, rearhand) or
        None when the cards are only seen as they are played; ``skat``: the two skat cards
        or None. ``deal.dealer`` keeps ``dealer``. Raises BadRecord when the cards given are
        not 32 distinct cards of the deck or ``dealer`` is not a seat of the table.
        """
        if not isinstance(dealer, int) or not 0 <= dealer < self.table_players:
            raise BadRecord("dealer %r is not a seat of %d" % (dealer, self.table_players))
        if hands is None:
            deal = Deal(hands, skat, self.violations, self.ramsch, self.kontra)
        else:
            from core.games.skat_known import KnownDeal  # desktop only: a board never knows hands
            deal = KnownDeal(hands, skat, self.violations, self.ramsch, self.kontra)
        deal.dealer = dealer
        deal.lost_hand = self.lost_hand
        return deal


class Deal(tricks.TrickDeal):
    """One Skat deal: auction, declaration, play and result.

    Verbs: ``bid(seat, value)``, ``hold(seat)``, ``pass_(seat)``, ``enter_auction(declarer,
    bid)``, ``pick_up(seat)``, ``declare(seat, contract, discard=None)``, ``play(seat, card)``,
    ``claim(seat)``, ``resign(seat)``, ``abandon(seat)``, ``set_skat(cards)``, house rules
    ``kontra(seat)``, ``re(seat)`` (a Ramsch starts from the last pass); queries
    ``current_seat()``, ``check_play``, ``legal``, ``legal_cards``, ``is_over()``,
    ``result()``. Every verb raises IllegalPlay (reason code, sentence) and changes nothing
    when refused. ``Game.new_deal`` gives a :class:`KnownDeal` when the hands are known.
    """

    # The verbs the referee may call (core.referee.Referee checks them in act and replay).
    GAME = "skat"  # the game this deal belongs to (host_sim's players read it)
    VERBS = tuple(["bid", "hold", "pass_", "enter_auction", "pick_up", "declare", "play", "claim",
             "resign", "abandon", "set_skat", "show_hand", "kontra", "re", "push", "pass_skat"])

    lost_hand = skat_scoring.LOST_HAND_DOUBLE  # house rule (Game.new_deal sets it)

    def __init__(self, hands=None, skat=None, violations=VIOLATIONS_DECIDE, ramsch=RAMSCH_OFF,
                 kontra=KONTRA_OFF):
        tricks.TrickDeal.__init__(self, SKAT, 3, hands)
        self.violations = violations
        self.ramsch = ramsch
        self.kontra_rule = kontra
        self.doubles = 0  # 1 after Kontra, 2 after Re (skat_kontra)
        self.pusher = None  # Schieberamsch: the seat holding the skat (skat_schieberamsch)
        self.passed_on = 0  # Schieberamsch: players who passed the skat on unseen
        self.took = None  # Schieberamsch: the last seat that took the skat (pushed)
        self.kontra_at = 0  # cards played when Kontra was said (skat_kontra.too_late)
        self.said = [False, False, False]  # who bid or held in the auction; None: entered
        self.violation = None  # (seat, kind, trick) of the violation that decided the game
        self.shown = None  # unknown hands: the declarer's cards laid on the table, not played
        self.points_table = _CARD_POINTS
        if hands is not None:
            if skat is None or len(skat) != 2 or len(hands) != 3 or len(hands[0]) != 10 \
                    or len(hands[1]) != 10 or len(hands[2]) != 10:
                raise BadRecord("a Skat deal is 3 hands of 10 cards and a skat of 2")
            tricks.check_distinct(SKAT, self.initial_hands[0] + self.initial_hands[1]
                                  + self.initial_hands[2] + tuple(skat))
        self.original_skat = list(skat) if skat is not None else None
        self.skat = list(skat) if skat is not None else None  # the skat that counts at the end
        self.phase = PHASE_AUCTION
        self.bid_value = 0
        self.declarer = -1
        self.contract = None
        # The suit index while known hands are in play, None before and after, so that
        # legal_cards and KnownDeal.play need no phase test. Cleared wherever PHASE_PLAY
        # ends (_end, abandon).
        self._in_play = None
        self._duel = [1, 0]  # [bidder, listener]: middlehand bids to forehand first
        self._waiting = 1  # whose auction move it is
        self._duels_done = 0
        self._resigned = [False, False, False]
        self.status = "played"
        self.end_reason = None
        self.declarer_valid = True  # False when the declarer left before the game had a value

    # --- auction (ISkO 2.2; ISS move semantics, docs/analysis/skat.md section 1) ---

    def _auction_turn(self, seat):
        if self.phase != PHASE_AUCTION:
            raise IllegalPlay(WRONG_PHASE, "the auction is over")
        if seat != self._waiting:
            raise IllegalPlay(NOT_YOUR_TURN, "P%d speaks now in the auction"
                              % (self._waiting + 1))

    def bid(self, seat, value):
        """``seat`` bids ``value``: must be the bidder's turn and a higher ladder value."""
        self._auction_turn(seat)
        if self._duels_done == 2:  # forehand's last chance: only 18 or pass
            if value != BID_LADDER[0]:
                raise IllegalPlay("bad-bid", "forehand may only bid 18 or pass now")
            self.bid_value = value
            self.said[0] = True
            self._finish_auction(0)
            return []
        if seat != self._duel[0]:
            raise IllegalPlay("bad-bid", "P%d answers yes or pass, not a number"
                              % (seat + 1))
        if value not in BID_LADDER or value <= self.bid_value:
            raise IllegalPlay("bad-bid", "%r is not a game value above %d"
                              % (value, self.bid_value))
        self.bid_value = value
        self.said[seat] = True
        self._waiting = self._duel[1]
        return []

    def hold(self, seat):
        """The listener holds ("yes") the bid just made."""
        self._auction_turn(seat)
        if seat != self._duel[1] or self._duels_done == 2:
            raise IllegalPlay("bad-bid", "P%d has no bid to hold" % (seat + 1))
        self._waiting = self._duel[0]
        self.said[seat] = True
        return []

    def pass_(self, seat):
        """``seat`` passes and leaves the auction."""
        self._auction_turn(seat)
        if self._duels_done == 2:  # forehand's last chance declined: nobody plays
            if self.ramsch != RAMSCH_OFF:
                return self.start_ramsch()
            self.phase = PHASE_OVER
            self.status = "passed"
            return [DealOver(self.result())]
        winner = self._duel[1] if seat == self._duel[0] else self._duel[0]
        self._duels_done += 1
        if self._duels_done == 1:
            self._duel = [2, winner]  # rearhand bids to the survivor
            self._waiting = 2
            return []
        if self.bid_value == 0:  # both passed without a bid: forehand may still bid 18
            self._duels_done = 2
            self._waiting = 0
            return []
        self._finish_auction(winner)
        return []

    def _finish_auction(self, declarer):
        self.declarer = declarer
        self.phase = PHASE_DECLARE

    def enter_auction(self, declarer, bid):
        """At the table: the auction's result is entered (declarer seat, winning bid)."""
        if self.phase != PHASE_AUCTION:
            raise IllegalPlay(WRONG_PHASE, "the auction is over")
        if declarer not in (0, 1, 2) or bid not in BID_LADDER:
            raise IllegalPlay("bad-bid", "declarer %r / bid %r" % (declarer, bid))
        self.bid_value = bid
        self.said = None  # only the result is known: who said what is the table's word
        self._finish_auction(declarer)
        return []

    # --- declaration (ISkO 3.1-3.3) ---

    def pick_up(self, seat):
        """The declarer takes the skat (not a hand game)."""
        if self.phase != PHASE_DECLARE or seat != self.declarer:
            raise IllegalPlay(WRONG_PHASE, "only the declarer picks up, before declaring")
        self.phase = PHASE_DISCARD
        if self.hands is not None:
            self.hands[seat].extend(self.skat)
        return []

    def declare(self, seat, contract, discard=None):
        """The declarer announces ``contract`` (a Contract or ISS string), after picking up
        with ``discard`` (two cards, or None when not scanned)."""
        if isinstance(contract, str):
            contract = parse_contract(contract)
        if seat != self.declarer or self.phase not in (PHASE_DECLARE, PHASE_DISCARD):
            raise IllegalPlay(WRONG_PHASE, "only the declarer declares, after the auction")
        picked = self.phase == PHASE_DISCARD
        if picked and contract.hand:
            raise IllegalPlay("bad-contract", "a hand game cannot follow a skat pickup")
        if not picked and not contract.hand:
            contract = Contract(contract.kind, True, contract.schneider, contract.schwarz,
                                contract.ouvert)
        if picked and discard is not None:
            if len(discard) != 2 or discard[0] == discard[1]:
                raise IllegalPlay("bad-discard", "discard exactly two cards")
            if self.hands is not None:
                for c in discard:
                    if c not in self.hands[seat]:
                        raise IllegalPlay(NOT_IN_HAND, "%s is not in the declarer's hand"
                                          % SKAT.code(c))
                for c in discard:
                    self.hands[seat].remove(c)
            self.skat = list(discard)
        elif picked:
            self.skat = None  # the new skat is known only when scanned
        self._start_play(contract)
        if contract.ouvert and self.hands is None:
            # ISkO 3.3.2 (ouvert): the declarer lays his hand open before the lead; the
            # table scans it, and checks his play against it from then on.
            self.phase = PHASE_SHOW
            return [Awaiting("show_hand", 10)]
        self.phase = PHASE_PLAY
        return [_TURNS[0]]

    def _start_play(self, contract):
        """The trick tables of ``contract``, the suit index of known hands, forehand to lead."""
        self.contract = contract
        self.set_trick_tables(_TABLES[contract.kind])
        if self.hands is not None:
            self.index_suits()  # from here on the hands change only by play
            self._in_play = self.suit_cards
        self.leader = 0  # forehand always leads the first trick (seed 003)

    def start_ramsch(self):
        """All passed with the ramsch option: the deal is played as a Ramsch, tricks as in
        a grand (only the Unter trump), no declarer, the skat aside (skat_ramsch); in a
        Schieberamsch the skat is pushed round first (PHASE_PUSH, skat_schieberamsch)."""
        self.status = "ramsch"
        if self.ramsch == RAMSCH_SCHIEBE:
            self.contract = RAMSCH_CONTRACT
            self.phase = PHASE_PUSH
            self.pusher = 0
            return [_TURNS[0]]
        return self.start_ramsch_play()

    def start_ramsch_play(self):
        """The Ramsch's play begins: grand tricks, forehand leads; returns the events."""
        self._start_play(RAMSCH_CONTRACT)
        self.phase = PHASE_PLAY
        return [_TURNS[0]]

    def push(self, seat, discard=None):
        """Schieberamsch: ``seat`` takes the skat and pushes two cards on (``discard``,
        None when not scanned); refused as skat_schieberamsch.push."""
        from core.games import skat_schieberamsch  # loaded only when a Schieberamsch is played

        return skat_schieberamsch.push(self, seat, discard)

    def pass_skat(self, seat):
        """Schieberamsch: ``seat`` passes the skat on unseen, doubling the score."""
        from core.games import skat_schieberamsch

        return skat_schieberamsch.pass_on(self, seat)

    # --- Kontra and Re (house rule, option kontra; core.games.skat_kontra) ---

    def kontra(self, seat):
        """A defender (deal seat) doubles the game before the first card. Raises
        IllegalPlay (changing nothing) when the option is off or skat_kontra.refusal
        gives a reason."""
        return self._double(seat)

    def re(self, seat):
        """The declarer answers a Kontra, doubling again before the first card; refused
        as :meth:`kontra`."""
        if self.doubles != 1:
            raise IllegalPlay("bad-double", "Re answers a Kontra")
        return self._double(seat)

    def _double(self, seat):
        if self.kontra_rule == KONTRA_OFF or self.status == "ramsch":
            raise IllegalPlay(WRONG_PHASE, "Kontra and Re are not played at this table")
        if self.phase not in (PHASE_PLAY, PHASE_SHOW) or seat not in (0, 1, 2):
            raise IllegalPlay(WRONG_PHASE, "Kontra and Re come after the declaration")
        from core.games import skat_kontra  # loaded only at a table playing Kontra

        why = skat_kontra.refusal(self.doubles, seat, self.declarer, self.said, False) or \
            skat_kontra.too_late(self.kontra_rule, self.history, seat, self.doubles,
                                 self.kontra_at)
        if why is not None:
            raise IllegalPlay("bad-double", why)
        self.kontra_at = len(self.history)
        self.doubles += 1
        return []

    def _with_doubles(self, won, value, mult, overbid, levels):
        """A game_value / declared_value answer with the old rule for lost hand games
        (skat_scoring) and Kontra and Re applied."""
        value = skat_scoring.lost_value(value, self.contract.hand, self.lost_hand)
        if not self.doubles:
            return won, value, mult, overbid, tuple(levels)
        from core.games import skat_kontra

        return (won, skat_kontra.doubled(value, self.doubles), mult, overbid,
                tuple(levels) + skat_kontra.NAMES[:self.doubles])

    # --- play (seed 003 "Играя ход"; ISkO 3.3) ---

    def current_seat(self):
        """The seat expected to act now (auction or play), or -1 when none."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return (self.leader + len(self.trick)) % 3
        if phase == PHASE_AUCTION:
            return self._waiting
        if phase == PHASE_PUSH:
            return self.pusher
        if phase in (PHASE_DECLARE, PHASE_DISCARD, PHASE_SKAT, PHASE_SHOW, PHASE_REST):
            return self.declarer
        return -1

    def check_play(self, seat, card):
        """Raise IllegalPlay unless ``seat`` may play ``card`` now (follow the effective
        suit when able; with unknown hands only what the table has shown is checked)."""
        if self.phase != PHASE_PLAY:
            raise IllegalPlay(DEAL_OVER if self.phase == PHASE_OVER else WRONG_PHASE,
                              "no card play now")
        self.check_card(seat, card)
        if self.shown is not None:
            if seat == self.declarer:
                self._check_shown(card)
            elif card in self.shown:
                raise IllegalPlay(NOT_IN_HAND, "%s lies in the declarer's open hand"
                                  % SKAT.code(card))

    def _check_shown(self, card):
        """The ouvert declarer's card against his laid hand: in it, and following the
        effective suit led when the laid hand holds it (seed 003 "Играя ход")."""
        shown = self.shown
        if card not in shown:
            raise IllegalPlay(NOT_IN_HAND, "%s is not in the declarer's open hand"
                              % SKAT.code(card))
        trick = self.trick
        if trick:
            suits = self.trick_suits
            led = suits[trick[0]]
            if suits[card] != led:
                for c in shown:
                    if suits[c] == led:
                        raise IllegalPlay(MUST_FOLLOW, "%s must follow the suit led (the "
                                          "open hand holds %s)" % (SKAT.code(card),
                                                                   SKAT.code(c)))

    def legal_cards(self, seat):
        """The cards ``seat`` may play now, in hand order: those of the effective suit led
        when the hand holds any, else the whole hand; [] when it is not ``seat``'s turn to
        play. Raises IllegalPlay (NOT_IN_HAND) when the hands are not known. The same list
        as testing ``legal(seat, c)`` for each card, without raising for the others."""
        index = self._in_play  # the suit index, while known hands are in play
        trick = self.trick
        if index is None or seat != (self.leader + len(trick)) % 3:
            if self.hands is None:
                raise IllegalPlay(NOT_IN_HAND, "hands are not known")
            return []
        # TrickDeal.following_cards over the suit index
        if trick:
            follow = index[seat * 6 + self.trick_suits[trick[0]]]
            if follow:
                return follow[:]
        return self.hands[seat][:]

    def play(self, seat, card):
        """Play ``card`` from ``seat``; returns the events (CardPlayed, TrickTaken, ...)."""
        if self.phase != PHASE_PLAY or self.shown is not None:
            self.check_play(seat, card)  # raises the phase's refusal, checks an open hand
        self.check_card(seat, card)
        events = self.accept_card(seat, card)
        if self.shown is not None and seat == self.declarer:
            self.shown.remove(card)
        if self.violations == VIOLATIONS_DECIDE:
            for ev in events:
                if type(ev) is RevokeFound:
                    return events + self._decide(ev)
        if len(self.trick) == 3:
            events.append(self.close_trick())
            if self._early_end() or self.tricks_done == 10:
                events.extend(self._end())
            else:
                events.append(_TURNS[self.leader])
        else:
            events.append(_TURNS[(self.leader + len(self.trick)) % 3])
        return events

    def points_of(self, card):
        """Card points of ``card`` (ISkO 1.2.2)."""
        return _CARD_POINTS[card]

    def trick_reason(self, winner_card, cards):
        """Why ``winner_card`` took the trick, in words a player reads on the LCD."""
        # SKAT.short(card) without the calls: SKAT numbers cards suit * 8 + rank.
        label = SKAT.glyphs[winner_card >> 3] + SKAT.rank_short[winner_card & 7]
        if self.trick_suits[winner_card] == _TRUMP_SUIT and self.contract.kind != NULL:
            return label + " highest trump"
        return label + " top of suit"  # fits a 16-column row

    def _early_end(self):
        """ISS server ends: null at the declarer's first trick; schwarz announced (all trump
        ouverts) at the defenders' first trick (docs/analysis/skat.md section 1, item 7)."""
        taker = self.trick_winners[-1]
        if self.contract.kind == NULL:
            if taker == self.declarer:
                self.end_reason = END_NULL
                return True
        elif self.contract.schwarz and taker != self.declarer:
            self.end_reason = END_SCHWARZ
            return True
        return False

    # --- claims, resignations, timeouts (ISS SimpleState.gameResult) ---

    def claim(self, seat):
        """The declarer shows the cards (``SC``); play goes on unless the defenders resign."""
        if self.phase != PHASE_PLAY or seat != self.declarer:
            raise IllegalPlay(WRONG_PHASE, "only the declarer claims, during play")
        return []

    def resign(self, seat):
        """``seat`` gives up (``RE``). The game ends when the declarer resigns (the rest goes
        to the defenders) or when both defenders have (the rest goes to the declarer)."""
        if self.phase != PHASE_PLAY or self.status == "ramsch":
            raise IllegalPlay(WRONG_PHASE, "resign only during play, and not in a Ramsch")
        self._resigned[seat] = True
        if seat == self.declarer:
            self._award_rest(False)
        elif all(self._resigned[s] for s in range(3) if s != self.declarer):
            self._award_rest(True)
        else:
            return []
        self.end_reason = END_RESIGNED
        return self._end()

    def abandon(self, seat):
        """``seat`` timed out or left (``TI``/``LE``): the game is aborted. A defender's
        abandon during play gives the rest to the declarer, as the ISS does (ID 136415)."""
        if self.phase not in (PHASE_AUCTION, PHASE_DECLARE, PHASE_DISCARD, PHASE_PLAY,
                              PHASE_SHOW, PHASE_PUSH):
            raise IllegalPlay(WRONG_PHASE, "the play is over")
        self.status = "aborted"
        if self.phase in (PHASE_PLAY, PHASE_SHOW) and 0 <= self.declarer != seat:
            self._award_rest(True)
            self.end_reason = END_LEFT
            return self._end()
        self.declarer_valid = False
        self.phase = PHASE_OVER
        self._in_play = None
        return [DealOver(self.result())]

    def _award_rest(self, to_declarer):
        if self.contract.kind == NULL:
            return  # null: resignations decide the game, no tricks move
        self.award_remaining(self.declarer if to_declarer else (self.declarer + 1) % 3, 10)

    def show_hand(self, cards):
        """The declarer lays his cards on the table (hands unknown): his 10 cards when he
        declared ouvert (PHASE_SHOW), or the cards left in his hand after an early end
        (PHASE_REST, the count the Awaiting event asked). Raises IllegalPlay on a wrong
        count, a card played or in the known skat; changes nothing then."""
        if self.phase == PHASE_SHOW:
            want = 10
        elif self.phase == PHASE_REST:
            want = self.cards_left()
        else:
            raise IllegalPlay(WRONG_PHASE, "the declarer lays his hand for ouvert or after "
                              "an early end only")
        cards = list(cards)
        if len(cards) != want:
            raise IllegalPlay("bad-hand", "lay %d cards, not %d" % (want, len(cards)))
        tricks.check_distinct(SKAT, cards)
        for c in cards:
            if self.seen[c] or (self.skat is not None and c in self.skat):
                raise IllegalPlay(ALREADY_PLAYED, "%s is not in the declarer's hand"
                                  % SKAT.code(c))
        self.shown = cards
        events = self._revokes_in(cards)
        if self.phase == PHASE_SHOW:
            self.phase = PHASE_PLAY
            return [_TURNS[0]]
        if events and self.violations == VIOLATIONS_DECIDE and self.violation is None:
            self.violation = (events[0].seat, events[0].reason, events[0].trick)
            self.end_reason = REVOKE
        return events + self._end()

    def _revokes_in(self, cards):
        """The declarer's laid hand proves each suit he failed to follow and still holds."""
        events = []
        d = self.declarer
        for c in cards:
            events.extend(self.find_revokes(d, c))
        return events

    def set_skat(self, cards):
        """The skat scanned at the end of the deal (the discard, or the untouched skat).

        Allowed once the declaration is made; ends the deal when it was waiting for it."""
        if self.phase not in (PHASE_PLAY, PHASE_SKAT):
            raise IllegalPlay(WRONG_PHASE, "the skat is scanned after the declaration, and "
                              "after the declarer's hand when that is asked")
        if len(cards) != 2 or cards[0] == cards[1]:
            raise IllegalPlay("bad-skat", "the skat is two different cards")
        for c in cards:
            SKAT.check(c)
            if self.seen[c]:
                raise IllegalPlay(ALREADY_PLAYED, "%s was played in a trick" % SKAT.code(c))
            if self.phase == PHASE_SKAT and self.shown is not None and c in self.shown:
                raise IllegalPlay(ALREADY_PLAYED, "%s is in the declarer's hand"
                                  % SKAT.code(c))
        self.skat = list(cards)
        events = []
        if self.took is not None:  # Schieberamsch: the last to take the skat pushed these
            from core.games import skat_schieberamsch

            events = skat_schieberamsch.jacks_pushed(self, cards)
        if self.phase == PHASE_SKAT:
            self.phase = PHASE_OVER
            events.append(DealOver(self.result()))
        return events

    def _decide(self, revoke):
        """ISkO 4.1-4.2: a proven revoke ends the game at once; the declarer's loses it,
        a defender's wins it for the declarer, at the declared game's value."""
        self.violation = (revoke.seat, revoke.reason, revoke.trick)
        self.end_reason = REVOKE
        return self._end()

    def _decided_before(self, trick):
        """Whether the game was decided before trick number ``trick`` (0-based): True when
        the declarer's tricks and the skat held his 61 (90 with schneider announced),
        False when the defenders' tricks held 60 (31), None when open. A violation
        committed once the game is decided does not turn it: the party that decided it
        wins with the card points taken (ISkO 4.1.3-4.1.4, docs/rules/skat.md). A null or
        a schwarz announced is decided only by its loss, which ends it at once."""
        c = self.contract
        if c.kind == NULL or c.schwarz:
            return None
        mine = card_points(self.skat or ())
        theirs = 0
        h = self.history
        table = self.points_table
        for i in range(trick):
            got = table[h[3 * i][1]] + table[h[3 * i + 1][1]] + table[h[3 * i + 2][1]]
            if self.trick_winners[i] == self.declarer:
                mine += got
            else:
                theirs += got
        need = 90 if c.schneider else 61
        if mine >= need:
            return True
        if theirs > 120 - need:
            return False
        return None

    def cards_left(self):
        """How many cards the declarer still holds unseen by the table (0 once his hand
        is laid, or all ten were played)."""
        if self.shown is not None:
            return 0
        return 10 - len([1 for (s, c) in self.history if s == self.declarer])

    def _end(self):
        """The play is over: the result, or first a request for what the score needs:
        the declarer's hand left after an early end of a suit or grand game (matadors
        count his 12 cards, ISkO 5.2.1), then the skat (card points and matadors)."""
        self._in_play = None
        if (self.hands is None and self.declarer_valid and self.contract.kind != NULL
                and self.declarer >= 0 and self.cards_left()):
            self.phase = PHASE_REST
            return [Awaiting("show_hand", self.cards_left())]
        if self.skat is None and not (self.status == "ramsch" and self.violation):
            # a Ramsch a violation decided charges the skat to the offender, unseen
            self.phase = PHASE_SKAT
            return [Awaiting("set_skat", 2)]
        self.phase = PHASE_OVER
        return [DealOver(self.result())]

    def is_over(self):
        """True once the deal has a result (played out, ended early, passed or aborted)."""
        return self.phase == PHASE_OVER

    def declarer_cards(self):
        """The declarer's 10 cards plus the original skat (12 cards) when known, else the
        cards the declarer played plus the skat (the same set once all 10 were played)."""
        if self.hands is not None and self.original_skat is not None:
            return list(self.initial_hands[self.declarer]) + self.original_skat
        cards = [c for (s, c) in self.history if s == self.declarer]
        return cards + (self.shown or []) + (self.skat or [])

    def result(self):
        """The deal's Result (see :data:`Result`); value fields are None until known."""
        if self.status == "passed":
            return Result("passed", -1, None, 0, False, 0, 0, 0, False, 0, 0, False, False,
                          (), ())
        if self.contract is None or not self.declarer_valid:
            return Result("aborted", self.declarer, self.contract, self.bid_value, False,
                          None, None, None, False, None, None, False, False,
                          tuple(self.trick_winners), ())
        if self.status == "ramsch":
            from core.games import skat_ramsch  # loaded only when a Ramsch is played

            if self.phase != PHASE_OVER:
                return skat_ramsch.pending(self.trick_winners)
            played = None
            if self.tricks_done == 10:
                played = skat_ramsch.result(self.status, tuple(self.taken_points),
                                            tuple(self.taken_tricks), self.trick_winners,
                                            card_points(self.skat), self.passed_on)
            if self.violation is None:
                return played
            return skat_ramsch.offence(self.violation[1], self.violation[0],
                                       self.trick_winners, self.passed_on, played)
        if self.rest_to == self.declarer:  # the rest was awarded to him
            dp = 120 - sum(self.taken_points) + self.taken_points[self.declarer]
        else:
            dp = self.taken_points[self.declarer] + card_points(self.skat or ())
        dt = self.taken_tricks[self.declarer]
        mat = matadors(self.declarer_cards(), self.contract.kind)
        null = self.contract.kind == NULL
        if self.violation is not None and self._decided_before(self.violation[2]) is None:
            won = self.violation[0] != self.declarer
            won, value, mult, overbid, levels = self._with_doubles(*declared_value(
                self.contract, mat, self.bid_value, won))
            # schneider and schwarz as reached in play: none (the announced ones are in
            # ``levels``); a Bock round for a game "played out schneider" needs it
            return Result(self.status, self.declarer, self.contract, self.bid_value, won,
                          value, mat, mult, overbid, dp, dt, False, False,
                          tuple(self.trick_winners), levels)
        complete = self.tricks_done == 10 or self.rest_to >= 0
        # a null the declarer resigned is lost, though no trick moves (docs/rules/skat.md
        # "Early ends"): valued as a null in which he took a trick
        lost = null and self._resigned[self.declarer]
        won, value, mult, overbid, levels = self._with_doubles(*game_value(
            self.contract, mat, dp, max(dt, 1) if lost else dt, self.bid_value, complete))
        return Result(self.status, self.declarer, self.contract, self.bid_value, won, value,
                      mat, mult, overbid, dp, dt,
                      (not null) and (dp >= 90 or dp <= 30),
                      (not null) and complete and (dt == 10 or dt == 0),
                      tuple(self.trick_winners), levels)

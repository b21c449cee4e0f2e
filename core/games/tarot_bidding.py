"""French Tarot: the deal before its first card. Bidding, petit sec, the called king
(5 players), chien and écart, the chelem and poignée announcements, and the books every
phase keeps (whose turn, the camps, what is known of the hands).

:class:`core.games.tarot.Deal` adds the card play and the result to :class:`Bidding`; use
that module (it re-exports everything here). A module apart so that each tarot module
compiles within MicroPython's 128K test heap. Rule sources: FFT 2012 p.5-7, p.12; seed
``002`` sections 2-4.
"""

from collections import namedtuple

from core import tricks
from core.cards import TAROT
from core.compat import const
from core.errors import BadRecord, IllegalPlay, TrickrefError
from core.events import NOT_IN_HAND, NOT_YOUR_TURN, WRONG_PHASE, DealOver, Turn
from core.games import tarot_house
from core.games import tarot_rules as rules
from core.games.tarot_rules import BAD_POIGNEE
from core.games.tarot_score import (ATTACK, CONTRACT_NAMES, DEFENCE, EX, GARDE, GARDE_CONTRE,
                                    PASS, POWER, SUITS, contract_value)

PHASE_BIDDING = const(1)
PHASE_CALL = const(2)
PHASE_ECART = const(3)
PHASE_PLAY = const(4)
PHASE_OVER = const(5)

NOBODY = const(-2)  # the called card lies in the chien: the taker plays alone

# Who may lead the Excuse to the last trick and win it, having won every earlier trick
# (option ``excuse_slam`` of core.games.tarot.Game).
EXCUSE_SLAM_ANY = "any"  # seed 002 s.6: any camp (default)
EXCUSE_SLAM_ANNOUNCED = "announced"  # FFT p.6 text: the announcer of a chelem only

# Announcements (verb ``announce``).
PETIT_SEC = "petit-sec"
CHELEM = "chelem"
POIGNEE = "poignee"

# Refusal reasons of this game (core.events has the shared ones).
BID_TOO_LOW = "bid-too-low"
NOT_TAKER = "not-taker"
BAD_ANNOUNCE = "bad-announcement"

# Events of this game.
BidMade = namedtuple("BidMade", ("seat", "contract"))
ContractSet = namedtuple("ContractSet", ("taker", "contract"))
KingCalled = namedtuple("KingCalled", ("seat", "card"))
ChienShown = namedtuple("ChienShown", ("cards",))  # None when the chien was not read
EcartMade = namedtuple("EcartMade", ("seat", "trumps"))  # trumps discarded, shown (FFT p.6)
PoigneeShown = namedtuple("PoigneeShown", ("seat", "cards", "level"))
ChelemAnnounced = namedtuple("ChelemAnnounced", ("seat",))
PetitSecAnnounced = namedtuple("PetitSecAnnounced", ("seat",))
PartnerKnown = namedtuple("PartnerKnown", ("seat", "card"))  # seat == taker: plays alone


class Bidding(tricks.TrickDeal):
    """A tarot deal up to its first card; see :class:`core.games.tarot.Deal` for the verbs.

    ``hands``: one list per seat (the chien is the rest of the deck) or None; a petit sec
    in known hands annuls the deal at once. Raises BadRecord on bad hands.
    """

    def __init__(self, game, dealer, hands):
        n = game.players
        if hands is not None:
            if len(hands) != n:
                raise BadRecord("%d hands for %d players" % (len(hands), n))
            for h in hands:
                if len(h) != game.hand_size:
                    raise BadRecord("a hand holds %d cards at %d players, not %d"
                                    % (game.hand_size, n, len(h)))
            tricks.check_distinct(TAROT, [c for h in hands for c in h])
        tricks.TrickDeal.__init__(self, TAROT, n, hands)
        self.set_trick_tables((SUITS, POWER))
        self.game = game
        self.dealer = dealer
        self.phase = PHASE_BIDDING
        self.status = "played"
        self.contract = PASS
        self.taker = -1
        self.bids = []
        self.called = -1
        self.chelem_announced = False
        self.poignees = []  # (seat, cards)
        self.miseres = []  # (seat, kind): house rule misère (core.games.tarot_house)
        self.ecart = None  # the discarded cards when known
        self.ecart_trumps = ()
        self.ecart_proven = False  # a later card proved a trump in the écart avoidable
        self.petit_sec_seat = -1
        self._speaker = (dealer + 1) % n  # FFT p.5: the dealer's right-hand neighbour
        self._holder = -1  # who holds the called card: seat, NOBODY, -1 unknown
        self.claimed = 14  # ranks >= this the taker claims to hold all four of (5p call)
        self._away = bytearray(78)  # 1: card known out of every hand (écart)
        self._shown = [[] for _ in range(n)]  # cards known in a hand (poignée), unknown hands
        self.cap = bytearray([21] * n)  # highest trump a seat may still hold (evidence)
        self.cap_trick = [-1] * n
        self.discarded = [-1] * n  # the last trick a seat neither followed nor trumped
        self.ex_poignee = [False] * n  # showed the Excuse in a poignée: no other trump
        self._result = None
        self.violation = None  # (seat, kind, trick) deciding the deal (tarot.Deal)
        self.chien = None
        if hands is not None:
            dealt = bytearray(78)
            for h in hands:
                for c in h:
                    dealt[c] = 1
            self.chien = [c for c in range(78) if not dealt[c]]
            for i in range(n):
                seat = (self._speaker + i) % n
                if rules.is_petit_sec(hands[seat]):
                    self._annul(seat)
                    break

    # --- whose turn, camps ---

    def current_seat(self):
        """The seat expected to act now, or -1 when the deal is over."""
        if self.phase == PHASE_BIDDING:
            return self._speaker
        if self.phase in (PHASE_CALL, PHASE_ECART):
            return self.taker
        if self.phase == PHASE_PLAY:
            return self.to_play()
        return -1

    def camp_of(self, seat):
        """ATTACK or DEFENCE, or -1 while unknown (5 players: the called card not seen)."""
        if seat == self.taker:
            return ATTACK
        if self.players != 5 or self._holder == NOBODY:
            return DEFENCE
        if self._holder >= 0:
            return ATTACK if seat == self._holder else DEFENCE
        return -1

    def _attack_won_all(self):
        for w in self.trick_winners:
            if self.camp_of(w) != ATTACK:
                return False
        return True

    def _may_keep_excuse(self, seat):
        """May ``seat`` keep the Excuse for the last trick (the chelem exception)?"""
        if self.game.excuse_slam == EXCUSE_SLAM_ANNOUNCED:
            return self.chelem_announced and seat == self.taker and self._attack_won_all()
        camp = self.camp_of(seat)
        for w in self.trick_winners:
            if camp < 0 or self.camp_of(w) != camp:
                return False
        return True

    # --- bidding (FFT p.5; seed 002 s.2) ---

    def bid(self, seat, contract):
        """``seat`` speaks once, in turn: PASS or a contract above the best so far
        (PRISE < GARDE < GARDE_SANS < GARDE_CONTRE, or their names). Garde contre ends
        the auction (nothing can follow it). Returns [BidMade, ...]."""
        if self.phase != PHASE_BIDDING:
            raise IllegalPlay(WRONG_PHASE, "the bidding is over")
        if seat != self._speaker:
            raise IllegalPlay(NOT_YOUR_TURN, "P%d speaks now" % (self._speaker + 1))
        try:
            contract = contract_value(contract)
        except TrickrefError as e:
            raise IllegalPlay(BID_TOO_LOW, str(e))
        if contract != PASS and contract <= self.contract:
            raise IllegalPlay(BID_TOO_LOW, "%s does not cover %s (FFT p.5)"
                              % (CONTRACT_NAMES[contract], CONTRACT_NAMES[self.contract]))
        self.bids.append((seat, contract))
        events = [BidMade(seat, contract)]
        if contract != PASS:
            self.contract = contract
            self.taker = seat
        if len(self.bids) < self.players and self.contract != GARDE_CONTRE:
            self._speaker = (seat + 1) % self.players
            return events
        if self.taker < 0:
            self.status = "passed"
            self.phase = PHASE_OVER
            events.append(DealOver(self.result()))
            return events
        events.append(ContractSet(self.taker, self.contract))
        if self.players == 5:
            self.phase = PHASE_CALL
            events.append(Turn(self.taker))
        else:
            self._to_chien(events)
        return events

    def _to_chien(self, events):
        if self.contract <= GARDE:  # the chien is shown and taken (FFT p.6)
            self.phase = PHASE_ECART
            events.append(ChienShown(tuple(self.chien) if self.chien is not None else None))
            if self.hands is not None:
                self.hands[self.taker].extend(self.chien)
            events.append(Turn(self.taker))
        else:
            self._start_play(events)

    def _start_play(self, events):
        self.phase = PHASE_PLAY
        self.leader = (self.dealer + 1) % self.players  # FFT p.7
        events.append(Turn(self.leader))

    def _annul(self, seat):
        self.status = "petit-sec"
        self.petit_sec_seat = seat
        self.phase = PHASE_OVER

    # --- 5 players: the called king (FFT p.12) ---

    def call(self, seat, card):
        """The taker calls a king; a queen only if he holds the four kings, a knight if
        also the four queens, a jack if also the four knights (FFT p.12). He may call
        his own card. With unknown hands the claim is taken on his word and a later card
        of a claimed rank from another seat is reported as a RevokeFound."""
        if self.phase != PHASE_CALL:
            raise IllegalPlay(WRONG_PHASE, "no card is called now")
        if seat != self.taker:
            raise IllegalPlay(NOT_TAKER, "the taker, P%d, calls" % (self.taker + 1))
        rank = rules.check_call(self.hands[seat] if self.hands is not None else None, card)
        if self.hands is not None:
            self._holder = self._find_holder(card)
        self.claimed = rank + 1
        self.called = card
        events = [KingCalled(seat, card)]
        self._to_chien(events)
        return events

    def _find_holder(self, card):
        for s in range(self.players):
            if card in self.hands[s]:
                return s
        return self.taker if self.contract <= GARDE else NOBODY

    # --- chien and écart (FFT p.6; seed 002 s.3) ---

    def discard(self, seat, cards=None):
        """The taker of a Prise/Garde lays down his écart (6 cards, 3 at 5 players): no
        king, no oudler; a trump only when he has too few other cards, and then shown
        (FFT p.6). ``cards`` may be None when the écart is not read (unknown hands).
        Returns [EcartMade(seat, trumps shown), Turn]."""
        if self.phase != PHASE_ECART:
            raise IllegalPlay(WRONG_PHASE, "no écart now")
        if seat != self.taker:
            raise IllegalPlay(NOT_TAKER, "the taker, P%d, discards" % (self.taker + 1))
        hand = self.hands[seat] if self.hands is not None else None
        trumps = ()
        if cards is not None or hand is not None:
            cards = list(cards or ())
            trumps = rules.check_ecart(hand, cards, self.game.chien_size)
            for c in cards:
                self._away[c] = 1
                if hand is not None:
                    hand.remove(c)
        self.ecart = cards
        self.ecart_trumps = tuple(trumps)
        events = [EcartMade(seat, self.ecart_trumps)]
        self._start_play(events)
        return events

    # --- announcements: petit sec, chelem, poignée ---

    def announce(self, seat, what, cards=None):
        """``what``: PETIT_SEC (during the bidding, ``cards`` the hand shown, if read),
        CHELEM (the taker, before the first card: he then leads, FFT p.6; seed 002 s.4)
        or POIGNEE (``cards`` the trumps shown, at the seat's turn before its first card:
        exactly 10/13/15 at 4 players; the Excuse stands in only when every trump of the
        hand is shown, FFT p.7)."""
        if what == PETIT_SEC:
            return self._announce_petit_sec(seat, cards)
        if what == CHELEM:
            return self._announce_chelem(seat)
        if what == POIGNEE:
            return self._announce_poignee(seat, cards)
        if what in tarot_house.MISERES:
            return self._announce_misere(seat, what)
        raise IllegalPlay(BAD_ANNOUNCE, "%r: announce petit-sec, chelem or poignee" % (what,))

    def _announce_misere(self, seat, kind):
        """House rule (option misere): ``seat`` announces no trump or no face card before
        his first card; with known hands his hand must bear it out, else the cards he
        plays are checked when the deal is scored (tarot_house, docs/rules/tarot.md)."""
        self._check_play_phase()
        if self.game.misere == tarot_house.MISERE_OFF:
            raise IllegalPlay(BAD_ANNOUNCE, "misère is not played at this table")
        if seat != self.to_play() or self.tricks_done > 0:
            raise IllegalPlay(NOT_YOUR_TURN, "a misère is announced at the seat's first card")
        if (seat, kind) in self.miseres:
            raise IllegalPlay(BAD_ANNOUNCE, "P%d already announced this misère" % (seat + 1))
        if self.hands is not None:
            c = tarot_house.misere_breaker(kind, self.hands[seat])
            if c >= 0:
                raise IllegalPlay(BAD_ANNOUNCE, "P%d holds %s: no misère"
                                  % (seat + 1, TAROT.code(c)))
        self.miseres.append((seat, kind))
        return []

    def _announce_petit_sec(self, seat, cards):
        if self.phase != PHASE_BIDDING:
            raise IllegalPlay(WRONG_PHASE, "petit sec is announced before the bidding ends")
        if not 0 <= seat < self.players:
            raise IllegalPlay(BAD_ANNOUNCE, "no seat %r" % (seat,))
        hand = self.hands[seat] if self.hands is not None else cards
        if hand is not None and (len(hand) != self.game.hand_size or not rules.is_petit_sec(hand)):
            raise IllegalPlay(BAD_ANNOUNCE, "P%d's hand is not a petit sec (FFT p.5)" % (seat + 1))
        self._annul(seat)
        return [PetitSecAnnounced(seat), DealOver(self.result())]

    def _check_play_phase(self):
        if self.phase != PHASE_PLAY:
            raise IllegalPlay(WRONG_PHASE, "announcements come just before the play")

    def _announce_chelem(self, seat):
        self._check_play_phase()
        if self.history or self.poignees:
            raise IllegalPlay(WRONG_PHASE, "a chelem is announced before the first card")
        if seat != self.taker:
            raise IllegalPlay(NOT_TAKER, "only the taker announces a chelem (seed 002 s.4)")
        if self.chelem_announced:
            raise IllegalPlay(BAD_ANNOUNCE, "the chelem is already announced")
        self.chelem_announced = True
        self.leader = seat  # the announcer leads trick 1 (FFT p.6)
        return [ChelemAnnounced(seat), Turn(seat)]

    def _announce_poignee(self, seat, cards):
        self._check_play_phase()
        if seat != self.to_play() or self.tricks_done > 0:
            raise IllegalPlay(NOT_YOUR_TURN, "a poignée is shown at the seat's first card")
        for s, c in self.poignees:
            if s == seat:
                raise IllegalPlay(BAD_POIGNEE, "P%d already showed a poignée" % (seat + 1))
        cards = list(cards or ())
        spare = self.ecart_trumps if seat == self.taker else ()
        level = rules.check_poignee(self.players, self.hands[seat] if self.hands is not None
                                    else None, cards, spare)
        for c in cards:
            if self._away[c] and c not in spare:
                raise IllegalPlay(NOT_IN_HAND, "%s is in the écart" % TAROT.code(c))
            for s, shown in self.poignees:
                if c in shown:
                    raise IllegalPlay(NOT_IN_HAND, "%s was shown by P%d" % (TAROT.code(c), s + 1))
        self.poignees.append((seat, tuple(cards)))
        if self.hands is None:
            self._shown[seat] = [c for c in cards if not self._away[c]]
            self.ex_poignee[seat] = EX in cards
        return [PoigneeShown(seat, tuple(cards), level)]


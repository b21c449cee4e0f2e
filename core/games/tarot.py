"""French Tarot to the FFT rules (2012) for 3, 4 and 5 players; seed ``002`` by default.

Cards are numbers of ``core.cards.TAROT``: suit cards ``suit * 14 + rank`` (ranks 1..10,
Valet, Cavalier, Reine, Roi), trumps 1..21 as 56..76, the Excuse 77. Seats are numbered in
the order of play (counter-clockwise at the table): seat ``s + 1`` plays after seat ``s``,
so the dealer's right-hand neighbour, who bids and leads first, is ``dealer + 1``.
Card points are integer half-points (see :mod:`core.games.tarot_score`).

Phases and transitions (one verb per phase)::

    BIDDING --bid--> BIDDING | OVER (all passed) | CALL (5 players) | ECART | PLAY
    BIDDING --announce(seat, "petit-sec")--> OVER (deal annulled)
    CALL    --call(taker, card)--> ECART (Prise, Garde) | PLAY (Garde sans, contre)
    ECART   --discard(taker, cards)--> PLAY
    PLAY    --announce(taker, "chelem") before the first card-->  PLAY (taker leads)
    PLAY    --announce(seat, "poignee", cards) before that seat's first card--> PLAY
    PLAY    --play--> PLAY | OVER (last trick)

Hands given to ``Game.new_deal`` make every rule checked when the card lands (simulator,
tests; a petit sec in them annuls the deal at once). With unknown hands only what the
table has seen is checked: the cards played, a poignée shown, a shown écart; a later card
that proves an earlier revoke yields :class:`core.events.RevokeFound`.

Rule sources: seed ``002`` sections 1-8; FFT "Règlement officiel" 2012 (pages cited per
rule; docs/analysis/tarot.md); choices where sources differ: docs/rules/tarot.md.
"""

from collections import namedtuple

from core import tricks
from core.cards import TAROT
from core.compat import const
from core.errors import BadCard, BadRecord, IllegalPlay, TrickrefError
from core.events import (ALREADY_PLAYED, DEAL_OVER, NOT_IN_DECK, NOT_IN_HAND, NOT_YOUR_TURN,
                         WRONG_PHASE, CardPlayed, DealOver, RevokeFound, Turn)
from core.games import tarot_house
from core.games.tarot_house import MISERE_HEADS, MISERE_TRUMPS  # noqa: F401
from core.games import tarot_rules as rules
# Re-exported so that callers import one module.
from core.games.tarot_rules import (BAD_CALL, BAD_ECART, BAD_POIGNEE,  # noqa: F401
                                    CALLED_SUIT, MUST_OVERTRUMP, MUST_TRUMP, is_petit_sec)
from core.games.tarot_score import (  # noqa: F401
    ATTACK, CAMP_NAMES, CHELEM_ANNOUNCED, CHELEM_DEFENCE, CHELEM_FAILED, CHELEM_FAILED_DEFENCE,
    CHELEM_NONE, CHELEM_UNANNOUNCED, CONTRACT_NAMES, DEFENCE, EX, GARDE, GARDE_CONTRE,
    GARDE_SANS, MONDE, PASS, PETIT, POINTS, POWER, PRISE, SUITS, card_points, contract_value, count_deal,
    is_oudler, poignee_level, score)

from core.games.tarot_bidding import (  # noqa: F401  (re-exported)
    BAD_ANNOUNCE, BID_TOO_LOW, CHELEM, EXCUSE_SLAM_ANNOUNCED, EXCUSE_SLAM_ANY, NOBODY,
    NOT_TAKER, PETIT_SEC, PHASE_BIDDING, PHASE_CALL, PHASE_ECART, PHASE_OVER, PHASE_PLAY,
    POIGNEE, BidMade, Bidding, ChelemAnnounced, ChienShown, ContractSet, EcartMade,
    KingCalled, PartnerKnown, PetitSecAnnounced, PoigneeShown)

_KING = const(13)  # rank number of the Roi

# Options: what becomes of the Excuse played to the last trick outside the chelem case.
EXCUSE_LAST_OTHER_CAMP = "other-camp"  # seed 002 s.6; TarotClub: it changes camp (default)
EXCUSE_LAST_WINNER = "winner"  # FFT p.8 read as "to the trick's winner" (bric-a-brac.org)
EXCUSE_LAST_FORBIDDEN = "forbidden"  # regles2jeux.fr: the play is not allowed

# Option: what the table does with a proven violation (docs/rules/tarot.md "Violations").
VIOLATIONS_DECIDE = "decide"  # the offender's camp loses the deal (default)
VIOLATIONS_REPORT = "report"  # shown and listed only; the deal is scored as played
# The violations that decide the deal: the card play (FFT p.7-8) and the écart (p.6).
DECIDED = ("revoke", MUST_TRUMP, MUST_OVERTRUMP, BAD_ECART)

# Refusal reasons of the card play (core.events has the shared ones).
EXCUSE_LAST = "excuse-last-trick"
EXCUSE_CHELEM = "excuse-kept-for-chelem"  # no longer raised (issue 14): kept for imports

# The outcome of a tarot deal.
#
# ``status``: "played", "passed" (everybody passed) or "petit-sec" (annulled, FFT p.5);
# ``attack_points``/``defence_points`` in half-points (sum 182); ``oudlers`` of the attack;
# ``petit_au_bout`` ATTACK/DEFENCE/None; ``chelem`` a CHELEM_* value; ``poignees``:
# ``(seat, camp, trumps)``; ``partner`` None at 3/4 players or when alone; ``notes``: what
# happened to the Excuse and the called card, in words; ``score``: the
# :class:`core.games.tarot_score.Score` (None when annulled); ``marks``: one per seat;
# ``violation``: ``(seat, kind, trick)`` of the violation that decided the deal, or None;
# ``miseres``: the seats whose misère (house rule) the play bore out, each worth its prime.
Result = namedtuple("Result", (
    "status", "dealer", "taker", "contract", "called", "partner", "chelem_announced",
    "attack_points", "defence_points", "oudlers", "petit_au_bout", "chelem", "poignees",
    "notes", "score", "marks", "trick_winners", "violation", "miseres"))

# What a score sheet keeps of a booked deal: the sheet, its totals, the link's sheet table
# and the journal's checkpoint read no more. A whole Result (its Score's steps in words, the
# trick winners, the notes) is about 850 bytes on a 32-bit board: a sheet that kept every
# one ran a board's heap out after a few deals of an evening (issue 19's evening run).
Booked = namedtuple("Booked", ("taker", "contract", "marks"))

_TRUMP_SUIT = const(4)  # the effective suit of every trump in core.tricks' tables


_SIZES = {3: (24, 6), 4: (18, 6), 5: (15, 3)}  # hand, chien: FFT p.4, p.11, p.12


def split_pack(pack, players):
    """Simulator helper: hands and chien from a shuffled list of the 78 cards, dealt as
    consecutive hands (the FFT's packets of 3 matter only for real cards). Returns
    ``(hands, chien)``; raises BadRecord unless ``pack`` is the whole deck."""
    if players not in _SIZES:
        raise BadRecord("tarot is played by 3, 4 or 5, not %r" % (players,))
    if len(pack) != 78:
        raise BadRecord("a tarot pack has 78 cards, not %d" % len(pack))
    tricks.check_distinct(TAROT, pack)
    h = _SIZES[players][0]
    return [list(pack[i * h:(i + 1) * h]) for i in range(players)], list(pack[players * h:])


class Game:
    """French Tarot's static facts and options.

    ``players``: 3, 4 or 5. ``excuse_last``: the fate of the Excuse played to the last
    trick outside the chelem case: ``"other-camp"`` (seed 002 s.6, default), ``"winner"``
    (FFT p.8 read literally), ``"forbidden"`` (regles2jeux.fr). ``excuse_slam``: who may
    lead the Excuse to the last trick and win it after winning every trick: ``"any"`` camp
    (seed 002 s.6, default) or the chelem ``"announced"`` taker only (FFT p.6). House
    scoring (core.games.tarot_house): ``poignees`` ``"fft"`` (20/30/40, default) or
    ``"20-40-60"``; ``rounding`` of the margin ``"off"`` (default), ``"5"``, ``"10"``;
    ``misere`` ``"off"`` (default) or ``"20"`` (a misère, no trump or no face card, may be
    announced; 20 to the winning camp); ``partner`` at five ``"fft"`` (taker x2, partner
    x1 of the whole total, default) or ``"personal"`` (the petit au bout, poignée and
    misère primes are the player's own, paid by his partner too; tarot_house).
    Raises TrickrefError on any other value.
    """

    deck = TAROT
    name = "tarot"

    def __init__(self, players=4, excuse_last=EXCUSE_LAST_OTHER_CAMP,
                 excuse_slam=EXCUSE_SLAM_ANY, violations=VIOLATIONS_DECIDE, poignees="fft",
                 rounding="off", misere="off", partner="fft"):
        if players not in _SIZES:
            raise TrickrefError("tarot is played by 3, 4 or 5, not %r" % (players,))
        if excuse_last not in (EXCUSE_LAST_OTHER_CAMP, EXCUSE_LAST_WINNER,
                               EXCUSE_LAST_FORBIDDEN):
            raise TrickrefError("excuse_last %r: other-camp, winner or forbidden"
                                % (excuse_last,))
        if excuse_slam not in (EXCUSE_SLAM_ANY, EXCUSE_SLAM_ANNOUNCED):
            raise TrickrefError("excuse_slam %r: any or announced" % (excuse_slam,))
        if violations not in (VIOLATIONS_DECIDE, VIOLATIONS_REPORT):
            raise TrickrefError("tarot option violations %r: decide or report"
                                % (violations,))
        self.violations = violations
        self.players = players
        self.hand_size, self.chien_size = _SIZES[players]
        self.tricks = self.hand_size
        self.excuse_last = excuse_last
        self.excuse_slam = excuse_slam
        self.poignees, self.rounding = poignees, rounding
        self.primes = tarot_house.primes(poignees)
        self.round_to = tarot_house.step(rounding)
        self.misere = tarot_house.check_misere(misere)
        self.partner = tarot_house.check_partner(partner, players)

    def new_deal(self, dealer=0, hands=None):
        """A new deal in the BIDDING phase (already over if ``hands`` hold a petit sec).

        ``hands``: one list of cards per seat (24/18/15 cards); the chien is the rest of
        the deck. None when cards are only seen as played. Raises BadRecord on bad hands.
        """
        if not 0 <= dealer < self.players:
            raise BadRecord("dealer %r is not a seat of %d" % (dealer, self.players))
        return Deal(self, dealer, hands)


class Deal(Bidding):
    """One tarot deal. Verbs: ``bid(seat, contract)``, ``call(seat, card)``,
    ``discard(seat, cards)``, ``announce(seat, what, cards=None)`` (from
    :class:`core.games.tarot_bidding.Bidding`), ``play(seat, card)``; queries
    ``current_seat()``, ``check_play``, ``legal``, ``legal_cards``, ``camp_of``,
    ``is_over()``, ``result()``. A refused verb raises IllegalPlay(reason, sentence) and
    changes nothing.
    """

    GAME = "tarot"  # the game this deal belongs to (host_sim's players read it)
    VERBS = tuple(["bid", "call", "discard", "announce", "play"])  # checked by core.referee

    # --- card play (FFT p.7-8; seed 002 s.5-6) ---

    def led_suit(self):
        """Effective suit of the first card other than the Excuse, or -1 (FFT p.8)."""
        return rules.led_suit(self.trick)

    def check_play(self, seat, card):
        """Raise IllegalPlay unless ``seat`` may play ``card`` now.

        Follow the suit led; without it, trump; over a trump already played, overtrump if
        you can (else play a lower one); trumps led: play higher if you can; with neither,
        any card; the Excuse at any time (FFT p.7-8; seed 002 s.5). 5 players: trick 1 is
        not led in the called suit except with the called card (FFT p.12). With unknown
        hands a rule is applied when a card known to be in the hand proves it.
        """
        if self.phase != PHASE_PLAY:
            raise IllegalPlay(DEAL_OVER if self.phase == PHASE_OVER else WRONG_PHASE,
                              "no card play now")
        try:
            TAROT.check(card)
        except BadCard as e:
            raise IllegalPlay(NOT_IN_DECK, str(e))
        if self.seen[card]:
            raise IllegalPlay(ALREADY_PLAYED, "%s is already out" % TAROT.short(card))
        if seat != self.to_play():
            raise IllegalPlay(NOT_YOUR_TURN, "P%d plays now, not P%d"
                              % (self.to_play() + 1, seat + 1))
        if self.hands is not None:
            held = self.hands[seat]
            if card not in held:
                raise IllegalPlay(NOT_IN_HAND, "%s is not in P%d's hand"
                                  % (TAROT.short(card), seat + 1))
        else:
            held = self._shown[seat]
            if self._away[card]:
                raise IllegalPlay(NOT_IN_HAND, "%s is in the écart" % TAROT.short(card))
            for s in range(self.players):
                if s != seat and card in self._shown[s]:
                    raise IllegalPlay(NOT_IN_HAND, "P%d showed %s in a poignée"
                                      % (s + 1, TAROT.short(card)))
        last = self.game.tricks - 1
        if card == EX:
            # The Excuse may be played at any time (FFT p.7-8), the chelem announcer's too:
            # FFT p.6 keeps it for the last trick only in a chelem that is made; led
            # earlier, its trick goes to the other camp and the chelem fails.
            return
        if (self.game.excuse_last == EXCUSE_LAST_FORBIDDEN and self.hands is not None
                and self.tricks_done == last - 1 and EX in held
                and not self._may_keep_excuse(seat)):
            raise IllegalPlay(EXCUSE_LAST, "the Excuse may not be kept for the last trick "
                              "(option excuse_last=forbidden)")
        called = self.called if self.players == 5 and self.tricks_done == 0 else -1
        rules.check_card(self.trick, held, card, called)

    def play(self, seat, card):
        """Play ``card`` from ``seat``; returns [CardPlayed, (RevokeFound...),
        (PartnerKnown), (TrickTaken, DealOver | Turn)]."""
        self.check_play(seat, card)
        events = [CardPlayed(seat, card)]
        if self.hands is None:
            rules.evidence(self, seat, card, events)
            if seat == self.taker and self.ecart_trumps:
                rules.ecart_evidence(self, card, events)
        self.seen[card] = 1
        self.history.append((seat, card))
        self.trick.append(card)
        if self.hands is not None:
            self.hands[seat].remove(card)
        elif card in self._shown[seat]:
            self._shown[seat].remove(card)
        self._note_violation(events)
        if card == self.called and self._holder < 0:
            self._holder = seat
        if card == self.called:
            events.append(PartnerKnown(seat, card))
        if not self.trick_complete():
            events.append(Turn(self.to_play()))
            return events
        if self.tricks_done == self.game.tricks - 1:
            if self._holder == -1:
                self._holder = NOBODY  # never played: it lay in the chien
            if EX in self.trick and self.game.excuse_last == EXCUSE_LAST_FORBIDDEN:
                self._excuse_kept(events)
        events.append(self.close_trick())
        if self.tricks_done < self.game.tricks:
            events.append(Turn(self.leader))
            return events
        self.phase = PHASE_OVER
        if self.contract <= GARDE:
            for c in range(78):  # the écart, known now as the cards never played
                if not self.seen[c] and (is_oudler(c) or (POWER[c] == _KING
                                                    and SUITS[c] < _TRUMP_SUIT)):
                    events.append(RevokeFound(self.taker, c, -1, BAD_ECART,
                                              "%s was in the écart (FFT p.6)" % TAROT.short(c)))
        self._note_violation(events)
        events.append(DealOver(self.result()))
        return events

    def _excuse_kept(self, events):
        """Option excuse_last=forbidden: the Excuse in the last trick is a violation unless
        its player's camp won every earlier trick (the chelem exception). Judged once the
        trick is complete: at five the camps may be known only from its cards (the called
        king played after the Excuse), and the Excuse led by a camp whose partner was not
        yet known is no violation when the king shows it won everything."""
        seat = self.history[-len(self.trick) + self.trick.index(EX)][0]
        if not self._may_keep_excuse(seat):
            events.append(RevokeFound(seat, EX, self.tricks_done, EXCUSE_LAST,
                                      "the Excuse was kept for the last trick: it goes "
                                      "to the other camp"))

    def _note_violation(self, events):
        """Keep the first deciding violation among ``events`` (option ``decide``)."""
        if self.game.violations != VIOLATIONS_DECIDE or self.violation is not None:
            return
        for ev in events:
            if type(ev) is RevokeFound and ev.reason in DECIDED:
                self.violation = (ev.seat, ev.reason, ev.trick)
                return

    def trick_winner(self, cards):
        """Index of the winning card: the highest trump, else the highest card of the suit
        led; the Excuse never wins (FFT p.8) except led to the last trick by the camp that
        won every earlier trick (seed 002 s.6; FFT p.6: the chelem announcer)."""
        if cards[0] == EX and self.tricks_done == self.game.tricks - 1:
            if self._may_keep_excuse(self.leader):
                return 0
        return rules.trick_winner(cards)

    def points_of(self, card):
        """Half-points of ``card`` (FFT p.4)."""
        return POINTS[card]

    def trick_reason(self, winner_card, cards):
        """Why ``winner_card`` took the trick, in words a player reads."""
        # short enough for a 16-column row, as Skat's reasons
        if winner_card == EX:
            return "Excuse: chelem"
        if SUITS[winner_card] == _TRUMP_SUIT:
            return "%s top trump" % TAROT.short(winner_card)
        return "%s top of suit" % TAROT.short(winner_card)

    # --- the end ---

    def is_over(self):
        """True once the deal has a result (played out, all passed, or annulled)."""
        return self.phase == PHASE_OVER

    def result(self):
        """The deal's :data:`Result`, or None while the deal is not over."""
        if self.phase != PHASE_OVER:
            return None
        if self._result is None:
            self._result = self._settle()
        return self._result

    def _miseres(self, notes):
        """The seats of the misères announced (house rule) that the seat's played cards
        bear out; a refuted one counts nothing and is named in ``notes``."""
        kept = []
        for seat, kind in self.miseres:
            c = tarot_house.misere_breaker(kind, [x for s, x in self.history if s == seat])
            if c >= 0:
                notes.append("P%d's misère refuted by %s: no prime" % (seat + 1, TAROT.code(c)))
            else:
                kept.append(seat)
        return kept

    def _personal_primes(self, sc, pab, poignees, miseres):
        """Option partner=personal: ``(seat, amount, what)`` per prime for
        tarot_house.personal. A poignée is its shower's, a misère its announcer's, with
        the FFT's sign (to the winning camp); the petit au bout is the player's who played
        the Petit to that trick: won when he took the trick himself, lost (paid) when
        anybody else did, his partner too (rencontrestarot.org's anecdote). The sign is the
        owner's camp's: he receives a prime when his camp wins the deal, pays it when it
        loses (docs/rules/tarot.md "The partner's share at five")."""
        def own(seat, camp, amount):
            return seat, amount if (camp == ATTACK) == sc.won else -amount
        items = [own(s, camp, self.game.primes[poignee_level(self.players, k)]) + ("poignée",)
                 for s, camp, k in poignees]
        items += [own(s, ATTACK if s in (sc.taker, sc.partner) else DEFENCE,
                      tarot_house.MISERE_PRIME) + ("misère",) for s in miseres]
        if pab is not None:
            i = [c for _, c in self.history].index(PETIT)
            seat, trick = self.history[i][0], i // self.players
            took = self.trick_winners[trick] == seat
            items.append((seat, (10 if took else -10) * sc.multiplier,
                          "petit au bout %s" % ("won" if took else "lost")))
        return items

    def _settle(self):
        n = self.players
        if self.status != "played":
            return Result(self.status, self.dealer, self.taker, self.contract, self.called,
                          None, False, 0, 0, 0, None, CHELEM_NONE, (), (), None,
                          (0,) * n, (), None, ())
        camps = [self.camp_of(s) for s in range(n)]
        pts, oud, pab, chelem, notes = count_deal(
            n, self.contract, self.history, self.trick_winners, camps,
            self.chelem_announced, self.game.excuse_last == EXCUSE_LAST_WINNER)
        partner = None
        if n == 5:
            if self._holder in (self.taker, NOBODY):
                notes.append("the taker played alone")
            else:
                partner = self._holder
        poignees = tuple((s, self.camp_of(s), len(c)) for s, c in self.poignees)
        loser = None
        if self.violation is not None:
            loser = camps[self.violation[0]]
            notes.append("%s by P%d: the %s loses the deal" % (
                self.violation[1], self.violation[0] + 1, CAMP_NAMES[loser]))
        miseres = self._miseres(notes)
        own = self.game.partner == tarot_house.PARTNER_PERSONAL
        sc = score(n, self.contract, pts[ATTACK], oud,
                   poignee=[] if own else [(camp, k) for s, camp, k in poignees],
                   petit_au_bout=None if own else pab,
                   chelem=chelem, taker=self.taker, partner=partner, loser=loser,
                   primes=self.game.primes, round_to=self.game.round_to,
                   miseres=0 if own else len(miseres))
        if own:
            sc = tarot_house.personal(sc, self._personal_primes(sc, pab, poignees, miseres))
        return Result("played", self.dealer, self.taker, self.contract, self.called,
                      partner, self.chelem_announced, pts[ATTACK], pts[DEFENCE],
                      oud, pab, chelem, poignees, tuple(notes), sc, sc.marks,
                      tuple(self.trick_winners), self.violation, tuple(miseres))


class Match:
    """A score sheet: deals in turn, the deal passing to the right (dealer + 1), running
    totals per seat, ``rows`` a :data:`Booked` per deal. ``new_deal(hands=None)`` starts
    the next deal; ``record(result)`` adds a finished deal's marks (annulled and passed
    deals add nothing) and returns the totals. Raises TrickrefError for a deal that is not
    over."""

    def __init__(self, game, dealer=0):
        self.game = game
        self.dealer = dealer
        self.totals = [0] * game.players
        self.rows = []

    def number(self):
        """The number of the next deal on the sheet, 1 first."""
        return len(self.rows) + 1

    def new_deal(self, hands=None):
        """The next Deal, dealt by the current dealer."""
        return self.game.new_deal(self.dealer, hands)

    def record(self, result):
        """Add ``result`` (a Result, or a Booked row from the journal's checkpoint) to the
        sheet, keeping its Booked row only; the next dealer is dealer + 1."""
        if result is None:
            raise TrickrefError("the deal is not over: no result to record")
        for s in range(self.game.players):
            self.totals[s] += result.marks[s]
        self.rows.append(Booked(result.taker, result.contract, tuple(result.marks)))
        self.dealer = (self.dealer + 1) % self.game.players
        return list(self.totals)

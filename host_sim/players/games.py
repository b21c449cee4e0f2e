"""The rules objects of the sampling player (host_sim/players/sampling.py) for French Tarot,
Magistr and Zhopa: each game's options, verbs, hidden cards and score, all through the
referee's own deal (``core.games.tarot``, ``magistr``, ``zhopa``), never restated.

- **Tarot** (FFT): bids pass / prise / garde / garde sans / garde contre (FFT p.5: the
  chien then stays hidden, its points count for the taker at garde sans and for the
  defence at garde contre, as the referee counts them), the called king at 5 players (FFT
  p.12), the écart among three candidates (FFT p.6: no king, no oudler, no trump while
  other cards are left), the chelem announced by the taker before the first card (FFT
  p.6: 400 when made, -200 when not; ``chelem=False`` leaves it out), the poignée before
  the seat's first card (FFT p.7: its prime goes to the camp that wins, so it is shown
  when the samples say that camp wins; ``poignee=False`` leaves it out), card play.
  Score: the seat's marks (FFT p.8-9, ``Result.marks``). Hidden: the other hands, the
  chien before it is shown, the écart for everyone but the taker. Voids: a seat that did
  not follow the suit led holds none of it; one that neither followed nor trumped holds no
  trump either (FFT p.7). Playouts after a chelem announcement keep the announcer's
  Excuse for the last trick (led earlier it loses its trick and the chelem, FFT p.6).
- **Magistr** (seed 000): card play; score: the seat's points in the deal (negative in
  deals 1-12, positive in 13-24). No voids are inferred: the bank's "follow the main
  suit, else the led rank" changes suit with the eights (seed 000 "Правила гри").
- **Zhopa** (seed 001): the go bid and card play; score: banks shed (-1 per bank taken,
  ``Game.change``) with the points as a tie-break; the stock is hidden from everyone.
"""

from core.cards import FRENCH36, TAROT, TRUMP
from core.games import tarot, zhopa
from core.games.tarot_bidding import CHELEM, POIGNEE
from core.games.tarot_score import (CONTRACT_NAMES, EX, GARDE, POIGNEE_SIZES, SUITS,
                                    is_oudler)
from core.games.tarot_house import MISERE_OFF, MISERES, misere_breaker
from core.games.tarot_rules import led_suit
from host_sim.engine import bank as bank_engine
from host_sim.engine.clone import clone
from host_sim.engine.tarot import Position as TarotPosition
from host_sim.i18n import _, ngettext
from host_sim.players.sampling import playout

_KING = 13
NO_CHELEM = "no-chelem"  # the taker's other choice when asked about the chelem


class TrickRules:
    """What the three games share: cards from ``legal_cards``, random playouts, the other
    hands hidden, a card's move described by the deck."""

    deck = FRENCH36

    def moves(self, deal, seat):
        return list(deal.legal_cards(seat))

    def apply(self, deal, seat, move):
        deal.play(seat, move)

    def playout_move(self, deal, seat, rnd):
        return rnd.choice(self.moves(deal, seat))

    def copy(self, deal):
        """An independent copy of ``deal`` (``host_sim.engine.clone``)."""
        return clone(deal)

    def playout(self, world, seat, move, rnd):
        """``world`` after ``move`` played to its end (``sampling.playout``)."""
        return playout(world, seat, move, self, rnd)

    def places(self, deal, seat):
        """``[(owner, list)]``: the lists ``seat`` cannot see; owner a seat or a name."""
        return [(s, deal.hands[s]) for s in range(deal.players) if s != seat]

    def hidden(self, deal, seat):
        """``(lists, may_hold(place, card))`` for :func:`sampling.resample`."""
        places = self.places(deal, seat)
        return [p[1] for p in places], lambda i, c: self.may_hold(deal, places[i][0], c)

    def may_hold(self, deal, owner, card):
        return True

    def resampled(self, deal):
        """Bookkeeping after the hidden cards moved (nothing by default)."""

    def describe(self, deal, seat, move):
        return _("plays %s") % self.deck.short(move)


class BankRules(TrickRules):
    """What Magistr and Zhopa share: playouts without the referee's per-card checks, the
    legal cards found in one pass (host_sim/engine/bank.py)."""

    def playout(self, world, seat, move, rnd):
        """``world`` after ``move`` (through the referee, checked), played to its end on a
        trusted copy (``clone``) with random legal moves."""
        w = clone(world)
        self.apply(w, seat, move)
        bank_engine.play_random(bank_engine.trust(w), _draws(rnd))
        return w


class MagistrRules(BankRules):
    """Magistr card play; score: the seat's points of the deal (seed 000)."""

    def score(self, deal, seat):
        return deal.result().points[seat]

    tally = score  # the duplicate figure: points of the deal

    def won(self, deal, seat):
        pts = deal.result().points
        return pts[seat] == max(pts)


class ZhopaRules(BankRules):
    """Zhopa: go / no, then card play; score: banks shed, points as a tie-break."""

    def moves(self, deal, seat):
        if deal.phase == zhopa.PHASE_BID:
            return [True, False]
        return TrickRules.moves(self, deal, seat)

    def apply(self, deal, seat, move):
        if deal.phase == zhopa.PHASE_BID:
            deal.bid(seat, move)
        else:
            deal.play(seat, move)

    def places(self, deal, seat):
        out = TrickRules.places(self, deal, seat)
        if deal.stock:
            out.append(("stock", deal.stock))
        return out

    def score(self, deal, seat):
        r = deal.result()
        return -r.changes[seat] + r.points[seat] / 1000.0

    def won(self, deal, seat):
        return deal.result().changes[seat] < 0

    def tally(self, deal, seat):
        """Banks shed in the deal: +1 shed, -1 taken (the duplicate figure)."""
        return -deal.result().changes[seat]

    def describe(self, deal, seat, move):
        if move is True or move is False:
            return _("goes (target %d)") % deal.game.target(True) if move else \
                _("does not go (target %d)") % deal.game.target(False)
        return TrickRules.describe(self, deal, seat, move)


class TarotRules(TrickRules):
    """French Tarot: bid, called king, écart, card play (module docstring)."""

    deck = TAROT
    BIDS = ("pass", "prise", "garde", "garde sans", "garde contre")

    def __init__(self, poignee=True, chelem=True):
        self.poignee = poignee
        self.chelem = chelem

    def moves(self, deal, seat):
        phase = deal.phase
        if phase == tarot.PHASE_BIDDING:
            return [b for b in self.BIDS if b == "pass" or
                    CONTRACT_NAMES.index(b) > deal.contract]
        if phase == tarot.PHASE_CALL:
            return callable_cards(deal.hands[seat])
        if phase == tarot.PHASE_ECART:
            return ecarts(deal.hands[seat], deal.game.chien_size)
        cards = TrickRules.moves(self, deal, seat)
        if self.poignee and deal.tricks_done == 0 and seat not in [s for s, _ in deal.poignees]:
            shown = poignee(deal.hands[seat], deal.players)
            if shown is not None:
                cards.append(shown)
        if self.chelem and may_announce_chelem(deal, seat):
            cards.append(CHELEM)
        return cards

    def apply(self, deal, seat, move):
        phase = deal.phase
        if phase == tarot.PHASE_BIDDING:
            deal.bid(seat, move)
        elif phase == tarot.PHASE_CALL:
            deal.call(seat, move)
        elif phase == tarot.PHASE_ECART:
            deal.discard(seat, list(move))
        elif isinstance(move, tuple):
            deal.announce(seat, POIGNEE, list(move))
        elif move == CHELEM or move in MISERES:
            deal.announce(seat, move)
        elif move != NO_CHELEM:
            deal.play(seat, move)

    def playout_move(self, deal, seat, rnd):
        """Others pass in a playout's bidding; the écart is the plain one (the first
        candidate); otherwise a random legal move."""
        if deal.phase == tarot.PHASE_BIDDING:
            return "pass"
        if deal.phase == tarot.PHASE_ECART:
            return ecarts(deal.hands[seat], deal.game.chien_size)[0]
        if deal.phase == tarot.PHASE_PLAY:  # no poignée in a playout
            return rnd.choice(TrickRules.moves(self, deal, seat))
        return rnd.choice(self.moves(deal, seat))

    def playout(self, world, seat, move, rnd):
        """``world`` after ``move`` played to its end: a card on the Tarot playout engine
        (host_sim/engine/tarot.py, random legal cards) straight from ``world``; a bid,
        call, écart or poignée through the referee on a copy, the playout policy up to the
        card play, then the engine."""
        draw = _draws(rnd)
        if world.phase == tarot.PHASE_PLAY and isinstance(move, int):
            pos = TarotPosition.from_deal(world)
            pos.play(move)
        else:
            w = clone(world)
            self.apply(w, seat, move)
            while w.phase not in (tarot.PHASE_PLAY, tarot.PHASE_OVER):
                s = w.current_seat()
                self.apply(w, s, self.playout_move(w, s, rnd))
            if w.phase == tarot.PHASE_OVER:
                return w
            pos = TarotPosition.from_deal(w)
        pos.play_random(draw, keep=pos.taker if pos.announced else -1)
        return pos.finished()

    def places(self, deal, seat):
        out = TrickRules.places(self, deal, seat)
        if deal.chien is not None and (deal.phase in (tarot.PHASE_BIDDING, tarot.PHASE_CALL)
                                       or deal.contract > GARDE):
            out.append(("chien", deal.chien))
        if deal.ecart and seat != deal.taker and not deal.ecart_trumps:
            out.append(("ecart", deal.ecart))
        return out

    def hidden(self, deal, seat):
        voids = shown_voids(deal)
        places = self.places(deal, seat)
        shown = {c: s for s, cards in deal.poignees for c in cards}  # in that hand

        def may_hold(i, card):
            owner = places[i][0]
            if card in shown:
                return owner == shown[card]
            if owner == "ecart":
                return SUITS[card] < TRUMP and deal.deck.rank(card) != _KING \
                    and not is_oudler(card)
            return owner == "chien" or SUITS[card] not in voids[owner]

        return [p[1] for p in places], may_hold

    def resampled(self, deal):
        """The called card's holder follows the new deal (5 players, FFT p.12)."""
        if deal.called >= 0 and not deal.seen[deal.called]:
            deal._holder = deal._find_holder(deal.called)

    def score(self, deal, seat):
        return deal.result().marks[seat]

    tally = score  # the duplicate figure: marks

    def won(self, deal, seat):
        return deal.result().marks[seat] > 0

    def describe(self, deal, seat, move):
        if move == CHELEM or move == NO_CHELEM:
            return _("announces the chelem") if move == CHELEM else _("announces no chelem")
        if isinstance(move, str):
            return _("bids %s") % move if move != "pass" else _("passes")
        if isinstance(move, tuple) and deal.phase == tarot.PHASE_PLAY:
            return ngettext("shows a poignée of %d trump", "shows a poignée of %d trumps",
                            len(move)) % len(move)
        if isinstance(move, tuple):
            return _("lays away %s") % " ".join(TAROT.short(c) for c in move)
        if deal.phase == tarot.PHASE_CALL:
            return _("calls %s") % TAROT.short(move)
        out = trumps_out(deal, seat)
        return ngettext("plays %s, counts %d trump out", "plays %s, counts %d trumps out",
                        out) % (TAROT.short(move), out)


def may_announce_chelem(deal, seat):
    """True while ``seat`` may announce the chelem: the taker, in card play, before the
    first card and any poignée, not announced yet (FFT p.6; ``Bidding.announce``)."""
    return (deal.phase == tarot.PHASE_PLAY and seat == deal.taker and not deal.history
            and not deal.poignees and not deal.chelem_announced)


def chelem_choice(player, deal):
    """The taker's chelem announcement before the first card when another seat leads
    (the sampling ``player``, TarotRules): a :class:`sampling.Choice` of ``CHELEM`` or
    ``NO_CHELEM`` over the same sampled worlds, or None when he may not announce now."""
    if not may_announce_chelem(deal, deal.taker):
        return None
    return player.decide(deal, deal.taker, moves=[NO_CHELEM, CHELEM])


def _draws(rnd):
    """A ``next32()`` over ``rnd`` (random.Random) for the playout engines."""
    bits = rnd.getrandbits
    return lambda: bits(32)


def shown_voids(deal):
    """Per seat the effective suits it has shown it lacks (FFT p.7): not following the
    suit led (the first card other than the Excuse) shows that suit void; playing neither
    it nor a trump shows trumps void too."""
    voids = [set() for _ in range(deal.players)]
    hist = deal.history
    n = deal.players
    for start in range(0, len(hist), n):
        trick = hist[start:start + n]
        cards = []
        for seat, card in trick:
            led = led_suit(cards)
            cards.append(card)
            if led < 0 or card == EX or SUITS[card] == led:
                continue
            voids[seat].add(led)
            if SUITS[card] != TRUMP:
                voids[seat].add(TRUMP)
    return voids


def trumps_out(deal, seat):
    """Trumps ``seat`` has not seen: not in its hand, not played (its écart if taker)."""
    seen = set(deal.hands[seat])
    seen.update(c for _, c in deal.history)
    if seat == deal.taker and deal.ecart:
        seen.update(deal.ecart)
    return len([c for c in range(78) if SUITS[c] == TRUMP and c not in seen])


def poignee(hand, players):
    """The largest poignée ``hand`` may show (FFT p.7: 10/13/15 trumps at 4 players, 13/15/18
    at 3, 8/10/13 at 5; the Excuse stands in only when every trump is shown): its lowest
    trumps as a tuple, or None."""
    for size in reversed(POIGNEE_SIZES[players]):
        shown = poignee_of(hand, size)
        if shown is not None:
            return shown
    return None


def poignee_of(hand, size):
    """The ``size`` trumps ``hand`` shows for a poignée of that size (FFT p.7): its lowest
    trumps, the Excuse standing in only when every trump is shown; a tuple, or None when
    the hand holds too few."""
    trumps = sorted(c for c in hand if SUITS[c] == TRUMP)
    if len(trumps) >= size:
        return tuple(trumps[:size])
    if EX in hand and len(trumps) + 1 == size:
        return tuple(trumps) + (EX,)
    return None


def miseres(deal, seat):
    """The misères ``seat`` may announce now (house rule ``misere``, core.games.tarot_house:
    no trump, no face card; the Excuse is neither): those its hand bears out (the taker's
    after his écart), not announced yet, in the order the table menu lists them; [] with
    the rule off or after the seat's first card."""
    if deal.game.misere == MISERE_OFF or deal.phase != tarot.PHASE_PLAY or \
            deal.tricks_done > 0 or deal.to_play() != seat:
        return []
    return [kind for kind in MISERES if (seat, kind) not in deal.miseres and
            misere_breaker(kind, deal.hands[seat]) < 0]


def announcements(deal, seat):
    """What the plain players announce at ``seat``'s turn before its first card, in the
    order they are made: its largest poignée (:func:`poignee`, FFT p.7) whenever the hand
    holds one and it has shown none, then :func:`miseres`. The chelem is never the plain
    player's (400 lost when not made, FFT p.6: only the sampling player weighs it). Moves
    as :class:`TarotRules` takes them: a tuple of trumps shown, a misère kind."""
    if deal.phase != tarot.PHASE_PLAY or deal.tricks_done > 0 or deal.to_play() != seat:
        return []
    out = []
    if seat not in [s for s, _ in deal.poignees]:
        shown = poignee(deal.hands[seat], deal.players)
        if shown is not None:
            out.append(shown)
    return out + miseres(deal, seat)


def announce_labels(items, seat, move):
    """The table menu labels that enter ``seat``'s announcement ``move`` (CHELEM, a tuple
    of trumps shown, a misère kind) among ``items``, the flow's table menu
    (device/flows/tarot.py ``table_items``: "Chelem (P3)"; "Poignee P2" then its size,
    "10", whose trumps the board then scans; "Misere atout P2"), read from the items'
    own actions so the labels are the board's; None when the menu offers no such item."""
    from device.flows import SCAN
    for item in items:
        if item.submenu is not None and isinstance(move, tuple):
            for sub in item.submenu.items:
                scan, (count, verb, prefix) = sub.actions[0]
                if (scan, verb, prefix, count) == (SCAN, "announce", (seat, POIGNEE), len(move)):
                    return [item.label, sub.label]
        elif item.actions and item.actions[0] == ("announce", (seat, move)):
            return [item.label]
    return None


def callable_cards(hand):
    """The cards a taker may call at 5 players (FFT p.12): the kings he lacks (all four
    when he holds them all), or the next rank down when he holds every king."""
    for rank in (_KING, 12, 11, 10):
        ranks = [s * 14 + rank for s in range(4)]
        if not all(c in hand for c in ranks):
            lacking = [c for c in ranks if c not in hand]
            return lacking
    return [s * 14 + 10 for s in range(4)]


def plain_ecart(hand, size):
    """``size`` cards to put away, as the simulator's plain taker does: side cards below the
    kings, lowest first; then the lowest trumps that are not oudlers (shown, FFT p.6) if
    the side cards run out. A list of card numbers of ``core.cards.TAROT``."""
    side = sorted((c for c in hand if SUITS[c] < TRUMP and TAROT.rank(c) != _KING),
                  key=lambda c: (TAROT.rank(c), c))
    trumps = sorted((c for c in hand if SUITS[c] == TRUMP and not is_oudler(c)),
                    key=lambda c: (TAROT.rank(c), c))
    return (side + trumps)[:size]


def ecarts(hand, size):
    """Up to three candidate écarts of ``size`` cards (tuples; FFT p.6: no king, no oudler,
    trumps only when the side cards run out): the plain one (lowest side cards,
    :func:`plain_ecart`), the fattest side cards (queens, knights, jacks kept safe for the
    taker), and one that empties the shortest side suits."""
    side = [c for c in hand if SUITS[c] < TRUMP and TAROT.rank(c) != _KING]
    plain = tuple(plain_ecart(hand, size))
    out = [plain]
    if len(side) >= size:
        fat = sorted(side, key=lambda c: (-TAROT.rank(c), c))[:size]
        count = [0, 0, 0, 0]
        for c in side:
            count[SUITS[c]] += 1
        short = sorted(side, key=lambda c: (count[SUITS[c]], SUITS[c], TAROT.rank(c)))
        for cand in (tuple(fat), tuple(short[:size])):
            if sorted(cand) not in [sorted(o) for o in out]:
                out.append(cand)
    return out


def rules_for(game, **options):
    """The rules object of a game name (``tarot``, ``magistr``, ``zhopa``) with its
    ``options`` (Tarot: ``poignee``); ValueError for another game."""
    table = {"tarot": TarotRules, "magistr": MagistrRules, "zhopa": ZhopaRules}
    if game not in table:
        raise ValueError("no sampling rules for %r" % (game,))
    return table[game](**options)


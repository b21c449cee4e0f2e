"""The simulator's computer seats: plain or smart (``trickref sim --computer``).

``Computer("plain")`` is today's seat (``host_sim.ui.robot``: the cheapest card that does
the job; the menus' plain bids). ``Computer("smart")`` asks the sampling players
(docs/players.md): Skat card play (host_sim/players/skat.py), bidding limit, hand or pick-up,
game and discard (skat_bid.py, skat_declare.py); Tarot bids, called king, écart, the
announcements before the first card (chelem, poignée; ``announcements``) and card play,
Magistr card play, Zhopa go / no and card play (sampling.py, games.py). ``hint``
gives a person's seat the card the smart player would play, its estimated chance and a
one-line reason. Every method reads the simulator's shadow deal (``core.games`` with
known hands) only through what the asking seat may see.
"""

from core.games import skat, tarot
from core.games.tarot_bidding import CHELEM
from host_sim.i18n import _
from host_sim.players.adapter import skat_hint
from host_sim.players.games import announcements, chelem_choice, rules_for
from host_sim.players.sampling import SamplingPlayer
from host_sim.players.skat import SkatCardPlayer
from host_sim.players.skat_bid import SkatBidder, auction
from host_sim.players.skat_declare import SkatDeclarer
from host_sim.ui import robot

MODES = ("plain", "smart")


def _game_of(deal):
    """The game name a shadow deal declares (``Deal.GAME``: ``"skat"``, ``"tarot"``,
    ``"magistr"``, ``"zhopa"``); ValueError for an object that declares none."""
    game = getattr(deal, "GAME", None)
    if game is None:
        raise ValueError("%s declares no game" % type(deal).__name__)
    return game


class Computer:
    """The computer seats of one simulator run. ``mode``: ``plain`` or ``smart``;
    ``seed``: the players' random streams; ``worlds``, ``time_budget``: the players'
    strength (None: their defaults; a budget no decision reaches makes a run reproducible).
    ValueError for another mode."""

    def __init__(self, mode="smart", seed=1, worlds=None, time_budget=None):
        if mode not in MODES:
            raise ValueError("computer %r: plain or smart" % (mode,))
        self.mode = mode
        self.seed = seed
        self.strength = {}
        if worlds is not None:
            self.strength["worlds"] = worlds
        if time_budget is not None:
            self.strength["time_budget"] = time_budget
        self._players = {}
        self.last_reason = ""  # the last smart decision in one line (side panel)

    @property
    def smart(self):
        return self.mode == "smart"

    def _sampler(self, game):
        if game not in self._players:
            if game == "skat":
                self._players[game] = SkatCardPlayer(seed=self.seed, **self.strength)
            else:
                self._players[game] = SamplingPlayer(rules_for(game), seed=self.seed,
                                                     **self.strength)
        return self._players[game]

    def _budget(self):
        return {k: v for k, v in self.strength.items() if k == "time_budget"}

    # --- card play ----------------------------------------------------------------------

    def card(self, deal, seat, legal, note=None, label=None):
        """The card ``seat`` plays among ``legal`` (non-empty) of the shadow ``deal``;
        ``note(text)``: where the smart player's one-line reason goes (the side panel);
        ``label(seat)``: the seat's name at the table ("P2"; default deal seat + 1, wrong
        in Skat, whose deal seats start left of the dealer)."""
        if self.smart:
            choice = self._decide(deal, seat)
            if choice is not None and choice[0] in legal:
                self.last_reason = "%s %s" % (_label(label, seat), choice[2])
                if note is not None:
                    note(self.last_reason)
                return choice[0]
        return robot.choose_card(deal, seat, legal)

    def hint_line(self, deal, seats, label=None):
        """The hint key's line for the person whose turn it is (``seats``: deal seats a
        person plays; ``label`` as in :meth:`card`): ``"hint P1: plays ♥K, wins 64% of
        samples, ..."``."""
        try:
            seat = deal.current_seat()
        except Exception:  # no deal, or a phase without a turn
            seat = -1
        if deal is None or seat not in seats:
            return _("hint: not your turn to play a card")
        h = self.hint(deal, seat)
        if h is None:
            return _("hint: no card to play now")
        return _("hint %s: %s") % (_label(label, seat), h[2])

    def hint(self, deal, seat):
        """``(card, chance 0-1 or None, reason)`` the smart player gives ``seat`` now, or
        None when it has no card to play (or the game has no sampling player)."""
        return self._decide(deal, seat)

    def _decide(self, deal, seat):
        try:
            game = _game_of(deal)
            if game == "skat":
                if deal.phase != skat.PHASE_PLAY or deal.current_seat() != seat:
                    return None
                return skat_hint(deal, seat, self._sampler("skat"))
            c = self._choice(deal, seat)
            if game == "tarot" and deal.phase == tarot.PHASE_PLAY and not _is_card(c.move):
                c = self._choice(deal, seat, "card")  # an announcement weighed first
        except ValueError:  # no sampling rules for the game, or no move now
            return None
        if not _is_card(c.move):
            return None
        return c.move, c.chance, c.reason

    def _choice(self, deal, seat, ask=None):
        """The sampling player's Choice for ``seat`` to play now, kept while the deal stays
        at that moment (the board's menus and the card ask again over many frames, the card
        after the announcements). ``ask``: None, every move; ``"chelem"``, the Tarot
        taker's chelem or not while another seat leads (``games.chelem_choice``; None when
        he may not announce it); ``"card"``, its cards only (an announcement weighed
        first is the table menu's, not a card)."""
        key = (seat, ask, len(getattr(deal, "history", ())), len(getattr(deal, "poignees", ())),
               getattr(deal, "chelem_announced", False), len(getattr(deal, "miseres", ())))
        kept = getattr(self, "_kept", None)
        if kept is None or kept[0] is not deal:
            kept = self._kept = (deal, {})
        if key not in kept[1]:
            player = self._sampler(_game_of(deal))
            if ask == "chelem":
                kept[1][key] = chelem_choice(player, deal)
            elif ask == "card":
                kept[1][key] = player.decide(deal, seat, moves=list(deal.legal_cards(seat)))
            else:
                kept[1][key] = player.decide(deal, seat)
        return kept[1][key]

    # --- choices ------------------------------------------------------------------------

    def announcements(self, deal, seat):
        """What ``seat`` of a Tarot ``deal`` announces now, before its first card, in the
        order it is entered (moves as ``TarotRules`` takes them): the taker's ``CHELEM``
        (FFT p.6: smart only, when the samples say it is made), its poignée (FFT p.7: a
        tuple of the trumps shown; plain whenever the hand holds one, its largest; smart
        when the samples say its camp wins, ``games.poignee``), the misères its hand bears
        out with the house rule on (``games.miseres``). [] in another game or moment."""
        if getattr(deal, "GAME", None) != "tarot" or deal.phase != tarot.PHASE_PLAY:
            return []
        plain = announcements(deal, seat) if deal.to_play() == seat else []
        if not self.smart:
            return plain
        out = [m for m in plain if not isinstance(m, tuple)]  # the misères
        to_play = deal.to_play() == seat
        if not to_play and seat != deal.taker:
            return out
        c = self._choice(deal, seat, None if to_play else "chelem")
        if c is not None and (c.move == CHELEM or to_play and isinstance(c.move, tuple)):
            self.last_reason = "P%d %s" % (seat + 1, c.reason)
            out.insert(0, c.move)
        return out

    def move(self, deal, seat):
        """The smart non-card move of ``seat`` now (a Tarot bid, called card or écart, a
        Zhopa go / no), or None (plain mode, or nothing to choose)."""
        if not self.smart:
            return None
        key = (deal.phase, seat, len(getattr(deal, "history", ())),
               repr(getattr(deal, "bids", None)))
        cached = getattr(self, "_move", None)
        if cached is not None and cached[0] is deal and cached[1] == key:
            return cached[2]  # the menus may ask twice for the same prompt
        try:
            c = self._sampler(_game_of(deal)).decide(deal, seat)
        except ValueError:  # no game declared, no sampling rules, or no move now
            return None
        self.last_reason = "P%d %s" % (seat + 1, c.reason)
        self._move = (deal, key, c.move)
        return c.move

    def skat_auction(self, hands):
        """``(declarer or -1, bid)`` of three smart bidders on the dealt ``hands``
        (ISkO 3.1, host_sim/players/skat_bid.py); the plans are kept for :meth:`skat_hand`."""
        key = tuple(tuple(h) for h in hands)
        if getattr(self, "_auction", (None,))[0] != key:  # once per deal
            bidder = SkatBidder(seed=self.seed, **self._budget())
            self._plans = [bidder.plan(hands[s], s) for s in range(3)]
            self._auction = (key, auction([p.limit for p in self._plans]))
        declarer, bid = self._auction[1][:2]
        if declarer >= 0:
            self.last_reason = _("P%d bids up to %d") % (declarer + 1, self._plans[declarer].limit)
        return declarer, bid

    def skat_limits(self):
        """Each deal seat's highest bid in the last :meth:`skat_auction` (None before)."""
        plans = getattr(self, "_plans", None)
        return [p.limit for p in plans] if plans else None

    def skat_hand(self, declarer, bid):
        """The hand contract letter(s) (``"GH"``...) when the declarer's plan plays hand at
        ``bid``, else None (he picks up)."""
        plans = getattr(self, "_plans", None)
        if not plans or not plans[declarer].plays_hand(bid):
            return None
        return plans[declarer].hand_expect(bid)[1]

    def skat_declare(self, cards, declarer, bid):
        """``(kind 0-5, two cards to lay away)`` for the declarer's 12 ``cards``."""
        letter, pair = SkatDeclarer(seed=self.seed, **self._budget()).declare(
            list(cards), declarer, bid)
        return "CSHDGN".index(letter), pair


def _is_card(move):
    """True when a sampling player's ``move`` is a card number (not a bid, an écart, a
    poignée or an announcement)."""
    return isinstance(move, int) and not isinstance(move, bool)


def _label(label, seat):
    """``seat``'s name: ``label(seat)``, or "P<seat + 1>" without one."""
    return label(seat) if label is not None else "P%d" % (seat + 1)

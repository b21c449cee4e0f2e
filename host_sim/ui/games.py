"""What the simulator must know of each game beyond its firmware flow.

The firmware never sees the hands; the simulator deals them (a seeded shuffle, or a game
record) and keeps a *shadow* deal of the rules core with every hand known, fed the same
actions as the firmware's referee, so computer seats can ask ``legal_cards``. An adapter
per game says how to deal, how to build the shadow, which menu labels the computer enters
for a choice, and what happens to the talon (Skat's skat, Tarot's chien).

``adapter_for(flow, record=None)`` returns the adapter of a ``device.flows`` module.
:class:`TrickGame` is the generic one (deal the deck out evenly, shadow from
``match.new_deal(hands=...)``, the first item of every menu the computer must answer);
:class:`Skat` knows the auction result, skat pickup, discard and the skat scan (and plays
an ISS record); :class:`Bank` (Magistr, Zhopa) the first leader, Zhopa's stock and bids;
:class:`Tarot` the bids, the called king, chien and écart.

Menu labels are the flows' own strings (``device/flows/*.py``), as a person reads them.
Adapters read the simulator through a few attributes (``sim.shadow``, ``sim.fw_deal``,
``sim.match``, ``sim.dealt_hands``, ``sim.tableau``, ``sim.humans``, ``sim.pad_of(seat)``,
``sim.note(text)``).
"""

from host_sim.i18n import _, ngettext
from host_sim.ui import tableau as T


BIDS_SHOWN = 4  # bids shown on the table (the side panel keeps them all)
FACT = -2  # choice_owner: a fact of the cards (who holds the lowest diamond): always entered


def _attr(obj, name, default=None):
    """``obj.name``, or ``default`` (a table deal may refuse questions before it starts)."""
    try:
        return getattr(obj, name)
    except Exception:  # AttributeError, or IllegalPlay from a deal not started yet
        return default


class TrickGame:
    """Generic adapter: any flow whose match has ``new_deal(hands=...)``.

    ``hand_size(match, n)``: cards per seat (default: the deck shared out evenly);
    ``talon_size(match, n)``: cards dealt to the talon (default none).
    """

    talon_label = ""
    # play passes clockwise: Skat is dealt and played clockwise (ISkO); Magistr and Zhopa
    # lead from the dealer's left (docs/rules/magistr.md, docs/rules/zhopa.md)
    direction = 1
    direction_words = "play passes clockwise (to the left)"

    def __init__(self, flow, record=None):
        self.flow = flow
        self.deck = flow.DECK
        self.record = record
        self._given = set()
        self.bids = []

    # --- dealing ---------------------------------------------------------------------

    def hand_max(self, players):
        """The most cards a hand holds at a table of ``players`` (for the layout)."""
        return len(self.deck) // players

    def hand_size(self, match, n):
        """Cards per seat for ``n`` seats."""
        return len(self.deck) // n

    def talon_size(self, match, n):
        """Cards in the talon for ``n`` seats."""
        return 0

    def deal(self, match, n, rng, first=False):
        """``(hands by deal seat, talon)`` for the next deal, shuffled with ``rng``
        (``core.rng.Rng``). ``first``: the first deal of the run (a record deals it)."""
        pack = rng.shuffle(list(range(len(self.deck))))
        k = self.hand_size(match, n)
        hands = [pack[i * k:(i + 1) * k] for i in range(n)]
        t = self.talon_size(match, n)
        return hands, pack[n * k:n * k + t]

    def shadow(self, match, hands, talon):
        """A rules-core Deal like the firmware's, with every hand known."""
        return match.new_deal(hands=hands)

    def new_deal(self):
        """Forget the per-deal state."""
        self._given = set()
        self.bids = []  # the computers' bids said so far this deal, in words

    def bid_steps(self, sim, labels):
        """The bids the computers say, one by one, before the table enters ``labels`` for
        the pending prompt ("P2 says 18", "P3 passes"); default none."""
        return []

    # --- feeding the shadow ----------------------------------------------------------

    def translate(self, sim, verb, args):
        """The action to apply to the shadow for the firmware's ``verb(*args)``, or None
        to skip it (a question the known hands already answer)."""
        return verb, args

    def after_sync(self, sim):
        """Called after the shadow caught up with the firmware. Default: a talon card the
        shadow now counts in a seat's hand (a drawn stock card, a taken chien) moves to
        that seat's hand on the table, once (cards put back later stay in the talon)."""
        sh = sim.shadow
        hands = _attr(sh, "hands")
        if not hands:
            return
        talon = set(sim.tableau.talon()) & set(sim.dealt_talon)
        if not talon:
            return
        for seat, hand in enumerate(hands):
            for c in hand:
                if c in talon and c not in self._given:
                    self._given.add(c)
                    pad = sim.pad_of(seat)
                    if pad >= 0:
                        sim.tableau.move(c, T.HAND, pad)

    # --- choices the computer enters -------------------------------------------------

    def choice_owner(self, sim):
        """Who the pending choice belongs to: a pad, FACT (the cards decide: always
        entered by the computer), or None (the whole table: a person if one plays)."""
        return None

    def choices(self, sim):
        """Menu labels the computer chooses for the pending prompt, or None: take the first
        item of each menu (every option at its default)."""
        return None

    def record_play(self, sim, seat):
        """The recorded card for deal seat ``seat`` now, or None (no record, or off it)."""
        return None

    def table_choice(self, sim):
        """An in-play table choice the computer enters now (a record's claim or
        resignation, a computer's announcement): the table menu's labels to choose in
        order, or None."""
        return None

    def shown_cards(self, sim, verb, count):
        """``(pad, cards)``: the ``count`` cards a computer lays for the board's scan
        ``verb`` that its table choice asked for (a Tarot poignée), each laid on ``pad``
        and lifted back into the hand; None when the scan is a person's."""
        return None

    def final_scan(self, sim, count):
        """The cards to scan when the deal awaits ``count`` cards (default: the talon)."""
        return sim.tableau.talon()[:count]

    def seat_note(self, sim, seat):
        """A word about deal seat ``seat`` for its label (declarer, taker...)."""
        return ""

    def person_step(self, sim):
        """A step only a person does that the board cannot see, pending now (the choice
        menus wait for it): its words for the screen, or None."""
        return None

    def talon_caption(self, sim):
        """A line by the talon about what the table has seen of it ("" for none)."""
        return ""

    def discard_owed(self, sim):
        """``(pad, n)`` while the deal waits for the seat at ``pad`` to put ``n`` cards away
        into the talon box unseen by the board (Skat's discard after the pick-up, Tarot's
        écart "Not scanned"), else None."""
        return None

    def computer_discard(self, sim, pad, n):
        """The ``n`` cards the computer puts away from the hand at ``pad`` (the seat of
        :meth:`discard_owed`)."""
        return []

    def discarding(self, sim, pad):
        """True while the person at ``pad`` puts cards away into the talon box (Skat's
        discard, Tarot's écart) and the box has room: a click on a card of their hand
        then puts it there, not on the pad."""
        owed = self.discard_owed(sim)
        return owed is not None and owed[0] == pad and len(sim.tableau.talon()) < owed[1]

    def lay_discard(self, sim):
        """The A key ("the computer acts for you") at a person's discard: before the menu's
        OK the computer does what the person does, lays its discard in the talon box (else
        the board plays on with those cards in the hand and the shadow deal is lost). A
        whole discard the person laid is theirs and stays; a partial one goes back into
        the hand first."""
        owed = self.discard_owed(sim)
        if owed is None or owed[0] not in sim.humans:
            return
        pad, n = owed
        put = sim.tableau.talon()
        if len(put) == n:
            return
        for c in put:
            sim.tableau.move(c, T.HAND, pad)
        for c in self.computer_discard(sim, pad, n):
            sim.tableau.move(c, T.TALON)

    def menu_hint(self, sim):
        """How a person answers the deal's menu now, when the menu alone does not say
        (a step with cards); "" for the plain "answer on the board"."""
        return ""

    def bids_caption(self):
        """The last bids said, for the table ("" before any): at most ``BIDS_SHOWN``."""
        if not self.bids:
            return ""
        return _("Bids: %s") % ", ".join(self.bids[-BIDS_SHOWN:])


def _go_words(who, go):
    """Zhopa's go / no bid of ``who`` ("P2") in words: "P2 goes", "P2 says no"."""
    return (_("%s goes") if go else _("%s says no")) % who


class Bank(TrickGame):
    """Magistr and Zhopa (French 36, the bank beating system). The firmware's deal 1 waits
    for the table to name the holder of the lowest diamond (``lead``): the computer
    answers from the dealt hands (a fact, not a choice). Magistr deals
    ``game.hand_size(number)`` cards each (9 in the "Усе" deals); Zhopa 4 each and the rest
    as the stock (drawn after each trick, in order), through ``game.deal_cards``."""

    def __init__(self, flow, record=None):
        TrickGame.__init__(self, flow, record)
        self.talon_label = "Stock" if flow.NAME == "zhopa" else ""

    def hand_max(self, players):
        return 4 if self.flow.NAME == "zhopa" else 36 // players

    def deal(self, match, n, rng, first=False):
        game = match.game
        if self.flow.NAME == "zhopa":
            return game.deal_cards(rng)
        return game.deal_cards(match.number(), rng), []

    def shadow(self, match, hands, talon):
        if self.flow.NAME == "zhopa":
            return match.new_deal(hands=hands, stock=list(talon))
        return match.new_deal(hands=hands)

    def translate(self, sim, verb, args):
        if verb == "lead":
            return None  # known hands name the leader themselves
        return verb, args

    def after_sync(self, sim):
        """Zhopa: every go / no bid made, a person's too, in words ("P2 goes", "P1 says
        no", A39); one taken back leaves the list."""
        if self.flow.NAME == "zhopa":
            self.bids = [_go_words("P%d" % (sim.pad_of(args[0]) + 1), args[1])
                         for verb, args in sim.ctl.view().app.referee.actions if verb == "bid"]
        TrickGame.after_sync(self, sim)

    def bid_steps(self, sim, labels):
        """A computer's Zhopa go / no in words, said before it is entered."""
        d = sim.fw_deal
        if self.flow.NAME != "zhopa" or not labels or self._waiting_leader(sim) or d is None:
            return []
        who = "P%d" % (sim.pad_of(d.current_seat()) + 1)
        return [_go_words(who, labels[0].startswith("Go"))]

    def _waiting_leader(self, sim):
        d = sim.fw_deal
        w = getattr(d, "waiting_for_leader", None) if d is not None else None
        return bool(w and w())

    def choice_owner(self, sim):
        if self._waiting_leader(sim):
            return self._leader_pad(sim)
        d = sim.fw_deal
        if self.flow.NAME == "zhopa" and d is not None:
            try:
                return sim.pad_of(d.current_seat())  # each player's own go/no bid
            except Exception:  # between phases
                return None
        return None

    def _leader_pad(self, sim):
        """The pad of the first leader (the holder of the lowest diamond in deal 1,
        docs/rules/magistr.md): the one who answers the table's question, as at a real
        table; FACT (the computer answers) while the hands are unknown."""
        m = sim.match
        hands = sim.dealt_hands
        if not hands:
            return FACT
        return sim.pad_of(m.game.first_leader(m.number(), m.next_dealer(), hands))

    def menu_hint(self, sim):
        """Deal 1's question "Low diamond:" put to the person who holds it: the screen
        names the card, since the other hands lie face down (a new user could not know the
        ♦9 in their hand was the lowest dealt)."""
        from host_sim.ui.words import card_words
        low = self._lowest_dealt(sim)
        if low is None:
            return ""
        return _("you hold the lowest diamond dealt, %s: choose P%d, then lead") % (
            card_words(self.deck, low[1]), sim.pad_of(low[0]) + 1)

    def person_step(self, sim):
        """Practice mode: OK on another seat than the holder of the lowest diamond dealt is
        refused with the hint (the board cannot check it: the hands are unknown to it).
        The seat under the menu's cursor is read by its key (:func:`_cursor_on`)."""
        low = self._lowest_dealt(sim)
        if low is None or not sim.practice:
            return None
        on = _cursor_on(sim, "P%d" % (sim.pad_of(low[0]) + 1))
        if on is None or on:
            return None
        return self.menu_hint(sim)

    def _lowest_dealt(self, sim):
        """``(deal seat, card)`` of the lowest diamond dealt while deal 1 waits for the
        person holding it to name the first leader; None otherwise."""
        if not self._waiting_leader(sim) or not sim.dealt_hands:
            return None
        from core.games.bank import lowest_diamond
        low = lowest_diamond(sim.dealt_hands)
        if low is None or sim.pad_of(low[0]) not in sim.humans:
            return None
        return low

    def choices(self, sim):
        if self._waiting_leader(sim):
            pad = self._leader_pad(sim)
            return None if pad == FACT else ["P%d" % (pad + 1)]
        m = sim.match
        sh = sim.shadow
        if self.flow.NAME == "zhopa" and sh is not None and _attr(sh, "hands"):
            seat = sh.current_seat()
            hand = sh.hands[seat]
            high = sum(1 for c in hand if self.deck.rank(c) in (2, 4, 8))  # 8, 10, A
            go = _smart(sim, sh, seat, high >= 2)
            return ["%s (%d)" % ("Go" if go else "No", m.game.target(go))]
        return None


class Tarot(TrickGame):
    """French Tarot: ``game.hand_size`` cards each and the chien. The computer bids on
    trumps, oudlers and kings; as taker it calls a king it lacks (5 players), takes the
    chien and puts away its weakest side cards (no king, no oudler, FFT p.6) without a
    scan ("Not scanned"): the shadow gets the écart from the talon. Before its first card
    a computer seat announces from the table menu (:meth:`table_choice`), its poignée's
    trumps laid on its pad (:meth:`shown_cards`)."""

    talon_label = "Chien"
    direction = -1  # docs/rules/tarot.md "Seats and units", FFT p.4-5
    direction_words = "play passes counter-clockwise (to the right)"
    chien = ""  # the chien in words once the bids are over

    def hand_max(self, players):
        return {3: 30, 4: 24, 5: 18}.get(players, 24)  # a hand and the chien (FFT p.4)

    def hand_size(self, match, n):
        return match.game.hand_size

    def talon_size(self, match, n):
        return match.game.chien_size

    def new_deal(self):
        TrickGame.new_deal(self)
        self._ecart_done = False
        self._announced = set()  # (seat, what) a computer entered this deal
        self.chien = ""

    def talon_caption(self, sim):
        return self.chien

    def discard_owed(self, sim):
        from core.games import tarot
        d = sim.fw_deal
        if _attr(d, "phase") != tarot.PHASE_ECART:
            return None
        return sim.pad_of(d.taker), sim.match.game.chien_size

    def computer_discard(self, sim, pad, n):
        """The plain taker's écart (no king, no oudler, FFT p.6), or the smart one's."""
        sh = sim.shadow
        return _smart(sim, sh, sh.taker, tarot_ecart(sim.tableau.hand(pad), n))

    def person_step(self, sim):
        """A person taker's écart "Not scanned" (FFT p.6: the cards put away face down)
        is refused until the Chien box holds the écart from their hand: the board cannot
        see those cards, so OK there would start the play with the chien still in hand
        (a new user's "Not scanned" with an empty box left 24 cards in hand and the shadow
        deal lost). "Scan n cards" needs no cards in the box (they are laid on a pad)."""
        from core.games import tarot
        d = sim.fw_deal
        if _attr(d, "phase") != tarot.PHASE_ECART:
            return None
        pad = sim.pad_of(d.taker)
        if pad not in sim.humans or not _cursor_on(sim, "Not scanned"):
            return None
        n = sim.match.game.chien_size
        put = sim.tableau.talon()
        hand = _attr(sim.shadow, "hands")
        if len(put) == n and hand and all(c in hand[d.taker] for c in put):
            return None
        return ngettext("P%d: drag %d card into the Chien box, then choose Not scanned",
                        "P%d: drag %d cards into the Chien box, then choose Not scanned",
                        n) % (pad + 1, n)

    def translate(self, sim, verb, args):
        from core.games import tarot
        sh = sim.shadow
        if verb == "discard" and (len(args) < 2 or args[1] is None) and \
                _attr(sh, "phase") == tarot.PHASE_ECART and _attr(sh, "hands"):
            put = sim.tableau.talon()
            hand = sh.hands[args[0]]
            if len(put) == sim.match.game.chien_size and all(c in hand for c in put):
                return verb, (args[0], list(put))
        return verb, args

    def after_sync(self, sim):
        from core.games import tarot
        sh = sim.shadow
        # every bid made, a person's too, in words; one taken back leaves the list
        self.bids = [_tarot_said(sim, args) for verb, args in
                     sim.ctl.view().app.referee.actions if verb == "bid"]
        if not self.chien and _attr(sh, "phase", 0) > tarot.PHASE_CALL and \
                _attr(sh, "contract", 0) > 0:  # bids and call over (FFT p.12): chien seen
            from host_sim.ui.words import chien_words
            self.chien = chien_words(self.deck, sim.dealt_talon, sh.contract)
            sim.note(self.chien)
        TrickGame.after_sync(self, sim)
        if sh is None or _attr(sh, "phase") != tarot.PHASE_ECART or self._ecart_done:
            return
        pad = sim.pad_of(sh.taker)
        if pad < 0 or pad in sim.humans:
            return
        self._ecart_done = True
        for c in self.computer_discard(sim, pad, sim.match.game.chien_size):
            sim.tableau.move(c, T.TALON)

    def choice_owner(self, sim):
        d = sim.fw_deal
        try:
            return sim.pad_of(d.current_seat())  # the bidder; the taker calls and discards
        except Exception:  # no deal
            return None

    def bid_steps(self, sim, labels):
        """A computer's bid at prise, garde... in words (FFT p.5: each bids once, in turn)."""
        from core.games import tarot
        sh = sim.shadow
        if _attr(sh, "phase") != tarot.PHASE_BIDDING or not labels:
            return []
        return [_tarot_said(sim, (sh.current_seat(), labels[0].lower()))]

    def choices(self, sim):
        from core.games import tarot
        from device.flows.tarot import SUIT_LCD
        sh = sim.shadow
        if sh is None or not _attr(sh, "hands"):
            return None
        phase = sh.phase
        if phase == tarot.PHASE_BIDDING:
            want = tarot_bid(sh.hands[sh.current_seat()], sim.match.game.hand_size)
            labels = ("Pass", "Prise", "Garde", "Garde sans", "Garde contre")  # the menu's
            want = labels.index(_smart(sim, sh, sh.current_seat(), labels[want]).capitalize())
            return [labels[want] if want > sh.contract else "Pass"]
        if phase == tarot.PHASE_CALL:
            card = _smart(sim, sh, sh.taker, None)  # the sampling player's call, if smart
            if card is not None:
                code = self.deck.code(card)  # suit letter, rank letter: "HK"
                word = dict(zip("KQCJ", ("Roi", "Reine", "Cavalier", "Valet")))[code[1]]
                return ["%s %s" % (word, SUIT_LCD["HSCD".index(code[0])])]
            hand = sh.hands[sh.taker]
            for word, rank in (("Roi", "K"), ("Reine", "Q"), ("Cavalier", "C"), ("Valet", "J")):
                for suit, name in zip("HSCD", SUIT_LCD):
                    if self.deck.parse(suit + rank) not in hand:
                        return ["%s %s" % (word, name)]
            return None
        if phase == tarot.PHASE_ECART:
            return ["Not scanned"]
        return None

    def final_scan(self, sim, count):
        return []

    def table_choice(self, sim):
        """A computer's announcement before its first card, entered from the table menu
        as a person does (device/flows/tarot.py ``table_items``): the taker's chelem (FFT
        p.6), the poignée of the seat to play (FFT p.7; its trumps are then laid:
        :meth:`shown_cards`) and its misères (house rule), as ``sim.computer``
        announces them (host_sim/players/computer.py); a person's after the A key, with
        the card it plays. Each is entered once a deal: one taken back (a long press) is
        not entered again."""
        from core.games import tarot
        from host_sim.players.games import announce_labels, may_announce_chelem
        sh = sim.shadow
        if _attr(sh, "phase") != tarot.PHASE_PLAY or sh.tricks_done > 0 or not sh.hands:
            return None
        seats = [sh.to_play()]
        if may_announce_chelem(sh, sh.taker) and sh.taker not in seats:
            seats.insert(0, sh.taker)  # before the first card, whoever leads (FFT p.6)
        for seat in seats:
            pad = sim.pad_of(seat)
            if pad < 0 or not sim.computer_acts(pad):  # a person announces for himself
                continue
            for move in sim.computer.announcements(sh, seat):
                key = (seat, "poignee" if isinstance(move, tuple) else move)
                labels = announce_labels(self.flow.table_items(sh, sim.match), seat, move)
                if key in self._announced or labels is None:
                    continue
                self._announced.add(key)
                return labels
        return None

    def shown_cards(self, sim, verb, count):
        """The poignée a computer asked to show (:meth:`table_choice`): the ``count``
        trumps of the seat to play (``games.poignee_of``), on its pad."""
        from host_sim.players.games import poignee_of
        sh = sim.shadow
        if verb != "announce" or not _attr(sh, "hands"):
            return None
        seat = sh.to_play()
        pad = sim.pad_of(seat)
        if pad < 0 or (seat, "poignee") not in self._announced:
            return None
        shown = poignee_of(sim.tableau.hand(pad), count)
        return (pad, list(shown)) if shown else None

    def menu_hint(self, sim):
        """The écart (FFT p.6): the cards are put away face down, so the screen says how."""
        from core.games import tarot
        d = sim.fw_deal
        if _attr(d, "phase") != tarot.PHASE_ECART:
            return ""
        n = sim.match.game.chien_size
        from device.menu import Item, filled  # the menu's items as the LCD shows them
        return ngettext("drag %d card into the Chien box, then choose %s (or %s: lay it on "
                        "a pad)", "drag %d cards into the Chien box, then choose %s (or %s: "
                        "lay them on a pad)", n) % (n, Item("Not scanned").words(),
                                                    filled("Scan %d cards", (n,)).words())

    def seat_note(self, sim, seat):
        d = sim.fw_deal
        if d is not None and seat == _attr(d, "taker", -1):
            from core.games import tarot
            c = _attr(d, "contract", 0)
            return _("taker %s") % tarot.CONTRACT_NAMES[c] if c else _("taker")
        return ""


def _cursor_on(sim, label):
    """Whether the board's menu cursor is on the item ``label`` (its English key, whatever
    the LCD shows: ``host_sim.board.on_item``, as the operator and the tests choose items),
    or None when no menu is on the board (a host's request, the table)."""
    from device.view import cursor_item
    from host_sim.board import on_item
    if cursor_item(sim.ctl) is None:
        return None
    return on_item(sim.board, label)


def _tarot_said(sim, args):
    """A Tarot bid action's ``(seat, code)`` in words: "P2 passes", "P4 bids Prise"."""
    who = "P%d" % (sim.pad_of(args[0]) + 1)
    if args[1] == "pass":
        return _("%s passes") % who
    return _("%s bids %s") % (who, args[1].capitalize())


def tarot_bid(hand, hand_size):
    """A plain bid for a tarot hand: 0 pass, 1 prise, 2 garde. Trumps count 1, oudlers
    (1, 21, Excuse) 3, kings 2; prise from 3/5 of the hand size, garde from 4/5."""
    from core.cards import TAROT, TRUMP
    score = 0
    for c in hand:
        suit, code = TAROT.suit(c), TAROT.code(c)
        if code in ("1", "21", "EX"):
            score += 3
        elif suit == TRUMP:
            score += 1
        elif TAROT.rank(c) == 13:
            score += 2
    if score * 5 >= hand_size * 4:
        return 2
    if score * 5 >= hand_size * 3:
        return 1
    return 0


# The plain taker's écart lives with the players (host_sim/players/games.py).
from host_sim.players.games import plain_ecart as tarot_ecart  # noqa: E402,F401


# --- Skat -------------------------------------------------------------------------------

# Menu labels of device/flows/skat.py (the German suit names of the Prager deck).
_KIND_LABELS = ("Eichel", "Gruen", "Herz", "Schellen", "Grand", "Null")


def announce_label(contract):
    """The "Announce" menu label of device/flows/skat.py for ``contract``."""
    from core.games import skat
    if contract.kind == skat.NULL:
        return "Null ouvert" if contract.ouvert else "Null"
    if not contract.hand:
        return "Plain"
    if contract.ouvert:
        return "Ouvert"
    if contract.schwarz:
        return "Schwarz ann."
    if contract.schneider:
        return "Schneider ann."
    return "Plain hand"


def contract_words(contract):
    """A Skat contract in the menus' words in the table's language, as the board's LCD
    says them (``device.words.tr``: "Grand Plain", German "Eichel Einfach", "Herz
    Schneider ann.", "Null ouvert"), or "" before it is declared."""
    if contract is None:
        return ""
    from device.words import tr
    label = announce_label(contract)
    kind = _KIND_LABELS[contract.kind]
    return tr(label) if label.startswith(kind) else "%s %s" % (tr(kind), tr(label))


def _smart(sim, deal, seat, plain):
    """The smart computer's move for ``seat`` (host_sim/players/computer.py), or ``plain``
    when the simulator's computer is plain or has no move."""
    comp = getattr(sim, "computer", None)
    move = comp.move(deal, seat) if comp is not None else None
    return plain if move is None else move


def skat_plan(cards):
    """A simple declarer's plan for a Skat hand of 10 or 12 cards: ``(kind, strength)``.

    Grand with three or four Unter and two Daus; else the suit with the most trumps
    (Unter plus that suit), ties to the higher-valued suit (ISkO 5.1 base values).
    Strength is the trump count times 2 plus Daus and tens: who declares when the computer
    enters the auction result.
    """
    from core.cards import SKAT
    jacks = [c for c in cards if SKAT.rank(c) == 4]
    aces = [c for c in cards if SKAT.rank(c) == 7]
    tens = [c for c in cards if SKAT.rank(c) == 3]
    if len(jacks) >= 3 and len(aces) >= 2:
        return 4, 2 * (len(jacks) + 2) + len(aces) + len(tens)
    best = None
    for suit in range(4):
        n = len(jacks) + sum(1 for c in cards if SKAT.suit(c) == suit and SKAT.rank(c) != 4)
        key = (n, -suit)
        if best is None or key > best[0]:
            best = (key, suit, n)
    return best[1], 2 * best[2] + len(aces) + len(tens)


def skat_discard(cards, kind):
    """Two cards to put away after taking the skat: the weakest non-trump cards, never a
    Daus (a ten alone goes too: its 10 points then count for the declarer)."""
    from core.games import skat
    suits, power = skat.trick_tables(kind)
    side = [c for c in cards if suits[c] != 4 and power[c] != max(power)]
    pool = side if len(side) >= 2 else [c for c in cards if suits[c] != 4] or list(cards)
    if len(pool) < 2:
        pool = list(cards)
    return sorted(pool, key=lambda c: (power[c], c))[:2]


def _said(sim, move):
    """A Skat auction move in the words said at the table, seats named by pad ("P2 says
    18", "P1 holds": host_sim.ui.auction.said)."""
    from host_sim.ui.auction import said
    return said(move, lambda s: "P%d" % (sim.pad_of(s) + 1))


def _is_card(token):
    return len(token) == 2 and token[0] in "CSHD" and token[1] in "AKQJT987"


class Skat(TrickGame):
    """Skat: 3 hands of 10 and the skat; the declarer picks it up, discards, declares; the
    skat is scanned after the last trick. With a record (``core.iss.IssRecord``) the first
    deal is the record's, and the computer enters its auction result and contract and
    plays its cards while the table follows it."""

    talon_label = "Skat"

    def __init__(self, flow, record=None):
        TrickGame.__init__(self, flow, record)
        self.on_record = False  # the deal in play is the record's (set by deal())
        self.new_deal()
        self._plays = []
        self._table_choices = []
        self._ref = None
        if record is not None:
            from core import iss
            self._ref = iss.replay(record)
            n = 0
            for actor, action in record.moves:
                if actor == "w":
                    continue
                if _is_card(action):
                    self._plays.append((int(actor), action))
                    n += 1
                elif action in ("SC", "RE"):
                    self._table_choices.append((n, action, int(actor)))
            self._final_skat = iss.final_skat(record)

    def new_deal(self):
        TrickGame.new_deal(self)
        self.picked = False
        self.plan = None  # (kind, discard) chosen for a computer declarer
        self.declared = ""  # the contract said in words (_say_contract)
        self._done_choices = set()
        self.pushes = {}  # Schieberamsch: deal seat -> the two cards it pushed
        self._pushes_shown = set()
        self.skat_seen = set()  # Schieberamsch: person seats that took the skat up

    def hand_max(self, players):
        return 12  # the declarer with the skat

    def deal(self, match, n, rng, first=False):
        # the app forgets the per-deal state (new_deal) after dealing: on_record is set here
        self.on_record = bool(first and self.record is not None)
        if self.on_record:
            c = list(self.record.cards)
            return [c[0:10], c[10:20], c[20:30]], c[30:32]
        pack = rng.shuffle(list(range(32)))
        return [pack[0:10], pack[10:20], pack[20:30]], pack[30:32]

    def shadow(self, match, hands, talon):
        return match.new_deal(hands, list(talon))

    def translate(self, sim, verb, args):
        # The table enters the contract without scanning the discard: give the shadow the
        # two cards the declarer put in the skat, when they are there; and a computer's
        # Schieberamsch push (not scanned either) the two cards it chose.
        from core.games import skat
        sh = sim.shadow
        if verb == "push" and args[0] not in self.pushes:
            person_pushed(self, sim, args[0])
        if verb == "push" and args[0] in self.pushes:
            return verb, (args[0], list(self.pushes[args[0]]))
        if verb == "declare" and sh.phase == skat.PHASE_DISCARD and \
                (len(args) < 3 or args[2] is None):
            put = sim.tableau.talon()
            hand = sh.hands[sh.declarer]
            if len(put) == 2 and all(c in hand for c in put):
                return verb, (args[0], args[1], list(put))
        return verb, args

    def after_sync(self, sim):
        from core.games import skat
        sh = sim.shadow
        if sh is not None:
            push_shown(self, sim)
            person_holds_skat(self, sim)
        self._say_contract(sim, sh)
        if self.picked and sh is not None and sh.phase in (skat.PHASE_AUCTION,
                                                           skat.PHASE_DECLARE):
            self._put_back(sim)  # the pick-up was taken back
        if sh is None or self.picked or sh.declarer < 0:
            return
        if sh.phase == skat.PHASE_DISCARD or (sh.phase >= skat.PHASE_PLAY and
                                              sh.contract is not None and not sh.contract.hand):
            self.picked = True
            pad = self._picked_by = sim.pad_of(sh.declarer)
            for c in sim.tableau.talon():
                sim.tableau.move(c, T.HAND, pad)
            sim.note(_("P%d takes the skat") % (pad + 1))
            if pad not in sim.humans:
                for c in self.computer_discard(sim, pad, 2):
                    sim.tableau.move(c, T.TALON)

    def computer_discard(self, sim, pad, n):
        """The computer declarer's plan from the 12 cards at ``pad``: the record's, the
        smart declarer's, or the plain plan's two weakest side cards; kept as ``plan``
        (its game is the contract entered)."""
        sh = sim.shadow
        hand = sim.tableau.hand(pad)
        if self.on_record and self._ref is not None and self._ref.contract is not None:
            kind, put = self._ref.contract.kind, self._final_skat
        elif getattr(sim, "computer", None) is not None and sim.computer.smart:
            kind, put = sim.computer.skat_declare(hand, sh.declarer, sh.bid_value)
        else:
            kind = skat_plan(hand)[0]
            put = skat_discard(hand, kind)
        self.plan = (kind, put)
        return put

    def _put_back(self, sim):
        """The pick-up taken back (an undo): whatever lies in the skat box goes back to the
        declarer's hand and the two cards dealt to the skat back into the box."""
        pad = self._picked_by
        for c in sim.tableau.talon():
            sim.tableau.move(c, T.HAND, pad)
        for c in sim.dealt_talon:
            sim.tableau.move(c, T.TALON)
        self.picked = False
        self.plan = None
        sim.note(_("P%d puts the skat back") % (pad + 1))

    def _say_contract(self, sim, sh):
        """Once the declarer has declared: the contract in words on the status line and in
        the side panel ("P2 declares Eichel Plain, skat picked up, bid 22", "P3 declares
        Grand Plain hand, bid 24"); again after an undo changed it."""
        c = _attr(sh, "contract")
        words = ""
        if c is not None and _attr(sh, "declarer", -1) >= 0:
            words = (_("P%d declares %s, bid %d") if c.hand else
                     _("P%d declares %s, skat picked up, bid %d")) % (
                sim.pad_of(sh.declarer) + 1, contract_words(c), sh.bid_value)
        if words != self.declared:
            self.declared = words
            if words:
                sim.note(words)

    def choice_owner(self, sim):
        from core.games import skat
        d = sim.fw_deal
        if d is not None and d.phase in (skat.PHASE_DECLARE, skat.PHASE_DISCARD):
            return sim.pad_of(d.declarer)
        if d is not None and d.phase == skat.PHASE_PUSH:
            return sim.pad_of(d.pusher)
        return None

    def choices(self, sim):
        from core.games import skat
        d = sim.fw_deal
        sh = sim.shadow
        if d is None:
            return None
        ref = self._ref if self.on_record else None
        if d.phase == skat.PHASE_AUCTION:
            if ref is not None:
                if ref.result().status == "passed":
                    return ["All passed"]
                return ["P%d declarer" % (sim.pad_of(ref.declarer) + 1), str(ref.bid_value)]
            if sh is None:
                return None
            comp = getattr(sim, "computer", None)
            if comp is not None and comp.smart:  # three sampling bidders (ISkO 3.1)
                best, bid = comp.skat_auction(sh.hands)
                return ["All passed"] if best < 0 else ["P%d declarer" % (sim.pad_of(best) + 1),
                                                        str(bid)]
            best = max(range(3), key=lambda s: (skat_plan(sh.hands[s])[1], -s))
            return ["P%d declarer" % (sim.pad_of(best) + 1), "18"]
        if d.phase == skat.PHASE_PUSH:
            return push_choice(self, sh, d.pusher)
        if d.phase == skat.PHASE_DECLARE:
            if ref is not None and ref.contract is not None and ref.contract.hand:
                c = ref.contract
                return ["Hand game", _KIND_LABELS[c.kind], announce_label(c)]
            comp = getattr(sim, "computer", None)
            hand = comp.skat_hand(d.declarer, d.bid_value) if comp is not None else None
            if hand:
                from core.games.skat import parse_contract
                c = parse_contract(hand)
                return ["Hand game", _KIND_LABELS[c.kind], announce_label(c)]
            return ["Pick up skat"]
        if d.phase == skat.PHASE_DISCARD:
            if ref is not None and ref.contract is not None:
                return [_KIND_LABELS[ref.contract.kind], announce_label(ref.contract)]
            if self.plan is not None:
                kind = self.plan[0]
            elif sh is not None:
                kind = skat_plan(sh.hands[sh.declarer])[0]
            else:
                kind = 4
            return [_KIND_LABELS[kind], "Plain"]
        return None

    def bid_steps(self, sim, labels):
        """The auction that ends in ``labels`` (``"P2 declarer", "20"`` or ``"All passed"``),
        bid by bid as ISkO 3.1 runs it (host_sim/players/skat_bid.auction): with smart
        computers each seat bids to its own limit; with plain ones the declarer says the
        bid entered and the others pass."""
        from core.games import skat
        from host_sim.players.skat_bid import auction
        d = sim.fw_deal
        if d is None or d.phase != skat.PHASE_AUCTION or not labels or self.on_record:
            return []
        comp = getattr(sim, "computer", None)
        limits = comp.skat_limits() if comp is not None and comp.smart else None
        if limits is None:
            limits = [0, 0, 0]
            if labels[0] != "All passed":
                limits[sim.seat_of(int(labels[0][1:].split()[0]) - 1)] = int(labels[1])
        return [_said(sim, move) for move in auction(limits)[2]]

    def _on_record_now(self, sim):
        sh = sim.shadow
        if not self.on_record or sh is None:
            return False
        hist = sh.history
        if len(hist) > len(self._plays):
            return False
        from core.cards import SKAT
        return all(SKAT.parse(code) == card and s == seat
                   for (seat, card), (s, code) in zip(hist, self._plays))

    def record_play(self, sim, seat):
        if not self._on_record_now(sim):
            return None
        n = len(sim.shadow.history)
        for idx, action, who in self._table_choices:
            if idx == n and (idx, action) not in self._done_choices:
                return None  # a claim or resignation comes first
        if n < len(self._plays) and self._plays[n][0] == seat:
            from core.cards import SKAT
            return SKAT.parse(self._plays[n][1])
        return None

    def table_choice(self, sim):
        # a person at every seat enters the record's claims and resignations themselves
        if not self._on_record_now(sim) or len(sim.humans) >= sim.players_in_deal():
            return None
        n = len(sim.shadow.history)
        for idx, action, who in self._table_choices:
            if idx == n and (idx, action) not in self._done_choices:
                self._done_choices.add((idx, action))
                p = sim.pad_of(sim.shadow.declarer if action == "SC" else who) + 1
                return ["Claim (P%d)" % p if action == "SC" else "P%d resigns" % p]
        return None

    def final_scan(self, sim, count):
        sh = sim.shadow
        if getattr(sim.awaiting, "verb", "") == "show_hand" and sh is not None:
            # the declarer lays the cards left in his hand (an early end, docs/rules/skat.md)
            return sim.tableau.hand(sim.pad_of(sh.declarer))[:count]
        put = sim.tableau.talon()
        if len(put) >= count:
            return put[:count]
        sh = sim.shadow
        if sh is not None and sh.declarer >= 0:
            rest = sim.tableau.hand(sim.pad_of(sh.declarer))
            if len(put) + len(rest) >= count:
                return (put + rest)[:count]
        return put

    def person_step(self, sim):
        """After the pick-up a person declarer puts two cards back as the skat before the
        contract (docs/rules/skat.md): asked until the skat box holds two. In a
        Schieberamsch the person holding the skat pushes two cards only after taking it
        up, and passes it on unseen only without (:func:`push_step`)."""
        from core.games import skat
        d = sim.fw_deal
        if d is not None and _attr(d, "phase") == skat.PHASE_PUSH:
            return push_step(self, sim)
        if d is None or _attr(d, "phase") != skat.PHASE_DISCARD:
            return None
        pad = sim.pad_of(d.declarer)
        if pad not in sim.humans or len(sim.tableau.talon()) == 2:
            return None
        return _("P%d: drag two cards onto the skat box, then choose the contract") % (pad + 1)

    def discard_owed(self, sim):
        from core.games import skat
        d = sim.fw_deal
        if _attr(d, "phase") != skat.PHASE_DISCARD:
            return None
        return sim.pad_of(d.declarer), 2

    def seat_note(self, sim, seat):
        d = sim.fw_deal
        if d is not None and seat == getattr(d, "declarer", -1) and d.declarer >= 0:
            words = contract_words(d.contract)
            bid = _attr(d, "bid_value", 0)
            head = _("declarer: %s") % words if words else _("declarer")
            return head + (_(", bid %d") % bid if bid else "")
        return ""


def push_choice(adapter, sh, seat):
    """A computer's Schieberamsch menu answer for deal ``seat`` holding the skat, from the
    shadow deal ``sh`` (host_sim/players/skat_push.py): ``["Push 2 cards"]`` with the two
    cards kept for the shadow (``adapter.pushes``), or ``["Pass on unseen"]``; None
    without a shadow deal."""
    from host_sim.players import skat_push
    if sh is None or sh.pusher != seat:
        return None
    hand = sh.hands[seat]
    if not skat_push.takes_skat(hand):
        return ["Pass on unseen"]
    adapter.pushes[seat] = skat_push.push_cards(list(hand) + list(sh.skat))
    return ["Push 2 cards"]


def push_shown(adapter, sim):
    """Once the shadow took a computer's push: its pad takes the skat into the hand and
    lays the two pushed cards as the skat (the tableau as the table sees it)."""
    sh = sim.shadow
    for seat in sorted(adapter.pushes):
        if seat in adapter._pushes_shown or (sh.pusher is not None and sh.pusher <= seat):
            continue
        adapter._pushes_shown.add(seat)
        pad = sim.pad_of(seat)
        for c in sim.tableau.talon():
            sim.tableau.move(c, T.HAND, pad)
        for c in adapter.pushes[seat]:
            sim.tableau.move(c, T.TALON)
        sim.note(_("P%d takes the skat and pushes two cards") % (pad + 1))


def _person_pusher(sim):
    """The deal seat of the person holding the Schieberamsch skat now, or None."""
    sh = sim.shadow
    seat = _attr(sh, "pusher")
    if seat is None or sim.pad_of(seat) not in sim.humans:
        return None
    return seat


def person_holds_skat(adapter, sim):
    """Schieberamsch with a person holding the skat: once a card of the skat that came to
    them left the skat box (dragged into the hand) they have seen it; a push of theirs
    that was taken back (the skat back at their seat) is forgotten."""
    seat = _person_pusher(sim)
    if seat is None:
        return
    adapter.pushes.pop(seat, None)
    adapter._pushes_shown.discard(seat)
    if sorted(sim.tableau.talon()) != sorted(sim.shadow.skat):
        adapter.skat_seen.add(seat)


def pushable(sim, seat):
    """The two cards in the skat box when deal ``seat`` may push them: both from its hand
    or the skat that came to it, no jack (the jacks are Ramsch's trumps and stay, JSkat
    #183); else None."""
    from host_sim.players.skat_push import is_jack
    sh = sim.shadow
    put = list(sim.tableau.talon())
    held = list(sh.hands[seat]) + list(sh.skat)
    if len(put) != 2 or not all(c in held for c in put) or \
            any(is_jack(c) for c in put):
        return None
    return put


def push_step(adapter, sim):
    """What the person holding the Schieberamsch skat must do before OK on the menu row
    the cursor is on, or None: "Push 2 cards" after taking the skat up and laying two
    cards (no jack) in the skat box; "Pass on unseen" only while the skat lies there
    untouched (a skat seen is pushed: the pass doubles for not looking). The item under
    the cursor is read by its key (:func:`_cursor_on`)."""
    seat = _person_pusher(sim)
    if seat is None:
        return None
    pad = sim.pad_of(seat) + 1
    if _cursor_on(sim, "Pass on unseen"):
        if seat in adapter.skat_seen:
            return _("P%d: you have seen the skat: drag two cards (no jack) onto the skat "
                     "box, then Push 2 cards") % pad
        return None
    if not _cursor_on(sim, "Push 2 cards"):
        return None
    if seat not in adapter.skat_seen:
        return _("P%d: drag the skat into your hand to push two cards, or choose Pass on "
                 "unseen") % pad
    if pushable(sim, seat) is None:
        return _("P%d: drag two cards (no jack) onto the skat box, then Push 2 cards") % pad
    return None


def person_pushed(adapter, sim, seat):
    """The board took "Push 2 cards" from a person: the two cards in the skat box are the
    push, kept for the shadow deal (the box changes as the skat goes round)."""
    if sim.pad_of(seat) not in sim.humans or _attr(sim.shadow, "pusher") != seat:
        return
    put = pushable(sim, seat)
    if put is not None:
        adapter.pushes[seat] = put
        adapter._pushes_shown.add(seat)  # the person laid them: nothing to move


_ADAPTERS = {"skat": Skat, "magistr": Bank, "zhopa": Bank, "tarot": Tarot}


def adapter_for(flow, record=None):
    """The adapter for flow module ``flow`` (``device.flows.load(name)``)."""
    return _ADAPTERS.get(flow.NAME, TrickGame)(flow, record)

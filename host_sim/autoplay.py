"""Whole games played on the emulated board as a table would: seeded deals, the choices
entered through the menus with the buttons, the cards laid on the pads, legal play picked
by a shadow copy of the rules core that knows the hands (the firmware does not).

``TablePlayer(game, players, seed).play(deals)`` returns, per deal, the shadow's result
and the firmware's result, so tests can check that the board scores every deal exactly as
the rules core does for the same cards. The same players drive the demos and the
simulator's computer seats.
"""

import random

from core import tags  # noqa: F401  (the board reads tags in this format)
from core.cards import FRENCH36, SKAT, TAROT, TRUMP
from core.rng import Rng
from device.flows.tarot import SUIT_LCD
from host_sim.board import SimBoard, TaggedDeck

_TITLES = {"skat": "Skat", "magistr": "Magistr", "tarot": "French Tarot", "zhopa": "Zhopa"}


class TablePlayer:
    """Plays ``game`` for ``players`` on a SimBoard (``cols`` x ``rows`` LCD, one pad per
    seat or one ``central`` pad), deals from ``seed``; ``options``: the labels to pick in
    the setup menus, in order (defaults: each menu's first item)."""

    def __init__(self, game, players, seed=1, cols=16, rows=2, central=False,
                 options=None, journal=None):
        self.game = game
        self.players = players
        self.rng = random.Random(seed)
        self.deal_rng = Rng(seed)
        self.central = central
        self.board = SimBoard(1 if central else players, cols, rows)
        self.journal = journal
        deck = {"skat": SKAT, "magistr": FRENCH36, "zhopa": FRENCH36, "tarot": TAROT}[game]
        self.deck = deck
        self.tags = TaggedDeck(deck)
        self.options = options
        self.results = []  # (shadow result, firmware result) per deal
        self.on_trick = None  # callback(trick events, LCD rows) after a trick-ending card

    # --- the table ---------------------------------------------------------------------

    def start(self):
        """Power on and choose the game, the players and the options in the menus."""
        b = self.board
        b.power_on(journal=self.journal, central=self.central)
        b.run(50)
        b.choose("New game")
        b.choose(_TITLES[self.game])
        b.choose(str(self.players))
        for label in self.options or ():
            b.choose(label)
        while not any(l.startswith(">Start") for l in b.lcd_lines()):
            b.press(2)  # every other setup question: its first (default) answer
        b.choose("Start")
        return self

    @property
    def ctl(self):
        return self.board.controller

    def pad(self, seat):
        """The pad a seat lays its cards on (the central pad takes every card)."""
        return 0 if self.central else self._table_seat(seat)

    def _table_seat(self, seat):
        return seat

    def lay(self, seat, card):
        """Lay ``card`` from ``seat`` on its pad, let the firmware read it, lift it; returns
        the firmware's events. ``on_trick`` sees the LCD while the trick's verdict shows."""
        b = self.board
        tag = self.tags.tag(card)
        b.place(self.pad(seat), tag)
        events = b.run(60)
        if self.on_trick is not None:
            taken = [e for e in events if type(e).__name__ == "TrickTaken"]
            if taken:
                self.on_trick(taken[0], b.lcd_lines())
        b.lift(self.pad(seat), tag)
        return events + b.run(60)

    def scan(self, cards):
        """Lay cards one by one on the first pad (skat, écart, poignée)."""
        for c in cards:
            self.board.play_card(0, self.tags.tag(c))

    def play_tricks(self, shadow):
        """Legal random play until the shadow deal's card play is over."""
        while not shadow.is_over() and shadow.current_seat() >= 0 and \
                self._in_play(shadow):
            seat = shadow.current_seat()
            card = self.rng.choice(shadow.legal_cards(seat))
            shadow.play(seat, card)
            events = self.lay(seat, card)
            bad = [e for e in events if type(e).__name__ in ("Refused", "RevokeFound")]
            if bad:
                raise AssertionError("the board refused a legal card: %r, LCD %r"
                                     % (bad, self.board.lcd_lines()))

    def _in_play(self, shadow):
        return True

    def next_deal(self):
        """OK on the result screen: book the deal, start the next."""
        self.board.press(2)

    def play(self, deals):
        """Play ``deals`` deals (or until the match ends); returns ``self.results``."""
        self.start()
        for _ in range(deals):
            shadow = self.play_deal()
            fw = self.ctl.result
            self.results.append((shadow.result(), fw))
            self.next_deal()
            if self.ctl.app is None:  # the match is over: the sheet is on the LCD
                break
        return self.results


class SkatPlayer(TablePlayer):
    """Skat: a random declarer at bid 18 picks up (or plays hand), discards two random
    cards, declares a random game; the skat is scanned after the last trick."""

    def _table_seat(self, seat):
        return self.ctl.match.table_seats()[seat]

    def play_deal(self):
        from core.games import skat
        cards = self.deal_rng.shuffle(list(range(32)))
        hands = [cards[0:10], cards[10:20], cards[20:30]]
        shadow = skat.Game().new_deal(hands, cards[30:32])
        decl = self.rng.randrange(3)
        kind = self.rng.choice("CSHDGN")
        hand = self.rng.random() < 0.25
        b = self.board
        b.choose("P%d declarer" % (self._table_seat(decl) + 1))
        b.choose("18")
        shadow.enter_auction(decl, 18)
        if hand:
            b.choose("Hand game")
            shadow.declare(decl, kind + "H")
        else:
            b.choose("Pick up skat")
            shadow.pick_up(decl)
            shadow.declare(decl, kind, self.rng.sample(shadow.hands[decl], 2))
        b.choose(dict(zip("CSHDGN", ("Eichel", "Gruen", "Herz", "Schellen", "Grand",
                                     "Null")))[kind])
        b.choose("Null" if kind == "N" else ("Plain hand" if hand else "Plain"))
        self.play_tricks(shadow)
        self.scan(shadow.skat)
        return shadow


class MagistrPlayer(TablePlayer):
    """Magistr: deals from the shared Rng in the core's own order; deal 1's leader (the
    lowest diamond) is entered in the menu."""

    def play_deal(self):
        from core.games import magistr
        match = self.ctl.match
        game = match.game
        number = match.number()
        hands = game.deal_cards(number, self.deal_rng)
        shadow = game.new_deal(match.next_dealer(), hands, number)
        if number == 1:
            self.board.choose("P%d" % (shadow.first + 1))
        self.play_tricks(shadow)
        assert isinstance(shadow, magistr.Deal)
        return shadow


class TarotPlayer(TablePlayer):
    """Tarot: one random seat takes a Prise or Garde, the others pass; the écart (no king,
    no oudler, no trump) is scanned; at 5 players the taker calls a king."""

    def play_deal(self):
        from core.games import tarot
        match = self.ctl.match
        game = match.game
        hands, chien = tarot.split_pack(self.deal_rng.shuffle(list(range(78))), game.players)
        shadow = game.new_deal(match.dealer, hands)
        if shadow.is_over():  # petit sec: annulled before bidding
            return shadow
        taker = self.rng.randrange(game.players)
        contract = self.rng.choice(("prise", "garde"))
        while shadow.phase == tarot.PHASE_BIDDING:
            s = shadow.current_seat()
            code = contract if s == taker else "pass"
            shadow.bid(s, code)
            self.board.choose({"prise": "Prise", "garde": "Garde", "pass": "Pass"}[code])
        if shadow.phase == tarot.PHASE_CALL:
            king = self.rng.choice([TAROT.parse(s + "K") for s in "HSCD"])
            shadow.call(taker, king)
            self.board.choose("Roi " + SUIT_LCD[TAROT.suit(king)])
        if shadow.phase == tarot.PHASE_ECART:
            hand = shadow.hands[taker]
            plain = [c for c in hand if TAROT.suit(c) < TRUMP and TAROT.rank(c) != 13]
            ecart = self.rng.sample(plain, game.chien_size)
            shadow.discard(taker, ecart)
            self.board.choose("Scan %d cards" % game.chien_size)
            self.scan(ecart)
        self.play_tricks(shadow)
        return shadow


class ZhopaPlayer(TablePlayer):
    """Zhopa: hands and stock from the shared Rng; deal 1's leader named in the menu; each
    player's random go/no bid entered in turn; the draws happen off the board."""

    def play_deal(self):
        from core.games import zhopa
        match = self.ctl.match
        game = match.game
        hands, stock = game.deal_cards(self.deal_rng)
        number = match.number()
        shadow = game.new_deal(match.next_dealer(), hands, number, None, stock)
        if number == 1:
            self.board.choose("P%d" % (shadow.first + 1))
        while shadow.phase == zhopa.PHASE_BID:
            seat = shadow.current_seat()
            go = self.rng.random() < 0.5
            shadow.bid(seat, go)
            self.board.choose("Go (%d)" % game.target(True) if go else
                              "No (%d)" % game.target(False))
        self.play_tricks(shadow)
        return shadow


PLAYERS = {"skat": SkatPlayer, "magistr": MagistrPlayer, "tarot": TarotPlayer,
           "zhopa": ZhopaPlayer}


def table_player(game, players, **kw):
    """The TablePlayer for ``game``; ValueError when none exists yet."""
    cls = PLAYERS.get(game)
    if cls is None:
        raise ValueError("no table player for %r" % (game,))
    return cls(game, players, **kw)

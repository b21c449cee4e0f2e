"""Whole games played on the emulated board as a table would: seeded deals, the choices
entered through the menus with the buttons, the cards laid on the pads, legal play picked
by a shadow copy of the rules core that knows the hands (the firmware does not).

A game is first written as a *script* of table steps, computed by the rules core alone:

- ``("start",)``: power on, choose the game, players and options in the menus;
- ``("ui", labels, cards, records)``: menu items chosen in order, then cards scanned on a
  pad; it makes ``records`` journal records (0 for pure navigation);
- ``("card", pad, card)``: a card laid on a pad (one record: the play);
- ``("result", shadow)``: the deal is over: the core's result is compared with the board's;
- ``("next",)``: OK on the result screen books the deal.

Then the script runs on the board. Because every step makes a known number of journal
records, a run killed at any moment and started again on the same flash folder skips the
steps the journal already holds and ends exactly as an uninterrupted run
(:meth:`TablePlayer.play` with ``resume=True``).

``TablePlayer(game, players, seed).play(deals)`` returns, per deal played, the shadow's
result and the firmware's result. The same players drive the demos and the tests.
"""

import random

from core.cards import FRENCH36, SKAT, TAROT, TRUMP
from core.rng import Rng
from core.events import Refused, RevokeFound, TrickTaken
from device import flows
from device.flows.tarot import SUIT_LCD
from host_sim.board import SimBoard, TaggedDeck, marked, row_shows

OK_PRESS = "<OK>"  # a "ui" label meaning: press OK (opens the table menu during play)
_TITLES = {"skat": "Skat", "magistr": "Magistr", "tarot": "French Tarot", "zhopa": "Zhopa"}
_DECKS = {"skat": SKAT, "magistr": FRENCH36, "zhopa": FRENCH36, "tarot": TAROT}
_JACK = SKAT.rank(SKAT.parse("CJ"))  # never pushed in a Schieberamsch


class TablePlayer:
    """Plays ``game`` for ``players`` on a SimBoard (``cols`` x ``rows`` LCD, one pad per
    seat or one ``central`` pad), deals from ``seed``; ``options``: the labels to pick in
    the setup menus, in order (defaults: each menu's first item); ``journal``: the board's
    journal (``core.journal.Journal`` or anything with ``append``); ``flash``: a folder
    for the board's flash, with ``boot`` the board boots through firmware/main.py (boot
    guard, journal in ``flash``, Supervisor and watchdog) instead of ``power_on``."""

    def __init__(self, game, players, seed=1, cols=16, rows=2, central=False,
                 options=None, journal=None, link=False, flash=None, boot=False):
        self.game = game
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.deal_rng = Rng(seed)
        self.central = central
        self.board = SimBoard(1 if central else players, cols, rows, link=link, flash=flash)
        self.boot = boot
        self.journal = journal
        self.deck = _DECKS[game]
        self.tags = TaggedDeck(self.deck)
        self.flow = flows.load(game)
        # (key, value, menu label) of every setup question, in the order the menus ask
        self.answers = flows.check_options(self.flow, players, options or {})
        self.options = dict((k, v) for k, v, _ in self.answers)
        self.results = []  # (shadow result, firmware result) per deal played here
        self.on_trick = None  # callback(TrickTaken, LCD rows) after a trick-ending card
        self.on_result = None  # callback(result lines) as each deal's result shows
        self.laid = []  # (pad, card) of the last cards laid, newest last: the last trick
        self.result_lines = []  # what the result screen listed for the last deal
        self.result_lcd = None  # the LCD rows while that result showed
        self.last_trick_lcd = None  # the LCD rows of the last trick before that result

    # --- the script (rules core only) ---------------------------------------------------

    def script(self, deals):
        """The steps of a game of at most ``deals`` deals (fewer when the game ends)."""
        yield ("start",)
        match = self.flow.new_match(self.players, self.options)
        for _ in range(deals):
            shadow, steps = self.deal_steps(match)
            for step in steps:
                yield step
            yield ("result", shadow)
            self.flow.record(match, shadow.result())
            yield ("next",)
            if self.flow.is_match_over(match):
                return

    def play_out(self, shadow, pad_of):
        """Legal random play of the shadow deal, each seat's announcements before its
        card (:meth:`announce_steps`); returns its steps."""
        steps = []
        while not shadow.is_over() and self._in_play(shadow):
            seat = shadow.current_seat()
            steps += self.announce_steps(shadow, seat)
            card = self.rng.choice(shadow.legal_cards(seat))
            shadow.play(seat, card)
            steps.append(("card", pad_of(seat), card))
        return steps

    def _in_play(self, shadow):
        return shadow.current_seat() >= 0

    def announce_steps(self, shadow, seat):
        """The steps of what ``seat`` announces from the table menu before its card now,
        made on ``shadow`` too (default none)."""
        return []

    # --- running it on the board ----------------------------------------------------------

    @property
    def ctl(self):
        return self.board.controller

    def pad(self, table_seat):
        """The pad a table seat lays its cards on (the central pad takes every card)."""
        return 0 if self.central else table_seat

    def lay(self, pad, card):
        """Lay ``card`` on ``pad``, let the firmware read it, lift it; returns the events.
        ``on_trick`` sees the LCD while a trick's verdict shows."""
        b = self.board
        tag = self.tags.tag(card)
        pad = self.pad(pad)
        b.place(pad, tag)
        events = b.run(60)
        self.lift_card(pad, card, events)
        return events + b.run(60)

    def lift_card(self, pad, card, events):
        """The board took ``card`` (``events`` since it was laid): ``on_trick`` sees the
        LCD while a trick's verdict shows, then the card is lifted off ``pad``."""
        b = self.board
        if self.on_trick is not None:
            taken = [e for e in events if isinstance(e, TrickTaken)]
            if taken:
                self.on_trick(taken[0], b.lcd_lines())
        b.lift(pad, self.tags.tag(card))
        self.laid = (self.laid + [(pad, card)])[-self.players:]

    def start(self):
        """Power on and choose the game, the players and the options in the menus."""
        b = self.board
        self.power_on()
        b.run(50)
        self._choose_game()
        return self

    def power_on(self):
        """Start the firmware: booted as main.py does (``boot``), else the Controller."""
        if self.boot:
            return self.board.boot().loop
        return self.board.power_on(journal=self.journal, central=self.central)

    def _choose_game(self):
        b = self.board
        b.choose("New game")
        b.choose(_TITLES[self.game])
        b.choose(str(self.players))
        for _, _, label in self.answers:
            b.choose(label)
        while not any(row_shows(l, "Start") for l in b.lcd_lines()):
            b.press(2)  # every other setup question: its first (default) answer
        b.choose("Start")

    def records_done(self):
        """What the board's journal holds, for a resumed run to skip: ``(deals, records)``,
        the deals its last sheet checkpoint stands for (0 without one) and the records
        after that checkpoint (all of them without one)."""
        if self.journal is None or not hasattr(self.journal, "read"):
            return 0, 0
        recs, _ = self.journal.read()
        deals, start = 0, 0
        for i in range(len(recs)):
            if recs[i].kind == "game":
                deals, start = 0, i
            elif recs[i].kind == "sheet":
                deals, start = len(recs[i].data), i + 1
        return deals, len(recs) - (start if deals else 0)

    def play(self, deals, resume=False):
        """Run the script of ``deals`` deals; returns ``self.results``. With ``resume``,
        the board boots on its journal and the steps it already holds are skipped."""
        b = self.board
        booked, skip = self.records_done() if resume else (0, 0)
        ctl = self.power_on()
        b.run(50)
        if resume and ctl.match is None and ctl.last_sheet:
            return self.results  # the journal holds a finished game: nothing to play
        if resume and ctl.match is not None and ctl.flow.NAME != self.game:
            raise ValueError("the board's journal holds a game of %s, not %s"
                             % (ctl.flow.NAME, self.game))
        done = 0
        for step in self.script(deals):
            kind = step[0]
            if booked:  # a deal the journal's checkpoint holds: skipped whole
                booked -= kind == "next"
                continue
            n = {"start": 1, "card": 1, "next": 1, "result": 0}.get(kind)
            if kind == "ui":
                n = step[3]
            if done + n <= skip and kind != "result" or \
                    (kind == "result" and done < skip):
                done += n
                continue
            done += n
            self._run_step(step)
        return self.results

    def _run_step(self, step):
        kind = step[0]
        b = self.board
        if kind == "start":
            self._choose_game()
        elif kind == "ui":
            for label in step[1]:
                if label == OK_PRESS:
                    b.press(2)
                else:
                    b.choose(label)
            for c in step[2]:
                b.play_card(0, self.tags.tag(c))
        elif kind == "card":
            events = self.lay(step[1], step[2])
            bad = [e for e in events if isinstance(e, (Refused, RevokeFound))]
            if bad:
                raise AssertionError("the board refused a legal card: %r, LCD %r"
                                     % (bad, b.lcd_lines()))
        elif kind == "result":
            if self.ctl.result is None:
                raise AssertionError("the board has no result where the rules core ended "
                                     "the deal; LCD %r" % (b.lcd_lines(),))
            self.results.append((step[1].result(), self.ctl.result))
            self.last_trick_lcd = None
            if self.ctl.last_trick.held():  # the last trick first, NEXT shows the result
                self.last_trick_lcd = b.lcd_lines()
                b.press(1)
            # as a console prints them: the CGRAM suit codes as the look's marks
            vocab = self.ctl.app.screens.vocab
            self.result_lines = [marked(l, vocab) for l in self.ctl.view().lines or ()]
            self.result_lcd = b.lcd_lines()
            if self.on_result is not None:
                self.on_result(self.result_lines)
        elif kind == "next":
            b.press(2)


class SkatPlayer(TablePlayer):
    """Skat: a random declarer at bid 18 picks up (or plays hand), discards two random
    cards, declares a random game; the skat is scanned after the last trick. The house
    rules are played when the options hold them: with ``ramsch`` one deal in four is all
    passed and played as a Ramsch (in a Schieberamsch each player pushes two random cards
    other than a jack or passes the skat on unseen); with ``kontra`` one game in two a
    random defender says Kontra before the first card, and the declarer answers Re one
    time in two."""

    def deal_steps(self, match):
        from core.games import skat
        seats = match.table_seats()
        cards = self.deal_rng.shuffle(list(range(32)))
        hands = [cards[0:10], cards[10:20], cards[20:30]]
        shadow = match.new_deal(hands, cards[30:32])
        if shadow.status == "ramsch":  # a Ramsch round (Bock's bockramsch): no auction
            return shadow, self._ramsch_steps(shadow, seats, [])
        if shadow.ramsch != skat.RAMSCH_OFF and self.rng.random() < 0.25:
            for s in (1, 2, 0):  # as the menu's "All passed" enters them
                shadow.pass_(s)
            return shadow, self._ramsch_steps(shadow, seats, [("ui", ["All passed"], (), 3)])
        decl = self.rng.randrange(3)
        kind = self.rng.choice("CSHDGN")
        hand = self.rng.random() < 0.25
        shadow.enter_auction(decl, 18)
        labels = ["P%d declarer" % (seats[decl] + 1), "18"]
        steps = [("ui", labels, (), 1)]
        if hand:
            shadow.declare(decl, kind + "H")
            labels = ["Hand game"]
        else:
            shadow.pick_up(decl)
            shadow.declare(decl, kind, self.rng.sample(shadow.hands[decl], 2))
            steps.append(("ui", ["Pick up skat"], (), 1))
            labels = []
        labels.append(dict(zip("CSHDGN", ("Eichel", "Gruen", "Herz", "Schellen", "Grand",
                                          "Null")))[kind])
        labels.append("Null" if kind == "N" else ("Plain hand" if hand else "Plain"))
        steps.append(("ui", labels, (), 1))
        steps += self._doubles(shadow, seats)
        steps += self.play_out(shadow, lambda s: seats[s])
        steps.append(("ui", (), tuple(shadow.skat), 1))
        assert shadow.phase == skat.PHASE_OVER
        return shadow, steps

    def _doubles(self, shadow, seats):
        """With the option ``kontra``: a random defender's Kontra, perhaps the declarer's
        Re, said from the table menu before the first card; their steps."""
        from core.games import skat
        if shadow.kontra_rule == skat.KONTRA_OFF or self.rng.random() < 0.5:
            return []
        defender = self.rng.choice([s for s in range(3) if s != shadow.declarer])
        shadow.kontra(defender)
        steps = [("ui", [OK_PRESS, "P%d Kontra" % (seats[defender] + 1)], (), 1)]
        if self.rng.random() < 0.5:
            shadow.re(shadow.declarer)
            steps.append(("ui", [OK_PRESS, "P%d Re" % (seats[shadow.declarer] + 1)], (), 1))
        return steps

    def _ramsch_steps(self, shadow, seats, steps):
        """A Ramsch after ``steps``: the skat pushed round in a Schieberamsch, the play, the
        skat scanned at the end; returns all the steps."""
        from core.games import skat
        while shadow.phase == skat.PHASE_PUSH:
            s = shadow.pusher
            if self.rng.random() < 0.5:
                shadow.pass_skat(s)
                steps.append(("ui", ["Pass on unseen"], (), 1))
            else:  # not scanned: the board sees the skat only at the end
                pool = [c for c in shadow.hands[s] + shadow.skat if SKAT.rank(c) != _JACK]
                shadow.push(s, self.rng.sample(pool, 2))
                steps.append(("ui", ["Push 2 cards"], (), 1))
        steps += self.play_out(shadow, lambda s: seats[s])
        steps.append(("ui", (), tuple(shadow.skat), 1))
        assert shadow.phase == skat.PHASE_OVER
        return steps


class MagistrPlayer(TablePlayer):
    """Magistr: deals from the shared Rng in the core's own order; deal 1's leader (the
    lowest diamond) is entered in the menu."""

    def deal_steps(self, match):
        game = match.game
        number = match.number()
        hands = game.deal_cards(number, self.deal_rng)
        shadow = game.new_deal(match.next_dealer(), hands, number)
        steps = [("ui", ["P%d" % (shadow.first + 1)], (), 1)] if number == 1 else []
        return shadow, steps + self.play_out(shadow, lambda s: s)


class TarotPlayer(TablePlayer):
    """Tarot: one random seat takes a Prise or Garde, the others pass; the écart (no king,
    no oudler, no trump) is scanned; at 5 players the taker calls a king. Before its first
    card each seat announces as the simulator's plain computer does
    (``host_sim.players.games.announcements``): its largest poignée whenever it holds one
    (FFT p.7), from the table menu, its trumps scanned; with the house rule its misères."""

    def announce_steps(self, shadow, seat):
        from host_sim.players.games import TarotRules, announce_labels, announcements
        steps = []
        for move in announcements(shadow, seat):
            labels = announce_labels(self.flow.table_items(shadow, self._match), seat, move)
            TarotRules().apply(shadow, seat, move)
            steps.append(("ui", [OK_PRESS] + labels,
                          move if isinstance(move, tuple) else (), 1))
        return steps

    def deal_steps(self, match):
        from core.games import tarot
        self._match = match  # the table menu's labels name seats as the match seats them
        game = match.game
        # deal seats at the table: with the mort (option five) the four after the dealer
        on_table = getattr(match, "table_seat", lambda s: s)
        hands, _ = tarot.split_pack(self.deal_rng.shuffle(list(range(78))), game.players)
        shadow = match.new_deal(hands)
        if shadow.is_over():  # a petit sec: its holder announces it during the bidding
            holder = next(s for s in range(game.players) if _petit_sec(hands[s]))
            shadow = match.new_deal(None)
            shadow.announce(holder, tarot.PETIT_SEC)
            return shadow, [("ui", ["Petit sec P%d" % (on_table(holder) + 1)], (), 1)]
        taker = self.rng.randrange(game.players)
        contract = self.rng.choice(("prise", "garde"))
        steps = []
        while shadow.phase == tarot.PHASE_BIDDING:
            s = shadow.current_seat()
            code = contract if s == taker else "pass"
            shadow.bid(s, code)
            steps.append(("ui", [{"prise": "Prise", "garde": "Garde", "pass": "Pass"}[code]],
                          (), 1))
        if shadow.phase == tarot.PHASE_CALL:
            king = self.rng.choice([TAROT.parse(s + "K") for s in "HSCD"])
            shadow.call(taker, king)
            steps.append(("ui", ["Roi " + SUIT_LCD[TAROT.suit(king)]], (), 1))
        if shadow.phase == tarot.PHASE_ECART:
            hand = shadow.hands[taker]
            plain = [c for c in hand if TAROT.suit(c) < TRUMP and TAROT.rank(c) != 13]
            ecart = self.rng.sample(plain, game.chien_size)
            shadow.discard(taker, ecart)
            steps.append(("ui", ["Scan %d cards" % game.chien_size], tuple(ecart), 1))
        return shadow, steps + self.play_out(shadow, on_table)


def _petit_sec(hand):
    trumps = [c for c in hand if TAROT.suit(c) >= TRUMP]
    return trumps == [TAROT.parse("1")]


class ZhopaPlayer(TablePlayer):
    """Zhopa: hands and stock from the shared Rng; deal 1's leader named in the menu; each
    player's random go/no bid entered in turn; the draws happen off the board."""

    def deal_steps(self, match):
        from core.games import zhopa
        game = match.game
        hands, stock = game.deal_cards(self.deal_rng)
        number = match.number()
        shadow = game.new_deal(match.next_dealer(), hands, number, None, stock)
        steps = [("ui", ["P%d" % (shadow.first + 1)], (), 1)] if number == 1 else []
        while shadow.phase == zhopa.PHASE_BID:
            seat = shadow.current_seat()
            go = self.rng.random() < 0.5
            shadow.bid(seat, go)
            steps.append(("ui", ["Go (%d)" % game.target(True) if go else
                                 "No (%d)" % game.target(False)], (), 1))
        return shadow, steps + self.play_out(shadow, lambda s: s)


class IssSkatPlayer(TablePlayer):
    """A real ISS Skat record at the table: its auction's result and contract entered in
    the menus, claims, resignations and departures in the table menu, its cards on the
    pads, the skat scanned at the end. The shadow is ``core.iss.replay`` of the record."""

    def __init__(self, record, **kw):
        TablePlayer.__init__(self, "skat", 3, **kw)
        self.record = record

    def script(self, deals=1):
        from core import iss
        from core.games import skat, skat_sheet
        rec = self.record
        ref = iss.replay(rec)
        if not ref.is_over():
            from core.errors import BadRecord
            raise BadRecord("ISS %s: the moves end before the game is over" % rec.id)
        yield ("start",)
        seats = skat_sheet.Match(3).table_seats()
        res = ref.result()
        if res.status == "passed":
            yield ("ui", ["All passed"], (), 3)
        else:
            yield ("ui", ["P%d declarer" % (seats[ref.declarer] + 1), str(ref.bid_value)],
                   (), 1)
            if ref.contract is None:  # the declarer left before declaring
                if any(a == "s" for w, a in rec.moves):
                    yield ("ui", ["Pick up skat"], (), 1)
                yield ("ui", ["Declarer left"], (), 1)
            else:
                for step in self._declaration(ref.contract):
                    yield step
                for step in self._play(rec, seats):
                    yield step
        yield ("result", ref)
        yield ("next",)

    def _declaration(self, c):
        from core.games import skat
        kind = dict(zip("CSHDGN", ("Eichel", "Gruen", "Herz", "Schellen", "Grand",
                                   "Null")))["CSHDGN"[c.kind]]
        if c.kind == skat.NULL:
            announce = "Null ouvert" if c.ouvert else "Null"
        elif not c.hand:
            announce = "Plain"
        else:
            announce = ("Ouvert" if c.ouvert else "Schwarz ann." if c.schwarz else
                        "Schneider ann." if c.schneider else "Plain hand")
        if c.hand:
            yield ("ui", ["Hand game", kind, announce], (), 1)
        else:
            yield ("ui", ["Pick up skat"], (), 1)
            yield ("ui", [kind, announce], (), 1)

    def _play(self, rec, seats):
        from core import iss
        from core.games import skat
        deal = skat.Game().new_deal()  # follows the record to know when the play ends
        rest = iss.replay(rec, known_hands=False)
        deal.enter_auction(rest.declarer, rest.bid_value)
        deal.declare(rest.declarer, skat.contract_code(rest.contract))
        if deal.phase == skat.PHASE_SHOW:  # ouvert: the open hand is laid on the table
            hand = iss.declarer_hand(rec, deal.declarer)
            deal.show_hand(hand)
            yield ("ui", (), tuple(hand), 1)
        for actor, action in rec.moves:
            if deal.phase != skat.PHASE_PLAY:
                break
            move = iss.parse_move(actor, action)  # the shadow has read every move
            kind = move[0]
            if kind == "abandon":
                seat = move[1]
                deal.abandon(seat)
                yield ("ui", [OK_PRESS, "P%d left" % (seats[seat] + 1)], (), 1)
            elif kind == "claim":
                deal.claim(move[1])
                yield ("ui", [OK_PRESS, "Claim (P%d)" % (seats[move[1]] + 1)], (), 1)
            elif kind == "resign":
                deal.resign(move[1])
                yield ("ui", [OK_PRESS, "P%d resigns" % (seats[move[1]] + 1)], (), 1)
            elif kind == "play":
                deal.play(move[1], move[2])
                yield ("card", seats[move[1]], move[2])
        if deal.phase == skat.PHASE_REST:  # an early end: the declarer's hand left
            left = iss.cards_left(rec, deal)
            deal.show_hand(left)
            yield ("ui", (), tuple(left), 1)
        if deal.phase == skat.PHASE_SKAT:
            yield ("ui", (), tuple(iss.final_skat(rec)), 1)


PLAYERS = {"skat": SkatPlayer, "magistr": MagistrPlayer, "tarot": TarotPlayer,
           "zhopa": ZhopaPlayer}


def table_player(game, players, **kw):
    """The TablePlayer for ``game``; ValueError when none exists."""
    cls = PLAYERS.get(game)
    if cls is None:
        raise ValueError("no table player for %r" % (game,))
    return cls(game, players, **kw)

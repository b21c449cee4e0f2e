"""A person at the simulator with the mouse alone: pygame mouse events posted to the queue
as a hand makes them (press, hold over frames, move, release), nothing else; and the
simulator's own keys (``MousePerson.key``: the A key, "the computer acts for you").

``MousePerson(sim, dt)``: ``dt`` is the virtual ms per frame the SimApp runs at
(``fixed_dt``), so holds are counted in real time: a long press is OK held 900 ms
(``device.buttons.LONG_MS`` is 800), a click is a press and a release in one frame.
"""

import pygame

from core.events import CardPlayed, Refused, Undone
from device.controller import MODE_CHOICE, MODE_RESULT
from host_sim.board import on_item
from host_sim.ui import auction

PREV, NEXT, OK = 0, 1, 2
LONG_HOLD_MS = 900


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


class MousePerson:
    """Plays at ``sim`` (a SimApp) through pygame mouse events only."""

    def __init__(self, sim, dt):
        self.sim = sim
        self.dt = dt

    def frames(self, n=1):
        for _ in range(n):
            assert self.sim.step()

    def button(self, i, hold_ms=0, after=8):
        """Press on-screen button ``i`` for ``hold_ms`` (0: released in the same frame)."""
        at = self.sim.layout.buttons[i].center
        post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
        self.frames(-(-hold_ms // self.dt))
        post(pygame.MOUSEBUTTONUP, pos=at, button=1)
        self.frames(after)

    def key(self, key, hold=1, after=3):
        """A key of the keyboard held ``hold`` frames (pygame KEYDOWN, KEYUP)."""
        post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        self.frames(hold)
        post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        self.frames(after)

    def click(self, i):
        """A quick click on button ``i`` (down and up between two frames)."""
        self.button(i, 0)

    def long_press(self):
        """OK held 900 ms with the mouse: back in menus, undo in play."""
        self.button(OK, LONG_HOLD_MS)

    def shows(self, label):
        return on_item(self.sim.board, label)

    def choose(self, label, limit=80):
        """NEXT until the LCD's cursor row shows ``label``, then OK."""
        for _ in range(limit):
            if self.shows(label):
                self.click(OK)
                return
            self.click(NEXT)
        raise AssertionError("no %r in the menu: %r" % (label, self.sim.board.lcd_lines()))

    def drag(self, card, to):
        """Press on ``card`` where it shows, move in two steps, release at ``to`` (a table
        run without pictures, ``lazy_draw``, is drawn first: the hand looks before it grabs)."""
        if self.sim.lazy_draw:
            self.sim.draw()
        start = self.sim.grab_point(card)
        assert start is not None, "card %d is not on screen" % card
        mid = ((start[0] + to[0]) // 2, (start[1] + to[1]) // 2)
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frames()
        for p in (mid, to):
            post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frames()
        post(pygame.MOUSEBUTTONUP, pos=to, button=1)
        self.frames()

    def tap(self, card):
        """A click on ``card`` where it shows (press and release on the spot)."""
        at = self.sim.grab_point(card)
        assert at is not None, "card %d is not on screen" % card
        post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
        self.frames()
        post(pygame.MOUSEBUTTONUP, pos=at, button=1)
        self.frames()

    def until(self, cond, limit=2000):
        for _ in range(limit):
            if cond():
                return
            self.frames()
        raise AssertionError("still waiting; LCD %r, status %r" % (
            self.sim.board.lcd_lines(), self.sim.status_line()))


def my_turn(sim, pad):
    """True when the person at ``pad`` may lay a card now: their turn, and a lead only once
    the pads read clear."""
    if sim.turn_pad() != pad or sim.shadow is None:
        return False
    return bool(getattr(sim.fw_deal, "trick", None)) or sim.tableau.pads_clear()


def play_cards(sim, you, pad, stop, pick=None, limit=6000):
    """Frames until ``stop()``; on the turn of the person at ``pad`` drag a card onto the
    pad: ``pick(legal cards in hand)`` (default the first legal card, known hands)."""
    for _ in range(limit):
        if stop():
            return
        if my_turn(sim, pad):
            hand = sim.tableau.hand(pad)
            legal = [c for c in sim.shadow.legal_cards(sim.seat_of(pad)) if c in hand]
            card = pick(legal, hand) if pick is not None else legal[0]
            you.drag(card, sim.pad_centre(pad))
            continue
        you.frames()
    raise AssertionError("still waiting; LCD %r, status %r" % (
        sim.board.lcd_lines(), sim.status_line()))


class Seat:
    """A person at pad ``pad`` playing one whole deal with the mouse alone, undoing as
    they go: ``undo`` takes back a computer's card (on the person's turn) and the person's
    own card (right after laying it) on the first ``undo`` turns, and the deal's last card
    on the result; each undo is checked (the card named in ``Undone`` is the last one
    played and lies back in its owner's hand). The person's choices are what the
    simulator's computer would choose for them (``adapter.choices``), entered with clicks;
    their cards the first legal one (known hands); the Skat discard and the Tarot écart
    dragged into the talon box; the skat scanned at the end dragged onto a pad; a
    Schieberamsch skat answered by ``push(seat)`` (returns the menu label entered).

    ``play_deal()`` -> the booked result (the firmware's); ``undone`` lists the cards taken
    back as ``(kind, verb, seat, card)``; ``chose`` the menu labels the person entered
    (the first leader's name, Zhopa's go/no, bids, contract).
    """

    def __init__(self, sim, you, pad, undo=0, steps=(), bid_to=0, push=None, tap=False):
        self.sim = sim
        self.tap = tap  # the discard and the écart put away by clicks, not drags
        self.push = push  # Schieberamsch: push(seat) answers the person's skat menu
        self.you = you
        self.pad = pad
        self.undo = undo
        self.steps = set(steps)  # further undos: "bid" (auction or bids), "discard"
        self.bid_to = bid_to  # the Skat auction: the person says and holds up to this
        self.undone = []
        self.chose = []  # the menu labels the person entered, in order
        self._done = set()

    def play_deal(self, limit=12000, on_result=None):
        """Play until the result is booked; ``on_result()`` is called on the result the
        person books (after any undo at the end)."""
        sim = self.sim
        for _ in range(limit):
            if sim.ctl.mode == MODE_RESULT and sim.results:
                if self.undo and "end" not in self._done:
                    self._done.add("end")
                    self._undo("end")
                    continue
                result = sim.results[-1]
                if on_result is not None:
                    on_result()
                self.you.click(OK)  # book it
                self.you.until(lambda: sim.ctl.mode != MODE_RESULT)
                return result
            if self._choice() or self._scan() or self._turn():
                continue
            self.you.frames()
        raise AssertionError("deal not over; LCD %r, status %r" % (
            sim.board.lcd_lines(), sim.status_line()))

    # --- steps -------------------------------------------------------------------------

    def _put_away(self, card):
        """One card of the discard or écart into the talon box, by a drag or a click."""
        if self.tap:
            self.you.tap(card)
        else:
            self.you.drag(card, self.sim.talon_centre())
        assert card in self.sim.tableau.talon(), "card %d not in the talon box" % card

    def _choice(self):
        sim = self.sim
        deal = sim.fw_deal
        if sim.ctl.mode != MODE_CHOICE or sim.operator.busy() or deal is None or \
                sim.flow.prompt(deal, sim.ctl.match) is None or sim.computer_chooses():
            return False
        if auction.of(sim) is not None:  # the Skat auction: the buttons on the table
            return self._answer()
        if self._bid_undo():
            return True
        if self.push is not None and getattr(deal, "pusher", None) is not None and \
                sim.pad_of(deal.pusher) == self.pad:
            self.chose.append(self.push(self))
            return True
        discard = sim.flow.NAME == "skat" and sim.adapter.person_step(sim) is not None
        if discard:  # Skat: two cards into the skat box
            from host_sim.ui.games import skat_discard, skat_plan
            hand = sim.tableau.hand(self.pad)
            for c in skat_discard(hand, skat_plan(hand)[0]):
                self._put_away(c)
        lines = sim.board.lcd_lines()
        if "ecart" in lines[0]:  # Tarot: the écart laid face down in the talon box
            from host_sim.ui.games import tarot_ecart
            for c in tarot_ecart(sim.tableau.hand(self.pad), sim.match.game.chien_size):
                self._put_away(c)
            self.you.choose("Not scanned")
            self._discard_undo()
            return True
        labels = sim.adapter.choices(sim)
        if labels:
            for label in labels:
                self.you.choose(label)
                self.chose.append(label)
        else:
            self.you.click(OK)  # the first item (an option's default)
        if discard:
            self._discard_undo()
        return True

    def _answer(self):
        """The person's word in the Skat auction: a click on "Say"/"Hold" while the bid is
        within ``bid_to``, else "Pass"; with "bid" in ``steps`` the first question is
        answered by a long press instead (the last bid said is taken back)."""
        sim = self.sim
        a = auction.of(sim)
        if not auction.question(sim) or not sim.answer_rects:
            return False
        if "bid" in self.steps and "bid" not in self._done:
            self._done.add("bid")
            said = list(sim.adapter.bids)
            self.you.long_press()
            assert sim.adapter.bids == said[:-1], (said, sim.adapter.bids)
            self.undone.append(("bid", "auction", -1, said[-1]))
            return True
        move = a.options()[0][1]
        yes = (a.bid() if move[0] == "hold" else move[2]) <= self.bid_to
        rect = [r for r, i in sim.answer_rects if i == (0 if yes else 1)][0]
        post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
        post(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
        self.chose.append(a.options()[0 if yes else 1][0])
        self.frames_until_said(len(sim.adapter.bids))
        return True

    def frames_until_said(self, n, limit=60):
        for _ in range(limit):
            self.you.frames()
            if len(self.sim.adapter.bids) > n:
                return

    def _bid_undo(self):
        """With "bid" in ``steps``, at the person's first bid menu on the board (Tarot): a
        long press takes back the bid before (a computer's), which is then made again."""
        sim = self.sim
        acts = sim.ctl.app.referee.actions
        if "bid" not in self.steps or "bid" in self._done or not acts or \
                acts[-1][0] != "bid":
            return False
        self._done.add("bid")
        before = len(sim.events)
        self.you.long_press()
        undone = [e for e in sim.events[before:] if isinstance(e, Undone)]
        assert len(undone) == 1 and undone[0].card < 0, undone
        self.undone.append(("bid", "bid", undone[0].seat, -1))
        return True

    def _discard_undo(self):
        """With "discard" in ``steps``: once the contract (Skat) or the écart (Tarot) is
        entered, a long press takes it back (the board's menu again), the cards laid away
        come back from the talon box into the hand, to be laid away again."""
        sim = self.sim
        if "discard" not in self.steps or "discard" in self._done:
            return
        self._done.add("discard")
        verb = sim.ctl.app.referee.actions[-1][0]
        before = len(sim.events)
        self.you.long_press()
        undone = [e for e in sim.events[before:] if isinstance(e, Undone)]
        assert len(undone) == 1 and undone[0].card < 0, (verb, undone)
        assert sim.ctl.mode == MODE_CHOICE, sim.board.lcd_lines()
        put = list(sim.tableau.talon())
        for c in put:
            self.you.drag(c, sim.layout.hand_rect(self.pad).center)
        assert not sim.tableau.talon() and all(c in sim.tableau.hand(self.pad) for c in put)
        self.undone.append(("discard", verb, undone[0].seat, tuple(put)))

    def _scan(self):
        sim = self.sim
        if sim.awaiting is None or sim._scanning:
            return False
        sh = sim.shadow
        dpad = sim.pad_of(getattr(sh, "declarer", -1)) if sh is not None else -1
        if dpad != self.pad:
            return False
        cards = sim.adapter.final_scan(sim, sim.awaiting.count)
        if not cards:
            return False
        for c in cards:
            self.you.drag(c, sim.pad_centre(self.pad))
            self.you.frames(3)
        self.you.until(lambda: sim.awaiting is None or bool(sim.results), limit=200)
        return True

    def _turn(self):
        sim = self.sim
        if not my_turn(sim, self.pad):
            return False
        hist = sim.fw_deal.history
        n = len(hist)
        if hist and sim.pad_of(hist[-1][0]) != self.pad and len(self._kinds("comp")) < \
                self.undo and ("comp", n) not in self._done:
            self._done.add(("comp", n))
            self._undo("comp")
            return True
        hand = sim.tableau.hand(self.pad)
        legal = [c for c in sim.shadow.legal_cards(sim.seat_of(self.pad)) if c in hand]
        before = len(sim.events)
        self.you.drag(legal[0], sim.pad_centre(self.pad))
        self.you.until(lambda: any(isinstance(e, (CardPlayed, Refused))
                                   for e in sim.events[before:]), limit=60)
        played = [e for e in sim.events[before:] if isinstance(e, CardPlayed)]
        assert played and played[0].card == legal[0], sim.events[before:]
        if len(self._kinds("own")) < self.undo and ("own", n) not in self._done and \
                not sim.results:
            self._done.add(("own", n))
            self._undo("own")
        return True

    def _kinds(self, kind):
        return [u for u in self.undone if u[0] == kind]

    def _undo(self, kind):
        """OK held 900 ms with the mouse: the last card comes back."""
        sim = self.sim
        verb, args = sim.ctl.app.referee.actions[-1]
        seat, card = sim.fw_deal.history[-1] if verb == "play" else (-1, -1)
        before = len(sim.events)
        self.you.long_press()
        undone = [(e.seat, e.card) for e in sim.events[before:] if isinstance(e, Undone)]
        assert undone == [(seat, card)], (kind, verb, undone, (seat, card))
        assert not [e for e in sim.events[before:] if isinstance(e, CardPlayed)]
        assert sim.ctl.mode != MODE_RESULT
        if verb == "play":
            assert sim.tableau.where(card) == ("hand", sim.pad_of(seat)), kind
        self.undone.append((kind, verb, seat, card))


def a_key_deals(sim, you, deals, known=None, limit=20000):
    """The A key ("the computer acts for you") pressed at every step until ``deals``
    deals are booked: each bid, call, écart, contract, card, scan and the result's OK of
    the persons' seats; nothing else is pressed. Returns the results booked; ``known``:
    a list given the shadow deal's result (every hand known) of each deal as it ends."""
    booked, shown = [], None
    for _ in range(limit):
        if sim.ctl.mode == MODE_RESULT and sim.results:
            if shown is None and known is not None:
                known.append(sim.shadow.result())
            shown = sim.results[-1]
        elif shown is not None:  # the result left the LCD: booked
            booked.append(shown)
            shown = None
        if len(booked) >= deals:
            return booked
        if sim.operator.busy() or (sim._scanning and sim.awaiting is not None):
            you.frames()  # the computer's keys, or its cards being scanned
            continue
        you.key(pygame.K_a)
    raise AssertionError("%d of %d deals booked; LCD %r, status %r" % (
        len(booked), deals, sim.board.lcd_lines(), sim.status_line()))

"""A person at the simulator with the mouse alone: pygame mouse events posted to the queue
as a hand makes them (press, hold over frames, move, release), nothing else.

``MousePerson(sim, dt)``: ``dt`` is the virtual ms per frame the SimApp runs at
(``fixed_dt``), so holds are counted in real time: a long press is OK held 900 ms
(``device.buttons.LONG_MS`` is 800), a click is a press and a release in one frame.
"""

import pygame

from host_sim.board import row_shows

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

    def click(self, i):
        """A quick click on button ``i`` (down and up between two frames)."""
        self.button(i, 0)

    def long_press(self):
        """OK held 900 ms with the mouse: back in menus, undo in play."""
        self.button(OK, LONG_HOLD_MS)

    def shows(self, label):
        return any(row_shows(r, label) for r in self.sim.board.lcd_lines())

    def choose(self, label, limit=80):
        """NEXT until the LCD's cursor row shows ``label``, then OK."""
        for _ in range(limit):
            if self.shows(label):
                self.click(OK)
                return
            self.click(NEXT)
        raise AssertionError("no %r in the menu: %r" % (label, self.sim.board.lcd_lines()))

    def drag(self, card, to):
        """Press on ``card`` where it shows, move in two steps, release at ``to``."""
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


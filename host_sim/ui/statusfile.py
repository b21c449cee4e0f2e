"""The simulator's state as a JSON file, for a program that watches a real window (the
Xvfb test, tests/test_sim_xvfb.py): ``trickref sim --status FILE``.

The file is rewritten whole (a temporary file renamed over it, so a reader never sees half
a file) whenever the firmware's event count changes, and every ``EVERY`` frames. Shape::

    {"frame": int, "mode": int (device.controller MODE_*), "turn": pad or -1,
     "played": [[pad, card], ...] (cards in order, after undo: the cards still played),
     "legal": [card, ...] (the legal cards in the hand of the pad to play, shadow deal),
     "grab": {card: [x, y]} (window pixels where a click picks the card up),
     "pads": [[x, y], ...] (each pad's reader centre), "buttons": [[x, y], ...] (PREV,
     NEXT, OK), "lcd": [row, ...], "window": the X window id or null (SDL's wm info)}

Cards are the deck's numbers (``flow.DECK``). Write errors (a full disc, a vanished
directory) are reported once on the status line and stop the writing; the referee loop
goes on.
"""

import json
import os

EVERY = 15  # frames between rewrites when nothing happened


class StatusFile:
    """Writes ``sim``'s state to ``path`` (see the module docstring)."""

    def __init__(self, path):
        self.path = path
        self._seen = -1
        self.failed = None

    def frame(self, sim):
        """Called after each frame: rewrite when due."""
        if self.failed is not None:
            return
        n = len(sim.events)
        if n == self._seen and sim.frame % EVERY:
            return
        self._seen = n
        try:
            tmp = self.path + ".tmp"
            with open(tmp, "w") as f:
                json.dump(state(sim), f)
            os.replace(tmp, self.path)
        except OSError as e:
            self.failed = str(e)
            sim.note("status file not written: %s" % e)


def state(sim):
    """The dict written (the module docstring's shape)."""
    deal = sim.fw_deal
    hist = list(getattr(deal, "history", None) or [])
    turn = sim.turn_pad()
    legal = []
    sh = sim.shadow
    if turn >= 0 and sh is not None and getattr(sh, "hands", None):
        hand = sim.tableau.hand(turn)
        try:
            legal = [c for c in sh.legal_cards(sim.seat_of(turn)) if c in hand]
        except Exception:  # between phases: no legal cards to show
            legal = []
    lay = sim.layout
    return {
        "frame": sim.frame, "mode": sim.ctl.mode, "turn": turn,
        "played": [[sim.pad_of(s), c] for s, c in hist],
        "legal": legal,
        "grab": {str(c): list(p) for c, p in (getattr(sim, "grab_points", None) or {}).items()},
        "pads": [list(r.center) for r in lay.pads],
        "buttons": [list(r.center) for r in lay.buttons],
        "lcd": list(sim.board.lcd_lines()),
        "window": _window_id(),
    }


def _window_id():
    import pygame
    try:
        return pygame.display.get_wm_info().get("window")
    except pygame.error:  # no window
        return None

"""Playing a game record in the simulator's window, card by card (issue 20).

With ``trickref sim --record FILE`` every seat plays the record's cards (the Skat
adapter's ``record_play``, ``host_sim.ui.games``); ``Playback`` lets the viewer hold the
table: Space pauses or resumes, N (or ``.``) plays the next card and
pauses, B (or Backspace) takes the last card back (the firmware's own undo: OK held, as a
player does it at the table; the record then plays that card again). While paused the
computers play nothing; the menus and the firmware's clock run on.

``key(sim, key)`` -> True when the key was Playback's; ``holds(sim)`` -> True while no
card may be played now. Played cards are counted by the firmware deal's history.
"""

import pygame

from host_sim.i18n import _
from host_sim.ui.operator import OK

BACK_HOLD_MS = 1000  # OK held this long is the firmware's long press (0.9 s): undo


def played(sim):
    """Cards played so far in the firmware's deal (0 without one)."""
    try:
        return len(sim.fw_deal.history)
    except Exception:  # no deal yet, or a deal that refuses the question before its start
        return 0


class Playback:
    """The viewer's hold on a recorded game: ``paused``, and the count of played cards a
    step may play past (``None``: no step pending)."""

    def __init__(self):
        self.paused = False
        self._step_at = None

    def pause(self, sim, paused=True):
        """Pause (or resume) the record's play."""
        self.paused = paused
        self._step_at = None
        sim.note(_("record paused: N = next card, B = back, Space = play on") if paused
                 else _("record playing"))

    def step(self, sim):
        """Play the next card of the record, then stay paused."""
        self.paused = True
        self._step_at = played(sim)

    def back(self, sim):
        """Take the last card back (the firmware's undo, OK held) and stay paused."""
        self.paused = True
        self._step_at = None
        if played(sim) == 0:
            sim.note(_("record: no card to take back"))
            return
        sim.button_down(OK)
        sim.later(BACK_HOLD_MS, lambda: sim.button_up(OK))

    def holds(self, sim):
        """True while the record's next card must wait."""
        if not self.paused:
            return False
        return self._step_at is None or played(sim) != self._step_at

    def key(self, sim, key):
        """Apply a key press; True when it was one of Playback's keys."""
        if key == pygame.K_SPACE:
            self.pause(sim, not self.paused)
        elif key in (pygame.K_n, pygame.K_PERIOD):
            self.step(sim)
        elif key in (pygame.K_b, pygame.K_BACKSPACE):
            self.back(sim)
        else:
            return False
        return True

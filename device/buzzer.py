"""The table's buzzer: short patterns players learn by ear, driven without blocking.

The board's buzzer is an **active** buzzer (docs/hardware.md, parts list BZ1: it sounds on
DC through the NPN Q1), so a pattern is a sequence of on/off times in ms rather than PWM
tones: the pin is switched on and off from the firmware loop's ticks, never with a sleep
(the pads must keep being polled). Patterns, by what happened (``core.events``):

- a card or a choice accepted: one short beep;
- a card refused: one long buzz; a revoke found: two long buzzes;
- a trick taken: two short beeps; cards asked for (the skat, the écart): one short beep;
- a deal over: a rising "tune", three beeps, the last one long.

When several events come in one tick the most important one sounds (a refusal over a
trick over a card). ``pin`` is a ``machine.Pin`` (output), or None on a board without one.
"""

from core.events import Awaiting, CardPlayed, DealOver, Refused, RevokeFound, TrickTaken

# (priority, pattern): a pattern is on, off, on, ... times in ms (starting "on").
ACCEPTED = (1, (50,))
ASKED = (2, (50,))
TRICK = (3, (50, 80, 50))
DEAL_OVER = (4, (80, 60, 80, 60, 300))
REFUSED = (5, (400,))
REVOKE = (6, (400, 150, 400))

_BY_EVENT = ((RevokeFound, REVOKE), (Refused, REFUSED), (DealOver, DEAL_OVER),
             (TrickTaken, TRICK), (Awaiting, ASKED), (CardPlayed, ACCEPTED))


def pattern_for(events):
    """The ``(priority, pattern)`` the events of one tick sound, or None when none does."""
    best = None
    for ev in events:
        for cls, pat in _BY_EVENT:
            if isinstance(ev, cls):
                if best is None or pat[0] > best[0]:
                    best = pat
                break
    return best


class Buzzer:
    """Plays patterns on ``pin`` from the loop's ticks: ``play(events, now_ms)`` starts
    the events' pattern (a more important one interrupts a playing one, a less important
    one waits for nothing: it is dropped), ``tick(now_ms)`` switches the pin."""

    def __init__(self, pin):
        self.pin = pin
        self._pattern = None
        self._start = 0
        self._level = 0
        self._prio = 0
        if pin is not None:
            pin.value(0)

    def play(self, events, now_ms):
        """Start the pattern of ``events`` (a list of core.events) at ``now_ms``."""
        pat = pattern_for(events)
        if pat is None or self.pin is None:
            return
        if self._pattern is not None and pat[0] < self._prio:
            return
        self._prio, self._pattern, self._start = pat[0], pat[1], now_ms
        self.tick(now_ms)

    def tick(self, now_ms):
        """Set the pin for ``now_ms``: on in the pattern's even slots, off otherwise."""
        if self._pattern is None:
            return
        t = now_ms - self._start
        level = 0
        for i in range(len(self._pattern)):
            if t < self._pattern[i]:
                level = 1 - (i & 1)
                break
            t -= self._pattern[i]
        else:
            self._pattern = None
            self._prio = 0
        if level != self._level:
            self._level = level
            self.pin.value(level)

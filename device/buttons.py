"""Three push buttons (previous, next, OK), debounced, with a long press of OK as "back".

Buttons pull their pin to ground (``Pin.PULL_UP``, pressed = 0). ``Buttons.poll(now_ms)``
samples the pins without blocking and returns the presses completed since the last call:
``PREV``, ``NEXT``, ``OK`` (released before ``LONG_MS``) or ``BACK`` (OK held for
``LONG_MS``, reported once while still held, so the table feels the undo happen).
"""

from core.compat import const
from device import timing

PREV = "prev"
NEXT = "next"
OK = "ok"
BACK = "back"  # a long press of OK: back in menus, undo in play

DEBOUNCE_MS = const(20)  # contact bounce of tactile switches settles within ~5-20 ms
LONG_MS = const(800)  # OK held this long is a long press


class Buttons:
    """Debounced reader of the (prev, next, ok) pins of a board."""

    def __init__(self, pins):
        if len(pins) != 3:
            raise ValueError("three button pins (prev, next, ok), got %d" % len(pins))
        self.pins = pins
        self._stable = [1, 1, 1]  # debounced level (1 = released)
        self._raw = [1, 1, 1]
        self._since = [0, 0, 0]  # when the raw level last changed
        self._down_at = 0  # when OK went down
        self._long_sent = False

    def poll(self, now_ms):
        """Return the list of presses completed since the last poll (usually 0 or 1)."""
        out = []
        for i in range(3):
            v = self.pins[i].value()
            if v != self._raw[i]:
                self._raw[i] = v
                self._since[i] = now_ms
            elif v != self._stable[i] and timing.ticks_diff(now_ms, self._since[i]) >= \
                    DEBOUNCE_MS:
                self._stable[i] = v
                self._edge(i, v, now_ms, out)
        if self._stable[2] == 0 and not self._long_sent and \
                timing.ticks_diff(now_ms, self._down_at) >= LONG_MS:
            self._long_sent = True
            out.append(BACK)
        return out

    def ok_down_at(self):
        """The tick when OK last went down (the start of the press an OK or BACK ends)."""
        return self._down_at

    def _edge(self, i, level, now_ms, out):
        if i < 2:
            if level == 0:
                out.append(PREV if i == 0 else NEXT)
            return
        if level == 0:
            self._down_at = now_ms
            self._long_sent = False
        elif not self._long_sent:
            out.append(OK)

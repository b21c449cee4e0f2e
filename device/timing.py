"""Milliseconds for drivers and the loop: MicroPython's ``time`` functions, or a stand-in.

Drivers call ``timing.sleep_ms(n)`` through this module (not ``from ... import``) so the
desktop twin can swap in its virtual clock with :func:`use`.
"""

try:
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms  # noqa: F401  MicroPython
except ImportError:  # CPython: same names over the monotonic clock
    import time as _time

    _PERIOD = 1 << 30  # MicroPython's ticks wrap at 2**30 on every port

    def ticks_ms():
        """Milliseconds from an arbitrary origin, wrapping at 2**30."""
        return int(_time.monotonic() * 1000) % _PERIOD

    def ticks_add(t, delta):
        """``t + delta`` in the wrapping tick space."""
        return (t + delta) % _PERIOD

    def ticks_diff(a, b):
        """Signed ``a - b`` in the wrapping tick space (a, b within half a period)."""
        d = (a - b) % _PERIOD
        return d - _PERIOD if d >= _PERIOD // 2 else d

    def sleep_ms(ms):
        """Block for ``ms`` milliseconds."""
        _time.sleep(ms / 1000)


def use(clock):
    """Route ``ticks_ms`` and ``sleep_ms`` to ``clock`` (an object with both methods).

    Used by the desktop twin's virtual clock; never called on a board.
    """
    global ticks_ms, sleep_ms
    ticks_ms = clock.ticks_ms
    sleep_ms = clock.sleep_ms

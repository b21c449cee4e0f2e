"""The board's upkeep around the firmware loop: watchdog, LCD health, notices.

``Supervisor(loop, lcd, wdt=None)`` wraps the controller (anything with ``tick(now_ms)``
returning events) and is what ``firmware/main.py`` loops on. Each ``tick``:

- feeds the watchdog (``machine.WDT``, started by main.py): a loop that stops coming
  round (a hung bus, a call that never returns) resets the board, which resumes from its
  journal;
- keeps the LCD in step: after a bus error (the driver keeps it in ``lcd.error`` and
  stops writing) the bus is cleared and the display re-initialised and redrawn from the
  firmware's own buffer (``lcd.recover``), retried every ``RECOVER_MS`` while it fails,
  then "LCD bus cleared" shows on the last row for ``NOTE_MS``; every ``RESYNC_MS``, and
  at once when a reader had to be re-initialised (a brown-out resets every chip: the
  readers are the ones that can tell), the display is re-synchronised (``lcd.resync``), so
  a glitch the write-only LCD cannot report (a noise spike that slipped a 4-bit nibble, a
  brown-out of the module) lasts at most that long;
- after ``STABLE_MS`` of running calls ``on_stable()`` once (main.py clears the boot
  counter: this boot did not fail);
- when the loop ran out of heap (a ``device.reasons.OUT_OF_MEMORY`` refusal: the action
  may have left the deal half-changed), calls ``restart()`` (main.py: ``machine.reset``):
  the board boots again and resumes from its journal, as after a power cut, with a heap
  no longer fragmented; the LCD keeps "out of memory / restarting" until the boot draws.

Never raises: a fault of the upkeep itself is kept in ``last_error``.
"""

from core.compat import const
from device import timing
from device.reasons import OUT_OF_MEMORY
from device.words import say

RESYNC_MS = const(3000)  # a slipped nibble shows at most 3 s (resync: about 25 ms of bus)
RECOVER_MS = const(250)  # retry of a failed LCD bus recovery
NOTE_MS = const(3000)  # how long a notice stays on the last row
STABLE_MS = const(10000)  # a boot that ran this long did not fail


class Supervisor:
    """Upkeep of one board around ``loop``; see the module docstring. ``wdt``: a started
    ``machine.WDT`` or None; ``on_stable``: called once after ``STABLE_MS``; ``restart``:
    called when the loop ran out of heap (None: the loop goes on)."""

    def __init__(self, loop, lcd, wdt=None, on_stable=None, restart=None):
        self.loop = loop
        self.lcd = lcd
        self.wdt = wdt
        self.on_stable = on_stable
        self.restart = restart
        self.last_error = None
        self.recoveries = 0  # LCD bus recoveries that succeeded
        self._start = None
        self._resync_at = None
        self._recover_at = None
        self._note_until = None
        self._revived = 0

    def tick(self, now_ms):
        """Feed the watchdog, run one pass of the loop, keep the LCD; returns the events."""
        if self.wdt is not None:
            self.wdt.feed()
        events = self.loop.tick(now_ms)
        if self.restart is not None:
            for ev in events:
                if getattr(ev, "reason", None) == OUT_OF_MEMORY:
                    self.restart()  # a real reset never returns
        try:
            self._upkeep(now_ms)
        except Exception as e:  # the upkeep never stops the loop
            self.last_error = e
        return events

    def notice(self, text, now_ms):
        """Show ``text`` (an English phrase: said in the table's language,
        ``device.words.say``) on the LCD's last row for ``NOTE_MS`` (over the screen)."""
        self.lcd.note(say(text))
        self._note_until = timing.ticks_add(now_ms, NOTE_MS)

    def _upkeep(self, now_ms):
        if self._start is None:
            self._start = now_ms
            self._resync_at = timing.ticks_add(now_ms, RESYNC_MS)
        if self.on_stable is not None and timing.ticks_diff(now_ms, self._start) >= STABLE_MS:
            stable, self.on_stable = self.on_stable, None
            stable()
        if self.lcd.error is not None:
            self._recover(now_ms)
            return
        if self._note_until is not None and timing.ticks_diff(now_ms, self._note_until) >= 0:
            self._note_until = None
            self.lcd.note(None)
        if self._readers_reset() or timing.ticks_diff(now_ms, self._resync_at) >= 0:
            self._resync_at = timing.ticks_add(now_ms, RESYNC_MS)
            try:
                self.lcd.resync()
            except OSError:
                pass  # lcd.error is set: recovered on the next tick

    def _recover(self, now_ms):
        if self._recover_at is not None and timing.ticks_diff(now_ms, self._recover_at) < 0:
            return
        try:
            self.lcd.recover()
        except OSError:
            self._recover_at = timing.ticks_add(now_ms, RECOVER_MS)
            return
        self._recover_at = None
        self.recoveries += 1
        self.notice("LCD bus cleared", now_ms)

    def _readers_reset(self):
        """True when a reader was re-initialised since the last look (the pads of the
        table loop in play: the controller's App, or an App itself)."""
        app = getattr(self.loop, "app", self.loop)
        n = getattr(getattr(app, "pads", None), "revived", 0)
        if n != self._revived:
            self._revived = n
            return True
        return False

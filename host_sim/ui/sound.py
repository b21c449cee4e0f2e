"""The emulated buzzer heard through pygame's mixer (issue 20).

The firmware switches the buzzer pin (``device/buzzer.py``: an active buzzer, so rhythms
of on and off, no PWM); ``BuzzerSound(pin)`` watches that pin of the emulated board
(``host_sim.machine.Pin.watch``) and sounds a tone while it is high: the pitch of the
parts list's BZ1, the CUI CT-1205CL, whose datasheet gives a rated frequency of
2400 Hz +-400 Hz (CUI CT-1205CL rev. A, 02/2008, page 1), as a square wave (what a
self-oscillating magnetic buzzer sends out, near enough), mono, 16 bit.

The mixer may not open (no sound card, a container; tests use SDL_AUDIODRIVER=dummy):
then the simulator stays silent and says why once (``message``); the pin's edges are
still counted (``edges``: ``[(board time ms, level), ...]``) so the rhythms can be checked.
"""

import array
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from host_sim.i18n import _  # noqa: E402

TONE_HZ = 2400  # CT-1205CL rated frequency (datasheet page 1)
RATE = 22050  # samples a second
VOLUME = 0.25  # of full scale: a buzzer on a desk, not in a club room


def square_wave(hz=TONE_HZ, rate=RATE, ms=100, volume=VOLUME):
    """Signed 16-bit mono samples (``array('h')``) of a square wave at ``hz`` for
    ``ms`` (whole periods, so it loops without a click)."""
    period = max(2, int(round(rate / float(hz))))
    periods = max(1, rate * ms // 1000 // period)
    high = int(32767 * volume)
    one = [high] * (period // 2) + [-high] * (period - period // 2)
    return array.array("h", one * periods)


class BuzzerSound:
    """Sound ``pin`` (an emulated output Pin) through the mixer: a tone while it is high.
    ``clock``: a callable giving the board's time in ms, for ``edges``. ``message``: why
    there is no sound (None when the mixer opened)."""

    def __init__(self, pin, clock=lambda: 0):
        self.edges = []
        self.clock = clock
        self.message = None
        self._tone = None
        self._channel = None
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            got = pygame.mixer.get_init()
            if got is None:
                raise pygame.error("the mixer did not open")
            # the mixer may give stereo or another rate: build the tone for what it gave
            rate, _size, channels = got
            wave = square_wave(rate=rate)
            if channels > 1:
                wave = array.array("h", [s for s in wave for _ in range(channels)])
            self._tone = pygame.mixer.Sound(buffer=wave.tobytes())
        except pygame.error as e:
            self.message = _("no buzzer sound: the mixer cannot open (%s)") % e
        if pin is not None:
            pin.watch(self._level)

    def _level(self, level):
        self.edges.append((self.clock(), level))
        if self._tone is None:
            return
        if level:
            self._channel = self._tone.play(loops=-1)
        elif self._channel is not None:
            self._channel.stop()
            self._channel = None

    def playing(self):
        """True while the tone sounds."""
        return self._channel is not None and self._channel.get_busy()

    def close(self):
        """Stop the tone and close the mixer."""
        if self._tone is not None:
            self._tone.stop()
            pygame.mixer.quit()
            self._tone = None

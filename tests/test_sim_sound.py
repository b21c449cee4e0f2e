"""Issue 20: the buzzer's tones through pygame's mixer, from the emulated buzzer pin the
firmware drives (device/buzzer.py; host_sim/ui/sound.py)."""

import pytest

pygame = pytest.importorskip("pygame")

from device import buzzer  # noqa: E402
from host_sim.ui import sound  # noqa: E402
from host_sim.ui.app import SimApp  # noqa: E402


@pytest.fixture
def dummy_audio(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


def test_square_wave_at_the_buzzers_pitch():
    """CT-1205CL: 2400 Hz rated (datasheet page 1); at 22050 samples/s a period is 9
    samples (22050 / 2400 = 9.19), half high, half low, looping on whole periods."""
    w = sound.square_wave(2400, 22050, ms=100)
    assert len(w) % 9 == 0 and len(w) == 2205 // 9 * 9
    assert list(w[:9]) == [8191] * 4 + [-8191] * 5


def test_pin_rhythms_are_heard_as_the_firmware_plays_them(dummy_audio):
    """A whole deal with the mixer open: the tone follows the pin, and the pin sounds
    the firmware's patterns (a card accepted: one 50 ms beep; a trick: 50-80-50)."""
    sim = SimApp("magistr", 2, seed=5, human=(), fixed_dt=10, think_ms=60, collect_ms=120,
                 size=(800, 600), sound=True)
    try:
        snd = sim.sound
        assert snd.message is None, snd.message
        seen_on = False
        for _ in range(3000):
            sim.run(frames=1)
            seen_on = seen_on or snd.playing()
            if sim.results:
                break
        assert sim.results and seen_on
        sim.run(frames=100)  # the deal-over tune (80-60-80-60-300 ms) to its end
        edges = snd.edges
        assert edges and edges[0][1] == 1
        ons = [b[0] - a[0] for a, b in zip(edges, edges[1:]) if a[1] == 1 and b[1] == 0]
        # the pin is switched from the loop's ticks: a beep lasts its pattern's time,
        # give or take one 10 ms frame
        assert min(ons) >= buzzer.ACCEPTED[1][0] and max(ons) <= 300 + 10, ons
        assert any(abs(d - 50) <= 10 for d in ons)
        assert any(abs(d - 300) <= 10 for d in ons)  # the deal-over tune's long last beep
    finally:
        sim.close()


def test_no_mixer_means_silence_with_a_message(monkeypatch):
    def refuse(**kw):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sim = SimApp("zhopa", 2, seed=1, human=(), fixed_dt=17, size=(800, 600), sound=True)
    try:
        assert sim.sound.message == ("no buzzer sound: the mixer cannot open (No available "
                                     "audio device)")
        sim.run(frames=300)  # the game goes on, silent; the edges are still counted
        assert sim.sound.edges and not sim.sound.playing()
    finally:
        sim.close()

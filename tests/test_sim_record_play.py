"""Issue 20: ``trickref sim --record FILE`` plays the record itself in the window: every
seat plays the record's cards (the shipped ISS record, host_sim/data/demo_skat.sgf), and
the viewer pauses, steps and takes back (host_sim/ui/record_play.py), headless here."""

import pytest

pygame = pytest.importorskip("pygame")

from core.cards import SKAT  # noqa: E402
from host_sim.commands.sim import DEMO_RECORD, load_record  # noqa: E402
from host_sim.ui.app import SimApp  # noqa: E402
from host_sim.ui.games import _is_card  # noqa: E402
from host_sim.ui.record_play import played  # noqa: E402


def _key(sim, key):
    sim.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _until(sim, cond, limit=3000):
    for _ in range(limit):
        if cond():
            return
        sim.run(frames=1)
    raise AssertionError("not reached in %d frames" % limit)


def _record_cards(record):
    """The record's cards of play, in order (its move list without bids, skat and game)."""
    return [SKAT.parse(a) for who, a in record.moves if who != "w" and _is_card(a)]


def test_record_plays_itself_with_pause_step_and_back():
    record = load_record(DEMO_RECORD)
    cards = _record_cards(record)
    assert len(cards) == 30  # the record's 30 cards of play (ISS move list)
    sim = SimApp("skat", 3, seed=1, record=record, human=(), fixed_dt=17, think_ms=60,
                 collect_ms=120, size=(800, 600))
    try:
        _until(sim, lambda: played(sim) >= 4)
        _key(sim, pygame.K_SPACE)  # pause
        n = played(sim)
        sim.run(frames=300)  # 5 s of table time: nobody plays
        assert played(sim) == n and sim.playback.paused
        _key(sim, pygame.K_n)  # one card, then paused again
        _until(sim, lambda: played(sim) == n + 1)
        sim.run(frames=300)
        assert played(sim) == n + 1
        _key(sim, pygame.K_b)  # the last card taken back by the firmware's undo
        _until(sim, lambda: played(sim) == n)
        sim.run(frames=200)
        assert played(sim) == n
        _key(sim, pygame.K_SPACE)  # play on to the end: the record's cards, in order
        _until(sim, lambda: bool(sim.results), limit=20000)
        assert [c for _s, c in sim.shadow.history] == cards
    finally:
        sim.close()

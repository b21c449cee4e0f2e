"""Issue 20: the table marks who took the last trick (the window's pile label), in
Magistr, Zhopa and Tarot whose last trick ends the deal."""

import pytest

pygame = pytest.importorskip("pygame")

from core.events import TrickTaken  # noqa: E402
from host_sim.ui.app import SimApp  # noqa: E402


@pytest.mark.parametrize("game,players,seed", [("magistr", 2, 5), ("zhopa", 2, 3),
                                               ("tarot", 3, 5)])
def test_taker_of_the_last_trick_is_marked(game, players, seed, tmp_path):
    """Seeds with a played deal (Tarot seed 5 at 3 players: a contract taken)."""
    sim = SimApp(game, players, seed=seed, human=(), fixed_dt=17, think_ms=60,
                 collect_ms=120, size=(800, 600))
    try:
        assert sim.last_taker == -1
        for _ in range(4000):
            sim.run(frames=5)
            if sim.results:
                break
        assert sim.results
        tricks = [ev for ev in sim.events if isinstance(ev, TrickTaken)]
        assert tricks and sim.last_taker == sim.pad_of(tricks[-1].seat)
        assert sim.tableau.pile(sim.last_taker)  # the marked seat holds tricks
        sim.save_screenshot(str(tmp_path / "end.png"))  # drawn with the mark
    finally:
        sim.close()

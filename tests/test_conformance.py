"""Issue 14, the conformance property: random deals with random early ends (Skat: claims,
resignations, a player leaving or timing out) played through the table path (the flow's
deal with the cards unknown, every action through the referee, the cards it asks for
laid as players would) score field for field as the known-hands core. 2,000 deals per
game here; `tools/conformance.py --deals N --seed S` runs longer ones."""

import pytest

from host_sim import conformance

DEALS = 2000


@pytest.mark.parametrize("game", conformance.GAMES)
def test_table_path_scores_as_the_known_hands_core(game):
    stats = conformance.run(game, DEALS, seed=14)
    if game == "skat":  # every kind of end was met, many times
        for kind in ("played", "ended early", "aborted", "declarer resigns",
                     "defenders resign", "defender leaves", "declarer leaves"):
            assert stats.get(kind, 0) >= 50, (kind, stats)


def test_skat_early_ends_down_to_the_pads():
    """The same property with the table path on the emulated board: choices through the
    table loop, every card read from its tag on its seat's pad, the open hand, the hand
    left and the skat laid on a pad when the board asks (25 deals: about 10 s)."""
    stats = conformance.run("skat", 25, seed=3, board=True)
    assert stats.get("ended early", 0) >= 5 and stats.get("played", 0) >= 5


def test_the_property_sees_a_wrong_table(monkeypatch):
    """Attack: a table that books early ends without the declarer's hand left (the bug
    of issue 14) is caught."""
    from core.games import skat
    monkeypatch.setattr(skat.Deal, "cards_left", lambda self: 0)
    with pytest.raises(conformance.Mismatch):
        conformance.run("skat", 200, seed=14)

"""Issue 14 item 4: every rules option is reachable from records, scripts, the CLI and the
menus, and an unknown option name or value is an error naming it, never ignored."""

import contextlib
import io
import json

import pytest

from device import flows
from host_sim.cli import main
from host_sim.script import ScriptError, run_script


@pytest.mark.parametrize("game", ["skat", "tarot", "magistr", "zhopa"])
def test_unknown_option_names_and_values_are_named(game):
    flow = flows.load(game)
    players = flow.PLAYERS[0]
    with pytest.raises(ValueError) as e:
        flows.check_options(flow, players, {"no_such_option": 1})
    assert "no_such_option" in str(e.value)
    key = flows.check_options(flow, players, {})[0][0]
    with pytest.raises(ValueError) as e:
        flows.check_options(flow, players, {key: "no-such-value"})
    assert key in str(e.value) and "no-such-value" in str(e.value)


def test_the_issues_options_in_a_record_are_refused(tmp_path, replay_json):
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps({"format": "trickref/1", "game": "tarot", "players": 4,
                                "options": {"excuse_slam": "announced",
                                            "no_such_option": 1},
                                "deal": 1, "actions": []}) + "\n")
    status, (out,) = replay_json(path)
    assert status == 1 and out["status"] == "error" and "no_such_option" in out["error"]


def _every_answer():
    """(game, players, {key: value}) for every choice of every rules question."""
    for game in ("skat", "tarot"):
        flow = flows.load(game)
        asked = set()
        for chosen in ({}, {"bock": "on"}):  # Skat asks the Bock events with Bock rounds on
            opts = flow.OPTIONS(flow.PLAYERS[0], chosen) if callable(flow.OPTIONS) \
                else flow.OPTIONS
            for key, _, choices in opts:
                if key in asked:
                    continue
                asked.add(key)
                for _, value in choices:
                    yield game, flow.PLAYERS[0], dict(chosen, **{key: value})


@pytest.mark.parametrize("game,players,options", list(_every_answer()))
def test_every_option_reaches_the_match_through_the_menus(game, players, options):
    """A table script (the menus, driven with the buttons) starts the game with the
    option; the match the firmware plays has it."""
    board = run_script("", game, players, out=lambda line: None, options=options)
    match = board.controller.match
    for key, value in options.items():
        assert getattr(match.game, key) == value


def test_a_script_with_an_unknown_option_stops():
    with pytest.raises(ScriptError) as e:
        run_script("", "skat", 3, out=lambda line: None, options={"violation": "report"})
    assert "violation" in str(e.value)


def test_the_cli_takes_options_and_refuses_unknown_ones(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("expect Auction\n")
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["sim", "--game", "skat", "--script", str(script),
                     "--option", "violations=report"]) == 0
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(buf):
        assert main(["sim", "--game", "skat", "--script", str(script),
                     "--option", "violations=maybe"]) == 1
    assert "violations" in err.getvalue() and "maybe" in err.getvalue()


def test_the_controller_refuses_an_unknown_option():
    board = run_script("", "skat", 3, out=lambda line: None)
    with pytest.raises(ValueError):
        board.controller.start_game("tarot", 4, {"excuse_slam": "sometimes"})
    assert board.controller.flow.NAME == "skat"  # nothing changed


@pytest.mark.parametrize("game,players", [("magistr", 3), ("zhopa", 4)])
def test_own_trumps_partly_answered_take_the_menus_defaults(game, players, tmp_path,
                                                            replay_json):
    """A record (or a controller's caller) answering only P1's own trump, diamonds,
    leaves P2's question at the menu's default, the first suit still free (clubs); the
    match got P2 diamonds too and was refused: "two seats share the trump D"."""
    flow = flows.load(game)
    partial = {"variant": "own", "trump0": 1}
    asked = dict((k, v) for k, v, _ in flows.check_options(flow, players, partial))
    assert [asked["trump%d" % s] for s in range(players)] == [1, 0, 2, 3][:players]
    match = flow.new_match(players, partial)
    assert list(match.game.rules.seat_suit) == [1, 0, 2, 3][:players]
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps({"format": "trickref/1", "game": game, "players": players,
                                "options": partial, "deal": 1, "actions": [],
                                "unfinished": True}) + "\n")
    status, out = replay_json(path)
    assert status == 0 and out[0]["status"] == "unfinished"
    board = run_script("", "skat", 3, out=lambda line: None)
    board.controller.start_game(game, players, partial)
    assert board.controller.flow.NAME == game

"""Issue 22: lost hand games counted once (the old rule: XSkat -oldrules "Lost Hand games
count simple"; ISkO 5.3 doubles them since 1999) and the list without Seeger-Fabian
(options lost_hand, seeger). Worked examples of docs/rules/skat.md "Lost hand games and
Seeger-Fabian", on the hands of the Kontra examples."""

import pytest

from core.games import skat, skat_scoring
from device import flows
from device.flows import skat as skat_flow
from test_skat_bock_events import picked_up
from test_skat_kontra import _declared, _play_out, p


@pytest.mark.parametrize("rule,kontra,value", [
    ("double", False, -70), ("single", False, -35), ("single", True, -70)])
def test_a_lost_null_hand(rule, kontra, value):
    """Null hand (35) lost at the first trick: ISkO -70; the old rule -35; with Kontra
    the simple loss doubled: -70."""
    match = skat_flow.new_match(3, {"kontra": "on", "lost_hand": rule})
    deal = _declared("NH", match=match)
    if kontra:
        deal.kontra(1)
    _play_out(deal)
    assert deal.result().value == value
    assert skat_flow.record(match, deal.result())[1] == "lost%s %d" % (
        " K" if kontra else "", value)


def test_a_lost_game_from_the_skat_stays_double_and_a_won_hand_game_is_unchanged():
    """Null after picking up (23) lost at the first trick: -46 under both rules; the
    grand hand with 4 schneider: 168."""
    match = skat_flow.new_match(3, {"lost_hand": "single"})
    deal = picked_up(match)
    deal.declare(0, "N", p("C8 C7"))
    _play_out(deal)
    assert deal.result().value == -46
    deal = _declared("GH", match=match)
    _play_out(deal)
    assert deal.result().value == 168
    assert skat_scoring.lost_value(-72, True, "single") == -36  # an overbid hand game


def test_the_list_without_seeger_fabian():
    match = skat_flow.new_match(3, {"seeger": "off"})
    deal = _declared("GH", match=match)
    _play_out(deal)
    skat_flow.record(match, deal.result())
    assert skat_flow.sheet_lines(match) == ["P1     0", "P2   168", "P3     0"]
    cols, rows = skat_flow.sheet_table(match)
    assert cols == ["game", "declarer", "value", "P1", "P2", "P3"]
    assert rows == [[1, 2, 168, 0, 168, 0]]
    on = skat_flow.new_match(3, {})
    assert skat_flow.sheet_table(on)[0][-1] == "SF P3"


def test_bad_values_are_named():
    with pytest.raises(ValueError) as e:
        flows.check_options(flows.load("skat"), 3, {"lost_hand": "triple"})
    assert "lost_hand" in str(e.value) and "triple" in str(e.value)
    with pytest.raises(ValueError):
        skat_scoring.check("double", "maybe")


@pytest.mark.parametrize("args,value", [
    (["--contract", "NH", "--points", "0", "--tricks", "1"], -70),
    (["--contract", "NH", "--points", "0", "--tricks", "1", "--lost-hand", "single"], -35),
    (["--contract", "NH", "--points", "0", "--tricks", "1", "--lost-hand", "single",
      "--kontra", "1"], -70),
    (["--contract", "N", "--points", "0", "--tricks", "1", "--lost-hand", "single"], -46),
    (["--contract", "GH", "--matadors", "4", "--points", "109", "--tricks", "9",
      "--lost-hand", "single"], 168)])
def test_score_skat_counts_lost_hand_games_as_the_table_does(capsys, args, value):
    """`trickref score skat` has the house rule the table offers (option lost_hand):
    the worked examples above, the null hand lost at the first trick -70, old rule -35,
    with Kontra -70; a null after picking up -46 and the grand hand won 168 either way."""
    import json
    from host_sim.cli import main
    assert main(["score", "skat"] + args + ["--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["value"] == value
    assert ("lost hand single" in got["levels"]) == (value == -35 or "--kontra" in args)
    assert main(["score", "skat"] + args) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("%+d" % value)


def test_score_skat_refuses_another_lost_hand_rule(capsys):
    from host_sim.cli import main
    assert main(["score", "skat", "--contract", "NH", "--points", "0", "--tricks", "1",
                 "--lost-hand", "half"]) == 2
    assert capsys.readouterr().out == "error: --lost-hand 'half': double or single\n"

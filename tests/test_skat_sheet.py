"""The Skat list: running totals, Seeger-Fabian, and the `trickref score skat` calculator."""

import json
import os

from core import iss
from core.games import skat, skat_sheet
from host_sim.cli import main


def _records(data_dir):
    with open(os.path.join(data_dir, "skat", "iss_games.sgf")) as f:
        return {r.id: r for r in iss.read_records(f.read())}


def test_seeger_fabian_lost_game(data_dir):
    """ISS 9 (hearts hand lost, -96): the server's tournament score is v - 50 for the
    declarer and +40 to each defender (docs/analysis/skat.md 1, SkatGUI DEF3WIN = 40)."""
    res = iss.replay(_records(data_dir)["9"]).result()
    sheet = skat_sheet.ScoreSheet(3)
    row = sheet.add(res, (0, 1, 2))
    assert row[2] == -96
    assert row[3] == (0, 0, -96)
    assert row[4] == (40, 40, -146)


def test_seeger_fabian_won_game_and_running_totals(data_dir):
    """ISS 6997010 (grand, +48) then ISS 9 (-96): totals run on; won +50, lost -50/+40."""
    recs = _records(data_dir)
    sheet = skat_sheet.ScoreSheet(3)
    sheet.add(iss.replay(recs["6997010"]).result(), (0, 1, 2))
    row = sheet.add(iss.replay(recs["9"]).result(), (0, 1, 2))
    assert row[3] == (48, 0, -96)
    assert row[4] == (98 + 40, 40, -146)


def test_four_player_table_dealer_sits_out(data_dir):
    """At 4 players each opponent of a lost game gets 30, the dealer sitting out too."""
    m = skat_sheet.Match(players=4, first_dealer=3)
    assert m.table_seats() == (0, 1, 2)
    row = m.record(iss.replay(_records(data_dir)["9"]).result())
    assert row[4] == (30, 30, -146, 30)
    assert m.dealer == 0 and m.table_seats() == (1, 2, 3)


def test_passed_game_adds_an_empty_row(data_dir):
    res = iss.replay(_records(data_dir)["756788"]).result()
    sheet = skat_sheet.ScoreSheet(3)
    assert sheet.add(res, (0, 1, 2)) == (1, -1, 0, (0, 0, 0), (0, 0, 0))


def test_score_cli_overbid(capsys):
    """The issue's example: DHS, bid 46, without 1, 106 points, 9 tricks -> 5 x 9 = 45 < 46,
    overbid, lost at 54 doubled = -108 (ISS 6358905's numbers)."""
    assert main(["score", "skat", "--contract", "DHS", "--bid", "46", "--matadors", "-1",
                 "--points", "106", "--tricks", "9", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == -108 and out["multiplier"] == 5 and out["overbid"] is True
    assert out["levels"] == ["without 1", "game", "hand", "schneider", "schneider announced"]


def test_score_cli_text_names_each_level(capsys):
    """Grand ouvert with 1 (ISS 727): 8 x 24 = 192, every level named."""
    assert main(["score", "skat", "--contract", "GO", "--matadors", "1", "--points", "120",
                 "--tricks", "10"]) == 0
    out = capsys.readouterr().out
    assert "base 24 x 8" in out and "schwarz announced" in out and "won: +192" in out


def test_score_cli_rejects_bad_contract(capsys):
    assert main(["score", "skat", "--contract", "XY", "--points", "61", "--tricks", "5"]) == 2
    assert "error" in capsys.readouterr().out

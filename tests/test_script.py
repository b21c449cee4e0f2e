"""Issue 8: `trickref sim --script` drives the board with button presses and card
placements and prints every LCD frame that changed (docs/script.md)."""

import contextlib
import io
import os

from host_sim.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _run(*args):
    return _run_cli("sim", "--headless", *args)


def test_example_script_transcript():
    code, out, err = _run("--game", "skat", "--players", "3", "--script",
                          os.path.join(ROOT, "docs", "examples", "skat_opening.txt"))
    assert code == 0, err
    frames = out.splitlines()
    assert any("Auction result" in f for f in frames)
    assert any("| P2 EU " in f for f in frames)  # the Eichel-Unter, glyph read from CGRAM
    assert any("T1 P2 takes 4" in f and "EU highest trump" in f for f in frames)
    # undone and replayed: the trick is still trick 1 and now worth 6 (HJ instead of C7)
    assert any("T1 P2 takes 6" in f for f in frames)


def test_script_on_a_20x4_with_a_central_pad(tmp_path):
    script = tmp_path / "m.txt"
    script.write_text("choose P1\nplay 1 6D\nexpect P1 ♦6\nexpect next: P2\n")
    code, out, err = _run("--game", "magistr", "--players", "3", "--lcd", "20x4",
                          "--central", "--script", str(script))
    assert code == 0, err
    assert all(len(f.split(" | ")) == 5 for f in out.splitlines())  # the time + 4 rows


def test_script_errors_name_the_line(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("choose P2 declarer\nfly away\n")
    code, out, err = _run("--game", "skat", "--script", str(script))
    assert code == 1 and "line 2 (fly away)" in err
    script.write_text("choose Nonexistent item\n")
    code, out, err = _run("--game", "skat", "--script", str(script))
    assert code == 1 and "line 1" in err and "not found" in err


def test_a_script_runs_on_a_board_speaking_lang(tmp_path, capsys):
    """`trickref sim --script` honours --lang as the window does (a new user's German
    script run printed the English menus): the board's menus in German."""
    script = tmp_path / "s.txt"
    script.write_text("expect Reizergebnis\n")  # "Auction result"
    assert main(["sim", "--game", "skat", "--lang", "de", "--script", str(script)]) == 0
    out = capsys.readouterr().out
    assert "Neues Spiel" in out and "Spieler" in out and "Punkteziel" in out, out
    assert main(["sim", "--look", "skat=bogus", "--script", str(script)]) == 2


def test_a_script_exports_its_journal(tmp_path):
    """`trickref sim --script FILE --export-journal OUT` keeps the board's journal and
    writes it as game records (it used to run the script and write nothing): the example
    Skat opening is one unfinished deal, its auction's result, the grand hand and the
    first trick as played after P1's card was taken back; `trickref replay` replays it
    and says how far it got."""
    import json
    out = tmp_path / "opening.jsonl"
    code, printed, err = _run("--game", "skat", "--players", "3", "--script",
                              os.path.join(ROOT, "docs", "examples", "skat_opening.txt"),
                              "--export-journal", str(out))
    assert code == 0, err
    assert "journal: 1 deal written to %s" % out in printed
    lines = [json.loads(t) for t in out.read_text().splitlines()]
    assert len(lines) == 1 and (lines[0]["game"], lines[0]["deal"]) == ("skat", 1)
    # the rules' seats (forehand P2 is seat 0); P1's C7, taken back, is not there
    assert lines[0]["unfinished"] and lines[0]["actions"] == [
        ["enter_auction", [0, 18]], ["declare", [0, "GH", None]], ["play", [0, "CJ"]],
        ["play", [1, "SJ"]], ["play", [2, "HJ"]]]
    code, replayed, err = _run_cli("replay", str(out))
    # how far the record goes: the first trick (it said "unfinished " and nothing more)
    assert code == 0 and replayed.rstrip("\n") == "skat deal 1: unfinished (tricks played: 1)", \
        (replayed, err)


def _run_cli(*args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()

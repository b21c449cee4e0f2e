"""Issue 20: the CLI's edges a new user meets: an empty record file, a bad record line
named by its line, the demo's options (seed, players, deals) and its words."""

import contextlib
import io
import json
import re

from host_sim import records
from host_sim.autoplay import table_player
from host_sim.cli import main


class Log:
    def __init__(self):
        self.records = []

    def append(self, kind, data):
        self.records.append((kind, json.loads(json.dumps(data))))


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_replay_of_an_empty_file_is_an_error(tmp_path):
    path = tmp_path / "empty.sgf"
    path.write_text("\n\n")
    code, out, err = _run(["replay", str(path)])
    assert code == 2 and "holds no records" in err and str(path) in err


def test_record_error_names_its_line(tmp_path):
    log = Log()
    table_player("skat", 3, seed=2, journal=log).play(1)
    good = records.from_journal(log.records)[0]
    bad = {"format": "trickref/1", "game": "skat", "players": 3, "deal": 1,
           "actions": [["enter_auction", [0, 18]], ["declare", [0, "G", None]],
                       ["play", [1, "CJ"]]]}  # middlehand leads: refused
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(good) + "\n\n" + json.dumps(bad) + "\n")
    code, out, err = _run(["replay", str(path)])
    assert code == 1
    assert "skat deal 1: played" in out  # line 1 replayed
    assert "error: line 3: deal 1: play 1 CJ refused" in out, out


def test_demo_refuses_bad_deals_and_plays_seeded_skat(tmp_path):
    png = str(tmp_path / "t.png")
    code, out, _ = _run(["demo", "--deals", "-1", "--png", png])
    assert code == 2 and "--deals -1" in out
    code, out, _ = _run(["demo", "--players", "4", "--seed", "5", "--png", png])
    assert code == 0 and out.startswith("Skat, 4 players, seed 5"), out[:200]
    assert "ISS game" not in out
    sheet = [l for l in out.splitlines() if l.startswith("sheet    |")]
    assert len(sheet) == 4 and all(len(l) == len("sheet    | ") + 16 + 2 for l in sheet)


def test_demo_says_the_skat_game_in_players_words(tmp_path):
    # ISS game 6997010 (host_sim/data/demo_skat.sgf): a grand bid to 46 by forehand
    # (P2: the dealer is P1), 88 card points and 8 tricks, +48 (ISS v:48 p:88 t:8)
    code, out, _ = _run(["demo", "--png", str(tmp_path / "t.png")])
    assert code == 0
    assert "Grand by P2 (forehand), bid 46: 88 card points, 8 tricks: won, +48" in out
    assert "d:0" not in out and "sheet    | P2    48 SF   98 |" in out


def test_demo_of_several_deals_prints_every_deals_result(tmp_path):
    """`trickref demo --game tarot --seed 2 --deals 2` printed both deals' tricks but only
    the last deal's result, so the sheet's totals (P1 -357) matched no result shown
    (P1 -201). Each deal's result now follows its tricks, and they add up to the sheet."""
    code, out, _ = _run(["demo", "--game", "tarot", "--seed", "2", "--deals", "2",
                         "--png", str(tmp_path / "t.png")])
    assert code == 0
    lines = out.splitlines()
    starts = [i for i, l in enumerate(lines) if l.startswith("trick  1 |")]
    results = [i for i, l in enumerate(lines) if l == "result   | P1 prise"]
    assert len(starts) == 2 and len(results) == 2, out
    assert starts[0] < results[0] < starts[1] < results[1]
    marks = [int(l.split()[-1]) for l in lines if l.startswith("result   | P1 ")
             and l.split()[-1].lstrip("+-").isdigit()]
    assert "sheet    | P1 %+d" % sum(marks) in out, (marks, out[-300:])


def test_demo_of_several_skat_deals_says_each_deal_in_words(tmp_path):
    """Found by testers: `trickref demo --seed 1 --deals 3` said only the last deal in
    players' words ("Grand hand by P3 ..." after the sheet), so two of the three games
    were never named. Each deal's words and declarer's figures now follow its result."""
    code, out, _ = _run(["demo", "--seed", "1", "--deals", "3",
                         "--png", str(tmp_path / "t.png")])
    assert code == 0
    said = [l for l in out.splitlines() if l.startswith("result   | P")
            or " by P" in l or l.startswith("declarer:")]
    assert said == [
        "result   | P2 G 34p 4t",
        "Grand by P2 (forehand), bid 18: 34 card points, 4 tricks: lost, -144",
        "declarer: 34 points, 4 tricks, -144",
        "result   | P1 Schellen 44p 3t",
        "Schellen by P1 (middlehand), bid 18: 44 card points, 3 tricks: lost, -72",
        "declarer: 44 points, 3 tricks, -72",
        "result   | P3 GH 25p 1t",
        "Grand hand by P3 (rearhand), bid 18: 25 card points, 1 trick: lost, -336",
        "declarer: 25 points, 1 trick, -336"]
    assert out.index("declarer: 25 points") < out.index("sheet    | P1   -72 SF  -42 |")


def test_journal_counts_record_kinds_by_name_not_as_english_plurals(tmp_path):
    """`trickref journal` counted each record kind as an English noun: "3 acts, 1
    deal-start, 2 undos, 1 game-over", and "2 deals" for two deal records read as the
    deals booked. Each kind is now its name and count (`act=3`), in the order of names."""
    from core.journal import ACTION, DEAL, GAME, UNDO, Journal
    path = tmp_path / "journal.bin"
    j = Journal(str(path))
    j.append(GAME, ["skat", 3, []])
    j.append(DEAL, {"deal": 1, "dealer": 0, "seed": None})
    for kind, data in [(ACTION, ["play", [1, 3]]), (ACTION, ["play", [2, 4]]),
                       (UNDO, None), (ACTION, ["play", [2, 5]]), (UNDO, None)]:
        j.append(kind, data)
    code, out, _ = _run(["journal", str(path)])
    assert out.splitlines()[0] == ("%s: 7 records (kinds: act=3, deal-start=1, game=1, "
                                   "undo=2)" % path), out


def test_counts_agree_with_their_number(tmp_path):
    """Found by testers: `trickref journal` printed "1 records", the demo "1 tricks", a
    one-frame simulator run "1 frames". Each count now agrees with its number
    (host_sim.i18n.counted for the commands' English lines, ngettext where the
    catalogues translate the sentence)."""
    from core.journal import GAME, Journal
    from host_sim import i18n
    path = tmp_path / "journal.bin"
    Journal(str(path)).append(GAME, ["skat", 3, []])
    code, out, _ = _run(["journal", str(path)])
    assert out.splitlines()[:2] == ["%s: 1 record (kinds: game=1)" % path,
                                    "skat, 3 players: 0 deals booked, in play; score sheet:"]
    Journal(str(path)).append(GAME, ["skat", 3, []])
    code, out, _ = _run(["journal", str(path)])
    assert out.splitlines()[0] == "%s: 2 records (kinds: game=2)" % path
    # seed 3: P2's Grand won one trick
    code, out, _ = _run(["demo", "--seed", "3", "--png", str(tmp_path / "t.png")])
    assert "declarer: 13 points, 1 trick, -144\n" in out, out
    assert ": 13 card points, 1 trick: lost, -144\n" in out, out
    code, out, _ = _run(["sim", "--headless", "--human", "none", "--frames", "1"])
    assert re.search(r"^1 frame, [\d.]+ s of table time", out, re.M), out
    from host_sim.commands.sim import _interrupted
    try:
        said = {}
        for lang in ("en", "de", "uk"):
            i18n.set_language(lang)
            said[lang] = [_interrupted(n) for n in (1, 2, 21, 25)]
    finally:
        i18n.set_language("en")
    assert said["en"] == ["interrupted after 1 frame", "interrupted after 2 frames",
                          "interrupted after 21 frames", "interrupted after 25 frames"]
    assert said["de"][:2] == ["abgebrochen nach 1 Bild", "abgebrochen nach 2 Bildern"]
    assert said["uk"] == ["перервано після 1 кадру", "перервано після 2 кадрів",
                          "перервано після 21 кадру", "перервано після 25 кадрів"]

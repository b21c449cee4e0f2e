"""Issue 2/3 acceptance: every ISS record replayed through the emulated board and its
unmodified firmware (`trickref replay FILE --json --table`) and checked against its deal
by the referee with known hands (`trickref replay FILE --json`, issue 25) agrees with the
record's R[...]."""

import json
import os

import pytest

from core import iss
from host_sim.cli import main
import skat_check


MODES = [[], ["--table"]]  # checked against the deal; played as a table plays it


@pytest.fixture(scope="module", params=MODES, ids=["deal", "table"])
def replayed(data_dir, request):
    path = os.path.join(data_dir, "skat", "iss_games.sgf")
    import io
    import contextlib
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        status = main(["replay", path, "--json"] + request.param)
    with open(path) as f:
        records = iss.read_records(f.read())
    return status, [json.loads(l) for l in buf.getvalue().splitlines()], records


def test_one_json_object_per_record(replayed):
    status, out, records = replayed
    assert status == 0
    assert [o["id"] for o in out] == [r.id for r in records]


def test_played_records_agree_with_the_record(replayed):
    """Trick winners (each equal to the next trick's leader in MV), declarer points and
    tricks, value, matadors, won, overbid, s/z: all as in R[...]."""
    _, out, records = replayed
    checked = 0
    for o, r in zip(out, records):
        if "passed" in r.result or o["status"] == "aborted" and o["value"] is None:
            continue
        e = skat_check.expected(r)
        for k in ("value", "matadors", "won", "overbid", "declarer_points",
                  "declarer_tricks", "schneider", "schwarz", "declarer"):
            assert o[k] == e[k], (r.id, k)
        leaders = skat_check.leaders_from_record(r)
        assert o["trick_winners"][:len(leaders)] == leaders, r.id
        checked += 1
    assert checked == 18


def test_passed_and_aborted_say_so(replayed):
    _, out, _ = replayed
    by_id = {o["id"]: o for o in out}
    assert by_id["756788"]["status"] == "passed"
    assert by_id["10330141"]["status"] == "aborted" and by_id["10330141"]["value"] is None
    assert by_id["136415"]["status"] == "aborted" and by_id["136415"]["value"] == 55


def test_ten_trick_games_have_ten_winners(replayed):
    _, out, records = replayed
    full = [o for o, r in zip(out, records)
            if sum(1 for a, m in r.moves if a != "w" and len(m) == 2 and m[1] in "AKQJT987"
                   and m[0] in "CSHD") == 30]
    assert len(full) >= 10
    assert all(len(o["trick_winners"]) == 10 for o in full)


def test_garbled_record_is_reported_not_fatal(tmp_path, data_dir, capsys):
    """A broken line gives an error object and the replay goes on with the next record."""
    with open(os.path.join(data_dir, "skat", "iss_games.sgf")) as f:
        good = f.readline()
    p = tmp_path / "mixed.sgf"
    p.write_text("(;GM[Skat]ID[1]MV[w XX.YY]R[passed];)\n" + good)
    assert main(["replay", str(p), "--json"]) == 1
    lines = [json.loads(l) for l in capsys.readouterr().out.splitlines()]
    assert lines[0]["status"] == "error" and "XX" in lines[0]["error"]
    assert lines[1]["id"] == "9" and lines[1]["value"] == -96


def _edited(data_dir, tmp_path, old, new, gid="6997010"):
    """A copy of one real record with ``old`` replaced by ``new`` (once)."""
    with open(os.path.join(data_dir, "skat", "iss_games.sgf")) as f:
        line = next(l for l in f if "ID[%s]" % gid in l)
    assert old in line
    p = tmp_path / "edited.sgf"
    p.write_text(line.replace(old, new, 1))
    return str(p)


@pytest.mark.parametrize("mode", MODES, ids=["deal", "table"])
@pytest.mark.parametrize("old,new,why", [
    ("0 CJ 1 S9", "0 ZZ 1 S9", "ZZ"),              # an unknown card
    ("0 CJ 1 S9", "1 CJ 1 S9", "P1 plays now"),  # out of turn
    ("2 18 0 y", "2 17 0 y", "17 is not a game value"),  # a bid off the ladder
    ("0 G.H7.HQ", "0 Q.H7.HQ", "contract 'Q'"),    # a bad contract letter
])
def test_refused_moves_are_errors_not_skipped(data_dir, tmp_path, capsys, old, new, why,
                                             mode):
    """A move the rules refuse stops that record's replay with an error naming the game,
    the move and the reason, where other replays skip it and print a wrong result."""
    assert main(["replay", _edited(data_dir, tmp_path, old, new), "--json"] + mode) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "error" and why in out["error"]
    assert out["id"] == "6997010" and out["move"] == " ".join(new.split()[:2])


def test_truncated_record_is_an_error(data_dir, tmp_path, capsys):
    """The moves stop in trick 4 (a copy cut short): an error, not a 0-point game."""
    path = _edited(data_dir, tmp_path, "0 HA 1 HK", "0 HA 1 HK")
    with open(path) as f:
        line = f.read()
    cut = line.index(" 0 HA 1 HK")
    with open(path, "w") as f:
        f.write(line[:cut] + line[line.index(" ]R["):])
    assert main(["replay", path, "--json"]) == 1
    assert "end before the game is over" in json.loads(capsys.readouterr().out)["error"]


def test_replay_says_when_the_record_disagrees(data_dir, tmp_path, capsys):
    """A record whose R[...] was altered (v:99) replays to the true 48, flagged."""
    assert main(["replay", _edited(data_dir, tmp_path, "v:48", "v:99"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == 48 and out["agrees_with_record"] is False


def test_every_sample_record_agrees(replayed):
    _, out, _ = replayed
    assert all(o["agrees_with_record"] in (True, None) for o in out)
    assert sum(1 for o in out if o["agrees_with_record"]) == 19  # all but 10330141

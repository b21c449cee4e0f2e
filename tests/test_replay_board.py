"""Issue 2/3 acceptance: every ISS record replayed through the emulated board and its
unmodified firmware agrees with the record's R[...] (`trickref replay FILE --json`)."""

import json
import os

import pytest

from core import iss
from host_sim.cli import main
import skat_check


@pytest.fixture(scope="module")
def replayed(shared):
    path = os.path.join(shared, "data", "skat", "iss_games.sgf")
    import io
    import contextlib
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        status = main(["replay", path, "--json"])
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


def test_garbled_record_is_reported_not_fatal(tmp_path, shared, capsys):
    """A broken line gives an error object and the replay goes on with the next record."""
    with open(os.path.join(shared, "data", "skat", "iss_games.sgf")) as f:
        good = f.readline()
    p = tmp_path / "mixed.sgf"
    p.write_text("(;GM[Skat]ID[1]MV[w XX.YY]R[passed];)\n" + good)
    assert main(["replay", str(p), "--json"]) == 1
    lines = [json.loads(l) for l in capsys.readouterr().out.splitlines()]
    assert lines[0]["status"] == "error" and "XX" in lines[0]["error"]
    assert lines[1]["id"] == "9" and lines[1]["value"] == -96

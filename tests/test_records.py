"""Game records (docs/records.md): the journal of a game played at the table exports to
JSON lines, and `trickref replay` replays them through the emulated board to the same
results."""

import contextlib
import io
import json

import pytest

from core.errors import BadRecord
from host_sim import records
from host_sim.autoplay import table_player
from host_sim.cli import main


class Log:
    """A journal stand-in keeping (kind, data) records in memory."""

    def __init__(self):
        self.records = []

    def append(self, kind, data):
        self.records.append((kind, json.loads(json.dumps(data))))


@pytest.mark.parametrize("game,players,deals", [
    ("skat", 3, 3), ("magistr", 3, 3), ("tarot", 5, 2), ("zhopa", 4, 3)])
def test_journal_exports_and_replays_to_the_same_results(game, players, deals, tmp_path):
    log = Log()
    p = table_player(game, players, seed=31, journal=log)
    played = p.play(deals)
    lines = records.from_journal(log.records)
    assert [l["deal"] for l in lines if not l.get("unfinished")] == \
        list(range(1, len(played) + 1))
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(json.dumps(l) for l in lines) + "\n")
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["replay", str(path), "--json"]) == 0
    out = [json.loads(l) for l in buf.getvalue().splitlines()]
    done = [o for o in out if o["status"] == "played"]
    assert len(done) == len(played)
    for o, (shadow, firmware) in zip(done, played):
        assert o["result"] == records.result_json(firmware)


def test_cards_are_written_as_codes():
    log = Log()
    table_player("skat", 3, seed=2, journal=log).play(1)
    line = records.from_journal(log.records)[0]
    plays = [a for v, a in line["actions"] if v == "play"]
    assert len(plays) == 30 and all(isinstance(a[1], str) and len(a[1]) == 2 for a in plays)
    assert line["format"] == "trickref/1" and line["game"] == "skat"


def test_bad_record_lines_are_refused():
    with pytest.raises(BadRecord):
        records.read('{"format": "other"}\n')
    with pytest.raises(BadRecord):
        records.read("not json\n")
    bad = {"format": "trickref/1", "game": "skat", "players": 3, "deal": 1,
           "actions": [["enter_auction", [0, 18]], ["declare", [0, "G", None]],
                       ["play", [1, "CJ"]]]}
    with pytest.raises(BadRecord):
        list(records.replay(records.read(json.dumps(bad))))


def test_journal_file_exports_to_records(tmp_path):
    """`trickref journal FILE --jsonl OUT` reads a board's journal (a demo's flash) and
    `trickref replay OUT` replays it to the same marks as the demo printed."""
    flash = tmp_path / "flash"
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["demo", "--game", "tarot", "--deals", "2", "--flash", str(flash),
                     "--png", str(tmp_path / "t.png")]) == 0
    demo_out = buf.getvalue()
    out = tmp_path / "game.jsonl"
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["journal", str(flash / "journal.bin"), "--jsonl", str(out)]) == 0
    assert "tarot, 4 players, deal 2" in buf.getvalue()
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["replay", str(out), "--json"]) == 0
    replayed = [json.loads(l) for l in buf.getvalue().splitlines()]
    assert [r["deal"] for r in replayed] == [1, 2]
    totals = [sum(m) for m in zip(*[r["result"]["marks"] for r in replayed])]
    for seat, total in enumerate(totals):
        assert "sheet    | P%d %+d" % (seat + 1, total) in demo_out

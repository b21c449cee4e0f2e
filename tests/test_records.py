"""Game records (docs/records.md): the journal of a game played at the table exports to
JSON lines, and `trickref replay` replays them through the emulated board to the same
results."""

import contextlib
import io
import re
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



@pytest.mark.parametrize("change", [("options", None), ("options", []), ("options", 3),
                                    ("game", 7), ("play", [])],
                         ids=["options-null", "options-list", "options-number", "game-number",
                              "play-without-args"])
def test_a_record_line_of_another_shape_is_refused_not_a_crash(tmp_path, change):
    """`trickref replay FILE` on a record line whose options are null, a list or a
    number, whose game is a number, or whose play has no seat and card ended in a
    traceback (TypeError, AttributeError, IndexError); such a line is refused as any bad
    line is, with its reason, exit 1."""
    line = {"format": "trickref/1", "game": "skat", "players": 3, "deal": 1,
            "options": {}, "actions": [["enter_auction", [0, 18]],
                                       ["declare", [0, "GH", None]], ["play", [1, "CJ"]]]}
    key, value = change
    if key == "play":
        line["actions"][-1] = ["play", value]
    else:
        line[key] = value
    path = tmp_path / "odd.jsonl"
    path.write_text(json.dumps(line) + "\n")
    for extra in ([], ["--json"]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            assert main(["replay", str(path)] + extra) == 1
        assert "Traceback" not in out.getvalue() + err.getvalue()
    with pytest.raises(BadRecord):
        list(records.replay(records.read(json.dumps(line))))

def _journal_cmd(path, out):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["journal", str(path), "--jsonl", str(out)]) == 0
    return buf.getvalue()


def test_journal_file_exports_to_records(tmp_path):
    """`trickref journal FILE --jsonl OUT` reads a board's journal and `trickref replay
    OUT` replays its deals to the marks the board's sheet shows. The deals' actions are
    in the journal until the deal's checkpoint (an uncompacted journal: a board whose
    checkpoints failed, or older firmware); a demo's flash holds the checkpoint only."""
    from host_sim.flash import Reference
    ref = Reference("tarot", 4, 2, 1, str(tmp_path))  # the demo's seed
    path = tmp_path / "journal.bin"
    path.write_bytes(ref.data)
    out = tmp_path / "game.jsonl"
    assert "tarot, 4 players, deal 2" in _journal_cmd(path, out)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["replay", str(out), "--json"]) == 0
    replayed = [json.loads(l) for l in buf.getvalue().splitlines()]
    assert [r["deal"] for r in replayed] == [1, 2]
    totals = [sum(m) for m in zip(*[r["result"]["marks"] for r in replayed])]
    sheet = ref.states[-1][1]  # ("Deals: 2", "P1 +n", ...)
    assert sheet[0] == "Deals: 2" and any(totals)
    assert list(sheet[1:]) == ["P%d %+d" % (s + 1, t) for s, t in enumerate(totals)]
    # the demo's flash: the game header and its sheet checkpoint, no deal to export
    flash = tmp_path / "flash"
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["demo", "--game", "tarot", "--deals", "2", "--flash", str(flash),
                     "--png", str(tmp_path / "t.png")]) == 0
    for seat, total in enumerate(totals):
        assert "sheet    | P%d %+d" % (seat + 1, total) in buf.getvalue()
    said = _journal_cmd(flash / "journal.bin", out)
    assert "2 records (kinds: game=1, sheet=1)" in said and "deal 1" not in said
    assert "(0 deals)" in said and "nothing to replay" in said and out.read_text() == ""
    # the checkpoint's scores, rebuilt as a board's boot rebuilds them: the sheet the
    # demo showed, which the record counts alone did not tell
    assert "tarot, 4 players: 2 deals booked, in play; score sheet:\n  Deals: 2\n" in said
    for seat, total in enumerate(totals):
        assert "\n  P%d %+d\n" % (seat + 1, total) in said


def test_every_games_sheet_is_printed_and_an_abandoned_one_named(tmp_path):
    """A journal holding a Tarot game of two booked deals, then a new Skat game started
    on the board before the Tarot game ended: `trickref journal` printed only the last
    game's sheet, and nothing said the Tarot evening was left open. Now each game's sheet,
    the earlier one "left unfinished"; its numbers are those the board had booked."""
    from core.journal import Journal, encode_record
    from host_sim.flash import Reference
    ref = Reference("tarot", 4, 2, 1, str(tmp_path))
    path = tmp_path / "journal.bin"
    path.write_bytes(ref.data)
    n = len(Journal(str(path)).read()[0])
    path.write_bytes(ref.data + encode_record("game", ["skat", 3, []], n))
    said = _journal_cmd(path, tmp_path / "out.jsonl")
    tarot = said.index("tarot, 4 players: 2 deals booked, left unfinished (a new game "
                       "followed); score sheet:\n")
    skat = said.index("skat, 3 players: 0 deals booked, in play; score sheet:\n")
    assert tarot < skat
    for line in ref.states[-1][1]:  # ("Deals: 2", "P1 +n", ...): the booked sheet
        assert "\n  %s\n" % line in said[tarot:skat]


def test_a_closed_games_journal_exports_no_deal_to_replay(tmp_path):
    """Zhopa for two played to its end by the demo on a flash folder: the closed game's
    journal keeps its header, sheet, last booking's row and game-over, no deal's actions.
    `trickref journal --jsonl` used to export that last row as a deal of 0 actions, which
    `trickref replay` called "unfinished"; now nothing is exported, and it says why."""
    flash = tmp_path / "flash"
    demo = io.StringIO()
    with contextlib.redirect_stdout(demo):
        assert main(["demo", "--game", "zhopa", "--players", "2", "--seed", "5",
                     "--deals", "40", "--flash", str(flash),
                     "--png", str(tmp_path / "t.png")]) == 0
    out = tmp_path / "out.jsonl"
    said = _journal_cmd(flash / "journal.bin", out)
    assert "game-over=1" in said and " 0 actions" not in said, said
    # the sheet the board closed the game with, as the demo showed it: the last deal
    # (a row kept without its actions) was missing from it, and from the deals' count
    shown = re.findall(r"^sheet +\| (.*?) *\|$", demo.getvalue(), re.M)
    deals = int(re.search(r"^  Deal (\d+) over$", said, re.M).group(1))
    assert "zhopa, 2 players: %d deals booked, game over; score sheet:" % deals in said, said
    assert shown and "".join("  %s\n" % line for line in shown) in said, said
    # the game-over record torn off: the board has the rows before the last deal (it
    # plays the last one again), and the count says what the board has, not one more
    torn = tmp_path / "torn.bin"
    torn.write_bytes((flash / "journal.bin").read_bytes()[:-7])
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        main(["journal", str(torn)])
    from device.resume import reader
    from core.journal import Journal
    rules, resumer = reader(None)
    for r in Journal(str(torn)).read()[0]:
        resumer.add(r)
    rows = len(rules.flow.booked_rows(rules.match))
    assert rows == deals - 1
    assert "zhopa, 2 players: %d deals booked, in play" % rows in buf.getvalue(), buf.getvalue()
    assert "(0 deals)" in said and "nothing to replay" in said and out.read_text() == ""


@pytest.mark.parametrize("damage", ["torn", "flipped"])
def test_journal_says_damage_from_a_torn_write(tmp_path, damage):
    """`trickref journal` on a Tarot journal whose last record lost its last 3 bytes (a
    torn write: the board cuts it) or whose first deal record has a flipped bit (damage:
    the board keeps the whole file aside): it said "dropped N bytes at the end" for
    both, though the flipped bit sits in the middle and everything after it is kept."""
    from core.journal import MAGIC
    from host_sim.flash import Reference
    ref = Reference("tarot", 4, 2, 1, str(tmp_path))
    data = bytearray(ref.data)
    if damage == "torn":
        data = data[:-3]
    else:
        data[len(MAGIC) + 40] ^= 0x10
    path = tmp_path / "journal.bin"
    path.write_bytes(bytes(data))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["journal", str(path)]) == 1
    said = buf.getvalue()
    if damage == "torn":
        assert "dropped 3 bytes at the end" not in said  # the torn record is longer
        assert re.search(r"dropped \d+ bytes at the end: torn record .*a board cuts it", said)
    else:
        assert "at the end" not in said, said
        assert re.search(r"damaged at byte \d+: CRC mismatch in record \d+; the \d+ bytes "
                         r"from there are not read \(a board keeps the whole file aside", said)
    assert path.read_bytes() == bytes(data)  # only read


@pytest.mark.parametrize("forged", [
    ("act", ["set_skat", [5]]),  # the skat's cards not a list: the replay refuses it
    ("act", ["declare", [0, "GH", 5]]),  # a discard that is no list of cards
    ("game", ["skat", 3]),  # a header without its options
    ("game", ["skat", [3], []]),  # players not a number
    ("game", None),
], ids=["skat-cards", "discard", "short-header", "players", "no-header"])
def test_journal_names_an_odd_record_in_a_side_file(tmp_path, forged):
    """A record with a good CRC that the board cannot replay makes it move the journal to
    a side file (``journal.bin.1.bad``), which `trickref journal` is there to read
    (docs/records.md). The command ended in a traceback (TypeError, ValueError) on it
    when writing the records out; now it says which record it cannot read, exit 2, as it
    does for any record it cannot decode."""
    from core.journal import Journal, MAGIC, encode_record
    from host_sim.board import SimBoard
    from host_sim.flash import Reference
    ref = Reference("skat", 3, 1, 5, str(tmp_path))
    path = tmp_path / "journal.bin"
    path.write_bytes(ref.data)
    recs = [(r.kind, r.data) for r in Journal(str(path)).read()[0]]
    if forged[0] == "game":  # in place of the header
        recs[0] = forged
    else:  # the deal's first action
        recs.insert(1, forged)
    path.write_bytes(MAGIC + b"".join(encode_record(k, d, i) for i, (k, d) in
                                      enumerate(recs)))
    SimBoard(3).power_on(journal=Journal(str(path)))  # the boot sets it aside
    side = tmp_path / "journal.bin.1.bad"
    assert side.exists()
    for extra in ([], ["--jsonl", str(tmp_path / "out.jsonl")]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            assert main(["journal", str(side)] + extra) == 2
        assert "error: journal record" in err.getvalue(), err.getvalue()

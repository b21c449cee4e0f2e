"""core.journal_replay.Resumer as the board resumes through it (issue 15: one resume path).

What the board relies on at boot (device/resume.py): the proven byte offset (what a
set-aside keeps), the undo's action count checked, a duplicated booking refused, the match
rebuilt by the rules as the records stream by. The records are those of two Skat deals
played on the emulated board (host_sim.flash.Reference, seed 5), the states the board had
after each of them.
"""

import pytest

from core.errors import BadRecord, IllegalPlay
from core.journal import (DEAL_OVER, GAME, GAME_OVER, SHEET, UNDO, Journal, Record,
                          encode_record)
from core.journal_checkpoint import Checkpointer, checkpoint
from core.journal_replay import Resumer, squeeze
from device.resume import reader
from host_sim.flash import Reference


@pytest.fixture(scope="module")
def skat(tmp_path_factory):
    return Reference("skat", 3, 2, 5, str(tmp_path_factory.mktemp("skat")))


def _norm(acts):
    return tuple((v, tuple(tuple(a) if isinstance(a, list) else a for a in args))
                 for v, args in acts)


def _records(ref, n):
    return [Record(k, d) for k, d in ref.steps[:n]]


def test_a_cut_journal_proves_its_last_booking_and_rebuilds_the_board(skat, tmp_path):
    """Cut after each record: ``proven`` is the end of the last game header or booked
    deal before the cut, ``proven_deals`` the deals booked there, and the rules rebuild
    the board's sheet and open deal as they stood after that record."""
    kinds = [k for k, _ in skat.steps]
    assert kinds.count("deal") == 2 and kinds[0] == "game"
    path = str(tmp_path / "cut.bin")
    ends = skat.ends[1:] + [len(skat.data)]  # the end of each step's record
    for i in range(len(skat.steps)):
        with open(path, "wb") as f:
            f.write(skat.data[:ends[i]])
        journal = Journal(path)
        rules, res = reader(journal)
        journal.recover(sink=res.add)
        closing = [j for j in range(i + 1) if kinds[j] in ("game", "deal")]
        assert res.proven == ends[closing[-1]]
        assert res.proven_deals == kinds[:i + 1].count("deal")
        name, sheet, acts = skat.states[i]
        assert rules.flow.NAME == name == "skat"
        assert tuple(rules.flow.sheet_lines(rules.match)) == sheet
        assert _norm(res.open_actions()) == acts


def test_booked_deals_keep_nothing_when_the_rules_take_them(skat):
    rules, res = reader()
    for rec in _records(skat, len(skat.steps)):
        res.add(rec)
    booked = [d for d in res.result().deals if d.over]
    assert len(booked) == 2 and all(d == (None, (), None, True) for d in booked)
    assert rules.sheet == skat.steps[[k for k, _ in skat.steps].index("deal", 1 + [
        k for k, _ in skat.steps].index("deal"))][1]  # the second booking's lines


def test_an_undo_must_name_the_open_deals_action_count(skat):
    kinds = [k for k, _ in skat.steps]
    first = kinds.index("deal")
    recs = _records(skat, first + 4)  # three actions of the second deal
    assert [r.kind for r in recs[-3:]] == ["act"] * 3
    for bad in ([2], [4], [0]):
        res = Resumer()
        with pytest.raises(BadRecord, match="duplicated or missing"):
            for rec in recs + [Record(UNDO, bad)]:
                res.add(rec)
    res = Resumer()
    for rec in recs + [Record(UNDO, [3]), Record(UNDO, [2]), Record(UNDO, [])]:
        res.add(rec)  # [] is older firmware's undo: unchecked
    assert res.open_actions() == []


def test_a_booking_written_twice_is_refused(skat):
    kinds = [k for k, _ in skat.steps]
    first = kinds.index("deal")
    recs = _records(skat, first + 1)
    for rules in (None, reader()[0]):
        res = Resumer(rules=rules)
        with pytest.raises(BadRecord, match="duplicated record"):
            for rec in recs + [recs[-1]]:
                res.add(rec)
        assert res.result().game is not None and len(res.deals) == 1


def test_a_compacted_finished_game_resumes_without_actions(skat):
    """Compaction keeps a finished game's bookings without their actions: no deal there
    was booked from actions, so none is a duplicate."""
    recs = _records(skat, len(skat.steps)) + [Record(GAME_OVER, ["sheet"])]
    kept = squeeze(recs)
    assert [r.kind for r in kept] == ["game", "deal", "deal", "game-over"]
    res = Resumer()
    for rec in kept:
        res.add(rec)
    r = res.result()
    assert r.game_over and r.over == ["sheet"] and len(r.deals) == 2
    assert skat.steps[-1][0] == "deal" and r.deals[1].row == skat.steps[-1][1]


def test_a_record_the_rules_refuse_is_not_proven(skat, tmp_path):
    """An unknown game, or a booking whose actions the rules refuse, raises from the
    rules; ``proven`` stays at the last record they took."""
    path = str(tmp_path / "bad.bin")
    kinds = [k for k, _ in skat.steps]
    first = kinds.index("deal")
    good = skat.data[:skat.ends[first + 1]]  # the game and its first deal booked
    bad_act = encode_record("act", ["play", [0, 31]], first + 1)  # no card play yet
    booking = encode_record(DEAL_OVER, skat.steps[first][1], first + 2)
    with open(path, "wb") as f:
        f.write(good + bad_act + booking)
    journal = Journal(path)
    rules, res = reader(journal)
    with pytest.raises(IllegalPlay, match="no card play now"):
        journal.recover(sink=res.add)
    assert res.proven == len(good) and res.proven_deals == 1
    rules, res = reader()
    with pytest.raises(ValueError):
        res.add(Record("game", ["bridge", 4, []]))
    assert res.game is None and res.proven == 0


def test_the_streamed_checkpoint_keeps_the_sheets_the_header_and_the_open_deal(skat, tmp_path):
    """The booking's checkpoint, read from the file in two passes (``Checkpointer.scan``
    then ``add``, as device/session.py does): a finished game before shrinks to its sheet
    (GAME, its rows, GAME_OVER), the last game to its GAME, one SHEET of the rows given and
    the actions after its last booking (its open deal), in the file's order."""
    steps = _records(skat, len(skat.steps))
    first_booked = [r.kind for r in steps].index(DEAL_OVER)
    last = steps[:first_booked + 4]  # the second deal open, three actions in
    recs = steps + [Record(GAME_OVER, ["sheet"])] + last
    path = str(tmp_path / "j.bin")
    j = Journal(path)
    for r in recs:
        j.append(r.kind, r.data)
    j.close()
    c = Checkpointer()
    Journal(path).read(sink=c.scan)
    Journal(path).read(sink=c.add)
    kept = c.result([["row"]])
    want = [r for r in steps if r.kind in (GAME, DEAL_OVER)] + [Record(GAME_OVER, ["sheet"]),
            steps[0], Record(SHEET, [["row"]])] + last[first_booked + 1:]
    assert [r.kind for r in want][-5:] == [GAME, SHEET, "act", "act", "act"]
    assert [(r.kind, r.data) for r in kept] == [(r.kind, r.data) for r in want]
    assert checkpoint(Journal(path).read()[0], [["row"]]) == kept


def test_a_checkpoint_refuses_a_finished_game_and_a_journal_without_a_header(skat):
    steps = _records(skat, len(skat.steps))
    with pytest.raises(BadRecord, match="the game is over"):
        checkpoint(steps + [Record(GAME_OVER, ["sheet"])], [])
    with pytest.raises(BadRecord, match="before any game header"):
        checkpoint(steps[1:], [])
    with pytest.raises(BadRecord, match="no game"):
        checkpoint([], [])

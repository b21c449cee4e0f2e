"""Issue 22: a Skat list played with Ramsch and Bock rounds survives a power cut. The
journal is checkpointed after every booked deal (core.games.skat_booked's rows) and the
Bock and Ramsch rounds still owed come back at boot; forged rows and forged house-rule
records (``push``, ``pass_skat``) are refused with a clear error and nothing is lost.

The evening is tests/test_skat_home_evening.py's (docs/rules/skat.md worked examples):
the Ramsch example 1 (P2 -218), then P3's grand hand with Kontra and Re (672) opening a
Bock round, with a Ramsch round after it (bockramsch)."""

import os

from types import SimpleNamespace

import pytest

from core.errors import BadRecord
from core.games import skat, skat_booked, skat_sheet
from core.journal import Journal, encode_record
from device import flows
from device.controller import MODE_SHEET
from device.resume import reader
from host_sim.board import SimBoard
from host_sim.flash import board_state
from host_sim.script import run_script
from test_skat_home_evening import _tricks

OPTIONS = {"ramsch": "ramsch", "kontra": "on", "bock": "on", "bockramsch": "on"}
EVENING = (
    ["choose All passed", "expect play: P2"] + _tricks((2, 3, 1)) +
    ["play 1 C8", "play 1 C7", "expect Jungfr. -218", "ok"] +
    ["choose P3 declarer", "choose 18", "choose Hand game", "choose Grand",
     "choose Plain hand", "ok", "choose P1 Kontra", "ok", "choose P3 Re"] +
    _tricks((3, 1, 2)) + ["play 2 C8", "play 2 C7", "expect won Re B +1344", "ok"])


def _rebuilt(path):
    """What the boot code rebuilds from the journal at ``path`` (device.resume): the
    flow, the match and the open deal's actions."""
    rules, res = reader()
    Journal(path).recover(sink=res.add)
    return SimpleNamespace(flow=rules.flow, match=rules.match, acts=res.open_actions())


def _evening(tmp_path, extra=()):
    path = str(tmp_path / "journal.bin")
    board = run_script("\n".join(EVENING + list(extra)), "skat", 3, out=lambda line: None,
                       options=OPTIONS, journal=Journal(path))
    return path, board


def test_the_checkpoint_keeps_the_ramsch_values_and_the_bock_rounds_owed(tmp_path):
    path, board = _evening(tmp_path)
    match = board.controller.match
    assert match.bock_rounds.left == 2 and match.bock_rounds.ramsch_left == 3
    records = Journal(path).read()[0]
    # compacted: the header and one sheet checkpoint, no deal's records
    assert [r[0] for r in records] == ["game", "sheet"]
    # P2 (forehand, table seat 1) charged -218 by the Ramsch; P3's grand hand 672 (Kontra
    # and Re) before the Bock round doubled it, opening one round
    assert records[1][1] == [[1, -218, 0, -218, 0, 0], [2, 672, 1]]
    rb = _rebuilt(path)
    assert rb.match.sheet.rows == match.sheet.rows
    assert rb.match.doubled == [False, True] and rb.match.opened == [0, 1]
    assert (rb.match.bock_rounds.left, rb.match.bock_rounds.ramsch_left) == (2, 3)
    lines = flows.load("skat").sheet_lines(rb.match)
    assert lines == ["P1     0 SF    0", "P2  -218 SF -218", "P3  1344 SF 1394",
                     "Bock games 2", "Ramsch games 3"]


def test_a_power_cut_anywhere_in_the_next_deal_restores_the_rounds_owed(tmp_path):
    """The next deal begun (P1 declares, three cards played), the journal is cut at every
    byte of what followed the checkpoint: the list, Bock games 2 and Ramsch games 3 always
    come back; the board resumes the open deal's actions that reached flash."""
    extra = ["choose P1 declarer", "choose 18", "choose Hand game", "choose Grand",
             "choose Plain hand", "play 1 CJ", "play 2 SQ", "play 3 H7"]
    path, board = _evening(tmp_path, extra)
    want = board_state(board.controller)
    assert want[1][-2:] == ("Bock games 2", "Ramsch games 3") and len(want[2]) > 3
    with open(path, "rb") as f:
        data = f.read()
    # the checkpoint replaces the file whole (atomic rename): a cut tears only an append
    # after it, the open deal's actions
    journal, ends = Journal(path), []
    journal.read(sink=lambda rec: ends.append(journal.offset))
    assert len(ends) > 2
    cut = str(tmp_path / "cut.bin")
    for offset in range(ends[1], len(data) + 1):
        with open(cut, "wb") as f:
            f.write(data[:offset])
        rb = _rebuilt(cut)
        assert tuple(rb.flow.sheet_lines(rb.match)) == want[1], offset
        assert len(rb.acts) == sum(1 for e in ends[2:] if e <= offset), offset
    again = SimBoard(3).power_on(journal=Journal(path))
    assert board_state(again) == want
    assert again.match.bock_rounds.ramsch_left == 3


def test_the_ramsch_round_comes_back_after_the_bock_round_once_resumed(tmp_path):
    """Resumed from the checkpoint, the two Bock games are played (all pass: a Ramsch,
    aborted by a player leaving), then the next deal is a Ramsch without an auction, as
    without the power cut."""
    path, _ = _evening(tmp_path)
    ctl = SimBoard(3).power_on(journal=Journal(path))
    match = ctl.match
    for _ in range(2):
        deal = match.new_deal()
        for seat in (1, 2, 0):
            deal.pass_(seat)
        deal.abandon(0)
        match.record(deal.result())
    assert match.doubled[-2:] == [True, True] and match.new_deal().status == "ramsch"


@pytest.mark.parametrize("row,why", [
    ([1, -218], "expected"),  # the plain row of a table without house rules
    ([1, -218, 0, -218, 0], "expected"),
    ([1, -218, True], "expected"),
    ([0, 60, 0], "does not play"),  # P1 deals at four: sits out
    ([1, -218, 9], "opens 9"),
    ([1, -218, 0, 0, -218, 0], "do not charge"),  # values charge middlehand, not P2
    ([-1, 0, 0, -55, 0, 0], "do not charge"),
])
def test_forged_checkpoint_rows_are_refused_by_name(row, why):
    match = skat_sheet.Match(4, ramsch="ramsch", bock="on")  # dealer P1 sits out
    with pytest.raises(BadRecord) as e:
        skat_booked.rebook(match, row)
    assert why in str(e.value) and str(row[0]) in str(e.value)
    assert match.sheet.rows == [] and match.opened == []


def _schieberamsch_journal(path, forged):
    """A Schieberamsch table's journal: the game, all three passed (the skat at forehand),
    then the ``forged`` actions with good CRCs; returns its bytes before them."""
    options = sorted({"ramsch": "schieberamsch"}.items())
    good = [("game", ["skat", 3, options]), ("act", ["pass_", [1]]),
            ("act", ["pass_", [2]]), ("act", ["pass_", [0]])]
    head = b"".join(encode_record(k, d, i) for i, (k, d) in enumerate(good))
    from core.journal import MAGIC
    tail = b"".join(encode_record("act", a, len(good) + i) for i, a in enumerate(forged))
    with open(path, "wb") as f:
        f.write(MAGIC + head + tail)
    return MAGIC + head + tail


@pytest.mark.parametrize("forged,why", [
    (["push", [1, None]], "P1 has the skat"),  # middlehand before forehand (P1: deal seat 0)
    (["push", [0, [4, 12]]], "jack may not be pushed"),  # CJ SJ
    (["push", [0, [99, 98]]], ""),  # cards the deck does not have
    (["push", [0, None, 5]], ""),  # wrong arity
    (["pass_skat", [7]], ""),  # no such seat
    (["pass_skat", [0, 1]], ""),  # wrong arity
])
def test_forged_push_and_pass_skat_records_are_set_aside(forged, why, tmp_path):
    path = str(tmp_path / "journal.bin")
    original = _schieberamsch_journal(path, [forged])
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    assert ctl.mode == MODE_SHEET
    assert board.lcd_lines()[0].startswith("journal moved")
    assert why in ctl.journal_report
    with open(path + ".1.bad", "rb") as f:
        assert f.read() == original  # nothing lost: the whole journal set aside
    assert not os.path.exists(path + ".2.bad")


def test_a_push_on_a_table_without_schieberamsch_is_refused(tmp_path):
    """The verbs exist only for Schieberamsch: a plain Ramsch table's journal with a push
    is set aside with the rule's words."""
    path = str(tmp_path / "journal.bin")
    from core.journal import MAGIC
    recs = [("game", ["skat", 3, [["ramsch", "ramsch"]]]), ("act", ["pass_", [1]]),
            ("act", ["pass_", [2]]), ("act", ["pass_", [0]]), ("act", ["push", [0, None]])]
    with open(path, "wb") as f:
        f.write(MAGIC + b"".join(encode_record(k, d, i) for i, (k, d) in enumerate(recs)))
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    assert "only in a Schieberamsch" in ctl.journal_report


def test_a_schieberamsch_cut_while_the_skat_goes_round_resumes_at_the_same_seat(tmp_path):
    """All passed, forehand pushed two cards (not scanned), middlehand passed on unseen;
    the power goes: the boot replays the open deal to rearhand holding the skat, the
    factor 2 kept (pagat.com "Schieberamsch")."""
    path = str(tmp_path / "journal.bin")
    script = ["choose All passed", "expect P2: skat?", "choose Push 2 cards",
              "expect P3: skat?", "choose Pass on unseen", "expect P1: skat?"]
    board = run_script("\n".join(script), "skat", 3, out=lambda line: None,
                       options={"ramsch": "schieberamsch"}, journal=Journal(path))
    want = board_state(board.controller)
    rebooted = SimBoard(3)
    again = rebooted.power_on(journal=Journal(path))
    rebooted.run(50)
    assert board_state(again) == want
    deal = again.view().app.referee.deal
    assert (deal.phase, deal.pusher, deal.passed_on) == (skat.PHASE_PUSH, 2, 1)
    assert rebooted.lcd_lines()[0].startswith("P1: skat?"), rebooted.lcd_lines()

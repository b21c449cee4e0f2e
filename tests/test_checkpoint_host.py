"""A host nagging over the serial link while the board books a deal and checkpoints its
journal (device/controller.py ``next_deal``; the link is polled in the controller's tick,
device/link.py, device/link_cmd.py): state queries, score-sheet and journal exports,
undo and new-game requests, every tick. The booking counts the deal once, the link never
faults, every answer is one the protocol allows, and every journal export is a snapshot:
the bytes of one journal the board really had, never the old file's start spliced to the
checkpoint's end (docs/records.md "Export"), and never the open deal's records.

The host is tests/hostlink.py's ``Host`` on an in-memory UART; the games are the seeded
reference games of tests/test_journal_faults.py, and a long French Tarot evening (32
deals in its sheet) whose journal export takes several polls.
"""

import os

import pytest

from core import protocol as P
from core.journal import MAGIC, Journal, encode_record
from device.controller import MODE_RESULT
from host_sim.board import SimBoard
from host_sim.flash import board_state, drive
from host_sim.machine import MemUart
from hostlink import Host
from test_checkpoint_faults import (_quick_collections, booked_before,  # noqa: F401
                                    bookings, deals, ends_the_game, fresh)
from test_journal_faults import refs  # noqa: F401 (the reference games fixture)

ALLOWED = (P.E_BUSY, P.E_WAIT, P.E_INVALID)  # an export running, the wait, nothing to undo


class NoSnapshot:
    """An opener for a flash too full to copy the whole journal for an export
    (``journal.bin.exp``) but with room for the booking's smaller checkpoint: the export
    then reads the live file (core/journal_io.py ``chunk``)."""

    def open(self, path, mode="r"):
        if path.endswith(".exp") and ("w" in mode or "a" in mode):
            raise OSError(28, "No space left on device")
        return open(path, mode)


def _board(players, path, snapshot):
    """A board with a link and its journal at ``path`` (the export's copy impossible
    unless ``snapshot``), booted, with a paired host: ``(board, controller, host)``."""
    uart = MemUart()
    board = SimBoard(players, link=uart)
    ctl = board.power_on(journal=Journal(path, None if snapshot else NoSnapshot().open))
    board.run(20)
    host = Host(uart)
    got = host.pair(board, ctl.link.pairing.open())
    assert got.type == P.R_PAIRED, got
    board.run(20)
    board.press(2)  # the "paired" screen: OK, back to the table
    return board, ctl, host


def _exports(frames):
    """The journal exports and the sheet exports the host received complete: ``(journal
    bytes per export, sheet rows per export)``."""
    journals, sheets, parts, rows = [], [], {}, {}
    for f in frames:
        if not isinstance(f, P.Frame):
            continue
        if f.type == P.R_JOURNAL:
            seq, offset, data = f.value
            got = parts.setdefault(seq, b"")
            assert offset == len(got), (seq, offset, len(got))
            parts[seq] = got + data
        elif f.type == P.R_SHEET_HEAD:
            rows[f.value[0]] = []
        elif f.type == P.R_SHEET_ROW:
            rows[f.value[0]].append(f.value[1])
        elif f.type == P.R_END:
            seq = f.value[0]
            if seq in rows:
                sheets.append(rows.pop(seq))
            else:
                journals.append(parts.pop(seq, b""))
    return journals, sheets


def _is_snapshot(data, versions):
    """``data`` is the start of one of the journal ``versions`` (bytes), holding whole
    records only (an export that ended early stops at a record's end or inside one, as a
    prefix does)."""
    return any(v.startswith(data) for v in versions)


def _check_link(ctl, host, versions):
    """What the host got is what the protocol allows: no fault, allowed errors only, each
    journal export a snapshot of a journal the board had with booked records only, each
    sheet export the board's sheet at one moment (the rows before the booking, or all).
    Returns the journal exports."""
    host.read()
    assert ctl.link.faults == 0, ctl.link.last_fault
    errors = [f.value for f in host.seen if isinstance(f, P.Frame) and f.type == P.R_ERROR]
    assert all(e[1] in ALLOWED for e in errors), [e for e in errors if e[1] not in ALLOWED]
    journals, sheets = _exports(host.seen)
    assert journals
    rows_now = [list(r) for r in ctl.flow.sheet_table(ctl.match)[1]]
    path = "/tmp/_checkpoint_export_%d.bin" % os.getpid()
    for data in journals:
        assert _is_snapshot(data, versions), data
        with open(path, "wb") as f:
            f.write(data)
        try:
            kinds = [r.kind for r in Journal(path).read()[0]]
        finally:
            os.remove(path)
        assert "act" not in kinds and kinds[:1] == ["game"], kinds  # booked records only
    for got in sheets:
        assert got == rows_now[:len(got)] and len(got) >= len(rows_now) - 1, got
    return journals


def _nag(host, board):
    """Every tick, one of: journal export, state, undo, sheet export, state, new game (an
    export takes two polls or so: asked for while one runs, it is refused E_BUSY)."""
    kinds = [(P.Q_JOURNAL, None), (P.Q_STATE, None), (P.C_UNDO, None), (P.Q_SHEET, None),
             (P.Q_STATE, None), (P.C_NEW_GAME, {"game": "skat", "players": 3})]
    n = [0]

    def tick(b):
        ftype, value = kinds[n[0] % len(kinds)]
        n[0] += 1
        host.send(ftype, value)
    board.on_tick = tick


@pytest.mark.parametrize("snapshot", [True, False], ids=["snapshot", "no-room-for-a-copy"])
def test_a_nagging_host_while_each_deal_is_booked(refs, snapshot, tmp_path):
    """A Skat game of three deals; at each result screen the host asks to undo (shown,
    declined with <: it must wait now), then nags every tick while OK books the deal and
    the checkpoint rewrites the journal. The deal counts once, the host's answers are
    allowed ones, its exports snapshots; a reboot holds the same and the game ends as
    the uninterrupted one."""
    ref = refs("skat", 3, 3)
    path = str(tmp_path / "journal.bin")
    board, ctl, host = _board(3, path, snapshot)
    i = 0
    for k in bookings(ref):
        while i < k:
            drive(ctl, ref.steps[i])
            i += 1
        board.run(50)
        assert ctl.mode == MODE_RESULT and board_state(ctl) == ref.states[k - 1]
        with open(path, "rb") as f:
            before = f.read()
        while True:  # the host asks to undo; after a decline it waits first (E_WAIT)
            reply = host.ask(board, P.C_UNDO)
            if reply.type != P.R_ERROR or reply.value[1] != P.E_WAIT:
                break
            board.run(int(reply.value[2]) * 1000)
        assert reply.type == P.R_PENDING, reply
        assert board.lcd_lines()[0].startswith("host asks:"), board.lcd_lines()
        board.press(0)  # PREV: declined at the table
        assert host.confirm(reply.value[0])[2] is False
        host.seen = []
        _nag(host, board)
        board.run(40)
        board.press(2)  # OK: booked, while the host nags
        board.run(200)
        board.on_tick = None
        board.run(400)  # the host's last frames answered
        assert board_state(ctl) == ref.states[k] and deals(ctl) == booked_before(ref, k)
        with open(path, "rb") as f:
            after = f.read()
        journals = _check_link(ctl, host, (before, after))
        assert len(journals) >= 5
        assert any(not before.startswith(d) for d in journals)  # the new journal exported
        if k != bookings(ref)[0]:  # and the old one (a sheet already: it differs)
            assert any(not after.startswith(d) for d in journals)
        host.seen = []
        i = k + 1
    ctl.journal.close()
    again = SimBoard(3).power_on(journal=Journal(path))
    assert board_state(again) == ref.final and deals(again) == 3


def _long_tarot_evening(ref, path, rows):
    """A Tarot journal whose sheet holds ``rows`` deals (the reference's first deal's row,
    again and again: the dealer comes round to P1 every four deals), then the reference's
    first deal played to its end, not booked: its booked part (header and sheet) takes a
    journal export several polls. Returns the first deal's row."""
    first = bookings(ref)[0]
    with open(path, "wb") as f:
        f.write(ref.files[first + 1])
    recs = Journal(path).read()[0]
    assert [r.kind for r in recs] == ["game", "sheet"]
    row = recs[1].data[0]
    out = [("game", recs[0].data), ("sheet", [row] * rows)] + list(ref.steps[1:first])
    with open(path, "wb") as f:
        f.write(MAGIC + b"".join(encode_record(k, d, n) for n, (k, d) in enumerate(out)))
    return row


@pytest.mark.parametrize("snapshot", [True, False], ids=["snapshot", "no-room-for-a-copy"])
def test_a_journal_export_under_way_while_the_deal_is_booked_is_never_spliced(
        refs, snapshot, tmp_path):
    """A long Tarot evening (32 deals booked): the host asks for the journal; after each
    poll of its export (two frames of 192 bytes a poll) the table books the deal (OK on
    the result) and the checkpoint rewrites the journal, a little longer (one row more).
    The export the host gets is the journal as it was when it began, or, when the flash
    had no room for its copy and it read the live file, that journal's start (it ends
    early): never the old start spliced to the new file's end. The deal counts once."""
    ref = refs("tarot", 4, 3)
    path = str(tmp_path / "journal.bin")
    polls = 0
    while True:
        fresh(path, b"")
        _long_tarot_evening(ref, path, 32)
        board, ctl, host = _board(4, path, snapshot)
        assert ctl.mode == MODE_RESULT and deals(ctl) == 32
        with open(path, "rb") as f:
            before = f.read()
        host.read()
        host.seen = []
        seq = host.send(P.Q_JOURNAL)
        for _ in range(polls + 1):
            board.run(2)  # one tick: one poll of the export
        host.read()
        exporting = not any(f.type == P.R_END and f.value[0] == seq for f in host.seen)
        ctl.next_deal()  # OK on the result: booked, checkpointed
        assert deals(ctl) == 33
        board.run(100)
        with open(path, "rb") as f:
            after = f.read()
        assert len(after) > 384  # longer than one poll of the export
        journals = _check_link(ctl, host, (before, after))
        assert len(journals) == 1
        if snapshot:  # the copy made when it began: the whole booked journal
            assert before.startswith(journals[0]) and len(journals[0]) > 384
        ctl.journal.close()
        again = SimBoard(4).power_on(journal=Journal(path))
        assert board_state(again) == board_state(ctl) and deals(again) == 33
        if not exporting:
            break
        polls += 1
    assert polls >= 1  # the booking came in the middle of an export at least once

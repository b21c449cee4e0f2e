"""Forged and duplicated booking records (``deal``, ``game-over``, ``sheet``, ``game``)
in the journal the per-deal checkpoint's first pass reads (core/journal_checkpoint.py
``Checkpointer.scan``): in the journal the board boots on, and written into it after the
boot, just before the booking's checkpoint reads it (as a firmware bug writing a record
twice would). Each is refused or set aside by name, or dropped by the checkpoint (whose
sheet is the board's own); a deal is never counted twice and the boot never crashes.

The games are the seeded reference games of tests/test_journal_faults.py.
"""

import pytest

from core.journal import Journal, encode_record
from device.buttons import OK
from device.controller import MODE_CHOICE, MODE_MAIN, MODE_RESULT, MODE_SHEET, MODE_TABLE
from host_sim.flash import board_state, drive
from test_checkpoint_faults import (_quick_collections, boot, booked_before,  # noqa: F401
                                    bookings, deals, ends_the_game, fresh, reported,
                                    sheet_rows)
from test_journal_faults import refs  # noqa: F401 (the reference games fixture)

MODES = (MODE_MAIN, MODE_SHEET, MODE_TABLE, MODE_CHOICE, MODE_RESULT)


def _records(data, path):
    """The records of journal bytes ``data`` (written to ``path``)."""
    with open(path, "wb") as f:
        f.write(data)
    return Journal(path).read()[0]


def _with(data, path, extra):
    """Journal bytes ``data`` and the records ``extra`` ((kind, data)) after them, with the
    sequence numbers due (good CRCs: nothing a reader could tell from the board's own)."""
    n = len(_records(data, path))
    return data + b"".join(encode_record(k, d, n + i) for i, (k, d) in enumerate(extra))


def _booting(ref, path, data):
    """Boot the board on journal bytes ``data``: ``(board, controller)``; the boot never
    raises and leaves the table in a mode a player can go on from."""
    fresh(path, data)
    board, ctl = boot(ref, path)
    assert ctl.mode in MODES and "internal" not in " ".join(board.lcd_lines())
    return board, ctl


# -- at boot: the journal holds the forged record --------------------------------------------

@pytest.mark.parametrize("acts", [1, 6, -1], ids=["one-action", "six", "all-but-the-last"])
@pytest.mark.parametrize("checkpointed", [True, False], ids=["checkpointed", "whole"])
def test_a_booking_of_an_unfinished_deal_is_set_aside_by_name(refs, acts, checkpointed,
                                                             tmp_path):
    """A ``deal`` record (good CRC and sequence number) after a few actions of a deal that
    is not over (the first, six, all but the last card): the boot used to book the deal
    with the rules' result of a half-played deal (the declarer "lost" with the points he
    had so far); now it is refused by name and the journal set aside from the deal before
    it, which is counted once. The journal is the checkpointed one, or one whose
    checkpoints failed (every deal's records)."""
    ref = refs("skat", 3, 3)
    path = str(tmp_path / "journal.bin")
    first, second = bookings(ref)[:2]
    stop = first + 1 + acts if acts > 0 else second - 1
    if checkpointed:
        data = ref.files[stop]
    else:
        data = ref.data[:ref.ends[stop]]
    board, ctl = _booting(ref, path, _with(data, path, [ref.steps[second]]))
    assert ctl.mode == MODE_SHEET and "booked before it was over" in ctl.journal_report, \
        ctl.journal_report
    assert "kept 1 deal" in ctl.journal_report
    with open(path + ".1.bad", "rb") as f:
        assert f.read().startswith(data)  # nothing deleted
    ctl.press(OK)
    assert board_state(ctl) == ref.states[first] and deals(ctl) == 1
    ends_the_game(ref, path, ctl, first + 1)


@pytest.mark.parametrize("forged,why,kept", [
    # the deal's booking written again as a new record: a booking needs its actions
    ("booking again", "duplicated record", 2),
    # a second sheet checkpoint, or one after a deal's records: only right after its game
    ("sheet again", "must follow its game header", 1),
    ("sheet after the deal", "must follow its game header", 1),
    # a game-over in the middle of the deal
    ("game over in the deal", "game over while deal", 1),
])
def test_forged_booking_records_at_boot_are_set_aside_by_name(refs, forged, why, kept,
                                                              tmp_path):
    """The journal of a board whose second checkpoint failed (the first deal in its sheet,
    the second deal's records and booking after it), with a forged booking record: refused
    by name, set aside from the last record the boot could prove, no deal counted twice;
    the kept game plays on to the uninterrupted sheet."""
    ref = refs("skat", 3, 3)
    path = str(tmp_path / "journal.bin")
    first, second = bookings(ref)[:2]
    # the first checkpoint, then the second deal's records and booking (no checkpoint)
    base = ref.files[first + 1]
    recs = _records(base, path)
    sheet = recs[1]
    assert [r.kind for r in recs] == ["game", "sheet"]
    steps = ref.steps[first + 1:second + 1]
    extra = {
        "booking again": steps + [ref.steps[second]],
        "sheet again": [tuple(sheet)] + steps,
        "sheet after the deal": steps[:5] + [tuple(sheet)] + steps[5:],
        "game over in the deal": steps[:5] + [("game-over", ["P1 0"])] + steps[5:],
    }[forged]
    board, ctl = _booting(ref, path, _with(base, path, extra))
    assert ctl.mode == MODE_SHEET and why in ctl.journal_report, ctl.journal_report
    said = ("kept %d deal" if kept == 1 else "kept %d deals") % kept  # agrees
    assert said in ctl.journal_report, ctl.journal_report
    ctl.press(OK)
    at = second if kept == 2 else first
    assert board_state(ctl) == ref.states[at] and deals(ctl) == kept
    ends_the_game(ref, path, ctl, at + 1)


@pytest.mark.parametrize("copies", [1, 2])
def test_a_compacted_row_after_the_sheet_is_never_booked(refs, copies, tmp_path):
    """The last booking's row again, as the rows compaction keeps (a ``deal`` record with
    no actions), once or twice after the sheet checkpoint that already holds it: the boot
    books rows without actions into no sheet (a finished game's compacted rows are read
    for their lines only), so the deal counts once; the next booking's checkpoint drops
    the forged rows and holds every deal once."""
    ref = refs("skat", 3, 3)
    path = str(tmp_path / "journal.bin")
    first = bookings(ref)[0]
    row = ref.steps[first]
    board, ctl = _booting(ref, path, _with(ref.files[first + 1], path, [row] * copies))
    assert board_state(ctl) == ref.states[first] and deals(ctl) == 1
    ends_the_game(ref, path, ctl, first + 1)


def test_a_booking_written_twice_byte_for_byte_is_skipped_by_both_passes(refs, tmp_path):
    """The booking record twice, same sequence number and CRC (a write repeated), in a
    journal whose checkpoint failed: skipped at boot and reported, and skipped by the
    checkpoint's two passes too: the next checkpoint holds each deal once."""
    ref = refs("skat", 3, 3)
    path = str(tmp_path / "journal.bin")
    first, second = bookings(ref)[:2]
    data = ref.files[first + 1]
    n = len(_records(data, path))
    recs = [encode_record(k, d, n + i) for i, (k, d) in enumerate(ref.steps[first + 1:second + 1])]
    board, ctl = _booting(ref, path, data + b"".join(recs) + recs[-1])
    assert ctl.journal_report.duplicates == 1
    assert board_state(ctl) == ref.states[second] and deals(ctl) == 2
    ends_the_game(ref, path, ctl, second + 1)


# -- after the boot: written into the journal just before the checkpoint reads it -----------

class Forging(Journal):
    """A journal that appends ``forged`` records (each ``(kind, data)``, through its own
    append: good CRCs and sequence numbers) just before the booking's first reading pass,
    as a firmware bug writing a booking twice would."""

    forged = ()

    def read(self, sink=None):
        if sink is not None and self.forged:
            forged, self.forged = self.forged, ()
            for kind, data in forged:
                self.append(kind, data)
        return Journal.read(self, sink)


def _forged_before_the_checkpoint(ref, path, i, forged):
    fresh(path, ref.files[i])
    board, ctl = boot(ref, path, cls=Forging)
    ctl.journal.forged = forged(ref, i)
    drive(ctl, ref.steps[i])
    assert not ctl.journal.forged  # the first pass read them
    return board, ctl


@pytest.mark.parametrize("forged", [
    lambda ref, i: [ref.steps[i]],  # the same booking again
    lambda ref, i: [ref.steps[i], ref.steps[i]],
    lambda ref, i: [ref.steps[bookings(ref)[0]]],  # the first deal's booking again
    lambda ref, i: [("sheet", [[0, 999]] * 5)],  # a sheet of five forged rows
    lambda ref, i: [ref.steps[0]],  # the game header again (a second game begun)
    lambda ref, i: [ref.steps[0], ref.steps[i]],
], ids=["booking", "booking-twice", "first-booking", "sheet", "game", "game-and-booking"])
@pytest.mark.parametrize("game,players,n", [("skat", 3, 3), ("tarot", 4, 3)])
def test_forged_booking_records_read_by_the_first_pass_never_count(refs, forged, game,
                                                                    players, n, tmp_path):
    """The checkpoint keeps the board's own sheet: forged bookings and sheets in the
    journal it reads are dropped, the deal counts once on the board, in the checkpoint and
    after a reboot, and the game ends as the uninterrupted one."""
    ref = refs(game, players, n)
    path = str(tmp_path / "journal.bin")
    for i in bookings(ref)[1:]:
        board, ctl = _forged_before_the_checkpoint(ref, path, i, forged)
        assert board_state(ctl) == ref.states[i] and deals(ctl) == booked_before(ref, i)
        recs = Journal(path).read()[0]
        kinds = [r.kind for r in recs]
        assert "act" not in kinds and kinds[-2:] == ["game", "sheet"], kinds
        assert len(recs[-1].data) == booked_before(ref, i)
        assert recs[-1].data == ctl.flow.booked_rows(ctl.match)
        ctl.journal.close()
        _, again = boot(ref, path)
        assert board_state(again) == ref.states[i] and deals(again) == booked_before(ref, i)
        ends_the_game(ref, path, again, i + 1)


def test_a_forged_game_over_read_by_the_first_pass_is_refused_by_name(refs, tmp_path):
    """A ``game-over`` written just before the checkpoint of a game that goes on (Skat has
    no last deal): the checkpoint refuses the journal ("the game is over") and says so
    on the LCD; nothing was
    rewritten, the deal is counted once on the board, and the boot after it never crashes
    nor counts a deal twice."""
    ref = refs("skat", 3, 3)
    path = str(tmp_path / "journal.bin")
    i = bookings(ref)[1]
    board, ctl = _forged_before_the_checkpoint(
        ref, path, i, lambda ref, i: [("game-over", ["P1 forged"])])
    assert board_state(ctl) == ref.states[i] and deals(ctl) == 2
    ok, lines = reported(board)
    assert ok, lines
    kinds = [r.kind for r in Journal(path).read()[0]]
    assert kinds[-2:] == ["deal", "game-over"] and "act" in kinds  # not rewritten
    ctl.journal.close()
    board, again = boot(ref, path)
    assert again.mode in MODES and "internal" not in " ".join(board.lcd_lines())
    if again.match is not None:
        assert deals(again) <= 2


@pytest.mark.parametrize("forged", [["P1  999", "P2 -999", "P3    0"], 7, None, [3, 1]],
                         ids=["other-totals", "a-number", "none", "not-text"])
def test_a_forged_game_over_never_replaces_the_sheet_its_deals_make(refs, forged, tmp_path):
    """A finished game's ``game-over`` record (good CRC and sequence number) whose summary
    is not the sheet its booked deals make: the boot used to show the record's lines as the
    game's final sheet (any totals a forger wrote, or a crash on data that is not lines);
    now the board shows the lines it closed the game with (its last booking's), and the
    report says so; a game-over holding None was read as no game-over at all, and the game
    closed again behind it, a journal the next boot set aside. The genuine record boots to
    its own lines, unreported. Forged totals in the last booking too change nothing: the
    booking's lines are made again from its actions. The game: Zhopa for two (seed 5),
    over after deal 3."""
    ref = refs("zhopa", 2, 30)
    path = str(tmp_path / "journal.bin")
    recs = _records(ref.data, path)
    assert recs[-1].kind == "game-over"
    fresh(path, ref.data)
    _, ctl = boot(ref, path)
    genuine = ctl.last_sheet
    assert genuine == recs[-1].data and "disagrees" not in str(ctl.journal_report)
    ctl.journal.close()
    last = encode_record("game-over", recs[-1].data, len(recs) - 1)
    assert ref.data.endswith(last)
    head = ref.data[:-len(last)]
    if isinstance(forged, list) and isinstance(forged[0], str):
        # the last booking's lines forged alike: its actions make the real ones again
        booking = encode_record("deal", recs[-2].data, len(recs) - 2)
        assert recs[-2].kind == "deal" and head.endswith(booking)
        head = head[:-len(booking)] + encode_record("deal", forged, len(recs) - 2)
    data = head + encode_record("game-over", forged, len(recs) - 1)
    board, ctl = _booting(ref, path, data)
    assert board.lcd_lines() == ["sheet rebuilt   ", "from the deals  "]
    assert ctl.last_sheet == genuine and ctl.mode == MODE_SHEET
    assert ctl.journal_report == "game-over record disagrees with its deals: sheet rebuilt"
    ctl.press(OK)
    assert ctl.mode == MODE_MAIN and ctl.last_sheet == genuine
    ctl.journal.close()
    _, again = boot(ref, path)  # the journal the boot left is one the next boot reads
    assert again.last_sheet == genuine and again.mode == MODE_SHEET  # and says so again


@pytest.mark.parametrize("forged", ["taker-plus-100", "one-mark-off"])
def test_a_tarot_sheet_row_whose_marks_do_not_sum_to_zero_is_refused_by_name(refs, forged,
                                                                            tmp_path):
    """A Tarot deal's marks always sum to 0 (FFT 2012 p.8-9: what each defender pays or
    wins the taker's camp wins or pays; the house rules and the mort keep it so,
    docs/rules/tarot.md). The sheet checkpoint (good CRC and sequence number) of a board
    whose second deal is booked, its second row forged: the taker's mark raised by 100,
    or one defender's mark one point off. The boot used to book it, the totals off by it
    for the rest of the evening; now the row is refused by name and the journal set aside
    from the game header (the checkpoint is one record: none of its rows is proven), the
    whole file kept in the side file, and the game played on from its first deal ends as
    the uninterrupted one."""
    ref = refs("tarot", 4, 3)
    path = str(tmp_path / "journal.bin")
    second = bookings(ref)[1]
    base = ref.files[second + 1]
    recs = _records(base, path)
    assert [r.kind for r in recs] == ["game", "sheet"] and len(recs[1].data) == 2
    sheet = encode_record("sheet", recs[1].data, 1)
    assert base.endswith(sheet)
    rows = [list(r) for r in recs[1].data]
    taker, row = rows[1][0], rows[1]
    assert taker >= 0 and sum(row[2:]) == 0
    if forged == "taker-plus-100":
        row[2 + taker] += 100
        why = "marks sum to 100, not 0"
    else:
        row[2 + (taker + 1) % 4] -= 1
        why = "marks sum to -1, not 0"
    data = base[:-len(sheet)] + encode_record("sheet", rows, 1)
    board, ctl = _booting(ref, path, data)
    assert ctl.mode == MODE_SHEET and why in ctl.journal_report, ctl.journal_report
    assert "tarot checkpoint row %r: %s" % (tuple(row), why) in ctl.journal_report
    assert "kept 0 deals" in ctl.journal_report
    with open(path + ".1.bad", "rb") as f:
        assert f.read() == data  # nothing deleted
    ctl.press(OK)
    assert deals(ctl) == 0 and board_state(ctl) == ref.states[0]
    ends_the_game(ref, path, ctl, 1)

"""Attacks on the per-deal checkpoint (core/journal_checkpoint.py ``Checkpointer``, run by
device/session.py ``checkpoint`` after ``Controller.next_deal`` books a deal): the journal
is read twice (``scan``, then ``add``) and rewritten as the game header, one ``sheet``
record and the open deal (docs/records.md "Checkpoints").

The faults: a write of the rewrite that fails (flash full, a write error, a rotten bit)
at each of its writes; a power cut at every byte the booking writes, at the rename, and at
every record of the two reading passes (between them too); a read that fails (the file
cannot be opened, a read error in the middle) at every read the booking makes. After each,
the board (and the board booted again) holds the same sheet, the booked deal counted
exactly once, and plays on to the sheet of the uninterrupted game; a failure that loses
nothing is shown on the LCD and the loop goes on. The games are the seeded reference
games of tests/test_journal_faults.py (host_sim.flash.Reference).
"""

import os

import pytest

from core.journal import MAGIC, Journal
from host_sim.board import SimBoard
from host_sim.flash import (FailingReads, FaultyFlash, PowerCut, board_state, drive,
                             quick_collections)
from test_journal_faults import refs  # noqa: F401 (the module's reference games fixture)

GAMES = [("skat", 3, 3), ("tarot", 4, 3)]


@pytest.fixture(autouse=True)
def _quick_collections():
    """No full collection per deal here (host_sim.flash.quick_collections: a test
    process's collection is slow and changes no state)."""
    with quick_collections():
        yield


# -- helpers --------------------------------------------------------------------------------

def bookings(ref):
    """Step indices of the reference's bookings (its ``deal`` records)."""
    return [i for i, (kind, _) in enumerate(ref.steps) if kind == "deal"]


def booked_before(ref, i):
    """Deals booked once step ``i`` is done."""
    return sum(1 for k in bookings(ref) if k <= i)


def fresh(path, data):
    """The flash folder holding only ``data`` as its journal (no side or new file)."""
    folder = os.path.dirname(path)
    for name in os.listdir(folder):
        if name.startswith(os.path.basename(path)):
            os.remove(os.path.join(folder, name))
    with open(path, "wb") as f:
        f.write(data)


def boot(ref, path, opener=None, cls=Journal):
    """Power on the whole firmware on the journal at ``path``: ``(board, controller)``."""
    board = SimBoard(ref.players)
    return board, board.power_on(journal=cls(path, opener))


def deals(ctl):
    """The deals the board's sheet holds (its flow's checkpoint rows: one per deal)."""
    view = ctl.view()
    return len(view.flow.booked_rows(view.match))


def play_on(ref, ctl, i):
    """Drive the reference's steps from ``i`` to the end as the table would (a step the
    board refuses, its record not on flash, is done again); after each step the board
    holds the reference's state. Returns the controller."""
    retries = 0
    while i < len(ref.steps):
        drive(ctl, ref.steps[i])
        if board_state(ctl) != ref.states[i]:
            assert board_state(ctl) == (ref.states[i - 1] if i else ("closed", ())), i
            retries += 1
            assert retries < 3, ("the step never went through", i)
            continue
        i += 1
    return ctl


def sheet_rows(path):
    """The rows of the journal's sheet checkpoint: the journal must end with the game
    header, that checkpoint and at most the open deal's records after it (what a booking
    leaves), no booked deal's records anywhere."""
    records = Journal(path).read()[0]
    kinds = [r.kind for r in records]
    k = len(kinds) - 1 - kinds[::-1].index("sheet")
    assert kinds[k - 1] == "game" and "act" not in kinds[:k], kinds
    assert not set(kinds[k + 1:]) - {"act", "undo", "deal-start"}, kinds
    return len(records[k].data)


def ends_the_game(ref, path, ctl, i):
    """``ctl`` (on the journal at ``path``, holding the reference's state before step
    ``i``) plays the rest of the reference, and the board booted again on that journal
    holds the same: both end with the reference's sheet, every deal in the checkpoint
    exactly once."""
    n = len(bookings(ref))
    assert board_state(ctl) == ref.states[i - 1], i
    play_on(ref, ctl, i)
    assert board_state(ctl) == ref.final and deals(ctl) == n
    if i <= bookings(ref)[-1]:  # a booking since: its checkpoint holds every deal
        assert sheet_rows(path) == n
    ctl.journal.close()
    _, again = boot(ref, path)
    assert board_state(again) == ref.final and deals(again) == n


def reported(board):
    """The LCD says the checkpoint failed."""
    top, bottom = board.lcd_lines()
    return top == "sheet checkpoint" and bottom.startswith("failed"), (top, bottom)


# -- 1. a write of the rewrite fails ------------------------------------------------------------

@pytest.mark.parametrize("game,players,n", GAMES)
@pytest.mark.parametrize("fault", ["full", "eio", "rot"])
def test_a_failed_write_of_the_checkpoint_loses_nothing_and_is_shown(refs, fault, game,
                                                                    players, n, tmp_path):
    """Each write of each booking's checkpoint (the new file: magic, header, sheet) fails
    once: the booking stands (the booking record is on flash), the LCD says the checkpoint
    failed, the journal keeps the deal's records, a reboot gives the same sheet with the
    deal once; the next booking's checkpoint folds it in and the game ends as the
    uninterrupted one."""
    ref = refs(game, players, n)
    path = str(tmp_path / "journal.bin")
    runs = 0
    for i in bookings(ref):
        assert ref.writes[i] >= 4  # the booking record, then the new file's writes
        for at in range(1, ref.writes[i]):
            fresh(path, ref.files[i])
            flash = FaultyFlash(fault)
            board, ctl = boot(ref, path, flash.open)
            flash.at = flash.writes + at
            drive(ctl, ref.steps[i])
            assert flash.hit == flash.at, (i, at)
            assert board_state(ctl) == ref.states[i] and deals(ctl) == booked_before(ref, i)
            ok, lines = reported(board)
            assert ok, (i, at, lines)
            board.run(100)  # the loop goes on; the notice stays until the table moves
            assert reported(board)[0], (i, at, board.lcd_lines())
            kinds = [r.kind for r in Journal(path).read()[0]]
            assert kinds[-1] == "deal" and "act" in kinds  # the deal's records kept
            assert not os.path.exists(path + ".new")
            ctl.journal.close()
            _, again = boot(ref, path)
            assert board_state(again) == ref.states[i], (i, at)
            assert deals(again) == booked_before(ref, i)
            ends_the_game(ref, path, again, i + 1)
            runs += 1
    assert runs == sum(ref.writes[i] - 1 for i in bookings(ref))


def test_a_full_flash_refuses_the_checkpoint_then_the_next_card_until_space_is_made(
        refs, tmp_path):
    """The flash fills up right after the booking record: the checkpoint fails (shown),
    the next deal's first action is refused "flash full" and changes nothing; space made,
    the table plays on and the next booking checkpoints both deals, each once."""
    ref = refs("skat", 3, 3)
    path = str(tmp_path / "journal.bin")
    i = bookings(ref)[0]
    fresh(path, ref.files[i])
    flash = FaultyFlash("full", sticky=True)
    board, ctl = boot(ref, path, flash.open)
    flash.at = flash.writes + 1
    drive(ctl, ref.steps[i])
    assert board_state(ctl) == ref.states[i] and reported(board)[0], board.lcd_lines()
    drive(ctl, ref.steps[i + 1])
    assert board_state(ctl) == ref.states[i]  # refused: nothing changed
    assert "flash full" in " ".join(board.lcd_lines()), board.lcd_lines()
    flash.make_space()
    ends_the_game(ref, path, ctl, i + 1)


# -- 2. a power cut at every byte of the booking ------------------------------------------------

class ByteCut(FaultyFlash):
    """A flash whose power goes when ``budget`` more bytes have been written (None: never):
    the bytes that fit land, then PowerCut. ``sizes``: the length of each write."""

    def __init__(self):
        FaultyFlash.__init__(self)
        self.budget = None
        self.written = 0
        self.sizes = []

    def _write(self, f, data):
        if self.budget is not None and self.written + len(data) > self.budget:
            f.write(bytes(data[:self.budget - self.written]))
            f.flush()
            self.written = self.budget
            raise PowerCut("power cut after %d bytes" % self.budget)
        self.written += len(data)
        self.sizes.append(len(data))
        return FaultyFlash._write(self, f, data)


def _booking_cut(ref, path, i, budget):
    """Boot on the journal before booking step ``i`` and book it, the power going after
    ``budget`` bytes (None: never); returns the flash."""
    fresh(path, ref.files[i])
    flash = ByteCut()
    _, ctl = boot(ref, path, flash.open)
    flash.written, flash.budget, flash.sizes = 0, budget, []
    if budget is None:
        drive(ctl, ref.steps[i])
        ctl.journal.close()
    else:
        with pytest.raises(PowerCut):
            drive(ctl, ref.steps[i])
    return flash


def booking_cuts(ref, path, every):
    """Cut the power after every byte of the booking of step ``every`` (the others: at
    their record boundaries), booting again after each cut; returns the cuts made. The
    reboot holds the deal once or (its record torn) not yet; from the boundaries the game
    ends as the uninterrupted one."""
    cuts = 0
    for i in bookings(ref):
        flash = _booking_cut(ref, path, i, None)
        total, record = flash.written, flash.sizes[0]  # the booking record, then the file
        assert len(flash.sizes) >= 4 and total > record > 0
        assert sheet_rows(path) == booked_before(ref, i)  # the header and the sheet
        edges = {0, record - 1, record, record + len(MAGIC), total - 1}
        for budget in (range(total) if i == every else sorted(edges)):
            _booking_cut(ref, path, i, budget)
            _, again = boot(ref, path)
            assert not os.path.exists(path + ".new"), budget
            booked = budget >= record
            assert board_state(again) == ref.states[i if booked else i - 1], (i, budget)
            assert deals(again) == booked_before(ref, i) - (not booked), (i, budget)
            if budget in edges:
                ends_the_game(ref, path, again, i + 1 if booked else i)
            else:
                again.journal.close()
            cuts += 1
    return cuts


@pytest.mark.parametrize("game,players,n", GAMES)
def test_a_power_cut_at_every_byte_of_the_booking(refs, game, players, n, tmp_path):
    """The booking writes its record, then the new file (magic, header, sheet). The power
    goes after every byte of it: the reboot holds the sheet without the deal (its record
    torn: the result shows again) or with it once, never a half-written journal; from the
    record boundaries the game ends as the uninterrupted one. Every byte of the second
    booking (its journal holds a sheet already), the boundaries of the others."""
    ref = refs(game, players, n)
    assert booking_cuts(ref, str(tmp_path / "journal.bin"), bookings(ref)[1]) > 200


@pytest.mark.parametrize("how", ["before", "fat"])
def test_a_power_cut_at_the_rename_of_the_checkpoint(refs, how, tmp_path, monkeypatch):
    """The new file is written and read back; the power goes as it is renamed over the
    journal: before the rename (the old journal stays, the new file is dropped at boot),
    or on a FAT flash after the old journal was unlinked (the boot finishes the rename).
    Either way the deal counts once and the game ends as the uninterrupted one."""
    ref = refs("skat", 3, 3)
    path = str(tmp_path / "journal.bin")
    real = os.replace
    state = {"armed": True}

    def replace(src, dst):
        if state["armed"] and src.endswith(".new"):
            state["armed"] = False
            if how == "fat":
                os.remove(dst)
            raise PowerCut("power cut at the rename")
        return real(src, dst)

    for i in bookings(ref):
        fresh(path, ref.files[i])
        _, ctl = boot(ref, path)
        monkeypatch.setattr(os, "replace", replace)
        state["armed"] = True
        with pytest.raises(PowerCut):
            drive(ctl, ref.steps[i])
        monkeypatch.setattr(os, "replace", real)
        assert os.path.exists(path + ".new") and os.path.exists(path) == (how == "before")
        _, again = boot(ref, path)
        assert not os.path.exists(path + ".new")
        assert board_state(again) == ref.states[i] and deals(again) == booked_before(ref, i)
        ends_the_game(ref, path, again, i + 1)


class CutWhileReading(Journal):
    """A journal whose power goes when the booking's reading passes have handed over
    ``cut_at`` records, counted over both passes (``cut_at`` equal to the first pass's
    count: between the two passes; twice it: after the second, before the rewrite)."""

    cut_at = None

    def __init__(self, path, opener=None):
        Journal.__init__(self, path, opener)
        self.seen = 0

    def read(self, sink=None):
        if sink is None or self.cut_at is None:
            return Journal.read(self, sink)

        def counted(rec):
            if self.seen == self.cut_at:
                raise PowerCut("power cut at record %d of the checkpoint's passes" % self.seen)
            self.seen += 1
            sink(rec)
        got = Journal.read(self, counted)
        if self.seen == self.cut_at:
            raise PowerCut("power cut after a pass (%d records)" % self.seen)
        return got


@pytest.mark.parametrize("game,players,n", GAMES)
def test_a_power_cut_while_the_checkpoint_reads_and_between_its_passes(
        refs, game, players, n, tmp_path):
    """The power goes at every record of the first and the second reading pass, between
    the two and after the second: nothing was rewritten yet, the reboot holds the booked
    deal once, and the game ends as the uninterrupted one."""
    ref = refs(game, players, n)
    path = str(tmp_path / "journal.bin")
    for i in bookings(ref):
        fresh(path, ref.files[i])
        _, ctl = boot(ref, path)
        count = len(ctl.journal.read()[0]) + 1  # the file's records and the booking's
        ctl.journal.close()
        for at in range(2 * count + 1):
            fresh(path, ref.files[i])
            _, ctl = boot(ref, path, cls=CutWhileReading)
            ctl.journal.cut_at = at
            with pytest.raises(PowerCut):
                drive(ctl, ref.steps[i])
            assert ctl.journal.seen == at
            _, again = boot(ref, path)
            assert board_state(again) == ref.states[i], (i, at)
            assert deals(again) == booked_before(ref, i)
            if at in (0, count, 2 * count):  # first record, between passes, after both
                ends_the_game(ref, path, again, i + 1)
            else:
                again.journal.close()


# -- 3. a read of the journal fails during the booking ------------------------------------------

class ReadFaults:
    """An opener: the ``fail``-th file opened for reading (counted from ``arm()``) cannot be
    opened (``how`` "open") or fails at its ``k``-th read (``how`` "read"), OSError 5
    (EIO) each time: a flash that reads back badly for a moment."""

    def __init__(self, how, k=0):
        self.how = how
        self.k = k
        self.opens = 0
        self.fail = None
        self.hit = False

    def arm(self, fail):
        self.opens, self.fail, self.hit = 0, fail, False

    def open(self, path, mode="r"):
        f = open(path, mode)
        if "r" not in mode or "+" in mode:
            return f
        i = self.opens
        self.opens += 1
        if i != self.fail:
            return f
        self.hit = True
        if self.how == "open":
            f.close()
            raise OSError(5, "EIO: %s cannot be opened" % path)
        return FailingReads(f, self.k)


@pytest.mark.parametrize("how,k", [("open", 0), ("read", 0), ("read", 2)])
def test_a_read_that_fails_during_the_booking_loses_nothing(refs, how, k, tmp_path):
    """Each file the booking opens to read (the booking record read back, the two passes,
    the new file read back) fails once: cannot be opened, or a read error at its first or
    third read. The board then holds the booked deal once, keeps playing, and a reboot
    after the next deal's first records (and at the end) holds what the board held: the
    journal is never rewritten from a pass that read less, and the next record keeps its
    sequence number."""
    ref = refs("skat", 3, 3)
    path = str(tmp_path / "journal.bin")
    counted = 0
    for i in bookings(ref)[:-1]:
        faults = ReadFaults(how, k)
        fresh(path, ref.files[i])
        _, ctl = boot(ref, path, faults.open)
        faults.arm(None)
        drive(ctl, ref.steps[i])
        opens = faults.opens
        assert opens >= 4  # read back, two passes, the new file read back
        for fail in range(opens):
            fresh(path, ref.files[i])
            board, ctl = boot(ref, path, faults.open)
            faults.arm(fail)
            drive(ctl, ref.steps[i])
            assert faults.hit
            faults.arm(None)
            if board_state(ctl) == ref.states[i - 1]:  # the booking record's read-back
                assert board.lcd_lines()[1].startswith("OK: book again"), board.lcd_lines()
                drive(ctl, ref.steps[i])
            assert board_state(ctl) == ref.states[i], (i, fail)
            assert deals(ctl) == booked_before(ref, i)
            for step in range(i + 1, i + 4):  # the next deal's first records
                drive(ctl, ref.steps[step])
                assert board_state(ctl) == ref.states[step], (i, fail, step)
            ctl.journal.close()
            _, again = boot(ref, path)
            assert board_state(again) == ref.states[i + 3], (i, fail, again.journal_report)
            assert deals(again) == booked_before(ref, i)
            ends_the_game(ref, path, again, i + 4)
            counted += 1
    assert counted >= 8


def test_a_rotten_record_in_the_journal_the_checkpoint_reads_is_not_booked_twice(
        refs, tmp_path):
    """A bit of the journal rots after its record was read back (flash wear) and before
    the booking's checkpoint reads it: the passes stop early at the rotten record. The
    checkpoint must not rewrite the journal from what it could read (the sheet with the
    deal, then the deal's own actions as if still open: booked twice after a reboot); the
    reboot drops the rotten tail, the deal's result shows again and is booked once."""
    ref = refs("skat", 3, 3)
    path = str(tmp_path / "journal.bin")
    i = bookings(ref)[1]

    class Rotting(Journal):
        rot = None  # byte offset to flip before the next reading pass

        def read(self, sink=None):
            if self.rot is not None and sink is not None:
                with open(self.path, "r+b") as f:
                    f.seek(self.rot)
                    b = f.read(1)
                    f.seek(self.rot)
                    f.write(bytes([b[0] ^ 0x10]))
                self.rot = None
            return Journal.read(self, sink)

    fresh(path, ref.files[i])
    board, ctl = boot(ref, path, cls=Rotting)
    ctl.journal.rot = len(ref.files[i]) + 6  # inside the booking record, once it is read back
    drive(ctl, ref.steps[i])
    assert board_state(ctl) == ref.states[i]
    shown = reported(board)
    ctl.journal.close()
    _, again = boot(ref, path)
    # the rotten booking record is dropped: the deal is over and shown again, unbooked
    assert deals(again) == booked_before(ref, i) - 1
    assert board_state(again) == ref.states[i - 1]
    assert again.journal_report.dropped > 0
    assert shown[0], shown  # the refused checkpoint was shown
    ends_the_game(ref, path, again, i)

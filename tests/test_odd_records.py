"""Journals holding one record this firmware never writes, its CRC good (another
firmware's, or forged): the board boots, sets the journal aside and says what it kept,
never resumes a game under rules it guessed (docs/records.md "Boot")."""

import os

import pytest

from core.journal import MAGIC, encode_record
from core.journal import Journal
from device.buttons import OK
from device.controller import MODE_MAIN, MODE_SHEET
from host_sim.board import SimBoard
from test_journal_faults import refs  # noqa: F401 (the reference games fixture)


def _with_header(ref, header):
    """The reference game's journal (every record, as one uncompacted file) with its game
    header replaced by ``header``."""
    first = ref.ends[1]  # the end of the header record
    return MAGIC + encode_record("game", header, 0) + ref.data[first:]


@pytest.mark.parametrize("options", [
    [["grand_only", "on"]],  # a newer firmware's house rule this one does not know
    [["ramsch", "off"], ["ramsch", "schieberamsch"]],  # one option answered twice
])
def test_a_game_header_with_options_this_firmware_cannot_honour_is_set_aside(
        refs, options, tmp_path):
    """A Skat evening whose header carries an option this firmware does not have (or one
    option twice): the board resumed it as plain Skat under the options it knew, without
    a word, and the table went on scoring by rules nobody chose. Now the journal goes
    aside as for a game it does not know: "journal moved / kept nothing" and the side
    file until OK, then the main menu."""
    ref = refs("skat", 3, 2)
    name, players, known = ref.steps[0][1]
    path = str(tmp_path / "journal.bin")
    data = _with_header(ref, [name, players, list(known) + options])
    with open(path, "wb") as f:
        f.write(data)
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    assert ctl.mode == MODE_SHEET and ctl.match is None
    assert board.lcd_lines() == ["journal moved   ", "kept nothing    "]
    assert "kept nothing" in ctl.journal_report
    with open(path + ".1.bad", "rb") as f:
        assert f.read() == data  # nothing deleted
    assert os.path.getsize(path) == len(MAGIC)
    ctl.press(OK)
    assert ctl.mode == MODE_MAIN and ctl.match is None


def _records(data):
    """``(offset, LEN, KIND byte)`` of each record in the format 2 journal ``data``."""
    out, pos = [], len(MAGIC)
    while pos < len(data):
        n = data[pos] | data[pos + 1] << 8
        out.append((pos, n, data[pos + 2]))
        pos += 3 + n - 1 + 4
    return out


def test_a_sheet_checkpoint_whose_length_runs_past_the_end_is_kept_aside(refs, tmp_path):
    """A Skat journal right after its second booking: the game header and the sheet
    checkpoint holding both deals. One bit flipped in the checkpoint's length field makes
    it run past the end of the file; the boot took that for a power cut in its write and
    cut it off: the table resumed with an empty sheet, the two deals deleted, told only
    "23 bytes lost". A checkpoint is never appended (a compaction writes it, read back
    whole before it replaced the journal), so no power cut tears it: now it is damage,
    the whole file goes aside and the LCD says so ("N B aside", the side file)."""
    ref = refs("skat", 3, 3)
    booked = [i for i, (kind, _) in enumerate(ref.steps) if kind == "deal"]
    data = ref.files[booked[1] + 1]  # checkpointed after the second booking
    pos, n, kind = _records(data)[-1]
    assert kind == 7 and pos + 3 + n - 1 + 4 == len(data)  # the sheet, last
    path = str(tmp_path / "journal.bin")
    longer = [n ^ 1 << bit for bit in range(12) if n ^ 1 << bit > n]
    assert len(longer) >= 5
    for wrong in longer:
        bad = bytearray(data)
        bad[pos], bad[pos + 1] = wrong & 0xFF, wrong >> 8
        for name in os.listdir(str(tmp_path)):
            os.remove(os.path.join(str(tmp_path), name))
        with open(path, "wb") as f:
            f.write(bad)
        board = SimBoard(3)
        ctl = board.power_on(journal=Journal(path))
        report = ctl.journal_report
        assert report.side == path + ".1.bad", (wrong, str(report))
        with open(report.side, "rb") as f:
            assert f.read() == bad  # the two deals are there, nothing deleted
        assert board.lcd_lines() == ["resumed         ",
                                     ("%d B aside" % (len(data) - pos)).ljust(16)]
        assert ctl._list[2:6] == ["kept 0 deals", "side file:", "journal.bin.1", ".bad"]
        ctl.journal.close()

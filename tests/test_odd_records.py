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

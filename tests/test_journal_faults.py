"""Issue 16: the board always boots, and its journal never disagrees with the table.

Faults come from the twin's flash model (host_sim.flash: full, write error, torn write,
rotten bit, at any write index) and from forged journals (good CRCs, records the rules
refuse, random and mutated bytes). The game data are real games played on the emulated
board by the table player (seeded), as in tests/test_powercut.py.

The fault matrix here: every write index of a Skat game of 2 deals and of a Tarot deal and
its booking; the first deal and the end (last card, last booking, game over, compaction)
of a whole Zhopa and a whole Magistr game; each with each of the four faults.
``tools/fault_sweep.py`` runs whole games of all four games at every write index.
"""

import errno
import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from core.errors import BadRecord, NotSaved
from core.journal import MAGIC, Journal, encode_record
from device import words
from device.buttons import NEXT, OK, PREV
from device.controller import (MODE_CHOICE, MODE_MAIN, MODE_RESULT, MODE_SHEET,
                               MODE_TABLE, Controller)
from host_sim.board import SimBoard
from host_sim.flash import FAULTS, FailingReads, FaultyFlash, Reference, board_state, drive, fault_run


@pytest.fixture(scope="module")
def refs(tmp_path_factory):
    """Reference runs (seeded games played on the emulated board), made once."""
    cache = {}

    def get(game, players, deals, seed=5):
        key = (game, players, deals, seed)
        if key not in cache:
            cache[key] = Reference(game, players, deals, seed,
                                   str(tmp_path_factory.mktemp(game)))
        return cache[key]
    return get


def _sweep(ref, fault, tmp_path, steps=None):
    hit = 0
    for step, at in ref.write_indices():
        if steps is None or step in steps:
            fault_run(ref, fault, step, at, str(tmp_path))
            hit += 1
    return hit


@pytest.mark.parametrize("fault", FAULTS)
def test_fault_at_every_write_of_two_skat_deals(refs, fault, tmp_path):
    ref = refs("skat", 3, 2)
    assert [k for k, _ in ref.steps].count("deal") == 2
    assert _sweep(ref, fault, tmp_path) == sum(ref.writes) > 60


@pytest.mark.parametrize("fault", FAULTS)
def test_fault_at_every_write_of_a_tarot_deal(refs, fault, tmp_path):
    ref = refs("tarot", 4, 1)
    assert ref.steps[-1][0] == "deal"
    assert _sweep(ref, fault, tmp_path) == sum(ref.writes) > 70


def _ends_of(ref):
    """Step indices of the first deal (its booking and the next deal's first action) and
    of the game's end (the last card; the last booking with game over and compaction)."""
    kinds = [k for k, _ in ref.steps]
    first = kinds.index("deal")
    n = len(ref.steps)
    return set(range(first + 2)) | {n - 2, n - 1}


@pytest.mark.parametrize("fault", FAULTS)
def test_fault_at_the_start_and_the_end_of_a_whole_zhopa_game(refs, fault, tmp_path):
    ref = refs("zhopa", 3, 40)
    assert ref.final[0] == "closed"
    # the last step books the last deal, closes the game and compacts: several writes
    assert ref.steps[-1][0] == "deal" and ref.writes[-1] > 3
    assert _sweep(ref, fault, tmp_path, _ends_of(ref)) > 30


def test_power_cut_at_every_write_of_the_end_of_a_magistr_game(refs, tmp_path):
    """Magistr shares Zhopa's end of game (device.flows.bankflow); its 24-deal boots are
    slow, so only the torn writes of the last two steps run here (all: tools/)."""
    ref = refs("magistr", 2, 24)
    assert ref.final[0] == "closed" and ref.writes[-1] > 3
    n = len(ref.steps)
    assert _sweep(ref, "tear", tmp_path, {n - 2, n - 1}) == ref.writes[-1] + ref.writes[-2]


# -- 1. a cut between the last deal's record and the game-over record -----------------------

@pytest.mark.parametrize("game,players", [("zhopa", 3), ("magistr", 2)])
def test_cut_before_game_over_closes_the_game_at_boot(refs, game, players, tmp_path):
    ref = refs(game, players, 40 if game == "zhopa" else 24)
    path = str(tmp_path / "journal.bin")
    with open(path, "wb") as f:  # every record but the game-over one
        f.write(ref.data[:ref.ends[-1]] + encode_record(*ref.steps[-1],
                                                        seq=len(ref.steps) - 1))
    ctl = Controller(SimBoard(players).hw, journal=Journal(path))
    assert ctl.mode == MODE_SHEET and board_state(ctl) == ref.final
    kinds = [r.kind for r in Journal(path).read()[0]]
    assert kinds[-1] == "game-over" and "act" not in kinds  # closed and compacted
    again = Controller(SimBoard(players).hw, journal=Journal(path))
    assert again.mode == MODE_MAIN and tuple(again.last_sheet) == ref.final[1]


def test_demo_resumes_a_flash_cut_before_game_over(refs, tmp_path, capsys):
    """`trickref demo --flash DIR` on that journal (Zhopa, the demo's seed 1) used to
    stop with "the game's deals are played" and ask to delete the folder; now the board
    closes the game and the demo prints its final sheet."""
    from host_sim.cli import main
    ref = refs("zhopa", 3, 40, seed=1)
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "journal.bin").write_bytes(ref.data[:ref.ends[-1]] + encode_record(
        *ref.steps[-1], seq=len(ref.steps) - 1))
    status = main(["demo", "--game", "zhopa", "--deals", "40", "--flash", str(flash),
                   "--png", str(tmp_path / "t.png")])
    out = capsys.readouterr().out
    assert status == 0 and "holds this game, finished" in out
    # the demo prints the sheet as the 16-column LCD shows it, framed: "sheet | ... |"
    sheet = [l.split("| ", 1)[1].rstrip("|").rstrip() for l in out.splitlines()
             if l.startswith("sheet ")]
    assert sheet == [line[:16].rstrip() for line in ref.final[1]]


# -- 2. and 3. records the boot cannot replay: set aside, never a crash ----------------------

def _skat_journal(refs, path, records=(), raw=None, acts=3):
    """A Skat journal: the game, a booked deal, ``acts`` actions of the next one, then
    ``records`` (kind, data) with the sequence numbers that follow, or ``raw(seq)`` bytes;
    returns the state the booked deal proves."""
    ref = refs("skat", 3, 2)
    booked = [k for k, _ in ref.steps].index("deal")
    n = booked + 1 + acts
    extra = raw(n) if raw else b"".join(encode_record(records[i][0], records[i][1], n + i)
                                        for i in range(len(records)))
    with open(path, "wb") as f:
        f.write(ref.data[:ref.ends[n]] + extra)
    return ref.states[booked]


@pytest.mark.parametrize("record", [
    ("act", ["play", [0, 99]]),  # a card the deck does not have
    ("act", ["play", [0]]),  # wrong arity
    ("act", ["shuffle", [0]]),  # an unknown verb (a newer firmware's)
    ("act", ["bid", [1, 18, 7]]),  # wrong arity for a known verb
    ("undo", []),  # four undos after three actions
    ("deal-start", {"deal": 2}),  # a kind this firmware never writes
])
def test_a_good_crc_record_the_rules_refuse_is_set_aside(refs, record, tmp_path):
    path = str(tmp_path / "journal.bin")
    booked = _skat_journal(refs, path, [record] * (4 if record[0] == "undo" else 1))
    with open(path, "rb") as f:
        original = f.read()
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    assert ctl.mode == MODE_SHEET
    assert board.lcd_lines() == ["journal moved   ", "kept 1 deal     "]
    assert ctl._list == ["journal moved", "kept 1 deal", "side file:", "journal.bin.1",
                         ".bad", "OK: go on"]  # the name in rows that fit, no path
    assert "kept 1 deal" in ctl.journal_report
    assert ctl.journal_report.endswith("side file: / journal.bin.1.bad")
    with open(path + ".1.bad", "rb") as f:
        assert f.read() == original  # nothing deleted
    ctl.press(OK)  # OK: the kept game resumes at the start of deal 2
    assert ctl.mode != MODE_SHEET and board_state(ctl) == booked
    again = Controller(SimBoard(3).hw, journal=Journal(path))
    assert board_state(again) == booked and not os.path.exists(path + ".2.bad")


def test_a_side_files_name_is_cut_for_the_lcd_it_is_shown_on(refs, tmp_path):
    """A 20x4 LCD shows "journal.bin.1.bad" (17 characters) on one row: it was cut for
    16 columns on every LCD, a row lost on the four the players read."""
    path = str(tmp_path / "journal.bin")
    _skat_journal(refs, path, [("act", ["play", [0, 99]])])
    board = SimBoard(3, cols=20, rows=4)
    ctl = board.power_on(journal=Journal(path))
    assert ctl._list == ["journal moved", "kept 1 deal", "side file:", "journal.bin.1.bad",
                         "OK: go on"]
    assert board.lcd_lines()[3] == "journal.bin.1.bad".ljust(20)


def test_a_duplicated_action_is_set_aside(refs, tmp_path):
    """The same card twice (a duplicated record) is refused by the rules: set aside."""
    ref = refs("skat", 3, 2)
    path = str(tmp_path / "journal.bin")
    i = [k for k, _ in ref.steps].index("deal")
    play = next(r for r in ref.steps[i + 1:] if r[1][0] == "play")
    j = ref.steps.index(play)
    with open(path, "wb") as f:
        f.write(ref.data[:ref.ends[j + 1]] + encode_record(*play, seq=j + 1))
    ctl = Controller(SimBoard(3).hw, journal=Journal(path))
    assert ctl.mode == MODE_SHEET and "kept 1 deal" in ctl.journal_report
    assert board_state(ctl) == ref.states[i]


@pytest.mark.parametrize("header", [
    ["whist", 4, []],  # a game this board does not know
    ["skat", -3, []],  # players -3
    ["magistr", 9, []],  # a table this game cannot seat
    ["skat", 3],  # a header of another shape
    "skat",
])
def test_a_game_header_the_board_cannot_seat_is_set_aside(header, tmp_path):
    path = str(tmp_path / "journal.bin")
    with open(path, "wb") as f:
        f.write(MAGIC + encode_record("game", header, 0) +
                encode_record("act", ["play", [0, 1]], 1))
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    assert ctl.mode == MODE_SHEET and "kept nothing" in ctl.journal_report
    assert os.path.getsize(path) == len(MAGIC) and os.path.exists(path + ".1.bad")
    _new_game_works(ctl, board)


def _new_game_works(ctl, board):
    ctl.press(OK)  # OK leaves the notice for the menu
    assert ctl.mode == MODE_MAIN
    ctl.start_game("skat", 3)
    assert ctl.mode in (MODE_TABLE, MODE_CHOICE)
    assert "internal" not in " ".join(board.lcd_lines())
    kinds = [r.kind for r in ctl.journal.read()[0]]
    assert kinds == ["game"]


def _good_crc_record(kind, payload):
    """``raw`` for _skat_journal: a format 2 record of KIND byte ``kind`` and payload bytes
    ``payload``, with the sequence number due and a good CRC."""
    from core.crc32 import crc32

    def raw(seq):
        n = len(payload) + 3
        rec = bytearray((n & 0xFF, n >> 8, kind, seq & 0xFF, seq >> 8)) + payload
        return bytes(rec + crc32(rec).to_bytes(4, "little"))
    return raw


@pytest.mark.parametrize("damage", ["magic", "undecodable", "kind"])
def test_a_refused_journal_is_shown_and_new_game_works(refs, damage, tmp_path):
    path = str(tmp_path / "journal.bin")
    raw = {"undecodable": _good_crc_record(3, b"\x0f\x01"),  # value tag 0x0F: none such
           "kind": _good_crc_record(9, b"\x00"),  # KIND 9: no such kind
           "magic": None}[damage]
    _skat_journal(refs, path, raw=raw)
    if damage == "magic":
        with open(path, "r+b") as f:
            f.write(b"TRJ0")  # one flipped bit: "1" is 0x31, "0" 0x30
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    board.run(200)  # the loop runs: the notice stays until OK
    assert board.lcd_lines()[0].startswith("journal moved")
    assert ctl.mode == MODE_SHEET
    kept = "kept nothing" if damage == "magic" else "kept 1 deal"
    assert kept in ctl.journal_report
    if damage == "magic":
        _new_game_works(ctl, board)


# -- 4. flash full or a write error: refused, RAM equal to the journal -----------------------

class _NoCheckpoint(Journal):
    """A journal whose compactions fail (flash too full for the new file): the booked
    deals' records stay, as the checkpoint after a booking leaves them when it fails."""

    def compact(self, records=None):
        raise OSError(28, "no space for the new file")


def _table_at(ref, tmp_path, n, cls=Journal):
    """The whole firmware on a faulty flash (no fault set yet), the first ``n`` steps of
    ``ref`` done: ``(board, controller, flash, path)``; ``cls``: the Journal class."""
    path = str(tmp_path / "journal.bin")
    flash = FaultyFlash()
    board = SimBoard(ref.players)
    ctl = board.power_on(journal=cls(path, flash.open))
    for step in ref.steps[:n]:
        drive(ctl, step)
    return board, ctl, flash, path


def test_flash_full_refuses_the_card_and_play_goes_on_after_space_is_made(refs, tmp_path):
    ref = refs("skat", 3, 2)
    i = next(i for i, r in enumerate(ref.steps) if r[1][0] == "play")
    board, ctl, flash, path = _table_at(ref, tmp_path, i)
    before = board_state(ctl)
    flash.fault, flash.at, flash.sticky = "full", flash.writes, True
    seat, card = ref.steps[i][1][1]
    events = ctl.app.choose("play", seat, card)
    assert events[0].reason == "flash-full" and "flash full" in board.lcd_lines()[1]
    assert board_state(ctl) == before  # the card does not count
    events = ctl.app.choose("play", seat, card)  # laid again, still full
    assert events[0].reason == "flash-full"
    flash.make_space()
    events = ctl.app.choose("play", seat, card)  # not "already played"
    assert type(events[0]).__name__ != "Refused" and board_state(ctl) == ref.states[i]
    ctl.journal.close()
    assert board_state(Controller(SimBoard(3).hw, journal=Journal(path))) == ref.states[i]


def test_a_write_error_while_booking_books_the_deal_once(refs, tmp_path):
    ref = refs("skat", 3, 2)
    i = [k for k, _ in ref.steps].index("deal")
    board, ctl, flash, path = _table_at(ref, tmp_path, i)
    before = board_state(ctl)
    flash.fault, flash.at = "eio", flash.writes
    drive(ctl, ref.steps[i])  # OK on the result: the write fails
    assert board.lcd_lines() == ["write error!    ", "OK: book again  "]
    assert board_state(ctl) == before  # the sheet is as the journal has it
    drive(ctl, ref.steps[i])  # OK again: booked once, same totals
    assert board_state(ctl) == ref.states[i]
    recs = Journal(path).read()[0]  # checkpointed: the sheet holds the deal once
    assert [r.kind for r in recs] == ["game", "sheet"] and len(recs[1].data) == 1


def test_a_choice_refused_for_a_full_flash_says_so(refs, tmp_path):
    """A choice entered in a menu (Skat's first bid) on a full flash: "flash full" stays on
    the LCD, the deal has no action, the menu returns at the next press."""
    ref = refs("skat", 3, 2)
    board, ctl, flash, _ = _table_at(ref, tmp_path, 1)
    assert ctl.mode == MODE_CHOICE
    flash.fault, flash.at, flash.sticky = "full", flash.writes, True
    verb, args = ref.steps[1][1]
    events = ctl.apply([(verb, tuple(args))])
    assert events[-1].reason == "flash-full" and "flash full" in board.lcd_lines()[1]
    assert ctl.app.referee.actions == [] and ctl.mode == MODE_CHOICE
    ctl.press(NEXT)
    assert "flash full" not in " ".join(board.lcd_lines()) and ctl.mode == MODE_CHOICE


def test_undo_is_written_before_it_is_applied(refs, tmp_path):
    ref = refs("skat", 3, 2)
    board, ctl, flash, path = _table_at(ref, tmp_path, 6)
    before = board_state(ctl)
    flash.fault, flash.at = "full", flash.writes
    events = ctl.undo()
    assert events[0].reason == "flash-full" and board_state(ctl) == before
    ctl.undo()
    assert board_state(ctl) == ref.states[4]


# -- 7. a journal export is a snapshot ------------------------------------------------------

def test_export_is_a_snapshot_while_deals_are_booked(refs, tmp_path):
    ref = refs("skat", 3, 2)
    path = str(tmp_path / "journal.bin")
    j = Journal(path)
    i = [k for k, _ in ref.steps].index("deal")
    for kind, data in ref.steps[:i]:
        j.append(kind, data)
    with open(path, "rb") as f:
        snapshot = f.read()
    got = j.chunk(0, 100)
    j.append(*ref.steps[i])  # booked meanwhile
    got += j.chunk(len(got), 100)
    j.compact([r for r in j.read()[0] if r.kind != "act"])  # and compacted meanwhile
    offset = len(got)
    while True:
        c = j.chunk(offset, 100)
        if not c:
            break
        got += c
        offset += len(c)
    assert got == snapshot
    assert not os.path.exists(path + ".exp")  # the snapshot copy is gone after the export
    assert j.chunk(0, 10) == MAGIC + open(path, "rb").read()[4:10]


# -- 5. an abandoned game keeps its sheet, not its actions -----------------------------------

def test_a_new_game_compacts_the_abandoned_one(refs, tmp_path):
    ref = refs("skat", 3, 2)
    path = str(tmp_path / "journal.bin")
    ctl = Controller(SimBoard(3).hw, journal=Journal(path))
    for step in ref.steps[:-3]:  # deal 1 booked, deal 2 open
        drive(ctl, step)
    before = ctl.journal.size()
    ctl.start_game("tarot", 4)
    kinds = [r.kind for r in ctl.journal.read()[0]]
    assert kinds == ["game", "sheet", "game"]  # Skat's header and sheet, the new header
    skat_sheet = ctl.journal.read()[0][1].data
    assert len(skat_sheet) == 1 and len(skat_sheet[0]) == 2  # deal 1: [declarer, value]
    assert ctl.journal.size() < before  # deal 2's actions dropped
    ctl.journal.close()
    again = Controller(SimBoard(4).hw, journal=Journal(path))
    assert board_state(again)[0] == "tarot" and again.mode in (MODE_TABLE, MODE_CHOICE)


@pytest.mark.parametrize("lang,shown", [
    ("en", ["journal compact ", "failed: no space"]),
    ("de", ["Journal kuerzen ", "Fehler: voll    "]),
    ("fr", ["journal reduit  ", "echec: plein    "]),
    ("uk", ["zhurnal: stysk  ", "zbii: povno     "])])
def test_a_compaction_that_fails_at_a_new_game_is_shown(refs, tmp_path, lang, shown):
    """Skat (seed 5) abandoned in its second deal for a new game of Tarot, on a flash too
    full for the compacted file: the LCD says the compaction failed, in the table's
    language, over the new game's first screen (it was shown, then the first screen drew
    over it at once), and the journal keeps every record: the new game follows the old
    one's."""
    from device import words
    ref = refs("skat", 3, 2)
    path = str(tmp_path / "journal.bin")
    board = SimBoard(4)
    ctl = board.power_on(journal=_NoCheckpoint(path))
    for step in ref.steps[:-3]:  # deal 1 booked, deal 2 open
        drive(ctl, step)
    kinds = [r.kind for r in ctl.journal.read()[0]]
    words.set_language(lang)  # conftest's _english_after speaks English again
    ctl.start_game("tarot", 4)
    assert board.lcd_lines() == shown
    assert [r.kind for r in ctl.journal.read()[0]] == kinds + ["game"]
    assert ctl.flow.NAME == "tarot" and ctl.mode in (MODE_TABLE, MODE_CHOICE)


def test_a_compaction_that_fails_at_the_game_end_is_listed_before_the_sheet(refs, tmp_path):
    """Zhopa for two (seed 5), over after its third deal, on a flash too full for the
    compacted file: the final sheet's list starts with the failed compaction (it was
    shown, then the sheet's list drew over it at once), then the sheet; the journal
    keeps the deals' records and a boot shows the same sheet."""
    ref = refs("zhopa", 2, 30)
    path = str(tmp_path / "journal.bin")
    board = SimBoard(2)
    ctl = board.power_on(journal=_NoCheckpoint(path))
    for step in ref.steps:
        drive(ctl, step)
    assert ctl.match is None and ctl.mode == MODE_SHEET
    assert board.lcd_lines() == ["journal compact ", "failed: no space"]
    assert tuple(ctl.last_sheet) == ref.final[1]
    kinds = [r.kind for r in ctl.journal.read()[0]]
    assert kinds[-1] == "game-over" and "act" in kinds
    ctl.journal.close()
    again = SimBoard(2).power_on(journal=Journal(path))
    assert again.mode == MODE_MAIN and tuple(again.last_sheet) == ref.final[1]


# -- 6. duplicated records are noticed, never applied twice ----------------------------------

@pytest.mark.parametrize("what", ["act", "undo", "deal"])
def test_a_record_written_twice_is_skipped_and_reported(refs, what, tmp_path):
    """The last record again, byte for byte (same sequence number, same CRC): skipped
    and reported, never applied twice (a duplicated undo used to take back one more action
    and report "intact")."""
    ref = refs("skat", 3, 2)
    first = [k for k, _ in ref.steps].index("deal")
    n = {"act": first + 3, "undo": first + 5, "deal": first + 1}[what]
    _, ctl, _, path = _table_at(ref, tmp_path, n, _NoCheckpoint)
    if what == "undo":
        ctl.undo()
    want = board_state(ctl)
    ctl.journal.close()
    records = Journal(path).read()[0]
    assert records[-1].kind == what
    last = encode_record(records[-1].kind, records[-1].data, len(records) - 1)
    with open(path, "rb") as f:
        assert f.read().endswith(last)
    with open(path, "ab") as f:
        f.write(last)  # the same record again
    board = SimBoard(3)
    again = board.power_on(journal=Journal(path))
    assert again.journal_report.duplicates == 1 and "1 duplicated" in str(again.journal_report)
    assert board_state(again) == want
    if what != "deal":
        assert board.lcd_lines() == ["resumed         ", "duplicates: 1   "]


@pytest.mark.parametrize("lang,lines", [
    ("en", ["resumed         ", "11 bytes lost   "]),
    ("de", ["fortgesetzt     ", "11 Byte weg     "]),
    ("uk", ["prodovzheno     ", "11 bait nema    "]),
])
def test_a_torn_last_record_is_told_in_the_tables_language(refs, tmp_path, lang, lines,
                                                           speak):
    """A power cut in the middle of the last record's write: the board resumes from the
    whole records before it and says how much it dropped in 16 columns and the table's
    language ("resumed; dropped / 11 bytes: torn r" was cut, and English in every
    language). The table stays in play under it; the Report (where, why) goes to the
    host."""
    path = str(tmp_path / "journal.bin")
    torn = lambda n: encode_record("act", ["play", [1, 3]], n)[:11]  # noqa: E731
    _skat_journal(refs, path, raw=torn)
    speak(lang)
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    assert board.lcd_lines() == lines
    assert ctl.journal_report.dropped == 11 and "torn record" in ctl.journal_report.reason
    assert ctl.mode == MODE_TABLE and len(ctl.app.referee.actions) == 3  # the 3 whole ones
    # a bit flipped early in a journal drops the rest: thousands of bytes still fit
    for n in (12345, 12342):  # each plural form (device.words.plural)
        assert len(words.lcd(words.plural(n, "%d byte lost", "%d bytes lost")) % n) <= 16


@pytest.mark.parametrize("tail,aside", [
    ("flipped", True),  # a bit flipped in a record the board wrote before others
    ("length", True),  # its length field damaged, records after it
    ("last", True),  # a bit flipped in the last record, nothing after it
    ("zeros", True),  # the last record whole but its CRC wrong, then a cluster's zeros
    ("torn", False),  # the last record's write cut short by a power cut
    ("cluster", False),  # a record never written: a FAT cluster's zeros (length 0)
])
def test_a_damaged_record_is_kept_aside(refs, tmp_path, tail, aside):
    """The boot stops at the first record it cannot read. A torn last write (the file
    ends inside the record, or a cluster's zeros stand where it should be) is cut off. A
    damaged record was cut off the same way, deleting what came after it (642 bytes of a
    Tarot game from one flipped bit), and a whole last record whose CRC fails was taken
    for a torn write, though the checkpoint a booking rewrites (every booked deal) is
    read back whole before it replaces the journal and so is never torn. Now the whole
    file is moved aside first (``journal.bin.1.bad``, as a journal the rules refuse is),
    the game resumes from the records before the damage, and the LCD says until OK that
    the bytes are aside, how many deals the sheet kept and the side file's name."""
    path = str(tmp_path / "journal.bin")

    def extra(n):
        a = bytearray(encode_record("act", ["play", [1, 3]], n))
        b = encode_record("act", ["play", [2, 4]], n + 1)
        if tail == "flipped":
            a[5] ^= 0x10
            return bytes(a) + b
        if tail == "length":
            a[0], a[1] = 0xFF, 0xFF
            return bytes(a) + b
        if tail == "torn":
            return bytes(a[:-3])
        if tail == "cluster":
            return bytes(512)
        a[-1] ^= 0xFF  # its CRC wrong
        return bytes(a) + (bytes(512) if tail == "zeros" else b"")
    _skat_journal(refs, path, raw=extra)
    with open(path, "rb") as f:
        original = f.read()
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    report = ctl.journal_report
    assert report.dropped > 0 and (report.side is not None) == aside
    with open(path, "rb") as f:
        assert f.read() == original[:report.kept]
    if aside:
        assert report.side == path + ".1.bad" and "kept in" in str(report)
        with open(report.side, "rb") as f:
            assert f.read() == original  # nothing the board wrote is deleted
        assert ctl.mode == MODE_SHEET and board.lcd_lines() == [
            "resumed         ", ("%d B aside" % report.dropped).ljust(16)]
        assert ctl._list == ["resumed", "%d B aside" % report.dropped, "kept 1 deal",
                             "side file:", "journal.bin.1", ".bad", "OK: go on"]
        ctl.press(OK)
    else:
        assert not os.path.exists(path + ".1.bad")
        assert board.lcd_lines()[1] == ("%d bytes lost" % report.dropped).ljust(16)
    assert ctl.mode == MODE_TABLE and len(ctl.app.referee.actions) == 3


def test_a_damaged_game_header_is_told_not_a_silent_main_menu(refs, tmp_path):
    """One bit flipped in the game's header record, the deals after it: nothing can be
    resumed. The file went aside and the board showed its plain main menu, the evening's
    game gone without a word; now it says the journal moved, that nothing was kept and
    where the file is, until OK."""
    path = str(tmp_path / "journal.bin")
    _skat_journal(refs, path)
    with open(path, "r+b") as f:
        f.seek(len(MAGIC) + 5)
        byte = f.read(1)
        f.seek(len(MAGIC) + 5)
        f.write(bytes([byte[0] ^ 0x10]))
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    assert ctl.journal_report.side == path + ".1.bad"
    assert ctl._list[:3] == ["journal moved", "%d B aside" % ctl.journal_report.dropped,
                             "kept nothing"]
    assert ctl.mode == MODE_SHEET and board.lcd_lines()[0] == "journal moved   "
    ctl.press(OK)
    assert ctl.mode == MODE_MAIN and ctl.match is None


def test_damage_the_flash_cannot_keep_aside_changes_nothing(refs, tmp_path):
    """The side file of a damaged journal needs flash: a full flash refuses it. Then
    nothing is cut or moved (the damaged file stays whole), the LCD says the journal was
    not read and to power on again, and the next boot with room keeps it aside."""
    path = str(tmp_path / "journal.bin")

    def extra(n):
        a = bytearray(encode_record("act", ["play", [1, 3]], n))
        a[5] ^= 0x10
        return bytes(a) + encode_record("act", ["play", [2, 4]], n + 1)
    _skat_journal(refs, path, raw=extra)
    with open(path, "rb") as f:
        original = f.read()

    def full(name, mode="rb"):
        if "w" in mode or "a" in mode:
            raise OSError(errno.ENOSPC, "no space")
        return open(name, mode)
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path, full))
    assert board.lcd_lines() == ["journal not read", "flash full      "]
    assert ctl.match is None and sorted(os.listdir(tmp_path)) == ["journal.bin"]
    with open(path, "rb") as f:
        assert f.read() == original
    again = SimBoard(3)
    ctl = again.power_on(journal=Journal(path))
    assert ctl.journal_report.side == path + ".1.bad"
    assert again.lcd_lines()[1].rstrip().endswith("B aside")


@pytest.mark.parametrize("what", ["undo", "deal"])
def test_an_undo_or_booking_written_twice_as_new_records_is_set_aside(refs, what,
                                                                      tmp_path):
    """The same undo or booking written again as a new record (the next sequence number:
    a firmware bug, not a flash fault): the undo names the action it takes back and a
    booking needs its deal's actions, so the boot refuses it and sets the journal aside
    from the last deal it could prove."""
    ref = refs("skat", 3, 2)
    first = [k for k, _ in ref.steps].index("deal")
    _, ctl, _, path = _table_at(ref, tmp_path, first + 1 + (4 if what == "undo" else 0),
                                _NoCheckpoint)
    if what == "undo":
        ctl.undo()
    ctl.journal.close()
    records = Journal(path).read()[0]
    last = records[-1]
    assert last.kind == what and (what != "undo" or last.data == [4])
    again = encode_record(last.kind, last.data, len(records))
    with open(path, "ab") as f:
        f.write(again)
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    assert ctl.mode == MODE_SHEET and "duplicated" in ctl.journal_report
    assert "kept 1 deal" in ctl.journal_report
    ctl.press(OK)
    assert board_state(ctl) == ref.states[first]


def test_a_missing_record_is_a_gap_and_set_aside(refs, tmp_path):
    """A record cut out of the middle (the ones after keep their numbers): the boot names
    the gap and sets the journal aside from the last deal before it."""
    ref = refs("skat", 3, 2)
    first = [k for k, _ in ref.steps].index("deal")
    path = str(tmp_path / "journal.bin")
    gap = first + 4
    with open(path, "wb") as f:
        f.write(ref.data[:ref.ends[gap]] + ref.data[ref.ends[gap + 1]:ref.ends[gap + 5]])
    ctl = SimBoard(3).power_on(journal=Journal(path))
    assert "records are missing" in ctl.journal_report and "kept 1 deal" in ctl.journal_report
    ctl.press(OK)
    assert board_state(ctl) == ref.states[first]


# -- property: any journal boots to a menu ----------------------------------------------------

def _boots(path, data):
    with open(path, "wb") as f:
        f.write(data)
    for p in os.listdir(os.path.dirname(path)):
        if p.endswith(".bad"):
            os.remove(os.path.join(os.path.dirname(path), p))
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    assert ctl.mode in (MODE_MAIN, MODE_SHEET, MODE_TABLE, MODE_CHOICE, MODE_RESULT)
    assert "internal" not in " ".join(board.lcd_lines())
    board.run(100)
    # nothing deleted: the side file holds the bytes (less a torn tail the boot cut and
    # reported), the journal a prefix of them
    side = path + ".1.bad"
    with open(path, "rb") as f:
        kept = f.read()
    if os.path.exists(side):
        with open(side, "rb") as f:
            aside = f.read()
        assert data.startswith(aside) and (aside.startswith(kept) or kept == MAGIC)
    else:
        assert data.startswith(kept) or (kept == MAGIC and MAGIC.startswith(data))
    return ctl


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_random_bytes_boot(tmp_path, data):
    _boots(str(tmp_path / "journal.bin"), data)


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_mutated_and_forged_journals_boot(refs, tmp_path, data):
    ref = refs("skat", 3, 2)
    raw = bytearray(ref.data[:ref.ends[-1]])
    how = data.draw(st.sampled_from(["flip", "forge", "cut"]))
    if how == "flip":
        for _ in range(data.draw(st.integers(1, 4))):
            k = data.draw(st.integers(0, len(raw) - 1))
            raw[k] ^= 1 << data.draw(st.integers(0, 7))
    elif how == "forge":
        value = data.draw(st.recursive(
            st.none() | st.booleans() | st.integers(-99, 99) | st.text(max_size=5),
            lambda c: st.lists(c, max_size=3), max_leaves=6))
        kind = data.draw(st.sampled_from(["game", "act", "undo", "deal", "game-over",
                                          "deal-start"]))
        if kind == "act":
            value = [data.draw(st.sampled_from(["play", "bid", "declare", "x"])), [value]]
        at = data.draw(st.sampled_from(ref.ends[1:]))
        seq = data.draw(st.integers(0, 70))
        try:
            forged = encode_record(kind, value, seq)
        except BadRecord:  # nested deeper than the codec writes: no record to forge
            assume(False)
        raw = raw[:at] + forged + raw[at:]
    else:
        raw = raw[:data.draw(st.integers(0, len(raw)))]
    _boots(str(tmp_path / "journal.bin"), bytes(raw))


def test_boot_under_micropython():
    """A sample under the MicroPython unix port: forged and damaged journals boot the
    controller to a menu, and a full flash refuses a write leaving the file as it was."""
    from mpy import run_mp
    # six boots in one process keep what each loaded (a board boots afresh): at 64-bit
    # the last boots hold the Skat rules, the table and the menus, about 210K
    out = run_mp("check_journal_faults.py", heap="320K")
    assert out.strip().splitlines()[-1] == "OK 20"


# -- 8. an unaudited deck's UID registry survives a power cycle ------------------------------

def test_a_sticker_rewritten_before_a_power_cycle_is_refused_after_it(tmp_path):
    """SA's sticker is seen in play; the power goes; a phone rewrites it to say CJ; after
    the boot the resumed game refuses it as rewritten (tests/test_pad_faults.py's table)."""
    from core.cards import SKAT
    from tests.test_pad_faults import _rewritten, kinds
    from host_sim.board import TaggedDeck
    P = SKAT.parse
    flash = str(tmp_path)
    journal = os.path.join(flash, "journal.bin")
    b = SimBoard(3, flash=flash)
    b.power_on(journal=Journal(journal))
    b.run(40)
    for label in ("New game", "Skat", "3", "decide", "no game", "off", "off", "no limit",
                  "off", "off", "double (ISkO)", "on", "Start", "P2 declarer", "18", "Hand game",
                  "Grand", "Plain hand"):
        b.choose(label)
    deck = TaggedDeck(SKAT)
    assert "CardPlayed" in kinds(b.play_card(1, deck.tag(P("SA"))))  # P2 is forehand
    assert os.path.exists(os.path.join(flash, "deck-skat.seen.bin"))
    b.controller.journal.close()
    b2 = SimBoard(3, flash=flash)
    b2.power_on(journal=Journal(journal))
    b2.run(40)
    history = b2.controller.app.referee.deal.history
    assert list(history) == [(0, P("SA"))]
    ev = b2.play_card(2, _rewritten(deck, P("SA"), P("CJ")))
    assert [e.reason for e in ev if kinds([e]) == ["Refused"]] == ["tag-rewritten"]
    assert list(b2.controller.app.referee.deal.history) == [(0, P("SA"))]


class _UnreadableFlash:
    """A flash whose journal will not read: opening it to read (``where="open"``) or its
    second read (``where="read"``, the first record's) raises EIO while ``failing``;
    everything else passes through."""

    def __init__(self, path, where):
        self.path, self.where, self.failing = path, where, True

    def open(self, path, mode="r"):
        if not (self.failing and path == self.path and mode == "rb"):
            return open(path, mode)
        if self.where == "open":
            raise OSError(errno.EIO, "I/O error")
        return FailingReads(open(path, mode), 1)


@pytest.mark.parametrize("where", ["open", "read"])
def test_a_journal_the_flash_will_not_read_at_boot_is_left_as_it_is(refs, where, tmp_path):
    """Skat (seed 5) cut in its second deal; at the next power-on the flash fails to open
    the journal, or fails a read of it (EIO). The boot used to read a journal it could not
    open as an empty one (the main menu, and a new game's first record appended as the
    start of a fresh file: the read-back failed and the cut-back emptied the evening's
    journal), and a failed read set the whole journal aside. Now the LCD says the journal
    was not read, nothing on flash changes, a new game is refused while the flash fails,
    and the next power-on with a working flash resumes the deal where it was."""
    ref = refs("skat", 3, 3)
    k = [kind for kind, _ in ref.steps].index("deal") + 5  # five steps into deal 2
    path = str(tmp_path / "journal.bin")
    with open(path, "wb") as f:
        f.write(ref.files[k])
    flash = _UnreadableFlash(path, where)
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path, flash.open))
    board.run(50)
    assert board.lcd_lines() == ["journal not read", "read error 5    "]
    assert ctl.mode == MODE_SHEET and ctl.match is None
    assert ctl.journal_report == "journal not read / read error 5 / nothing changed / " \
        "power on again"
    ctl.press(OK)
    assert ctl.mode == MODE_MAIN
    with pytest.raises(NotSaved):
        ctl.start_game("skat", 3)
    assert ctl.match is None and board.lcd_lines()[0].startswith("game not started")
    assert sorted(os.listdir(tmp_path)) == ["journal.bin"]
    with open(path, "rb") as f:
        assert f.read() == ref.files[k]  # nothing written, cut or moved
    flash.failing = False
    ctl = SimBoard(3).power_on(journal=Journal(path, flash.open))
    assert board_state(ctl) == ref.states[k - 1]


def test_a_boot_notice_over_a_required_choice_takes_no_press(refs, tmp_path):
    """Resumed at a choice the deal needs (Skat's auction result, right after a booked
    deal) with a torn record dropped: "resumed / 11 bytes lost" is drawn over the menu.
    The first press only brings the menu back as it was; OK there chose the menu's
    highlighted item blind (the declarer), NEXT moved its cursor unseen."""
    path = str(tmp_path / "journal.bin")
    torn = lambda n: encode_record("act", ["play", [1, 3]], n)[:11]  # noqa: E731
    _skat_journal(refs, path, raw=torn, acts=0)
    fresh = SimBoard(3)
    menu = fresh.power_on(journal=Journal(str(tmp_path / "journal.bin")))
    assert menu.mode == MODE_CHOICE
    menu.redraw()
    as_entered = fresh.lcd_lines()
    menu.journal.close()
    for button in (OK, NEXT, PREV):
        _skat_journal(refs, path, raw=torn, acts=0)
        board = SimBoard(3)
        ctl = board.power_on(journal=Journal(path))
        assert board.lcd_lines() == ["resumed         ", "11 bytes lost   "]
        assert ctl.press(button) == []
        assert board.lcd_lines() == as_entered and ctl.app.referee.actions == []
        ctl.press(button)  # now seen: the press acts
        assert board.lcd_lines() != as_entered
        ctl.journal.close()

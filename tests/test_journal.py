"""The journal: CRC-32, the value codec, append/read, power cuts at every byte, corruption,
recovery, compaction, and the replay that rebuilds the referee after boot.

The recorded game is ISS 6997010 (International Skat Server archive, 2021-04-30; grand won
by forehand, +48) played as at a table: the referee sees the bids and the declaration as
choices, the cards as they are laid, the skat scanned at the end; one misplaced card is
taken back with undo on the way.
"""

import json
import os
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import codec, iss, journal
from core.cards import SKAT
from core.errors import BadRecord
from core.events import Awaiting, Refused
from core.games import skat, skat_sheet
from core.codec import decode, encode
from core.crc32 import crc32
from core.journal import (ACTION, DEAL, DEAL_OVER, GAME, GAME_OVER, MAGIC, UNDO, Journal,
                          Record, actions_since_last_deal, resume, squeeze)
from core.referee import Referee
from mpy import ROOT, run_mp

VECTORS = os.path.join(ROOT, "tests", "vectors", "link_journal.json")
_VERB = {"y": "hold", "p": "pass_", "s": "pick_up", "SC": "claim", "RE": "resign"}


def _vectors():
    with open(VECTORS, encoding="utf-8") as f:
        return json.load(f)


def iss_record(data_dir, gid="6997010"):
    """The ISS record ``gid`` from tests/data/skat/iss_games.sgf."""
    with open(os.path.join(data_dir, "skat", "iss_games.sgf")) as f:
        for rec in iss.read_records(f.read()):
            if rec.id == gid:
                return rec
    raise LookupError(gid)


def table_actions(record, misplay=True):
    """The referee actions of ``record`` played at a table (hands unknown), with the events.

    Returns ``(steps, referee)``: ``steps`` a list of ``("act", (verb, args))`` and
    ``("undo", None)`` in the order the table did them. With ``misplay``, forehand first
    lays SA by mistake on the opening lead and takes it back (undo) before leading CJ.
    """
    ref = Referee(lambda: skat.Game().new_deal())
    steps = []
    awaiting = None

    def act(verb, *args):
        nonlocal awaiting
        events = ref.act(verb, *args)
        if events and isinstance(events[0], Refused):
            raise AssertionError("ISS %s: %s%r refused: %r" % (record.id, verb, args, events))
        steps.append(("act", (verb, args)))
        awaiting = next((e for e in events if isinstance(e, Awaiting)), awaiting)

    for actor, action in record.moves:
        deal = ref.deal
        if deal.is_over() or awaiting is not None:
            break
        if actor == "w":
            continue
        seat = int(actor)
        parts = action.split(".")
        head = parts[0]
        if head.isdigit():
            act("bid", seat, int(head))
        elif head in _VERB:
            act(_VERB[head], seat)
        elif len(parts) == 1 and len(head) == 2 and deal.phase == skat.PHASE_PLAY:
            if misplay and not deal.history:
                act("play", seat, SKAT.parse("SA"))
                ref.undo()
                steps.append(("undo", None))
            act("play", seat, SKAT.parse(head))
        else:
            act("declare", seat, head, None)  # the discard is not scanned at the table
    if awaiting is not None:
        act(awaiting.verb, iss.final_skat(record))
    return steps, ref


def game_records(record, misplay=True):
    """The journal records of a one-deal game of ``record``: GAME, DEAL, the actions and
    undo, DEAL_OVER with the score-sheet row, GAME_OVER with the totals."""
    steps, ref = table_actions(record, misplay)
    sheet = skat_sheet.ScoreSheet(3)
    row = sheet.add(ref.deal.result(), (0, 1, 2))
    recs = [Record(GAME, {"game": "skat", "players": 3, "options": {}}),
            Record(DEAL, {"deal": 1, "dealer": 2, "seed": None})]
    for kind, data in steps:
        recs.append(Record(ACTION, data) if kind == "act" else Record(UNDO, None))
    recs.append(Record(DEAL_OVER, row))
    recs.append(Record(GAME_OVER, {"totals": list(sheet.totals), "sf": list(sheet.sf)}))
    return recs, ref


def write_journal(path, records):
    """Append ``records`` to a fresh journal; returns the file's bytes and the end offset
    of each record."""
    j = Journal(path)
    ends = [j.append(k, d) for k, d in records]
    j.close()
    with open(path, "rb") as f:
        return f.read(), ends


def snapshot(records):
    """What a resume rebuilds from ``records``: the open deal's actions and its Deal state
    (phase, cards played, whose turn, over), or the finished rows."""
    r = resume(records)
    actions = actions_since_last_deal(records)
    if not r.deals or r.deals[-1].over:
        return ("no open deal", r.game, [d.row for d in r.deals], r.over)
    ref = Referee(lambda: skat.Game().new_deal())
    ref.replay(actions)
    d = ref.deal
    return (tuple(ref.actions), d.phase, tuple(d.history), d.current_seat(), d.is_over())


# ---------------------------------------------------------------------------- CRC, codec

def test_crc32_catalogue_vectors():
    """CRC-32 check values (CRC RevEng catalogue, zlib), from tests/vectors."""
    for v in _vectors()["crc32"]:
        assert crc32(v["text"].encode()) == int(v["crc"], 16), v["source"]


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.binary(max_size=300), st.integers(0, 300))
def test_crc32_equals_zlib_and_continues(data, cut):
    """Our table-light CRC-32 agrees with zlib's, in one go or continued across a split."""
    assert crc32(data) == zlib.crc32(data)
    cut = min(cut, len(data))
    assert crc32(data[cut:], crc32(data[:cut])) == zlib.crc32(data)


def test_codec_vectors():
    """Each codec vector encodes to its bytes and decodes back equal (tuple vs list kept)."""
    for v in _vectors()["codec"]:
        value = eval(v["repr"])
        assert encode(value).hex() == v["hex"], v["repr"]
        back = decode(bytes.fromhex(v["hex"]))
        assert back == value and type(back) is type(value), v["repr"]


_scalars = st.none() | st.booleans() | st.integers(-(2 ** 63), 2 ** 63 - 1) | \
    st.text(max_size=12) | st.binary(max_size=12)
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4)
                       | st.lists(inner, max_size=4).map(tuple)
                       | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                       max_leaves=12)


def _depth(v):
    if isinstance(v, (list, tuple)):
        return 1 + max([_depth(x) for x in v] or [0])
    if isinstance(v, dict):
        return 1 + max([_depth(x) for x in v.values()] or [0])
    return 0


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(_values)
def test_codec_round_trip(value):
    """decode(encode(v)) == v with the same types; deeper than MAX_DEPTH is refused."""
    if _depth(value) > codec.MAX_DEPTH:
        with pytest.raises(BadRecord):
            encode(value)
        return
    data = encode(value)
    back = decode(data)
    assert back == value and encode(back) == data


@settings(max_examples=1500, deadline=None, derandomize=True, database=None)
@given(st.binary(max_size=40))
def test_codec_decode_garbage_raises_only_badrecord(data):
    """Any bytes either decode to a value that re-encodes to them, or raise BadRecord."""
    try:
        value = decode(data)
    except BadRecord:
        return
    assert encode(value) == data


def test_codec_refuses_what_it_cannot_carry():
    for bad in (1.5, {1: 2}, object(), 2 ** 63, [[[[[1]]]]]):
        with pytest.raises(BadRecord):
            encode(bad)
    with pytest.raises(BadRecord):
        journal.encode_record(ACTION, "play 0 11")  # an action is (verb, args)
    with pytest.raises(BadRecord):
        journal.encode_record(9, None)
    with pytest.raises(BadRecord):
        journal.encode_record(DEAL_OVER, "x" * journal.MAX_RECORD)


# ---------------------------------------------------------------------------- the game

def test_iss_6997010_replays_from_the_journal(data_dir, tmp_path):
    """Journal the whole game, read it back: same records, same bytes when re-written, and
    the resumed referee reaches the same result: grand won by forehand, +48."""
    rec = iss_record(data_dir)
    records, ref = game_records(rec)
    path = str(tmp_path / "journal.bin")
    data, ends = write_journal(path, records)
    assert data.startswith(MAGIC) and ends[-1] == len(data)
    back, report = Journal(path).read()
    assert back == records and report.ok and report.kept == len(data)
    again, _ = write_journal(str(tmp_path / "again.bin"), back)
    assert again == data  # the journal round-trips byte for byte
    r = resume(back, keep_actions=True)
    assert r.game["game"] == "skat" and r.over["totals"] == [48, 0, 0]
    assert r.deals[0].row == (1, 0, 48, (48, 0, 0), (98, 0, 0))
    replayed = Referee(lambda: skat.Game().new_deal())
    replayed.replay(r.deals[0].actions)
    assert replayed.actions == ref.actions
    res = replayed.deal.result()
    assert res.declarer == 0 and res.value == 48 and res.won
    # The misplaced SA is in the journal, followed by its undo, but not in the replay.
    logged = [d for k, d in back if k == ACTION]
    sa = ("play", (0, SKAT.parse("SA")))
    i = logged.index(sa)
    assert back[back.index(Record(ACTION, sa)) + 1] == Record(UNDO, None)
    assert r.deals[0].actions == logged[:i] + logged[i + 1:]
    assert r.deals[0].actions[i] == ("play", (0, SKAT.parse("CJ")))


def test_power_cut_at_every_byte(data_dir, tmp_path):
    """Truncate the journal at every byte offset: the records read are exactly the complete
    ones before the cut, the rest is reported as dropped, and the resumed state equals the
    state after the last complete record (replayed independently)."""
    records, _ = game_records(iss_record(data_dir))
    full, ends = write_journal(str(tmp_path / "full.bin"), records)
    path = str(tmp_path / "cut.bin")
    expected_state = {}
    for cut in range(len(full) + 1):
        with open(path, "wb") as f:
            f.write(full[:cut])
        got, report = Journal(path).read()
        n = sum(1 for e in ends if e <= cut)
        assert got == records[:n], cut
        kept = ends[n - 1] if n else (len(MAGIC) if cut >= len(MAGIC) else 0)
        assert (report.kept, report.dropped) == (kept, cut - kept), cut
        assert report.ok == (cut == kept) and (report.reason is None) == report.ok
        if n and n not in expected_state:
            expected_state[n] = snapshot(records[:n])
        if n:
            assert snapshot(got) == expected_state[n], cut
    assert len(expected_state) == len(records)


def test_recover_cuts_the_torn_tail_and_appends_after_it(data_dir, tmp_path):
    """After a cut in the middle of record 7, recover() leaves exactly records 0..6 on
    file, and the next append reads back right after them."""
    records, _ = game_records(iss_record(data_dir))
    full, ends = write_journal(str(tmp_path / "full.bin"), records)
    path = str(tmp_path / "j.bin")
    with open(path, "wb") as f:
        f.write(full[:ends[6] + 5])
    j = Journal(path)
    got, report = j.recover()
    assert got == records[:7] and report.dropped == 5 and "torn" in report.reason
    assert os.path.getsize(path) == ends[6]
    j.append(ACTION, ("play", (0, 11)))
    j.close()
    back, report = Journal(path).read()
    assert report.ok and back == records[:7] + [Record(ACTION, ("play", (0, 11)))]


def test_append_without_recover_never_writes_after_garbage(data_dir, tmp_path):
    """A Journal whose first call is append() recovers first: a torn tail is cut away."""
    records, _ = game_records(iss_record(data_dir))
    full, ends = write_journal(str(tmp_path / "full.bin"), records)
    path = str(tmp_path / "j.bin")
    with open(path, "wb") as f:
        f.write(full[:ends[3] + 2])
    Journal(path).append(UNDO, None)
    back, report = Journal(path).read()
    assert report.ok and back == records[:4] + [Record(UNDO, None)]


def test_torn_file_header_and_empty_file(tmp_path):
    path = str(tmp_path / "j.bin")
    assert Journal(path).read()[0] == []  # no file yet
    with open(path, "wb") as f:
        f.write(MAGIC[:2])
    got, report = Journal(path).read()
    assert got == [] and report.dropped == 2 and report.reason == "torn file header"
    j = Journal(path)
    assert j.append(GAME, {"game": "skat"}) == len(MAGIC) + len(
        journal.encode_record(GAME, {"game": "skat"}, 0))
    assert Journal(path).read()[0] == [Record(GAME, {"game": "skat"})]


def test_corrupt_byte_in_the_middle(data_dir, tmp_path):
    """Flip one byte inside record 20: records 0..19 are kept, the rest is reported."""
    records, _ = game_records(iss_record(data_dir))
    full, ends = write_journal(str(tmp_path / "full.bin"), records)
    start = ends[19]
    path = str(tmp_path / "j.bin")
    for where, why in ((start + 4, "CRC mismatch"), (start + 1, "bad record length"),
                       (ends[20] - 1, "CRC mismatch")):
        bad = bytearray(full)
        bad[where] ^= 0xFF if why == "bad record length" else 0x01
        with open(path, "wb") as f:
            f.write(bad)
        got, report = Journal(path).read()
        assert got == records[:20], where
        assert report.kept == start and report.dropped == len(full) - start
        assert report.reason.startswith(why), report.reason


def test_any_single_flipped_byte_gives_a_prefix(data_dir, tmp_path):
    """Every single-byte corruption of the whole game's journal reads back as a prefix of
    the records (CRC-32 detects every error burst of up to 32 bits), or, inside the magic,
    as 'not a journal' with the file untouched."""
    records, _ = game_records(iss_record(data_dir))
    full, ends = write_journal(str(tmp_path / "full.bin"), records)
    path = str(tmp_path / "j.bin")
    for where in range(len(full)):
        bad = bytearray(full)
        bad[where] ^= 0x5A
        with open(path, "wb") as f:
            f.write(bad)
        if where < len(MAGIC):
            with pytest.raises(BadRecord):
                Journal(path).recover()
            with open(path, "rb") as f:
                assert f.read() == bytes(bad)
            continue
        got, report = Journal(path).read()
        n = sum(1 for e in ends if e <= where)
        assert got == records[:n] and report.kept == (ends[n - 1] if n else len(MAGIC))


def test_good_crc_that_does_not_decode_is_an_error_not_a_tail(tmp_path):
    """A record with a matching CRC but an unknown kind is another firmware's file or a
    bug: read() raises BadRecord naming it instead of silently dropping data."""
    path = str(tmp_path / "j.bin")
    body = bytes((2, 0, 9, 0))  # format 1: LEN 2, KIND 9, payload None
    with open(path, "wb") as f:
        f.write(journal.MAGIC_V1 + body + crc32(body).to_bytes(4, "little"))
    with pytest.raises(BadRecord, match="unknown kind 9"):
        Journal(path).read()
    body = bytes((4, 0, 9, 0, 0, 0))  # format 2: LEN 4, KIND 9, SEQ 0, payload None
    with open(path, "wb") as f:
        f.write(MAGIC + body + crc32(body).to_bytes(4, "little"))
    with pytest.raises(BadRecord, match="unknown kind 9"):
        Journal(path).read()


# ---------------------------------------------------------------------------- compaction

def test_compact_keeps_the_finished_score_sheet(data_dir, tmp_path):
    """After the game, compaction leaves GAME, the sheet row and GAME_OVER; a second game
    then appends after it; resume sees the new game."""
    records, _ = game_records(iss_record(data_dir))
    path = str(tmp_path / "j.bin")
    full, _ = write_journal(path, records)
    j = Journal(path)
    size = j.compact()
    assert size < len(full) and not os.path.exists(j.tmp)
    back, report = Journal(path).read()
    assert report.ok and [r.kind for r in back] == [GAME, DEAL_OVER, GAME_OVER]
    assert back == squeeze(records)
    assert resume(back).deals[0].row == (1, 0, 48, (48, 0, 0), (98, 0, 0))
    j.append(GAME, {"game": "skat", "players": 3, "options": {}})
    j.append(DEAL, {"deal": 1, "dealer": 0, "seed": None})
    j.append(ACTION, ("bid", (1, 18)))
    j.close()
    back, _ = Journal(path).read()
    assert actions_since_last_deal(back) == [("bid", (1, 18))]
    assert resume(back).deals[-1].head == {"deal": 1, "dealer": 0, "seed": None}
    assert squeeze(back)[3:] == back[3:]  # the open game is kept record for record


def test_power_cut_during_compaction(data_dir, tmp_path):
    """A cut while the new file is written leaves the old journal in charge; a cut between
    removing the old file and the rename (FAT) leaves the finished new one, which wins."""
    records, _ = game_records(iss_record(data_dir))
    path = str(tmp_path / "j.bin")
    full, _ = write_journal(path, records)
    with open(path + ".new", "wb") as f:
        f.write(MAGIC + b"\x05\x00")  # half-written temporary file
    got, report = Journal(path).recover()
    assert got == records and report.ok and not os.path.exists(path + ".new")
    Journal(path).compact()
    os.rename(path, path + ".new")  # as if cut after unlink(old), before rename(new)
    got, report = Journal(path).recover()
    assert got == squeeze(records) and os.path.exists(path)


def test_resume_refuses_orders_the_firmware_never_writes():
    g = Record(GAME, {"game": "skat"})
    d = Record(DEAL, {"deal": 1})
    a = Record(ACTION, ("bid", (1, 18)))
    for bad in ([a], [g, Record(UNDO, None)], [g, d, Record(UNDO, None)], [g, d, d],
                [g, d, Record(DEAL_OVER, 0), Record(GAME_OVER, 0), d],
                [g, d, Record(GAME_OVER, 0)]):
        with pytest.raises(BadRecord):
            resume(bad)
    r = resume([g, d, a, Record(UNDO, None), a, a])
    assert r.deals[0].actions == [("bid", (1, 18))] * 2 and not r.deals[0].over


def test_the_controllers_records_resume_and_export(data_dir, tmp_path):
    """The records device.controller writes ("game" header, "act" per accepted action,
    "undo", "deal" when a deal is booked; no deal-start header) resume with implicit deal
    starts, and host_sim.records.from_journal turns what read() returns into record lines
    whose replay gives ISS 6997010's result."""
    from host_sim import records as gamerecords
    steps, ref = table_actions(iss_record(data_dir))
    recs = [Record("game", ["skat", 3, []])]
    for kind, data in steps:
        recs.append(Record("act", [data[0], list(data[1])]) if kind == "act"
                    else Record("undo", []))
    path = str(tmp_path / "j.bin")
    j = Journal(path)
    for k, d in recs:
        j.append(k, d)
    back, report = j.read()
    assert report.ok and back == recs
    assert actions_since_last_deal(back) == ref.actions  # open: not booked yet
    j.append("deal", [])
    back, _ = j.read()
    r = resume(back)
    assert r.game == ["skat", 3, []] and len(r.deals) == 1 and r.deals[0].over
    assert actions_since_last_deal(back) == []
    lines = gamerecords.from_journal(back)
    assert [(l["game"], l["deal"], len(l["actions"])) for l in lines] == \
        [("skat", 1, len(ref.actions))]


def test_streaming_resume_keeps_only_what_a_boot_needs(data_dir, tmp_path):
    """Journal.recover(sink=Resumer().add) never builds the record list; the finished
    deal keeps its header and row, not its actions (unless asked)."""
    records, _ = game_records(iss_record(data_dir))
    path = str(tmp_path / "j.bin")
    write_journal(path, records[:-2])  # cut before the deal's row: the deal is open
    res = journal.Resumer()
    got, report = Journal(path).recover(sink=res.add)
    assert got == [] and report.ok and report.records == len(records) - 2
    assert res.result() == resume(records[:-2])
    res = journal.Resumer()
    Journal(path).append(DEAL_OVER, records[-2].data)
    Journal(path).read(sink=res.add)
    r = res.result()
    assert r.deals[0].row == records[-2].data and r.deals[0].actions == []
    assert resume(records, keep_actions=True).deals[0].actions == \
        resume(records[:-2]).deals[0].actions


# ---------------------------------------------------------------------------- MicroPython

def test_journal_and_protocol_under_micropython(data_dir, tmp_path):
    """Under the MicroPython unix port with a 128 KB heap: CPython's journal of ISS 6997010
    reads back, is rewritten byte for byte, is cut at every byte offset, compacts, and its
    deal replays to the same result; frames and the board's link round-trip."""
    records, _ = game_records(iss_record(data_dir))
    path = str(tmp_path / "cpython.bin")
    write_journal(path, records)
    out = run_mp("check_journal.py", path)
    ok = [l for l in out.splitlines() if l.startswith("OK")]
    assert ok and int(ok[-1].split()[1]) > 1000
    assert "heap at end" in out

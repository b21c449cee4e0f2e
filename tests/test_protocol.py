"""Serial-link frames: the documented example bytes, round trips, size limits, garbage
between frames, and a hypothesis fuzz of more than 10,000 random and mutated frames in
which the FrameReader never raises and lets only genuine frames through.

The longer fuzz run is ``python tools/fuzz_link.py --frames N``.
"""

import json
import os
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import protocol as P
from core.errors import BadRecord
from core.codec import encode
from mpy import ROOT

VECTORS = os.path.join(ROOT, "tests", "vectors", "link_journal.json")
ERROR_CODES = (P.E_GARBAGE, P.E_TOO_LONG, P.E_BAD_HEADER, P.E_BAD_CRC, P.E_TRUNCATED,
               P.E_BAD_PAYLOAD, P.E_UNKNOWN_TYPE)

# One representative payload per frame type, shaped as docs/protocol.md says.
EXAMPLES = (
    (P.Q_STATE, None), (P.Q_SHEET, None), (P.Q_JOURNAL, None),
    (P.C_NEW_GAME, {"game": "skat", "players": 3}), (P.C_UNDO, None),
    (P.C_HELLO, ("laptop-1", bytes(range(16)))), (P.C_PROVE, ("login", bytes(32))),
    (P.R_ERROR, (-1, "bad-crc", "CRC mismatch in a 16-byte frame")),
    (P.R_STATE, (3, {"game": "skat", "deal": 1, "seat": 0, "cards": 12})),
    (P.R_PENDING, (4, "undo")), (P.R_SHEET_HEAD, (5, ["game", "declarer", "value"])),
    (P.R_SHEET_ROW, (5, [1, 0, 48])), (P.R_JOURNAL, (6, 0, b"TRJ1\x05\x00")),
    (P.R_END, (6, 6)), (P.R_CHALLENGE, (7, bytes(16), bytes(8), False)),
    (P.R_PAIRED, (8, "laptop-1", "pair")), (P.EV_CONFIRM, (4, "undo", True, "")), (P.EV_HELLO, (1, "skat")),
    (P.EV_CARD, (0, "CJ")), (P.EV_TRICK, (0, ["CJ", "S9", "DJ"], 4, "highest trump")),
    (P.EV_REFUSED, (1, "SA", "must-follow-suit", "spades were led")),
    (P.EV_REVOKE, (1, "SA", 3, "revoke", "P2 showed a spade after discarding")),
    (P.EV_UNDONE, (0, "SA")), (P.EV_DEAL, (1, 2)), (P.EV_DEAL_OVER, (1, "grand won +48")),
    (P.EV_ROW, (["game", "declarer", "value"], [1, 0, 48])), (P.EV_GAME_OVER, "P1 98"),
    (P.EV_SCREEN, ["P1 \u2663U", "grand won +48"]),
)


def _frames(items):
    return [i for i in items if isinstance(i, P.Frame)]


def test_documented_frames():
    """docs/protocol.md's example frames (tests/vectors/link_journal.json), with the CRC
    checked against zlib's CRC-32 over LEN..PAYLOAD."""
    with open(VECTORS, encoding="utf-8") as f:
        vectors = json.load(f)["frames"]
    for v in vectors:
        data = bytes.fromhex(v["hex"])
        value = eval(v["repr"])
        assert P.encode_frame(v["seq"], v["type"], value) == data, v["source"]
        assert int.from_bytes(data[-4:], "little") == zlib.crc32(data[1:-4])
        assert data[4] == data[1] ^ data[2] ^ data[3] ^ 0x5A  # HCK
        assert P.decode_frame(data) == P.Frame(v["seq"], v["type"], value)


def test_every_type_round_trips():
    w = P.FrameWriter(250)
    stream = b"".join(w.frame(t, v) for t, v in EXAMPLES)
    got = P.FrameReader().feed(stream)
    assert got == [P.Frame((250 + i) % 256, t, v) for i, (t, v) in enumerate(EXAMPLES)]
    assert len({t for t, _ in P.TYPES}) == len(P.TYPES) == len(EXAMPLES)
    for t, _ in EXAMPLES:
        assert P.is_command(t) == (t < 0x40) and P.type_name(t) != "0x%02x?" % t


def test_byte_by_byte_equals_all_at_once():
    stream = b"".join(P.encode_frame(i, t, v) for i, (t, v) in enumerate(EXAMPLES))
    r = P.FrameReader()
    got = []
    for b in stream:
        got += r.feed(bytes((b,)))
    assert got == P.FrameReader().feed(stream) and r.pending() == 0


def test_garbage_between_frames_is_reported_and_skipped():
    a = P.encode_frame(1, P.EV_CARD, (0, "CJ"))
    b = P.encode_frame(2, P.EV_CARD, (1, "S9"))
    noise = b"\r\nAT+GMR\r\n\x00\xff"  # what a modem or a reset board prints
    got = P.FrameReader().feed(noise + a + noise + noise + b + noise)
    assert _frames(got) == [P.Frame(1, P.EV_CARD, (0, "CJ")), P.Frame(2, P.EV_CARD, (1, "S9"))]
    errs = [g for g in got if isinstance(g, P.FrameError)]
    assert [(e.code, e.detail) for e in errs] == [
        (P.E_GARBAGE, "%d bytes outside any frame" % len(noise)),
        (P.E_GARBAGE, "%d bytes outside any frame" % (2 * len(noise))),
        (P.E_GARBAGE, "%d bytes outside any frame" % len(noise))]


def test_false_start_byte_is_resolved_by_header_crc_or_idle_flush():
    """A stray 0xA5 before a frame is rejected by the header check at once. One whose
    header happens to check out (1 in 256) and claims 40 bytes holds the next frame back
    until 49 bytes have come, then the CRC fails and the frame is found; if the line goes
    idle first, flush() gives up on the false start and finds the frame."""
    f = P.encode_frame(9, P.Q_STATE)
    got = P.FrameReader().feed(b"\xa5\x28" + f)
    assert got == [P.FrameError(P.E_BAD_HEADER, -1, "header check mismatch"),
                   P.Frame(9, P.Q_STATE, None)]
    false = bytes((0xA5, 40, 0, 1, 40 ^ 0 ^ 1 ^ 0x5A))
    r = P.FrameReader()
    assert r.feed(false + f) == [] and r.pending() == len(false) + len(f)
    got = r.flush()
    assert _frames(got) == [P.Frame(9, P.Q_STATE, None)]
    assert got[0].code == P.E_TRUNCATED
    r = P.FrameReader()
    got = r.feed(false + f + bytes(40))
    assert _frames(got) == [P.Frame(9, P.Q_STATE, None)] and got[0].code == P.E_BAD_CRC


def test_size_limit():
    """A payload over MAX_PAYLOAD is refused by the encoder; a LEN over it on the line is
    rejected at once (no waiting for 255 bytes), and the next frame still decodes."""
    with pytest.raises(BadRecord, match="limit"):
        P.encode_frame(0, P.EV_SCREEN, ["x" * 250])
    P.encode_frame(0, P.R_JOURNAL, b"x" * (P.MAX_PAYLOAD - 3))  # exactly at the limit
    ok = P.encode_frame(3, P.Q_SHEET)
    got = P.FrameReader().feed(b"\xa5\xf1\x00\x01" + ok)
    assert got[0].code == P.E_TOO_LONG and _frames(got) == [P.Frame(3, P.Q_SHEET, None)]


def test_bad_fields_are_refused_by_the_encoder():
    for seq, t, v in ((256, P.Q_STATE, None), (-1, P.Q_STATE, None), (0, 0x7E, None),
                      (0, P.EV_CARD, 1.5)):
        with pytest.raises(BadRecord):
            P.encode_frame(seq, t, v)


def _raw(seq, ftype, payload):
    n = len(payload)
    body = bytes((n, seq, ftype, n ^ seq ^ ftype ^ 0x5A)) + payload
    return b"\xa5" + body + zlib.crc32(body).to_bytes(4, "little")


def test_good_crc_bad_content():
    """A frame with a good CRC but an unknown type or a payload that is not one codec value
    gives an error carrying its SEQ (so the board can answer it), and changes nothing."""
    got = P.FrameReader().feed(_raw(5, 0x7E, b"") + _raw(6, P.Q_STATE, b"\x05\x09ab")
                               + _raw(7, P.Q_STATE, b"\x00\x00"))
    assert [(g.code, g.seq) for g in got] == [(P.E_UNKNOWN_TYPE, 5), (P.E_BAD_PAYLOAD, 6),
                                              (P.E_BAD_PAYLOAD, 7)]


# ---------------------------------------------------------------------------- fuzz

_values = st.one_of(
    st.none(), st.integers(-1000, 10 ** 6), st.text(max_size=20),
    st.tuples(st.integers(-1, 255), st.text(max_size=8)),
    st.lists(st.integers(0, 77), max_size=12),
    st.tuples(st.integers(0, 255), st.binary(max_size=60)),
    st.dictionaries(st.sampled_from(["game", "deal", "seat", "dealer"]),
                    st.integers(0, 30), max_size=4))
_types = st.sampled_from([t for t, _ in P.TYPES])
_frame = st.tuples(st.integers(0, 255), _types, _values)
_mutation = st.tuples(st.sampled_from(["flip", "delete", "insert", "cut", "len"]),
                      st.integers(0, 300), st.integers(1, 255))
_garbage = st.lists(st.one_of(st.integers(0, 255), st.just(0xA5)), max_size=30).map(bytes)
_segment = st.one_of(
    st.tuples(st.just("frame"), _frame),
    st.tuples(st.just("mutated"), st.tuples(_frame, _mutation)),
    st.tuples(st.just("garbage"), _garbage))


def mutate(data, how, at, byte):
    """``data`` with one mutation: a flipped byte, a byte deleted or inserted, the frame
    cut short, or its LEN changed."""
    at %= len(data)
    if how == "flip":
        return data[:at] + bytes((data[at] ^ byte,)) + data[at + 1:]
    if how == "delete":
        return data[:at] + data[at + 1:]
    if how == "insert":
        return data[:at] + bytes((byte,)) + data[at:]
    if how == "cut":
        return data[:at]
    return data[:1] + bytes(((data[1] + byte) & 0xFF,)) + data[2:]


def check_stream(segments, cuts):
    """Build the stream, feed it in chunks and at once; check the reader's promises.
    Returns the number of frames (intact + mutated) in the stream."""
    parts = []
    intact = []
    n = 0
    after_mutant = False
    for kind, spec in segments:
        if kind == "garbage":
            parts.append(spec)
            after_mutant = after_mutant and not spec
            continue
        (seq, t, v), mut = (spec, None) if kind == "frame" else spec
        try:
            data = P.encode_frame(seq, t, v)
        except BadRecord:  # over the size limit: not a frame
            continue
        n += 1
        if mut is None:
            # A frame cut short by one byte right before this one can take this one's SOF
            # as its last CRC byte and come out whole: then this one is lost, unavoidably.
            if not after_mutant:
                intact.append(P.Frame(seq, t, v))
        else:
            data = mutate(data, *mut)
        after_mutant = mut is not None
        parts.append(data)
    stream = b"".join(parts)
    once = P.FrameReader()
    got_once = once.feed(stream) + once.flush()
    chunked = P.FrameReader()
    got = []
    prev = 0
    for c in sorted(set(min(c, len(stream)) for c in cuts)) + [len(stream)]:
        got += chunked.feed(stream[prev:c])
        prev = c
        assert chunked.pending() < P.MAX_FRAME
    got += chunked.flush()
    for item in got + got_once:
        assert isinstance(item, (P.Frame, P.FrameError))
        if isinstance(item, P.FrameError):
            assert item.code in ERROR_CODES
    frames = _frames(got)
    assert frames == _frames(got_once)
    for f in frames:  # only genuine frames: each one's exact bytes were on the line
        assert P.encode_frame(f.seq, f.type, f.value) in stream
    it = iter(frames)  # and every intact frame came out, in order (see above)
    assert all(any(g == want for g in it) for want in intact)
    assert chunked.pending() == 0
    return n


def test_fuzz_random_and_mutated_frames():
    """>= 10,000 frames (intact and mutated, with garbage around them) in hypothesis-made
    streams fed in random chunks: feed/flush never raise, every frame that comes out was
    really sent, every intact frame comes out, chunking changes nothing."""
    total = [0]

    @settings(max_examples=400, deadline=None, derandomize=True, database=None)
    @given(st.lists(_segment, min_size=40, max_size=48), st.lists(st.integers(0, 2000),
                                                                  max_size=12))
    def run(segments, cuts):
        total[0] += check_stream(segments, cuts)

    run()
    assert total[0] >= 10000, total[0]


@settings(max_examples=2000, deadline=None, derandomize=True, database=None)
@given(st.binary(max_size=64))
def test_fuzz_pure_noise_never_makes_a_frame(noise):
    """Random bytes alone never raise and (CRC-32) never yield a frame."""
    r = P.FrameReader()
    got = r.feed(noise) + r.flush()
    assert _frames(got) == [] and r.pending() == 0


def test_encode_payload_is_the_journal_codec():
    """The payload bytes are exactly core.codec.encode of the value."""
    data = P.encode_frame(12, P.EV_TRICK, (0, ["CJ", "S9", "DJ"], 4, "highest trump"))
    assert data[5:-4] == encode((0, ["CJ", "S9", "DJ"], 4, "highest trump"))
    assert data[1] == len(data) - 9

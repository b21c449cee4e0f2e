"""The serial-link frames between the board and a host: encode, decode, resynchronise.

One frame (integers little-endian; docs/protocol.md has the byte-level walk-through)::

    SOF   u8    0xA5, start of frame
    LEN   u8    payload length, 0 .. MAX_PAYLOAD (240)
    SEQ   u8    sender's frame counter, 0 .. 255 then wraps
    TYPE  u8    frame type (commands 0x01..0x3F host->board, 0x40..0x7F board->host)
    HCK   u8    header check: LEN ^ SEQ ^ TYPE ^ 0x5A
    PAYLOAD     LEN bytes: one value in the core.codec value codec (empty = None)
    CRC   u32   CRC-32 (core.crc32) of LEN, SEQ, TYPE, HCK and PAYLOAD

Resynchronisation is length-based, with no escaping: the reader looks for SOF, trusts the
header only when LEN is at most MAX_PAYLOAD and HCK matches, and accepts the frame only
when the CRC-32 matches. On any failure it drops that one SOF byte and scans again from the
next byte, so a real frame hidden behind garbage (or behind a false SOF) is still found.
HCK rejects 255 of 256 false starts after 5 bytes; the rest claim up to 249 bytes and hold
back the frames after them until that many bytes have come in, or until
:meth:`FrameReader.flush` (called by the link when the line has been idle) gives up on the
partial frame and rescans what is buffered. Escaping (SLIP/COBS) was not chosen: length +
CRC-32 needs no per-byte work on send and keeps frames readable in a hex dump.

Every frame that fails produces a :class:`FrameError` and changes nothing; the receiving
side answers with an R_ERROR frame. Payload shapes per type are in ``TYPES`` and
docs/protocol.md; ``ref_seq`` in a reply is the SEQ of the command it answers.

The reading side (:class:`FrameReader`, :func:`decode_frame`) is core/protocol_read.py,
loaded when the first byte comes in (issue 19: a board no host talks to only writes
events); both names are answered here too.
"""

from collections import namedtuple

from core.codec import encode
from core.compat import const
from core.crc32 import crc32
from core.errors import BadRecord

VERSION = const(2)  # sent in EV_HELLO; docs/protocol.md "Versions"
SOF = const(0xA5)  # start of frame: 1010 0101, rare in ASCII noise
MAX_PAYLOAD = const(240)  # largest PAYLOAD; a LEN above it is rejected at once
_HEADER = const(5)  # SOF + LEN + SEQ + TYPE + HCK
_OVERHEAD = const(9)  # header + CRC32
MAX_FRAME = const(249)  # MAX_PAYLOAD + _OVERHEAD
_HCK = const(0x5A)  # HCK = LEN ^ SEQ ^ TYPE ^ 0x5A (never 0 for an all-zero header)

# Host -> board: commands.
Q_STATE = const(0x01)  # None -> R_STATE
Q_SHEET = const(0x02)  # None -> R_SHEET_HEAD, R_SHEET_ROW*, R_END
Q_JOURNAL = const(0x03)  # None -> R_JOURNAL*, R_END
C_NEW_GAME = const(0x04)  # {"game": name, option: value...} -> R_PENDING, later EV_CONFIRM
C_UNDO = const(0x05)  # None -> R_PENDING, later EV_CONFIRM
C_HELLO = const(0x06)  # (host id, host nonce: 16 bytes) -> R_CHALLENGE
C_PROVE = const(0x07)  # ("pair" or "login", HMAC-SHA256: 32 bytes) -> R_PAIRED
# Board -> host: replies (carry the ref_seq of the command).
R_ERROR = const(0x40)  # (ref_seq or -1, code, detail)
R_STATE = const(0x41)  # (ref_seq, {state})
R_PENDING = const(0x42)  # (ref_seq, command): waits for a button press at the table
R_SHEET_HEAD = const(0x43)  # (ref_seq, [column names])
R_SHEET_ROW = const(0x44)  # (ref_seq, [cells])
R_JOURNAL = const(0x45)  # (ref_seq, offset, bytes)
R_END = const(0x46)  # (ref_seq, count): end of an export (rows or bytes sent)
R_CHALLENGE = const(0x47)  # (ref_seq, board nonce: 16 bytes, board id: 8 bytes, code shown)
R_PAIRED = const(0x48)  # (ref_seq, host id, "pair" or "login"): the host is trusted now
# Board -> host: events.
EV_CONFIRM = const(0x50)  # (ref_seq, command, accepted, detail): the table decided
EV_HELLO = const(0x51)  # (VERSION, game name or None): the board (re)started
EV_CARD = const(0x52)  # (seat, card code)
EV_TRICK = const(0x53)  # (taker seat, [card codes from the leader], points, reason)
EV_REFUSED = const(0x54)  # (seat, card code or None, reason code, detail)
EV_REVOKE = const(0x55)  # (seat, card code, trick number, reason code, detail)
EV_UNDONE = const(0x56)  # (seat, card code or None)
EV_DEAL = const(0x57)  # (deal number, dealer seat): a deal starts
EV_DEAL_OVER = const(0x58)  # (deal number, text)
EV_ROW = const(0x59)  # ([column names], [cells]): a score-sheet row was booked
EV_GAME_OVER = const(0x5A)  # (text)
EV_SCREEN = const(0x5B)  # [LCD lines]

# The frame types in type order, and their names (what hosts print), word i naming type i.
# Not a tuple of (type, name) pairs: on MicroPython each pair and each name would be a heap
# object of its own (about 1 KB); ``TYPES`` builds those pairs when a tool asks for them.
_TYPE_CODES = bytes((
    Q_STATE, Q_SHEET, Q_JOURNAL, C_NEW_GAME, C_UNDO, C_HELLO, C_PROVE,
    R_ERROR, R_STATE, R_PENDING, R_SHEET_HEAD, R_SHEET_ROW, R_JOURNAL, R_END,
    R_CHALLENGE, R_PAIRED,
    EV_CONFIRM, EV_HELLO, EV_CARD, EV_TRICK, EV_REFUSED, EV_REVOKE, EV_UNDONE, EV_DEAL,
    EV_DEAL_OVER, EV_ROW, EV_GAME_OVER, EV_SCREEN))
_TYPE_NAMES = ("query-state export-sheet export-journal new-game undo hello-host prove "
               "error state pending sheet-head sheet-row journal end challenge paired "
               "confirm hello card trick refused revoke undone deal "
               "deal-over row game-over screen")


def __getattr__(name):
    # TYPES: ((type, name), ...) in type order, built on demand (tools, tests); the
    # reading side from its own module.
    if name == "TYPES":
        return tuple(zip(_TYPE_CODES, _TYPE_NAMES.split()))
    if name == "FrameReader" or name == "decode_frame":
        from core import protocol_read
        return getattr(protocol_read, name)
    raise AttributeError("module 'core.protocol' has no attribute %r" % (name,))


# R_ERROR codes.
E_GARBAGE = "garbage"  # bytes that are not part of any frame
E_TOO_LONG = "too-long"  # LEN over MAX_PAYLOAD
E_BAD_HEADER = "bad-header"  # HCK mismatch: a false start byte or a damaged header
E_BAD_CRC = "bad-crc"  # CRC-32 mismatch: damaged frame or false start byte
E_TRUNCATED = "truncated"  # the line went idle inside a frame
E_BAD_PAYLOAD = "bad-payload"  # good CRC, payload not a codec value or wrong shape
E_UNKNOWN_TYPE = "unknown-type"  # good CRC, TYPE not in TYPES
E_NOT_A_COMMAND = "not-a-command"  # a board->host type sent to the board
E_BUSY = "busy"  # a command already waits for confirmation at the table
E_INTERNAL = "internal"  # the board failed to answer (the message says why)
E_NOT_PAIRED = "not-paired"  # the command needs a paired, logged-in host
E_DENIED = "denied"  # a pairing or login proof did not match (one try per challenge)
E_INVALID = "invalid"  # a request the table could not perform: never shown at the table
E_WAIT = "wait"  # the table just declined this host: it may ask again after the detail's s

# The commands a logged-in host's session signs (device.pairing.sign): they change the
# table or read the journal. A bytes constant: ``t in SIGNED`` on an int type.
SIGNED = bytes((Q_JOURNAL, C_NEW_GAME, C_UNDO))

Frame = namedtuple("Frame", ("seq", "type", "value"))
# ``seq`` is -1 when the frame's header could not be trusted.
FrameError = namedtuple("FrameError", ("code", "seq", "detail"))


def type_name(ftype):
    """The name of frame type ``ftype`` (``"card"``), or ``"0x7e?"`` for an unknown one."""
    for i in range(len(_TYPE_CODES)):
        if _TYPE_CODES[i] == ftype:
            return _TYPE_NAMES.split()[i]
    return "0x%02x?" % ftype


def known_type(ftype):
    """True when ``ftype`` is one of TYPES."""
    for t in _TYPE_CODES:
        if t == ftype:
            return True
    return False


def is_command(ftype):
    """True for host->board types (0x01..0x3F)."""
    return 0 < ftype < 0x40


def encode_frame(seq, ftype, value=None):
    """The bytes of one frame. ``seq`` 0..255, ``ftype`` one of TYPES, ``value`` a codec
    value (None sends an empty payload). Raises BadRecord when a field is out of range, the
    value cannot be encoded, or the payload is over MAX_PAYLOAD bytes."""
    if not isinstance(seq, int) or seq < 0 or seq > 255:
        raise BadRecord("frame sequence number %r is not 0..255" % (seq,))
    if not isinstance(ftype, int) or not known_type(ftype):
        raise BadRecord("unknown frame type %r" % (ftype,))
    payload = b"" if value is None else encode(value)
    if len(payload) > MAX_PAYLOAD:
        raise BadRecord("frame payload of %d bytes is over the %d-byte limit"
                        % (len(payload), MAX_PAYLOAD))
    n = len(payload)
    out = bytearray((SOF, n, seq, ftype, n ^ seq ^ ftype ^ _HCK))
    out.extend(payload)
    out.extend(crc32(memoryview(out)[1:]).to_bytes(4, "little"))
    return bytes(out)


class FrameWriter:
    """Numbers outgoing frames: ``frame(ftype, value)`` returns the bytes with the next
    SEQ (0, 1, ... 255, 0, ...). Raises BadRecord as :func:`encode_frame`; a frame that
    cannot be encoded does not use up a number."""

    def __init__(self, first_seq=0):
        self.seq = first_seq & 0xFF

    def frame(self, ftype, value=None):
        data = encode_frame(self.seq, ftype, value)
        self.seq = (self.seq + 1) & 0xFF
        return data


def hexdump(data):
    """``a5 00 00 01 ...``: bytes as spaced hex pairs (for logs and --hex traces)."""
    return " ".join("%02x" % b for b in data)

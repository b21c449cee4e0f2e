"""The reading side of the serial-link frames (core/protocol.py has the layout and the
resynchronisation rules): :class:`FrameReader`, the streaming decoder, and
:func:`decode_frame`.

Apart from core/protocol.py (issue 19, docs/performance.md "32-bit heap"): the board
writes events from boot, but reads only once a host sends a byte (device.link loads this
then); ``core.protocol.FrameReader`` and ``core.protocol.decode_frame`` still answer.
"""

from core.codec import decode
from core.compat import const
from core.crc32 import crc32
from core.errors import BadRecord
from core.protocol import (E_BAD_CRC, E_BAD_HEADER, E_BAD_PAYLOAD, E_GARBAGE, E_TOO_LONG,
                           E_TRUNCATED, E_UNKNOWN_TYPE, MAX_PAYLOAD, Frame, FrameError,
                           known_type)

# The frame's fixed parts, as in core/protocol.py (a ``_`` const is folded into the code
# that uses it, so it cannot be imported from there).
_HEADER = const(5)  # SOF + LEN + SEQ + TYPE + HCK
_OVERHEAD = const(9)  # header + CRC32
_HCK = const(0x5A)  # HCK = LEN ^ SEQ ^ TYPE ^ 0x5A
_SOF_BYTES = b"\xa5"


def decode_frame(data):
    """The one frame that ``data`` holds exactly: a :class:`Frame`, or a
    :class:`FrameError` when it is not a single valid frame. Never raises."""
    r = FrameReader()
    got = r.feed(data) + r.flush()
    if len(got) == 1 and isinstance(got[0], Frame):
        return got[0]
    for g in got:
        if isinstance(g, FrameError):
            return g
    return FrameError(E_TRUNCATED, -1, "%d bytes hold %d frames" % (len(data), len(got)))


class FrameReader:
    """Streaming decoder: ``feed(bytes)`` returns the frames and errors completed so far.

    Results, in stream order: :class:`Frame` ``(seq, type, value)`` for each frame whose
    CRC matches, whose type is known and whose payload decodes; :class:`FrameError`
    ``(code, seq, detail)`` for everything else (a run of garbage is one error; errors right
    after a broken frame are folded into it). Never raises on any input. The buffer holds
    at most one incomplete frame (< MAX_FRAME bytes) between calls.
    """

    def __init__(self):
        self._buf = bytearray()
        self._garbage = 0  # skipped bytes not yet reported
        self._quiet = False  # skipping the remains of a frame already reported broken

    def pending(self):
        """Bytes buffered in an incomplete frame."""
        return len(self._buf)

    def feed(self, data):
        """Add received bytes; returns the list of Frame / FrameError completed."""
        self._buf.extend(data)
        out = []
        self._scan(out, False)
        return out

    def flush(self):
        """The line went idle: give up on a buffered incomplete frame (its start byte
        counts as garbage) and return whatever the rescan finds."""
        out = []
        self._scan(out, True)
        return out

    def _skip(self, n):
        if not self._quiet:
            self._garbage += n

    def _report_garbage(self, out):
        if self._garbage:
            out.append(FrameError(E_GARBAGE, -1, "%d bytes outside any frame" % self._garbage))
            self._garbage = 0

    def _fail(self, out, code, seq, detail):
        self._report_garbage(out)
        out.append(FrameError(code, seq, detail))
        self._quiet = True

    def _scan(self, out, idle):
        buf = self._buf
        pos = 0
        end = len(buf)
        while pos < end:
            i = buf.find(_SOF_BYTES, pos)
            if i < 0:
                self._skip(end - pos)
                pos = end
                break
            if i > pos:
                self._skip(i - pos)
                pos = i
            n = buf[pos + 1] if pos + 1 < end else -1
            if n > MAX_PAYLOAD:
                self._fail(out, E_TOO_LONG, -1, "LEN %d is over the %d-byte limit"
                           % (n, MAX_PAYLOAD))
                pos += 1
                continue
            if end - pos >= _HEADER and \
                    buf[pos + 4] != n ^ buf[pos + 2] ^ buf[pos + 3] ^ _HCK:
                self._fail(out, E_BAD_HEADER, -1, "header check mismatch")
                pos += 1
                continue
            total = n + _OVERHEAD
            if n < 0 or end - pos < total:
                if not idle:
                    break  # wait for the rest
                self._fail(out, E_TRUNCATED, -1, "line idle after %d bytes of a frame"
                           % (end - pos))
                pos += 1
                continue
            mv = memoryview(buf)
            body = pos + _HEADER + n
            want = buf[body] | (buf[body + 1] << 8) | (buf[body + 2] << 16) \
                | (buf[body + 3] << 24)
            if crc32(mv[pos + 1:body]) != want:
                self._fail(out, E_BAD_CRC, -1, "CRC mismatch in a %d-byte frame" % total)
                pos += 1
                continue
            seq = buf[pos + 2]
            ftype = buf[pos + 3]
            pos += total
            self._report_garbage(out)
            self._quiet = False
            if not known_type(ftype):
                out.append(FrameError(E_UNKNOWN_TYPE, seq, "frame type 0x%02x" % ftype))
                continue
            try:
                value = decode(buf, body - n, body) if n else None
            except BadRecord as e:
                out.append(FrameError(E_BAD_PAYLOAD, seq, str(e)))
                continue
            out.append(Frame(seq, ftype, value))
        if pos >= end:
            self._report_garbage(out)
        self._buf = buf[pos:] if pos else buf

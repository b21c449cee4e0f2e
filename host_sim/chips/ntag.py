"""NTAG213 tag model: an NFC Forum Type 2 tag for the MFRC522 model's field.

Built from the NTAG213/215/216 datasheet as restated in reference/hardware.md 1.1-1.2:

- 45 pages of 4 bytes (:func:`core.tags.ntag213_image`), UID/BCC read from pages 0-2 as
  the real chip does, so a damaged image sends a damaged BCC.
- ISO/IEC 14443-3 states (datasheet 8.4): power-on -> IDLE; REQA (IDLE only) or WUPA
  (IDLE or HALT) -> READY1 with ATQA ``44 00``; SELECT CL1 -> READY2 (SAK 04); SELECT CL2 ->
  ACTIVE (SAK 00); HLTA -> HALT. Anything unexpected in READY1/READY2/ACTIVE is an error:
  no answer, back to HALT if the tag was woken from HALT, else IDLE. IDLE and HALT tags
  ignore every frame but REQA/WUPA. Field off = power lost = back to IDLE.
- ACTIVE commands, each with CRC_A: READ 0x30 (16 bytes = 4 pages, rolling over past the
  last page; PWD/PACK read as zeros; address > 0x2C -> NAK 0x0), WRITE 0xA2 (ACK 0xA; pages
  0-1 -> NAK 0x0; page 2 lock bytes and page 3 CC are one-time programmable: bits are
  OR-ed in), GET_VERSION 0x60 (``00 04 04 02 01 00 0F 03``), HLTA ``50 00``. A wrong CRC_A
  gets NAK 0x1, an unknown command NAK 0x0; after any NAK the tag falls back to IDLE/HALT.
- Not modelled: bit-oriented anticollision with partial NVB (a collision-resolving reader
  would need it; ours reports collisions instead), FAST_READ, counters, password, lock-bit
  enforcement, NTAG203's READ in READY state.

Fault knobs (plain attributes, used by the fault tests and the simulator):

- ``fault``: one of None, ``"flip"`` (XOR 0xFF into byte ``fault_arg`` of the answer),
  ``"short"`` (drop the last ``fault_arg`` bytes, at least 1), ``"nak"`` (answer NAK
  ``fault_arg`` instead of doing the command), ``"mute"`` (do not hear the frame at all).
  It waits for the next frame whose first byte is ``fault_cmd`` (0x26 REQA, 0x93 CL1,
  0x30 READ...; None = the very next frame) and fires ``fault_count`` times.
- ``answer_rate`` (0..1, seeded ``rng``) and ``flicker`` (every other REQA/WUPA): the tag
  is at the edge of the field; on a lost poll it loses power (back to IDLE) and does not
  answer.
"""

import random

from core.crc import crc_a
from core.tags import NTAG213_PAGES, ntag213_image

IDLE, READY1, READY2, ACTIVE, HALT = "IDLE", "READY1", "READY2", "ACTIVE", "HALT"

REQA, WUPA = 0x26, 0x52  # 7-bit short frames
SEL_CL1, SEL_CL2 = 0x93, 0x95
NVB_ANTICOLL, NVB_SELECT = 0x20, 0x70
CT = 0x88  # cascade tag
READ, WRITE, GET_VERSION, HLTA = 0x30, 0xA2, 0x60, 0x50
ACK, NAK_ARGUMENT, NAK_CRC = 0xA, 0x0, 0x1  # 4-bit ACK/NAK (datasheet 9.3)
ATQA = b"\x44\x00"  # NTAG21x ATQA 0x0044, LSB first
VERSION = b"\x00\x04\x04\x02\x01\x00\x0f\x03"  # GET_VERSION: NXP, NTAG, 213 (0x0F), ISO 14443-3
SAK_CL1, SAK_DONE = 0x04, 0x00
_LAST_PAGE = NTAG213_PAGES - 1  # 0x2C
_PWD_PAGE = 0x2B  # PWD and PACK (0x2C) always read as zeros


def with_crc(data):
    """``data`` followed by its CRC_A, low byte first."""
    c = crc_a(data)
    return bytes(data) + bytes((c & 0xFF, c >> 8))


class Ntag213:
    """One NTAG213 sticker. ``Ntag213(uid7, deck, card)`` is a card tag of trickref's format;
    without ``deck`` a factory-blank tag; ``memory`` (180 bytes) overrides the image.

    ``receive(frame, last_bits)`` is called by the reader model with each frame on air and
    returns ``(answer_bytes, answer_bits)`` or None for silence. ``state`` is the ISO 14443-3
    state name; ``mem`` the 180-byte memory.
    """

    def __init__(self, uid7, deck=None, card=None, memory=None, seed=0):
        self.mem = bytearray(memory) if memory is not None else ntag213_image(uid7, deck, card)
        if len(self.mem) != NTAG213_PAGES * 4:
            raise ValueError("NTAG213 memory is 180 bytes, got %d" % len(self.mem))
        self.uid = bytes(uid7)
        self.powered = False
        self.state = IDLE
        self._from_halt = False  # woken from HALT: errors send it back there
        self.fault = None
        self.fault_cmd = None
        self.fault_arg = 0
        self.fault_count = 1
        self.answer_rate = 1.0
        self.flicker = False
        self.rng = random.Random(seed)
        self._flicker_phase = False

    def __repr__(self):
        return "Ntag213(%s, %s)" % (self.uid.hex(), self.state)

    # -- power ------------------------------------------------------------------------------

    def power_on(self):
        """The field came on: power-on reset to IDLE."""
        self.powered = True
        self.state = IDLE
        self._from_halt = False

    def power_off(self):
        """The field went off or the tag left it: all volatile state is lost."""
        self.powered = False
        self.state = IDLE
        self._from_halt = False

    # -- air interface ----------------------------------------------------------------------

    def receive(self, frame, last_bits):
        """Handle one frame from the reader; ``(bytes, nbits)`` answer or None."""
        if not self.powered or not frame:
            return None
        short = last_bits == 7 and len(frame) == 1
        if short and not self._in_range():
            self.power_on()  # it lost the field for a moment: power-on reset, no answer
            return None
        fault = self._take_fault(frame[0])
        if fault == "mute":
            return None
        if fault == "nak":
            if self.state in (IDLE, HALT):
                return None
            self._error()
            return bytes((self.fault_arg & 0x0F,)), 4
        answer = self._handle(bytes(frame), last_bits)
        if answer is None or fault is None:
            return answer
        data = bytearray(answer[0])
        if fault == "flip":
            data[self.fault_arg % len(data)] ^= 0xFF
            return bytes(data), answer[1]
        cut = max(1, self.fault_arg)  # "short"
        data = data[:max(0, len(data) - cut)]
        return (bytes(data), 8 * len(data)) if data else None

    def _in_range(self):
        if self.flicker:
            self._flicker_phase = not self._flicker_phase
            if not self._flicker_phase:
                return False
        return self.answer_rate >= 1.0 or self.rng.random() < self.answer_rate

    def _take_fault(self, cmd):
        if self.fault is None or self.fault_count <= 0:
            return None
        if self.fault_cmd is not None and self.fault_cmd != cmd:
            return None
        self.fault_count -= 1
        fault = self.fault
        if self.fault_count <= 0:
            self.fault = None
            self.fault_count = 1
        return fault

    def _error(self):
        self.state = HALT if self._from_halt else IDLE
        return None

    def _nak(self, code):
        self._error()
        return bytes((code,)), 4

    def _handle(self, frame, last_bits):
        s = self.state
        if last_bits == 7 and len(frame) == 1:
            c = frame[0]
            if (c == REQA and s == IDLE) or (c == WUPA and s in (IDLE, HALT)):
                self._from_halt = s == HALT
                self.state = READY1
                return ATQA, 16
            if s in (IDLE, HALT):
                return None
            return self._error()
        if s in (IDLE, HALT):
            return None
        if last_bits:
            return self._error()
        if s in (READY1, READY2):
            return self._anticollision(frame, 1 if s == READY1 else 2)
        return self._command(frame)

    def _cl_bytes(self, level):
        """The 5 bytes this tag sends at cascade ``level``, from its memory pages 0-2."""
        m = self.mem
        if level == 1:
            return bytes((CT, m[0], m[1], m[2], m[3]))  # CT UID0 UID1 UID2 BCC0
        return bytes(m[4:9])  # UID3..UID6 BCC1

    def _anticollision(self, frame, level):
        sel = SEL_CL1 if level == 1 else SEL_CL2
        if frame[0] != sel:
            return self._error()
        cl = self._cl_bytes(level)
        if len(frame) == 2 and frame[1] == NVB_ANTICOLL:
            return cl, 40
        if len(frame) == 9 and frame[1] == NVB_SELECT:
            if with_crc(frame[:7]) != frame or frame[2:7] != cl:
                return self._error()  # damaged frame, or another tag is being selected
            self.state = READY2 if level == 1 else ACTIVE
            return with_crc(bytes((SAK_CL1 if level == 1 else SAK_DONE,))), 24
        return self._error()  # partial NVB: bit-oriented anticollision is not modelled

    def _command(self, frame):
        if len(frame) < 3 or with_crc(frame[:-2]) != frame:
            return self._nak(NAK_CRC)
        cmd = frame[0]
        args = frame[1:-2]
        if cmd == READ and len(args) == 1:
            return self._read(args[0])
        if cmd == WRITE and len(args) == 5:
            return self._write(args[0], args[1:5])
        if cmd == GET_VERSION and not args:
            return with_crc(VERSION), 80
        if cmd == HLTA and args == b"\x00":
            self.state = HALT
            return None
        return self._nak(NAK_ARGUMENT)

    def _read(self, page):
        if page > _LAST_PAGE:
            return self._nak(NAK_ARGUMENT)
        out = bytearray()
        for k in range(4):
            p = (page + k) % NTAG213_PAGES  # roll over to page 0 past the end
            out += b"\x00" * 4 if p >= _PWD_PAGE else self.mem[4 * p:4 * p + 4]
        return with_crc(out), 144

    def _write(self, page, data):
        if page < 2 or page > _LAST_PAGE:
            return self._nak(NAK_ARGUMENT)
        at = 4 * page
        if page == 2:  # only the two static lock bytes are writable, and only to 1
            self.mem[at + 2] |= data[2]
            self.mem[at + 3] |= data[3]
        elif page == 3:  # capability container: one-time programmable
            for k in range(4):
                self.mem[at + k] |= data[k]
        else:
            self.mem[at:at + 4] = data
        return bytes((ACK,)), 4

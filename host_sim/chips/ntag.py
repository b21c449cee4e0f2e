"""NTAG213 tag model: an NFC Forum Type 2 tag for the MFRC522 model's field.

Built from the NXP NTAG213/215/216 datasheet (rev. 3.2) as restated in docs/twin.md
("NTAG213"), whose coverage table lists every command and what the model answers:

- 45 pages of 4 bytes (:func:`core.tags.ntag213_image`), UID/BCC read from pages 0-2 as
  the real chip does, so a damaged image sends a damaged BCC.
- ISO/IEC 14443-3 states (datasheet 8.4): power-on -> IDLE; REQA (IDLE only) or WUPA
  (IDLE or HALT) -> READY1 with ATQA ``44 00``; SELECT CL1 -> READY2 (SAK 04); SELECT CL2 ->
  ACTIVE (SAK 00); HLTA -> HALT. Anything unexpected in READY1/READY2/ACTIVE is an error:
  no answer, back to HALT if the tag was woken from HALT, else IDLE. IDLE and HALT tags
  ignore every frame but REQA/WUPA. Field off = power lost = back to IDLE.
- ACTIVE commands, each with CRC_A (datasheet 10): READ 0x30 (16 bytes = 4 pages, rolling
  over past the last page; PWD/PACK read as zeros; address > 0x2C -> NAK 0x0), FAST_READ
  0x3A (pages start..end, NAK 0x0 if start > end or end > 0x2C), WRITE 0xA2 (ACK 0xA; pages
  0-1 -> NAK 0x0; page 2 lock bytes and page 3 CC are one-time programmable: bits are
  OR-ed in), COMPATIBILITY_WRITE 0xA0 (10.5: ACK to the address, then a 16-byte second
  part whose bytes 0-3 are written as by WRITE, ACK), READ_CNT 0x39 (only address 0x02 and
  only with NFC_CNT_EN in ACCESS, else NAK 0x0; the counter counts the first READ or
  FAST_READ after power-on), PWD_AUTH 0x1B (PWD of page 0x2B -> PACK of page 0x2C, else
  NAK 0x0 and back to IDLE), READ_SIG 0x3C 00 (the 32 bytes of ``signature``),
  GET_VERSION 0x60 (``00 04 04 02 01 00 0F 03``), HLTA ``50 00``. A wrong CRC_A gets NAK
  0x1, an unknown command NAK 0x0; after any NAK the tag falls back to IDLE/HALT.
- Not modelled (answered as the real tag answers a frame it cannot use, NAK 0x0 or
  silence): bit-oriented anticollision with partial NVB (a collision-resolving reader
  would need it; ours reports collisions instead), password protection of pages (AUTH0,
  PROT), the authentication limit counter, lock-bit enforcement, NTAG203's READ in READY
  state.

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
FAST_READ, COMPAT_WRITE, READ_CNT, PWD_AUTH, READ_SIG = 0x3A, 0xA0, 0x39, 0x1B, 0x3C
ACK, NAK_ARGUMENT, NAK_CRC = 0xA, 0x0, 0x1  # 4-bit ACK/NAK (datasheet 9.3)
ATQA = b"\x44\x00"  # NTAG21x ATQA 0x0044, LSB first
VERSION = b"\x00\x04\x04\x02\x01\x00\x0f\x03"  # GET_VERSION: NXP, NTAG, 213 (0x0F), ISO 14443-3
SAK_CL1, SAK_DONE = 0x04, 0x00
_LAST_PAGE = NTAG213_PAGES - 1  # 0x2C
_PWD_PAGE = 0x2B  # PWD and PACK (0x2C) always read as zeros
_ACCESS = 0x2A * 4  # ACCESS byte (page 0x2A, byte 0): bit 4 NFC_CNT_EN
_NFC_CNT_EN = 0x10
_CNT_ADDR = 0x02  # READ_CNT's only valid address


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
        self._fields = 0  # reader fields that power the tag
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
        self.signature = bytes(32)  # READ_SIG: an unsigned sample; NXP signs real UIDs
        self.nfc_counter = 0  # 24-bit NFC counter (READ_CNT)
        self._counted = False  # the counter moved since power-on
        self._compat_page = None  # COMPATIBILITY_WRITE: page acknowledged, data awaited

    def __repr__(self):
        return "Ntag213(%s, %s)" % (self.uid.hex(), self.state)

    # -- power ------------------------------------------------------------------------------

    def power_on(self):
        """A reader's field came on around the tag: power-on reset to IDLE, unless another
        field already powers it (a card lying across two pads)."""
        self._fields += 1
        if not self.powered:
            self.powered = True
            self._volatile_reset()

    def power_off(self):
        """A field went off or the tag left it: with no field left all volatile state is
        lost."""
        self._fields = max(0, self._fields - 1)
        if not self._fields:
            self.powered = False
            self._volatile_reset()

    def _volatile_reset(self):
        self.state = IDLE
        self._from_halt = False
        self._counted = False
        self._compat_page = None

    # -- air interface ----------------------------------------------------------------------

    def receive(self, frame, last_bits):
        """Handle one frame from the reader; ``(bytes, nbits)`` answer or None."""
        if not self.powered or not frame:
            return None
        short = last_bits == 7 and len(frame) == 1
        if short and not self._in_range():
            self._volatile_reset()  # it lost the field for a moment: power-on reset, no answer
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
        self._compat_page = None
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
        if self._compat_page is not None:  # second part of COMPATIBILITY_WRITE (10.5)
            page, self._compat_page = self._compat_page, None
            if len(frame) != 18:
                return self._nak(NAK_ARGUMENT)
            return self._write(page, frame[0:4])
        handler = _COMMANDS.get((cmd, len(args)))
        if handler is None:
            return self._nak(NAK_ARGUMENT)
        return handler(self, args)

    def _cmd_read(self, args):
        page = args[0]
        if page > _LAST_PAGE:
            return self._nak(NAK_ARGUMENT)
        self._count_read()
        return with_crc(self._pages(page, 4)), 144

    def _cmd_fast_read(self, args):
        start, end = args[0], args[1]
        if start > end or end > _LAST_PAGE:
            return self._nak(NAK_ARGUMENT)
        self._count_read()
        n = end - start + 1
        return with_crc(self._pages(start, n)), 32 * n + 16

    def _pages(self, page, n):
        """``n`` pages from ``page`` as READ returns them (rolling over, PWD/PACK zero)."""
        out = bytearray()
        for k in range(n):
            p = (page + k) % NTAG213_PAGES  # roll over to page 0 past the end
            out += b"\x00" * 4 if p >= _PWD_PAGE else self.mem[4 * p:4 * p + 4]
        return out

    def _counter_enabled(self):
        return bool(self.mem[_ACCESS] & _NFC_CNT_EN)

    def _count_read(self):
        if self._counter_enabled() and not self._counted:
            self._counted = True
            self.nfc_counter = min(self.nfc_counter + 1, 0xFFFFFF)

    def _cmd_read_cnt(self, args):
        if args[0] != _CNT_ADDR or not self._counter_enabled():
            return self._nak(NAK_ARGUMENT)
        c = self.nfc_counter
        return with_crc(bytes((c & 0xFF, (c >> 8) & 0xFF, c >> 16))), 40

    def _cmd_pwd_auth(self, args):
        at = 4 * _PWD_PAGE
        if bytes(args) != bytes(self.mem[at:at + 4]):
            return self._nak(NAK_ARGUMENT)
        return with_crc(bytes(self.mem[at + 4:at + 6])), 32  # PACK

    def _cmd_read_sig(self, args):
        if args[0] != 0x00:
            return self._nak(NAK_ARGUMENT)
        return with_crc(self.signature), 272

    def _cmd_get_version(self, args):
        return with_crc(VERSION), 80

    def _cmd_write(self, args):
        return self._write(args[0], args[1:5])

    def _cmd_compat_write(self, args):
        if args[0] < 2 or args[0] > _LAST_PAGE:
            return self._nak(NAK_ARGUMENT)
        self._compat_page = args[0]
        return bytes((ACK,)), 4

    def _cmd_hlta(self, args):
        if args[0] != 0x00:
            return self._nak(NAK_ARGUMENT)
        self.state = HALT
        return None

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


# (command, argument bytes) -> handler of an ACTIVE tag (datasheet 10, table of commands).
_COMMANDS = {
    (READ, 1): Ntag213._cmd_read,
    (FAST_READ, 2): Ntag213._cmd_fast_read,
    (WRITE, 5): Ntag213._cmd_write,
    (COMPAT_WRITE, 1): Ntag213._cmd_compat_write,
    (READ_CNT, 1): Ntag213._cmd_read_cnt,
    (PWD_AUTH, 4): Ntag213._cmd_pwd_auth,
    (READ_SIG, 1): Ntag213._cmd_read_sig,
    (GET_VERSION, 0): Ntag213._cmd_get_version,
    (HLTA, 1): Ntag213._cmd_hlta,
}

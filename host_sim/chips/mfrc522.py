"""MFRC522 register model on ``host_sim.machine.SPI``, with tags in its RF field.

Wiring: ``spi.attach(Mfrc522(), cs_pin)``. SPI framing (NXP MFRC522 datasheet rev. 3.9,
8.1.2; docs/twin.md "MFRC522"): the first byte of a CS-low transaction is an address
``(reg << 1) & 0x7E``, bit 7 = read. Reads: every further byte is the next read address (0x00 ends) and MISO
carries the value of the previous one, so ``write(addr); read(1)`` and burst FIFO reads
both work. Writes: every further byte is written to the addressed register.

Register semantics modelled (datasheet 9; the coverage table is in docs/twin.md):

- ComIrqReg / DivIrqReg: bit 7 (Set1/Set2) = 1 sets the bits written as 1, = 0 clears them.
- FIFODataReg (64 bytes; more sets BufferOvfl), FIFOLevelReg (FlushBuffer also clears
  BufferOvfl).
- CommandReg: Idle; CalcCRC runs synchronously over the FIFO with the ModeReg preset
  (result in CRCResultReg 0x21 high / 0x22 low, DivIrqReg CRCIRq) and stays the current
  command until the next write; Transmit; Transceive waits for StartSend; SoftReset
  restores reset values (TxControlReg 0x80: antenna off, so every tag is power-cycled);
  Mem (25 bytes FIFO <-> internal buffer, 10.3.1.2), Generate RandomID (10 random bytes
  into the internal buffer, 10.3.1.3), Receive (waits for a frame: nothing comes unless a
  tag sends by itself, which no NTAG does), MFAuthent (10.3.1.9: sends the first two FIFO
  bytes with CRC_A and expects the 32-bit card nonce; an NTAG answers NAK 0x0, a 4-bit
  frame, which ends the command with ProtocolErr + ErrIRq, as drivers report an auth
  error; silence leaves it running until the timer fires; Status2Reg MFCrypto1On stays 0:
  Crypto1 itself is not modelled). A model never raises into an SPI exchange: reserved
  command codes and bit-oriented anticollision (RxAlign) are logged in ``unmodelled`` and
  answered as the chip would (the command does nothing; the tag stays silent).
- BitFramingReg StartSend with Transceive: the frame goes out with TxLastBits. One answer
  -> FIFO, RxLastBits, RxIRq. Nobody -> TimerIRq (if TAuto), never together with RxIRq.
  Two answers that differ -> CollErr, CollReg CollPos, ErrIRq + RxIRq, the FIFO holds the
  OR of both (bits after the collision cleared unless ValuesAfterColl). Any number of
  answers superpose the same way (ISO/IEC 14443-3 6.2.3.2: a collision is a bit where
  the subcarrier is present in both halves of the bit period), so three tags collide as
  two do. ``max_answers`` (default None = no limit) is a knob for a degraded field that
  decodes nothing past that many answers; no datasheet gives such a number.
  TxCRCEn/RxCRCEn are honoured.
- TxControlReg Tx1RFEn/Tx2RFEn switch the field: on = tags power up in IDLE, off = lost.
- RFCfgReg RxGain (9.3.3.6, 18..48 dB) sets how far an answer is still decoded, as a
  relative range factor (:func:`rx_range`; no datasheet gives distances, docs/twin.md
  "RF on the table"): ``place(tag, distance)`` puts a tag at a relative distance from
  the antenna; a tag beyond the range hears the reader (its state moves on) but its answer
  is lost, so the reader times out.

NRSTPD (datasheet 8.6.1, pin 6): ``set_nrstpd(0)`` is hard power-down: the oscillator
stops, the field goes off (every tag loses power), MISO is not driven (reads
``miso_off``) and writes are lost; a rising edge resets every register to its reset value
(antenna off, as after power-on). ``wire_nrstpd(pin)`` follows a ``host_sim.machine.Pin``.

Faults (issue 27): ``power_off()`` (a pad cable worked loose: MISO reads ``miso_off``,
0x00 pulled low or 0xFF floating high; writes are lost, the field is off) and ``power_on()`` (back with every register at its reset value,
as after a brown-out: antenna off, timer stopped).

Knobs: ``next_error`` (ErrorReg bits, e.g. 0x02 ParityErr, raised with the next answer),
``max_answers``, ``trace`` (a list to which each exchange appends ``(frame, answer)``).
Counters for benchmarks: ``exchanges``, ``air_us`` (frames on air + frame delay),
``timer_us`` (time the timer ran out waiting for silent tags).
"""

import random

from core.crc import crc_a

# Registers
COMMAND, COM_IEN, DIV_IEN, COM_IRQ, DIV_IRQ, ERROR = 0x01, 0x02, 0x03, 0x04, 0x05, 0x06
STATUS1, STATUS2, FIFO_DATA, FIFO_LEVEL, CONTROL = 0x07, 0x08, 0x09, 0x0A, 0x0C
BIT_FRAMING, COLL, MODE, TX_MODE, RX_MODE, TX_CONTROL = 0x0D, 0x0E, 0x11, 0x12, 0x13, 0x14
CRC_RESULT_H, CRC_RESULT_L, T_MODE, T_PRESCALER = 0x21, 0x22, 0x2A, 0x2B
T_RELOAD_H, T_RELOAD_L, VERSION, RF_CFG = 0x2C, 0x2D, 0x37, 0x26

# Commands
IDLE, MEM, RANDOM_ID, CALC_CRC, TRANSMIT = 0x0, 0x1, 0x2, 0x3, 0x4
NO_CMD_CHANGE, RECEIVE, TRANSCEIVE, MF_AUTHENT, SOFT_RESET = 0x7, 0x8, 0xC, 0xE, 0xF
STATUS2_CRYPTO1_ON = 0x08
PROTOCOL_ERR = 0x01  # ErrorReg b0: wrong byte count in MFAuthent (datasheet 9.3.1.7)
_INTERNAL_BUFFER = 25  # bytes of the Mem command's buffer (10.3.1.2)
_RANDOM_ID = 10  # bytes Generate RandomID writes (10.3.1.3)

# Bits
SET = 0x80  # Set1 / Set2
TX_IRQ, RX_IRQ, IDLE_IRQ, ERR_IRQ, TIMER_IRQ = 0x40, 0x20, 0x10, 0x02, 0x01
CRC_IRQ = 0x04  # DivIrqReg
BUFFER_OVFL, COLL_ERR, CRC_ERR = 0x10, 0x08, 0x04
FLUSH, START_SEND, T_AUTO, CRC_EN = 0x80, 0x80, 0x80, 0x80
VALUES_AFTER_COLL, COLL_POS_NOT_VALID = 0x80, 0x20

# Reset values (datasheet 9.3, one table per register; docs/twin.md "MFRC522"); every
# other register resets to 0x00.
_RESET = {COMMAND: 0x20, COM_IEN: 0x80, COM_IRQ: 0x14, 0x0B: 0x08, CONTROL: 0x10,
          MODE: 0x3F, TX_CONTROL: 0x80, 0x16: 0x10, 0x17: 0x84, 0x18: 0x84, 0x19: 0x4D,
          0x1C: 0x62, 0x1F: 0xEB, CRC_RESULT_H: 0xFF, CRC_RESULT_L: 0xFF, 0x24: 0x26,
          0x26: 0x48, 0x27: 0x88, 0x28: 0x20, 0x29: 0x20}
_CRC_PRESETS = (0x0000, 0x6363, 0xA671, 0xFFFF)  # ModeReg CRCPreset[1:0]
FIFO_SIZE = 64
CLOCK_HZ = 13.56e6
# One bit at 106 kbit/s lasts 128 carrier periods: 128 / 13.56 MHz = 9.44 us. A byte is
# 8 bits + odd parity = 9 bit times (85 us); each frame adds start and end of
# communication (~2 bit times); a REQA short frame is 7 bits, no parity.
BIT_US = 128 / 13.56
# Reader-to-tag frame delay before an answer: 1172 / fc = 86.4 us (ISO/IEC 14443-3 6.2.1.1).
FDT_US = 1172 / 13.56


# RFCfgReg RxGain[2:0] -> dB (datasheet 9.3.3.6; 000b/001b repeat 010b/011b).
RX_GAIN_DB = (18, 23, 18, 23, 33, 38, 43, 48)
RESET_GAIN_DB = 33  # RFCfgReg reset value 48h: RxGain 100b
# How the decodable distance grows with the gain: a tag's load-modulation signal at the
# reader falls as d**-6 for coaxial loops well beyond their radius (the field that powers
# the tag falls as d**-3, the coupling back as d**-3), so G dB more gain reaches
# 10 ** (G / (20 * 6)) times as far. A model assumption, documented in docs/twin.md.
_FALLOFF = 6


def rx_range(gain_db):
    """Relative distance up to which an answer is decoded at ``gain_db``: 1.0 at the reset
    gain (33 dB), 0.75 at 18 dB, 1.33 at 48 dB (docs/twin.md "RF on the table")."""
    return 10 ** ((gain_db - RESET_GAIN_DB) / (20.0 * _FALLOFF))


def frame_bits(nbytes, last_bits):
    """Bit times of a frame of ``nbytes`` whose last byte has ``last_bits`` bits (0 = 8)."""
    if last_bits == 7 and nbytes == 1:
        return 7 + 2  # short frame
    if last_bits:
        return (nbytes - 1) * 9 + last_bits + 2
    return nbytes * 9 + 2


def _combine(answers):
    """OR of several answers, their longest bit count and the first differing bit (1-based,
    0 when they all agree)."""
    nbits = max(a[1] for a in answers)
    out = bytearray((nbits + 7) // 8)
    first = 0
    for bit in range(nbits):
        byte, mask = bit // 8, 1 << (bit % 8)  # LSB first on air
        values = set()
        for data, n in answers:
            values.add(bool(bit < n and data[byte] & mask))
        if True in values:
            out[byte] |= mask
        if len(values) > 1 and not first:
            first = bit + 1
    return out, nbits, first


class Mfrc522:
    """The reader chip. ``Mfrc522(version=0x92)``; ``place(tag)``, ``remove(tag)``, ``tags``."""

    def __init__(self, version=0x92, seed=0):
        self.version = version
        self.tags = []
        self.distance = {}  # tag -> relative distance from the antenna (0 = on the pad)
        self.max_answers = None
        self.unmodelled = []  # what the model met and does not model (and how it answered)
        self.internal = bytearray(_INTERNAL_BUFFER)  # Mem command buffer
        self._rng = random.Random(seed)
        self.nrstpd = 1
        self.next_error = 0
        self.trace = None
        self.exchanges = 0
        self.air_us = 0.0
        self.timer_us = 0.0
        self.regs = bytearray(64)
        self.fifo = bytearray()
        self.field = False
        self._first = True
        self._read_mode = False
        self._wreg = 0
        self._pending = 0
        self.powered = True
        self.miso_off = 0x00  # what MISO reads while the chip is unpowered
        self._reset()

    def power_off(self):
        """Fault: the chip loses power (or its cable): silent on SPI, field off."""
        self.powered = False
        self._reset()

    def power_on(self):
        """Power back: every register at its reset value (antenna off)."""
        self.powered = True
        self._reset()

    def set_nrstpd(self, level):
        """Drive pin NRSTPD: 0 = hard power-down (silent, field off), rising edge = reset."""
        level = 1 if level else 0
        if level == self.nrstpd:
            return
        self.nrstpd = level
        self._reset()  # entering power-down drops the field; leaving it is a reset

    def wire_nrstpd(self, pin):
        """Follow ``pin`` (a ``host_sim.machine.Pin``) as the chip's NRSTPD input."""
        pin.watch(self.set_nrstpd)
        self.set_nrstpd(pin.value())

    def _live(self):
        return self.powered and self.nrstpd

    # -- the field ------------------------------------------------------------------------------

    def place(self, tag, distance=0.0):
        """Put ``tag`` in the field (it powers up in IDLE if the antenna is on) at a relative
        ``distance`` (1.0 = the farthest an answer is decoded at the reset gain)."""
        self.tags.append(tag)
        self.distance[tag] = distance
        if self.field:
            tag.power_on()

    def remove(self, tag):
        """Take ``tag`` out of the field (it loses power and all state, unless another
        reader's field still powers it)."""
        self.tags.remove(tag)
        if tag not in self.tags:
            self.distance.pop(tag, None)
        if self.field:
            tag.power_off()

    def rx_gain(self):
        """The receiver gain in dB that RFCfgReg selects now."""
        return RX_GAIN_DB[(self.regs[RF_CFG] >> 4) & 0x07]

    def _set_field(self, on):
        if on != self.field:
            self.field = on
            for t in self.tags:
                t.power_on() if on else t.power_off()

    def _reset(self):
        self.regs[:] = bytes(64)
        for reg, v in _RESET.items():
            self.regs[reg] = v
        self.fifo = bytearray()
        self._set_field(False)

    # -- SPI ------------------------------------------------------------------------------------

    def spi_select(self):
        """CS went low: the next byte is an address."""
        self._first = True
        self._pending = 0

    def spi_deselect(self):
        """CS went high: the transaction is over."""
        self._first = True

    def spi_exchange(self, b):
        """One byte in on MOSI, one out on MISO (the value read by the previous byte)."""
        if not self._live():
            return self.miso_off  # nothing drives MISO (unpowered or hard power-down)
        out, self._pending = self._pending, 0
        if self._first:
            self._first = False
            self._read_mode = bool(b & 0x80)
            if self._read_mode:
                self._pending = self.read((b >> 1) & 0x3F)
            else:
                self._wreg = (b >> 1) & 0x3F
            return 0
        if self._read_mode:
            if b & 0x80:
                self._pending = self.read((b >> 1) & 0x3F)
        else:
            self.write(self._wreg, b)
        return out

    # -- registers ------------------------------------------------------------------------------

    def read(self, reg):
        """Value of register ``reg`` as the chip returns it (FIFODataReg pops a byte)."""
        if reg == FIFO_DATA:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == FIFO_LEVEL:
            return len(self.fifo)
        if reg == VERSION:
            return self.version
        if reg == STATUS1:  # IRq b4, CRCReady b5 (CalcCRC is instant), TRunning b3 never
            irq = self.regs[COM_IRQ] & self.regs[COM_IEN] & 0x7F
            return 0x20 | (0x10 if irq else 0)
        return self.regs[reg]

    def write(self, reg, v):
        """Write ``v`` to register ``reg`` with the side effects of the real chip."""
        r = self.regs
        if reg == FIFO_DATA:
            if len(self.fifo) < FIFO_SIZE:
                self.fifo.append(v)
            else:
                r[ERROR] |= BUFFER_OVFL
                r[COM_IRQ] |= ERR_IRQ
        elif reg == FIFO_LEVEL:
            if v & FLUSH:
                self.fifo = bytearray()
                r[ERROR] &= ~BUFFER_OVFL & 0xFF
        elif reg in (COM_IRQ, DIV_IRQ):
            r[reg] = (r[reg] | (v & 0x7F)) if v & SET else (r[reg] & ~v & 0x7F)
        elif reg == COMMAND:
            self._command(v)
        elif reg == BIT_FRAMING:
            r[reg] = v & 0x7F  # StartSend is a trigger: it reads back 0 here
            if v & START_SEND and r[COMMAND] & 0x0F == TRANSCEIVE:
                self._transceive()
        elif reg == TX_CONTROL:
            r[reg] = v
            self._set_field(bool(v & 0x03))
        elif reg == COLL:
            r[reg] = (r[reg] & 0x7F) | (v & VALUES_AFTER_COLL)
        elif reg == CONTROL:
            r[reg] = (r[reg] & 0x07) | (v & 0x38)  # TStopNow/TStartNow are triggers
        elif reg not in (ERROR, STATUS1, STATUS2, VERSION, CRC_RESULT_H, CRC_RESULT_L):
            r[reg] = v

    def _command(self, v):
        cmd = v & 0x0F
        if cmd == NO_CMD_CHANGE:
            cmd = self.regs[COMMAND] & 0x0F
        self.regs[COMMAND] = (v & 0x30) | cmd
        if cmd == SOFT_RESET:
            self._reset()  # CommandReg reads 0x20 again: PowerDown clear, reset over
        elif cmd == CALC_CRC:
            c = crc_a(self.fifo, crc=_CRC_PRESETS[self.regs[MODE] & 0x03])
            self.fifo = bytearray()  # the coprocessor takes the FIFO content
            self.regs[CRC_RESULT_L] = c & 0xFF
            self.regs[CRC_RESULT_H] = c >> 8
            self.regs[DIV_IRQ] |= CRC_IRQ
        elif cmd == TRANSMIT:
            frame = bytes(self.fifo)
            self.fifo = bytearray()
            self._on_air(frame, self.regs[BIT_FRAMING] & 0x07)
            self.regs[COM_IRQ] |= TX_IRQ | IDLE_IRQ
            self.regs[COMMAND] &= 0xF0
        elif cmd == MEM:
            self._mem()
        elif cmd == RANDOM_ID:
            self.internal[0:_RANDOM_ID] = bytes(self._rng.getrandbits(8)
                                                for _ in range(_RANDOM_ID))
            self._done()
        elif cmd == MF_AUTHENT:
            self._mf_authent()
        elif cmd not in (IDLE, TRANSCEIVE, RECEIVE):
            self._unmodelled("reserved command 0x%X: no action" % cmd)
            self.regs[COMMAND] &= 0xF0

    def _done(self):
        """A command that ends by itself: IdleIRq, back to Idle."""
        self.regs[COM_IRQ] |= IDLE_IRQ
        self.regs[COMMAND] &= 0xF0

    def _unmodelled(self, what):
        self.unmodelled.append(what)

    def _mem(self):
        """Mem (10.3.1.2): a full FIFO (25 bytes) goes to the internal buffer; with an
        empty FIFO the buffer comes back into the FIFO."""
        if self.fifo:
            self.internal[:] = (bytes(self.fifo[:_INTERNAL_BUFFER]) + bytes(_INTERNAL_BUFFER))[
                :_INTERNAL_BUFFER]
            self.fifo = self.fifo[_INTERNAL_BUFFER:]
        else:
            self.fifo = bytearray(self.internal)
        self._done()

    def _mf_authent(self):
        """MFAuthent (10.3.1.9): auth command and block address on air; the card must answer
        a 4-byte nonce. Anything else is a protocol error; silence leaves the command
        running until the timer fires (the datasheet asks for TAuto for that reason)."""
        r = self.regs
        frame = bytes(self.fifo[:2])
        self.fifo = bytearray()
        c = crc_a(frame)
        answers = self._on_air(frame + bytes((c & 0xFF, c >> 8)), 0)
        r[ERROR] &= BUFFER_OVFL
        if not answers:
            self._log(frame, None)
            self._timeout()
            return
        self._log(frame, answers[0][0])
        if len(answers) > 1 or answers[0][1] != 32:
            r[ERROR] |= PROTOCOL_ERR
            r[COM_IRQ] |= ERR_IRQ | IDLE_IRQ
            r[COMMAND] &= 0xF0
            return
        # A MIFARE Classic nonce: Crypto1 is not modelled, so the card never accepts the
        # reader's answer; the chip reports a timeout, as against a wrong key.
        self._unmodelled("MFAuthent against a card that sent a nonce: Crypto1")
        self._timeout()

    def _timeout(self):
        """Nobody answered: TimerIRq when the timer runs in TAuto mode."""
        r = self.regs
        if r[T_MODE] & T_AUTO:  # the timer started at the end of transmission
            prescaler = ((r[T_MODE] & 0x0F) << 8) | r[T_PRESCALER]
            reload = (r[T_RELOAD_H] << 8) | r[T_RELOAD_L]
            self.timer_us += (2 * prescaler + 1) * (reload + 1) / CLOCK_HZ * 1e6
            r[COM_IRQ] |= TIMER_IRQ

    # -- RF --------------------------------------------------------------------------------------

    def _on_air(self, frame, last_bits):
        """Send ``frame`` to every powered tag; return their answers."""
        self.exchanges += 1
        self.air_us += frame_bits(len(frame), last_bits) * BIT_US
        if not self.field:
            return []
        answers = []
        reach = rx_range(self.rx_gain())
        for tag in list(self.tags):
            a = tag.receive(frame, last_bits)
            if a is not None and self.distance.get(tag, 0.0) <= reach:
                answers.append(a)
        return answers

    def _transceive(self):
        r = self.regs
        if r[BIT_FRAMING] & 0x70:  # the tag model does not take partial NVB: it is silent
            self._unmodelled("RxAlign %d (bit-oriented anticollision)"
                             % ((r[BIT_FRAMING] >> 4) & 7))
        frame = bytes(self.fifo)
        self.fifo = bytearray()
        last_bits = r[BIT_FRAMING] & 0x07
        if r[TX_MODE] & CRC_EN:
            c = crc_a(frame)
            frame += bytes((c & 0xFF, c >> 8))
        answers = self._on_air(frame, last_bits)
        r[ERROR] &= BUFFER_OVFL  # the other error bits start afresh with each reception
        if not answers or (self.max_answers is not None and len(answers) > self.max_answers):
            self._log(frame, None)
            self._timeout()
            return
        data, nbits, coll = _combine(answers)
        self.air_us += FDT_US + frame_bits(len(data), nbits % 8) * BIT_US
        err = self.next_error
        self.next_error = 0
        if coll:
            err |= COLL_ERR
            r[COLL] = (r[COLL] & VALUES_AFTER_COLL) | (
                (coll & 0x1F) if coll <= 32 else COLL_POS_NOT_VALID)
            if not r[COLL] & VALUES_AFTER_COLL:
                for bit in range(coll, nbits):  # bits received after the collision
                    data[bit // 8] &= ~(1 << (bit % 8)) & 0xFF
        if r[RX_MODE] & CRC_EN and nbits % 8 == 0 and len(data) >= 3:
            if crc_a(data, len(data) - 2) != data[-2] | (data[-1] << 8):
                err |= CRC_ERR
            data = data[:-2]
            nbits -= 16
        self._log(frame, bytes(data))
        if len(data) > FIFO_SIZE:
            err |= BUFFER_OVFL
            data = data[:FIFO_SIZE]
        self.fifo = bytearray(data)
        r[CONTROL] = (r[CONTROL] & 0xF8) | (nbits % 8)
        r[ERROR] |= err
        r[COM_IRQ] |= RX_IRQ | (ERR_IRQ if r[ERROR] else 0)

    def _log(self, frame, answer):
        if self.trace is not None:
            self.trace.append((frame, answer))

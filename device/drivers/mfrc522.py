"""MFRC522 driver: reads the NTAG21x tag of a card over an injected SPI bus.

``MFRC522(spi, cs, rst=None)`` takes a configured ``machine.SPI`` (mode 0, MSB first,
<= 10 MHz) and its chip-select pin; ``boards/`` builds both, the desktop twin hands in
``host_sim.machine`` objects with the register model behind them.

Failure convention (STYLE.md 8): "no card in the field" is a plain ``None`` (or False);
anything that went wrong on the air raises one of the closed family below, never a card:

    NfcError            base
      NfcTimeout        a tag that was answering went silent (left mid-exchange, flicker)
      NfcCollision      two or more tags answered at once (CollErr): which card is unknown
      NfcCrcError       CRC_A or BCC of an answer is wrong (a flipped byte)
      NfcNak            the tag refused a command (4-bit NAK; ``code``)
      NfcProtocolError  a garbled, short or unexpected answer, or a foreign tag type

``DeviceNotFound`` (an ``OSError``) means the chip itself is missing or dead.

How the firmware loop uses it (docs/twin.md "RF on the table", "tag lingering"):
``read_card()`` wakes only tags in IDLE (REQA), reads the one it finds and halts it (HLTA),
so a card lying on the pad stays silent to later ``read_card()`` calls and a new card
placed on top is read alone. ``tag_present()`` also reaches halted tags (WUPA), so the loop
can tell "card still on the pad" from "card taken away". Nothing here resets the reader
between polls: a soft reset switches the field off and would wake every halted card.

After a fault the tag is left mid-activation (READY or ACTIVE). ISO/IEC 14443-3 sends it
back to IDLE without an answer on the next REQA, so the poll after a fault returns None and
the one after reads the card again; ``tag_present()`` allows for that with a second WUPA.

Bus traffic: every register access is one CS-low transaction (``_read_reg``,
``_write_reg``), FIFO transfers are one burst each (``_read_fifo``, ``_write_fifo``;
MFRC522 datasheet 8.1.2). Every ISO 14443 exchange goes through ``_transceive``. CRC_A
is computed in software (``core.crc``) rather than by the CalcCRC coprocessor: it saves
the 10+ SPI transactions of a coprocessor run per frame and checks answers the same way.
"""

from core.compat import const
from core.crc import crc_a
from core.tags import bytes_needed
from device import timing
from device.drivers.errors import (DeviceNotFound, NfcCollision, NfcCrcError, NfcError,  # noqa: F401
                                   NfcNak, NfcProtocolError, NfcTimeout)

# Registers (MFRC522 datasheet 9.2; docs/twin.md "MFRC522")
_REG_COMMAND = const(0x01)  # CommandReg
_REG_COM_IRQ = const(0x04)  # ComIrqReg (b7 Set1)
_REG_ERROR = const(0x06)  # ErrorReg
_REG_FIFO_DATA = const(0x09)  # FIFODataReg
_REG_FIFO_LEVEL = const(0x0A)  # FIFOLevelReg (b7 FlushBuffer)
_REG_CONTROL = const(0x0C)  # ControlReg ([2:0] RxLastBits)
_REG_BIT_FRAMING = const(0x0D)  # BitFramingReg (b7 StartSend, [2:0] TxLastBits)
_REG_COLL = const(0x0E)  # CollReg ([4:0] CollPos, 0 = bit 32)
_REG_MODE = const(0x11)  # ModeReg
_REG_TX_CONTROL = const(0x14)  # TxControlReg (b1 Tx2RFEn, b0 Tx1RFEn)
_REG_TX_ASK = const(0x15)  # TxASKReg (b6 Force100ASK)
_REG_RF_CFG = const(0x26)  # RFCfgReg ([6:4] RxGain)
_REG_T_MODE = const(0x2A)  # TModeReg (b7 TAuto, [3:0] TPrescaler_Hi)
_REG_T_PRESCALER = const(0x2B)  # TPrescalerReg (TPrescaler_Lo)
_REG_T_RELOAD_H = const(0x2C)  # TReloadRegH
_REG_T_RELOAD_L = const(0x2D)  # TReloadRegL
_REG_VERSION = const(0x37)  # VersionReg
# Not used: ComIEnReg 0x02 / DivIEnReg 0x03 (IRQ pin), DivIrqReg 0x05 and CRCResultReg
# 0x21/0x22 (CalcCRC coprocessor), TxModeReg/RxModeReg 0x12/0x13 (reset value = 106 kbit/s,
# no hardware CRC: what we want).

# CommandReg commands and bits
_CMD_IDLE = const(0x00)  # Idle: ends any running command
_CMD_TRANSCEIVE = const(0x0C)  # Transceive: send the FIFO, then receive
_CMD_SOFT_RESET = const(0x0F)  # SoftReset
_POWER_DOWN = const(0x10)  # CommandReg b4 PowerDown: set until the soft reset is over

_FLUSH = const(0x80)  # FIFOLevelReg FlushBuffer
_START_SEND = const(0x80)  # BitFramingReg StartSend
_IRQ_CLEAR_ALL = const(0x7F)  # ComIrqReg with Set1 = 0 clears every bit written as 1
_IRQ_RX = const(0x20)  # ComIrqReg RxIRq: a frame was received
_IRQ_ERR = const(0x02)  # ComIrqReg ErrIRq: some ErrorReg bit is set
# ComIrqReg HiAlertIRq: the FIFO holds >= 56 bytes (WaterLevelReg at its reset value 8).
# Never raised by our frames (<= 9 bytes out, <= 18 in): a chip that reports it is not
# there, and the bus reads a floating MISO as 0xFF.
_IRQ_HI_ALERT = const(0x08)
_IRQ_TIMER = const(0x01)  # ComIrqReg TimerIRq: the timer ran out (nobody answered)
_ERR_BUFFER_OVFL = const(0x10)  # ErrorReg BufferOvfl
_ERR_COLL = const(0x08)  # ErrorReg CollErr
_ERR_PARITY = const(0x02)  # ErrorReg ParityErr
_ERR_PROTOCOL = const(0x01)  # ErrorReg ProtocolErr
# ErrorReg CRCErr (0x04) is only set with RxCRCEn, which stays off: CRC_A is checked here.

_MODE_CRC_6363 = const(0x3D)  # ModeReg: TxWaitRF, PolMFin high, CRCPreset 01 = 6363h
_FORCE_100ASK = const(0x40)  # TxASKReg: 100 % ASK, as ISO/IEC 14443A requires
_ANTENNA_ON = const(0x03)  # TxControlReg Tx1RFEn | Tx2RFEn

# Timer (datasheet 8.5): TAuto starts it at the end of each transmission and the 5th
# received bit stops it, so it measures the tag's answer delay only.
# TPrescaler 0x0A9 = 169: f_timer = 13.56 MHz / (2 x 169 + 1) = 40 kHz -> 25 us per tick;
# a timeout is (TReload + 1) ticks.
_T_MODE_AUTO = const(0x80)  # TModeReg: TAuto, TPrescaler_Hi = 0
_T_PRESCALER = const(0xA9)  # TPrescalerReg = 169
# (39 + 1) x 25 us = 1 ms: HLTA counts as done after 1 ms of silence (ISO/IEC 14443-3
# 6.4.3).
_T_SHORT = const(39)
# (11 + 1) x 25 us = 300 us: REQA/WUPA are answered after FDT = 1236/fc = 91 us (ISO/IEC
# 14443-3 6.2.1.1) and the timer stops on the answer's first bits, so 300 us (3x the FDT)
# is ample. Empty polls cost this (1 ms before issue 19).
_T_WAKE = const(11)
# (199 + 1) x 25 us = 5 ms: anticollision, SELECT, READ (answers within about 0.1 ms).
_T_COMMAND = const(199)
# (399 + 1) x 25 us = 10 ms: WRITE's ACK follows the EEPROM programming (the whole WRITE
# takes 4.6 ms, docs/twin.md "ISO/IEC 14443-3").
_T_WRITE = const(399)
# Backstop for the IRQ wait when the chip never raises TimerIRq: one poll is a 2-byte SPI
# transaction (1.6 us at the 10 MHz maximum, plus call overhead: >= 2 us), so 5000 polls
# last >= 10 ms, the longest timer; a working chip always ends the wait first.
_IRQ_POLLS = const(5000)
_RESET_POLLS = const(50)  # 50 x 1 ms for the soft reset (miguelbalboa PCD_Init waits 50 ms)

# ISO/IEC 14443-3 Type A and NTAG21x commands (docs/twin.md "ISO/IEC 14443-3", "NTAG213")
_REQA = b"\x26"  # REQA, 7-bit short frame
_WUPA = b"\x52"  # WUPA, 7-bit short frame: also wakes tags in HALT
_HLTA = b"\x50\x00\x57\xcd"  # HLTA 50 00 + CRC_A 57 CD (docs/twin.md "ISO/IEC 14443-3" vector)
_SEL_CL1 = const(0x93)  # SEL cascade level 1 (CL2 0x95, CL3 0x97)
_NVB_ANTICOLL = const(0x20)  # NVB: 2 bytes sent, tag sends its 5 CL bytes
_NVB_SELECT = const(0x70)  # NVB: 7 bytes sent, the full CL bytes
_CT = const(0x88)  # cascade tag: this level's UID is incomplete
_SAK_CASCADE = const(0x04)  # SAK bit 2: UID not complete
_SAK_TYPE2 = const(0x00)  # final SAK of NTAG21x / Ultralight (docs/twin.md "ISO/IEC 14443-3")
_READ = const(0x30)  # NTAG READ: 4 pages
_WRITE = const(0xA2)  # NTAG WRITE: 1 page
_ACK = const(0x0A)  # 4-bit ACK
_FIRST_USER_PAGE = const(4)  # pages 0-3: UID, lock bytes and CC (read-only or OTP)

# FIFO address bytes, (_REG_FIFO_DATA << 1) & 0x7E = 0x12, | 0x80 for reads.
_FIFO_W = b"\x12"  # address byte of a FIFO write
_FIFO_R = const(0x92)  # the same | 0x80: address byte of a FIFO read
_FIFO_R1 = b"\x92"  # ... as the first byte of a burst read
_RX_MAX = const(18)  # longest answer we accept: READ = 16 data bytes + CRC_A
# RFCfgReg RxGain[2:0] (datasheet 9.3.3.6): the receiver's voltage gain in dB for each
# code; 000b/001b repeat 010b/011b. The reset value 48h holds code 100b = 33 dB.
RX_GAIN_DB = (18, 23, 18, 23, 33, 38, 43, 48)
_RF_CFG_RESERVED = const(0x08)  # RFCfgReg bits 3..0: reserved, keep the reset value 8h

_VERSIONS = (0x88, 0x90, 0x91, 0x92)  # FM17522 clone, v0.0, v1.0, v2.0 (miguelbalboa)


class MFRC522:
    """One MFRC522 reader (one seat pad) on an SPI bus.

    ``spi``: a configured ``machine.SPI``-like bus; ``cs``: its chip-select pin, set up
    here as an output idling high; ``rst``: optional NRSTPD pin, pulsed for a hard reset.
    Raises :class:`DeviceNotFound` when VersionReg is not 0x88/0x90/0x91/0x92; with
    ``required=False`` the reader starts offline instead (``version`` None: every read
    raises DeviceNotFound until :meth:`revive` succeeds), so a pad whose cable is loose at
    power-on does not stop the board.

    ``rx_gain``: the receiver gain in dB written to RFCfgReg RxGain at every reset (18,
    23, 33, 38, 43 or 48, datasheet 9.3.3.6; ValueError otherwise); the board module
    says which (``boards/*.py`` ``RX_GAIN``; docs/twin.md "RF on the table").

    ``read_card()``, ``tag_present()``, ``holds()`` and ``write_page()`` are the firmware
    API; see the module docstring for the failure convention and the halt-based debounce.
    """

    def __init__(self, spi, cs, rst=None, required=True, rx_gain=33):
        if rx_gain not in RX_GAIN_DB:
            raise ValueError("RxGain %r dB: the MFRC522 has 18, 23, 33, 38, 43, 48"
                             % (rx_gain,))
        self.rx_gain = rx_gain
        self._spi = spi
        self._cs = cs
        cs.init(cs.OUT, value=1)
        self._buf = bytearray(2)  # one register transaction: address, value
        self._rx = bytearray(_RX_MAX)  # the last answer
        self._rxmv = memoryview(self._rx)
        tx = memoryview(bytearray(9))  # longest frame sent: SELECT (9 bytes)
        self._tx_anticoll = tx[:2]  # SEL NVB
        self._tx_read = tx[:4]  # 30 page CRC_A
        self._tx_write = tx[:8]  # A2 page d0 d1 d2 d3 CRC_A
        self._tx_select = tx[:9]  # SEL 70 uid0..uid3 BCC CRC_A
        self._reload = -1  # TReload now in the chip (-1 = unknown)
        if rst is not None:
            rst.init(rst.OUT, value=0)  # NRSTPD low: hard power-down
            timing.sleep_ms(1)
            rst.value(1)  # the rising edge resets the chip
            timing.sleep_ms(50)  # oscillator start-up, as miguelbalboa PCD_Init
        self.version = None  # None while the chip does not answer (see revive)
        try:
            self.revive()
        except DeviceNotFound:
            if required:
                raise

    def revive(self):
        """(Re)initialise the chip: check VersionReg, soft reset, timer, field on.

        For a reader that stopped answering (cable, brown-out) and came back: every
        register is set again, so nothing of its old state is trusted. Raises
        :class:`DeviceNotFound` while VersionReg is not 0x88/0x90/0x91/0x92 (the reader
        stays offline: ``version`` is None)."""
        version = self._read_reg(_REG_VERSION)
        if version not in _VERSIONS:
            self.version = None
            raise DeviceNotFound("MFRC522 not responding on cs=%s (VersionReg 0x%02X)"
                                 % (self._cs, version))
        self.reset()
        self.version = version

    # -- bus seam ---------------------------------------------------------------------------

    def _read_reg(self, reg):
        b = self._buf
        b[0] = ((reg << 1) & 0x7E) | 0x80
        b[1] = 0
        self._cs(0)
        try:
            self._spi.write_readinto(b, b)
        finally:
            self._cs(1)
        return b[1]

    def _write_reg(self, reg, value):
        b = self._buf
        b[0] = (reg << 1) & 0x7E
        b[1] = value
        self._cs(0)
        try:
            self._spi.write(b)
        finally:
            self._cs(1)

    def _read_fifo(self, buf, n):
        """Burst-read ``n`` FIFO bytes into ``buf``: send the address n times, then 0x00."""
        if n == 0:
            return
        self._cs(0)
        try:
            self._spi.write(_FIFO_R1)  # first address; what comes back is meaningless
            self._spi.readinto(buf[:n - 1], _FIFO_R)
            self._spi.readinto(buf[n - 1:n], 0)
        finally:
            self._cs(1)

    def _write_fifo(self, data):
        self._cs(0)
        try:
            self._spi.write(_FIFO_W)
            self._spi.write(data)
        finally:
            self._cs(1)

    # -- chip set-up --------------------------------------------------------------------------

    def reset(self):
        """Soft-reset the chip, set its timer and modulation, switch the field on.

        The field goes off during the reset, so every tag (halted ones too) powers up
        again in IDLE. Raises :class:`DeviceNotFound` if the reset never ends.
        """
        self._write_reg(_REG_COMMAND, _CMD_SOFT_RESET)
        for _ in range(_RESET_POLLS):
            timing.sleep_ms(1)
            if not self._read_reg(_REG_COMMAND) & _POWER_DOWN:
                break
        else:
            raise DeviceNotFound("MFRC522 on cs=%s stuck in soft reset" % (self._cs,))
        self._write_reg(_REG_T_MODE, _T_MODE_AUTO)
        self._write_reg(_REG_T_PRESCALER, _T_PRESCALER)
        self._reload = -1
        self._set_timeout(_T_COMMAND)
        self._write_reg(_REG_TX_ASK, _FORCE_100ASK)
        self._write_reg(_REG_MODE, _MODE_CRC_6363)
        code = RX_GAIN_DB.index(self.rx_gain, 2)  # 010b..111b: 000b/001b only repeat them
        self._write_reg(_REG_RF_CFG, code << 4 | _RF_CFG_RESERVED)
        self.antenna(True)

    def antenna(self, on):
        """Switch the 13.56 MHz field on or off (off powers every tag down)."""
        v = self._read_reg(_REG_TX_CONTROL)
        self._write_reg(_REG_TX_CONTROL, v | _ANTENNA_ON if on else v & ~_ANTENNA_ON)

    def _set_timeout(self, reload):
        if reload != self._reload:
            self._write_reg(_REG_T_RELOAD_H, reload >> 8)
            self._write_reg(_REG_T_RELOAD_L, reload & 0xFF)
            self._reload = reload

    # -- ISO 14443 exchange -------------------------------------------------------------------

    def _transceive(self, data, tx_last_bits=0):
        """Send the frame ``data`` and receive the answer into ``self._rx``.

        ``tx_last_bits``: valid bits of the last byte (7 for REQA/WUPA, 0 = all 8).
        Returns the number of bits received, or None when the chip timer ran out with no
        answer. Raises NfcCollision on CollErr, NfcProtocolError on parity, protocol or
        FIFO overflow errors and on answers longer than 18 bytes, DeviceNotFound when the
        chip raises neither RxIRq nor TimerIRq, or HiAlertIRq (a floating MISO reads 0xFF).
        """
        self._write_reg(_REG_COMMAND, _CMD_IDLE)  # end whatever ran before
        self._write_reg(_REG_COM_IRQ, _IRQ_CLEAR_ALL)  # Set1 = 0: clear all IRQ bits
        self._write_reg(_REG_FIFO_LEVEL, _FLUSH)
        self._write_fifo(data)
        self._write_reg(_REG_COMMAND, _CMD_TRANSCEIVE)
        self._write_reg(_REG_BIT_FRAMING, _START_SEND | tx_last_bits)  # on air now
        for _ in range(_IRQ_POLLS):
            irq = self._read_reg(_REG_COM_IRQ)
            if irq & (_IRQ_RX | _IRQ_ERR | _IRQ_TIMER):
                break
        else:
            raise DeviceNotFound("MFRC522 on cs=%s: no RxIRq or TimerIRq" % (self._cs,))
        if irq & _IRQ_HI_ALERT:
            raise DeviceNotFound("MFRC522 on cs=%s: ComIrqReg 0x%02X, not a chip"
                                 % (self._cs, irq))
        if irq & _IRQ_ERR:
            err = self._read_reg(_REG_ERROR)
            if err & _ERR_COLL:
                bit = self._read_reg(_REG_COLL) & 0x1F or 32
                raise NfcCollision("two or more tags answered (first collision at bit %d)"
                                   % bit, bit)
            if err & (_ERR_BUFFER_OVFL | _ERR_PARITY | _ERR_PROTOCOL):
                raise NfcProtocolError("garbled answer (ErrorReg 0x%02X)" % err)
        if not irq & _IRQ_RX:
            return None
        n = self._read_reg(_REG_FIFO_LEVEL) & 0x7F
        if n > _RX_MAX:
            raise NfcProtocolError("answer of %d bytes, at most %d expected" % (n, _RX_MAX))
        last = self._read_reg(_REG_CONTROL) & 0x07
        self._read_fifo(self._rxmv, n)
        return (n - 1) * 8 + last if last and n else n * 8

    def _check_crc(self, n, what):
        """Raise NfcCrcError unless ``_rx[n:n+2]`` is the CRC_A of ``_rx[:n]``."""
        c = crc_a(self._rx, n)
        if self._rx[n] != c & 0xFF or self._rx[n + 1] != c >> 8:
            raise NfcCrcError("%s answer fails CRC_A (%02X %02X, expected %02X %02X)"
                              % (what, self._rx[n], self._rx[n + 1], c & 0xFF, c >> 8))

    @staticmethod
    def _put_crc(buf, n):
        c = crc_a(buf, n)
        buf[n] = c & 0xFF
        buf[n + 1] = c >> 8

    def _wake(self, frame):
        """REQA or WUPA: True when a tag answered ATQA, False when nothing answered."""
        self._set_timeout(_T_WAKE)
        bits = self._transceive(frame, 7)
        if bits is None:
            return False
        if bits != 16:
            raise NfcProtocolError("ATQA of %d bits, 16 expected" % bits)
        return True

    def _select(self):
        """Anticollision + SELECT through cascade levels 1-3; returns ``(uid, sak)``.

        4-byte UIDs finish at CL1, 7-byte at CL2 (CL1 carries CT 88 + UID0..2), 10-byte at
        CL3 (ISO/IEC 14443-3 6.5.4). Checks each BCC, each SAK's CRC_A and that the SAK
        cascade bit agrees with the cascade tag. Collisions are reported, never resolved.
        """
        self._set_timeout(_T_COMMAND)
        uid = bytearray(10)
        size = 0
        ac = self._tx_anticoll
        sel = self._tx_select
        rx = self._rx
        for level in range(3):
            ac[0] = _SEL_CL1 + 2 * level  # 0x93, 0x95, 0x97
            ac[1] = _NVB_ANTICOLL
            bits = self._transceive(ac)
            if bits is None:
                raise NfcTimeout("no answer to ANTICOLLISION CL%d" % (level + 1))
            if bits != 40:
                raise NfcProtocolError("ANTICOLLISION CL%d answer of %d bits, 40 expected"
                                       % (level + 1, bits))
            if rx[0] ^ rx[1] ^ rx[2] ^ rx[3] != rx[4]:
                raise NfcCrcError("CL%d BCC %02X does not match %02X %02X %02X %02X"
                                  % (level + 1, rx[4], rx[0], rx[1], rx[2], rx[3]))
            sel[0] = ac[0]
            sel[1] = _NVB_SELECT
            for k in range(5):
                sel[2 + k] = rx[k]
            self._put_crc(sel, 7)
            bits = self._transceive(sel)
            if bits is None:
                raise NfcTimeout("no SAK to SELECT CL%d" % (level + 1))
            if bits != 24:
                raise NfcProtocolError("SAK of %d bits, 24 expected" % bits)
            self._check_crc(1, "SAK")
            sak = rx[0]
            cascade = sel[2] == _CT and level < 2
            if bool(sak & _SAK_CASCADE) != cascade:
                raise NfcProtocolError("SAK 0x%02X disagrees with CL%d bytes %02X.."
                                       % (sak, level + 1, sel[2]))
            first = 3 if cascade else 2  # skip the cascade tag
            for k in range(first, 6):
                uid[size] = sel[k]
                size += 1
            if not cascade:
                return bytes(uid[:size]), sak
        raise NfcProtocolError("UID longer than 10 bytes")  # unreachable: CL3 never cascades

    def _read(self, page):
        """READ 4 pages from ``page``: 16 bytes, CRC_A checked."""
        t = self._tx_read
        t[0] = _READ
        t[1] = page
        self._put_crc(t, 2)
        bits = self._transceive(t)
        if bits is None:
            raise NfcTimeout("no answer to READ %d" % page)
        if bits == 4:
            raise NfcNak(self._rx[0] & 0x0F, "READ %d" % page)
        if bits != 8 * _RX_MAX:
            raise NfcProtocolError("READ %d answer of %d bits, 144 expected" % (page, bits))
        self._check_crc(16, "READ")
        return bytes(self._rxmv[:16])

    def _halt(self, reload=_T_SHORT):
        """HLTA: success is silence for 1 ms (ISO/IEC 14443-3 6.4.3); ``reload`` = _T_WAKE
        waits only 300 us, for a caller that ignores the answer anyway."""
        self._set_timeout(reload)
        bits = self._transceive(_HLTA)
        if bits is not None:
            raise NfcProtocolError("tag answered HLTA (%d bits), so it is not halted" % bits)

    def _halt_quietly(self, reload=_T_SHORT):
        """HLTA after the useful work is done: a tag that answers it is only left awake
        (it comes back once on a later poll, which the firmware debounces by UID)."""
        try:
            self._halt(reload)
        except NfcError:
            pass

    def _activate(self, frame, tries=1):
        """Wake (REQA/WUPA, up to ``tries`` times) and select one Type 2 tag; uid or None."""
        for _ in range(tries):
            if self._wake(frame):
                break
        else:
            return None
        uid, sak = self._select()
        if sak != _SAK_TYPE2:
            self._halt_quietly()  # one refusal per placement, not one every other poll
            raise NfcProtocolError("tag %s has SAK 0x%02X: not an NFC Forum Type 2 tag"
                                   % (_hex(uid), sak))
        return uid

    # -- firmware API --------------------------------------------------------------------------

    def read_card(self, known=None, halt=True):
        """Read the one new card on the pad: ``(uid, page4)`` or None when no tag answers.

        REQA wakes only tags in IDLE: cards read before are halted and stay silent, so a
        card lying under the new one does not collide with it (docs/twin.md "RF"). WUPA is
        not used here for that reason. Sequence: REQA, anticollision + SELECT with the full
        UID (4/7/10 bytes), READ page 4 (16 bytes, CRC_A checked), HLTA. ``uid`` is bytes,
        ``page4`` the 16 bytes that :func:`core.tags.decode_card` reads.

        ``known(uid) -> bool``: when it answers True (a UID of an audited deck) the READ
        is skipped and ``page4`` is None. ``halt=False`` leaves the tag selected: the
        caller sends :meth:`halt` later (after the LCD update: the HLTA's 1 ms of silence
        then no longer delays the verdict).

        Raises NfcCollision when two tags answer (no card is guessed), NfcCrcError,
        NfcNak, NfcTimeout, NfcProtocolError (also for a tag that is not Type 2; that tag
        is halted first so it is refused once per placement). A tag that answers HLTA is
        only left awake: its read stands, and the firmware debounces the repeat by UID.
        """
        if self.version is None:
            raise DeviceNotFound("MFRC522 on cs=%s is offline" % (self._cs,))
        uid = self._activate(_REQA)
        if uid is None:
            return None
        page4 = None
        if known is None or not known(uid):
            page4 = self._read(_FIRST_USER_PAGE)
            if bytes_needed(page4) > len(page4):  # the NDEF TLV lies past the first READ
                page4 = self._read_more(page4)
        if halt:
            self._halt_quietly()
        return uid, page4

    def halt(self, confirm=True):
        """HLTA to the tag :meth:`read_card` left selected (``halt=False``); a tag that
        answers is only left awake (see read_card). ``confirm=False`` waits 300 us instead
        of the 1 ms of ISO/IEC 14443-3 6.4.3 (an NTAG never answers HLTA, and the answer is
        ignored either way): the between-pads check sends it before the verdict. Raises
        DeviceNotFound when the chip itself does not answer."""
        self._halt_quietly(_T_SHORT if confirm else _T_WAKE)

    def _read_more(self, data):
        """READ 4 pages at a time after ``data`` until :func:`core.tags.bytes_needed` is
        met (at most the 144 bytes of NTAG213 user memory, pages 4-39)."""
        data = bytes(data)
        while bytes_needed(data) > len(data):
            data += bytes(self._read(_FIRST_USER_PAGE + len(data) // 4))
        return data

    def tag_present(self):
        """True while any tag, halted ones included, is in the field.

        WUPA reaches IDLE and HALT tags; a collision or a garbled answer also means a tag
        is there. A tag left in READY/ACTIVE by a fault drops silently to IDLE on the
        first WUPA, so a silent first WUPA is repeated once before answering False. The
        HLTA sent afterwards is an unexpected command in READY1, which returns each tag to
        the state WUPA found it in (NTAG21x datasheet 8.4): halted cards stay halted,
        unread cards stay readable by REQA.
        """
        if self.version is None:
            raise DeviceNotFound("MFRC522 on cs=%s is offline" % (self._cs,))
        for _ in range(2):
            try:
                if self._wake(_WUPA):
                    break
            except NfcError:
                break
        else:
            return False
        self._halt_quietly()
        return True

    def holds(self, uid):
        """True when the tag ``uid`` (idle or halted) answers in this reader's field: a card
        read on another pad that also lies across this one.

        WUPA (wakes IDLE and HALT tags), then SELECT by the known UID, cascade level by
        level (ISO/IEC 14443-3 6.5.3: only the tag whose UID matches answers SAK; the
        others fall back to their state, NTAG21x datasheet 8.4), then HLTA, which halts the
        matched tag and returns the others to HALT/IDLE as in :meth:`tag_present`. No
        answer to WUPA or to a SELECT: False. Any garbled answer to the SELECT (collision,
        CRC, protocol) counts as True: something answered that UID, and the caller must not
        guess. Costs one WUPA (300 us timer) on an empty field; DeviceNotFound when the
        chip itself does not answer.
        """
        if self.version is None:
            raise DeviceNotFound("MFRC522 on cs=%s is offline" % (self._cs,))
        try:
            if not self._wake(_WUPA):
                return False
        except NfcError:
            pass  # ATQAs of different tag types collide: tags are there, select anyway
        try:
            return self._select_uid(bytes(uid))
        except NfcError:
            return True
        finally:
            self._halt_quietly()

    def _select_uid(self, uid):
        """SELECT ``uid`` (4, 7 or 10 bytes) level by level; True when every level's SAK
        came back, False on silence."""
        if len(uid) not in (4, 7, 10):
            raise ValueError("a UID has 4, 7 or 10 bytes, not %d" % len(uid))
        self._set_timeout(_T_COMMAND)
        sel = self._tx_select
        levels = (len(uid) - 1) // 3  # 1, 2, 3 cascade levels
        at = 0
        for level in range(levels):
            sel[0] = _SEL_CL1 + 2 * level
            sel[1] = _NVB_SELECT
            if level < levels - 1:  # CT + 3 UID bytes
                part = bytes((_CT,)) + uid[at:at + 3]
                at += 3
            else:
                part = uid[at:at + 4]
            for k in range(4):
                sel[2 + k] = part[k]
            sel[6] = part[0] ^ part[1] ^ part[2] ^ part[3]
            self._put_crc(sel, 7)
            bits = self._transceive(sel)
            if bits is None:
                return False
            if bits != 24:
                raise NfcProtocolError("SAK of %d bits, 24 expected" % bits)
            self._check_crc(1, "SAK")
        return True

    def write_page(self, uid, page, data):
        """Write ``data`` (4 bytes, or a multiple of 4 for consecutive pages) from ``page``.

        Wakes the tag with WUPA (a card read before is halted; a silent WUPA is repeated
        once, as in :meth:`tag_present`), selects it and checks its UID is ``uid``, writes
        page by page (WRITE 0xA2, 4-bit ACK 0xA; NTAG21x datasheet 10.4), halts it.
        Returns True, or None when no tag answers. Pages below 4 (UID, lock bytes, CC:
        read-only or one-time programmable) raise ValueError, as does a length that is not
        a multiple of 4. Raises NfcNak (0x0 for a page past the end), the other NfcErrors,
        and NfcProtocolError when another tag (halted first) is in the field.
        """
        if page < _FIRST_USER_PAGE or not data or len(data) % 4:
            raise ValueError("write_page: page %d, %d bytes (pages >= 4, whole pages only)"
                             % (page, len(data)))
        got = self._activate(_WUPA, 2)  # 2: see tag_present()
        if got is None:
            return None
        if got != bytes(uid):
            self._halt_quietly()
            raise NfcProtocolError("tag %s in the field, not %s" % (_hex(got), _hex(uid)))
        self._set_timeout(_T_WRITE)
        t = self._tx_write
        for k in range(0, len(data), 4):
            t[0] = _WRITE
            t[1] = page + k // 4
            for j in range(4):
                t[2 + j] = data[k + j]
            self._put_crc(t, 6)
            bits = self._transceive(t)
            if bits is None:
                raise NfcTimeout("no ACK to WRITE %d" % t[1])
            if bits != 4:
                raise NfcProtocolError("WRITE %d answer of %d bits, 4 expected" % (t[1], bits))
            if self._rx[0] & 0x0F != _ACK:
                raise NfcNak(self._rx[0] & 0x0F, "WRITE %d" % t[1])
        self._halt_quietly()
        return True


def _hex(data):
    return " ".join(["%02X" % b for b in data])

"""The NFC half of the twin checked against the datasheets, command by command.

Sources (restated in docs/twin.md): NXP NTAG213/215/216 rev. 3.2 section 10 (commands,
ACK/NAK 9.3, COMPATIBILITY_WRITE 10.5, FAST_READ 10.3, READ_CNT 10.6, PWD_AUTH
10.7, READ_SIG 10.8, configuration pages 8.5.7); NXP MFRC522 rev. 3.9 section 10.3
(commands), 9.3.1.7 (ErrorReg), 9.3.1.5 (ComIrqReg), 9.3.1.9 (Status2Reg), 8.6.1 (NRSTPD).
The register sequences are the ones public MicroPython MFRC522 drivers send (their
``auth`` and ``_tocard``), described here as bytes, not copied.
"""

from core.crc import crc_a
from host_sim.chips.mfrc522 import Mfrc522
from host_sim.chips.ntag import ACTIVE, HALT, IDLE, Ntag213, with_crc
from host_sim.machine import Pin
from test_mfrc522 import Rig

UID = bytes.fromhex("047E1EBA532880")  # NTAG213 datasheet-style NXP UID (UID0 = 04)
ACK = (b"\x0a", 4)
NAK0 = (b"\x00", 4)


def active_tag(deck="skat", card="CJ"):
    """An NTAG213 taken from power-on to ACTIVE by REQA, CL1 and CL2 select (8.4)."""
    t = Ntag213(UID, deck, card)
    t.power_on()
    assert t.receive(b"\x26", 7) == (b"\x44\x00", 16)
    cl1 = t.receive(b"\x93\x20", 0)[0]
    assert t.receive(with_crc(b"\x93\x70" + cl1), 0) == (with_crc(b"\x04"), 24)
    cl2 = t.receive(b"\x95\x20", 0)[0]
    assert t.receive(with_crc(b"\x95\x70" + cl2), 0) == (with_crc(b"\x00"), 24)
    assert t.state == ACTIVE
    return t


def send(tag, data):
    return tag.receive(with_crc(bytes(data)), 0)


def read_pages(tag, page):
    data, bits = send(tag, (0x30, page))
    assert bits == 144 and crc_a(data, 16) == data[16] | (data[17] << 8)
    return data[:16]


# -- NTAG213 -----------------------------------------------------------------------------------

def test_compatibility_write_acks_twice_and_writes_bytes_0_to_3():
    """10.5: ACK to ``A0 addr``, then ACK to the 16-byte second part, of which bytes 0-3 go
    to the page; the tag stays ACTIVE and READ returns them."""
    t = active_tag()
    assert send(t, (0xA0, 0x05)) == ACK
    assert send(t, bytes(range(0x10, 0x20))) == ACK
    assert t.state == ACTIVE
    assert read_pages(t, 5)[:4] == b"\x10\x11\x12\x13"
    assert bytes(t.mem[20:24]) == b"\x10\x11\x12\x13"


def test_compatibility_write_refuses_a_bad_address_or_a_damaged_second_part():
    """An address outside 02h-2Ch gets NAK 0h and the tag leaves ACTIVE (10.5, 9.3); a
    second part with a wrong CRC_A gets NAK 1h and writes nothing."""
    t = active_tag()
    assert send(t, (0xA0, 0x2D)) == NAK0 and t.state == IDLE
    t = active_tag()
    assert send(t, (0xA0, 0x00)) == NAK0 and t.state == IDLE
    t = active_tag()
    before = bytes(t.mem)
    assert send(t, (0xA0, 0x06)) == ACK
    frame = bytearray(with_crc(bytes(16)))
    frame[-1] ^= 0xFF
    assert t.receive(bytes(frame), 0) == (b"\x01", 4)
    assert bytes(t.mem) == before and t.state == IDLE


def test_fast_read_returns_the_range_with_pwd_and_pack_as_zeros():
    """10.3: FAST_READ 00h..2Ch returns all 45 pages; PWD (2Bh) and PACK (2Ch) read 0;
    start > end or end > 2Ch is NAK 0h."""
    t = active_tag()
    data, bits = send(t, (0x3A, 0x00, 0x2C))
    assert bits == 45 * 32 + 16
    assert data[:-2] == bytes(t.mem[:0x2B * 4]) + bytes(8)
    assert data[:16] == read_pages(t, 0)
    assert send(t, (0x3A, 0x05, 0x04)) == NAK0 and t.state == IDLE
    t = active_tag()
    assert send(t, (0x3A, 0x00, 0x2D)) == NAK0


def test_read_cnt_needs_nfc_cnt_en_and_counts_the_first_read_after_power_on():
    """10.6 / 8.5.7: READ_CNT 02h is NAK 0h while ACCESS.NFC_CNT_EN (bit 4) is 0, as
    delivered; once set, the first READ after power-on increments the 24-bit counter."""
    t = active_tag()
    assert send(t, (0x39, 0x02)) == NAK0
    t = active_tag()
    access = bytes(t.mem[0x2A * 4:0x2A * 4 + 4])
    assert send(t, (0xA2, 0x2A, access[0] | 0x10) + tuple(access[1:])) == ACK
    assert send(t, (0x39, 0x02)) == (with_crc(b"\x00\x00\x00"), 40)
    read_pages(t, 4)
    read_pages(t, 8)  # only the first read after power-on counts
    assert send(t, (0x39, 0x02)) == (with_crc(b"\x01\x00\x00"), 40)
    assert send(t, (0x39, 0x01)) == NAK0  # only address 02h is valid


def test_pwd_auth_answers_pack_for_the_stored_password_else_nak():
    """10.7: PWD_AUTH with PWD (delivered FFFFFFFFh) answers PACK (delivered 0000h); a wrong
    password gets NAK and the tag falls back to IDLE."""
    t = active_tag()
    assert send(t, (0x1B, 0xFF, 0xFF, 0xFF, 0xFF)) == (with_crc(b"\x00\x00"), 32)
    assert send(t, (0x1B, 1, 2, 3, 4)) == NAK0 and t.state == IDLE


def test_read_sig_and_get_version():
    """10.8: READ_SIG 00h answers 32 bytes; 10.1: GET_VERSION answers the NTAG213 version
    00 04 04 02 01 00 0F 03; GET_VERSION with an argument is NAK 0h."""
    t = active_tag()
    t.signature = bytes(range(32))
    assert send(t, (0x3C, 0x00)) == (with_crc(bytes(range(32))), 272)
    assert send(t, (0x60,)) == (with_crc(bytes.fromhex("0004040201000F03")), 80)
    assert send(t, (0x60, 0x04)) == NAK0 and t.state == IDLE


def test_hlta_halts_and_only_wupa_wakes():
    """8.4: HLTA -> HALT; REQA is ignored in HALT, WUPA wakes to READY1."""
    t = active_tag()
    assert send(t, (0x50, 0x00)) is None and t.state == HALT
    assert t.receive(b"\x26", 7) is None
    assert t.receive(b"\x52", 7) == (b"\x44\x00", 16)


# -- MFRC522 -----------------------------------------------------------------------------------

class Chip(Rig):
    """Register access as the public drivers do it: address byte, then value."""

    def __init__(self):
        Rig.__init__(self)
        self.chip.trace = None
        self.cs(1)  # deselected: the first access's falling edge selects the chip

    w = Rig.wreg
    r = Rig.rreg

    def antenna_on(self):
        for reg, v in ((0x2A, 0x8D), (0x2B, 0x3E), (0x2D, 30), (0x2C, 0), (0x15, 0x40)):
            self.w(reg, v)  # TAuto, 25 ms timer, 100 % ASK: the drivers' init()
        self.w(0x14, self.r(0x14) | 0x03)

    def start(self, cmd, fifo):
        """A driver's _tocard preamble: IRQs cleared, FIFO flushed and filled, command."""
        self.w(0x01, 0x00)
        self.w(0x04, 0x7F)
        self.w(0x0A, 0x80)
        for b in fifo:
            self.w(0x09, b)
        self.w(0x01, cmd)


def selected_rig():
    c = Chip()
    c.antenna_on()
    tag = Ntag213(UID, "skat", "CJ")
    c.chip.place(tag)
    for frame, bits in ((b"\x26", 7), (b"\x93\x20", 0)):
        answer = tag.receive(frame, bits)
    tag.receive(with_crc(b"\x93\x70" + answer[0]), 0)
    cl2 = tag.receive(b"\x95\x20", 0)[0]
    tag.receive(with_crc(b"\x95\x70" + cl2), 0)
    assert tag.state == ACTIVE
    return c, tag


def test_mfauthent_against_an_ntag_ends_in_protocol_error_and_the_bus_still_works():
    """10.3.1.9: MFAuthent sends 60h + block with CRC_A; the NTAG213 answers a 4-bit NAK,
    not the 32-bit nonce, so ErrorReg ProtocolErr, ComIrqReg ErrIRq and IdleIRq; Status2Reg
    MFCrypto1On stays 0. A driver reads ErrorReg & 1Bh != 0: auth error. The next register
    access answers normally (no stuck chip select)."""
    c, tag = selected_rig()
    c.start(0x0E, bytes((0x60, 0x04)) + b"\xff" * 6 + UID[:4])
    irq = c.r(0x04)
    assert irq & 0x12 == 0x12 and irq & 0x01 == 0  # ErrIRq + IdleIRq, no TimerIRq
    assert c.r(0x06) & 0x1B == 0x01  # ProtocolErr only
    assert c.r(0x08) & 0x08 == 0
    assert c.r(0x01) & 0x0F == 0x0  # back to Idle
    assert tag.state == IDLE  # the NAK sent it back (8.4)
    assert c.r(0x37) == 0x92 and c.cs.value() == 1


def test_mfauthent_with_no_card_times_out_and_keeps_running():
    """10.3.1.9: with no answer the command does not end by itself; the TAuto timer raises
    TimerIRq, and only Idle stops it."""
    c = Chip()
    c.antenna_on()
    c.start(0x0E, bytes((0x60, 0x04)) + b"\xff" * 6 + UID[:4])
    assert c.r(0x04) & 0x13 == 0x01
    assert c.r(0x01) & 0x0F == 0x0E
    c.w(0x01, 0x00)
    assert c.r(0x01) & 0x0F == 0x0


def test_mem_and_generate_random_id_use_the_25_byte_internal_buffer():
    """10.3.1.2: Mem with 25 bytes in the FIFO stores them; Mem with an empty FIFO brings
    them back. 10.3.1.3: Generate RandomID replaces bytes 0-9 of the buffer."""
    c = Chip()
    data = bytes(range(1, 26))
    c.start(0x01, data)
    assert c.r(0x0A) == 0 and c.r(0x04) & 0x10
    c.start(0x01, b"")
    assert c.r(0x0A) == 25
    assert bytes(c.r(0x09) for _ in range(25)) == data
    c.start(0x02, b"")
    c.start(0x01, b"")
    back = bytes(c.r(0x09) for _ in range(25))
    assert back[10:] == data[10:] and back[:10] != data[:10]


def test_receive_and_reserved_commands_answer_without_raising():
    """Receive (10.3.1.7) waits for a frame no NTAG sends by itself: still running, no IRQ.
    A reserved code (05h) does nothing; it is logged in ``unmodelled``."""
    c = Chip()
    c.antenna_on()
    c.start(0x08, b"")
    assert c.r(0x01) & 0x0F == 0x08 and c.r(0x04) & 0x31 == 0
    c.start(0x05, b"")
    assert c.r(0x01) & 0x0F == 0x0 and c.chip.unmodelled


def test_bit_oriented_anticollision_is_a_timeout_not_an_exception():
    """RxAlign/TxLastBits (9.3.1.14) with a partial NVB: the tag model stays silent, the chip
    reports TimerIRq; the model logs what it did not model."""
    c, tag = selected_rig()
    c.w(0x0D, 0x00)
    c.start(0x0C, b"\x93\x21\x88")
    c.w(0x0D, 0x80 | 0x11)  # StartSend, RxAlign 1, TxLastBits 1
    assert c.r(0x04) & 0x21 == 0x01
    assert c.chip.unmodelled


def test_nrstpd_low_is_hard_power_down_and_its_rising_edge_a_reset():
    """8.6.1: NRSTPD low switches the chip off: the field drops (tags lose power), SPI is
    not answered; the rising edge resets every register (TxControlReg 80h: antenna off)."""
    c, tag = selected_rig()
    rst = Pin("rst", value=1)
    c.chip.wire_nrstpd(rst)
    c.w(0x24, 0x55)
    assert c.r(0x24) == 0x55
    rst(0)
    assert not tag.powered and not c.chip.field
    assert c.r(0x37) == c.chip.miso_off
    c.w(0x14, 0x83)  # lost: the chip is off
    assert not c.chip.field
    rst(1)
    assert c.r(0x37) == 0x92 and c.r(0x14) == 0x80 and c.r(0x24) == 0x26  # reset values
    assert not tag.powered

"""The MFRC522 driver against the register model, with NTAG213 tags in the field.

Sources: docs/twin.md "ISO/IEC 14443-3" (ISO 14443-3 frames, CRC_A), 1.2 (NTAG213, the NXP dump
UID 04 7E 1E BA 53 28 80), 1.3 (register semantics), 1.5 (field failure modes: collisions,
three tags -> timeouts, flipped bytes, lingering tags), 2.1 (the MicroPython drivers' exact
register traffic).
"""

import pytest

from core.cards import SKAT, TAROT
from core.errors import BadTag
from core.tags import decode_card, encode_card
from device.drivers.mfrc522 import (MFRC522, DeviceNotFound, NfcCollision, NfcCrcError, NfcNak,
                                    NfcProtocolError, NfcTimeout)
from host_sim.chips import mfrc522 as regs
from host_sim.chips.mfrc522 import Mfrc522
from host_sim.chips.ntag import Ntag213, with_crc
from host_sim.machine import SPI, Pin

NXP_UID = bytes.fromhex("047E1EBA532880")  # docs/twin.md "NTAG213" dump (BCC0 EC, BCC1 41)
OTHER_UID = bytes.fromhex("04112233445566")  # any second NXP UID (UID0 = 04)
THIRD_UID = bytes.fromhex("04A0B0C0D0E0F0")


class Rig:
    """An SPI bus with the chip model behind ``cs`` and our driver on top."""

    def __init__(self, version=0x92, attach=True):
        self.spi = SPI(baudrate=1000000)
        self.cs = Pin("cs")
        self.chip = Mfrc522(version)
        if attach:
            self.spi.attach(self.chip, self.cs)
        self.chip.trace = []

    def driver(self):
        return MFRC522(self.spi, self.cs)

    def wreg(self, reg, value):
        self.cs(0)
        self.spi.write(bytes(((reg << 1) & 0x7E, value)))
        self.cs(1)

    def rreg(self, reg):
        self.cs(0)
        self.spi.write(bytes((((reg << 1) & 0x7E) | 0x80,)))
        v = self.spi.read(1)[0]
        self.cs(1)
        return v


def card_tag(uid, deck="skat", code="CJ"):
    return Ntag213(uid, deck, code)


# -- the register model alone --------------------------------------------------------------------

def test_model_answers_the_micropython_drivers_request_traffic():
    """wendlers/cefn/danjperron init() and request(REQIDL), byte for byte as those drivers
    send them (docs/twin.md "Public drivers"), get ATQA 44 00 from an NTAG213."""
    rig = Rig()
    rig.chip.place(card_tag(NXP_UID))
    for reg, v in ((0x01, 0x0F), (0x2A, 0x8D), (0x2B, 0x3E), (0x2D, 30), (0x2C, 0),
                   (0x15, 0x40), (0x11, 0x3D)):
        rig.wreg(reg, v)
    rig.wreg(0x14, rig.rreg(0x14) | 0x03)  # antenna on
    rig.wreg(0x0D, 0x07)
    rig.wreg(0x02, 0xF7)
    rig.wreg(0x04, rig.rreg(0x04) & 0x7F)
    rig.wreg(0x0A, rig.rreg(0x0A) | 0x80)
    rig.wreg(0x01, 0x00)
    rig.wreg(0x09, 0x26)
    rig.wreg(0x01, 0x0C)
    rig.wreg(0x0D, rig.rreg(0x0D) | 0x80)
    for _ in range(2000):
        irq = rig.rreg(0x04)
        if irq & 0x30:
            break
    rig.wreg(0x0D, rig.rreg(0x0D) & 0x7F)
    assert irq & 0x21 == 0x20  # RxIRq, and never TimerIRq with it
    assert rig.rreg(0x06) & 0x1B == 0
    n = rig.rreg(0x0A)
    assert (n, rig.rreg(0x0C) & 0x07) == (2, 0)
    assert bytes(rig.rreg(0x09) for _ in range(n)) == b"\x44\x00"


def test_model_calc_crc_and_set2_semantics():
    """The drivers' _crc(): CalcCRC over the FIFO is ready at once; their DivIrqReg write
    (v & ~0x04, Set2 = 0) clears everything but CRCIRq (docs/twin.md "MFRC522")."""
    rig = Rig()
    rig.wreg(0x01, 0x0F)
    rig.wreg(0x11, 0x3D)  # CRCPreset 6363
    rig.wreg(0x05, rig.rreg(0x05) & ~0x04 & 0xFF)
    rig.wreg(0x0A, rig.rreg(0x0A) | 0x80)
    for b in (0x50, 0x00):
        rig.wreg(0x09, b)
    rig.wreg(0x01, 0x03)
    assert rig.rreg(0x05) & 0x04
    # HLTA CRC_A (docs/twin.md "ISO/IEC 14443-3")
    assert (rig.rreg(0x22), rig.rreg(0x21)) == (0x57, 0xCD)
    rig.wreg(0x05, rig.rreg(0x05) & ~0x04 & 0xFF)  # Set2 = 0, CRCIRq masked out: stays set
    assert rig.rreg(0x05) & 0x04
    rig.wreg(0x05, 0x04)  # Set2 = 0, bit written as 1: cleared
    assert rig.rreg(0x05) & 0x04 == 0
    rig.wreg(0x04, 0x80 | 0x21)  # Set1 = 1 sets RxIRq and TimerIRq
    assert rig.rreg(0x04) & 0x21 == 0x21
    rig.wreg(0x04, 0x01)  # Set1 = 0 clears only TimerIRq
    assert rig.rreg(0x04) & 0x21 == 0x20


def test_model_soft_reset_turns_the_field_off():
    rig = Rig()
    r = rig.driver()
    tag = card_tag(NXP_UID)
    rig.chip.place(tag)
    assert r.read_card() is not None and tag.state == "HALT"
    rig.wreg(0x01, 0x0F)  # SoftReset
    assert rig.rreg(0x14) == 0x80 and not tag.powered and tag.state == "IDLE"
    r.reset()  # the driver's reset switches the field back on: the card is read again
    assert r.read_card()[0] == NXP_UID


def test_model_hardware_crc_option():
    """TxCRCEn appends CRC_A and RxCRCEn checks and strips it (docs/twin.md "MFRC522": both off by
    default at 106 kbit/s, where the READ answer keeps its 2 CRC bytes: 18 in the FIFO)."""
    rig = Rig()
    rig.driver()
    rig.chip.place(card_tag(NXP_UID))
    chip = rig.chip
    for frame, last in ((b"\x26", 7), (b"\x93\x20", 0), (b"\x93\x70\x88\x04\x7e\x1e\xec", 0),
                        (b"\x95\x20", 0), (b"\x95\x70\xba\x53\x28\x80\x41", 0), (b"\x30\x04", 0)):
        crc = 0x80 if frame[0] == 0x30 or frame[1:2] == b"\x70" else 0  # SELECT and READ
        chip.write(regs.TX_MODE, crc)
        chip.write(regs.RX_MODE, crc)
        chip.write(regs.FIFO_LEVEL, 0x80)
        for b in frame:
            chip.write(regs.FIFO_DATA, b)
        chip.write(regs.COMMAND, regs.TRANSCEIVE)
        chip.write(regs.BIT_FRAMING, 0x80 | last)
    assert chip.read(regs.FIFO_LEVEL) == 16 and chip.read(regs.ERROR) == 0
    assert bytes(chip.read(regs.FIFO_DATA) for _ in range(16)) == encode_card("skat", "CJ")


def test_ntag_model_commands():
    """GET_VERSION (docs/twin.md "NTAG213": NTAG213 00 04 04 02 01 00 0F 03), READ rollover past
    page 0x2C with PWD/PACK read as zeros, NAK 0x0 past the end, NAK 0x1 on a bad CRC."""
    tag = card_tag(NXP_UID)
    tag.power_on()

    def activate():
        assert tag.receive(b"\x52", 7) == (b"\x44\x00", 16)
        assert tag.receive(with_crc(b"\x93\x70\x88\x04\x7e\x1e\xec"), 0)[0][0] == 0x04
        assert tag.receive(with_crc(b"\x95\x70\xba\x53\x28\x80\x41"), 0)[0][0] == 0x00
        assert tag.state == "ACTIVE"

    activate()
    assert tag.receive(with_crc(b"\x60"), 0) == (with_crc(bytes.fromhex("0004040201000F03")), 80)
    data, bits = tag.receive(with_crc(b"\x30\x2a"), 0)
    assert bits == 144 and data[:16] == tag.mem[0x2A * 4:0x2B * 4] + bytes(8) + tag.mem[0:4]
    assert tag.receive(with_crc(b"\x30\x2d"), 0) == (b"\x00", 4)
    assert tag.state == "IDLE"  # a NAK drops the tag back
    activate()
    assert tag.receive(b"\x30\x04\x00\x00", 0) == (b"\x01", 4)
    activate()
    assert tag.receive(with_crc(b"\x50\x00"), 0) is None and tag.state == "HALT"
    assert tag.receive(b"\x26", 7) is None and tag.state == "HALT"  # REQA does not wake HALT
    activate()  # WUPA does
    assert tag.receive(b"\x26", 7) is None and tag.state == "HALT"  # error: back to HALT
    tag.power_off()
    tag.power_on()
    assert tag.state == "IDLE" and tag.receive(b"\x26", 7) == (b"\x44\x00", 16)


# -- construction --------------------------------------------------------------------------------

def test_version_check():
    assert Rig().driver().version == 0x92
    # a counterfeit (docs/twin.md "MFRC522")
    with pytest.raises(DeviceNotFound, match="VersionReg 0x12"):
        Rig(version=0x12).driver()
    with pytest.raises(DeviceNotFound, match="cs=Pin\\('cs'\\)"):
        Rig(attach=False).driver()  # nobody on the bus: MISO reads 0xFF
    assert Rig(version=0x88).driver().version == 0x88  # FM17522 clone


def test_cs_released_when_the_bus_fails():
    rig = Rig()
    r = rig.driver()

    def broken(*args):
        raise OSError(5)

    rig.spi.write_readinto = broken
    with pytest.raises(OSError):
        r.read_card()
    assert rig.cs.value() == 1


# -- reading cards -------------------------------------------------------------------------------

def test_reads_7_byte_uid_and_card_code():
    """Skat CJ on the NXP dump's UID: REQA, CL1, CL2, READ 4, HLTA with the frames of
    docs/twin.md "ISO/IEC 14443-3" (READ page 4 CRC 26 EE, HLTA 50 00 57 CD)."""
    rig = Rig()
    r = rig.driver()
    rig.chip.place(card_tag(NXP_UID, "skat", "CJ"))
    rig.chip.trace.clear()
    uid, page4 = r.read_card()
    assert uid == NXP_UID
    assert decode_card(page4) == ("skat", SKAT.parse("CJ"))
    frames = [f for f, _ in rig.chip.trace]
    assert frames == [b"\x26", b"\x93\x20", with_crc(b"\x93\x70\x88\x04\x7e\x1e\xec"),
                      b"\x95\x20", with_crc(b"\x95\x70\xba\x53\x28\x80\x41"),
                      bytes.fromhex("300426EE"), bytes.fromhex("500057CD")]
    assert rig.chip.trace[2][1] == b"\x04" + with_crc(b"\x04")[1:]  # SAK 04: UID not complete


def test_empty_field_costs_one_short_timeout():
    """No tag: None after REQA (7-bit frame = 9 bit times) and the 300 us chip timer
    ((2 x 169 + 1) x (11 + 1) / 13.56 MHz), as the driver's timer comment computes: more
    than 3x the 91 us FDT of an ATQA (ISO/IEC 14443-3 6.2.1.1)."""
    rig = Rig()
    r = rig.driver()
    air, timer = rig.chip.air_us, rig.chip.timer_us
    assert r.read_card() is None
    assert rig.chip.air_us - air == pytest.approx(9 * 128 / 13.56)
    assert rig.chip.timer_us - timer == pytest.approx(300, rel=1e-3)
    assert rig.chip.timer_us - timer > 3 * 1236 / 13.56


class IsoPicc:
    """A minimal ISO/IEC 14443-3 PICC with a 4- or 10-byte UID, for the cascade paths an
    NTAG213 (always 7 bytes) never takes. CL bytes per 14443-3 6.5.4: CT 88 + 3 UID bytes
    while the UID goes on, BCC = XOR of the 4."""

    def __init__(self, uid, sak, page4=bytes(16)):
        parts = [uid] if len(uid) == 4 else [b"\x88" + uid[0:3], b"\x88" + uid[3:6], uid[6:]]
        self.levels = [p + bytes((p[0] ^ p[1] ^ p[2] ^ p[3],)) for p in parts]
        self.sak = sak
        self.page4 = page4
        self.state = "IDLE"
        self.level = 0

    def power_on(self):
        self.state = "IDLE"

    power_off = power_on

    def receive(self, frame, last_bits):
        if last_bits == 7:
            if self.state == "IDLE" and frame[0] == 0x26:
                self.state, self.level = "READY", 0
                return (b"\x04\x00" if len(self.levels) == 1 else b"\x84\x00"), 16
            return None
        if self.state == "READY":
            cl = self.levels[self.level]
            sel = 0x93 + 2 * self.level
            if frame == bytes((sel, 0x20)):
                return cl, 40
            if frame == with_crc(bytes((sel, 0x70)) + cl):
                self.level += 1
                done = self.level == len(self.levels)
                self.state = "ACTIVE" if done else "READY"
                return with_crc(bytes((self.sak if done else 0x04,))), 24
        if self.state == "ACTIVE":
            if frame == with_crc(b"\x30\x04"):
                return with_crc(self.page4), 144
            if frame == with_crc(b"\x50\x00"):
                self.state = "HALT"
        return None


def test_10_byte_uid_goes_through_three_cascade_levels():
    rig = Rig()
    r = rig.driver()
    uid = bytes(range(0x04, 0x0E))  # 10 bytes; the value is arbitrary, the cascade is not
    rig.chip.place(IsoPicc(uid, 0x00, encode_card("tarot", "EX")))
    got, page4 = r.read_card()
    assert got == uid and decode_card(page4) == ("tarot", TAROT.parse("EX"))
    assert [f[0] for f, _ in rig.chip.trace if len(f) == 2] == [0x93, 0x95, 0x97]


def test_4_byte_mifare_classic_is_refused_once():
    """A MIFARE Classic (docs/twin.md "ISO/IEC 14443-3": a 4-byte UID, here NFCID 90 1F 2A A4,
    SAK 08): selected with its full UID, then refused as not a Type 2 tag, and halted so the refusal is not repeated."""
    rig = Rig()
    r = rig.driver()
    picc = IsoPicc(bytes.fromhex("901F2AA4"), 0x08)
    rig.chip.place(picc)
    with pytest.raises(NfcProtocolError, match="90 1F 2A A4 has SAK 0x08"):
        r.read_card()
    assert picc.state == "HALT" and r.read_card() is None


# -- field faults --------------------------------------------------------------------------------

def test_two_tags_collide_and_no_card_is_taken():
    """Two cards on one pad: CollErr at anticollision CL1 (docs/twin.md "RF on the table").
    The CL1 bytes
    88 04 7E.. and 88 04 11.. first differ in bit 0 of the third byte: bit 17."""
    rig = Rig()
    r = rig.driver()
    rig.chip.place(card_tag(NXP_UID, "skat", "CJ"))
    rig.chip.place(card_tag(OTHER_UID, "skat", "SJ"))
    with pytest.raises(NfcCollision) as e:
        r.read_card()
    assert e.value.bit == 17
    outcomes = []
    for _ in range(6):  # the tags left in READY1 drop to IDLE on the next REQA: None
        try:
            outcomes.append(r.read_card())
        except NfcCollision:
            outcomes.append("collision")
    assert outcomes == [None, "collision"] * 3


def test_three_tags_collide_like_two():
    """Answers superpose on air (ISO/IEC 14443-3 6.2.3.2, docs/twin.md "RF"): three tags give
    a collision at the first bit where their CL1 answers differ, as two do; nothing is read.
    Only the ``max_answers`` knob (a degraded field) turns them into a timeout."""
    rig = Rig()
    r = rig.driver()
    for uid in (NXP_UID, OTHER_UID, THIRD_UID):
        rig.chip.place(card_tag(uid))
    with pytest.raises(NfcCollision):
        r.read_card()
    rig.chip.max_answers = 2
    assert r.read_card() is None
    assert r.tag_present() is False


def test_halted_card_stays_silent_while_it_lies_on_the_pad():
    """After a read the card is halted: REQA polls see nothing, tag_present() (WUPA) sees it
    until it is lifted; a new card laid on top is read alone."""
    rig = Rig()
    r = rig.driver()
    first = card_tag(NXP_UID, "skat", "CJ")
    rig.chip.place(first)
    assert r.read_card()[0] == NXP_UID
    assert r.read_card() is None
    assert r.tag_present() is True
    assert r.tag_present() is True and first.state == "HALT"
    assert r.read_card() is None
    second = card_tag(OTHER_UID, "skat", "SJ")
    rig.chip.place(second)
    uid, page4 = r.read_card()
    assert uid == OTHER_UID and decode_card(page4) == ("skat", SKAT.parse("SJ"))
    rig.chip.remove(first)
    assert r.tag_present() is True
    rig.chip.remove(second)
    assert r.tag_present() is False


def test_tag_present_does_not_hide_an_unread_card():
    """WUPA + HLTA returns an IDLE tag to IDLE, so the next REQA still reads it."""
    rig = Rig()
    r = rig.driver()
    rig.chip.place(card_tag(NXP_UID))
    assert r.tag_present() is True
    assert r.read_card()[0] == NXP_UID


def test_flipped_read_byte_is_a_crc_error_then_the_card_is_read():
    rig = Rig()
    r = rig.driver()
    tag = card_tag(NXP_UID, "skat", "CJ")
    tag.fault, tag.fault_cmd, tag.fault_arg = "flip", 0x30, 5
    rig.chip.place(tag)
    with pytest.raises(NfcCrcError, match="READ answer fails CRC_A"):
        r.read_card()
    assert tag.state == "ACTIVE"
    assert r.tag_present() is True  # the first WUPA only drops it to IDLE; the second wakes it
    uid, page4 = r.read_card()
    assert decode_card(page4) == ("skat", SKAT.parse("CJ"))


def test_poll_after_a_fault_is_empty_then_reads():
    rig = Rig()
    r = rig.driver()
    tag = card_tag(NXP_UID)
    tag.fault, tag.fault_cmd = "mute", 0x30
    rig.chip.place(tag)
    with pytest.raises(NfcTimeout, match="READ 4"):
        r.read_card()
    assert r.read_card() is None  # ACTIVE tag: REQA is an error, it drops to IDLE silently
    assert r.read_card()[0] == NXP_UID


@pytest.mark.parametrize("fault, cmd, arg, error, match", [
    ("nak", 0x30, 0x1, NfcNak, "NAK 0x1 to READ 4"),
    ("short", 0x30, 1, NfcProtocolError, "READ 4 answer of 136 bits"),
    ("flip", 0x93, 2, NfcCrcError, "CL1 BCC"),
    ("flip", 0x95, 4, NfcCrcError, "CL2 BCC"),
    ("mute", 0x95, 0, NfcTimeout, "ANTICOLLISION CL2"),
])
def test_tag_faults(fault, cmd, arg, error, match):
    rig = Rig()
    r = rig.driver()
    tag = card_tag(NXP_UID)
    tag.fault, tag.fault_cmd, tag.fault_arg = fault, cmd, arg
    rig.chip.place(tag)
    with pytest.raises(error, match=match):
        r.read_card()


def test_parity_error_is_a_protocol_error():
    rig = Rig()
    r = rig.driver()
    rig.chip.place(card_tag(NXP_UID))
    rig.chip.next_error = 0x02  # ParityErr with the next answer (the ATQA)
    with pytest.raises(NfcProtocolError, match="ErrorReg 0x02"):
        r.read_card()


def test_flicker_wakes_a_halted_card():
    """A card at the edge of the field loses power on a missed poll and comes back in IDLE,
    so it is read again: the firmware has to debounce by UID (docs/twin.md "RF on the table")."""
    rig = Rig()
    r = rig.driver()
    tag = card_tag(NXP_UID)
    rig.chip.place(tag)
    assert r.read_card()[0] == NXP_UID
    tag.flicker = True
    # REQA 1: heard, but the card is halted; REQA 2: missed, power lost -> IDLE;
    # REQA 3: read again; REQA 4: missed.
    seen = [r.read_card() for _ in range(4)]
    assert [s and s[0] for s in seen] == [None, None, NXP_UID, None]


def test_timer_that_never_fires_is_a_dead_chip():
    rig = Rig()
    r = rig.driver()
    rig.chip.write(regs.T_MODE, 0x00)  # TAuto off: no TimerIRq without an answer
    with pytest.raises(DeviceNotFound, match="no RxIRq or TimerIRq"):
        r.read_card()


# -- writing decks -------------------------------------------------------------------------------

def test_write_a_blank_tag_then_read_it():
    rig = Rig()
    r = rig.driver()
    blank = Ntag213(OTHER_UID)
    rig.chip.place(blank)
    with pytest.raises(BadTag, match="empty NDEF"):
        decode_card(r.read_card()[1])
    assert r.write_page(OTHER_UID, 4, encode_card("tarot", "21")) is True
    rig.chip.remove(blank)  # lift the card and lay it down again
    rig.chip.place(blank)
    assert decode_card(r.read_card()[1]) == ("tarot", TAROT.parse("21"))


def test_write_refusals():
    rig = Rig()
    r = rig.driver()
    assert r.write_page(OTHER_UID, 4, b"\x00" * 4) is None  # no tag in the field
    rig.chip.place(Ntag213(OTHER_UID))
    with pytest.raises(ValueError):
        r.write_page(OTHER_UID, 3, b"\xe1\x10\x12\x00")  # CC is one-time programmable
    with pytest.raises(ValueError):
        r.write_page(OTHER_UID, 4, b"\x00" * 3)
    with pytest.raises(NfcProtocolError, match="not 04 7E"):
        r.write_page(NXP_UID, 4, b"\x00" * 4)
    with pytest.raises(NfcNak, match="NAK 0x0 to WRITE 45"):
        r.write_page(OTHER_UID, 45, b"\x00" * 4)  # NTAG213 ends at page 0x2C

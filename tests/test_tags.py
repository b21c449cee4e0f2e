"""Card tags: CRC_A, the NDEF Text format, NTAG213 images and the deck registry.

Sources: docs/twin.md "ISO/IEC 14443-3" (CRC_A vectors), 1.2 (NTAG213 memory map, the NXP
"elephant" dump, the "QS" worked example, TLV rules).
"""

import pytest

from core.cards import FRENCH36, SKAT, TAROT
from core.crc import crc_a
from core.errors import BadCard, BadRecord, BadTag
from core.tags import (DeckRegistry, TAG_DECKS, bytes_needed, decode_card, encode_card,
                       ntag213_image)


def h(text):
    return bytes.fromhex(text)


# The real NTAG213 dump from NXP support, pages 0-8 (docs/twin.md "NTAG213"): Text "elephant".
ELEPHANT = h("04 7E 1E EC BA 53 28 80 41 48 00 00 E1 10 12 00"
             "03 0F D1 01 0B 54 02 65 6E 65 6C 65 70 68 61 6E 74 FE 00 00")
ELEPHANT_UID = h("04 7E 1E BA 53 28 80")


@pytest.mark.parametrize("data, sent", [
    ("00 00", "A0 1E"),  # ISO/IEC 14443-3 Annex B example
    ("12 34", "26 CF"),  # ISO/IEC 14443-3 Annex B example
    ("50 00", "57 CD"),  # HLTA
    ("30 00", "02 A8"),  # READ page 0
    ("30 04", "26 EE"),  # READ page 4
    ("60", "F8 32"),  # GET_VERSION
])
def test_crc_a_vectors(data, sent):
    """CRC_A as sent on air, low byte first (docs/twin.md "ISO/IEC 14443-3" table)."""
    c = crc_a(h(data))
    assert bytes((c & 0xFF, c >> 8)) == h(sent)


def test_crc_a_of_prefix():
    """``n`` limits the CRC to a prefix, so an answer is checked in its receive buffer."""
    assert crc_a(h("30 04 26 EE"), 2) == crc_a(h("30 04"))


@pytest.mark.parametrize("letter, deck", TAG_DECKS)
def test_round_trip_every_card(letter, deck):
    """Every card of every deck encodes into one 16-byte READ and decodes back."""
    for card in range(len(deck)):
        data = encode_card(deck, card)
        assert len(data) == 16
        assert data[data[1] + 2] == 0xFE  # terminator right after the NDEF TLV
        assert decode_card(data) == (deck.name, card)
        assert data[9:9 + len(deck.codes[card]) + 2] == (letter + ":" + deck.codes[card]).encode()


def test_worked_example_qs():
    """docs/twin.md "NTAG213" writes "QS" as 03 09 D1 01 05 54 02 65 6E 51 53 FE; our text is
    "F:QS", two bytes longer, so the TLV length 09 -> 0B and the payload length 05 -> 07."""
    assert encode_card("french36", "QS") == h("03 0B D1 01 07 54 02 65 6E 46 3A 51 53 FE 00 00")
    assert decode_card(h("03 0B D1 01 07 54 02 65 6E 46 3A 51 53 FE")) == (
        "french36", FRENCH36.parse("QS"))


def test_examples_from_the_brief():
    assert decode_card(encode_card("skat", "CJ")) == ("skat", SKAT.parse("CJ"))
    assert decode_card(encode_card(TAROT, "21")) == ("tarot", TAROT.parse("21"))
    assert decode_card(encode_card("tarot", "EX")) == ("tarot", 77)
    assert encode_card("tarot", "EX")[9:13] == b"T:EX"


def test_bare_worked_example_is_foreign():
    """The hardware.md text "QS" has no deck letter: not ours, and never guessed."""
    with pytest.raises(BadTag, match="foreign text 'QS'"):
        decode_card(h("03 09 D1 01 05 54 02 65 6E 51 53 FE"))


def test_elephant_dump_is_a_foreign_text():
    """The real NXP dump is a valid NDEF Text record, but not a card."""
    with pytest.raises(BadTag, match="foreign text 'elephant'"):
        decode_card(ELEPHANT[16:])


def test_elephant_in_one_read_is_truncated():
    """One READ of page 4 returns 16 bytes; the 17-byte message does not fit."""
    with pytest.raises(BadTag, match="truncated TLV: TLV 0x03 at byte 0 claims 15 bytes, 14"):
        decode_card(ELEPHANT[16:32])


@pytest.mark.parametrize("data, why", [
    (bytes(16), "blank tag: no NDEF message"),
    (h("03 00 FE") + bytes(13), "blank tag: empty NDEF message"),
    (h("FE") + bytes(15), "blank tag: no NDEF message"),
])
def test_blank_tags(data, why):
    with pytest.raises(BadTag, match=why):
        decode_card(data)


def test_foreign_uri_record():
    """NFC Forum URI RTD: D1 01 0C 55, prefix 0x01 "http://www." + "example.com"."""
    data = h("03 10 D1 01 0C 55 01") + b"example.com" + h("FE")
    with pytest.raises(BadTag, match="foreign NDEF message: a URI record"):
        decode_card(data)


def test_foreign_language_and_encoding():
    de = bytearray(encode_card("skat", "CJ"))
    de[7:9] = b"de"
    with pytest.raises(BadTag, match="language b'de'"):
        decode_card(de)
    utf16 = bytearray(encode_card("skat", "CJ"))
    utf16[6] = 0x82  # status byte: UTF-16, language length 2
    with pytest.raises(BadTag, match="UTF-16"):
        decode_card(utf16)


def test_two_records_are_foreign():
    """Our message is one record (MB and ME set); a first record without ME is not ours."""
    data = bytearray(encode_card("skat", "CJ"))
    data[2] = 0x91  # MB | SR | TNF 1: Message End missing
    with pytest.raises(BadTag, match="not exactly one Text record"):
        decode_card(data)


def test_truncated_tlv():
    with pytest.raises(BadTag, match="truncated TLV"):
        decode_card(encode_card("skat", "CJ")[:11])
    with pytest.raises(BadTag, match="has no length"):
        decode_card(h("00 00 03"))


@pytest.mark.parametrize("text, why", [
    (b"S:ZZ", "unknown card in tag text 'S:ZZ'"),
    (b"X:CJ", "unknown deck letter in tag text 'X:CJ'"),
    (b"F:CJ", "unknown card in tag text 'F:CJ'"),  # a Skat code on a French36 tag
    (b"T:22", "unknown card in tag text 'T:22'"),
    (b"S:cj", "not in trickref's form"),
])
def test_unknown_card_or_deck(text, why):
    data = bytes((0x03, 7 + len(text), 0xD1, 1, 3 + len(text), 0x54, 2)) + b"en" + text + b"\xfe"
    with pytest.raises(BadTag, match=why):
        decode_card(data)


def test_skips_null_lock_and_memory_tlvs():
    """A Lock Control TLV 01 03 A0 0C 34 seen first on an NTAG213 (docs/twin.md "NTAG213"), NULL
    TLVs and a Memory Control TLV are skipped."""
    ours = encode_card("skat", "CJ")
    assert decode_card(h("01 03 A0 0C 34") + ours) == ("skat", SKAT.parse("CJ"))
    assert decode_card(h("00 00 02 03 00 00 00") + ours) == ("skat", SKAT.parse("CJ"))


def test_unknown_tlv_type():
    with pytest.raises(BadTag, match="unknown TLV type 0xFF"):
        decode_card(b"\xff" * 16)


def test_encode_rejects_bad_cards():
    with pytest.raises(BadCard):
        encode_card("skat", "ZZ")
    with pytest.raises(BadCard):
        encode_card("skat", 32)
    with pytest.raises(BadCard):
        encode_card("bridge", 0)


def test_image_matches_the_nxp_dump():
    """UID pages with BCC0 = EC, BCC1 = 41, internal 0x48 and the CC page are byte for byte
    the NXP dump's pages 0-3 (docs/twin.md "NTAG213")."""
    img = ntag213_image(ELEPHANT_UID, "skat", "CJ")
    assert len(img) == 180
    assert img[:16] == ELEPHANT[:16]
    assert img[16:32] == encode_card("skat", "CJ")
    assert img[0x29 * 4 + 3] == 0xFF  # AUTH0: no password protection
    assert bytes(img[32:0x28 * 4]) == bytes(0x24 * 4 - 16)  # rest of user memory clear


def test_image_of_a_blank_tag_and_bad_uid():
    img = ntag213_image(ELEPHANT_UID)
    assert img[16:20] == h("03 00 FE 00")
    with pytest.raises(BadTag, match="7 bytes, got 4"):
        ntag213_image(h("04 7E 1E BA"), "skat", 0)


def test_registry_binds_and_refuses_conflicts():
    reg = DeckRegistry("skat")
    a, b = ELEPHANT_UID, h("04 11 22 33 44 55 66")
    assert reg.card_for(a) is None
    reg.bind(a, "CJ")
    reg.bind(a, SKAT.parse("CJ"))  # the same binding again is fine
    assert reg.card_for(bytearray(a)) == SKAT.parse("CJ")
    with pytest.raises(BadTag, match="CJ is already tag 04 7E 1E BA 53 28 80; tag 04 11"):
        reg.bind(b, "CJ")
    with pytest.raises(BadTag, match="already CJ, cannot also be SJ"):
        reg.bind(a, "SJ")
    with pytest.raises(BadTag, match="4, 7 or 10 bytes"):
        reg.bind(b"\x04\x01", "SJ")
    assert len(reg) == 1 and reg.card_for(b) is None


def test_registry_persistence():
    reg = DeckRegistry(TAROT)
    reg.bind(ELEPHANT_UID, "EX")
    reg.bind(h("01 02 03 04"), "21")
    data = reg.to_bytes()
    assert data[0:1] == b"T" and len(data) == 1 + (1 + 4 + 1) + (1 + 7 + 1) + 2
    back = DeckRegistry.from_bytes(data)
    assert back.to_bytes() == data
    assert back.card_for(ELEPHANT_UID) == TAROT.parse("EX")
    assert back.card_for(h("01 02 03 04")) == TAROT.parse("21")
    damaged = bytearray(data)
    damaged[3] ^= 1
    with pytest.raises(BadRecord, match="checksum"):
        DeckRegistry.from_bytes(damaged)


def test_registry_from_bytes_refuses_conflicting_records():
    """A well-checksummed registry that binds one card twice is still refused."""
    body = b"S" + h("04 01 02 03 04 05") + h("04 0A 0B 0C 0D 05")  # two UIDs for card 5
    c = crc_a(body)
    with pytest.raises(BadRecord, match="already tag"):
        DeckRegistry.from_bytes(body + bytes((c & 0xFF, c >> 8)))


def test_tags_under_micropython():
    """core.tags round-trips every card of every deck under the MicroPython unix port."""
    from mpy import run_mp

    out = run_mp("check_tags.py")
    assert out.strip().splitlines()[-1] == "OK %d" % (len(SKAT) + len(FRENCH36) + len(TAROT))


# -- issue 16: NDEF beyond the first READ, malformed records refused, never an exception ------

LOCK_CONTROL = h("01 03 A0 10 44")  # T2TOP 1.1 2.3.1: Lock Control TLV (NTAG213's, hw.md 1.2)


def test_ndef_after_a_lock_control_tlv_is_read_past_16_bytes():
    """A Lock Control TLV first puts "F:QS" (hardware.md 1.2 worked example) at bytes 5-20:
    the first READ does not hold it, ``bytes_needed`` asks for 18 bytes, and those decode."""
    data = LOCK_CONTROL + encode_card(FRENCH36, FRENCH36.parse("QS"))
    assert data[5:18] == h("03 0B D1 01 07 54 02 65 6E 46 3A 51 53")
    first = data[:16]
    assert bytes_needed(first) == 18
    with pytest.raises(BadTag, match="truncated TLV"):
        decode_card(first)
    assert decode_card(data[:18]) == ("french36", FRENCH36.parse("QS"))
    assert bytes_needed(data[:18]) == 18  # enough now


def test_ndef_after_null_tlvs_and_the_elephant_dump():
    """16 NULL TLVs push the message to page 8; the NXP "elephant" dump's TLV (03 0F) ends
    at byte 17 of user memory: both are read whole, the elephant refused as foreign text."""
    data = bytes(16) + encode_card(SKAT, SKAT.parse("CJ"))
    assert bytes_needed(data[:16]) == 17 and bytes_needed(data[:17]) == 18
    assert bytes_needed(data[:32]) == 32
    assert decode_card(data[:32]) == ("skat", SKAT.parse("CJ"))
    user = ELEPHANT[16:]
    assert bytes_needed(user[:16]) == 17
    with pytest.raises(BadTag, match="foreign text"):
        decode_card(user)


def test_bytes_needed_stops_at_the_user_memory():
    """A TLV claiming more than NTAG213's 144 user bytes (pages 4-39) asks for 144 at most,
    and is then refused by decode_card with a reason."""
    data = h("03 FF 01 00") + bytes(12)  # 3-byte length form: 256 bytes
    assert bytes_needed(data) == 144
    with pytest.raises(BadTag, match="claims 256 bytes"):
        decode_card(data + bytes(128))


@pytest.mark.parametrize("data", [
    "03 03 D9 01 07",  # IL flag set, the ID length byte is past the TLV (was IndexError)
    "03 02 D9 01",  # IL flag, no payload length room
    "03 03 D1 01 00",  # type byte past the TLV
    "03 04 D9 01 00 05 FE",  # IL flag: type and ID run past the TLV
])
def test_malformed_ndef_is_refused_with_a_reason(data):
    with pytest.raises(BadTag, match="truncated"):
        decode_card(h(data))


def test_every_short_prefix_is_refused_or_read():
    """decode_card on any prefix of any mutation of a real card message raises BadTag or
    answers: never another exception (bytes_needed never raises either)."""
    import random
    rng = random.Random(16)
    base = LOCK_CONTROL + encode_card(TAROT, TAROT.parse("EX"))
    for _ in range(3000):
        data = bytearray(base)
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        data = bytes(data[:rng.randint(0, len(data))])
        assert 0 <= bytes_needed(data) <= 144
        try:
            decode_card(data)
        except BadTag:
            pass


def test_board_reads_a_sticker_with_lock_control_first():
    """The driver READs page 8 too when the TLVs need it (two READs, then HLTA)."""
    from host_sim.chips.ntag import Ntag213
    from tests.test_mfrc522 import NXP_UID, Rig
    mem = ntag213_image(NXP_UID, SKAT, SKAT.parse("CJ"))
    user = LOCK_CONTROL + encode_card(SKAT, SKAT.parse("CJ"))
    mem[16:16 + len(user)] = user
    rig = Rig()
    r = rig.driver()
    rig.chip.place(Ntag213(NXP_UID, memory=mem))
    rig.chip.trace.clear()
    uid, data = r.read_card()
    assert decode_card(data) == ("skat", SKAT.parse("CJ"))
    reads = [f[:2] for f, _ in rig.chip.trace if f[:1] == b"\x30"]
    assert reads == [h("30 04"), h("30 08")]

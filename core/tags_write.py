"""Writing a card's NFC tag: the user memory naming a card (:func:`encode_card`) and a
whole NTAG213's memory (:func:`ntag213_image`, the emulated tags). The tag format is in
core/tags.py's docstring.

Apart from core/tags.py (issue 19, docs/performance.md "32-bit heap"): the table reads
tags on every card, but writes them only in the tag-writing mode (device/modes/scan.py).
"""

from core.compat import const
from core.errors import BadTag
from core.tags import _LANG, NTAG213_PAGES, _card_of, _hex, _tag_deck

# The NDEF bytes, as in core/tags.py (a ``_`` const is folded into the code that uses it,
# so it cannot be imported from there).
_TLV_NDEF = const(0x03)  # NDEF Message TLV
_TLV_TERMINATOR = const(0xFE)  # Terminator TLV: end of the TLV area
_TEXT_TYPE = const(0x54)  # "T", the Text RTD
# Our record header: MB | ME | SR | TNF well-known = 0xD1, as in the NXP "elephant" dump.
_RECORD_HEADER = const(0xD1)

# NTAG213 memory map (docs/analysis/hardware.md section 1.2)
_CASCADE_TAG = const(0x88)  # CT, folded into BCC0 (ISO/IEC 14443-3 6.5.4)
_INTERNAL = const(0x48)  # page 2 byte 1, as in the NXP dump
_CC = b"\xe1\x10\x12\x00"  # E1 NDEF magic, T2T 1.0, 0x12 * 8 = 144 data bytes, read/write
# Configuration pages 0x28..0x2C at delivery. AUTH0 = 0xFF (page 0x29 byte 3) means no
# password protection (hardware.md 1.2). The other bytes are the NTAG213 datasheet's delivery
# values as remembered (dynamic lock RFUI 0xBD, MIRROR 0x04, CFG1 RFUI 0x05, PWD FF..FF):
# unverified, nothing reads them.
_CONFIG = (b"\x00\x00\x00\xbd"  # 0x28 dynamic lock bytes, RFUI
           b"\x04\x00\x00\xff"  # 0x29 CFG0: MIRROR, RFUI, MIRROR_PAGE, AUTH0
           b"\x00\x05\x00\x00"  # 0x2A CFG1: ACCESS, RFUI
           b"\xff\xff\xff\xff"  # 0x2B PWD
           b"\x00\x00\x00\x00")  # 0x2C PACK, RFUI
_BLANK_NDEF = b"\x03\x00\xfe"  # empty NDEF TLV + Terminator: a factory-blank tag (unverified)


def encode_card(deck, card):
    """The user-memory bytes (from page 4) of a tag naming ``card`` of ``deck``.

    ``deck`` is a :mod:`core.cards` deck or its name; ``card`` a card number or code
    (``"CJ"``). Returns 16 bytes: NDEF TLV, one Text record ``"<letter>:<code>"``, the
    Terminator TLV, zero padding to whole 4-byte pages (docs/analysis/hardware.md 1.2).
    Raises :class:`BadCard` for a deck or card that does not exist.
    """
    letter, deck = _tag_deck(deck)
    text = (letter + ":" + deck.code(_card_of(deck, card))).encode()
    payload = 1 + len(_LANG) + len(text)  # status byte, language code, text
    out = bytearray((_TLV_NDEF, 4 + payload, _RECORD_HEADER, 1, payload, _TEXT_TYPE,
                     len(_LANG)))
    out += _LANG
    out += text
    out.append(_TLV_TERMINATOR)
    while len(out) % 4:
        out.append(0)
    return bytes(out)


def ntag213_image(uid7, deck=None, card=None):
    """The whole memory (180 bytes = 45 pages) of an NTAG213 tagged with ``card`` of ``deck``.

    Pages 0-2: UID with BCC0 = 0x88 ^ UID0 ^ UID1 ^ UID2 and BCC1 = UID3 ^ .. ^ UID6, the
    internal byte 0x48 and clear static lock bytes; page 3: CC ``E1 10 12 00``; page 4 on:
    :func:`encode_card` (or the empty NDEF TLV ``03 00 FE`` of a blank tag when ``deck`` is
    None); pages 0x28-0x2C: configuration with AUTH0 = 0xFF (docs/analysis/hardware.md 1.2,
    NTAG213 datasheet 8.5). Raises :class:`BadTag` unless ``uid7`` has 7 bytes.
    """
    uid = bytes(uid7)
    if len(uid) != 7:
        raise BadTag("an NTAG213 UID has 7 bytes, got %d (%s)" % (len(uid), _hex(uid)))
    img = bytearray(NTAG213_PAGES * 4)
    img[0:3] = uid[0:3]
    img[3] = _CASCADE_TAG ^ uid[0] ^ uid[1] ^ uid[2]
    img[4:8] = uid[3:7]
    img[8] = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
    img[9] = _INTERNAL
    img[12:16] = _CC
    ndef = _BLANK_NDEF if deck is None else encode_card(deck, card)
    img[16:16 + len(ndef)] = ndef
    img[0x28 * 4:] = _CONFIG
    return img

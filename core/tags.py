"""What is written on a card's NFC tag, and the registry that binds tag UIDs to cards.

Tag format (docs/analysis/hardware.md section 1.2; NFC Forum T2TOP 1.1 section 2.3, Text RTD):
an NTAG213 whose user memory (page 4 on) holds one NDEF Message TLV (type 0x03) with ONE
NFC Forum Text record (TNF 1 "well-known", type ``T``, UTF-8, language ``en``) followed by the
Terminator TLV 0xFE. The text names the deck and the card: ``<deck letter>:<code>``, deck
letters ``S`` = skat, ``F`` = french36, ``T`` = tarot, codes as in :mod:`core.cards`
(``S:CJ``, ``F:QS``, ``T:21``, ``T:EX``). The longest text is 4 characters, so the whole
message is at most 14 bytes and one READ of page 4 (16 bytes) returns it::

    03 0B | D1 01 07 54 | 02 65 6E | 46 3A 51 53 | FE      "F:QS"
    TLV     record hdr    status+en  text            terminator

A phone shows the text, so a player can check a card's tag with any NFC app.

Writing a tag (:func:`encode_card`, :func:`ntag213_image`) is core/tags_write.py, loaded
by the tag-writing mode and the emulated tags (issue 19: the table only reads tags); both
names are answered here too.
"""

from core.cards import deck_named
from core.compat import const
from core.crc import crc_a
from core.errors import BadCard, BadRecord, BadTag

# Deck letter written before the colon, and the deck it names (by name, so that a board
# builds only the decks it meets: core.cards). ``TAG_DECKS`` gives the pairs with the decks.
_LETTERS = "SFT"
_DECK_NAMES = ("skat", "french36", "tarot")


def __getattr__(name):
    # TAG_DECKS: ((letter, Deck), ...) in letter order; builds every deck (tools, tests).
    if name == "TAG_DECKS":
        return tuple((_LETTERS[i], deck_named(_DECK_NAMES[i])) for i in range(3))
    if name == "encode_card" or name == "ntag213_image":  # writing: core.tags_write
        from core import tags_write
        return getattr(tags_write, name)
    raise AttributeError("module 'core.tags' has no attribute %r" % (name,))

READ_BYTES = const(16)  # one NTAG READ answers 4 pages = 16 bytes (NTAG213 datasheet 10.2)
USER_BYTES = const(144)  # NTAG213 user memory: pages 4..39 (datasheet 8.5; CC byte 2 0x12)
NTAG213_PAGES = const(45)  # pages 0x00..0x2C, 4 bytes each (NTAG213 datasheet 8.5)

# TLV types (NFC Forum T2TOP 1.1 section 2.3)
_TLV_NULL = const(0x00)  # NULL TLV: one byte, no length, skipped
_TLV_LOCK = const(0x01)  # Lock Control TLV
_TLV_MEMORY = const(0x02)  # Memory Control TLV
_TLV_NDEF = const(0x03)  # NDEF Message TLV
_TLV_PROPRIETARY = const(0xFD)  # Proprietary TLV
_TLV_TERMINATOR = const(0xFE)  # Terminator TLV: end of the TLV area

# NDEF record header bits (NFC Forum NDEF 1.0 section 3.2)
_MB = const(0x80)  # Message Begin
_ME = const(0x40)  # Message End
_CF = const(0x20)  # Chunk Flag
_SR = const(0x10)  # Short Record: 1-byte payload length
_IL = const(0x08)  # ID Length present
_TNF_MASK = const(0x07)
_TNF_WELL_KNOWN = const(0x01)
_TEXT_TYPE = const(0x54)  # "T", the Text RTD
_TEXT_UTF16 = const(0x80)  # Text status byte bit 7: UTF-16 (we write UTF-8)
_LANG_MASK = const(0x3F)  # Text status byte bits 5..0: language code length
_LANG = b"en"

def _hex(data):
    return " ".join(["%02X" % b for b in data])


def _tag_deck(deck):
    """``(letter, Deck)`` for a deck object or name; raises BadCard for any other deck."""
    if isinstance(deck, str):
        deck = deck_named(deck)
    name = getattr(deck, "name", None)
    if name in _DECK_NAMES and deck_named(name) is deck:
        return _LETTERS[_DECK_NAMES.index(name)], deck
    raise BadCard("no tag deck letter for %r (tags carry skat, french36, tarot)" % (deck,))


def _card_of(deck, card):
    """Card number from a number or a code string of ``deck``; raises BadCard."""
    if isinstance(card, str):
        return deck.parse(card)
    return deck.check(card)


def bytes_needed(data):
    """How many bytes of user memory, from page 4, :func:`decode_card` needs to see the
    first NDEF Message TLV whole, given the ``data`` read so far (bytes). Returns
    ``len(data)`` when they suffice, or when the TLVs are malformed or end (decode_card
    then says why); never more than USER_BYTES (NTAG213 pages 4-39). A reader READs 16
    more bytes while this is larger than what it has. Never raises.

    NULL TLVs, Lock and Memory Control and Proprietary TLVs (T2TOP 1.1 section 2.3) may
    come before the NDEF TLV, so a valid message can start past the first READ.
    """
    n = len(data)
    i = 0
    need = n
    while need == n:
        if i >= n:
            need = i + 1  # the next TLV's type byte
            break
        t = data[i]
        if t == _TLV_NULL:
            i += 1
            continue
        if t == _TLV_TERMINATOR or t not in (_TLV_LOCK, _TLV_MEMORY, _TLV_NDEF,
                                             _TLV_PROPRIETARY):
            break
        if i + 1 >= n:
            need = i + 2
            break
        length = data[i + 1]
        j = i + 2
        if length == 0xFF:
            if j + 2 > n:
                need = j + 2
                break
            length = (data[j] << 8) | data[j + 1]
            j += 2
        if t == _TLV_NDEF:
            need = max(n, j + length)
            break
        i = j + length
    return min(need, USER_BYTES) if need > n else n


def decode_card(data):
    """``(deck_name, card)`` named by tag user memory ``data`` (bytes from page 4 on).

    ``data`` is the user memory read from page 4 on: one READ (16 bytes), or as many as
    :func:`bytes_needed` asks for. NULL TLVs and Lock/Memory
    Control (and Proprietary) TLVs before the NDEF TLV are skipped, as real tags carry them
    (T2TOP 1.1 2.3). Raises :class:`BadTag` naming the problem for: a blank tag (all zero,
    terminator first, or an empty NDEF TLV ``03 00 FE``), a TLV whose length runs past
    ``data``, an unknown TLV type, a foreign NDEF message (URI or other record, several
    records, another language or UTF-16, a text not in our ``<letter>:<code>`` form), and an
    unknown deck letter or card code (the message quotes the text).
    """
    n = len(data)
    i = 0
    while i < n:
        t = data[i]
        if t == _TLV_NULL:
            i += 1
            continue
        if t == _TLV_TERMINATOR:
            break
        if t not in (_TLV_LOCK, _TLV_MEMORY, _TLV_NDEF, _TLV_PROPRIETARY):
            raise BadTag("not an NDEF tag: unknown TLV type 0x%02X at byte %d (%s)"
                         % (t, i, _hex(data[:READ_BYTES])))
        start = i
        if i + 1 >= n:
            raise BadTag("truncated TLV: type 0x%02X at byte %d has no length" % (t, i))
        length = data[i + 1]
        i += 2
        if length == 0xFF:  # 3-byte length form: FF hi lo
            if i + 2 > n:
                raise BadTag("truncated TLV: 3-byte length of TLV 0x%02X cut off" % t)
            length = (data[i] << 8) | data[i + 1]
            i += 2
        if i + length > n:
            raise BadTag("truncated TLV: TLV 0x%02X at byte %d claims %d bytes, %d were read"
                         % (t, start, length, n - i))
        if t == _TLV_NDEF:
            if length == 0:
                raise BadTag("blank tag: empty NDEF message (03 00)")
            return _decode_message(data, i, i + length)
        i += length
    raise BadTag("blank tag: no NDEF message in %s" % _hex(data[:READ_BYTES]))


def _decode_message(data, i, end):
    """Decode the NDEF message in ``data[i:end]``: exactly one short Text record of ours."""
    hdr = data[i]
    if end - i < 3:
        raise BadTag("truncated NDEF record: %d bytes" % (end - i))
    type_len = data[i + 1]
    j = i + 2
    if hdr & _SR:
        plen = data[j]
        j += 1
    else:
        if j + 4 > end:
            raise BadTag("truncated NDEF record header")
        plen = (data[j] << 24) | (data[j + 1] << 16) | (data[j + 2] << 8) | data[j + 3]
        j += 4
    id_len = 0
    if hdr & _IL:
        if j >= end:
            raise BadTag("truncated NDEF record: the ID length is past its TLV")
        id_len = data[j]
        j += 1
    p = j + type_len + id_len  # payload start
    if p + plen > end or j >= end:
        raise BadTag("truncated NDEF record: payload of %d bytes runs past its TLV" % plen)
    if (hdr & _TNF_MASK) != _TNF_WELL_KNOWN or type_len != 1 or data[j] != _TEXT_TYPE:
        kind = "URI" if type_len == 1 and data[j] == 0x55 else "TNF %d" % (hdr & _TNF_MASK)
        raise BadTag("foreign NDEF message: a %s record, not a card text" % kind)
    if (hdr & (_MB | _ME | _CF)) != (_MB | _ME) or p + plen != end:
        raise BadTag("foreign NDEF message: not exactly one Text record (header 0x%02X)" % hdr)
    if plen == 0:
        raise BadTag("foreign text: empty Text record")
    status = data[p]
    if status & _TEXT_UTF16:
        raise BadTag("foreign text: UTF-16 encoded, trickref writes UTF-8")
    lang = bytes(data[p + 1:p + 1 + min(status & _LANG_MASK, plen - 1)])
    if lang != _LANG:
        raise BadTag("foreign text: language %r, trickref writes 'en'" % lang)
    lang_len = len(lang)
    return _decode_text(bytes(data[p + 1 + lang_len:p + plen]))


def _decode_text(raw):
    """``(deck_name, card)`` from the record text ``raw`` (bytes) ``<letter>:<code>``."""
    for b in raw:
        if b < 0x20 or b > 0x7E:
            raise BadTag("foreign text %r: not a trickref card" % raw)
    text = raw.decode()
    if len(text) < 3 or text[1] != ":":
        raise BadTag("foreign text %r: not a trickref card (want <S|F|T>:<code>)" % text)
    letter = text[0]
    i = _LETTERS.find(letter)
    if i < 0:
        raise BadTag("unknown deck letter in tag text %r (S skat, F french36, T tarot)" % text)
    deck = deck_named(_DECK_NAMES[i])
    try:
        card = deck.parse(text[2:])
    except BadCard:
        raise BadTag("unknown card in tag text %r: no %r in the %s deck"
                     % (text, text[2:], deck.name))
    if deck.code(card) != text[2:]:  # "s:cj", "S: CJ": not written by us, do not guess
        raise BadTag("tag text %r is not in trickref's form (%r)"
                     % (text, letter + ":" + deck.code(card)))
    return deck.name, card


_SLOT = const(11)  # DeckRegistry: UID length byte + the longest UID (10 bytes, triple size)


def _check_uid(uid):
    uid = bytes(uid)
    if len(uid) not in (4, 7, 10):
        raise BadTag("a tag UID has 4, 7 or 10 bytes, got %d (%s)" % (len(uid), _hex(uid)))
    return uid


class DeckRegistry:
    """Which tag (by UID) is which card of one physical deck.

    ``DeckRegistry(deck)`` takes a deck or its name. ``bind(uid, card)`` records a tag
    (UID bytes, 4/7/10 long) for a card (number or code); binding the same pair again is a
    no-op. Raises :class:`BadTag` when the UID is already bound to another card or another
    UID already claims the card: one card, one tag, so a swapped or duplicated sticker is
    caught instead of counted twice. ``card_for(uid)`` is the card number or None.

    ``on_bind``: None, or a callable given the registry after every new binding (the
    controller saves an unaudited deck's registry to flash there, so a power cycle keeps
    it). ``to_bytes()`` is compact: the deck letter, then per bound card (in card order) the UID
    length, the UID and the card number, then CRC_A of all that (low byte first).
    ``DeckRegistry.from_bytes(data)`` rebuilds it and raises :class:`BadRecord` on anything
    damaged.
    """

    def __init__(self, deck):
        self.letter, self.deck = _tag_deck(deck)
        # Per card a slot of _SLOT bytes: the bound UID's length (0: none), then its bytes.
        # One bytearray rather than a dict of bytes: a UID object and its dict entry cost
        # some 70-90 bytes of heap each on MicroPython (5.6 KB for a tarot deck on the
        # 64-bit unix port), a slot 11.
        self._slots = bytearray(_SLOT * len(self.deck))
        self._bound = 0
        self.on_bind = None  # called with the registry after each new binding (saving it)

    def __len__(self):
        return self._bound

    def _find(self, uid):
        # The card whose slot holds exactly ``uid`` (bytes), or -1; no allocation.
        if not uid:
            return -1
        slots = self._slots
        i = slots.find(uid)
        while i >= 0:
            if i % _SLOT == 1 and slots[i - 1] == len(uid):
                return i // _SLOT
            i = slots.find(uid, i + 1)
        return -1

    def _uid(self, card):
        i = card * _SLOT
        return bytes(self._slots[i + 1:i + 1 + self._slots[i]]) if self._slots[i] else None

    def bind(self, uid, card):
        """Bind tag ``uid`` to ``card``; raises BadTag on a conflict, BadCard on a bad card."""
        uid = _check_uid(uid)
        card = _card_of(self.deck, card)
        old = self._find(uid)
        if old == card:
            return
        if old >= 0:
            raise BadTag("tag %s is already %s, cannot also be %s"
                         % (_hex(uid), self.deck.code(old), self.deck.code(card)))
        other = self._uid(card)
        if other is not None:
            raise BadTag("%s is already tag %s; tag %s claims it too"
                         % (self.deck.code(card), _hex(other), _hex(uid)))
        i = card * _SLOT
        self._slots[i] = len(uid)
        self._slots[i + 1:i + 1 + len(uid)] = uid
        self._bound += 1
        if self.on_bind is not None:
            self.on_bind(self)

    def card_for(self, uid):
        """The card number bound to tag ``uid`` (bytes), or None when it is unbound."""
        card = self._find(bytes(uid))
        return None if card < 0 else card

    def to_bytes(self):
        """The registry as bytes (format in the class docstring)."""
        out = bytearray(self.letter.encode())
        for card in range(len(self.deck)):
            uid = self._uid(card)
            if uid is not None:
                out.append(len(uid))
                out += uid
                out.append(card)
        c = crc_a(out)
        out.append(c & 0xFF)
        out.append(c >> 8)
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Rebuild a registry from :meth:`to_bytes` output; raises BadRecord if damaged."""
        n = len(data)
        if n < 3 or crc_a(data, n - 2) != data[n - 2] | (data[n - 1] << 8):
            raise BadRecord("deck registry: bad length or checksum (%d bytes)" % n)
        i = _LETTERS.find(chr(data[0]))
        if i < 0:
            raise BadRecord("deck registry: unknown deck letter 0x%02X" % data[0])
        reg = cls(_DECK_NAMES[i])
        i = 1
        while i < n - 2:
            k = data[i]
            if i + k + 2 > n - 2:
                raise BadRecord("deck registry: record at byte %d runs past the end" % i)
            try:
                reg.bind(data[i + 1:i + 1 + k], data[i + 1 + k])
            except (BadTag, BadCard) as e:
                raise BadRecord("deck registry: record at byte %d: %s" % (i, e))
            i += k + 2
        return reg

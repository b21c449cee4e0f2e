# Runs under MicroPython (tests/test_tags.py): core.tags round-trips every card of every deck.
import heap
from core import tags

heap.report("after imports")
n = 0
for letter, deck in tags.TAG_DECKS:
    for card in range(len(deck)):
        data = tags.encode_card(deck, card)
        if len(data) != tags.READ_BYTES:
            raise SystemExit("%s %d: %d bytes" % (deck.name, card, len(data)))
        got = tags.decode_card(data)
        if got != (deck.name, card):
            raise SystemExit("%s %d decoded as %r" % (deck.name, card, got))
        n += 1

# docs/twin.md "NTAG213" worked example, adapted to the text "F:QS".
if tags.encode_card("french36", "QS") != bytes((0x03, 0x0B, 0xD1, 0x01, 0x07, 0x54, 0x02, 0x65,
                                                 0x6E, 0x46, 0x3A, 0x51, 0x53, 0xFE, 0, 0)):
    raise SystemExit("F:QS bytes differ from docs/twin.md, NTAG213")

# A blank tag is refused, not guessed.
try:
    tags.decode_card(bytes(16))
    raise SystemExit("blank tag decoded")
except tags.BadTag:
    pass

reg = tags.DeckRegistry("skat")
reg.bind(b"\x04\x7e\x1e\xba\x53\x28\x80", "CJ")
if tags.DeckRegistry.from_bytes(reg.to_bytes()).card_for(b"\x04\x7e\x1e\xba\x53\x28\x80") != 4:
    raise SystemExit("registry round trip")
heap.report("at end")
print("OK", n)

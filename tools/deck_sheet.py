"""Printable sticker sheets and the card-code tables of each deck (docs/stickers.md).

Usage: ``python tools/deck_sheet.py [--out docs/stickers] [--doc docs/stickers.md]`` writes
``<deck>.png`` per deck (A4 at 150 dpi: one cell per card with the text its tag holds, its
short label and full name, and a box to tick once the sticker is written) and rewrites the
code tables between the ``<!-- codes:begin -->`` / ``<!-- codes:end -->`` markers of the
doc. The text of each cell is decoded from :func:`core.tags.encode_card`, so the sheet
shows exactly what the board's tag writer puts on the sticker (NFC Forum Text record,
language ``en``).
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from core.tags import TAG_DECKS, decode_card, encode_card  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "tools"))
from docgen import parse_out, replace_block  # noqa: E402

A4_PX = (1240, 1754)  # 210 x 297 mm at 150 dpi


def tag_text(deck, card):
    """``(text, language)`` of the NDEF Text record the board writes for ``card`` of
    ``deck``, read back out of :func:`core.tags.encode_card`'s bytes (NFC Forum Text RTD
    section 3.2.1: status byte = language length, then the language code, then the text).
    Raises ValueError if the bytes are not one Text record (they always are)."""
    data = encode_card(deck, card)
    if data[0] != 0x03 or data[5] != ord("T"):
        raise ValueError("encode_card did not give one NDEF Text record: %s" % data.hex())
    payload_len, status = data[4], data[6]
    lang_len = status & 0x3F
    lang = bytes(data[7:7 + lang_len]).decode("ascii")
    text = bytes(data[7 + lang_len:6 + payload_len]).decode("utf-8")
    if decode_card(data) != (deck.name, card):
        raise ValueError("tag for %s card %d does not read back" % (deck.name, card))
    return text, lang


def rows(deck):
    """``(code, tag text, short label, full name)`` for every card of ``deck``, by number:
    the label as the console writes it in the deck's default look (``core.vocab``: ``GD``
    for the Grün-Daus, trumps by number), the name in the deck's tradition."""
    from core.vocab import Vocabulary
    vocab = Vocabulary(deck)
    return [(deck.code(c), tag_text(deck, c)[0], vocab.short(c), deck.name_of(c))
            for c in range(len(deck))]


def markdown_tables():
    """The code tables of every deck, as markdown (what goes between the markers)."""
    out = []
    for letter, deck in TAG_DECKS:
        out += ["", "### %s (%d cards, deck letter %s)" % (deck.name, len(deck), letter), "",
                "| code | text on the tag | card | name |", "|---|---|---|---|"]
        out += ["| %s | `%s` | %s | %s |" % r for r in rows(deck)]
    return "\n".join(out + [""])


def draw(letter, deck, path, cols=6):
    """Render ``deck``'s printable sheet to ``path`` (PNG, A4 at 150 dpi)."""
    import pygame
    pygame.font.init()
    w, h = A4_PX
    s = pygame.Surface((w, h))
    s.fill((255, 255, 255))
    title = pygame.font.SysFont("dejavusans", 30, bold=True)
    big = pygame.font.SysFont("dejavusansmono", 34, bold=True)
    small = pygame.font.SysFont("dejavusans", 17)
    s.blit(title.render("trickref stickers: %s (%d cards) - NDEF Text, language en"
                        % (deck.name, len(deck)), True, (0, 0, 0)), (60, 40))
    n = len(deck)
    nrows = (n + cols - 1) // cols
    cw, ch = (w - 120) // cols, (h - 140) // nrows
    for c, (code, text, short, name) in enumerate(rows(deck)):
        x, y = 60 + (c % cols) * cw, 110 + (c // cols) * ch
        pygame.draw.rect(s, (120, 120, 120), (x, y, cw - 6, ch - 6), 2)
        s.blit(big.render(text, True, (0, 0, 0)), (x + 10, y + 6))
        s.blit(small.render(short + "  " + name, True, (40, 40, 40)), (x + 10, y + ch - 34))
        pygame.draw.rect(s, (0, 0, 0), (x + cw - 34, y + 10, 20, 20), 2)
    pygame.image.save(s, path)
    return path


def main(argv=None):
    args = parse_out(__doc__.splitlines()[0], os.path.join("docs", "stickers"), argv,
                     os.path.join("docs", "stickers.md"))
    for letter, deck in TAG_DECKS:
        print(draw(letter, deck, os.path.join(args.out, deck.name + ".png")))
    if replace_block(args.doc, "codes", markdown_tables()):
        print("updated " + args.doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())

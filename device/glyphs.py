"""Suit marks for the LCD's CGRAM: one 5x8 glyph per suit, one set per deck tradition.

The A00 character ROM has no suit signs (docs/twin.md "HD44780U"), so the firmware loads
the four glyphs of the deck in play into CGRAM slots 0..3 (:func:`load_suits`) and screens
write ``chr(suit)`` for a suit mark. A glyph is 8 rows, top first; bits 4..0 of a row are the
5 dots from left to right (HD44780U datasheet table 5). Row 7 (the cursor line) stays dark
like the ROM's own letters, so a mark never touches the row below.

Suit numbers are those of ``core/cards.py``: french36 ``C D H S``, skat ``C S H D`` (Eichel,
Grün, Herz, Schellen: the German suits are drawn, not their French tournament stand-ins),
tarot ``H S C D`` (Marseille coupes, épées, bâtons, deniers). Each glyph's console stand-in
is the deck's ``glyphs`` character for that suit (:func:`glyph_map`).
"""

from core.cards import deck_named

# Each deck's four glyphs, 8 rows each (bits 4..0 = dots left to right, drawn in the
# comments), suit by suit in the deck's suit order (core/cards.py). One bytes constant per
# deck: 32 bytes of heap each on a board, where a bytes object per glyph would cost a heap
# block of its own (device.glyphs, issue 10: memory).

# French suits (Magistr, Zhopa): C D H S.
_FRENCH36 = (
    # club
    b"\x0e"  # .###.  top leaf
    b"\x0e"  # .###.
    b"\x15"  # #.#.#  side leaves
    b"\x1f"  # #####
    b"\x15"  # #.#.#
    b"\x04"  # ..#..  stem
    b"\x0e"  # .###.  foot
    b"\x00"  # .....
    # diamond
    b"\x00"  # .....
    b"\x04"  # ..#..
    b"\x0e"  # .###.
    b"\x1f"  # #####
    b"\x0e"  # .###.
    b"\x04"  # ..#..
    b"\x00"  # .....
    b"\x00"  # .....
    # heart
    b"\x00"  # .....
    b"\x0a"  # .#.#.  two lobes
    b"\x1f"  # #####
    b"\x1f"  # #####
    b"\x0e"  # .###.
    b"\x04"  # ..#..  point
    b"\x00"  # .....
    b"\x00"  # .....
    # spade
    b"\x04"  # ..#..  point
    b"\x0e"  # .###.
    b"\x1f"  # #####
    b"\x1f"  # #####
    b"\x15"  # #.#.#  lobes
    b"\x04"  # ..#..  stem
    b"\x0e"  # .###.  foot
    b"\x00"  # .....
)

# German suits (Prager pattern, the Skat deck of seed 003): C S H D, Eichel, Grün, Herz,
# Schellen.
_SKAT = (
    # acorn (Eichel)
    b"\x04"  # ..#..  stalk
    b"\x0e"  # .###.  cup
    b"\x1f"  # #####  cup rim
    b"\x11"  # #...#  nut
    b"\x11"  # #...#
    b"\x0a"  # .#.#.
    b"\x04"  # ..#..  tip
    b"\x00"  # .....
    # leaf (Grün)
    b"\x04"  # ..#..  tip
    b"\x0e"  # .###.
    b"\x15"  # #.#.#  edges and midrib
    b"\x15"  # #.#.#
    b"\x0e"  # .###.
    b"\x04"  # ..#..  stalk
    b"\x04"  # ..#..
    b"\x00"  # .....
    # heart (Herz): fuller than the French heart, so the two read back apart
    b"\x0a"  # .#.#.  two lobes
    b"\x1f"  # #####
    b"\x1f"  # #####
    b"\x1f"  # #####
    b"\x0e"  # .###.
    b"\x04"  # ..#..  point
    b"\x00"  # .....
    b"\x00"  # .....
    # bell (Schellen)
    b"\x04"  # ..#..  eyelet
    b"\x0e"  # .###.
    b"\x1f"  # #####  ball
    b"\x11"  # #...#  band
    b"\x1f"  # #####
    b"\x0a"  # .#.#.  slit
    b"\x00"  # .....
    b"\x00"  # .....
)

# Marseille tarot suits (seed 002, FFT 2012): H S C D, coupe, épée, bâton, denier.
_TAROT = (
    # cup (coupe)
    b"\x1f"  # #####  rim
    b"\x1f"  # #####  bowl
    b"\x0e"  # .###.
    b"\x04"  # ..#..  stem
    b"\x04"  # ..#..
    b"\x0e"  # .###.  foot
    b"\x00"  # .....
    b"\x00"  # .....
    # sword (épée)
    b"\x04"  # ..#..  blade
    b"\x04"  # ..#..
    b"\x04"  # ..#..
    b"\x04"  # ..#..
    b"\x1f"  # #####  guard
    b"\x04"  # ..#..  grip
    b"\x04"  # ..#..
    b"\x00"  # .....
    # baton (bâton)
    b"\x03"  # ...##  club head, top right
    b"\x07"  # ..###
    b"\x0e"  # .###.
    b"\x0c"  # .##..
    b"\x18"  # ##...
    b"\x10"  # #....  handle end
    b"\x00"  # .....
    b"\x00"  # .....
    # coin (denier)
    b"\x00"  # .....
    b"\x0e"  # .###.
    b"\x11"  # #...#  rim
    b"\x15"  # #.#.#  centre boss
    b"\x11"  # #...#
    b"\x0e"  # .###.
    b"\x00"  # .....
    b"\x00"  # .....
)

# (deck, look) -> glyphs in the deck's suit order; the French glyphs serve every deck
# look with French suits (core.vocab.LOOKS), reordered to the deck's suit order.
_BY_LOOK = {("french36", "french"): (_FRENCH36, (0, 1, 2, 3)),
            ("skat", "german"): (_SKAT, (0, 1, 2, 3)),
            ("skat", "french"): (_FRENCH36, (0, 3, 2, 1)),  # C S H D from C D H S
            ("tarot", "marseille"): (_TAROT, (0, 1, 2, 3)),
            ("tarot", "nouveau"): (_FRENCH36, (2, 3, 0, 1))}  # H S C D from C D H S


def suit_glyphs(deck_name, look=None):
    """The 4 suit glyphs of ``deck_name`` in ``look`` (None: the deck's default look,
    ``core.vocab.LOOKS``) as a tuple of 8-byte ``bytes``, by suit number.

    Raises :class:`core.errors.BadCard` for an unknown deck name, TrickrefError for a look
    the deck does not have.
    """
    name = deck_named(deck_name).name
    if look is None:
        look = {"skat": "german", "tarot": "marseille"}.get(name, "french")
    got = _BY_LOOK.get((name, look))
    if got is None:
        from core.vocab import check_look
        check_look(name, look)  # raises, naming the looks
    rows, order = got
    return tuple(rows[8 * i:8 * i + 8] for i in order)


def glyph_map(deck_name, look=None):
    """``{glyph bytes: console mark}`` for the deck's suits in ``look``: what the LCD
    model needs to read CGRAM marks back as text, in the vocabulary's marks
    (``core.vocab``: ``E G H S`` for the German-suited Skat deck). Raises ``BadCard`` for
    an unknown deck name.
    """
    from core.vocab import Vocabulary
    vocab = Vocabulary(deck_named(deck_name), look)
    glyphs = suit_glyphs(deck_name, vocab.look)
    return {glyphs[s]: vocab.suit_marks[s] for s in range(4)}


def load_suits(lcd, deck_name, look=None):
    """Load the deck's 4 suit glyphs (in ``look``) into CGRAM slots 0..3 of ``lcd``."""
    glyphs = suit_glyphs(deck_name, look)
    for s in range(4):
        lcd.define_char(s, glyphs[s])

"""Suit marks for the LCD's CGRAM: one 5x8 glyph per suit, one set per deck tradition.

The A00 character ROM has no suit signs (reference/hardware.md §2.3), so the firmware loads
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

_CLUB = bytes((
    0b01110,  # .###.  top leaf
    0b01110,  # .###.
    0b10101,  # #.#.#  side leaves
    0b11111,  # #####
    0b10101,  # #.#.#
    0b00100,  # ..#..  stem
    0b01110,  # .###.  foot
    0b00000,
))
_DIAMOND = bytes((
    0b00000,
    0b00100,  # ..#..
    0b01110,  # .###.
    0b11111,  # #####
    0b01110,  # .###.
    0b00100,  # ..#..
    0b00000,
    0b00000,
))
_HEART = bytes((
    0b00000,
    0b01010,  # .#.#.  two lobes
    0b11111,  # #####
    0b11111,  # #####
    0b01110,  # .###.
    0b00100,  # ..#..  point
    0b00000,
    0b00000,
))
_SPADE = bytes((
    0b00100,  # ..#..  point
    0b01110,  # .###.
    0b11111,  # #####
    0b11111,  # #####
    0b10101,  # #.#.#  lobes
    0b00100,  # ..#..  stem
    0b01110,  # .###.  foot
    0b00000,
))

# German suits (Prager pattern, the Skat deck of seed 003).
_ACORN = bytes((
    0b00100,  # ..#..  stalk
    0b01110,  # .###.  cup
    0b11111,  # #####  cup rim
    0b10001,  # #...#  nut
    0b10001,  # #...#
    0b01010,  # .#.#.
    0b00100,  # ..#..  tip
    0b00000,
))
_LEAF = bytes((
    0b00100,  # ..#..  tip
    0b01110,  # .###.
    0b10101,  # #.#.#  edges and midrib
    0b10101,  # #.#.#
    0b01110,  # .###.
    0b00100,  # ..#..  stalk
    0b00100,  # ..#..
    0b00000,
))
_BELL = bytes((
    0b00100,  # ..#..  eyelet
    0b01110,  # .###.
    0b11111,  # #####  ball
    0b10001,  # #...#  band
    0b11111,  # #####
    0b01010,  # .#.#.  slit
    0b00000,
    0b00000,
))

# Marseille tarot suits (seed 002, FFT 2012).
_CUP = bytes((
    0b11111,  # #####  rim
    0b11111,  # #####  bowl
    0b01110,  # .###.
    0b00100,  # ..#..  stem
    0b00100,  # ..#..
    0b01110,  # .###.  foot
    0b00000,
    0b00000,
))
_SWORD = bytes((
    0b00100,  # ..#..  blade
    0b00100,  # ..#..
    0b00100,  # ..#..
    0b00100,  # ..#..
    0b11111,  # #####  guard
    0b00100,  # ..#..  grip
    0b00100,  # ..#..
    0b00000,
))
_BATON = bytes((
    0b00011,  # ...##  club head, top right
    0b00111,  # ..###
    0b01110,  # .###.
    0b01100,  # .##..
    0b11000,  # ##...
    0b10000,  # #....  handle end
    0b00000,
    0b00000,
))
_COIN = bytes((
    0b00000,
    0b01110,  # .###.
    0b10001,  # #...#  rim
    0b10101,  # #.#.#  centre boss
    0b10001,  # #...#
    0b01110,  # .###.
    0b00000,
    0b00000,
))

# By deck name, indexed by the deck's suit numbers (core/cards.py).
_BY_DECK = {
    "french36": (_CLUB, _DIAMOND, _HEART, _SPADE),  # C D H S
    "skat": (_ACORN, _LEAF, _HEART, _BELL),  # C S H D: Eichel, Grün, Herz, Schellen
    "tarot": (_CUP, _SWORD, _BATON, _COIN),  # H S C D: coupe, épée, bâton, denier
}


def suit_glyphs(deck_name):
    """The 4 suit glyphs of ``deck_name`` as a tuple of 8-byte ``bytes``, by suit number.

    Raises :class:`core.errors.BadCard` for an unknown deck name.
    """
    return _BY_DECK[deck_named(deck_name).name]


def glyph_map(deck_name):
    """``{glyph bytes: console stand-in}`` for the deck's suits (the deck's ``glyphs``).

    What the LCD model needs to read CGRAM marks back as text. Raises ``BadCard`` for an
    unknown deck name.
    """
    deck = deck_named(deck_name)
    glyphs = _BY_DECK[deck.name]
    return {glyphs[s]: deck.glyphs[s] for s in range(4)}


def load_suits(lcd, deck_name):
    """Load the deck's 4 suit glyphs into CGRAM slots 0..3 of ``lcd`` (an ``Hd44780``)."""
    glyphs = suit_glyphs(deck_name)
    for s in range(4):
        lcd.define_char(s, glyphs[s])

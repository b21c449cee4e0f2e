"""The Skat deck (32 German-suited cards, ISS notation): ``core.cards.SKAT`` is this
module's ``DECK``, imported only when the Skat deck is used. Numbering and sources: the
docstring of :mod:`core.cards`; full names: :mod:`core.cards_names`.
"""

from core.cards import Deck

# Rank marks are a list made into a tuple, not a tuple literal: a literal tuple of strings
# is one constant whose strings each become a heap object when the .mpy loads, while the
# list's strings are interned names (about a third of the heap on MicroPython).
DECK = Deck(
    "skat", "CSHD", "789TJQKA", False, (), None, None, None,
    tuple(["7", "8", "9", "10", "U", "O", "K", "D"]),
    # Consoles have no single-width acorn/leaf/bell: the tournament deck's French marks
    # stand in; the LCD (CGRAM) and the simulator draw the real German suits.
    "♣♠♥♦",
)

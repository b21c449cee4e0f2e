"""The 36-card French-suited deck of Magistr and Zhopa: ``core.cards.FRENCH36`` is this
module's ``DECK``, imported only when that deck is used. Numbering and sources: the
docstring of :mod:`core.cards`; full names: :mod:`core.cards_names`.
"""

from core.cards import Deck

# A list made into a tuple, not a tuple literal: see core/cards_skat.py.
DECK = Deck(
    "french36", "CDHS", "6789TJQKA", True, (), None, None, None,
    tuple(["6", "7", "8", "9", "10", "J", "Q", "K", "A"]),
    "♣♦♥♠",
)

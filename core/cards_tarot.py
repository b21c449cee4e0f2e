"""The 78-card Marseille-pattern tarot: ``core.cards.TAROT`` is this module's ``DECK``,
imported only when the tarot deck is used. Numbering and sources: the docstring of
:mod:`core.cards` (FFT 2012 p.2); full names: :mod:`core.cards_names`.
"""

from core.cards import Deck

# Lists made into tuples, not tuple literals: see core/cards_skat.py.
DECK = Deck(
    "tarot", "HSCD", "123456789TJCQK", False,
    # the extras after the suit grid: trumps 1..21 (cards 56..76), the Excuse (77)
    tuple(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15",
           "16", "17", "18", "19", "20", "21", "EX"]),
    None, None, None,
    # trumps by their number alone: "T" is the LCD's trick (issue 20, core/vocab.py)
    tuple(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "C", "D", "R",
           "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13",
           "14", "15", "16", "17", "18", "19", "20", "21", "EX"]),
    "♥♠♣♦",  # console stand-ins; the simulator draws the Marseille suits
)

"""The French-suited court cards and suits in each language, shared by the decks with
French suits (the tournament Skat deck, the 36-card deck; ``core.vocab``): loaded only
when one of them is in play.

``look(language, order, numbers)`` builds the ``core.vocab`` table of one language for
suits in ``order`` (letters ``C S H D``) and the number cards ``numbers``, when it is
asked for (only the language in use is built); docs/languages.md.
"""

# language -> (console marks J Q K A, LCD marks, names, suit names by letter, name format)
_LANG = {
    "en": (("J", "Q", "K", "A"), ("J", "Q", "K", "A"), ("Jack", "Queen", "King", "Ace"),
           {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds"},
           "%(rank)s of %(suit)s"),
    "de": (("B", "D", "K", "A"), ("B", "D", "K", "A"), ("Bube", "Dame", "König", "Ass"),
           {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo"}, "%(suit)s-%(rank)s"),
    "fr": (("V", "D", "R", "A"), ("V", "D", "R", "A"), ("Valet", "Dame", "Roi", "As"),
           {"C": "trèfle", "S": "pique", "H": "cœur", "D": "carreau"},
           "%(rank)s de %(suit)s"),
    "uk": (("В", "Д", "К", "Т"), ("V", "D", "K", "T"), ("валет", "дама", "король", "туз"),
           {"C": "трефи", "S": "піки", "H": "чирви", "D": "бубни"}, "%(rank)s (%(suit)s)"),
}
_SIGNS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def look(lang, order, numbers):
    """The table of language ``lang`` for suits in ``order`` (``"CSHD"``) and number
    cards ``numbers`` (a tuple of marks, ``("7", "8", "9", "10")``)."""
    marks, lcd, names, suits, fmt = _LANG[lang]
    return ("".join(_SIGNS[s] for s in order), numbers + marks, numbers + lcd,
            tuple(suits[s] for s in order), numbers + names, (fmt, "%s"), "", "")


"""The 36-card deck's words (Magistr, Zhopa; ``core.vocab``), loaded only when that deck
is in play. ``TABLES[("french", language)]`` as in ``core.vocab_skat``; suits ``C D H S``,
ranks ``6 7 8 9 10 J Q K A`` (core/cards.py; seeds 000/001). docs/languages.md.
"""

_N = ("6", "7", "8", "9", "10")
_SUITS = "♣♦♥♠"


def _look(marks, lcd, suits, ranks, fmt):
    return (_SUITS, _N + marks, _N + lcd, suits, _N + ranks, (fmt, "%s"), "", "")


TABLES = {
    ("french", "en"): _look(("J", "Q", "K", "A"), ("J", "Q", "K", "A"),
                            ("Clubs", "Diamonds", "Hearts", "Spades"),
                            ("Jack", "Queen", "King", "Ace"), "%(rank)s of %(suit)s"),
    ("french", "de"): _look(("B", "D", "K", "A"), ("B", "D", "K", "A"),
                            ("Kreuz", "Karo", "Herz", "Pik"),
                            ("Bube", "Dame", "König", "Ass"), "%(suit)s-%(rank)s"),
    ("french", "fr"): _look(("V", "D", "R", "A"), ("V", "D", "R", "A"),
                            ("trèfle", "carreau", "cœur", "pique"),
                            ("Valet", "Dame", "Roi", "As"), "%(rank)s de %(suit)s"),
    ("french", "uk"): _look(("В", "Д", "К", "Т"), ("V", "D", "K", "T"),
                            ("трефи", "бубни", "чирви", "піки"),
                            ("валет", "дама", "король", "туз"), "%(rank)s (%(suit)s)"),
}

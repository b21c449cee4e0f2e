"""The Skat deck's words (``core.vocab``), loaded only when the Skat deck is in play.

``TABLES[(look, language)]``: (console suit marks, console rank marks, LCD rank marks,
suit names, rank names, (full-name format, unused), "", ""), suits in the deck's order
``C S H D`` and ranks ``7 8 9 10 J Q K A`` (core/cards.py). German-suited (Prager pattern,
seed 003): Eichel, Grün, Herz, Schellen; Unter, Ober, König, Daus: the deck's own marks
(``E G H S``; ``U O K D``) in every language, so ``GD`` is the Grün-Daus and never reads
as a queen of spades. French-suited (the tournament deck, ISkO 1.1): the suit signs and
each language's own rank letters (Bube, Dame, König, Ass in German: ``B D K A``).
docs/languages.md.
"""

from core.vocab_french import tables

_N = ("7", "8", "9", "10")
_GER = ("EGHS", _N + ("U", "O", "K", "D"), _N + ("U", "O", "K", "D"))


def _german(suits, ranks, fmt):
    return _GER + (suits, _N + ranks, (fmt, "%s"), "", "")


TABLES = tables("french", "CSHD", _N)
TABLES.update({
    ("german", "en"): _german(("Acorns", "Leaves", "Hearts", "Bells"),
                              ("Unter", "Ober", "King", "Deuce"), "%(rank)s of %(suit)s"),
    ("german", "de"): _german(("Eichel", "Grün", "Herz", "Schellen"),
                              ("Unter", "Ober", "König", "Daus"), "%(suit)s-%(rank)s"),
    ("german", "fr"): _german(("Glands", "Feuilles", "Cœurs", "Grelots"),
                              ("Unter", "Ober", "Roi", "As"), "%(rank)s de %(suit)s"),
    ("german", "uk"): _german(("жолуді", "вино", "черва", "дзвінки"),
                              ("унтер", "обер", "король", "туз"), "%(rank)s (%(suit)s)"),
})

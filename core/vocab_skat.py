"""The Skat deck's words (``core.vocab``), loaded only when the Skat deck is in play.

``table(look, language)``: (console suit marks, console rank marks, LCD rank marks,
suit names, rank names, (full-name format, unused), "", ""), suits in the deck's order
``C S H D`` and ranks ``7 8 9 10 J Q K A`` (core/cards.py). German-suited (Prager pattern,
seed 003): Eichel, Grün, Herz, Schellen; Unter, Ober, König, Daus: the deck's own marks
(``E G H S``; ``U O K D``) in every language, so ``GD`` is the Grün-Daus and never reads
as a queen of spades. French-suited (the tournament deck, ISkO 1.1): the suit signs and
each language's own rank letters (Bube, Dame, König, Ass in German: ``B D K A``).
docs/languages.md.
"""

_N = ("7", "8", "9", "10")
_GER = ("EGHS", _N + ("U", "O", "K", "D"), _N + ("U", "O", "K", "D"))


def _german(suits, ranks, fmt):
    return _GER + (suits, _N + ranks, (fmt, "%s"), "", "")


# German-suited, by language: suit names, rank names Unter..Daus, full-name format
_GERMAN = {
    "en": (("Acorns", "Leaves", "Hearts", "Bells"), ("Unter", "Ober", "King", "Deuce"),
           "%(rank)s of %(suit)s"),
    "de": (("Eichel", "Grün", "Herz", "Schellen"), ("Unter", "Ober", "König", "Daus"),
           "%(suit)s-%(rank)s"),
    "fr": (("Glands", "Feuilles", "Cœurs", "Grelots"), ("Unter", "Ober", "Roi", "As"),
           "%(rank)s de %(suit)s"),
    "uk": (("жолуді", "вино", "черва", "дзвінки"), ("унтер", "обер", "король", "туз"),
           "%(rank)s (%(suit)s)"),
}


def table(look, lang):
    """The ``core.vocab`` table of ``look`` (``"german"`` or ``"french"``) in language
    ``lang``: built when asked for, only the one in use."""
    if look == "french":
        from core.vocab_french import look as french
        return french(lang, "CSHD", _N)
    return _german(*_GERMAN[lang])

"""The tarot deck's words (``core.vocab``), loaded only when the tarot deck is in play.

``TABLES[(look, language)]`` as in ``core.vocab_skat``, plus the Excuse's short label and
name; suits ``H S C D``, ranks ``1 .. 10``, Valet, Cavalier, Dame, Roi (core/cards.py,
FFT 2012 p.2). Trumps are written by their number alone (``21``), so ``T`` never means a
trump (the LCD's ``T3`` is the third trick). Marseille look: coupes, épées, bâtons,
deniers, marked by their French initials ``C E B D``; Tarot Nouveau (the FFT's deck):
the French suit signs. docs/languages.md.
"""

_N = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10")

# language -> (console rank marks, LCD rank marks, rank names, suit names Marseille,
# suit names Nouveau, full-name format, trump format, Excuse short, Excuse name)
_LANG = {
    "en": (("J", "C", "Q", "K"), ("J", "C", "Q", "K"), ("Jack", "Knight", "Queen", "King"),
           ("Cups", "Swords", "Batons", "Coins"), ("Hearts", "Spades", "Clubs", "Diamonds"),
           "%(rank)s of %(suit)s", "Trump %s", "Exc", "Excuse"),
    "de": (("B", "C", "D", "K"), ("B", "C", "D", "K"), ("Bube", "Cavall", "Dame", "König"),
           ("Kelche", "Schwerter", "Stäbe", "Münzen"), ("Herz", "Pik", "Kreuz", "Karo"),
           "%(suit)s-%(rank)s", "Trumpf %s", "Exc", "Excuse"),
    "fr": (("V", "C", "D", "R"), ("V", "C", "D", "R"), ("Valet", "Cavalier", "Dame", "Roi"),
           ("coupe", "épée", "bâton", "denier"), ("cœur", "pique", "trèfle", "carreau"),
           "%(rank)s de %(suit)s", "Atout %s", "Exc", "Excuse"),
    "uk": (("В", "Л", "Д", "К"), ("V", "L", "D", "K"), ("валет", "лицар", "дама", "король"),
           ("кубки", "мечі", "жезли", "монети"), ("чирви", "піки", "трефи", "бубни"),
           "%(rank)s (%(suit)s)", "козир %s", "Екс", "Екскюз"),
}


def _look(lang, nouveau):
    m, lcd, ranks, marseille, french, fmt, trump, ex, ex_name = _LANG[lang]
    marks = "♥♠♣♦" if nouveau else "CEBD"
    return (marks, _N + m, _N + lcd, french if nouveau else marseille, _N + ranks,
            (fmt, trump), ex, ex_name)



def table(look, lang):
    """The ``core.vocab`` table of ``look`` (``"marseille"`` or ``"nouveau"``) in
    language ``lang``: built when asked for, only the one in use."""
    return _look(lang, look == "nouveau")

"""The 36-card deck's words (Magistr, Zhopa; ``core.vocab``), loaded only when that deck
is in play: the French suits ``C D H S`` and ranks ``6 7 8 9 10 J Q K A`` (core/cards.py;
seeds 000/001), court cards as each language marks them (``core.vocab_french``).
docs/languages.md.
"""



def table(look, lang):
    """The ``core.vocab`` table of ``look`` (``"french"``) in language ``lang``."""
    from core.vocab_french import look as french
    return french(lang, "CDHS", ("6", "7", "8", "9", "10"))

"""Decks and card identity.

A card is a small int within its deck (``0 .. len(deck) - 1``); code strings such as ``CJ``
(ISS notation for Skat), ``QS`` (Magistr/Zhopa) or ``21`` / ``EX`` (Tarot) exist only at the
edges: parsing input, tags, records, output. Names and glyphs are tables, not logic.

Numbering (stable: tags, journals and vectors rely on it):

- ``SKAT`` (32): ``suit * 8 + rank``, suits ``C S H D`` (acorns, leaves, hearts, bells in the
  Prager pattern), ranks ``7 8 9 T J Q K A`` (``T`` = 10, ``J`` Unter, ``Q`` Ober, ``K`` König,
  ``A`` Daus). Seed ``003``; ISS card format, docs/analysis/skat.md section 1.
- ``FRENCH36`` (36, Magistr and Zhopa): ``suit * 9 + rank``, suits ``C D H S``, ranks
  ``6 7 8 9 T J Q K A``, written rank first (``6S 7C TH JD QS KH AD``, the notation of
  the Magistr issue). Seeds ``000``/``001``.
- ``TAROT`` (78): 56 suit cards ``suit * 14 + rank`` (suits ``H S C D`` = cups, swords,
  batons, coins; ranks ``1 .. 9 T J C Q K`` = 1..10, Valet, Cavalier, Reine, Roi), then the
  trumps ``1`` .. ``21`` as 56..76 and the Excuse ``EX`` as 77. Seed ``002``; FFT 2012 p.2.

Rank numbers here are positions in the printed order, not trick strength: each game builds
its own strength tables.

Memory (issue 10): a board plays one deck, so only that deck is built. ``SKAT``,
``FRENCH36``, ``TAROT`` and ``DECKS`` are made on first use (a module ``__getattr__``, which
MicroPython and CPython both call for ``from core.cards import SKAT``) from the deck's own
module (``core.cards_skat``, ``core.cards_french36``, ``core.cards_tarot``); the full names
(``suit_names``, ``suit_names_native``, ``rank_names``: consoles and records, never the
LCD) are in ``core.cards_names``, read on first use. Every string of a loaded module is
heap on a board, so the tables of the decks not in play are never loaded.
"""

from core.errors import BadCard

# Suit number given to cards that belong to no printed suit (Tarot).
TRUMP = 4  # a tarot trump (atout)
NO_CARD = -1  # "no card": the card of an event that has none (a refused choice, an undone bid)
EXCUSE = 5  # the tarot Excuse (Le Mat)


class Deck:
    """One deck: card codes, suit and rank of every card, and its display tables.

    Cards ``0 .. len(suits) * len(ranks) - 1`` form the suit grid (``suit * nranks +
    rank``); the codes in ``extras`` (Tarot trumps and Excuse) follow. Everything is
    arithmetic on two short strings, so a deck costs a few hundred bytes on a board.
    ``parse(code)`` raises :class:`core.errors.BadCard` on anything that is not a code here.
    ``suit_names``, ``suit_names_native`` and ``rank_names`` given as None are read from
    ``core.cards_names`` (by deck name) the first time they are asked for.
    """

    def __init__(self, name, suit_letters, rank_letters, rank_first, extras,
                 suit_names, suit_names_native, rank_names, rank_short, glyphs):
        self.name = name
        self._sl = suit_letters
        self._rl = rank_letters
        self._rank_first = rank_first  # "QS" (rank, suit) rather than "SQ"
        self._extras = extras  # codes after the suit grid, each its own "suit" TRUMP/EXCUSE
        self._grid = len(suit_letters) * len(rank_letters)
        self.size = self._grid + len(extras)
        # English names of the tradition by suit, the tradition's own names, full native
        # rank names by rank number (None: in core.cards_names, loaded when asked for)
        self._names = (suit_names, suit_names_native, rank_names)
        self.rank_short = rank_short  # 1-3 character rank marks for the LCD
        self.glyphs = glyphs  # one Unicode character per suit, for consoles

    def _name_table(self, i):
        if self._names[i] is None:
            from core.cards_names import NAMES
            self._names = NAMES[self.name]
        return self._names[i]

    @property
    def suit_names(self):
        """English names of the tradition, by suit number (``"acorns"``)."""
        return self._name_table(0)

    @property
    def suit_names_native(self):
        """The tradition's own suit names, by suit number (``"Eichel"``)."""
        return self._name_table(1)

    @property
    def rank_names(self):
        """Full native rank names, by rank number (``"Unter"``, ``"XXI"``)."""
        return self._name_table(2)

    def __len__(self):
        return self.size

    @property
    def codes(self):
        """All code strings, by card number (built on demand: a tuple of ``len`` strings)."""
        return tuple(self.code(c) for c in range(self.size))

    def parse(self, code):
        """Return the card number of ``code`` (case-insensitive, surrounding blanks ignored).

        Raises :class:`BadCard` naming the code and the deck when it is not a card here.
        """
        if not isinstance(code, str):
            raise BadCard("card code must be a string, got %r" % (code,))
        c = code.strip().upper()
        if c in self._extras:
            return self._grid + self._extras.index(c)
        if len(c) == 2:
            s, r = (c[1], c[0]) if self._rank_first else (c[0], c[1])
            si = self._sl.find(s)
            ri = self._rl.find(r)
            if si >= 0 and ri >= 0:
                return si * len(self._rl) + ri
        raise BadCard("%r is not a card of the %s deck" % (code, self.name))

    def parse_many(self, text, sep=None):
        """Parse a string of codes separated by ``sep`` (blanks by default, or ``"."``)."""
        return [self.parse(c) for c in text.split(sep) if c]

    def check(self, card):
        """Return ``card`` if it is a card number of this deck, else raise :class:`BadCard`."""
        if not isinstance(card, int) or card < 0 or card >= self.size:
            raise BadCard("%r is not a card number of the %s deck (0..%d)"
                          % (card, self.name, self.size - 1))
        return card

    def code(self, card):
        """The code string of ``card`` (``"CJ"``); raises :class:`BadCard` if out of range."""
        self.check(card)
        if card >= self._grid:
            return self._extras[card - self._grid]
        s = self._sl[card // len(self._rl)]
        r = self._rl[card % len(self._rl)]
        return r + s if self._rank_first else s + r

    def suit(self, card):
        """Suit number of ``card`` (0..3, or ``TRUMP`` / ``EXCUSE`` for the tarot extras)."""
        if card >= self._grid:
            return EXCUSE if self._extras[card - self._grid] == "EX" else TRUMP
        return card // len(self._rl)

    def rank(self, card):
        """Rank number of ``card``: its position in the deck's printed rank order (the
        extras continue the numbering: tarot trump n is rank 13 + n, the Excuse 35)."""
        if card >= self._grid:
            return len(self._rl) + card - self._grid
        return card % len(self._rl)

    def short(self, card):
        """A short label a player reads at a glance: suit glyph + rank mark (``"♣U"``)."""
        s = self.suit(card)
        if s >= TRUMP:
            return self.rank_short[self.rank(card)]
        return self.glyphs[s] + self.rank_short[self.rank(card)]

    def name_of(self, card):
        """The card's full name in its tradition (``"Eichel-Unter"``, ``"XXI"``)."""
        s = self.suit(card)
        if s >= TRUMP:
            return self.rank_names[self.rank(card)]
        return self.suit_names_native[s] + "-" + self.rank_names[self.rank(card)]


# The decks, by name: each built on first use from its module core.cards_<name>.
_DECK_NAMES = ("skat", "french36", "tarot")


def deck_named(name):
    """The deck called ``name`` (``"skat"``, ``"french36"``, ``"tarot"``); raises BadCard.

    The deck is built the first time it is asked for (here or as ``SKAT``...) and is the
    same object from then on."""
    if name not in _DECK_NAMES:
        raise BadCard("no deck called %r (known: skat, french36, tarot)" % (name,))
    g = globals()
    key = name.upper()
    deck = g.get(key)
    if deck is None:
        deck = g[key] = __import__("core.cards_" + name, None, None, ("DECK",)).DECK
    return deck


def __getattr__(name):
    # SKAT, FRENCH36, TAROT: built on first use (see the module docstring); DECKS: all three.
    if name == "DECKS":
        decks = {n: deck_named(n) for n in _DECK_NAMES}
        globals()["DECKS"] = decks
        return decks
    if name in ("SKAT", "FRENCH36", "TAROT"):
        return deck_named(name.lower())
    raise AttributeError("module 'core.cards' has no attribute %r" % (name,))

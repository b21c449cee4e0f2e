"""Decks and card identity.

A card is a small int within its deck (``0 .. len(deck) - 1``); code strings such as ``CJ``
(ISS notation for Skat), ``QS`` (Magistr/Zhopa) or ``21`` / ``EX`` (Tarot) exist only at the
edges: parsing input, tags, records, output. Names and glyphs are tables, not logic.

Numbering (stable: tags, journals and vectors rely on it):

- ``SKAT`` (32): ``suit * 8 + rank``, suits ``C S H D`` (acorns, leaves, hearts, bells in the
  Prager pattern), ranks ``7 8 9 T J Q K A`` (``T`` = 10, ``J`` Unter, ``Q`` Ober, ``K`` König,
  ``A`` Daus). Seed ``003``; ISS card format, reference/skat.md section 1.
- ``FRENCH36`` (36, Magistr and Zhopa): ``suit * 9 + rank``, suits ``C D H S``, ranks
  ``6 7 8 9 T J Q K A``. Seeds ``000``/``001``.
- ``TAROT`` (78): 56 suit cards ``suit * 14 + rank`` (suits ``H S C D`` = cups, swords,
  batons, coins; ranks ``1 .. 9 T J C Q K`` = 1..10, Valet, Cavalier, Reine, Roi), then the
  trumps ``1`` .. ``21`` as 56..76 and the Excuse ``EX`` as 77. Seed ``002``; FFT 2012 p.2.

Rank numbers here are positions in the printed order, not trick strength: each game builds
its own strength tables.
"""

from core.errors import BadCard

# Suit number given to cards that belong to no printed suit (Tarot).
TRUMP = 4  # a tarot trump (atout)
EXCUSE = 5  # the tarot Excuse (Le Mat)


class Deck:
    """One deck: its card codes, suit and rank of every card, and its display tables.

    ``codes`` is a tuple of code strings indexed by card number. ``suit(card)`` and
    ``rank(card)`` read byte tables built once at import. ``parse(code)`` raises
    :class:`core.errors.BadCard` on anything that is not a code of this deck.
    """

    def __init__(self, name, codes, suits, ranks, suit_names, suit_names_native,
                 rank_names, rank_short, glyphs):
        self.name = name
        self.codes = codes
        self._suits = suits  # bytes: suit number per card
        self._ranks = ranks  # bytes: rank number per card
        self._index = {}
        for i in range(len(codes)):
            self._index[codes[i]] = i
        self.suit_names = suit_names  # English names of the tradition, by suit number
        self.suit_names_native = suit_names_native  # the tradition's own names
        self.rank_names = rank_names  # full native rank names, by rank number
        self.rank_short = rank_short  # 1-2 character rank marks for the LCD
        self.glyphs = glyphs  # one Unicode character per suit, for consoles

    def __len__(self):
        return len(self.codes)

    def parse(self, code):
        """Return the card number of ``code`` (case-insensitive, surrounding blanks ignored).

        Raises :class:`BadCard` naming the code and the deck when it is not a card here.
        """
        if not isinstance(code, str):
            raise BadCard("card code must be a string, got %r" % (code,))
        card = self._index.get(code.strip().upper())
        if card is None:
            raise BadCard("%r is not a card of the %s deck" % (code, self.name))
        return card

    def parse_many(self, text, sep=None):
        """Parse a string of codes separated by ``sep`` (blanks by default, or ``"."``)."""
        return [self.parse(c) for c in text.split(sep) if c]

    def check(self, card):
        """Return ``card`` if it is a card number of this deck, else raise :class:`BadCard`."""
        if not isinstance(card, int) or card < 0 or card >= len(self.codes):
            raise BadCard("%r is not a card number of the %s deck (0..%d)"
                          % (card, self.name, len(self.codes) - 1))
        return card

    def code(self, card):
        """The code string of ``card`` (``"CJ"``); raises :class:`BadCard` if out of range."""
        return self.codes[self.check(card)]

    def suit(self, card):
        """Suit number of ``card`` (0..3, or ``TRUMP`` / ``EXCUSE`` in the tarot deck)."""
        return self._suits[card]

    def rank(self, card):
        """Rank number of ``card``: its position in the deck's printed rank order."""
        return self._ranks[card]

    def short(self, card):
        """A short label a player reads at a glance: suit glyph + rank mark (``"♣U"``)."""
        s = self._suits[card]
        if s >= TRUMP:
            return self.rank_short[self._ranks[card]]
        return self.glyphs[s] + self.rank_short[self._ranks[card]]

    def name_of(self, card):
        """The card's full name in its tradition (``"Eichel-Unter"``, ``"XXI"``)."""
        s = self._suits[card]
        r = self._ranks[card]
        if s >= TRUMP:
            return self.rank_names[r]
        return self.suit_names_native[s] + "-" + self.rank_names[r]


def _grid(suit_letters, rank_letters):
    codes = []
    suits = bytearray()
    ranks = bytearray()
    for s in range(len(suit_letters)):
        for r in range(len(rank_letters)):
            codes.append(suit_letters[s] + rank_letters[r])
            suits.append(s)
            ranks.append(r)
    return codes, suits, ranks


def _skat():
    codes, suits, ranks = _grid("CSHD", "789TJQKA")
    return Deck(
        "skat", tuple(codes), bytes(suits), bytes(ranks),
        ("acorns", "leaves", "hearts", "bells"),
        ("Eichel", "Grün", "Rot", "Schellen"),
        ("7", "8", "9", "10", "Unter", "Ober", "König", "Daus"),
        ("7", "8", "9", "10", "U", "O", "K", "D"),
        # Consoles have no single-width acorn/leaf/bell: the tournament deck's French marks
        # stand in; the LCD (CGRAM) and the simulator draw the real German suits.
        "♣♠♥♦",
    )


def _french36():
    codes, suits, ranks = _grid("CDHS", "6789TJQKA")
    return Deck(
        "french36", tuple(codes), bytes(suits), bytes(ranks),
        ("clubs", "diamonds", "hearts", "spades"),
        ("трефи", "бубни", "чирва", "піки"),
        ("6", "7", "8", "9", "10", "валет", "дама", "король", "туз"),
        ("6", "7", "8", "9", "10", "J", "Q", "K", "A"),
        "♣♦♥♠",
    )


_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
          "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")


def _tarot():
    codes, suits, ranks = _grid("HSCD", "123456789TJCQK")
    for n in range(1, 22):
        codes.append(str(n))
        suits.append(TRUMP)
        ranks.append(14 + n - 1)  # rank numbers 14..34 index the trump names below
    codes.append("EX")
    suits.append(EXCUSE)
    ranks.append(35)
    names = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
             "Valet", "Cavalier", "Reine", "Roi") + _ROMAN + ("Le Mat",)
    short = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
             "V", "C", "D", "R") + tuple("T" + str(n) for n in range(1, 22)) + ("EX",)
    return Deck(
        "tarot", tuple(codes), bytes(suits), bytes(ranks),
        ("cups", "swords", "batons", "coins"),
        ("Coupe", "Épée", "Bâton", "Denier"),
        names, short,
        "♥♠♣♦",  # console stand-ins; the simulator draws the Marseille suits
    )


SKAT = _skat()
FRENCH36 = _french36()
TAROT = _tarot()

DECKS = {"skat": SKAT, "french36": FRENCH36, "tarot": TAROT}


def deck_named(name):
    """The deck called ``name`` (``"skat"``, ``"french36"``, ``"tarot"``); raises BadCard."""
    deck = DECKS.get(name)
    if deck is None:
        raise BadCard("no deck called %r (known: skat, french36, tarot)" % (name,))
    return deck

"""One vocabulary per deck, look and language: how a card is written for players.

A :class:`Vocabulary` names the cards of one deck (``core.cards``) as players of one deck
*look* speaking one *language* call them, in three forms:

- ``short(card)``: the console's label (``"GD"`` for the Grün-Daus of a German-suited
  Skat deck, ``"♠A"`` for the ace of spades of the French-suited one, ``"21"`` for tarot
  trump 21, ``"Exc"`` for the Excuse);
- ``lcd(card)``: the LCD's label, the suit as its CGRAM code (``chr(suit)``: the glyph of
  the look, ``device.glyphs``) then the rank mark in the LCD's ASCII;
- ``name(card)``: the full name (``"Grün-Daus"``, ``"Ace of Spades"``, ``"Excuse"``).

``text(sentence)`` rewrites a rules sentence of ``core`` (whose cards are written in the
deck's own notation, ``Deck.short``: suit stand-in then rank mark, ``"♠D top of suit"``)
into this vocabulary, and ``lcd_text`` into the LCD's. Seats are always ``P1``..``Pn``
(``seat_label``), as the LCD and the players count them.

Looks (docs/languages.md): Skat ``german`` (Prager pattern, seed 003: Eichel, Grün, Herz,
Schellen; Unter, Ober, König, Daus) or ``french`` (the tournament deck, ISkO 1.1);
Tarot ``marseille`` (coupes, épées, bâtons, deniers) or ``nouveau`` (the French suits of
the FFT's Tarot Nouveau, FFT 2012 p.2); the 36-card deck of Magistr and Zhopa ``french``
(seeds 000/001). Languages: ``en``, ``de``, ``fr``, ``uk``. Each deck's tables live in
``core.vocab_<deck>`` (``table(look, lang)``), loaded only for the deck in play (a board
plays one deck), and only the table of the look and language in use is built and kept:
on a board the module leaves the heap once it is built (issue 19).
"""

from core.cards import EXCUSE, TRUMP
from core.compat import SMALL_HEAP, unload
from core.errors import TrickrefError

LANGUAGES = ("en", "de", "fr", "uk")

# deck name -> its looks, the first the default (the look of the seed's deck)
LOOKS = {"skat": ("german", "french"), "tarot": ("marseille", "nouveau"),
         "french36": ("french",)}


def seat_label(seat):
    """``"P1"`` for seat 0: seats as the LCD and the players count them (0-based ``seat``)."""
    return "P%d" % (seat + 1)


def check_language(lang):
    """Return ``lang`` if it is one of :data:`LANGUAGES`, else raise TrickrefError naming
    it and the known ones."""
    if lang not in LANGUAGES:
        raise TrickrefError("no language %r (known: %s)" % (lang, ", ".join(LANGUAGES)))
    return lang


def check_look(deck_name, look):
    """The look ``look`` of deck ``deck_name`` (None: the deck's default look); raises
    TrickrefError naming the looks the deck has."""
    looks = LOOKS.get(deck_name)
    if looks is None:
        raise TrickrefError("no deck called %r" % (deck_name,))
    if look is None:
        return looks[0]
    if look not in looks:
        raise TrickrefError("the %s deck has no %r look (known: %s)"
                            % (deck_name, look, ", ".join(looks)))
    return look


class Vocabulary:
    """The words of one deck (a ``core.cards.Deck``) in one look and language.

    ``look`` None is the deck's default (:data:`LOOKS`); an unknown look or language
    raises :class:`core.errors.TrickrefError`. Card numbers out of the deck raise
    ``core.errors.BadCard`` (``Deck.check``)."""

    def __init__(self, deck, look=None, lang="en"):
        self.deck = deck
        self.look = check_look(deck.name, look)
        self.lang = check_language(lang)
        # (suit marks, rank marks, LCD rank marks, suit names, rank names, name format,
        #  Excuse short, Excuse name): only this look's and language's table is built
        name = "core.vocab_" + deck.name
        self._t = __import__(name, None, None, ("table",)).table(self.look, self.lang)
        if SMALL_HEAP:  # the other looks' and languages' words leave a board's heap
            unload(name)
            unload("core.vocab_french")  # the French look's words, which some decks share
        # core's own notation: grid rank marks (longest first, "10" before "1")
        self._nranks = _grid_ranks(deck)
        marks = list(deck.rank_short[:self._nranks])
        self._core_marks = sorted(marks, key=len, reverse=True)

    def _parts(self, card):
        self.deck.check(card)
        return self.deck.suit(card), self.deck.rank(card)

    def short(self, card):
        """The console's label of ``card`` (``"GD"``, ``"♠A"``, ``"21"``, ``"Exc"``)."""
        s, r = self._parts(card)
        t = self._t
        if s == TRUMP:
            return self.deck.rank_short[r]
        if s == EXCUSE:
            return t[6]
        return t[0][s] + t[1][r]

    def lcd(self, card):
        """The LCD's label: ``chr(suit)`` (its CGRAM glyph) then the ASCII rank mark;
        a tarot trump its number, the Excuse ``"Ex"``."""
        s, r = self._parts(card)
        if s == TRUMP:
            return self.deck.rank_short[r]
        if s == EXCUSE:
            return "Ex"
        return chr(s) + self._t[2][r]

    def name(self, card):
        """The card's full name in this language (``"Grün-Daus"``, ``"Trump 21"``)."""
        s, r = self._parts(card)
        t = self._t
        if s == EXCUSE:
            return t[7]
        if s == TRUMP:
            return t[5][1] % self.deck.rank_short[r]
        return t[5][0] % {"suit": t[3][s], "rank": t[4][r]}

    def rank_mark(self, card):
        """The rank's mark in this look and language (``"U"`` for an Unter of the
        German-suited deck, ``"Q"`` for an English queen, ``"21"`` for tarot trump 21, the
        Excuse's short label): the corner of a card picture."""
        return self._rank(card, 1, 6)

    def rank_name(self, card):
        """The rank's name in this look and language (``"Ober"``, ``"Dame"``, ``"10"``);
        a tarot trump its number, the Excuse its name."""
        return self._rank(card, 4, 7)

    def _rank(self, card, ranks, excuse):
        # the rank from table column ``ranks``, the Excuse's from column ``excuse``
        s, r = self._parts(card)
        if s == TRUMP:
            return self.deck.rank_short[r]
        return self._t[excuse] if s == EXCUSE else self._t[ranks][r]

    @property
    def suit_marks(self):
        """The console's suit marks by suit number (``"EGHS"``, ``"♣♠♥♦"``): also what the
        LCD's CGRAM suit glyphs read back as (``device.glyphs.glyph_map``)."""
        return self._t[0]

    def suit_name(self, suit):
        """The name of suit number ``suit`` (0..3) in this look and language."""
        return self._t[3][suit]

    def text(self, sentence):
        """``sentence`` of ``core`` with every card in the deck's notation rewritten as
        :meth:`short` writes it (``"♠D top of suit"`` -> ``"GD top of suit"``)."""
        return self._rewrite(sentence, self.short)

    def lcd_text(self, sentence):
        """``sentence`` with every card as :meth:`lcd` writes it (CGRAM suit codes), and a
        suit alone (``"main suit now ♦"``) as its CGRAM code too: the LCD has no ``♦``
        (it showed ``?``)."""
        return self._rewrite(sentence, self.lcd, chr)

    def rewrite(self, sentence, label):
        """``sentence`` with every card in the deck's notation replaced by
        ``label(card)`` (a card number -> str): :meth:`text` and :meth:`lcd_text` with
        another labelling (the simulator's glyph-free ``host_sim.ui.words.card_words``)."""
        return self._rewrite(sentence, label)

    def _rewrite(self, sentence, label, suit=None):
        deck = self.deck
        out = []
        i = 0
        n = len(sentence)
        while i < n:
            ch = sentence[i]
            s = deck.glyphs.find(ch)
            if s >= 0:
                for m in self._core_marks:
                    if sentence.startswith(m, i + 1):
                        out.append(label(s * self._nranks + deck.rank_short.index(m)))
                        i += 1 + len(m)
                        break
                else:  # a suit alone
                    out.append(suit(s) if suit is not None else ch)
                    i += 1
                continue
            if sentence.startswith("EX", i) and deck.name == "tarot" and _alone(sentence, i, 2):
                out.append(label(deck.parse("EX")))
                i += 2
                continue
            out.append(ch)
            i += 1
        return "".join(out)


def _alone(text, i, n):
    # the n characters at i are a word of their own
    return (i == 0 or not text[i - 1].isalpha()) and (i + n >= len(text)
                                                      or not text[i + n].isalpha())


def _grid_ranks(deck):
    # how many rank marks the suit grid has (the tarot extras follow in rank_short)
    extras = 0
    c = deck.size - 1
    while c >= 0 and deck.suit(c) >= TRUMP:
        extras += 1
        c -= 1
    return len(deck.rank_short) - extras

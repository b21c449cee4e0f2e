"""Where every card of the simulated table lies, and the reader fields that follows from.

A card is in a seat's hand, on a seat's reader pad (its NTAG213 in that MFRC522 model's
field), in the talon (Skat's skat, Tarot's chien, face down in the middle), in a seat's
pile of won tricks, loose on the felt at a point, or out of the deal. Moving a card onto a
pad places its tag in that reader's field (``SimBoard.place``); moving it off lifts it
(``SimBoard.lift``): nothing else tells the firmware about cards.
"""

HAND = "hand"
PAD = "pad"
TALON = "talon"
PILE = "pile"
LOOSE = "loose"
OUT = "out"


class Tableau:
    """Card locations for ``deck`` at a table of ``pads`` seats on ``board`` (a SimBoard)
    with the stickers of ``tagged`` (a TaggedDeck).

    ``where(card)`` -> ``(kind, place)``: place is the pad index for HAND, PAD and PILE, an
    ``(x, y)`` point for LOOSE, None for TALON and OUT.
    """

    def __init__(self, deck, pads, board, tagged):
        self.deck = deck
        self.pads = pads
        self.board = board
        self.tagged = tagged
        self._where = {}
        self._z = {}
        self._zc = 0
        self.version = 0  # bumped on every move (the UI redraws, the shadow resyncs)

    def reset(self, hands_by_pad, talon=()):
        """A new deal: ``hands_by_pad[p]`` in pad p's hand (None: nobody sits there), the
        ``talon`` face down in the middle, every other card out; every pad is cleared."""
        for card, (kind, place) in list(self._where.items()):
            if kind == PAD:
                self.board.lift(place, self.tagged.tag(card))
        self._where = {}
        self._z = {}
        for p, hand in enumerate(hands_by_pad):
            for c in hand or ():
                self._where[c] = (HAND, p)
        for c in talon:
            self._where[c] = (TALON, None)
        self.version += 1

    def where(self, card):
        """``(kind, place)`` of ``card`` (OUT for a card not in the deal)."""
        return self._where.get(card, (OUT, None))

    def move(self, card, kind, place=None):
        """Put ``card`` at ``(kind, place)``, lifting its tag off a pad it leaves and laying
        it in the field of a pad it lands on."""
        old_kind, old_place = self.where(card)
        tag = self.tagged.tag(card)
        if old_kind == PAD and (kind, place) != (old_kind, old_place):
            self.board.lift(old_place, tag)
        if kind == PAD and (old_kind, old_place) != (kind, place):
            self.board.place(place, tag)
        self._where[card] = (kind, place)
        self._zc += 1
        self._z[card] = self._zc
        self.version += 1

    def _cards(self, kind, place=None, any_place=False):
        out = [c for c, (k, p) in self._where.items() if k == kind and (any_place or p == place)]
        return out

    def hand(self, pad):
        """Pad ``pad``'s hand, sorted by suit then rank (highest first)."""
        return sorted(self._cards(HAND, pad),
                      key=lambda c: (self.deck.suit(c), -self.deck.rank(c), c))

    def on_pad(self, pad):
        """Cards on pad ``pad``, the last laid on top (last)."""
        return sorted(self._cards(PAD, pad), key=lambda c: self._z.get(c, 0))

    def talon(self):
        """The talon's cards, in the order they came there."""
        return sorted(self._cards(TALON), key=lambda c: self._z.get(c, 0))

    def pile(self, pad):
        """Cards in pad ``pad``'s pile of won tricks."""
        return self._cards(PILE, pad)

    def loose(self):
        """Loose cards, bottom first."""
        return sorted(self._cards(LOOSE, any_place=True), key=lambda c: self._z.get(c, 0))

    def pads_clear(self):
        """True when no card lies on any pad."""
        return not self._cards(PAD, any_place=True)

    def z(self, card):
        """Stacking order (higher is on top)."""
        return self._z.get(card, 0)

"""The deck audit's bookkeeping: which tag is which card, what is missing or twice.

Loaded only when a player chooses "Deck audit" (a loaded module is heap: issue 10); the
mode that reads the pads is :mod:`device.modes.scan`.
"""

from core.compat import const
from core.errors import BadTag, TrickrefError
from core.tags import DeckRegistry, decode_card
from device.reasons import TWO_TAGS
from device.words import lcd, reason, say

# Missing cards the report names one by one (a Tarot deck barely begun misses 78: the
# list is scrolled on the LCD and kept in the heap); more are counted, "and 58 more".
LISTED = const(20)


class Audit:
    """A deck audit: every tag laid on a pad is decoded and bound to its UID; the report
    names the missing cards, the duplicates (two tags claiming one card) and the foreign
    or unreadable tags. ``label(card)``: the card as the LCD names it (the deck's look,
    ``core.vocab.Vocabulary.lcd``; default its code); the rows are in the table's
    language (device.words)."""

    def __init__(self, deck, label=None):
        self.deck = deck
        self.label = label or deck.code
        self.seen = {}  # card -> uid
        self.duplicates = []
        self.foreign = 0

    def scan(self, uid, data):
        """Take one scanned tag; returns the two rows to show."""
        try:
            deck_name, card = decode_card(data)
        except (BadTag, TrickrefError):
            self.foreign += 1
            return [say("Unknown tag"), say("%d ok, %d bad") % (len(self.seen), self.foreign)]
        if deck_name != self.deck.name:
            self.foreign += 1
            return [say("Other deck"), "%s  %d ok" % (deck_name, len(self.seen))]
        if card in self.seen and self.seen[card] != uid:
            self.duplicates.append(card)
            return [say("Duplicate %s") % self.label(card), lcd(reason(TWO_TAGS))]
        self.seen[card] = uid
        return ["%s ok" % self.label(card),
                say("%d of %d") % (len(self.seen), len(self.deck))]

    def registry(self):
        """A DeckRegistry of a complete, clean audit (every card once, no duplicate and no
        foreign tag), else None: only such a deck may refuse unknown tags."""
        if self.duplicates or self.foreign or len(self.seen) != len(self.deck):
            return None
        reg = DeckRegistry(self.deck)
        for card, uid in self.seen.items():
            reg.bind(uid, card)
        return reg

    def missing(self):
        """Cards of the deck no tag has claimed yet."""
        return [c for c in range(len(self.deck)) if c not in self.seen]

    def report(self):
        """The audit's findings, one line each: the count of cards ok, the missing cards
        (the first :data:`LISTED` named, then how many more), the duplicates, the foreign
        tags; in the table's language, each line within 16 columns."""
        miss = self.missing()
        lines = [say("%d/%d cards ok") % (len(self.seen), len(self.deck)),
                 say("missing %d") % len(miss)]
        lines += ["- " + self.label(c) for c in miss[:LISTED]]
        if len(miss) > LISTED:  # the count tells the rest: the list stops, the audit not
            lines.append(say("and %d more") % (len(miss) - LISTED))
        lines.append(say("duplicates %d") % len(self.duplicates))
        lines += ["- " + self.label(c) for c in self.duplicates]
        lines.append(say("foreign %d") % self.foreign)
        return lines

"""The deck audit's bookkeeping: which tag is which card, what is missing or twice.

Loaded only when a player chooses "Deck audit" (a loaded module is heap: issue 10); the
mode that reads the pads is :mod:`device.modes.scan`.
"""

from core.errors import BadTag, TrickrefError
from core.tags import DeckRegistry, decode_card


class Audit:
    """A deck audit: every tag laid on a pad is decoded and bound to its UID; the report
    names the missing cards, the duplicates (two tags claiming one card) and the foreign
    or unreadable tags."""

    def __init__(self, deck):
        self.deck = deck
        self.seen = {}  # card -> uid
        self.duplicates = []
        self.foreign = 0

    def scan(self, uid, data):
        """Take one scanned tag; returns the two rows to show."""
        try:
            deck_name, card = decode_card(data)
        except (BadTag, TrickrefError):
            self.foreign += 1
            return ["Unknown tag", "%d ok, %d bad" % (len(self.seen), self.foreign)]
        if deck_name != self.deck.name:
            self.foreign += 1
            return ["Other deck: " + deck_name, "%d ok" % len(self.seen)]
        if card in self.seen and self.seen[card] != uid:
            self.duplicates.append(card)
            return ["Duplicate " + self.deck.code(card), "two tags, one card"]
        self.seen[card] = uid
        return ["%s ok" % self.deck.code(card), "%d of %d" % (len(self.seen), len(self.deck))]

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
        """The audit's findings, one line each."""
        miss = self.missing()
        lines = ["%d/%d cards ok" % (len(self.seen), len(self.deck)),
                 "missing %d" % len(miss)]
        lines += ["- " + self.deck.code(c) for c in miss[:20]]
        lines.append("duplicates %d" % len(self.duplicates))
        lines += ["- " + self.deck.code(c) for c in self.duplicates]
        lines.append("foreign %d" % self.foreign)
        return lines

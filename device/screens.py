"""Events to text for a character LCD (16x2 or 20x4).

Lines are ``str`` of printable ASCII plus ``"\\x00".."\\x03"``: the CGRAM codes where the
firmware loaded the four suit glyphs of the deck in play (``device.glyphs``), suit number
``s`` shown as ``chr(s)``. Seats are shown 1-based ("P1"), as players count them.
"""

from core.cards import TRUMP
from core.events import (ALREADY_PLAYED, DEAL_OVER, MUST_FOLLOW, NOT_IN_DECK, NOT_IN_HAND,
                         NOT_YOUR_TURN, REVOKE, UNKNOWN_TAG, WRONG_PHASE)
from device.lcdtext import fit, seat_label

# Refusal reason code -> words (short enough for a 16-column row with a prefix).
REASONS = {
    NOT_YOUR_TURN: "not your turn",
    ALREADY_PLAYED: "already played",
    NOT_IN_DECK: "not in this deck",
    UNKNOWN_TAG: "unknown tag",
    MUST_FOLLOW: "must follow suit",
    NOT_IN_HAND: "not in hand",
    REVOKE: "revoke",
    DEAL_OVER: "deal is over",
    WRONG_PHASE: "not now",
    "clear-pads": "clear the pads",
    "collision": "2 cards on pad",
    "read-error": "read error",
    "tag-rewritten": "tag rewritten",
    "two-tags": "2 tags 1 card",
    "not-bound": "not deck's tag",
    "flash-full": "flash full",
    "write-error": "write error",
    "lift-card": "lift card first",
}


# A proven violation (RevokeFound.reason) in words for the LCD's first row.
VIOLATIONS = {"revoke": "revoke", "must-trump": "no trump", "must-overtrump": "undertrump",
              "bad-ecart": "bad ecart", "bad-call": "bad call", "bad-poignee": "bad poignee",
              "excuse-last-trick": "Excuse last"}

# What the last row asks when a deal waits for cards (Awaiting.verb -> words).
ASKS = {"set_skat": "scan skat", "show_hand": "lay hand"}


def card_label(deck, card):
    """LCD label of ``card``: the suit's CGRAM code then the rank mark (``"\\x00U"``)."""
    s = deck.suit(card)
    if s >= TRUMP:
        return deck.rank_short[deck.rank(card)]
    return chr(s) + deck.rank_short[deck.rank(card)]


def lcd_text(deck, text):
    """Replace the deck's Unicode suit glyphs in ``text`` by their CGRAM codes and any other
    non-ASCII character by ``?``, so a rules sentence prints on the LCD."""
    out = []
    for ch in text:
        i = deck.glyphs.find(ch)
        if i >= 0:
            out.append(chr(i))
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.append("?")
    return "".join(out)


# The decks as players call them (core.cards deck names -> words; 16 columns at most).
DECK_TITLES = {"skat": "Skat deck", "french36": "36-card deck", "tarot": "Tarot deck"}


def deck_title(deck):
    """The deck in players' words for the LCD: ``"36-card deck"`` for ``french36``; an
    unnamed deck keeps its code name."""
    return DECK_TITLES.get(deck.name, deck.name)


class Screens:
    """Turns events into LCD lines for one display size and the deck in play.

    ``name(seat)`` names a deal seat on the LCD (default ``device.lcdtext.seat_label``:
    "P1" for seat 0); the table loop passes its deal's ``Seating.label`` where the two
    differ (Skat's forehand)."""

    def __init__(self, deck, cols=16, rows=2, name=None):
        self.deck = deck
        self.cols = cols
        self.rows = rows
        self.tricks = 0
        self.name = name or seat_label

    def fit(self, lines):
        """Pad/cut ``lines`` to exactly ``rows`` rows of ``cols`` characters
        (``device.lcdtext.fit``)."""
        return fit(lines, self.cols, self.rows)

    def card_played(self, ev, next_seat):
        return self.fit(["%s %s" % (self.name(ev.seat), card_label(self.deck, ev.card)),
                         "next: %s" % self.name(next_seat) if next_seat >= 0 else ""])

    def trick_taken(self, ev):
        """Who took the trick, its points, and why (wrapped over the rows left)."""
        self.tricks += 1
        return self.fit(["T%d %s takes %s" % (self.tricks, self.name(ev.seat),
                                             self.points(ev.points))]
                        + self.wrap(lcd_text(self.deck, ev.reason), self.rows - 1))

    def points(self, n):
        """Card points as players count them: tarot's are kept in half-points."""
        if self.deck.name != "tarot":
            return "%d" % n
        return "%d" % (n // 2) if n % 2 == 0 else "%d.5" % (n // 2)

    def wrap(self, text, rows):
        """``text`` over at most ``rows`` rows, broken at blanks; when it does not fit, it
        is cut at the end of its first clause (":" or ","), which names the verdict."""
        words = text.split(" ")
        out = [""]
        for w in words:
            if not out[-1]:
                out[-1] = w
            elif len(out[-1]) + 1 + len(w) <= self.cols:
                out[-1] += " " + w
            else:
                out.append(w)
        if len(out) <= rows:
            return out
        for mark in (":", ","):
            i = text.find(mark)
            if 0 < i <= self.cols * rows:
                return self.wrap(text[:i], rows)
        return out[:rows]

    def refused(self, ev):
        what = card_label(self.deck, ev.card) + " " if ev.card is not None and ev.card >= 0 \
            else ""
        who = self.name(ev.seat) + " " if ev.seat >= 0 else ""
        return self.fit(["%s%srefused" % (who, what), REASONS.get(ev.reason, ev.reason)])

    def revoke(self, ev):
        """A later card proved an earlier violation (unknown hands): the seat, what it did
        (a revoke, no trump, a bad écart...), the trick, and the card that shows it."""
        what = VIOLATIONS.get(ev.reason, "revoke")
        if ev.trick < 0:  # before the play: the écart, the call
            return self.fit(["%s %s" % (self.name(ev.seat), what),
                             "shown by %s" % card_label(self.deck, ev.card)])
        head = "%s %s in T%d" % (self.name(ev.seat), what, ev.trick + 1)
        if len(head) > self.cols:
            head = "%s %s T%d" % (self.name(ev.seat), what, ev.trick + 1)
        return self.fit([head,
                         "shown by %s" % card_label(self.deck, ev.card)])

    def awaiting(self, ev, why, current):
        """The deal needs cards scanned (``core.events.Awaiting``): ``why`` (the deal's
        end reason, or None) on the first row, else what ``current`` shows there; the
        request on the last row: "scan skat (2)", "lay hand (8)"."""
        ask = "%s (%d)" % (ASKS.get(ev.verb, "scan " + ev.verb), ev.count)
        lines = self.fit([why] if why else (current or [])[:self.rows - 1])
        lines[-1] = self.fit([ask])[0]
        return lines

    def lift_card(self, seat, card):
        """After an undo: the card taken back still lies on its pad; ``seat`` lifts it
        ("P3 lift \x028" / "then play again")."""
        return self.fit(["%s lift %s" % (self.name(seat), card_label(self.deck, card)),
                         "then play again"])

    def lift_scanned(self, count, next_lines=None):
        """After a scan that leaves the deal in play (an écart, a poignée): the ``count``
        cards still lie on a pad and are lifted; the last row of ``next_lines`` (who plays
        next, from ``play_next``) follows: "6 cards taken" / "lift; lead: P2"."""
        then = (next_lines or [""])[-1].strip()
        return self.fit(["%d cards taken" % count, ("lift; " + then) if then else "lift them"])

    def play_next(self, seat, deal):
        """The pads are clear: who plays now ("lead: P1" before a trick's first card, else
        "play: P3")."""
        verb = "play" if getattr(deal, "trick", None) else "lead"
        return self.fit(["pads clear", "%s: %s" % (verb, self.name(seat))])

    def message(self, line1, line2=""):
        """Any two-line notice (read errors, prompts)."""
        return self.fit([line1, line2])

    def deal_over(self, result):
        """The end-of-deal summary; Skat-shaped results show declarer points, tricks, value."""
        if getattr(result, "status", "") == "passed":
            return self.fit(["All passed", "no game"])
        if hasattr(result, "declarer_points") and result.value is not None:
            verdict = "overbid" if result.overbid else ("won" if result.won else "lost")
            return self.fit(["%s %d pts %d tr" % (self.name(result.declarer),
                                                  result.declarer_points,
                                                  result.declarer_tricks),
                             "%s %+d" % (verdict, result.value)])
        return self.fit(["Deal over", ""])

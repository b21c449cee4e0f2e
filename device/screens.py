"""Events to text for a character LCD (16x2 or 20x4).

Words come from ``device.words`` (the table's language), cards from a
``core.vocab.Vocabulary`` (the deck's look). Lines are ``str`` of printable ASCII plus ``"\\x00".."\\x03"``: the CGRAM codes where the
firmware loaded the four suit glyphs of the deck in play (``device.glyphs``), suit number
``s`` shown as ``chr(s)``. Seats are shown 1-based ("P1"), as players count them.
"""

from core.vocab import Vocabulary
from device import looks, words
from device.lcdtext import fit, seat_label
from device.pads import BETWEEN, COLLISION, NO_READER, READ_ERROR, READER_BACK
from device.words import lcd, plural, say, tr

# What the last row asks when a deal waits for cards (the scan's verb -> words): Skat's
# skat and open hand, Tarot's écart and poignée (its only announcement laid as cards).
# Each is followed by " (13)": 11 columns at most, so two digits fit 16.
ASKS = {"set_skat": "scan skat", "show_hand": "lay hand", "discard": "lay ecart",
        "announce": "lay poignee"}


def card_label(deck, card, vocab=None):
    """LCD label of ``card``: the suit's CGRAM code then the rank mark (``"\\x00U"``), in
    ``vocab`` (a ``core.vocab.Vocabulary``; default: the deck's default look, English)."""
    return (vocab or Vocabulary(deck)).lcd(card)


def lcd_text(deck, text, vocab=None):
    """A rules sentence of ``core`` for the LCD: its cards as ``vocab`` labels them (CGRAM
    suit codes), any other letter in the LCD's alphabet (``device.words.lcd``)."""
    return lcd((vocab or Vocabulary(deck)).lcd_text(text))


# The decks as players call them (core.cards deck names -> words; 16 columns at most).
DECK_TITLES = {"skat": "Skat deck", "french36": "36-card deck", "tarot": "Tarot deck"}


def deck_title(deck):
    """The deck in players' words for the LCD, in the language in use: ``"36-card deck"``
    for ``french36``; an unnamed deck keeps its code name."""
    return lcd(tr(DECK_TITLES.get(deck.name, deck.name)))


class PadFaults:
    """What the LCD says about a pad's fault (``device.pads``), in the language in use: a
    reader that does not answer (NO_READER: "pad 3: no reader" / "retrying...") and
    answers again (READER_BACK: "pad 3: back" over the rest of the screen the first
    message covered), two cards on a pad (COLLISION: "P1: 2 cards on" / "pad, lift one"),
    a card that keeps failing to read (READ_ERROR: "P1: read error" / "replace the card"),
    one card on two pads (BETWEEN: "card between" / "P1+P2 lift it"). A pad is named by
    its player's place ("P1") or, on a board with one ``central`` pad, "pad". The table
    (device.app) and the pad modes of the main menu (device.modes.scan: the deck audit is
    the wiring check, docs/wiring.md) both say it so."""

    def __init__(self, central=False):
        self.central = central
        self.covered = None  # the rows under the first "no reader", until a pad is back

    def lines(self, read, current):
        """The rows to show for ``read`` (a ``device.pads.Read`` of no card) over
        ``current`` (the rows on the LCD now, or None), or None for another kind."""
        kind = read.kind
        if kind == NO_READER:
            self.covered = self.covered or current
            return [say("pad %d: no reader") % (read.pad + 1), say("retrying...")]
        if kind == READER_BACK:
            before, self.covered = self.covered, None
            return [say("pad %d: back") % (read.pad + 1)] + list(before or current or [])[1:]
        if kind == BETWEEN:  # credited to neither seat: lift it, lay it on one pad
            return [say("card between"), say("%s lift it") % between_pads(read)]
        # the pad's player (a pad per seat), or the central pad, which is nobody's
        who = say("pad") if self.central else "P%d" % (read.pad + 1)
        if kind == COLLISION:
            return [say("%s: 2 cards on") % who, say("pad, lift one")]
        if kind == READ_ERROR:
            return [say("%s: read error") % who, say("replace the card")]
        return None


def between_pads(read):
    """The pads a BETWEEN ``read`` found one card on, as the LCD names them: "P1+P3"."""
    return "+".join(["P%d" % (p + 1) for p in (read.pad,) + tuple(read.data)])


class Screens:
    """Turns events into LCD lines for one display size and the deck in play.

    ``name(seat)`` names a deal seat on the LCD (default ``device.lcdtext.seat_label``:
    "P1" for seat 0); the table loop passes its deal's ``Seating.label`` where the two
    differ (Skat's forehand). ``vocab``: the ``core.vocab.Vocabulary`` cards are written in
    (default: the look chosen for the deck, ``device.looks``, the language in use);
    words come from ``device.words``."""

    def __init__(self, deck, cols=16, rows=2, name=None, vocab=None):
        self.deck = deck
        self.vocab = vocab or Vocabulary(deck, looks.look(deck.name), words.language())
        self.cols = cols
        self.rows = rows
        self.tricks = 0
        self.last_taken = None  # the TrickTaken of the trick just ended (last_trick)
        self.name = name or seat_label

    def fit(self, lines):
        """Pad/cut ``lines`` to exactly ``rows`` rows of ``cols`` characters, in the LCD's
        alphabet (``device.words.lcd``, then ``device.lcdtext.fit``)."""
        return fit([lcd(t) for t in lines[:self.rows]], self.cols, self.rows)

    def card_played(self, ev, next_seat):
        self.last_taken = None  # a trick is in play again
        return self.fit(["%s %s" % (self.name(ev.seat), self.vocab.lcd(ev.card)),
                         tr("next: %s") % self.name(next_seat) if next_seat >= 0 else ""])

    def trick_taken(self, ev):
        """Who took the trick, its points, and why (wrapped over the rows left):
        ``"T3 P2 takes 25"``; where that is wider than the LCD (``"T10 P2 takes 25.5"``
        on 16 columns) the trick number gives way: ``"P2 takes 25.5"``."""
        self.tricks += 1
        self.last_taken = ev
        who, pts = self.name(ev.seat), self.points(ev.points)
        head = tr("T%d %s takes %s") % (self.tricks, who, pts)
        if len(lcd(head)) > self.cols:
            head = tr("%s takes %s") % (who, pts)
        return self.fit([head] + self.wrap(self.rules_text(ev.reason), self.rows - 1))

    def last_trick(self):
        """The trick that ended the deal, shown before its result (device.last_trick):
        ``["Last trick: P2", "25 points"]``, on 4 rows also its cards in play order from
        the lead (wrapped); None when no trick was just taken (a card was played since,
        or the deal is being resumed)."""
        ev = self.last_taken
        if ev is None:
            return None
        lines = [tr("Last trick: %s") % self.name(ev.seat),
                 tr("%s points") % self.points(ev.points)]
        if self.rows > 2:
            lines.extend(self.wrap(" ".join([self.vocab.lcd(c) for c in ev.cards]),
                                   self.rows - 2))
        return self.fit(lines)

    def rules_text(self, text):
        """A rules sentence for the LCD: cards in this vocabulary, in the language in use
        (``device.words.rules``: ``"♠Q beats ♠6: higher card of the main suit"`` through
        the format ``"%s beats %s: higher card of the main suit"``, ``"♠D top of suit"``
        through ``"top of suit"``, ``"Excuse: chelem"`` whole)."""
        return lcd(self.vocab.lcd_text(words.rules(text, self.deck.glyphs)))

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
        what = self.vocab.lcd(ev.card) + " " if ev.card is not None and ev.card >= 0 \
            else ""
        who = self.name(ev.seat) + " " if ev.seat >= 0 else ""
        return self.fit([tr("%s%srefused") % (who, what), words.reason(ev.reason)])

    def revoke(self, ev):
        """A later card proved an earlier violation (unknown hands): the seat, what it did
        (a revoke, no trump, a bad écart...), the trick, and the card that shows it."""
        what = words.violation(ev.reason if ev.reason in words.VIOLATIONS else "revoke")
        shown = tr("shown by %s") % self.vocab.lcd(ev.card)
        if ev.trick < 0:  # before the play: the écart, the call
            return self.fit(["%s %s" % (self.name(ev.seat), what), shown])
        head = lcd(tr("%s %s in T%d") % (self.name(ev.seat), what, ev.trick + 1))
        if len(head) > self.cols:
            head = lcd(tr("%s %s T%d") % (self.name(ev.seat), what, ev.trick + 1))
        if len(lcd(head)) > self.cols:  # the trick gives way before the words do
            head = "%s %s" % (self.name(ev.seat), what)
        return self.fit([head, shown])

    def awaiting(self, ev, why, current):
        """The deal needs cards scanned (``core.events.Awaiting``): ``why`` (the deal's
        end reason, or None) on the first row, else what ``current`` shows there; the
        request on the last row: "scan skat (2)", "lay hand (8)"."""
        ask = "%s (%d)" % (tr(ASKS[ev.verb]) if ev.verb in ASKS else tr("scan %s") % ev.verb,
                           ev.count)
        lines = self.fit([why] if why else (current or [])[:self.rows - 1])
        lines[-1] = self.fit([ask])[0]
        return lines

    def lift_card(self, seat, card):
        """After an undo: the card taken back still lies on its pad; ``seat`` lifts it
        ("P3 lift \x028" / "then play again")."""
        return self.fit([tr("%s lift %s") % (self.name(seat), self.vocab.lcd(card)),
                         tr("then play again")])

    def lift_scanned(self, count, next_lines=None):
        """After a scan that leaves the deal in play (an écart, a poignée): the ``count``
        cards still lie on a pad and are lifted; the last row of ``next_lines`` (who plays
        next, from ``play_next``) follows: "6 cards taken" / "lift; lead: P2"."""
        then = (next_lines or [""])[-1].strip()
        return self.fit([plural(count, "%d card taken", "%d cards taken") % count,
                         (tr("lift; ") + then) if then else tr("lift them")])

    def play_next(self, seat, deal):
        """Who plays now, once the pads are as the deal wants them: before a trick's first
        card "pads clear" / "lead: P1"; within a trick (after an undo, a resume) its
        cards still lie on their pads, so "T3: 2 played" / "play: P3"."""
        trick = getattr(deal, "trick", None)
        if trick:
            return self.fit([tr("T%d: %d played") % (self.tricks + 1, len(trick)),
                             "%s: %s" % (tr("play"), self.name(seat))])
        return self.fit([tr("pads clear"), "%s: %s" % (tr("lead"), self.name(seat))])

    def message(self, line1, line2=""):
        """Any two-line notice (read errors, prompts), in the language in use."""
        return self.fit([tr(line1), tr(line2)])

    def deal_over(self, result):
        """The end-of-deal summary; Skat-shaped results show declarer points, tricks, value."""
        if getattr(result, "status", "") == "passed":
            return self.fit([tr("All passed"), tr("no game")])
        if hasattr(result, "declarer_points") and result.value is not None:
            verdict = tr("overbid" if result.overbid else ("won" if result.won else "lost"))
            return self.fit([tr("%s %d pts %d tr") % (self.name(result.declarer),
                                                  result.declarer_points,
                                                  result.declarer_tricks),
                             "%s %+d" % (verdict, result.value)])
        return self.fit([tr("Deal over"), ""])


def decided_by(deal, result, name=seat_label):
    """The result's row naming the proven violation that decided the deal (``"P2
    revoke"``; ISkO 4.1-4.2, docs/rules/skat.md "Rule violations"), read from
    ``deal.violation`` ``(seat, kind, trick)``, for a result that does not name it
    itself (a Tarot result has its own ``violation`` row); else ``[]``. ``name(seat)``
    names a deal seat on the LCD."""
    v = getattr(deal, "violation", None)
    if v is None or hasattr(result, "violation"):
        return []
    return [lcd("%s %s" % (name(v[0]), words.violation(v[1])))]

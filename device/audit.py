"""Deck audit and tag writing: the two pad modes of the main menu.

Split from :mod:`device.controller` so that a board loads this code only when a player
chooses "Deck audit" or "Write tags" (a loaded module is heap: issue 10). The controller
hands the mode to a :class:`ScanDesk`, which reads the pads itself, shows its progress on
the LCD and, at OK, shows the audit's report (saving the deck's tag registry after a clean
audit, so the game refuses foreign tags) or goes back to the main menu.
"""

from core.cards import deck_named
from core.errors import BadTag, TrickrefError
from core.tags import DeckRegistry, decode_card, encode_card
from device.controller import MODE_AUDIT, MODE_WRITE
from device.pads import CARD, Pads


class ScanDesk:
    """The audit (``purpose`` ``"audit"``) or tag writing (``"write"``) of deck
    ``deck_name`` on the controller ``ctl``: ``tick(now_ms)`` reads the pads, ``done()``
    ends the mode (OK or BACK)."""

    def __init__(self, ctl, purpose, deck_name):
        self.ctl = ctl
        deck = deck_named(deck_name)
        self.pads = Pads(ctl.hw.readers)
        if purpose == "audit":
            ctl.mode = MODE_AUDIT
            self.audit = Audit(deck)
            ctl.show(["Audit " + deck.name, "lay every card"])
        else:
            ctl.mode = MODE_WRITE
            self.audit = None
            self.writing = [deck, 0]
            self._prompt_write()

    def tick(self, now_ms):
        """Poll the next pad; a card read is audited or written."""
        read = self.pads.poll(now_ms)
        if read is None or read.kind != CARD:
            return
        if self.audit is not None:
            self.ctl.show(self.audit.scan(read.uid, read.data))
        else:
            self._write_tag(read)

    def _prompt_write(self):
        deck, i = self.writing
        if i >= len(deck):
            self.ctl.show(["Deck written", "%d tags" % len(deck)])
            return
        self.ctl.show(["Blank tag for", "%s  (%d/%d)" % (deck.code(i), i + 1, len(deck))])

    def _write_tag(self, read):
        deck, i = self.writing
        if i >= len(deck):
            return
        try:
            decode_card(read.data)
            self.ctl.show(["Tag already holds", "a card: next one"])
            return
        except TrickrefError:
            pass  # blank or foreign: ours to write
        data = encode_card(deck, i)
        reader = self.ctl.hw.readers[read.pad]
        try:
            for page in range(len(data) // 4):
                reader.write_page(read.uid, 4 + page, data[4 * page:4 * page + 4])
        except Exception as e:  # a write fault: the same card is asked for again
            self.ctl.show(["Write failed", str(e)])
            return
        self.writing[1] = i + 1
        self._prompt_write()

    def done(self):
        """OK or BACK: the audit's report (the registry saved after a clean audit), or
        back to the main menu after writing tags."""
        ctl = self.ctl
        if self.audit is not None:
            report = self.audit.report()
            reg = self.audit.registry()
            if reg is not None and self._save_registry(reg):
                report.append("tags bound: saved")
            ctl._show_list(report)
        else:
            ctl.main_menu()

    def _save_registry(self, reg):
        path = self.ctl._registry_path(reg.deck.name)
        if path is None:
            return False
        try:
            with open(path, "wb") as f:
                f.write(reg.to_bytes())
            return True
        except OSError as e:
            self.ctl.show(["cannot save tags", str(e)])
            return False


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

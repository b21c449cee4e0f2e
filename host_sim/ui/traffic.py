"""The side panel's link traffic, from a pluggable source.

A source is any object with ``poll() -> list of str`` (the lines that arrived since the
last poll). The panel keeps the last lines and draws them.

Until the firmware speaks on its serial link, :class:`EventFeed` is the source: the
simulator hands it the events ``Controller.tick`` returns (``on_events(now_ms, events)``)
and it turns each into one line, as a link frame log would show it. A link reader (a
``host_sim.link`` bridge decoding ``core.protocol`` frames) plugs in the same way: give
``SimApp(traffic=...)`` an object with ``poll()``; ``on_events`` is optional.
"""

from collections import deque

from core.events import (Awaiting, CardPlayed, DealOver, Refused, RevokeFound, TrickTaken,
                         Turn, Undone)
from device.seating import name_seats


class EventFeed:
    """Firmware events as text lines: ``on_events(now_ms, events)`` then ``poll()``.

    ``deck``: the deck in play, changeable with ``use_deck``; cards and the rules' reasons
    are written in its vocabulary (``core.vocab``: ``look`` and ``lang``, default the
    deck's default look in English: ``GD`` for the Grün-Daus);
    ``seat_name(seat) -> str``: how a deal seat is named (default ``P<seat+1>``).
    """

    def __init__(self, deck=None, seat_name=None, look=None, lang="en"):
        self.seat_name = seat_name or (lambda s: "P%d" % (s + 1))
        self._new = []
        self.lang = lang
        self.use_deck(deck, look)

    def use_deck(self, deck, look=None):
        """Cards from now on are of ``deck`` (in ``look``: None the deck's default)."""
        from core.vocab import Vocabulary
        self.deck = deck
        self.vocab = None if deck is None else Vocabulary(deck, look, self.lang)

    def _card(self, card):
        if card is None or card < 0 or self.deck is None:
            return "-"
        try:
            return self.vocab.short(card)
        except Exception:  # a card number of another deck: show the number
            return "#%d" % card

    def _text(self, sentence):
        return sentence if self.vocab is None else self.vocab.text(sentence)

    def describe(self, ev):
        """One line for event ``ev`` (None for events not worth a line)."""
        name = self.seat_name
        if isinstance(ev, CardPlayed):
            return "CARD   %s %s" % (name(ev.seat), self._card(ev.card))
        if isinstance(ev, TrickTaken):
            return "TRICK  %s takes %s  %dp  (%s)" % (
                name(ev.seat), " ".join(self._card(c) for c in ev.cards), ev.points, self._text(ev.reason))
        if isinstance(ev, Refused):
            who = name(ev.seat) if ev.seat >= 0 else "--"
            return "REFUSE %s %s %s: %s" % (who, self._card(ev.card), ev.reason,
                                            name_seats(self._text(ev.detail), name))
        if isinstance(ev, RevokeFound):
            return "REVOKE %s %s trick %d: %s" % (name(ev.seat), self._card(ev.card),
                                                  ev.trick + 1,
                                                  name_seats(self._text(ev.detail), name))
        if isinstance(ev, Undone):
            return "UNDO   %s %s" % (name(ev.seat) if ev.seat >= 0 else "--",
                                     self._card(ev.card))
        if isinstance(ev, Awaiting):
            return "AWAIT  %s: %d cards" % (ev.verb, ev.count)
        if isinstance(ev, DealOver):
            r = ev.result
            bits = [getattr(r, "status", "")]
            for field in ("value", "declarer_points", "declarer_tricks", "won"):
                if hasattr(r, field):
                    bits.append("%s=%s" % (field, getattr(r, field)))
            return "OVER   " + " ".join(str(b) for b in bits)
        if isinstance(ev, Turn):
            return None  # the next event says it
        return self._generic(ev)

    def _generic(self, ev):
        """A game's own event (a namedtuple): its name and fields, seats and cards named."""
        fields = getattr(ev, "_fields", None)
        if not fields:
            return "EVENT  %r" % (ev,)
        bits = []
        for f in fields:
            v = getattr(ev, f)
            if f in ("seat", "taker", "declarer") and isinstance(v, int):
                bits.append(self.seat_name(v) if v >= 0 else "--")
            elif f == "card" and isinstance(v, int):
                bits.append(self._card(v))
            elif f in ("cards", "trumps") and isinstance(v, (tuple, list)):
                bits.append(" ".join(self._card(c) for c in v) or "-")
            elif f == "seats" and isinstance(v, (tuple, list)):
                bits.append(",".join(self.seat_name(x) for x in v))
            else:
                bits.append("%s=%s" % (f, v))
        return "%-6s %s" % (type(ev).__name__[:12], " ".join(bits))

    def on_events(self, now_ms, events):
        """Take the events of one frame, stamped with the virtual time ``now_ms``."""
        for ev in events:
            text = self.describe(ev)
            if text is not None:
                self._new.append("%7.2f %s" % (now_ms / 1000.0, text))

    def note(self, now_ms, text):
        """A line from the simulator itself (deal dealt, computer choices...)."""
        self._new.append("%7.2f ~ %s" % (now_ms / 1000.0, text))

    def poll(self):
        """The lines that arrived since the last poll."""
        out = self._new
        self._new = []
        return out


def link_tap(bridge):
    """The board's link frames (``host_sim.console.TapFeed`` on ``bridge``) as the panel's
    source, each line as ``trickref console`` writes it (``host_sim.console.describe``):
    the board sends seats as the table names them, in the seat fields and in the rules'
    details (``device.link.Link.table_event``), and the console counts a revoke's trick
    from 1, like the LCD; nothing is renumbered here."""
    from host_sim import console
    tap = console.TapFeed(bridge)
    tap.words = board_words()  # cards as the table's players write them, not the codes
    return tap


def board_words():
    """The wire's cards in players' words as the board shows them now: a
    ``host_sim.console.CardWords`` in the table's language (``device.words``) with each
    deck in the board's look for it (``device.looks``: the menu's "Deck look")."""
    from device import looks, words
    from host_sim.console import GAME_DECKS, CardWords
    return CardWords(words.language(), {d: looks.look(d) for d in set(GAME_DECKS.values())})


class TrafficLog:
    """The last ``keep`` lines polled from ``source``."""

    def __init__(self, source, keep=400):
        self.source = source
        self.lines = deque(maxlen=keep)

    def pull(self):
        """Poll the source once; returns how many lines came."""
        got = self.source.poll()
        self.lines.extend(got)
        return len(got)

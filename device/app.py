"""The table controller's referee loop: a non-blocking state machine driven by ``tick``.

``App.tick(now_ms)`` polls one seat's reader per call (round robin), debounces the pads,
feeds cards to the referee, renders the events on the LCD and returns the events so the
caller (the board's main loop, the simulator, a test) can see them. Nothing in here sleeps;
times are compared with ``ticks_diff``. No exception escapes ``tick``: reader faults and
bad tags become messages on the LCD and :class:`core.events.Refused` events.

Debounce (a card counts once, until it leaves the pad): after a card is read its tag is
halted; while a tag still answers WUPA on that pad the pad is "occupied" and nothing new is
read there. The pad is free again after ``LIFT_POLLS`` empty polls in a row.

Pads: one reader per seat (``readers[seat]``), or ``central=True``: a single pad whose
cards are credited to the seat whose turn it is.
"""

from core.compat import const
from core.errors import BadTag, TrickrefError
from core.events import (NOT_IN_DECK, UNKNOWN_TAG, Awaiting, CardPlayed, DealOver,
                         Refused, TrickTaken)
from core.tags import decode_card
from device import glyphs, timing
from device.drivers.errors import NfcCollision, NfcError
from device.screens import Screens

LIFT_POLLS = const(2)  # empty polls in a row before a pad counts as cleared
READ_RETRIES = const(3)  # transient read faults tolerated before telling the table
POLL_MS = const(5)  # minimum time between two polls of the same pad


class App:
    """The firmware application over a hardware bundle and a referee.

    ``readers``: list of reader drivers (``read_card()``, ``tag_present()``), one per pad.
    ``lcd``: an ``Lcd`` driver (``show(lines)``, ``define_char(slot, rows8)``).
    ``referee``: a ``core.referee.Referee`` for the game in play; ``deck``: its deck.
    """

    def __init__(self, readers, lcd, referee, deck, central=False, on_event=None):
        self.readers = readers
        self.lcd = lcd
        self.referee = referee
        self.deck = deck
        self.central = central
        self.on_event = on_event  # optional callback(event, lines) for journal/link
        self.screens = Screens(deck, lcd.cols, lcd.rows)
        n = len(readers)
        self._uid = [None] * n  # UID of the tag resting on each pad, or None
        self._misses = bytearray(n)
        self._faults = bytearray(n)
        self._next = 0
        self._last_poll = None
        self._collect = None  # [verb, count, cards] while the deal awaits scanned cards
        self.lines = None
        for slot, rows8 in enumerate(glyphs.suit_glyphs(deck.name)):
            lcd.define_char(slot, rows8)
        self.show(self.screens.message("trickref " + deck.name, "first card"))

    def show(self, lines):
        """Put ``lines`` on the LCD (only changed rows are sent)."""
        self.lines = lines
        self.lcd.show(lines)

    def choose(self, verb, *args):
        """A choice entered at the table (auction result, contract, skat...): the menus'
        entry point into the referee. Returns the events."""
        return self._handle(self.referee.act(verb, *args))

    def tick(self, now_ms):
        """Poll the next pad if its poll period has passed; returns the events produced."""
        if self._last_poll is not None and timing.ticks_diff(now_ms, self._last_poll) < \
                POLL_MS // max(1, len(self.readers)):
            return []
        self._last_poll = now_ms
        pad = self._next
        self._next = (pad + 1) % len(self.readers)
        try:
            return self._poll(pad)
        except Exception as e:  # never let a fault escape the loop; show it instead
            self.show(self.screens.message("internal error", str(e)[:20]))
            return [Refused(-1, -1, "internal", str(e))]

    def _poll(self, pad):
        reader = self.readers[pad]
        if self._uid[pad] is not None:
            if reader.tag_present():
                self._misses[pad] = 0
            else:
                self._misses[pad] += 1
                if self._misses[pad] >= LIFT_POLLS:
                    self._uid[pad] = None
                    self._misses[pad] = 0
            return []
        try:
            got = reader.read_card()
        except NfcError as e:  # collision, CRC, NAK, timeout, protocol
            return self._read_fault(pad, e)
        self._faults[pad] = 0
        if got is None:
            return []
        uid, data = got
        self._uid[pad] = uid
        seat = self.referee.current_seat() if self.central else pad
        try:
            deck_name, card = decode_card(data)
        except (BadTag, TrickrefError) as e:
            return self._handle([Refused(seat, -1, UNKNOWN_TAG, str(e))])
        if deck_name != self.deck.name:
            return self._handle([Refused(seat, -1, NOT_IN_DECK,
                                         "a %s card, not %s" % (deck_name, self.deck.name))])
        if self._collect is not None:
            return self._collected(card)
        return self._handle(self.referee.card(seat, card))

    def _collected(self, card):
        verb, count, cards = self._collect
        if card in cards:
            return []
        cards.append(card)
        if len(cards) < count:
            self.show(self.screens.message("scanned %d of %d" % (len(cards), count)))
            return []
        self._collect = None
        events = self.referee.act(verb, cards)
        if events and isinstance(events[0], Refused):
            self._collect = [verb, count, []]  # scan them again
        return self._handle(events)

    def _read_fault(self, pad, err):
        name = type(err).__name__
        if isinstance(err, NfcCollision):
            self.show(self.screens.message("P%d: 2 cards on" % (pad + 1), "pad, lift one"))
            return [Refused(pad, -1, "collision", "two tags on the pad")]
        self._faults[pad] += 1
        if self._faults[pad] >= READ_RETRIES:
            self._faults[pad] = 0
            self.show(self.screens.message("P%d: read error" % (pad + 1), "replace the card"))
            return [Refused(pad, -1, "read-error", name)]
        return []  # transient: read again on the next poll

    def _handle(self, events):
        """Show each event's screen as it comes (so a trick's verdict reaches the LCD before
        the deal's result), then pass the event on to ``on_event``."""
        for ev in events:
            lines = None
            if isinstance(ev, CardPlayed):
                lines = self.screens.card_played(ev, self.referee.current_seat())
            elif isinstance(ev, TrickTaken):
                lines = self.screens.trick_taken(ev)
            elif isinstance(ev, Refused):
                lines = self.screens.refused(ev)
            elif isinstance(ev, DealOver):
                lines = self.screens.deal_over(ev.result)
            elif isinstance(ev, Awaiting):
                self._collect = [ev.verb, ev.count, []]
                lines = self.screens.message("scan the %s" % ev.verb.replace("set_", ""),
                                             "%d cards, any pad" % ev.count)
            if lines is not None:
                self.show(lines)
            if self.on_event is not None:
                self.on_event(ev, lines)
        return events

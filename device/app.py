"""The referee at the table: pads -> tags -> referee -> LCD, driven by ``tick``.

``App.tick(now_ms)`` polls one pad per call (``device.pads``), decodes the tag of a new
card (or, once the deck was audited at the table, knows it by its UID without reading the
sticker), credits it to the seat of that pad (or, with a central pad, to the seat whose turn
it is), feeds it to the referee, renders the events on the LCD and returns them, so the
caller (the controller, the simulator, a test) sees them. Nothing in here sleeps. No
exception escapes ``tick``: reader faults and bad tags become messages on the LCD and
:class:`core.events.Refused` events, and the game state stays as it was.

A trick's cards may stay on the pads: once a trick is taken the next card is accepted
only after every pad has been cleared (``clear_between_tricks``, on by default with one
pad per seat), so a card left lying is never read twice and the taker sees the trick.
"""

from core.errors import TrickrefError
from core.events import (NOT_IN_DECK, UNKNOWN_TAG, WRONG_PHASE, Awaiting, CardPlayed,
                         DealOver, Refused, RevokeFound, TrickTaken, Undone)
from core.tags import DeckRegistry, decode_card
from device.pads import BETWEEN, CARD, READER_BACK, Pads
from device.reasons import (CLEAR_PADS, LIFT_CARD, NOT_BOUND, TAG_REWRITTEN,  # noqa: F401
                            TWO_TAGS, fault_lines, loop_fault)
from device.screens import PadFaults, Screens, between_pads, decided_by, deck_title
from device.seating import Seating
from device.words import tr


class App:
    """The referee loop over ``readers`` (one per pad), an ``lcd`` and a ``referee``.

    ``deck``: the deck in play. ``central``: one pad whose cards go to the seat whose turn
    it is. ``seating``: the deal's :class:`device.seating.Seating` (pad -> deal seat, -1
    for a seat sitting out; deal seat -> its name on the LCD), built once when the deal
    starts (default: pad n is seat n). ``result_lines(result) -> [row, row]`` renders a deal's
    result (default: ``Screens.deal_over``). ``link``: the serial link to a host
    (``device.link.Link``), sent each event with its table seat. ``on_event(event, lines)``
    is called after each event is shown (tests, the simulator). ``last_event``: the last
    event produced. ``registry``: a ``core.tags.DeckRegistry``
    binding tag UIDs to cards: with ``strict`` (a deck audited at the table) an unbound tag
    is refused; otherwise tags are bound as they are first seen. Either way a tag whose
    text now names another card, or a second tag claiming a card, is refused.
    """

    def __init__(self, readers, lcd, referee, deck, central=False, on_event=None, link=None,
                 seating=None, result_lines=None, clear_between_tricks=None,
                 registry=None, strict=False):
        self.pads = Pads(readers)
        self.readers = readers
        self.lcd = lcd
        self.referee = referee
        self.deck = deck
        self.central = central
        self.on_event = on_event
        self.link = link
        self.last_event = None
        self.seating = seating if seating is not None else Seating(range(len(readers)))
        self.result_lines = result_lines
        self.clear_between_tricks = (not central) if clear_between_tricks is None \
            else clear_between_tricks
        self.screens = Screens(deck, lcd.cols, lcd.rows, self.seating.label)
        self._count_tricks()
        self.registry = registry if registry is not None else DeckRegistry(deck)
        self.strict = strict
        self.pads.known = self._known
        self.pads.defer_halt = True  # the HLTA goes after the LCD (tick's finally)
        self._collect = None  # [verb, count, cards, prefix] while cards are to be scanned
        self.scan_asked = False  # that scan was a menu item's (expect_scan)
        self._must_clear = False
        self._lift = None  # pad where a card taken back still lies, until it is lifted
        self._lift_lines = None  # its "P3 lift ..." / "then play again" screen
        # () -> the rows the table showed when the deal's play started (the table mode's
        # intro), shown again once the deal's first card, taken back, is lifted; or None
        self.opening = None
        self.lines = None
        self._faults = PadFaults(central)  # "P1: 2 cards on", the screen a "no reader" covers
        self.load_glyphs()
        self.show(self.screens.message(deck_title(deck), "lay first card"))

    def load_glyphs(self):
        """Load the deck's suit glyphs, in the look chosen in the menu (device.looks),
        into the LCD's CGRAM slots 0..3: once a deal, and again when a deck audit or the
        tag writer loaded another deck's."""
        from device.looks import load_glyphs
        load_glyphs(self.lcd, self.screens.deck.name, self.screens.vocab.look)

    def show(self, lines):
        """Put ``lines`` on the LCD (only changed rows are sent)."""
        self.lines = lines
        self.lcd.show(lines)

    def headline(self, text):
        """``text`` on the first row of the table's screen, the rest kept: a choice taken
        or taken back during play, which changes nothing else the table sees (a misère, a
        Kontra). Nothing while cards are scanned: that screen asks for them."""
        if self._collect is None and self.lines is not None:
            self.show(self.screens.fit([text] + list(self.lines[1:])))

    def choose(self, verb, *args):
        """A choice entered at the table (auction result, contract, skat...): the menus'
        entry point into the referee. Returns the events.

        An accepted ``verb`` that the table was scanning cards for (the ouvert hand, the
        hand left after a resignation, an écart) ends that scan: the cards came another way
        (a record's ``show_hand``, ``trickref replay``), and a scan left waiting would take
        the next cards laid for it, not as plays. Only the scan's own answer ends it: its
        verb with its prefix and one value more (a Tarot poignée's ``announce`` ``(seat,
        POIGNEE)`` and cards, not the chelem or a misère announced meanwhile, which share
        the verb)."""
        events = self.referee.act(verb, *args)
        c = self._collect
        if c is not None and c[0] == verb and args and args[:-1] == c[3] and \
                not (events and isinstance(events[0], Refused)):
            self._collect = None
        return self._handle(events)

    def expect_scan(self, count, verb, prefix=(), asked=False):
        """Collect the next ``count`` distinct cards laid on any pad, then apply
        ``verb(*prefix, cards)`` (an écart, a poignée, the skat). ``asked``: a menu's item
        asked for them (``scan_asked``: a long press leaves such a scan before its first
        card), not the deal (the skat after the last trick)."""
        self.scan_asked = asked
        self._collect = [verb, count, [], tuple(prefix)]
        # a card taken back still on its pad is lifted first (cards are refused till then)
        self.show(self.lift_lines() or
                  self.screens.message(tr("scan %d cards") % count, "on any pad"))

    def rescan(self):
        """A long press while cards are scanned: the cards scanned so far are dropped and
        the scan begins again (the table lays them again). Returns False when no card was
        scanned yet (nothing changed)."""
        c = self._collect
        if c is None or not c[2]:
            return False
        self.expect_scan(c[1], c[0], c[3], self.scan_asked)
        return True

    def end_scan(self):
        """Stop collecting cards (a scan a menu asked for, left before its first card)."""
        self._collect = None

    def awaiting_reason(self):
        """Why the deal waits for cards, for the LCD's first row, in the table's language:
        the deal's end reason (core.games.skat END_*, its English words: "resigned",
        "declarer's trick"...), "ouvert declared" before an ouvert lead. A proven
        violation that decided the deal is named as its result names it (``decided_by``:
        "P3 revoke", the seat as the table labels it), not by the deal's seats (forehand
        first)."""
        deal = self.referee.deal
        decided = decided_by(deal, None, self.seating.label)
        if decided:
            return decided[0]
        why = getattr(deal, "end_reason", None)
        if why is not None:
            return tr(why)
        if getattr(deal, "shown", 0) is None and \
                getattr(deal, "contract", None) is not None and deal.contract.ouvert:
            return tr("ouvert declared")
        return None

    def scan_lines(self):
        """The LCD rows while cards are to be scanned (None when none are asked)."""
        if self._collect is None:
            return None
        verb, count, cards, _ = self._collect
        return self.screens.awaiting(Awaiting(verb, count - len(cards)),
                                     self.awaiting_reason(), self.lines)

    def undo(self):
        """Take back the last accepted action (card or choice); returns the events. A
        refused undo (nothing to take back) leaves the board as it was: the cards it
        collects, a trick still to clear off the pads, a card still to lift."""
        events = self.referee.undo()
        if events and isinstance(events[0], Refused):
            return self._handle(events)
        self._collect = None
        self._must_clear = False
        self._lift = None
        self._count_tricks()
        out = self._handle(events)
        for ev in events:
            if isinstance(ev, Undone) and ev.card >= 0:
                self._ask_lift(ev)
        return out

    def _ask_lift(self, ev):
        """A card taken back that still lies on a pad must be lifted before play goes on:
        the pad's reader reports a card only when it arrives (``device.pads`` debounce),
        so the same card laid again unlifted would never be read. Shows who lifts what."""
        for pad, uid in enumerate(self.pads.uid):
            if uid is not None and self.registry.card_for(uid) == ev.card:
                self._lift = pad
                self._lift_lines = self.screens.lift_card(ev.seat, ev.card)
                self.show(self._lift_lines)
                return

    def lift_lines(self):
        """The LCD rows asking for a card taken back to be lifted off its pad ("P3 lift
        ..." / "then play again") while it still lies there (cards are refused until
        then), else None: the table's screen shows them until the pad is clear."""
        return self._lift_lines if self._lift is not None else None

    def _resume_lines(self):
        """What the board waits for once the pads are clear: the cards still to scan, else
        the seat to play (None in a phase without a turn: the screen stays)."""
        if self._collect is not None:
            return self.scan_lines()
        try:
            seat = self.referee.current_seat()
        except TrickrefError:
            return None
        if seat is None or seat < 0:
            return None
        return self.screens.play_next(seat, self.referee.deal)

    def _count_tricks(self):
        # the LCD numbers tricks from the deal itself (after an undo, after a resume)
        try:
            self.screens.tricks = self.referee.deal.tricks_done
        except (AttributeError, TrickrefError):
            self.screens.tricks = 0

    def tick(self, now_ms):
        """Poll the next pad; returns the events produced (often none)."""
        try:
            read = self.pads.poll(now_ms)
            if read is None:
                if self._lift is not None and self.pads.uid[self._lift] is None:
                    self._lift = None
                    self._show_lifted()
                if self._must_clear and not self.pads.occupied():
                    self._must_clear = False
                    self._show_resume()
                return []
            if read.kind == CARD:
                return self._card(read)
            return self._fault(read)
        except Exception as e:  # never let a fault escape the loop; show it instead
            fault = loop_fault(e)
            try:
                self.show(self.screens.message(*fault_lines(fault)))
            except Exception:  # no heap even for the words: the controller shows it
                pass
            return [fault]
        finally:
            self.pads.release()

    def _known(self, uid):
        """True when the READ of tag ``uid`` can be skipped: the deck was audited
        (``strict``) and binds the UID to a card."""
        return self.strict and self.registry.card_for(uid) is not None

    def _show_lifted(self):
        """The card taken back is off its pad: with no card left in the deal (the undo
        took back its first) the deal's opening screen again (``opening``), as when its
        play started; else what the board waits for (:meth:`_resume_lines`)."""
        if self.opening is not None and self._collect is None and \
                not self.referee.deal.history:
            self.show(self.screens.fit(self.opening()))
        else:
            self._show_resume()

    def _show_resume(self):
        lines = self._resume_lines()
        if lines is not None:
            self.show(lines)

    def _seat(self, pad):
        if self.central:
            return self.referee.current_seat()
        return self.seating.seat(pad)

    def _card(self, read):
        seat = self._seat(read.pad)
        if read.data is None:  # an audited deck's tag: known by its UID, READ skipped
            card = self.registry.card_for(read.uid)
            if card is None:
                return self._handle([Refused(seat, -1, NOT_BOUND,
                                             "tag not in the audited %s deck" % self.deck.name)])
            return self._play(seat, card)
        try:
            deck_name, card = decode_card(read.data)
        except TrickrefError as e:
            return self._handle([Refused(seat, -1, UNKNOWN_TAG, str(e))])
        if deck_name != self.deck.name:
            return self._handle([Refused(seat, -1, NOT_IN_DECK,
                                         "a %s card, not %s" % (deck_name, self.deck.name))])
        distrust = self._trust(read.uid, card)
        if distrust is not None:
            return self._handle([Refused(seat, card, distrust[0], distrust[1])])
        return self._play(seat, card)

    def _play(self, seat, card):
        # a card the table may believe: refused while a card taken back still lies on its
        # pad or the pads hold a trick, else collected or played for the seat. The lift
        # comes first: a scan asked after the undo (a poignée from the table menu) would
        # take the card while the table was told to lift one
        if self._lift is not None:
            return self._handle([Refused(seat, card, LIFT_CARD,
                                         "lift the card taken back from pad %d first"
                                         % (self._lift + 1))])
        if self._collect is not None:
            return self._collected(card)
        if self._must_clear:
            return self._handle([Refused(seat, card, CLEAR_PADS,
                                         "clear the last trick from the pads first")])
        if seat < 0:
            return self._handle([Refused(seat, card, WRONG_PHASE, "this seat sits out")])
        return self._handle(self.referee.card(seat, card))

    def _trust(self, uid, card):
        """None when the tag may be believed, else ``(reason, detail)``."""
        bound = self.registry.card_for(uid)
        if bound is None:
            if self.strict:
                return NOT_BOUND, "tag not in the audited %s deck" % self.deck.name
            try:
                self.registry.bind(uid, card)
            except TrickrefError as e:
                return TWO_TAGS, str(e)
            return None
        if bound != card:
            return TAG_REWRITTEN, "tag says %s but is %s" % (self.deck.code(card),
                                                            self.deck.code(bound))
        return None

    def _collected(self, card):
        verb, count, cards, prefix = self._collect
        if card in cards:
            return []
        cards.append(card)
        if len(cards) < count:
            self.show(self.screens.message(tr("scanned %d of %d") % (len(cards), count)))
            return []
        self._collect = None
        events = self.referee.act(verb, *(prefix + (cards,)))
        if events and isinstance(events[0], Refused):
            self._collect = [verb, count, [], prefix]  # scan them again
            out = self._handle(events)
            # why, and that the board waits for the cards again (the last row)
            rows = self.lines if self.screens.rows > 2 else self.lines[1:]
            self.show(self.screens.fit(list(rows[:self.screens.rows - 1]) +
                                       [tr("scan %d cards") % count]))
            return out
        out = self._handle(events)
        if self._collect is None and self._still_in_play(events):
            # the scanned cards (an écart, a poignée) still lie on a pad: say so, and who
            # plays next (a stack of tags on one pad does not always answer, so the LCD
            # cannot wait for the pad to read empty)
            lines = self._resume_lines()
            self.show(self.screens.lift_scanned(count, lines))
        return out

    def _still_in_play(self, events):
        """True when ``events`` (of a completed scan) leave the deal in play (no result,
        no further cards asked)."""
        for ev in events:
            if isinstance(ev, (DealOver, Awaiting)):
                return False
        return True

    def scan_wanted(self):
        """``(verb, cards still to scan)`` while the board collects cards on the pads (an
        écart, the skat at the end, a hand laid open), else None."""
        if self._collect is None:
            return None
        verb, count, cards, _ = self._collect
        return verb, count - len(cards)

    def _fault(self, read):
        """Say a pad's fault (device.screens.PadFaults): a ``Refused`` for the seat of the
        pad, none when a reader answers again (the screen under its message comes back)."""
        self.show(self.screens.fit(self._faults.lines(read, self.lines)))
        if read.kind == READER_BACK:
            return []
        detail = "one card answers on pads %s" % between_pads(read) if read.kind == BETWEEN \
            else str(read.error)
        return [Refused(self._seat(read.pad), -1, read.kind, detail)]

    def _handle(self, events):
        """Work out each event's screen as it comes, pass the event and its screen on to
        ``on_event``, and put only the last screen on the LCD: one screen per tick (a
        trick-ending card shows the trick taken, not the card played and then the trick;
        the deal's result after the last trick). A revoke stays on the screen even when
        the same card also ends the trick: the table must see it, and who leads next, so
        the trick's taker takes the last row (the card that proved it is the one just
        laid: on a 2-row LCD "shown by" gives way)."""
        revoke = None
        asked = None
        last = None
        taken = None
        for ev in events:
            lines = None
            if isinstance(ev, CardPlayed):
                lines = self.screens.card_played(ev, self.referee.current_seat())
            elif isinstance(ev, TrickTaken):
                lines = taken = self.screens.trick_taken(ev)
                self._must_clear = self.clear_between_tricks
            elif isinstance(ev, Refused):
                lines = self.screens.refused(ev)
            elif isinstance(ev, RevokeFound):
                lines = revoke = self.screens.revoke(ev)
            elif isinstance(ev, DealOver):
                lines = self.result_lines(ev.result) if self.result_lines is not None \
                    else self.screens.deal_over(ev.result)
                lines = self.screens.fit(lines)
            elif isinstance(ev, Awaiting):
                # keep what is on the screen (the last trick's taker) and ask on the last row
                self._collect = [ev.verb, ev.count, [], ()]
                lines = self.screens.awaiting(ev, self.awaiting_reason(), last or self.lines)
                asked = ev
            if lines is not None:
                last = lines
            self.last_event = ev
            if self.link is not None:
                self.link.table_event(ev, self.seating, self._collect is not None)
            if self.on_event is not None:
                self.on_event(ev, lines)
        if revoke is not None:
            # the violation stays on the screen; a request for cards keeps the last row,
            # a trick the same card ended gives its taker the last row
            if taken is not None:
                revoke = revoke[:-1] + taken[:1]
            last = revoke if asked is None else self.screens.awaiting(asked, None, revoke)
        if last is not None:
            self.show(last)
        return events

"""Who sits where for one deal: the pad <-> deal seat tables, built once when it starts.

A deal numbers its seats by the rules (Skat: 0 forehand, 1 middlehand, 2 rearhand, from
the dealer's left, the dealer sitting out with four players; docs/rules/skat.md); the
table numbers its places 0..n-1 clockwise, as the players are named on the LCD (P1 is the
first). With a pad per seat a place is a pad; a board with one central pad still has a
place per player (its cards go to the seat whose turn it is, but P1..Pn name the same
players). The flow's ``pad_seat(match, deal, pad)`` says which deal seat sits at a place;
:class:`Seating` asks it once per place when the deal starts and hands the two tables to
the table loop (``device.app``), the screens and the link, so no accepted card calls back
up to map a seat.
"""

from device.lcdtext import seat_label


class Seating:
    """The seat tables of one deal.

    ``seats``: a sequence, the deal seat at each pad (-1: that pad's player sits out this
    deal). ``seat(pad)`` and ``table_seat(seat)`` read the tables; ``label(seat)`` names a
    deal seat as the table sees it ("P3" for Skat's forehand when the dealer is P2).
    """

    def __init__(self, seats):
        self.seats = tuple(seats)
        pads = {}
        for pad, seat in enumerate(self.seats):
            if seat not in pads:  # the first pad of a seat (-1: the first sitting out)
                pads[seat] = pad
        self.pads = pads

    def seat(self, pad):
        """The deal seat at ``pad`` (-1 sits out; a pad beyond the table: its own number)."""
        return self.seats[pad] if 0 <= pad < len(self.seats) else pad

    def table_seat(self, seat):
        """The pad (table seat) of deal seat ``seat``; a seat no place holds (a bare
        table loop's, out of range) keeps its number."""
        return self.pads.get(seat, seat)

    def label(self, seat):
        """``seat`` (a deal seat) named on the LCD: its table seat's label, "P1"..."""
        return seat_label(self.table_seat(seat))

    def name_seats(self, text):
        """A rules sentence of ``core`` (deal seats) with its seats as the table names
        them (:func:`name_seats` with :meth:`label`)."""
        return name_seats(text, self.label)


def name_seats(text, label):
    """``text``, a rules sentence of ``core`` naming deal seats as ``P<n>`` (deal seat n - 1:
    "P2 plays now, not P3", core/tricks.py), with each such seat named by ``label(seat)``
    (a deal's :meth:`Seating.label`: Skat's forehand is "P2" when P1 deals). A ``P`` inside
    a word or not followed by a number stays; a text without any is returned as it is.
    The one place a core sentence's seats are renamed: the link sends them so
    (``device.link.Link.table_event``), the simulator's event feed too."""
    if not isinstance(text, str) or "P" not in text:
        return text
    out = []
    n = len(text)
    start = i = 0
    while True:
        i = text.find("P", i)
        if i < 0:
            break
        j = i + 1
        while j < n and "0" <= text[j] <= "9":
            j += 1
        if j > i + 1 and (i == 0 or not _in_word(text[i - 1])) and \
                (j == n or not _in_word(text[j])):
            out.append(text[start:i])
            out.append(label(int(text[i + 1:j]) - 1))
            start = j
        i = j
    if not out:
        return text
    out.append(text[start:])
    return "".join(out)


def _in_word(ch):
    # MicroPython's str has no isalnum
    return ch.isalpha() or ch.isdigit() or ch == "_"


def for_deal(flow, match, deal, places):
    """The :class:`Seating` of ``deal`` of ``match`` (a flow's match) at a table of
    ``places`` places (its pads; with one central pad, its players): ``flow.pad_seat``
    asked once per place (device/flows/__init__.py)."""
    return Seating([flow.pad_seat(match, deal, pad) for pad in range(places)])

"""Issue 19: the card-to-verdict path on the emulated board, counted on its buses.

A trick-ending card puts one screen on the LCD (the trick taken, not the card played and
then the trick), sent as at most one I2C write per row (only the characters that change,
device/drivers/hd44780.py). The pad's HLTA: with one pad it goes after the LCD (ISO/IEC
14443-3 6.4.3: the HLTA is done after 1 ms of silence, off the verdict's path); with
several pads the card is halted before the verdict without awaiting that 1 ms, because the
between-pads check (device/pads.py) needs it halted, and nothing is sent after the LCD. A deck audited at the table
(a strict UID registry) is known by its UIDs: the sticker's READ is skipped for a bound
UID and still done for any other tag (which is then refused). Counts, not times: timing is
measured by ``make bench`` (docs/performance.md).
"""

import pytest
from test_pad_faults import table  # noqa: F401  the Skat grand hand table fixture

from core.cards import SKAT
from device.app import NOT_BOUND

P = SKAT.parse


@pytest.fixture
def logged(table):  # noqa: F811
    """``table`` (a Skat grand hand by forehand, one pad per seat, hands unknown) with a log
    of the LCD's I2C writes (their lengths) and of each pad's HLTA ("HLTA 2", or "HLTA 2
    early" when its 1 ms is not awaited), in bus order."""
    b, deck = table
    log = []
    lcd = b.hw.lcd
    bus = lcd._i2c
    write = bus.writeto

    def logged_write(addr, buf, stop=True):
        log.append(len(buf))
        return write(addr, buf, stop)

    bus.writeto = logged_write
    for pad, reader in enumerate(b.hw.readers):
        def logged_halt(confirm=True, halt=reader.halt, pad=pad):
            log.append("HLTA %d" % pad if confirm else "HLTA %d early" % pad)
            return halt(confirm)
        reader.halt = logged_halt
    return b, deck, log


def until(b, name, limit=60):
    """Run the board tick by tick until an event called ``name``; returns the events of
    that tick."""
    for _ in range(limit):
        ev = b.run(2)
        if name in [type(e).__name__ for e in ev]:
            return ev
    raise AssertionError("no %s within %d ticks; LCD %r" % (name, limit, b.lcd_lines()))


def test_trick_ending_card_is_one_screen_then_the_hlta(logged):
    """The third card of a trick: the pad's tag is halted without awaiting the HLTA's
    1 ms (for the between-pads check), then the LCD gets the trick-taken screen in at most
    2 writes (one per row), and no second HLTA follows (before issue 19: 68 writes, 272
    bytes)."""
    b, deck, log = logged
    for pad, card in enumerate(("SA", "ST")):
        b.place(pad, deck.tag(P(card)))
        until(b, "CardPlayed")
    del log[:]
    b.place(2, deck.tag(P("SK")))
    ev = until(b, "TrickTaken")
    taken = [e for e in ev if type(e).__name__ == "TrickTaken"][0]
    assert taken.seat == 0 and taken.points == 25  # ace 11 + ten 10 + king 4
    assert b.lcd_lines()[0].startswith("T1 ") and "25" in b.lcd_lines()[0]
    writes = [x for x in log if isinstance(x, int)]
    assert 1 <= len(writes) <= 2
    assert all(n % 4 == 0 and n <= 17 * 4 for n in writes)  # address + up to 16 cells
    assert log[0] == "HLTA 2 early" and log.count("HLTA 2 early") == 1
    assert "HLTA 2" not in log


def test_unchanged_cells_are_not_sent(logged):
    """Between two card-played screens only the characters that differ travel: fewer
    data frames than the 2 x 16 cells of the screen."""
    b, deck, log = logged
    b.place(0, deck.tag(P("SA")))
    until(b, "CardPlayed")
    before = b.lcd_lines()
    del log[:]
    b.place(1, deck.tag(P("ST")))
    until(b, "CardPlayed")
    after = b.lcd_lines()
    changed = sum(1 for r in range(2) for i in range(16) if before[r][i] != after[r][i])
    frames = sum(x // 4 for x in log if isinstance(x, int))
    runs = sum(1 for x in log if isinstance(x, int))
    assert changed > 0 and changed + runs <= frames < 32 + runs


def test_audited_deck_skips_the_read_of_a_bound_uid(logged):
    """Strict registry (a clean deck audit): a bound UID is played without its READ; an
    unbound tag is still read, and refused as not in the audited deck."""
    b, deck, log = logged
    app = b.app
    sa, ha = deck.tag(P("SA")), deck.tag(P("HA"))
    app.registry.bind(sa.uid, P("SA"))
    app.strict = True
    reads = []
    for reader in b.hw.readers:
        def counted(page, read=reader._read):
            reads.append(page)
            return read(page)
        reader._read = counted
    b.place(0, sa)
    until(b, "CardPlayed")
    assert reads == [] and list(app.referee.deal.history) == [(0, P("SA"))]
    b.place(1, ha)
    ev = until(b, "Refused")
    assert reads == [4] and [e.reason for e in ev] == [NOT_BOUND]
    assert list(app.referee.deal.history) == [(0, P("SA"))]

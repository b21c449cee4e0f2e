"""Issue 20: the last trick on the LCD before the result. Each game is played through the
emulated board's menus and pads (hands unknown to the board); when the deal's last trick
is taken the LCD shows that trick (its taker as the LCD names seats, its points as the
board counted them) and, after device.last_trick.HOLD_MS or on NEXT, the deal's result."""

import pytest

from device.last_trick import HOLD_MS
from host_sim.autoplay import table_player
from host_sim.board import lcd_cells

CASES = [("skat", 3), ("tarot", 4), ("magistr", 3), ("zhopa", 4)]


def _to_result(game, players, seed, **kw):
    """A TablePlayer whose first deal's last trick was just taken (the board holds it),
    and the board's last TrickTaken; ``kw``: table_player's (cols, rows)."""
    p = table_player(game, players, seed=seed, **kw)
    taken = []
    p.on_trick = lambda ev, rows: taken.append(ev)
    p.start()
    for step in p.script(1):
        if step[0] == "start":
            continue
        if step[0] == "result":
            return p, taken[-1]
        p._run_step(step)
    raise AssertionError("the deal never ended")


def _result_rows(p):
    """The result screen's lines as the LCD reads back (its suit glyphs, CGRAM codes in
    the firmware's lines, as the look's marks: host_sim.board.lcd_cells), stripped."""
    vocab = p.ctl.app.screens.vocab
    return [lcd_cells(l, vocab).strip() for l in p.ctl.view().lines]


def _expected(p, ev):
    name = p.ctl.seating.label(ev.seat)
    pts = ev.points // 2 if p.game == "tarot" else ev.points  # tarot: half-points
    return name, pts


@pytest.mark.parametrize("game,players", CASES)
def test_last_trick_then_result_after_the_hold(game, players):
    p, ev = _to_result(game, players, seed=5)
    b = p.board
    name, pts = _expected(p, ev)
    rows = b.lcd_lines()
    assert p.ctl.view().name == "result"
    assert rows[0].strip() == "Last trick: %s" % name, rows
    assert rows[1].split()[0].split(".")[0] == str(pts) and "points" in rows[1], rows
    result = _result_rows(p)
    assert rows[0].strip() not in result  # the result is not on the LCD yet
    b.run(HOLD_MS - 200)
    assert b.lcd_lines() == rows  # still the last trick: a person reads it
    b.run(400)
    assert [l.strip() for l in b.lcd_lines()] == result[:2]  # then the result, unpressed


@pytest.mark.parametrize("game,players", [("tarot", 3), ("skat", 3)])
def test_next_shows_the_result_at_once_and_ok_books(game, players):
    p, ev = _to_result(game, players, seed=8)
    b = p.board
    assert b.lcd_lines()[0].startswith("Last trick")
    result = _result_rows(p)
    b.press(1)  # NEXT: the result, not a scroll of it
    assert [l.strip() for l in b.lcd_lines()] == result[:2]
    assert p.ctl.view().name == "result"
    b.press(2)  # OK books the deal as on the result
    assert p.ctl.view().name != "result" and p.ctl.view().result is None


def test_ok_on_the_last_trick_books_the_deal():
    """OK while the last trick shows acts as on the result: the deal is booked (the
    score sheet holds it), nothing is lost."""
    p, ev = _to_result("magistr", 3, seed=2)
    assert p.board.lcd_lines()[0].startswith("Last trick")
    p.board.press(2)
    assert p.ctl.view().name != "result"
    assert len(p.ctl.flow.sheet_table(p.ctl.match)[1]) == 1


def test_twenty_by_four_shows_the_tricks_cards():
    p, ev = _to_result("tarot", 4, seed=5, cols=20, rows=4)
    rows = p.board.lcd_lines()
    cards = " ".join(p.ctl.app.screens.vocab.short(c) for c in ev.cards)
    assert rows[0].startswith("Last trick") and len(ev.cards) == 4
    assert " ".join(rows[2:]).split() == cards.split(), (rows, cards)


def test_violation_decided_skat_result_says_so():
    """ISkO 4.1-4.2 through the board (tests/test_skat_early_end.py has the same deal in
    the rules core): forehand plays a grand hand; middlehand shows no leaves, then plays
    one: the revoke is proven, the hand is laid, the skat scanned, and the result names
    the violation that decided it, beside the declared value (3 x 24 = 72)."""
    from core.cards import SKAT
    p = table_player("skat", 3, seed=1)
    p.start()
    b = p.board
    seats = p.ctl.match.table_seats()
    for label in ("P%d declarer" % (seats[0] + 1), "18", "Hand game", "Grand", "Plain hand"):
        b.choose(label)

    def lay(pad, code):
        return b.play_card(pad, p.tags.tag(SKAT.parse(code)))
    for seat, code in ((0, "SA"), (1, "H7"), (2, "S7"), (0, "SK"), (1, "S8")):
        lay(seats[seat], code)
    offender = "P%d" % (seats[1] + 1)
    assert b.lcd_lines()[0].startswith(offender + " revoke in T1")
    for code in "CJ DA DT DK DQ D9 D8 D7 HA HT".split():  # the hand laid, then the skat
        lay(0, code)
    lines = p.ctl.view().lines
    assert p.ctl.view().name == "result" and p.ctl.result.value == 72
    assert lines[1] == "won +72" and lines[2] == offender + " revoke", lines

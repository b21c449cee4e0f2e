"""Issue 26 item "one long press once took back two cards": tried again.

A person at P1 (Skat seed 1, plain computers thinking 100 ms) holds OK with the mouse for
lengths around the firmware's threshold (``device.buttons.LONG_MS`` 800 ms counted from
the debounced press, 20 ms after the pin; a hold of 800 ms or less is a short press and
opens the table menu), rounded up to whole frames, at fast and slow frames (16, 33 and 100 ms: the simulator's
``MAX_DT_MS``), pressing at three moments: right after laying their own card (the next
computer is about to play), in the very frame a computer's card lands on its pad (read by
the board during the press), and in the frame after a trick's last card. Each press
takes back exactly one card, the last one the board accepted; no computer plays while OK
is held; the computer whose card was taken back plays again after the release.
"""

import pygame
import pytest

from core.events import CardPlayed, Undone
from device.controller import MODE_CHOICE, MODE_TABLE
from host_sim.ui import auction
from host_sim.ui.app import SimApp
from simperson import OK, MousePerson, play_cards


def _to_play(sim, you):
    """The auction: P1 passes when asked (P2 declares at 22), on to the first card."""
    you.until(lambda: bool(auction.question(sim)) and bool(sim.answer_rects), limit=3000)
    rect = [r for r, i in sim.answer_rects if i == 1][0]  # Pass
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    you.until(lambda: sim.ctl.mode == MODE_TABLE and sim.turn_pad() >= 0, limit=4000)


def _hold(sim, you, hold_ms, dt):
    """OK held ``hold_ms`` (whole frames) with the mouse: the events meanwhile, and the
    cards played while it was held."""
    at = sim.layout.buttons[OK].center
    before = len(sim.events)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    you.frames(1)
    n_held = len(sim.events)
    you.frames(-(-hold_ms // dt) - 1)
    held = [e for e in sim.events[n_held:] if isinstance(e, CardPlayed)]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    you.frames(4)
    return sim.events[before:], held


def _moment(sim, you, moment):
    """Frames until the moment to press: "own" (P1's card just played), "landing" (a
    computer's card laid on its pad, not yet read), "trick" (a trick's last card just
    played)."""
    if moment == "own":
        play_cards(sim, you, 0, lambda: bool(sim.fw_deal.history) and
                   sim.pad_of(sim.fw_deal.history[-1][0]) == 0 and sim.turn_pad() != 0)
    elif moment == "landing":
        play_cards(sim, you, 0, lambda: sim._robot_card is not None and
                   sim.tableau.where(sim._robot_card)[0] == "pad" and
                   not any(c == sim._robot_card for _s, c in sim.fw_deal.history))
    else:
        play_cards(sim, you, 0, lambda: bool(sim.fw_deal.history) and
                   not sim.fw_deal.trick and sim._collects)


@pytest.mark.parametrize("dt", [16, 33, 100])
def test_one_long_press_takes_back_one_card_whatever_the_timing(dt):
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=dt, collect_ms=160, think_ms=100)
    you = MousePerson(sim, dt)
    try:
        _to_play(sim, you)
        _moment(sim, you, "own")
        events, held = _hold(sim, you, 700, dt)  # short of the threshold: an OK press
        assert not [e for e in events if isinstance(e, Undone)] and held == []
        assert sim.ctl.mode == MODE_CHOICE and you.shows("Back to play")
        you.click(OK)
        for hold_ms, moment in ((840, "own"), (850, "landing"), (860, "trick"),
                                (900, "landing"), (1700, "own"), (2500, "trick")):
            _moment(sim, you, moment)
            events, held = _hold(sim, you, hold_ms, dt)
            played = [(e.seat, e.card) for e in events if isinstance(e, CardPlayed)]
            undone = [(e.seat, e.card) for e in events if isinstance(e, Undone)]
            last = (played[-1] if played else None)
            assert len(undone) == 1, (dt, hold_ms, moment, undone)
            assert held == [] or moment == "landing", (moment, held)
            if last is not None:  # the card read during the press is the one taken back
                assert undone == [last]
            seat, card = undone[0]
            # back in its owner's hand, or (a computer's, thinking 100 ms) laid again
            assert sim.tableau.where(card) in (("hand", sim.pad_of(seat)),
                                               ("pad", sim.pad_of(seat))), moment
            assert sim.ctl.mode == MODE_TABLE
            if sim.pad_of(seat) != 0:  # the computer plays its card again
                you.until(lambda: len(sim.fw_deal.history) and
                          sim.fw_deal.history[-1][0] == seat, limit=400)
    finally:
        sim.close()


def test_the_status_line_names_the_table_menu_over_the_auction():
    """A person at P1 holds OK at the deal's first bid (nothing to take back): the table
    menu opens on the LCD. The status line still asked for P1's bid and said the board
    waited for the auction; it names the table menu, as for any menu on the board."""
    sim = SimApp("skat", 3, seed=1, human=(0,), fixed_dt=16, think_ms=100)
    you = MousePerson(sim, 16)
    try:
        you.until(lambda: bool(auction.question(sim)) and bool(sim.answer_rects),
                  limit=3000)
        _hold(sim, you, 900, 16)
        assert sim.board.lcd_lines()[0].startswith("Table"), sim.board.lcd_lines()
        line = sim.waiting_for()
        assert line.startswith('"Table" on the board: < > choose'), line
    finally:
        sim.close()

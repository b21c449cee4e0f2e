"""The A key ("the computer acts for you") at every step that asks something of a person.

Found by a new user (French Tarot, 5 players, seed 3): A at P1's bid, call and écart
entered "Not scanned" with the chien box empty, so the three cards of the écart never left
P1's hand (18 cards, "Chien (0)"), the shadow deal was lost on every card ("shadow lost at
card B1: wrong-phase") and a computer revoked a few tricks later. A must do what a person
does before the menu's OK: lay the computer's écart (Skat: its discard) in the talon box.

Every step is a pygame event (``tests/simperson.py``): the A key, and the mouse where a
person plays. Values checked are the firmware's results and sheet, against the same seed
played with nobody at the table, and the rules core's known-hands deal.
"""

import pygame
import pytest

from core.events import Refused, RevokeFound
from core.games import skat, tarot
from device.controller import MODE_CHOICE, MODE_RESULT, MODE_TABLE
from host_sim.players.computer import Computer
from host_sim.ui.app import SimApp
from host_sim.ui.games import skat_discard, skat_plan
from simperson import MousePerson, a_key_deals, play_cards

DT = 17


def _sim(game, players, seed, humans, computer=None):
    sim = SimApp(game, players, seed=seed, human=humans, fixed_dt=DT, think_ms=100,
                 collect_ms=200)
    sim.lazy_draw = True  # nothing asserted is drawn: the frames run without pictures
    if computer is not None:
        sim.computer = computer
    return sim


def _lost(sim):
    """The simulator's notes that its shadow deal was lost (side panel, status line)."""
    return [line for line in sim.traffic.lines if "shadow lost" in line]


def _nobody(game, players, seed, deals):
    """The same table with every seat a computer: ``(results booked, the sheet)``."""
    sim = _sim(game, players, seed, set())
    try:
        for _ in range(40000):
            if len(sim.results) >= deals and sim.ctl.mode != MODE_RESULT:
                return list(sim.results), sim.flow.sheet_lines(sim.match)
            assert sim.step()
        raise AssertionError(sim.board.lcd_lines())
    finally:
        sim.close()


@pytest.mark.parametrize("game,players,seed", [
    ("tarot", 5, 3), ("magistr", 2, 3), ("zhopa", 2, 3)])
def test_the_a_key_at_every_step_plays_the_deal_the_computers_play(game, players, seed):
    """A person at every seat presses A and nothing else: every bid, call, écart, first
    leader, go / no, card and the result's OK (A there books it, as OK does). The board
    books what it books when nobody sits at the table (the same seed, the plain
    computers): the same results and sheet; the shadow deal is never lost, no card is
    refused or proven a revoke."""
    want, sheet = _nobody(game, players, seed, 1)
    sim = _sim(game, players, seed, set(range(players)))
    try:
        booked = a_key_deals(sim, MousePerson(sim, DT), 1)
        assert booked == want
        assert sim.flow.sheet_lines(sim.match) == sheet
        assert not _lost(sim)
        assert not [e for e in sim.events if isinstance(e, (Refused, RevokeFound))]
    finally:
        sim.close()


def _until_play(sim, you):
    """A pressed until the board leaves the deal's menus for the play."""
    for _ in range(4000):
        if sim.ctl.mode == MODE_TABLE and sim.turn_pad() >= 0:
            return
        if sim.operator.busy():
            you.frames()
        else:
            you.key(pygame.K_a)
    raise AssertionError(sim.board.lcd_lines())


@pytest.mark.parametrize("players", [3, 4])
def test_the_a_key_lays_a_person_declarers_discard_in_the_skat_box(players):
    """Skat (seed 1: P2 picks the skat up), a person at every seat presses A only: at the
    contract after the pick-up the computer's discard (the plain plan's two weakest side
    cards) goes into the skat box before the contract is entered, so the declarer plays
    from ten cards, the shadow deal's skat is the box's two cards, and the deal scores as
    the rules core scores it with every hand known."""
    sim = _sim("skat", players, 1, set(range(players)))
    you = MousePerson(sim, DT)
    try:
        for _ in range(4000):
            d = sim.fw_deal
            if sim.ctl.mode == MODE_CHOICE and getattr(d, "phase", None) == \
                    skat.PHASE_DISCARD and not sim.operator.busy():
                break
            you.key(pygame.K_a) if not sim.operator.busy() else you.frames()
        pad = sim.pad_of(sim.fw_deal.declarer)
        hand = sim.tableau.hand(pad)
        assert len(hand) == 12 and not sim.tableau.talon()
        discard = skat_discard(hand, skat_plan(hand)[0])
        _until_play(sim, you)
        assert sorted(sim.tableau.talon()) == sorted(discard)
        assert sorted(sim.shadow.skat) == sorted(discard)
        assert len(sim.tableau.hand(pad)) == 10
        known = []
        booked = a_key_deals(sim, you, 1, known)
        assert booked[0].status == "played" and booked == known
        assert not _lost(sim)
    finally:
        sim.close()


def test_the_a_key_at_a_persons_tarot_ecart_lays_it_in_the_chien_box():
    """The user's deal: French Tarot, 5 players, seed 3, smart computers, a person at P1
    presses A at the bid (Garde), the call and the écart, then plays every card with the
    mouse. The computer's three cards lie in the Chien box before "Not scanned" is
    entered; P1 plays from 15 cards; the shadow deal is never lost, no card is proven a
    revoke, and the board's result is the rules core's with every hand known."""
    sim = _sim("tarot", 5, 3, {0}, Computer("smart", 3, worlds=16, time_budget=60))
    you = MousePerson(sim, DT)
    try:
        _until_play(sim, you)
        d = sim.shadow
        assert (d.taker, d.contract) == (0, tarot.GARDE)
        assert len(sim.tableau.talon()) == 3 and sorted(d.ecart) == \
            sorted(sim.tableau.talon())
        assert len(sim.tableau.hand(0)) == 15 == len(d.hands[0])
        play_cards(sim, you, 0, lambda: sim.ctl.mode == MODE_RESULT and bool(sim.results))
        assert sim.results[0] == sim.shadow.result() and sim.results[0].violation is None
        assert not _lost(sim)
        assert not [e for e in sim.events if isinstance(e, RevokeFound)]
    finally:
        sim.close()


@pytest.mark.parametrize("laid", [6, 1])
def test_the_a_key_keeps_a_whole_ecart_the_person_laid(laid):
    """Tarot, 4 players, seed 3, the person at P1 takes at garde and lays cards of their
    own choosing (the fattest side cards) in the Chien box, then presses A: six cards, a
    whole écart, are theirs and go away as laid; one card only goes back into the hand
    and the computer's écart (the lowest side cards) is laid in its place."""
    from host_sim.players.games import ecarts
    sim = _sim("tarot", 4, 3, {0})
    you = MousePerson(sim, DT)
    try:
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P1 bids") and
                  not sim.operator.busy(), limit=4000)
        you.choose("Garde")
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P1 ecart") and
                  not sim.operator.busy(), limit=4000)
        plain, fat = ecarts(sim.tableau.hand(0), 6)[:2]
        assert sorted(plain) != sorted(fat)
        for c in fat[:laid]:
            you.drag(c, sim.talon_centre())
        you.key(pygame.K_a)
        you.until(lambda: sim.ctl.mode == MODE_TABLE, limit=400)
        want = fat if laid == 6 else plain
        assert sorted(sim.shadow.ecart) == sorted(sim.tableau.talon()) == sorted(want)
        assert len(sim.tableau.hand(0)) == 18
        assert not _lost(sim)
    finally:
        sim.close()

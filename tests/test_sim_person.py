"""Issue 26 (the parts left): the simulator as a person plays it with the mouse alone.

Every step is a pygame mouse event posted to the queue (``tests/simperson.py``): a click
on the emulated buttons, a hold of OK, a drag of a card; the firmware sees only pins and
tags. Values checked are the firmware's own (its events, its LCD) and the rules core's.
"""

import pygame

from core.events import CardPlayed
from device.controller import MODE_MAIN, MODE_TABLE
from host_sim.ui.app import CONFIRM_MS, NOTE_MS, SimApp
from simperson import NEXT, OK, MousePerson

DT = 16


def test_new_game_asks_before_it_abandons_the_deal_in_play():
    """Item 1: mid-deal (Skat seed 1, P2 declares, play begun), OK on the firmware's
    "Start" is refused once with the question on the status line and a red LED; after
    CONFIRM_MS the question lapses and is asked again; OK twice starts the new game,
    whose deal counter restarts at 1."""
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=DT, collect_ms=160)
    you = MousePerson(sim, DT)
    try:
        you.until(lambda: you.shows("P2 declarer"))
        you.choose("P2 declarer")  # the auction result, as the table reports it
        you.choose("18")
        you.until(lambda: sim.ctl.mode == MODE_TABLE and sim.turn_pad() >= 0, limit=4000)
        match = sim.ctl.match
        you.click(OK)  # the table menu
        you.choose("Main menu")
        you.choose("New game")
        for label in ["Skat", "3"] + sim.option_labels:
            you.choose(label)
        assert you.shows("Start") and sim.starts_over()
        you.click(OK)
        assert sim.ctl.match is match and sim.ctl.mode == MODE_MAIN
        assert "press OK again to abandon deal 1 of Skat" in sim.status_line()
        assert sim.signals.led(sim.now) == "red"
        you.frames(max(CONFIRM_MS, NOTE_MS) // DT + 2)  # the question lapses
        assert "abandon" not in sim.status_line()
        you.click(OK)
        assert sim.ctl.match is match  # asked again
        you.click(OK)
        you.frames(5)
        assert sim.ctl.match is not match and sim.ctl.mode != MODE_MAIN
        assert "deal 1 " in sim.status_line()
    finally:
        sim.close()

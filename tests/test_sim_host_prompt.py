"""A host's request prompt over the simulator's table ("host asks: undo last? OK/<>",
device/host_request.py), declined with a key at the table: the LCD must show again what
the table showed under the prompt, the instruction to lift the cards off a pad included."""

import pygame

from core import protocol as P
from device.host_request import REACT_MS
from host_sim.console import Console, KeyStore, open_port
from host_sim.ui.app import SimApp
from hostlink import in_thread
from test_sim_ui import Person, _ecart_of

DT = 17  # ms of virtual time per frame


def _frames_until(you, done, limit=3000):
    """Frames (the host's thread runs between them) until ``done()``; returns it."""
    for _ in range(limit):
        if done():
            return True
        you.frames(1)
    return done()


def test_a_declined_host_request_leaves_the_lift_hint_on_the_lcd(tmp_path):
    """French Tarot (seed 3), P4 a person who takes and scans the écart on the pad: the LCD
    says "6 cards taken" / "lift; lead: P2". A paired host asks for an undo; P4 declines
    it with < at the table. The redraw showed the deal's intro ("French Tarot" / "play:
    P2"): the instruction to lift the écart off the pad was gone though the cards still
    lay there. Now the table's screen comes back as it was, the status line agrees, and
    nothing was undone."""
    sim = SimApp("tarot", 4, seed=3, human={3}, fixed_dt=DT, think_ms=100, collect_ms=200)
    you = Person(sim)
    con = None
    try:
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P4 bids"), limit=3000)
        con = Console(open_port(sim.link_url))
        keys = KeyStore(str(tmp_path / "keys.json"))
        code = sim.ctl.link.pairing.open()
        asker, box = in_thread(lambda: con.pair(code, keys, 5.0))
        assert _frames_until(you, lambda: not asker.is_alive()) and "error" not in box
        you.key(pygame.K_RETURN)  # "paired": OK, back to the auction
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P4 bids"), limit=3000)
        you.choose("Prise")
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P4 ecart"), limit=3000)
        you.choose("Scan 6 cards")
        you.frames(10)
        for card in _ecart_of(sim.tableau.hand(3)):
            you.drag(card, sim.pad_centre(3))
            you.frames(4)
        lift = ["6 cards taken   ", "lift; lead: P2  "]
        assert sim.board.lcd_lines() == lift
        history = list(sim.fw_deal.history)
        asker, box = in_thread(lambda: con.command(P.C_UNDO, None, 10.0))
        assert _frames_until(you, lambda: sim.board.lcd_lines()[0] == "host asks:      ")
        you.frames(REACT_MS // DT + 2)  # the table reads the prompt
        you.key(pygame.K_LEFT)  # <: declined
        assert _frames_until(you, lambda: not asker.is_alive())
        assert box == {"value": (False, "declined at the table")}
        assert sim.board.lcd_lines() == lift
        assert "lift the cards off P4, then P2 leads" in sim.status_line()
        assert list(sim.fw_deal.history) == history and len(sim.tableau.on_pad(3)) == 6
    finally:
        if con is not None:
            con.port.close()
        sim.close()

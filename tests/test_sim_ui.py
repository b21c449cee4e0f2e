"""Issue 9: the desktop simulator (host_sim/ui), driven through pygame's own event queue.

The acceptance test plays recorded ISS Skat games at the simulated table the way a person
does: every step is a real pygame event posted to the queue (KEYDOWN/KEYUP for the three
buttons, MOUSEBUTTONDOWN/MOUSEMOTION/MOUSEBUTTONUP dragging each card from its hand onto
its seat's pad, the discard into the skat, the skat onto a pad at the end), under the dummy
video driver; the result the firmware reaches must equal ``trickref replay`` of the same
record (host_sim.scenario.SkatReplay). The other tests check the dot-matrix LCD against
the HD44780 ROM font and the firmware's CGRAM glyphs, the computer players against the
rules core, and the ``trickref sim`` command.
"""

import os

import pygame
import pytest

from core import iss
from core.cards import SKAT
from core.events import CardPlayed, Refused, RevokeFound, TrickTaken
from device import glyphs
from device.controller import MODE_CHOICE
from host_sim.chips.hd44780_font import rom_glyph
from host_sim.cli import main
from host_sim.scenario import SkatReplay, replay_dict
from host_sim.ui.app import SimApp
from host_sim.ui.lcd import LIT, UNLIT, LcdView
from host_sim.ui.operator import row_shows

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEMO = os.path.join(ROOT, "host_sim", "data", "demo_skat.sgf")
DT = 16  # ms of virtual time per frame


class Person:
    """Plays at the simulator through pygame.event.post only."""

    def __init__(self, sim):
        self.sim = sim

    def frames(self, n=1):
        for _ in range(n):
            assert self.sim.step()

    def key(self, key, hold=4):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                             scancode=0))
        self.frames(hold)
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="",
                                             scancode=0))
        self.frames(5)

    def choose(self, label, limit=60):
        """NEXT until the LCD's cursor row shows ``label``, then OK (read off the HD44780)."""
        for _ in range(limit):
            if any(row_shows(r, label) for r in self.sim.board.lcd_lines()):
                self.key(pygame.K_RETURN)
                return
            self.key(pygame.K_RIGHT)
        raise AssertionError("no %r in the menu: %r" % (label, self.sim.board.lcd_lines()))

    def drag(self, card, to):
        start = self.sim.grab_point(card)
        assert start is not None, "card %s is not on screen" % SKAT.code(card)
        mid = ((start[0] + to[0]) // 2, (start[1] + to[1]) // 2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frames()
        for p in (mid, to):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                                 buttons=(1, 0, 0)))
            self.frames()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
        self.frames()

    def until(self, cond, limit=400):
        for _ in range(limit):
            if cond():
                return
            self.frames()
        raise AssertionError("still waiting; LCD %r" % (self.sim.board.lcd_lines(),))


def _record(path, gid):
    with open(path) as f:
        for r in iss.read_records(f.read()):
            if r.id == gid:
                return r
    raise LookupError(gid)


def _kind_label(kind):
    return ("Eichel", "Gruen", "Herz", "Schellen", "Grand", "Null")[kind]


def _announce(c):
    from host_sim.ui.games import announce_label
    return announce_label(c)


def play_record_by_hand(rec):
    """Play ``rec`` at a simulator where a person sits at every seat; returns (sim, dict)."""
    sim = SimApp("skat", 3, record=rec, human={0, 1, 2}, fixed_dt=DT, collect_ms=160,
                 auto_start=False, size=(1280, 800))
    you = Person(sim)
    you.frames(3)
    for label in ("New game", "Skat", "3", "decide", "no game", "off", "off", "Start"):
        you.choose(label)
    you.until(lambda: sim.fw_deal is not None and sim.grab_points)
    ref = iss.replay(rec)
    table = sim.match.table_seats()  # forehand, middlehand, rearhand -> pads
    c = ref.contract
    you.choose("P%d declarer" % (table[ref.declarer] + 1))
    you.choose(str(ref.bid_value))
    decl_pad = table[ref.declarer]
    if c.hand:
        you.choose("Hand game")
    else:
        you.choose("Pick up skat")
        # the skat comes into the declarer's hand; the discard goes back face down
        you.until(lambda: not sim.tableau.talon())
        for card in iss.final_skat(rec):
            you.drag(card, sim.talon_centre())
        assert sorted(sim.tableau.talon()) == sorted(iss.final_skat(rec))
        assert len(sim.tableau.hand(decl_pad)) == 10
    you.choose(_kind_label(c.kind))
    you.choose(_announce(c))
    n_tricks = 0
    for actor, action in rec.moves:
        if actor == "w" or sim.results:
            continue
        seat = int(actor)
        if action == "SC":
            you.key(pygame.K_RETURN)
            you.choose("Claim (P%d)" % (table[seat] + 1))
        elif action == "RE":
            you.key(pygame.K_RETURN)
            you.choose("P%d resigns" % (table[seat] + 1))
        elif len(action) == 2 and action[0] in "CSHD":
            card = SKAT.parse(action)
            before = len(sim.events)
            you.drag(card, sim.pad_centre(table[seat]))
            you.until(lambda: any(isinstance(e, (CardPlayed, Refused))
                                  for e in sim.events[before:]))
            if any(isinstance(e, TrickTaken) for e in sim.events[before:]):
                n_tricks += 1
                you.until(lambda: sim.tableau.pads_clear())  # the trick goes to its taker
                you.frames(4)  # the readers see the pads empty
    if not sim.results:  # an early end: the declarer lays the cards left in his hand
        you.until(lambda: sim.awaiting is not None)
        if sim.awaiting.verb == "show_hand":
            for card in iss.cards_left(rec, sim.fw_deal):
                you.drag(card, sim.pad_centre(0))
                you.frames(4)
            you.until(lambda: sim.awaiting is not None and sim.awaiting.verb == "set_skat")
    if not sim.results:  # the skat is scanned on a pad, card after card
        you.until(lambda: sim.awaiting is not None)
        for card in iss.final_skat(rec):
            you.drag(card, sim.pad_centre(0))
            you.frames(4)
        you.until(lambda: bool(sim.results))
    return sim, replay_dict(rec.id, sim.results[-1])


@pytest.mark.parametrize("source,gid", [
    ("demo", "6997010"),    # grand, skat picked up: the discard dragged into the skat
    ("sample", "135521"),   # diamonds hand game, schneider announced: the skat scanned
    ("sample", "6997013"),  # grand hand: the declarer claims, both defenders resign
])
def test_recorded_game_played_with_mouse_and_keys_equals_replay(source, gid, data_dir):
    """Acceptance (issue 9): the cards of an ISS record dragged onto the pads and the
    menus pressed with the keys give the same result as ``trickref replay``."""
    path = DEMO if source == "demo" else os.path.join(data_dir, "skat", "iss_games.sgf")
    rec = _record(path, gid)
    sim, got = play_record_by_hand(rec)
    try:
        want = SkatReplay(rec).run()
        assert want.pop("agrees_with_record") is True  # and the replay agrees with R[...]
        assert want.pop("violations") == []  # a legal game: nothing to report
        assert got == want
        cards = [e for e in sim.events if isinstance(e, CardPlayed)]
        played = [(a, m) for a, m in rec.moves if a != "w" and len(m) == 2 and m[0] in "CSHD"
                  and m[1] in "AKQJT987"]
        assert len(cards) == len(played)
        assert not [e for e in sim.events if isinstance(e, (Refused, RevokeFound))]
    finally:
        sim.close()


def test_refused_card_stays_refused_until_lifted():
    """A card laid on the wrong pad is refused by the firmware (not your turn); the LED
    signal says so; dragged back to its hand and onto the right pad it is accepted."""
    rec = _record(DEMO, "6997010")
    sim = SimApp("skat", 3, record=rec, human={0, 1, 2}, fixed_dt=DT, auto_start=True)
    you = Person(sim)
    try:
        # the auction menu, entered at power-on by the simulator's own button presses
        you.until(lambda: sim.ctl.mode == MODE_CHOICE and sim.fw_deal is not None)
        # the record's own choices, entered with the keys
        table = sim.match.table_seats()
        ref = iss.replay(rec)
        you.choose("P%d declarer" % (table[ref.declarer] + 1))
        you.choose(str(ref.bid_value))
        you.choose("Pick up skat")
        for card in iss.final_skat(rec):
            you.until(lambda: sim.grab_point(card) is not None)
            you.drag(card, sim.talon_centre())
        you.choose("Grand")
        you.choose("Plain")
        first = SKAT.parse("CJ")  # forehand's lead in the record
        wrong = table[1]  # middlehand's pad: not forehand's turn
        before = len(sim.events)
        you.drag(first, sim.pad_centre(wrong))
        you.until(lambda: any(isinstance(e, Refused) for e in sim.events[before:]))
        assert sim.signals.led(sim.now) == "red"
        hand_at = sim.layout.hand_centre[table[0]]
        you.drag(first, hand_at)
        assert sim.tableau.where(first)[0] == "hand"
        you.frames(6)
        before = len(sim.events)
        you.drag(first, sim.pad_centre(table[0]))
        you.until(lambda: any(isinstance(e, CardPlayed) for e in sim.events[before:]))
        assert [e for e in sim.events[before:] if isinstance(e, CardPlayed)][0].card == first
    finally:
        sim.close()


def _dot_colours(view, surface, rect, row, col):
    """The colour painted at each of the 5x8 dots of cell (row, col)."""
    dot, px, py, glass = view.metrics(rect)
    x0 = glass.x + 2 * dot + col * px
    y0 = glass.y + 2 * dot + row * py
    return [[tuple(surface.get_at((x0 + x * dot, y0 + y * dot)))[:3] for x in range(5)]
            for y in range(8)]


def _lit_rows(colours, on):
    return bytes(sum(1 << (4 - x) for x in range(5) if colours[y][x] == on)
                 for y in range(8))


def test_lcd_dots_are_the_rom_font_and_the_firmware_cgram():
    """Each character cell shows the A00 ROM pattern of its DDRAM code (datasheet table 4)
    and the suit glyphs the firmware loaded into CGRAM (device/glyphs.py); backlight off
    changes the palette; display off shows no dot."""
    sim = SimApp("skat", 3, seed=4, human=(), fixed_dt=17, think_ms=100, collect_ms=200)
    try:
        Person(sim).until(lambda: any(isinstance(e, CardPlayed) for e in sim.events),
                          limit=3000)
        model = sim.board.lcd_model
        surface = pygame.Surface((400, 120))
        rect = pygame.Rect(0, 0, 400, 120)
        view = LcdView(model)
        view.draw(surface, rect)
        checked_rom = checked_cgram = 0
        suits = glyphs.suit_glyphs("skat")
        for row in range(model.rows):
            codes = model.row_codes(row)
            for col in range(model.cols):
                lit = _lit_rows(_dot_colours(view, surface, rect, row, col), LIT[1])
                code = codes[col]
                if code < 8:
                    assert lit == bytes(suits[code]), (row, col)
                    checked_cgram += 1
                else:
                    assert lit == rom_glyph(code), (row, col, chr(code))
                    checked_rom += 1
        assert checked_cgram >= 1 and checked_rom >= 20
        # backlight off (PCF8574 P3 low, via the driver), then the display off
        sim.board.hw.lcd.backlight(False)
        view.draw(surface, rect)
        assert tuple(surface.get_at(view.metrics(rect)[3].center))[:3] in (UNLIT[0], UNLIT[1],
                                                                          UNLIT[2])
        assert not model.backlight
        model.display_on = False  # as after a display-off instruction (D = 0)
        view.draw(surface, rect)
        for row in range(model.rows):
            for col in range(model.cols):
                assert _lit_rows(_dot_colours(view, surface, rect, row, col),
                                 UNLIT[1]) == bytes(8)
    finally:
        sim.close()


def test_computer_players_finish_a_deal_the_rules_core_agrees_with():
    """Every seat played by the computer (seeded deal): each card is legal with the hands
    known (no refusal, no revoke found by the firmware), and the firmware's result (hands
    unknown, skat scanned) equals the known-hands shadow deal's."""
    sim = SimApp("skat", 3, seed=11, human=(), fixed_dt=17, think_ms=60, collect_ms=120)
    try:
        Person(sim).until(lambda: bool(sim.results), limit=4000)
        fw = sim.results[0]
        assert fw.status == "played"
        assert fw == sim.shadow.result()
        assert len([e for e in sim.events if isinstance(e, TrickTaken)]) == 10
        assert not [e for e in sim.events if isinstance(e, (Refused, RevokeFound))]
        assert sum(1 for p in range(3) for _ in sim.tableau.pile(p)) == 30
    finally:
        sim.close()


def test_sim_command_headless_writes_the_screenshot(tmp_path, capsys):
    """``trickref sim --headless --frames N --screenshot FILE`` writes the window as PNG."""
    shot = tmp_path / "sim.png"
    assert main(["sim", "--headless", "--human", "none", "--frames", "40", "--size",
                 "1000x700", "--screenshot", str(shot), "--screenshot-every", "20"]) == 0
    img = pygame.image.load(str(shot))
    assert img.get_size() == (1000, 700)
    assert (tmp_path / "sim-00020.png").exists() and (tmp_path / "sim-00040.png").exists()
    out = capsys.readouterr().out
    assert "40 frames" in out and "screenshot" in out


def test_sim_command_rejects_bad_seats(capsys):
    """A seat the table does not have is refused with a clear message."""
    assert main(["sim", "--headless", "--human", "7", "--frames", "1"]) == 2
    assert "P7" in capsys.readouterr().err

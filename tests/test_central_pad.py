"""A board with one central pad (every card goes to the seat whose turn it is, ``--central``)
names the players as a board with one pad per seat does: P1..Pn are the table's seats
(device/seating.py), whoever deals, whoever sits out, on the LCD and on the link.

The boards are emulated and driven as a table drives them: the menus with the buttons, the
cards laid on the pads, hands unknown to the firmware."""

import pytest

from core import protocol as P
from core.cards import TAROT
from device import flows
from host_sim.autoplay import table_player
from host_sim.machine import MemUart
from host_sim.script import run_script

# every game at every table size its setup menu offers
TABLES = [(name, n) for name, _, _ in flows.GAMES for n in flows.load(name).PLAYERS]

# the link's events that name a seat (docs/protocol.md "Frame types")
SEATED = (P.EV_CARD, P.EV_TRICK, P.EV_REFUSED, P.EV_REVOKE, P.EV_UNDONE, P.EV_DEAL_OVER,
          P.EV_ROW)


def _table(game, players, central, deals=2):
    """Play ``deals`` deals (seed 4) on a board with a pad per seat or one ``central`` pad;
    returns the LCD frames after the setup menus (without the pad-per-seat board's "pads
    clear" between tricks: a central pad holds one card at a time), the link's events that
    name a seat, and the results (the rules core's with the hands, the board's)."""
    uart = MemUart()
    p = table_player(game, players, seed=4, central=central, link=uart)
    results = p.play(deals)
    frames = [" | ".join(f) for f in p.board.transcript]
    start = max(i for i, f in enumerate(frames) if ">Start" in f)
    shown = [f for f in frames[start + 1:] if not f.startswith("pads clear")]
    events = [(f.type, f.value) for f in P.FrameReader().feed(bytes(uart.tx))
              if isinstance(f, P.Frame) and f.type in SEATED]
    return shown, events, results


@pytest.mark.parametrize("game,players", TABLES, ids=["%s-%d" % t for t in TABLES])
def test_a_central_pad_names_the_seats_as_a_pad_per_seat(game, players):
    """Two deals (the deal passes on: Skat's forehand and the seats sitting out move) show
    the same screens and send the same events with a central pad as with a pad per seat."""
    per_seat = _table(game, players, False)
    central = _table(game, players, True)
    for shadow, firmware in per_seat[2] + central[2]:
        assert firmware == shadow
    assert central[0] == per_seat[0]
    assert central[1] == per_seat[1] and central[1]


def test_central_tarot_with_the_mort_names_table_seats():
    """Tarot at five with the mort (the dealer P1 sits out, P2..P5 play as at four): P3
    takes a garde sans; the screens with one central pad are those of a pad per seat."""
    from test_tarot_mort import _played
    _, cards = _played(1)
    bids = ["expect P2 bids", "choose Pass", "expect P3 bids", "choose Garde sans",
            "choose Pass", "choose Pass"]
    shown = []
    for central in (False, True):
        script = bids + ["play %d %s" % (1 if central else s + 2, TAROT.code(c))
                         for s, c in cards]
        shown.append([f for f in _frames(script, "tarot", 5, central, {"five": "mort"})
                      if not f.startswith("pads clear")])
    assert shown[1] == shown[0]
    played = [f.split(" ", 1)[0] for f in shown[1] if "| next: " in f]
    assert set(played) == {"P2", "P3", "P4", "P5"}  # P1 deals and sits out


def _frames(lines, game, players, central=True, options=None):
    """The LCD frames (rows joined by " | ") of table script ``lines`` run on the board."""
    frames = []
    run_script("\n".join(lines), game, players, central=central, options=options,
               out=lambda line: frames.append(line.split("| ", 1)[1].rstrip(" |")))
    return frames


# A grand hand of P2 (forehand: P1 deals), every card laid on the one central pad; in
# trick 3 the declarer P2 shows no heart, in trick 4 he plays one: a proven revoke.
GRAND_HAND = """choose P2 declarer
choose 18
choose Hand game
choose Grand
choose Plain hand
play 1 CJ
play 1 SJ
play 1 C7
play 1 D7
play 1 DA
play 1 DT
play 1 HA
play 1 H7
play 1 S7
play 1 CA
play 1 C8
play 1 H8
"""


def test_central_skat_names_forehand_middlehand_and_rearhand():
    """The new user's table: with P1 dealing, P2 leads, P3 follows, P1 is last (the board
    said "P1" for forehand and rearhand and never named P3), and the revoke proven in
    trick 4 is the declarer's, P2's (it said "P1 revoke in T3")."""
    frames = _frames(GRAND_HAND.splitlines(), "skat", 3)
    play = frames[[i for i, f in enumerate(frames) if "Plain hand" in f][-1] + 1:]
    assert play[:4] == ["Skat             | play: P2", "P2 EU            | next: P3",
                        "P3 GU            | next: P1", "T1 P2 takes 4    | EU highest trump"]
    assert "P3 SD            | next: P1" in play  # the Schellen-Daus (DA): P3 in trick 2
    assert play[-1] == "P2 revoke in T3  | lay hand (6)"


def test_central_skat_at_four_names_the_three_who_play():
    """Four at the table, P1 deals and sits out: forehand P2, middlehand P3, rearhand P4
    (the board named them P1..P3)."""
    frames = _frames(GRAND_HAND.splitlines()[:8], "skat", 4)
    assert frames[-4:] == ["Skat             | play: P2", "P2 EU            | next: P3",
                           "P3 GU            | next: P4", "T1 P2 takes 4    | EU highest trump"]


@pytest.mark.parametrize("lang,two", [("en", "pad: 2 cards on "), ("de", "Feld: 2 Karten  "),
                                      ("fr", "tapis: 2 cartes "), ("uk", "pole: 2 karty   ")])
def test_a_fault_on_the_central_pad_names_no_player(speak, lang, two):
    """Two cards at once on the central pad: the LCD says the pad has two cards, not that
    P1's has (the central pad is nobody's), in the table's language; lift one and the
    other is read."""
    from core.cards import SKAT
    from host_sim.board import SimBoard, TaggedDeck
    from test_pad_faults import grand_hand
    speak(lang)
    b = SimBoard(1)
    b.start(grand_hand, SKAT, central=True)
    b.run(20)
    deck = TaggedDeck(SKAT)
    b.place(0, deck.tag(SKAT.parse("SA")))
    b.place(0, deck.tag(SKAT.parse("HA")))
    b.run(40)
    assert b.lcd_lines()[0] == two
    b.lift(0, deck.tag(SKAT.parse("HA")))
    b.run(60)
    assert b.app.referee.deal.history == [(0, SKAT.parse("SA"))]

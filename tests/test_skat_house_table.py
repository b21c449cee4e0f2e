"""Skat's house rules at the table: scripts played through the emulated board's menus
and pads (host_sim.script, hands unknown to the board) where a tester found the booked
evening or the LCD wrong: a points target reached and lost in the same round, result
rows and totals wider than the 16x2 LCD (the value cut), a Bock round opened by a game a
revoke decided. Values from docs/rules/skat.md (ISkO 5.x, the house rules' decisions)."""

from core.cards import SKAT
from device import words
from host_sim.board import TaggedDeck
from host_sim.script import run_script

F = "CJ SJ HJ DJ CA CT CK CQ C9 D7".split()   # docs/rules/skat.md Ramsch/Kontra example
M = "SQ SK ST SA D8 D9 DQ DK DT DA".split()
R = "H7 H8 H9 HQ HK HT HA S9 S8 S7".split()
GRAND = ["choose 18", "choose Hand game", "choose Grand", "choose Plain hand"]


def tricks(pads, f=F):
    out = []
    for cards in zip(f, M, R):
        out += ["play %d %s" % (pad, c) for pad, c in zip(pads, cards)]
    return out


def run(lines, players, options):
    return run_script("\n".join(lines), "skat", players, out=lambda l: None, options=options)


def sheet(board):
    c = board.controller
    return c.flow.sheet_lines(c.match)


# 1. Points target ------------------------------------------------------------------------

def test_target_reached_then_lost_within_the_round_still_ends_the_evening():
    """docs/rules/skat.md "A points target": "The first player whose plain list total
    reaches the target ... ends the evening, but only once the round is complete".
    P2 reaches 672 in game 1 (>= 500), loses 768 in game 2 (total -96), game 3 (all
    passed) completes the round: the evening must be over. The board starts game 4."""
    g1 = ["choose P2 declarer"] + GRAND + ["ok", "choose P3 Kontra", "ok", "choose P2 Re"] + \
        tricks((2, 3, 1)) + ["play 1 C8", "play 1 C7", "expect won Re +672", "ok"]
    # dealer P2: P3 forehand, P1 middlehand, P2 rearhand declares grand hand, loses schwarz
    g2 = ["choose P2 declarer"] + GRAND + ["ok", "choose P3 Kontra"] + tricks((3, 1, 2)) + \
        ["play 2 C8", "play 2 C7", "expect lost K -768", "ok"]
    g3 = ["choose All passed", "expect no game", "ok", "wait 500"]
    b = run(g1 + g2 + g3, 3, {"kontra": "on", "target": "500"})
    assert b.controller.match is None, (sheet(b), b.lcd_lines())  # evening over


# 2. Result row wider than the 16-column LCD ------------------------------------------------

def _lcd_ok(row, value):
    """The 16-column row ends with the whole signed value."""
    return len(row.rstrip()) <= 16 and row.rstrip().endswith("%+d" % value)


def test_bock_schieberamsch_result_row_fits_16_columns():
    """Game 1: P2's grand hand opens a Bock round (+336). Game 2: Schieberamsch, all
    three pass on unseen, Ramsch example 1: forehand P3 -218 x 8 = -1744, Bock -3488.
    The LCD's second row must show the value; it shows "Jungfr. x8 B -34"."""
    g1 = ["choose P2 declarer"] + GRAND + tricks((2, 3, 1)) + \
        ["play 1 C8", "play 1 C7", "expect won Bock +336", "ok"]
    g2 = ["choose All passed", "expect P3: skat?", "choose Pass on unseen",
          "expect P1: skat?", "choose Pass on unseen", "expect P2: skat?",
          "choose Pass on unseen", "expect play: P3"] + tricks((3, 1, 2)) + \
        ["play 2 C8", "play 2 C7", "wait 4000"]
    b = run(g1 + g2, 3, {"ramsch": "schieberamsch", "bock": "on"})
    assert b.controller.result.value == -1744
    row = b.lcd_lines()[1]
    assert _lcd_ok(row, -3488), b.lcd_lines()


def test_bock_overbid_with_re_result_row_fits_16_columns():
    """Game 2 in the Bock round: P3 bids 192, grand hand with 4 schneider = 168 < 192:
    overbid -384 (ISkO 5.4.2), Kontra and Re -1536, Bock -3072. LCD: "overbid Re B -30"."""
    g1 = ["choose P2 declarer"] + GRAND + tricks((2, 3, 1)) + \
        ["play 1 C8", "play 1 C7", "expect won Bock +336", "ok"]
    g2 = ["choose P3 declarer", "choose 192", "choose Hand game", "choose Grand",
          "choose Plain hand", "ok", "choose P1 Kontra", "ok", "choose P3 Re"] + \
        tricks((3, 1, 2)) + ["play 2 C8", "play 2 C7", "wait 4000"]
    b = run(g1 + g2, 3, {"bock": "on", "kontra": "on"})
    assert b.controller.result.value == -1536
    assert _lcd_ok(b.lcd_lines()[1], -3072), b.lcd_lines()


def test_german_lost_re_result_row_fits_16_columns():
    """No Bock: P1 (rearhand) declares grand hand, loses schwarz: without 4, game, hand,
    schneider, schwarz = 8 x 24 = 192, lost -384, Kontra and Re -1536. In German the
    row is "verloren Re -1536" (17 characters): the LCD shows "verloren Re -153"."""
    g = ["choose P1 declarer"] + GRAND + ["ok", "choose P2 Kontra", "ok", "choose P1 Re"] + \
        tricks((2, 3, 1)) + ["play 1 C8"]
    b = run(g, 3, {"kontra": "on"})
    words.set_language("de")
    try:
        b.play_card(0, TaggedDeck(SKAT).tag(SKAT.parse("C7")))
        b.run(4000)
        lines = b.lcd_lines()
    finally:
        words.set_language("en")
    assert b.controller.result.value == -1536
    assert _lcd_ok(lines[1], -1536), lines


# 3. Totals screen: a total of -10000 or less ---------------------------------------------

def _grand_ouvert_lost(decl_seat, pads):
    """P2 holds F and declares a grand ouvert (forehand, rearhand or middlehand), the
    other two say Kontra/Re: with 4, game, hand, schneider, ann., schwarz, ann., ouvert =
    11 x 24 = 264, lost at the defenders' first trick: -528, x4 = -2112, Bock -4224."""
    from core.games import skat
    hands = [None] * 3
    hands[decl_seat] = F
    rest = [M, R]
    for s in range(3):
        if hands[s] is None:
            hands[s] = rest.pop(0)
    d = skat.Game().new_deal(0, [SKAT.parse_many(" ".join(h)) for h in hands],
                             SKAT.parse_many("C8 C7"))
    d.enter_auction(decl_seat, 18)
    d.declare(decl_seat, "GO")
    d.show_hand(list(d.hands[decl_seat])) if d.phase == skat.PHASE_SHOW else None
    plays = []
    while not d.is_over() and d.phase == skat.PHASE_PLAY:
        s = d.current_seat()
        c = d.legal_cards(s)[0]
        d.play(s, c)
        plays.append("play %d %s" % (pads[s], SKAT.code(c)))
    dp = pads[decl_seat]
    kontra = [pads[s] for s in range(3) if s != decl_seat][0]
    return (["choose P2 declarer", "choose 18", "choose Hand game", "choose Grand",
             "choose Ouvert", "expect lay hand"] + ["play %d %s" % (dp, c) for c in F] +
            ["ok", "choose P%d Kontra" % kontra, "ok", "choose P2 Re"] + plays +
            ["play %d C8" % dp, "play %d C7" % dp, "expect -4224", "ok"])


def test_totals_screen_shows_a_five_digit_negative_total():
    """Three grand ouverts lost with Kontra and Re in Bock rounds: P2 -12672, SF -12822.
    The totals line is 18 characters; the 16x2 LCD shows "P2 -12672 SF-128"."""
    s = _grand_ouvert_lost(0, (2, 3, 1)) + _grand_ouvert_lost(2, (3, 1, 2)) + \
        _grand_ouvert_lost(1, (1, 2, 3))
    b = run(s, 3, {"kontra": "on", "bock": "on"})
    assert b.controller.match.sheet.sf[1] == -12822
    line = [l for l in sheet(b) if l.startswith("P2")][0]
    assert len(line) <= 16, line


# 4. bock_schneider and a revoke ------------------------------------------------------------

def test_bock_schneider_not_opened_by_a_revoke_decided_game():
    """docs/rules/skat.md "Schneider games ...": bock_schneider opens a round for "a suit
    or grand game played out with either party schneider"; "Announced schneider not
    reached is not schneider". P2's clubs hand, schneider announced, is ended in trick 3
    by P3's proven revoke (violations=decide): won at the declared value, with 11, game,
    hand, schneider, announced = 15 x 12 = +180. Not played out, schneider not reached:
    no Bock round. The board books +360 and "Bock games 2"."""
    s = ["choose P2 declarer", "choose 18", "choose Hand game", "choose Eichel",
         "choose Schneider ann.",
         "play 2 D7", "play 3 SQ", "play 1 H7",  # P3 does not follow diamonds
         "play 2 CJ", "play 3 SK", "play 1 H8",
         "play 2 CA", "play 3 D8",  # P3's diamond proves the revoke
         "expect lay hand (7)"] + ["play 2 %s" % c for c in "SJ HJ DJ CT CK CQ C9".split()] + \
        ["play 2 C8", "play 2 C7", "wait 4000"]
    b = run(s, 3, {"bock": "on", "bock_schneider": "on"})
    assert b.controller.result.value == 180
    assert b.lcd_lines()[1].strip() == "won +180", b.lcd_lines()
    b.press(2)
    b.run(300)
    assert b.controller.match.sheet.totals[1] == 180 and "Bock games 2" not in sheet(b)

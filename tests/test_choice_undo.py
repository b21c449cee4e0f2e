"""Issue 26: a long press in a menu the deal needs takes back the last bid or choice.

On the emulated board (whole firmware, buttons and journal on a host file): the required
menus (Tarot's bids, Skat's auction result and skat question) took a long press of OK as
"back" and showed the same menu again; now it is an undo like a card's (device/modes/menu.py),
written to the journal first, so the bid taken back does not come back after a power cut.
"""

import pytest

from core.cards import TAROT
from core.journal import Journal
from device.controller import MODE_CHOICE, MODE_MAIN, MODE_SHEET, MODE_TABLE
from host_sim.autoplay import table_player
from host_sim.board import SimBoard

LONG = 900  # OK held past device.buttons.LONG_MS (800)


def _records(p):
    """The journal's records as ``(kind, data)``, read back from the file."""
    return [tuple(r) for r in p.journal.read()[0]]


def _tarot(tmp_path):
    p = table_player("tarot", 4, seed=3, journal=Journal(str(tmp_path / "journal.bin")))
    p.start()
    return p


def test_long_press_takes_back_the_last_tarot_bid_and_a_power_cut_keeps_it_undone(tmp_path):
    """Tarot (4 players): P2 bids first (the dealer's right, FFT p.5). P2 passes, P3 bids
    Prise; at P4's menu a long press takes back P3's Prise (the LCD asks P3 again, the
    journal's last record is the undo); P3 then bids Garde. After a power cut the board
    resumes at P4's bid with P2 pass and P3 Garde: the Prise taken back does not return."""
    p = _tarot(tmp_path)
    b = p.board
    assert b.lcd_lines()[0].startswith("P2 bids")
    b.choose("Pass")
    assert b.lcd_lines()[0].startswith("P3 bids")
    b.choose("Prise")
    assert b.lcd_lines()[0].startswith("P4 bids")
    acts = list(p.ctl.app.referee.actions)
    assert acts == [("bid", (1, "pass")), ("bid", (2, "prise"))]
    b.press(2, hold_ms=LONG)
    assert p.ctl.mode == MODE_CHOICE and b.lcd_lines()[0].startswith("P3 bids")
    assert p.ctl.app.referee.actions == acts[:1]
    assert _records(p)[-1] == ("undo", [2])
    b.choose("Garde")
    assert b.lcd_lines()[0].startswith("P4 bids")
    # power cut: a new board boots on the same journal file
    b2 = SimBoard(seats=4)
    ctl = b2.power_on(journal=Journal(str(tmp_path / "journal.bin")))
    b2.run(50)
    assert ctl.app.referee.actions == [("bid", (1, "pass")), ("bid", (2, "garde"))]
    assert ctl.mode == MODE_CHOICE and b2.lcd_lines()[0].startswith("P4 bids")


def test_long_press_at_the_first_bid_of_a_deal_opens_the_table_menu(tmp_path):
    """Nothing entered yet in the deal, nothing to take back: the long press writes
    nothing and opens the table menu, the only way from a deal's first menu to the score
    sheet or the main menu (it redrew the same menu: a table waiting for its bids had no
    way to end the evening but the power switch). "Back to play" brings the bid menu back
    with its cursor where it was."""
    p = _tarot(tmp_path)
    b = p.board
    n = len(_records(p))
    b.press(1)  # the cursor on the second item, kept
    before = b.lcd_lines()
    b.press(2, hold_ms=LONG)
    assert b.lcd_lines()[0].startswith("Table") and len(_records(p)) == n
    assert b.controller.mode == MODE_CHOICE
    b.choose("Score sheet")
    assert b.controller.mode == MODE_SHEET
    b.press(2)  # OK: the sheet left, back to the deal: its bid menu
    assert b.lcd_lines()[0].startswith("P2 bids") and len(_records(p)) == n
    b.press(1)
    b.press(2, hold_ms=LONG)
    b.choose("Back to play")
    assert b.lcd_lines() == before and len(_records(p)) == n
    b.press(2, hold_ms=LONG)
    b.choose("Main menu")
    assert b.controller.mode == MODE_MAIN and len(_records(p)) == n


def test_long_press_takes_back_the_skat_auction_result_and_the_pick_up():
    """Skat: the auction result (P2 declarer at 20) and "Pick up skat" entered; a long press
    in the contract menu takes back the pick-up (the skat question again), a second one the
    auction result (the "Auction result" menu again); a long press in a submenu only goes
    up a level, as before."""
    p = table_player("skat", 3, seed=1)
    p.start()
    b = p.board
    b.choose("P2 declarer")
    b.choose("20")
    b.choose("Pick up skat")
    assert b.lcd_lines()[0].startswith("P2 discard 2")
    b.choose("Grand")  # into the announce submenu
    b.press(2, hold_ms=LONG)  # up a level only: the contract menu, asking for the game
    assert b.lcd_lines()[0].startswith("P2: game?")
    assert [v for v, _ in p.ctl.app.referee.actions] == ["enter_auction", "pick_up"]
    b.press(2, hold_ms=LONG)
    assert b.lcd_lines()[0].startswith("P2: skat?")
    assert [v for v, _ in p.ctl.app.referee.actions] == ["enter_auction"]
    b.press(2, hold_ms=LONG)
    assert b.lcd_lines()[0].startswith("Auction result")
    assert p.ctl.app.referee.actions == [] and p.ctl.app.referee.deal.bid_value == 0


def test_a_long_press_takes_back_all_passed_whole(tmp_path):
    """Skat: "All passed" enters the three passes of the auction (ISkO 3.1: nobody bids
    18) as one answer. A long press on the result took back only the last pass: the
    "Auction result" menu came back over two passes it cannot enter, "All passed" was then
    refused ("P3 refused / not your turn") and "P3 declarer" accepted, a journal in which
    middlehand passed and then declared. Now one long press takes back all three (an undo
    record each, so a power cut keeps them undone) and the auction is entered afresh."""
    path = str(tmp_path / "journal.bin")
    p = table_player("skat", 3, seed=1, journal=Journal(path))
    p.start()
    b = p.board
    b.choose("All passed")
    assert [v for v, _ in p.ctl.app.referee.actions] == ["pass_"] * 3
    b.press(1)
    b.press(2, hold_ms=LONG)
    assert p.ctl.app.referee.actions == [] and b.lcd_lines()[0].startswith("Auction result")
    assert [r for r in _records(p)[-3:]] == [("undo", [3]), ("undo", [2]), ("undo", [1])]
    p.ctl.journal.close()
    again = SimBoard(3)
    ctl = again.power_on(journal=Journal(path))
    assert ctl.app.referee.actions == [] and again.lcd_lines()[0].startswith("Auction result")
    again.choose("P2 declarer")
    again.choose("18")
    assert [v for v, _ in ctl.app.referee.actions] == ["enter_auction"]


def _ecart_scan(tmp_path):
    """Tarot for 4 (seed 3): P3 takes a Garde, the others pass, "Scan 6 cards" chosen for
    the écart and three cards scanned; returns the player and the deal's actions."""
    p = _tarot(tmp_path)
    b = p.board
    for label in ("Pass", "Garde", "Pass", "Pass"):
        b.choose(label)
    acts = list(p.ctl.app.referee.actions)
    b.choose("Scan 6 cards")
    assert p.ctl.app.scan_wanted()[1] == 6 and p.ctl.app.referee.actions == acts
    assert b.lcd_lines() == ["scan 6 cards    ", "on any pad      "]
    for c in (TAROT.parse(x) for x in ("H1", "H2", "H3")):  # a scan only counts them
        b.play_card(0, p.tags.tag(c))
    assert p.ctl.app.scan_wanted()[1] == 3 and b.lcd_lines()[0] == "scanned 3 of 6  "
    return p, acts


def test_a_long_press_during_a_scan_begins_it_again_and_takes_back_no_bid(tmp_path):
    """Tarot's écart being scanned, three of six cards read: a long press took back the
    last bid (P1's pass, before the scan) and dropped the three cards without a word. Now
    it drops the cards scanned so far and asks for six again, the bids untouched; a long
    press before the first card leaves the scan for the écart menu, as asked."""
    p, acts = _ecart_scan(tmp_path)
    b = p.board
    b.press(2, hold_ms=LONG)
    assert p.ctl.app.scan_wanted()[1] == 6 and p.ctl.app.referee.actions == acts
    assert p.ctl.mode == MODE_TABLE and b.lcd_lines() == ["scan 6 cards    ",
                                                          "on any pad      "]
    b.press(2, hold_ms=LONG)  # nothing scanned: back to the écart's menu
    assert p.ctl.app.scan_wanted() is None and p.ctl.mode == MODE_CHOICE
    assert p.ctl.app.referee.actions == acts
    assert b.lcd_lines() == ["P3 ecart     1/2", ">Scan 6 cards   "]


def test_the_table_menu_during_a_scan_returns_to_it_as_it_was(tmp_path):
    """OK during the écart's scan opens the table menu; "Back to play" went to the écart
    menu again and forgot the three cards read, and cards laid then were ignored until
    "Scan 6 cards" was chosen again. Now it returns to the scan with its three cards."""
    p, acts = _ecart_scan(tmp_path)
    b = p.board
    b.press(2)
    b.choose("Back to play")
    assert p.ctl.mode == MODE_TABLE and p.ctl.app.scan_wanted()[1] == 3
    assert b.lcd_lines() == ["scanned 3 of 6  ", "lay ecart (3)   "]
    assert p.ctl.app.referee.actions == acts


def test_a_long_press_leaves_a_poignee_scan_and_takes_back_nothing(tmp_path):
    """Tarot for 4: P2 takes a Garde, écart not scanned, P2 leads; P3 asks for a poignée
    of 10 in the table menu and changes his mind before laying a trump. The long press
    took back P2's lead (an undo record, kept after a power cut): nobody had asked for
    that. Now it leaves the poignée's scan and play stands as it was; the same for the
    taker's own poignée before his lead (it took back his écart's answer)."""
    from core.cards import TAROT
    for lead in (True, False):
        p = _tarot(tmp_path)
        b = p.board
        for label in ("Garde", "Pass", "Pass", "Pass", "Not scanned"):
            b.choose(label)
        who = "P2"
        if lead:
            b.play_card(1, p.tags.tag(TAROT.parse("H2")))
            who = "P3"
        acts = list(p.ctl.app.referee.actions)
        n = len(_records(p))
        b.press(2)
        b.choose("Poignee %s" % who)
        b.choose("10")
        assert p.ctl.app.scan_wanted()[1] == 10
        b.press(2, hold_ms=LONG)
        assert p.ctl.app.scan_wanted() is None and p.ctl.mode == MODE_TABLE
        assert p.ctl.app.referee.actions == acts and len(_records(p)) == n
        p.ctl.journal.close()
        (tmp_path / "journal.bin").unlink()


def test_a_chelem_or_misere_announced_during_a_poignee_scan_keeps_the_scan(tmp_path):
    """Tarot for 4 (seed 3): P2 takes a Garde, écart not scanned, and asks for a poignée
    of 10 before his lead; before a trump is laid he announces a chelem in the table
    menu. A chelem (as a misère) is ``announce``, the poignée's verb: the scan was ended as if the poignée had been given another way (a record's),
    the table said "play: P2" and the 10 trumps laid next were taken as plays. The scan
    stays until its own answer (the poignée's cards) comes."""
    p = _tarot(tmp_path)
    b = p.board
    for label in ("Garde", "Pass", "Pass", "Pass", "Not scanned"):
        b.choose(label)
    b.press(2)
    b.choose("Poignee P2")
    b.choose("10")
    assert p.ctl.app.scan_wanted() == ("announce", 10)
    b.press(2)
    b.choose("Chelem (P2)")
    assert p.ctl.app.referee.deal.chelem_announced
    assert p.ctl.app.scan_wanted() == ("announce", 10)
    assert b.lcd_lines()[1].rstrip() == "lay poignee (10)"


@pytest.mark.parametrize("fault", ["full", "eio"])
def test_all_passed_taken_back_when_the_flash_fails_halfway(tmp_path, fault):
    """"All passed" taken back is three undo records; the flash refuses the second (full,
    or a write error). The first pass stays taken back (its record is on flash), the
    refusal is on the LCD, nothing else changes; after a power cycle the board holds the
    same two passes, and the next long press takes both back at once."""
    from host_sim.flash import FaultyFlash
    path = str(tmp_path / "journal.bin")
    flash = FaultyFlash()
    p = table_player("skat", 3, seed=1, journal=Journal(path, opener=flash.open))
    p.start()
    b = p.board
    b.choose("All passed")
    b.press(1)
    flash.fault, flash.at = fault, flash.writes + 1  # the second undo record's write
    b.press(2, hold_ms=LONG)
    assert flash.hit is not None
    acts = p.ctl.app.referee.actions
    assert [v for v, _ in acts] == ["pass_"] * 2
    assert _records(p)[-1] == ("undo", [3])
    assert "flash full" in " ".join(b.lcd_lines()) or "write error" in " ".join(
        b.lcd_lines()), b.lcd_lines()
    p.ctl.journal.close()
    again = SimBoard(3)
    ctl = again.power_on(journal=Journal(path))
    assert ctl.app.referee.actions == acts
    again.press(2, hold_ms=LONG)
    assert ctl.app.referee.actions == [] and again.lcd_lines()[0].startswith(
        "Auction result")


def test_a_misere_announced_and_taken_back_is_said_on_the_lcd(tmp_path):
    """Tarot for 4 with the house misère: P2 takes a prise, écart not scanned, and
    announces "Misere atout" from the table menu; then a long press takes it back. Both
    left the LCD as it was ("French Tarot / play: P2"): the table could not tell whether
    the announcement was taken. Now the first row says each, the second who plays."""
    p = table_player("tarot", 4, seed=1, journal=Journal(str(tmp_path / "journal.bin")),
                     options={"misere": "20"})
    p.start()
    b = p.board
    for label in ("Prise", "Pass", "Pass", "Pass", "Not scanned"):
        b.choose(label)
    assert [r.rstrip() for r in b.lcd_lines()] == ["French Tarot", "play: P2"]
    b.press(2)
    b.choose("Misere atout P2")
    assert [r.rstrip() for r in b.lcd_lines()] == ["Misere atout P2", "play: P2"]
    assert p.ctl.app.referee.deal.miseres == [(1, "misere-trumps")]  # deal seat 1: P2
    b.press(2, hold_ms=LONG)
    assert [r.rstrip() for r in b.lcd_lines()] == ["choice undone", "play: P2"]
    assert p.ctl.app.referee.deal.miseres == [] and p.ctl.mode == MODE_TABLE

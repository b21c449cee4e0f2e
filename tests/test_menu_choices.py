"""The menus of a deal offer only what the deal accepts, and a choice that is refused all
the same says why on the LCD, the menu coming back where it was at the next press.

Every test drives the emulated board as a table does (buttons, cards laid on the pads,
hands unknown to the firmware) and reads the LCD back from its DDRAM."""

import pytest

from core.cards import TAROT
from core.journal import Journal
from device.controller import MODE_CHOICE, MODE_MAIN, MODE_TABLE
from host_sim.autoplay import table_player
from host_sim.board import TaggedDeck
from host_sim.flash import FaultyFlash
from host_sim.script import run_script

NEXT, OK = 1, 2


def _items(board):
    """The labels of the menu on a 16x2 LCD (its second row), from the cursor round to it
    again; the cursor ends where it was."""
    first = board.lcd_lines()[1]
    labels = []
    while True:
        labels.append(board.lcd_lines()[1][1:].rstrip())
        board.press(NEXT)
        if board.lcd_lines()[1] == first:
            return labels


def _tarot(players, journal=None):
    p = table_player("tarot", players, seed=3, journal=journal)
    p.start()
    return p


@pytest.mark.parametrize("players", [3, 4, 5])
def test_tarot_bids_offer_only_contracts_above_the_highest(players):
    """FFT p.5: each bid covers the one before. P2 bids first and may say anything; after
    P2's Garde P3 is offered Pass, Garde sans and Garde contre (Prise and Garde were
    offered, and choosing Prise put the menu back at Pass without a word); after P3's
    Garde sans, P4 only Pass or Garde contre. The petit sec is offered to every seat."""
    b = _tarot(players).board
    petit = ["Petit sec P%d" % (s + 1) for s in range(players)]
    assert _items(b) == ["Pass", "Prise", "Garde", "Garde sans", "Garde contre"] + petit
    b.choose("Garde")
    assert b.lcd_lines()[0].startswith("P3 bids")
    assert _items(b) == ["Pass", "Garde sans", "Garde contre"] + petit
    b.choose("Garde sans")
    assert b.lcd_lines()[0].startswith("P%d bids" % (3 % players + 1))
    assert _items(b) == ["Pass", "Garde contre"] + petit


def test_a_refused_table_menu_choice_says_why_and_the_menu_comes_back_unmoved():
    """Magistr, deal 2 just dealt (nothing entered yet): "Undo last" in the table menu is
    refused; the LCD says so, and the next press only brings the menu back with its
    cursor where it was (it moved it, or chose again, on a menu the LCD did not show)."""
    p = table_player("magistr", 3, seed=5)
    p.play(1)
    b = p.board
    assert p.ctl.app.referee.actions == []
    b.press(OK)
    b.choose("Undo last")
    assert b.lcd_lines() == ["refused         ", "not now         "]
    b.press(NEXT)
    assert p.ctl.mode == MODE_CHOICE
    assert b.lcd_lines()[0].startswith("Table") and b.lcd_lines()[1] == ">Undo last      "
    b.press(NEXT)
    assert b.lcd_lines()[1] != ">Undo last      "  # the menu moves again


def test_a_bid_refused_for_a_full_flash_stays_on_the_lcd_until_a_press(tmp_path):
    """Tarot, P3's bid on a flash that is full: the LCD says "P3 refused" / "flash full";
    an OK then brings the menu back at the bid chosen, nothing entered (an OK chose
    again, blind), and once space is made the same OK enters it."""
    flash = FaultyFlash()
    p = _tarot(4, Journal(str(tmp_path / "journal.bin"), flash.open))
    b = p.board
    b.choose("Pass")
    flash.fault, flash.at, flash.sticky = "full", flash.writes, True
    b.choose("Garde")
    assert b.lcd_lines() == ["P3 refused      ", "flash full      "]
    b.press(OK)
    assert b.lcd_lines() == ["P3 bids      3/9", ">Garde          "]
    assert p.ctl.app.referee.actions == [("bid", (1, "pass"))]
    flash.make_space()
    b.press(OK)
    assert p.ctl.app.referee.actions == [("bid", (1, "pass")), ("bid", (2, "garde"))]
    assert b.lcd_lines()[0].startswith("P4 bids")


def test_the_tarot_table_menu_offers_what_the_first_trick_accepts():
    """Tarot at four with the house rule misère, P3's garde sans (no écart), P2 to lead.
    Before the first card: the taker's chelem, and P2's poignée and misères (the menu
    offered every seat's, refused but for the seat to play); a misère once said is not
    offered again; after P2's card no chelem (FFT p.6: before the first card), and the
    next seat's poignée and misères."""
    bids = ["choose Pass", "choose Garde sans", "choose Pass", "choose Pass"]
    b = run_script("\n".join(bids), "tarot", 4, options={"misere": "20"}, out=lambda l: None)
    b.press(OK)
    assert _items(b) == ["Back to play", "Undo last", "Chelem (P3)", "Poignee P2",
                         "Misere atout P2", "Misere tetes P2", "Score sheet", "Main menu"]
    b.choose("Misere atout P2")
    assert b.controller.app.referee.deal.miseres == [(1, "misere-trumps")]
    b.press(OK)
    assert _items(b) == ["Back to play", "Undo last", "Chelem (P3)", "Poignee P2",
                         "Misere tetes P2", "Score sheet", "Main menu"]
    b.choose("Back to play")
    b.play_card(1, TaggedDeck(TAROT).tag(TAROT.parse("HK")))
    b.press(OK)
    assert _items(b) == ["Back to play", "Undo last", "Poignee P3", "Misere atout P3",
                         "Misere tetes P3", "Score sheet", "Main menu"]


def test_a_new_game_the_flash_refuses_leaves_the_game_in_play(tmp_path):
    """Zhopa at four in play, its first card laid; from the table menu's "Main menu" a
    new Zhopa game is set up while the flash is full. "Start" shows "game not started" /
    "flash full" until a press, which brings the main menu back; the game in play is the
    same (its six actions, "Continue game" back to it), and the journal holds no second
    game. Once space is made, the same menus start the new game. The menus leave the heap
    before the game is built (device/booking.py ``start``): this is the path that must
    not lose the game the table was playing."""
    flash = FaultyFlash()
    path = str(tmp_path / "journal.bin")
    p = table_player("zhopa", 4, seed=3, journal=Journal(path, flash.open))
    p.start()
    for step in p.script(1):  # the deal's first choices, up to its first card
        if step[0] != "start":
            p._run_step(step)
        if step[0] == "card":
            break
    b, ctl = p.board, p.ctl
    match, actions = ctl.match, list(ctl.app.referee.actions)
    assert actions[-1][0] == "play" and len(actions) == 6  # lead, four bids, a card
    b.press(OK)
    b.choose("Main menu")
    flash.fault, flash.at, flash.sticky = "full", flash.writes, True
    p._choose_game()
    assert b.lcd_lines() == ["game not started", "flash full      "]
    assert ctl.match is match and ctl.app.referee.actions == actions
    b.press(NEXT)
    assert ctl.mode == MODE_MAIN and b.lcd_lines()[1] == ">New game       "
    b.choose("Continue game")
    assert ctl.mode == MODE_TABLE and ctl.app.referee.actions == actions
    assert [r.kind for r in Journal(path).read()[0]] == ["game"] + ["act"] * 6
    flash.make_space()
    b.press(OK)
    b.choose("Main menu")
    p._choose_game()
    assert ctl.match is not match and ctl.app.referee.actions == []
    assert [r.kind for r in Journal(path).read()[0]] == ["game", "game"]  # compacted


def test_a_start_that_fails_otherwise_shows_why_over_the_main_menu(monkeypatch):
    """A new game that fails for another reason than the flash (here: the options check
    raising, as for an option the flow does not know) still leaves a mode on screen: the
    loop shows the fault, and the main menu answers the buttons again."""
    from device import flows
    from host_sim.board import SimBoard
    board = SimBoard(3)
    ctl = board.power_on()
    board.run(50)
    for label in ("New game", "Skat", "3"):
        board.choose(label)

    def refuse(flow, players, options):
        raise ValueError("no such option")
    monkeypatch.setattr(flows, "check_options", refuse)
    for _ in range(16):
        if board.lcd_lines()[1].startswith(">Start"):
            break
        board.press(OK)
    events = board.press(OK)
    assert any(getattr(e, "detail", "") == "no such option" for e in events), events
    assert ctl.mode == MODE_MAIN and ctl.match is None
    board.press(NEXT)
    assert board.lcd_lines()[0].startswith("trickref")

"""What players read on the board's LCD after the Skat discard and while a revoke waits for
the declarer's hand: titles that ask what the table does now, seats named as every other
screen names them (the pads' P1..Pn, device/seating.py), in each of the four languages.

Every test drives the emulated board as a table does (the menus with the buttons, hands
unknown, cards laid on the pads) and reads the LCD's rows back from its DDRAM."""

import pytest

from core.cards import SKAT
from device import words
from host_sim.autoplay import table_player

LONG = 900  # a long press of OK: back / take back
p = SKAT.parse

# The contract menu's title after the discard, and the discard's own, as the LCD writes
# them (device/words_*.py through device.words.lcd).
ASK = {"en": ("P2 discard 2", "P2: game?"), "de": ("P2 drueckt 2", "P2: Spiel?"),
       "fr": ("P2 ecarte 2", "P2: contrat?"), "uk": ("P2 skydaie 2", "P2: hra?")}


@pytest.fixture
def speak():
    """Set the LCD's language (conftest's ``_english_after`` puts English back)."""
    return words.set_language


def _skat(cols=16, rows=2):
    """Skat, 3 players, first deal: P1 deals, forehand sits at P2 (docs/usage.md)."""
    t = table_player("skat", 3, seed=1, cols=cols, rows=rows)
    t.start()
    return t


@pytest.mark.parametrize("size", [(16, 2), (20, 4)])
@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_contract_menu_asks_for_the_game_once_the_declarer_moves_on(speak, lang, size):
    """P2 wins the auction and picks up: the LCD asks P2 to discard two. The board cannot
    see the two cards put away; the declarer's first button press in the menu says he
    is choosing his game: from then on the menu is titled with the contract question
    (it kept "P2 discard 2" over every game before), also after a look into a game's
    announce menu and back."""
    speak(lang)
    t = _skat(*size)
    b = t.board
    b.choose("P2 declarer")
    b.choose("18")
    b.choose("Pick up skat")
    discard, game = ASK[lang]
    assert b.lcd_lines()[0].startswith(discard)
    b.press(1)  # NEXT: the skat is down, the declarer looks through the games
    rows = b.lcd_lines()
    assert rows[0].startswith(game) and discard not in " ".join(rows)
    assert [r.rstrip() for r in rows if r.startswith(">")] == [">" + words.lcd(words.tr("Gruen"))]
    if size == (16, 2):  # the cursor's position still fits beside the title
        assert rows[0].rstrip().endswith("2/7")
    b.choose("Grand")  # into the announce menu, then up again with a long press
    b.press(2, hold_ms=LONG)
    assert b.lcd_lines()[0].startswith(game)
    b.choose("Grand")
    b.choose("Plain")
    assert t.ctl.app.referee.deal.contract.kind == 4  # the grand was declared


def test_hand_game_contract_menu_names_the_declarer():
    """A hand game's contract menu asks the same question ("P2: game?"), not a bare
    "Contract" with nobody named."""
    t = _skat()
    b = t.board
    b.choose("P2 declarer")
    b.choose("18")
    b.choose("Hand game")
    assert b.lcd_lines()[0].startswith("P2: game?")

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


# Fault 2: a defender's revoke proven at a table where the deal's seats and the table's
# labels differ (P1 deals: forehand is P2, middlehand P3, rearhand P1).
REVOKE = {"en": "P3 revoke", "de": "P3 nicht bedient", "fr": "P3 renonce",
          "uk": "P3 renons"}


def _revoke_at_the_table(t):
    """P2 (forehand) plays a grand hand at 18; P3 (middlehand) shows no leaves in trick 1
    and plays a leaves card in trick 2: the revoke is proven, the game ends (ISkO
    4.1-4.2) and the board asks P2 for the 8 cards left in his hand."""
    b = t.board
    b.choose("P2 declarer")
    b.choose("18")
    b.choose("Hand game")
    b.choose("Grand")
    b.choose("Plain hand")
    for pad, code in ((1, "SA"), (2, "H7"), (0, "S7"), (1, "SK")):
        t.lay(pad, p(code))
    return t.lay(2, p("S8"))


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_waiting_for_the_hand_names_the_revoking_seat_as_the_table_does(speak, lang):
    """The screen that asks for the declarer's hand names the seat that revoked as the
    revoke screen and the result do ("P3"), also when it is shown again (back from the
    table menu), in the table's language: it said "revoke P2" (the rules core's
    middlehand, counted from 1), in English whatever the language."""
    speak(lang)
    t = _skat()
    b = t.board
    events = _revoke_at_the_table(t)
    assert [type(e).__name__ for e in events][-2:] == ["RevokeFound", "Awaiting"]
    rows = [r.rstrip() for r in b.lcd_lines()]
    assert rows[0].startswith("P3 ") and rows[1].startswith(words.lcd(words.tr("lay hand")))
    b.press(2)  # OK: the table menu, then back to play: the board asks again
    b.choose("Back to play")
    assert [r.rstrip() for r in b.lcd_lines()] == [REVOKE[lang], rows[1]]
    t.lay(1, p("CJ"))  # the declarer's first card of the eight: the screen goes on
    for code in "DA DT DK DQ D9 D8 D7".split():
        t.lay(1, p(code))
    for code in ("HA", "HT"):  # the skat
        t.lay(1, p(code))
    res = t.ctl.result
    assert (res.won, res.value, t.ctl.app.referee.deal.violation) == (True, 72, (1, "revoke", 0))
    assert REVOKE[lang] in [r.rstrip() for r in t.ctl.view().lines]  # the result's row


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_request_for_an_open_hand_fits_16_columns(speak, lang):
    """P2 declares a grand ouvert hand: the board asks for his 10 cards on the last row,
    whole on a 16x2 ("lay hand (10)"); German and French cut it ("Hand auflegen (1")."""
    speak(lang)
    t = _skat()
    b = t.board
    b.choose("P2 declarer")
    b.choose("18")
    b.choose("Hand game")
    b.choose("Grand")
    b.choose("Ouvert")
    ask = words.lcd(words.tr("lay hand")) + " (10)"
    assert len(ask) <= 16 and b.lcd_lines()[1].rstrip() == ask

"""What players read on the board's LCD after the Skat discard and while an early end (a
revoke, a resignation...) waits for the declarer's hand: titles that ask what the table
does now, reasons in the table's words, seats named as every other screen names them (the
pads' P1..Pn, device/seating.py), in each of the four languages.

Every test drives the emulated board as a table does (the menus with the buttons, hands
unknown, cards laid on the pads) and reads the LCD's rows back from its DDRAM."""

import pytest

from core.cards import SKAT, TAROT, TRUMP
from device import words
from host_sim.autoplay import table_player

LONG = 900  # a long press of OK: back / take back
p = SKAT.parse

# The contract menu's title after the discard, and the discard's own, as the LCD writes
# them (device/words_*.py through device.words.lcd).
ASK = {"en": ("P2 discard 2", "P2: game?"), "de": ("P2 drueckt 2", "P2: Spiel?"),
       "fr": ("P2 ecarte 2", "P2: contrat?"), "uk": ("P2 skydaie 2", "P2: hra?")}


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


# Fault 3: French Tarot's misère note names the seat as the players do (P1..P5).

def test_a_refuted_misere_is_noted_with_the_seat_the_lcd_named(speak, monkeypatch):
    """Tarot at four with the house rule misère (tests/test_tarot_home_evening.py's
    evening, its second deal dealt by P2): P1 says "misère de têtes" from the table menu, the LCD showing
    "Misere tetes P1", then plays a face card: the board refutes it, and the deal's note
    names "P1", as the menu did (the rules core wrote "seat 0", counting from 0); the
    simulator's panel says it in the table's language with the same seat."""
    import re

    from host_sim import i18n
    from host_sim.script import run_script
    from host_sim.ui.words import tarot_note_words
    from test_tarot_home_evening import EVENING, OPTIONS, _deal_script, booked_results
    lines1, _ = _deal_script(*EVENING[0])
    lines2, _ = _deal_script(*EVENING[1])
    booked = booked_results(monkeypatch)
    board = run_script("\n".join(lines1 + lines2), "tarot", 4, out=lambda line: None,
                       options=OPTIONS)
    assert any(r.rstrip() == ">Misere tetes P1" for f in board.transcript for r in f)
    notes = [n for n in booked[1].notes if "refuted" in n]
    assert len(notes) == 1 and re.fullmatch(r"P1's misère refuted by (\S+): no prime",
                                            notes[0]), notes
    card = notes[0].split(" by ")[1].split(":")[0]
    assert TAROT.suit(TAROT.parse(card)) < TRUMP and TAROT.rank(TAROT.parse(card)) >= 10

    def name(seat):  # the deal's seats as the table labels them (dealer P2: the same)
        return "P%d" % (seat + 1)
    assert tarot_note_words(notes[0], name, TAROT).startswith("P1's misère refuted by ")
    speak("de")
    i18n.set_language("de")
    assert tarot_note_words(notes[0], name, TAROT).startswith("Misère von P1 durch ")


def test_the_simulator_names_tarot_notes_seats_as_the_table_labels_them():
    """At five with the mort the deal's seats are not the pads: the panel names the seat
    of a refuted misère and of a deciding violation through the table's labels (here
    deal seat 0 sits at P3), never the rules core's "P1" of the deal."""
    from host_sim.ui.words import tarot_note_words

    def name(seat):  # the mort is P2: deal seat 0 sits at P3, ..., deal seat 3 at P1
        return "P%d" % ((seat + 2) % 5 + 1)
    assert tarot_note_words("P1's misère refuted by 1: no prime", name, TAROT) == \
        "P3's misère refuted by T1: no prime"
    assert tarot_note_words("revoke by P4: the attack loses the deal", name, TAROT) == \
        "revoke by P1: the attack loses the deal"


# Fault 4: why the board asks for the declarer's hand (or the skat) after an early end,
# in the table's language and whole on 16 columns; they were the rules core's English
# sentences whatever the language, the last two cut ("null: declarer t", "schwarz
# announce"). Each case: the contract chosen (P2 hand game at 18), the cards laid (pad,
# card), the table menu's item that ends the play (or None), the LCD's last row.
EARLY_ENDS = {
    "resigned": (("Grand", "Plain hand"), ((1, "SA"), (2, "S7"), (0, "S8")), "P2 resigns",
                 ("lay hand", 9)),
    "defender left": (("Grand", "Plain hand"), ((1, "SA"), (2, "S7"), (0, "S8")), "P3 left",
                      ("lay hand", 9)),
    "ouvert": (("Grand", "Ouvert"), (), None, ("lay hand", 10)),
    "null": (("Null", "Null"), ((1, "SA"), (2, "S7"), (0, "S8")), None, ("scan skat", 2)),
    "schwarz": (("Grand", "Schwarz ann."), ((1, "S7"), (2, "SA"), (0, "S8")), None,
                ("lay hand", 9)),
}
WHY = {"resigned": ("resigned", "aufgegeben", "abandon", "zdavsia"),
       "defender left": ("a defender left", "Gegenspieler weg", "defenseur parti",
                         "zakhysnyk pishov"),
       "ouvert": ("ouvert declared", "Ouvert angesagt", "ouvert annonce", "Ouvert zaiavleno"),
       "null": ("declarer's trick", "Spieler sticht", "pli du declarant", "vziatka hravtsia"),
       "schwarz": ("schwarz missed", "Schwarz verfehlt", "schwarz manque", "Shvarts zirvano")}


@pytest.mark.parametrize("size", [(16, 2), (20, 4)])
@pytest.mark.parametrize("lang", words.LANGUAGES)
@pytest.mark.parametrize("case", sorted(EARLY_ENDS))
def test_why_the_board_asks_for_cards_after_an_early_end(speak, case, lang, size):
    """P2 (forehand) plays a hand game; the play ends early (the declarer resigns, a
    defender leaves, schwarz announced and the defenders take trick 1, the null declarer
    takes trick 1) or the ouvert hand is due: the LCD's first row says why in the table's
    language, whole, also when the screen comes back from the table menu; the last row
    asks for the cards."""
    speak(lang)
    contract, cards, item, (ask, count) = EARLY_ENDS[case]
    t = _skat(*size)
    b = t.board
    b.choose("P2 declarer")
    b.choose("18")
    b.choose("Hand game")
    for label in contract:
        b.choose(label)
    for pad, code in cards:
        t.lay(pad, p(code))
    if item is not None:
        b.press(2)  # OK: the table menu
        b.choose(item)
    why = WHY[case][words.LANGUAGES.index(lang)]
    want = [why] + [""] * (size[1] - 2) + ["%s (%d)" % (words.lcd(words.tr(ask)), count)]
    assert len(why) <= 16 and [r.rstrip() for r in b.lcd_lines()] == want
    b.press(2)  # the table menu, then back to play: the board asks again, saying why
    b.choose("Back to play")
    assert [r.rstrip() for r in b.lcd_lines()] == want

"""Issue 20: the deck's look chosen in the board's menus (device/looks.py). Through the
emulated board: the main menu's "Deck look" sets Skat to the French-suited tournament
deck (ISkO 1.1), kept on flash in look.txt; after a power cut the board still uses it;
the LCD then writes cards with the French suit signs and English letters (``♣J``), where
the default Prager deck (seed 003) writes ``EU``; the simulator draws its cards in the
look in use."""

import pygame
import pytest

from core.cards import deck_named
from core.errors import TrickrefError
from core.vocab import Vocabulary
from device import looks
from host_sim.autoplay import table_player
from host_sim.ui.cards import draw_card


def _choose_look(p, deck_title, look_label):
    b = p.board
    b.choose("Deck look")
    b.choose(deck_title)
    b.choose(look_label)
    b.run(50)


def _first_card_line(p):
    """The LCD row naming the first card laid in the first deal."""
    rows = []
    p.on_trick = None
    for step in p.script(1):
        if step[0] == "start":
            p._choose_game()
        elif step[0] == "card":
            p._run_step(step)
            rows = p.board.lcd_lines()
            return rows[0].strip(), step
        else:
            p._run_step(step)
    raise AssertionError("no card laid")


def test_menu_look_kept_on_flash_and_shown_on_the_lcd(tmp_path):
    flash = str(tmp_path)
    p = table_player("skat", 3, seed=4, flash=flash)
    p.power_on()
    p.board.run(50)
    _choose_look(p, "Skat", "French")
    assert (tmp_path / "look.txt").read_text() == "skat=french\n"
    assert looks.look("skat") == "french"
    looks.use("skat", None)  # as after a power cut: RAM forgotten, the flash read back
    p2 = table_player("skat", 3, seed=4, flash=flash)
    p2.power_on()
    assert looks.look("skat") == "french"
    line, step = _first_card_line(p2)
    card = step[2]
    french = Vocabulary(deck_named("skat"), "french").short(card)  # "♣J"
    assert line.endswith(" " + french), (line, french)
    # the default Prager deck names the same card in its own marks
    german = Vocabulary(deck_named("skat"), "german").short(card)
    assert german != french and german[0] in "EGHS"


def test_menu_marks_the_look_in_use():
    p = table_player("tarot", 4, seed=1)
    p.power_on()
    p.board.run(50)
    b = p.board
    b.choose("Deck look")
    b.choose("Tarot")
    assert any("Marseille *" in l for l in b.lcd_lines())
    b.choose("Nouveau")
    assert looks.look("tarot") == "nouveau"


def test_bad_look_file_leaves_the_default(tmp_path):
    (tmp_path / "look.txt").write_text("skat=nouveau\ntarot=nouveau\nbridge=x\nskat")
    assert looks.load(str(tmp_path)) == {"tarot": "nouveau"}
    assert looks.look("skat") is None
    with pytest.raises(TrickrefError, match="marseille, nouveau"):
        looks.use("tarot", "german")
    assert looks.look("tarot") == "nouveau"


def _face(deck, card, look):
    s = pygame.Surface((80, 120))
    draw_card(s, pygame.Rect(0, 0, 80, 120), deck, card, Vocabulary(deck, look))
    return pygame.image.tobytes(s, "RGB")


def test_simulator_draws_the_look_in_use():
    skat = deck_named("skat")
    ober = skat.parse("SQ")  # the Grün-Ober of the Prager deck, the queen of spades
    assert _face(skat, ober, "german") != _face(skat, ober, "french")
    tarot = deck_named("tarot")
    assert _face(tarot, tarot.parse("H1"), "marseille") != \
        _face(tarot, tarot.parse("H1"), "nouveau")
    # trumps carry their number in both looks: the same picture
    assert _face(tarot, tarot.parse("21"), "marseille") == \
        _face(tarot, tarot.parse("21"), "nouveau")
    looks.use("skat", "french")  # the look the board uses is the pictures' default
    s = pygame.Surface((80, 120))
    draw_card(s, pygame.Rect(0, 0, 80, 120), skat, ober)
    assert pygame.image.tobytes(s, "RGB") == _face(skat, ober, "french")


def _in_a_deal(game, players, steps, **kw):
    """A TablePlayer ``steps`` script steps into its first deal (cards laid, choices
    entered through the board's menus)."""
    p = table_player(game, players, seed=1, **kw)
    p.start()
    done = 0
    for step in p.script(1):
        if step[0] == "start":
            continue
        p._run_step(step)
        done += 1
        if done == steps:
            return p
    raise AssertionError("the deal ended first")


def _menu_rows(b, title, n):
    """The item rows of the menu ``title`` (n items), walked with NEXT once round."""
    rows = []
    for _ in range(n):
        assert b.lcd_lines()[0].startswith(title), b.lcd_lines()
        rows.append(b.lcd_lines()[1].rstrip())
        b.press(1)
    return rows


def test_the_language_menu_marks_the_choice_and_continue_speaks_it_at_once():
    """The board's "Language" menu marks the language in use with "*" (as "Deck look"
    marks its look); after choosing Deutsch mid-deal, "Continue game" redraws the table
    in German at once ("Felder frei / kommt: P1", device/words_de.py), not the English
    "pads clear / lead: P1", and the deal's screens name cards in German from then on."""
    from device import words
    try:
        p = _in_a_deal("magistr", 3, 4)
        b = p.board
        b.press(2)
        b.choose("Main menu")
        b.choose("Language")
        assert _menu_rows(b, "Language", 4) == [">English *", ">Deutsch", ">Francais",
                                               ">Ukrainska"]
        b.choose("Deutsch")
        b.choose("Language")  # the main menu in German: "Sprache"
        assert _menu_rows(b, "Sprache", 4) == [">English", ">Deutsch *", ">Francais",
                                              ">Ukrainska"]
        b.choose("Deutsch")
        b.choose("Continue game")
        assert b.lcd_lines() == ["Felder frei     ", "kommt: P1       "], b.lcd_lines()
        assert p.ctl.app.screens.vocab.lang == "de"
    finally:
        words.set_language("en")


def test_continue_in_english_names_who_plays():
    """The same way back to the table in English: where play stands, "pads clear / lead:
    P1" between two tricks (the words the German test above replaces), not the game's
    title."""
    p = _in_a_deal("magistr", 3, 4)
    b = p.board
    b.press(2)
    b.choose("Main menu")
    b.choose("Continue game")
    assert b.lcd_lines() == ["pads clear      ", "lead: P1        "], b.lcd_lines()


def test_continue_before_the_first_card_names_the_game_in_the_tables_language(speak):
    """Back to the table after the écart, before the first card: the game's title and who
    leads, the title in the table's language ("Taro" in Ukrainian: the catalogue's
    "French Tarot|Таро"; it was English on every table)."""
    p = _in_a_deal("tarot", 4, 5)
    b = p.board
    speak("uk")
    b.press(2)
    b.choose("Main menu")
    b.choose("Continue game")
    assert b.lcd_lines() == ["Taro            ", "khid: P2        "], b.lcd_lines()

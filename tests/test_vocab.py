"""Issue 20: one vocabulary per deck, look and language (core/vocab.py), the LCD's words
per language (device/words.py) and the language kept on flash (device/language_menu.py).
Card names from seed 003 (the Prager-pattern Skat deck: Eichel, Grün, Herz, Schellen;
Unter, Ober, König, Daus), the FFT rulebook 2012 p.2 (trumps 1-21, the Excuse) and the
seeds 000/001 (the 36-card deck)."""

import re

import pytest

from core.cards import FRENCH36, SKAT, TAROT
from core.errors import IllegalPlay, TrickrefError
from core.vocab import LANGUAGES, LOOKS, Vocabulary
from device import language_menu, words
from device.words_latin import latin
from host_sim.words_catalogue import catalogue, forms


def test_grun_daus_is_never_a_queen_of_spades():
    # ISS "SA" is the Grün-Daus of the German-suited deck (docs/analysis/skat.md s.1)
    card = SKAT.parse("SA")
    de = Vocabulary(SKAT, "german", "de")
    assert (de.short(card), de.name(card)) == ("GD", "Grün-Daus")
    assert Vocabulary(SKAT, "german", "en").name(card) == "Deuce of Leaves"
    assert de.text("♠D top of suit") == "GD top of suit"  # core's own notation rewritten
    assert de.lcd(card) == "\x01D"  # the leaf glyph in CGRAM slot 1
    # the tournament deck: the same card is the ace of spades, in each language's letters
    assert [Vocabulary(SKAT, "french", l).short(card) for l in LANGUAGES] == \
        ["♠A", "♠A", "♠A", "♠Т"]
    assert Vocabulary(SKAT, "french", "de").name(SKAT.parse("CJ")) == "Kreuz-Bube"


def test_tarot_trumps_by_number_and_the_excuse_named():
    en = Vocabulary(TAROT, "nouveau", "en")
    assert en.short(TAROT.parse("21")) == "21" and en.lcd(TAROT.parse("1")) == "1"
    assert en.name(TAROT.parse("21")) == "Trump 21"
    assert Vocabulary(TAROT, None, "fr").name(TAROT.parse("21")) == "Atout 21"
    assert en.short(TAROT.parse("EX")) == "Exc" and en.name(TAROT.parse("EX")) == "Excuse"
    # no "T" for a trump anywhere: the LCD's "T3" is the third trick
    assert not any(TAROT.short(c).startswith("T") for c in range(len(TAROT)))
    mars = Vocabulary(TAROT, "marseille", "en")
    assert mars.text("♥R top of suit; EX") == "CK top of suit; Exc"  # King of Cups
    assert mars.name(TAROT.parse("HK")) == "King of Cups"


def test_every_deck_look_and_language_names_every_card_apart():
    for deck in (SKAT, TAROT, FRENCH36):
        for look in LOOKS[deck.name]:
            for lang in LANGUAGES:
                v = Vocabulary(deck, look, lang)
                for form in (v.short, v.name, v.lcd):
                    labels = [form(c) for c in range(len(deck))]
                    assert len(set(labels)) == len(deck), (deck.name, look, lang, form)
                assert all(" " <= ch <= "~" or ch < "\x04"
                           for c in range(len(deck)) for ch in v.lcd(c))


def test_unknown_look_or_language_is_an_error_naming_it():
    with pytest.raises(TrickrefError, match="no 'nouveau' look"):
        Vocabulary(SKAT, "nouveau")
    with pytest.raises(TrickrefError, match="'pl'"):
        Vocabulary(FRENCH36, None, "pl")


def test_errors_name_seats_as_the_lcd_does():
    from core.games import tarot
    deal = tarot.Game(4).new_deal(0, None)
    with pytest.raises(IllegalPlay, match="P2 speaks now"):
        deal.bid(0, "prise")  # dealer 0: P2 (seat 1) speaks first


def _refusal(act):
    with pytest.raises(IllegalPlay) as e:
        act()
    return e.value.detail


def test_auction_push_and_bid_refusals_count_seats_from_1():
    """The Skat auction, the Schieberamsch's push and Zhopa's bids named seats "seat N"
    from 0 while every other rules sentence says "P1".. (deal seats counted from 1; the
    board's link renames them as the table's pads, device.seating.name_seats)."""
    from core.games import skat, zhopa
    deal = skat.Game().new_deal()  # middlehand (deal seat 1) bids to forehand first
    assert _refusal(lambda: deal.bid(0, 18)) == "P2 speaks now in the auction"
    assert _refusal(lambda: deal.hold(1)) == "P2 has no bid to hold"
    deal.bid(1, 18)
    assert _refusal(lambda: deal.bid(0, 20)) == "P1 answers yes or pass, not a number"
    push = skat.Game(ramsch="schieberamsch").new_deal()
    for seat in (1, 2, 0):  # all pass: forehand holds the skat
        push.pass_(seat)
    assert _refusal(lambda: push.pass_skat(1)) == "P1 has the skat now"
    bids = zhopa.Game(3).new_deal(dealer=2, number=2)  # P1 (seat 0) bids first
    assert _refusal(lambda: bids.bid(1, True)) == "P1 bids now, not P2"
    assert _refusal(lambda: bids.bid("x", True)) == "P1 bids now, not 'x'"


def test_reasons_in_every_language(speak):
    from core.events import MUST_FOLLOW
    got = []
    for lang in words.LANGUAGES:
        speak(lang)
        got.append(words.lcd(words.reason(MUST_FOLLOW)))
    assert got == ["must follow suit", "Farbe bedienen", "fournir couleur", "khodit u mast"]
    assert words.reason("no-such-code") == "no-such-code"  # shown, never hidden
    with pytest.raises(ValueError, match="'xx'"):
        words.set_language("xx")
    assert words.language() == "uk"


@pytest.mark.parametrize("lang", ["de", "fr", "uk"])
def test_every_trick_reason_has_words_in_every_language(lang):
    """Why a trick was taken, as each game's rules core words it after its card (Skat,
    Tarot: core.games.*.trick_reason) or as a whole sentence (the bank games' formats,
    Tarot's Excuse), is in every catalogue: the LCD and the link panel say it in the
    table's language (device.words.rules), never the rules' English ("Excuse: chelem"
    was missing in all three)."""
    from core.games.bank import _PHRASES
    table = catalogue(lang)
    phrases = ["top of suit", "highest trump", "top trump", "Excuse: chelem",
               "%s led, nobody beat it", "%s stands: %s beat %s, not %s"]
    phrases += ["%s beats %s: " + p + ("%s" if p.endswith("now ") else "")
                for p in _PHRASES if p]
    assert [p for p in phrases if p not in table] == []


def test_translations_keep_the_format_fields():
    for lang in ("de", "fr", "uk"):
        table = catalogue(lang)
        for english, said in table.items():
            for form in forms(said):  # a count's plural forms (device.words.plural)
                assert re.findall(r"%[sd+]", english) == re.findall(r"%[sd+]", form), \
                    (lang, english, said)


@pytest.mark.parametrize("lang", ["de", "fr", "uk"])
def test_a_phrase_is_found_whole_in_the_catalogue_string(speak, lang):
    """``words.tr`` finds a phrase in the language's one string (``English|words``
    lines): every phrase gives its own words, and a part of a phrase, a phrase with a
    neighbour's text or a ``|`` gives the English back, never a neighbour's words
    ("lift" is not "lift; ", "scan %d cards" is not "Scan %d cards")."""
    table = catalogue(lang)
    assert len(table) > 200
    speak(lang)
    assert {english: words.tr(english) for english in table} == table
    assert table["lift; "] != table["lift them"]  # the trailing space is the phrase's
    for english in table:
        said = table[english]
        for near in (english[:-1], english[1:], english + " ", english + "|",
                     english + "|" + said, "\n" + english, english.swapcase()):
            assert words.tr(near) == table.get(near, near), (english, near)
    assert words.tr("Scan %d cards") == table["Scan %d cards"]
    assert words.tr("scan %d cards") == table["scan %d cards"]


def test_a_catalogue_line_that_is_not_a_phrase_is_refused(monkeypatch):
    """A catalogue with a line that has no ``|``, two of them, an empty side, other
    ``%`` fields than the English, an empty line, or an English phrase given twice is
    refused naming the line (the board would find only the first); one that does not
    start and end with a line break (``tr`` would miss its first phrase and cut its
    last) or holds a carriage return is refused whole."""
    import device.words_de as de
    for bad in ("\nno bar here\n", "\na|b|c\n", "\nplay|x\nplay|y\n", "\n|x\n",
                "\nlost|\n", "\nscan %s|scannen\n", "\nT%d %s|%s S%d\n", "\nwon|a\n\nlost|b\n",
                "\nécart|Écart\n"):
        monkeypatch.setattr(de, "WORDS", bad)
        with pytest.raises(ValueError, match="words_de: bad line"):
            catalogue("de")
    for bad in ("won|gewonnen\n", "\nlost|verloren", "\nwon|gewonnen\r\n"):
        monkeypatch.setattr(de, "WORDS", bad)
        with pytest.raises(ValueError, match="starts and ends with a line break"):
            catalogue("de")
    with pytest.raises(ValueError, match="'xx'"):
        catalogue("xx")
    assert catalogue("en") == {}


def test_lcd_alphabet():
    # German fallback spelling, French without accents, Ukrainian KMU 2010
    assert latin("Grün, Herz, König, Spielliste, Größe") == "Gruen, Herz, Koenig, Spielliste, Groesse"
    assert latin("écart, Excuse, maître") == "ecart, Excuse, maitre"
    assert latin("Жопа, Магістр, Щука") == "Zhopa, Mahistr, Shchuka"
    assert latin("\x01D ✓") == "\x01D ?"


def test_language_kept_on_flash(tmp_path, speak):
    store = str(tmp_path)
    language_menu.save(store, "fr")
    words.set_language("en")
    assert language_menu.load(store) == "fr"
    assert words.tr("New game") == "Nouvelle partie"
    (tmp_path / "lang.txt").write_text("zz")  # a code this firmware does not know
    words.set_language("de")
    assert language_menu.load(store) == "de"  # kept, the boot goes on
    assert language_menu.load(None) == "de"


def test_simulator_plays_in_french(tmp_path, capsys, speak):
    """`trickref sim --lang fr`: the computers find their way through the French menus
    and play the README's Tarot deal to the same result (P2's prise made 46/41, the
    board's result line "reussi 46/41"); the LCD speaks French meanwhile (its menu rows read back through device.words)."""
    pytest.importorskip("pygame")
    from host_sim.cli import main
    shot = str(tmp_path / "fr.png")
    assert main(["sim", "--game", "tarot", "--players", "4", "--seed", "2", "--human",
                 "none", "--computer", "plain", "--headless", "--lang", "fr",
                 "--screenshot", shot]) == 0
    # the simulator's own words in French (host_sim/locale), the result as the LCD has it
    assert "donne 1 : P2 prise | reussi 46/41" in capsys.readouterr().out
    assert words.language() == "fr" and words.tr("New game") == "Nouvelle partie"


def test_a_board_writes_every_language_as_the_desktop_twin_does():
    """Every phrase of the German, French and Ukrainian tables transliterated under
    MicroPython (the unix port, .mpy as a board loads them) equals the desktop twin's.
    MicroPython's ``str.lower`` leaves Cyrillic capitals as they are: the board wrote
    "?ova hra" for "Нова гра" and "?as" for "Пас" while the twin wrote "Nova hra"."""
    from mpy import run_mp
    out = run_mp("check_words.py", heap="512K")  # the catalogues as dicts: a tool's heap, not a board's
    board = [line.split(" ", 3)[3] if line.count(" ") >= 3 else ""
             for line in out.splitlines() if line.startswith("W ")]
    twin = []
    for lang in ("de", "fr", "uk"):
        table = catalogue(lang)
        twin.extend(latin(table[english]) for english in sorted(table))
    assert len(board) == len(twin) > 500
    assert board == twin
    assert latin("Нова гра, Пас, НЕ збережено:") == "Nova hra, Pas, NE zberezheno:"

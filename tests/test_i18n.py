"""Issue 20: the simulator's and the console's own sentences in German, French and
Ukrainian (host_sim/i18n.py, gettext catalogues under host_sim/locale, Babel)."""

import os
import re
import shutil

import pytest

from core import protocol as P
from host_sim import i18n
from host_sim.console import describe

babel = pytest.importorskip("babel")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST_SIM = os.path.join(ROOT, "host_sim")
FIELD = re.compile(r"%(?:\.\d+)?[dsf]")


def _source_messages():
    """Every message of host_sim/ the way ``make catalogs`` extracts it."""
    out = set()
    for _f, _l, msg, _c, _x in extract_from_dir(
            HOST_SIM, method_map=[("**.py", "python")],
            keywords={"_": None, "ngettext": (1, 2)}):
        out.add(msg)
    return out


def _po(lang):
    with open(os.path.join(i18n.LOCALE_DIR, lang, "LC_MESSAGES", "trickref.po"), "rb") as f:
        return read_po(f)


@pytest.mark.parametrize("lang", ["de", "fr", "uk"])
def test_every_sentence_translated_with_the_same_fields(lang):
    """Each message the code asks for has a translation in the committed .po, keeping
    the %-fields in their order (a missing field would raise in the running program)."""
    cat = _po(lang)
    wanted = _source_messages()
    assert len(wanted) > 60
    for msg in wanted:
        key = msg[0] if isinstance(msg, tuple) else msg
        m = cat.get(key)
        assert m is not None and not m.fuzzy, (lang, msg)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        ids = msg if isinstance(msg, tuple) else (msg,)
        for s in strings:
            assert s, (lang, msg)
            assert FIELD.findall(s) == FIELD.findall(ids[-1]), (lang, msg, s)


@pytest.mark.parametrize("lang", ["de", "fr", "uk"])
def test_no_message_the_code_no_longer_asks_for(lang):
    """The committed .po keeps only the messages of host_sim/ (``make catalogs`` drops
    the others): a sentence the code stopped using (", the only legal card") is not left
    behind for translators to keep up."""
    wanted = {m[0] if isinstance(m, tuple) else m for m in _source_messages()}
    stale = sorted(m.id if isinstance(m.id, str) else m.id[0] for m in _po(lang)
                   if m.id and (m.id if isinstance(m.id, str) else m.id[0]) not in wanted)
    assert stale == [], (lang, stale)
    assert not _po(lang).obsolete, lang


def test_console_line_in_german_french_ukrainian():
    """A card played and a trick taken as the console writes them in each language."""
    card = P.Frame(3, P.EV_CARD, (1, "S7"))
    deal = P.Frame(4, P.EV_DEAL, (2, 0))
    assert describe(card) == "P2 plays S7"
    i18n.set_language("de")
    assert describe(card) == "P2 spielt S7"
    assert describe(deal) == "Spiel 2 beginnt, Geber P1"
    i18n.set_language("fr")
    assert describe(card) == "P2 joue S7"
    i18n.set_language("uk")
    assert describe(deal) == "роздача 2 починається, роздає P1"
    i18n.set_language("en")
    assert describe(deal) == "deal 2 starts, dealer P1"


def test_ukrainian_plurals_from_the_catalogue():
    """Ukrainian has three plural forms (CLDR): 1 and 21 взятка, 2-4 взятки, 5-20 взяток."""
    i18n.set_language("uk")
    said = [i18n.ngettext("%d trick", "%d tricks", n) % n for n in (1, 3, 5, 21)]
    assert said == ["1 взятка", "3 взятки", "5 взяток", "21 взятка"]


def test_missing_mo_is_compiled_from_the_po(tmp_path, monkeypatch):
    """A clean clone has no .mo: the catalogue comes from the .po, compiled in memory;
    a .mo older than its .po is not used either."""
    for lang in ("de", "fr"):
        d = tmp_path / lang / "LC_MESSAGES"
        d.mkdir(parents=True)
        shutil.copy(os.path.join(i18n.LOCALE_DIR, lang, "LC_MESSAGES", "trickref.po"), d)
    stale = tmp_path / "fr" / "LC_MESSAGES" / "trickref.mo"
    stale.write_bytes(b"not a catalogue")
    os.utime(stale, (1, 1))
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path))
    monkeypatch.setattr(i18n, "_cache", {})
    assert i18n.catalogue("de").gettext("to play: P%d") == "am Zug: P%d"
    assert i18n.catalogue("fr").gettext("to play: P%d") == "à jouer : P%d"
    assert not (tmp_path / "de" / "LC_MESSAGES" / "trickref.mo").exists()


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="'xx'"):
        i18n.set_language("xx")


def test_simulator_in_german_french_ukrainian(capsys):
    """The simulator's printed lines and its status line follow --lang."""
    pytest.importorskip("pygame")
    from host_sim.cli import main
    from host_sim.ui.app import SimApp
    assert main(["sim", "--headless", "--human", "none", "--game", "magistr", "--lang", "fr",
                 "--frames", "5", "--size", "800x600"]) == 0
    out = capsys.readouterr().out
    assert "trickref sim : Magistr, 2 joueurs, graine 1 ; vous jouez personne " \
           "(ordinateur seul)" in out, out
    assert "5 images, " in out
    i18n.set_language("de")
    sim = SimApp("skat", 3, seed=4, human=(0,), fixed_dt=17, size=(800, 600))
    try:
        sim.run(frames=5)
        assert sim.status_line().startswith("Skat, 3 Spieler   Spiel 1   Seed 4"), \
            sim.status_line()
    finally:
        sim.close()
    i18n.set_language("uk")
    assert i18n._("press Esc again to quit") == "натисніть Esc ще раз, щоб вийти"


@pytest.mark.parametrize("lang,buttons,title,quiet,petit", [
    ("de", ("< ZURÜCK", "WEITER >", "OK"), "Verbindungsverkehr  ", "Summer: still",
     "Petit au bout vom Angriff gewonnen: 10 x 1 = 10 von jedem Gegenspieler"),
    ("fr", ("< PRÉC.", "SUIV. >", "OK"), "Trafic de la liaison  ", "buzzer : silencieux",
     "Petit au bout gagné par l'attaque : 10 x 1 = 10 payés par chaque défenseur"),
    ("uk", ("< НАЗАД", "ДАЛІ >", "OK"), "Обмін по з'єднанню  ", "зумер: тихо",
     "Petit au bout дістається атаці: 10 x 1 = 10 з кожного захисника")])
def test_the_windows_own_labels_in_the_tables_language(lang, buttons, title, quiet, petit):
    """The window's button labels, the link panel's title, the buzzer line and the Tarot
    breakdown's petit au bout and chelem follow the table's language (seed 3 of French
    Tarot: P4's prise with the petit au bout to the attack, no chelem; test_sim_person
    has the English lines)."""
    pytest.importorskip("pygame")
    from host_sim.ui.app import SimApp
    from host_sim.ui.render import button_names, buzzer_words
    i18n.set_language(lang)
    try:
        assert button_names() == buttons
        assert buzzer_words(None) == quiet
        assert buzzer_words(i18n._("beep (card accepted)")) == \
            quiet.split(":")[0] + ": " + i18n._("beep (card accepted)")
        sim = SimApp("tarot", 4, seed=3, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
        try:
            assert sim.traffic_title.startswith(title), sim.traffic_title
            for _ in range(1000):
                if sim.results:
                    break
                sim.run(frames=20)
            shown = sim.result_shown()
            assert shown[3] == petit, shown
            assert shown[5] == i18n._("Chelem: none") != "Chelem: none", shown
        finally:
            sim.close()
    finally:
        i18n.set_language("en")


def test_the_status_line_draws_every_letter_of_the_catalogues():
    """The status line's font (host_sim.ui.render.Renderer.status_row, the bundled DejaVu
    Sans Mono) has a glyph for every character of the German, French and Ukrainian
    catalogues and every look's suit marks: none is drawn as the font's missing-glyph
    box, which pygame's default font draws for "№" (uk) and the suit signs."""
    pygame = pytest.importorskip("pygame")
    from core.cards import deck_named
    from core.vocab import LOOKS, Vocabulary
    from host_sim.ui.render import Renderer
    pygame.font.init()
    r = Renderer()

    def pixels(ch):
        size, rows = r.status_rows(ch, 10 ** 6)
        st = r.status_row(rows[0], size)
        return pygame.image.tobytes(st, "RGBA"), st.get_size()

    chars = set()
    for lang in ("de", "fr", "uk"):
        for m in _po(lang):
            for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
                chars |= set(s or "")
    for deck, looks in LOOKS.items():
        for look in looks:
            chars |= set(Vocabulary(deck_named(deck), look).suit_marks)
    assert {"№", "ї", "є", "ü", "é", "♣", "♦"} <= chars
    box = pixels("\ue000")  # a private-use code point: no font has it
    missing = sorted(c for c in chars if c.strip() and pixels(c) == box)
    assert missing == [], missing


@pytest.mark.parametrize("lang,poignee,own,defence,failed", [
    ("de", "Poignée P1 8 Trümpfe (Angriff) geht an den Angriff, der das Spiel gewinnt: "
           "20 von jedem Gegenspieler",
     "Poignée P1 8 Trümpfe (Angriff): 20, Prämie des Spielers, der sie zeigte (Hausregel)",
     ["Poignée P2 10 Trümpfe (Verteidigung) geht an die Verteidigung, die das Spiel "
      "gewinnt: 20 an jeden Gegenspieler",
      "Chelem von der Verteidigung gewonnen: 200 an jeden Gegenspieler"],
     "Chelem angesagt und verfehlt: 200 an jeden Gegenspieler"),
    ("fr", "Poignée P1 8 atouts (attaque) gagnée par l'attaque, qui gagne la donne : "
           "20 payés par chaque défenseur",
     "Poignée P1 8 atouts (attaque) : 20, prime propre au joueur qui l'a montrée "
     "(règle maison)",
     ["Poignée P2 10 atouts (défense) gagnée par la défense, qui gagne la donne : "
      "20 à chaque défenseur", "Chelem réussi par la défense : 200 à chaque défenseur"],
     "Chelem annoncé et chuté : 200 à chaque défenseur"),
    ("uk", "Пуаньє P1 8 козирів (атака) дістається атаці, яка виграє роздачу: "
           "20 з кожного захисника",
     "Пуаньє P1 8 козирів (атака): 20, власна премія гравця, що її показав "
     "(домашнє правило)",
     ["Пуаньє P2 10 козирів (захист) дістається захисту, який виграє роздачу: "
      "20 кожному захисникові", "Шлем взятий захистом: 200 кожному захисникові"],
     "Шлем оголошений і не взятий: 200 кожному захисникові")])
def test_the_tarot_primes_in_the_tables_language(lang, poignee, own, defence, failed):
    """The breakdown's poignée and chelem lines in each language, read as the petit au
    bout line (the camp that gets the prime, what each defender pays or gets; with
    partner=personal the prime of the player who showed the poignée): the rules core's
    deals of ``test_sim_person.tarot_primes_deals`` (English there)."""
    from core.cards import TAROT
    from host_sim.ui.words import tarot_result_words
    from test_sim_person import tarot_primes_deals
    i18n.set_language(lang)
    said = [tarot_result_words(r, lambda s: "P%d" % (s + 1), TAROT, game)[4:6]
            for game, r in tarot_primes_deals()]
    assert said[0][0] == poignee and said[1][0] == own
    assert said[3] == defence and said[6][1] == failed
    assert said[5][0] == said[4][0].replace("30 + 20 = 50", "40 + 20 = 60") != said[4][0]


def test_ukrainian_counts_agree_with_their_number(speak):
    """Found by testers: Ukrainian worded every count with one form ("64 очок", "3 карт",
    "32 міток"). A count's noun now follows the Ukrainian rule (mod 10, mod 100: 1 and 21
    очко, 2-4 and 22-24 and 64 очки, 5-20 and 25 очок) in the link panel's trick line,
    the Tarot breakdown (gettext's ngettext) and on the LCD (device.words.plural, the
    catalogue's forms split by "~"); a tarot half point takes the genitive singular."""
    from core.cards import TAROT
    from device import words
    from device.screens import Screens
    from host_sim.autoplay import table_player
    from host_sim.ui.words import tarot_result_words
    p = table_player("tarot", 4, seed=1)  # one oudler: 51 points needed
    r = p.play(1)[0][1]
    speak("uk")
    trick = [describe(P.Frame(5, P.EV_TRICK, (0, ["S7", "SA", "SK"], n, "")), "skat")
             for n in (1, 4, 11, 21, 25, 64)]
    assert [t.split("(")[1].split(")")[0] for t in trick] == [
        "1 очко", "4 очки", "11 очок", "21 очко", "25 очок", "64 очки"]
    assert describe(P.Frame(5, P.EV_TRICK, (0, ["1", "2", "3", "4"], 9, "")), "tarot") \
        .endswith("(4.5 очка): ")
    assert tarot_result_words(r, lambda s: "P%d" % (s + 1), TAROT)[1] == \
        "Удлерів: 1, отже потрібно 51 очко"
    lcd = Screens(TAROT)
    assert [lcd.lift_scanned(n)[0].rstrip() for n in (3, 6, 21)] == [
        "3 karty ok", "6 kart ok", "21 karta ok"]
    from device.resume import _KEPT, _LOST, _said  # the journal's notices at boot
    assert [words.lcd(words.plural(n, "%d tag", "%d tags")) % n for n in (32, 36, 78)] == \
        ["32 mitky", "36 mitok", "78 mitok"]
    # a unit's counting form for 5 and more (5 байт), as 5 digits fit 16 columns
    assert [_said((_LOST, n)) for n in (1, 2, 5, 12342)] == [
        "1 bait nema", "2 baity nema", "5 bait nema", "12342 baity nema"]
    speak("en")
    assert [_said((_KEPT, n)) for n in (1, 2)] == ["kept 1 deal", "kept 2 deals"]
    assert lcd.lift_scanned(6)[0].rstrip() == "6 cards taken"

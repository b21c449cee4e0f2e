"""Issue 20: the flows' own LCD lines in the table's language (device/words*.py). The same
seeded games are played through the emulated board in English and in German, French and
Ukrainian: the result and score-sheet lines the flows write ("made 59/41", "Deal 1 over",
"P1 banks 3"), the result's "OK: next deal" and the setup menus' questions and answers are
in that language, in the LCD's alphabet (ASCII, docs/languages.md); the numbers are the
same in every language. tests/test_screens_fit.py checks that they fit."""

import re

import pytest

from device import flows, words
from host_sim.words_catalogue import catalogue
from host_sim.autoplay import table_player

LANGS = ("de", "fr", "uk")

# The option answers and questions kept as the game's own terms in every language
# (docs/languages.md: Skat's and Tarot's terms stay the field's own).
TERMS = {"Ramsch", "Schieberamsch", "Kontra/Re", "Seeger-Fabian", "Misere",
         "20/30/40 (FFT)", "20/40/60", "Senior>junior"}


def _lines(game, players, lang, deals, seed=3):
    words.set_language(lang)
    p = table_player(game, players, seed=seed)
    shown = []
    orig = p._run_step

    def step(s):
        orig(s)
        if s[0] == "result":
            shown.append(list(p.result_lines))
    p._run_step = step
    p.play(deals)
    shown.append(p.ctl.flow.sheet_lines(p.ctl.match))
    return shown


def _numbers(lines):
    return [re.findall(r"[-+]?\d+", l) for l in lines]


# English line (a regular expression) -> the words each language writes for it
VERDICTS = [
    (r"made (\d+/\d+)", {"de": "gewonnen", "fr": "reussi", "uk": "vyhrano"}),
    (r"down (\d+/\d+)", {"de": "verloren", "fr": "chute", "uk": "prohrano"}),
    (r"Deal (\d+) over", {"de": "Spiel %s aus", "fr": "Donne %s finie",
                          "uk": "Pidsumok %s"}),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,players,deals", [("tarot", 4, 2), ("magistr", 3, 1),
                                                ("zhopa", 3, 1), ("skat", 3, 2)])
def test_result_and_sheet_lines_in_the_language(speak, game, players, deals, lang):
    en = _lines(game, players, "en", deals)
    other = _lines(game, players, lang, deals)
    assert len(en) == len(other)
    for i, (a, b) in enumerate(zip(en, other)):
        assert _numbers(a) == _numbers(b), (a, b)  # the same deal, the same figures
        if i < len(en) - 1:  # a result (the sheet last: Skat's has only figures and SF)
            assert a != b and b[-1] == words.say("OK: next deal") != a[-1], (a, b)
        for line in b:
            assert line == words.lcd(line), line  # the LCD's alphabet
        for en_line, line in zip(a, b):
            for pattern, said in VERDICTS:
                m = re.fullmatch(pattern, en_line)
                if m:
                    want = said[lang] % m.group(1) if "%s" in said[lang] \
                        else said[lang] + " " + m.group(1)
                    assert line == want, (en_line, line)


def test_tarot_verdict_seen(speak):
    """The example of the issue: Tarot's "made n/m" is on the result in French."""
    lines = [l for deal in _lines("tarot", 4, "fr", 2) for l in deal]
    assert any(re.fullmatch(r"reussi \d+/\d+|chute \d+/\d+", l) for l in lines), lines


@pytest.mark.parametrize("lang", LANGS)
def test_every_setup_question_and_answer_translated(speak, lang):
    """Every option menu's question and answer of every game and player count has words
    in ``lang`` (or is a term of the game kept on purpose: TERMS)."""
    speak(lang)
    table = catalogue(lang)
    missing = set()
    for name, _title, _mod in flows.GAMES:
        flow = flows.load(name)
        for players in flow.PLAYERS:
            chosen = {}
            for variant in (None, "own", "one", "two"):
                if variant is not None:
                    chosen = {"variant": variant}
                opts = flow.OPTIONS(players, chosen) if callable(flow.OPTIONS) \
                    else flow.OPTIONS
                for _key, question, answers in opts:
                    for label in (question,) + tuple(a[0] for a in answers):
                        if label in TERMS or re.fullmatch(r"[\d/ ]+(ct)?|P\d .*|"
                                                          r"\w+[+>]\w+", label):
                            continue
                        if label not in table:
                            missing.add(label)
                if flow.NAME in ("magistr", "zhopa") and chosen.get("variant") == "own":
                    assert opts[1][1] == words.tr("%s trump") % "P1" != "P1 trump"
    assert not missing, sorted(missing)


def _frames(game, players, lang, seed=3):
    """Every LCD frame of a seeded deal played through the board's menus in ``lang``
    (the scripts choose items by their English key: host_sim.board.on_item)."""
    words.set_language(lang)
    p = table_player(game, players, seed=seed)
    frames = []
    p.board.on_frame = lambda lines: frames.append([l.rstrip() for l in lines])
    p.play(1)
    return frames


# In-deal menu items made with a seat or a number: the format, and a row that shows one
ITEMS = [("skat", 3, "%s declarer", r">(P\d) declarer"),
         ("zhopa", 3, "Go (%d)", r">Go \((\d+)\)"), ("zhopa", 3, "No (%d)", r">No \((\d+)\)"),
         ("tarot", 4, "Scan %d cards", r">Scan (\d) cards")]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,players,fmt,row", ITEMS)
def test_in_deal_items_with_a_seat_or_number_in_the_language(speak, game, players, fmt,
                                                             row, lang):
    """The auction result's "P2 declarer", Zhopa's "Go (56)" / "No (..)" and the écart's
    "Scan 6 cards" are on the LCD in the table's language ("P2 spielt", "Geht (56)",
    "6 Kt. scannen"), the scripts still choose them (seed 3: the same deal is played),
    and no frame shows the English item."""
    en = [r for f in _frames(game, players, "en") for r in f]
    values = sorted({m.group(1) for r in en for m in [re.fullmatch(row, r)] if m})
    assert values, en  # the English run shows the item
    other = [r for f in _frames(game, players, lang) for r in f]
    for v in values:
        said = ">" + words.lcd(words.tr(fmt) % ((v,) if "%s" in fmt else (int(v),)))
        assert said != ">" + fmt % ((v,) if "%s" in fmt else (int(v),))
        assert said in other, (said, other)
    assert not [r for r in other if re.fullmatch(row, r)]


@pytest.mark.parametrize("lang,claim,resigns,left", [
    ("de", ">Rest an P1", ">P2 gibt auf", ">P3 weg"),
    ("fr", ">Reste a P1", ">P2 abandonne", ">P3 parti"),
    ("uk", ">Reshta: P1", ">P2 zdaietsia", ">P3 pishov")])
def test_skat_table_items_with_a_seat_in_the_language(speak, lang, claim, resigns, left):
    """The Skat table menu's "Claim (P1)", "P2 resigns", "P3 left" in the LCD's
    words; their English label stays the key scripts choose by."""
    from device.menu import Menu, MenuStack, filled
    speak(lang)
    for fmt, who, want in (("Claim (%s)", "P1", claim), ("%s resigns", "P2", resigns),
                           ("%s left", "P3", left)):
        item = filled(fmt, (who,))
        assert item.label == fmt % who
        assert MenuStack(Menu("Table", [item])).lines(16, 2)[1].rstrip() == want


@pytest.mark.parametrize("lang,ask,count", [
    ("de", ["6 Kt. scannen", "auf ein Feld"], "1/6 gescannt"),
    ("fr", ["scan 6 cartes", "sur un tapis"], "1/6 scannees"),
    ("uk", ["skanuvaty: 6", "na bud-iake pole"], "1/6 skanovano")])
def test_the_ecart_scan_screens_in_the_language(speak, lang, ask, count):
    """Tarot seed 3 (P4's prise, a chien of 6): the écart's "scan 6 cards / on any pad"
    and its count "scanned 1 of 6" on the LCD in the table's language (the phrases were
    filled before they were looked up, so they stayed English)."""
    frames = _frames("tarot", 4, lang)
    assert ask in frames, frames
    assert [count, ""] in frames
    assert not [f for f in frames if f[0].startswith(("scan 6 cards", "scanned "))]


# A poignée of 13 trumps scanned at the table: the request and the count as the LCD shows
# them (German "13 Karten scannen" and the two-digit counts "12 von 13 gescannt", "12 sur
# 13 scannees", "skanovano 12 z 13" were cut on 16 columns).
POIGNEE_SCAN = {"en": ("scan 13 cards", "scanned 12 of 13"),
                "de": ("13 Kt. scannen", "12/13 gescannt"),
                "fr": ("scan 13 cartes", "12/13 scannees"),
                "uk": ("skanuvaty: 13", "12/13 skanovano")}


def _prise_of_p2(rows=2):
    """Tarot seed 1 on a 16 x ``rows`` LCD: P2 takes a prise; the TablePlayer and its
    board, at the écart's menu."""
    t = table_player("tarot", 4, seed=1, rows=rows)
    t.start()
    for bid in ("Prise", "Pass", "Pass", "Pass"):
        t.board.choose(bid)
    return t, t.board


def _poignee_of_13(rows=2):
    """Tarot seed 1 on a 16 x ``rows`` LCD: P2 takes a prise, his écart not scanned, and
    before his first card asks in the table menu for a poignée of 13; the TablePlayer
    and its board, scanning."""
    t, b = _prise_of_p2(rows)
    b.choose("Not scanned")
    b.press(2)  # OK: the table menu
    b.choose("Poignee P2")
    b.choose("13")
    return t, b


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_a_poignee_scan_counts_whole_on_16_columns(speak, lang):
    """Tarot seed 1: P2 takes a prise, his écart not scanned; before his first card the
    table menu's "Poignee P2", 13 trumps: the board asks for 13 cards and counts them,
    each row whole on the 16x2 LCD, in the table's language."""
    from core.cards import TAROT
    speak(lang)
    t, b = _poignee_of_13()
    ask, count = POIGNEE_SCAN[lang]
    assert [r.rstrip() for r in b.lcd_lines()] == [ask, words.say("on any pad")]
    for trump in range(1, 13):
        b.play_card(1, t.tags.tag(TAROT.parse(str(trump))))
    assert [r.rstrip() for r in b.lcd_lines()] == [count, ""]


@pytest.mark.parametrize("lang,before,after,ecart", [
    ("en", ["scan 13 cards", "lay poignee (13)"], ["scanned 1 of 13", "lay poignee (12)"],
     ["scanned 1 of 6", "lay ecart (5)"]),
    ("de", ["13 Kt. scannen", "Poignee (13)"], ["1/13 gescannt", "Poignee (12)"],
     ["1/6 gescannt", "Ecart legen (5)"]),
    ("fr", ["scan 13 cartes", "poignee (13)"], ["1/13 scannees", "poignee (12)"],
     ["1/6 scannees", "poser ecart (5)"]),
    ("uk", ["skanuvaty: 13", "puanie (13)"], ["1/13 skanovano", "puanie (12)"],
     ["1/6 skanovano", "kladit ekart (5)"])])
def test_a_tarot_scan_resumed_asks_in_the_tables_words(speak, lang, before, after, ecart):
    """Tarot seed 1: back from the table menu in the middle of a scan, the LCD keeps
    asking for the cards on its last row; the poignée's read "scan announce (13)" (cut to
    16 columns) and the écart's "scan discard (5)", the referee's verbs, in every
    language. They are "lay poignee (13)" and "lay ecart (5)" in the table's words,
    whole on the 16x2 LCD with two-digit counts."""
    from core.cards import TAROT
    speak(lang)
    t, b = _poignee_of_13()
    for shown in (before, after):
        b.press(2)  # OK: the table menu, and back to play
        b.choose("Back to play")
        assert [r.rstrip() for r in b.lcd_lines()] == shown
        b.play_card(1, t.tags.tag(TAROT.parse("1")))
    t, b = _prise_of_p2()
    b.choose("Scan 6 cards")
    b.play_card(1, t.tags.tag(TAROT.parse("2")))
    b.press(2)
    b.choose("Back to play")
    assert [r.rstrip() for r in b.lcd_lines()] == ecart


@pytest.mark.parametrize("lang,beats,led,stands,eight", [
    ("en", "\x03Q beats \x036: higher card of the main suit", "\x036 led, nobody beat it",
     "\x036 stands: \x03K beat \x038, not \x036",
     "\x038 beats \x0110: an eight, main suit now \x01"),
    ("de", "\x03D schlaegt \x036: hoeher in der Hauptfarbe", "\x036 ausgespielt, keiner "
     "schlug sie", "\x036 bleibt: \x03K schlug \x038, nicht \x036",
     "\x038 schlaegt \x0110: eine Acht, Hauptfarbe jetzt \x01"),
    ("uk", "\x03D b'ie \x036: starsha karta holovnoi masti", "\x036 zaishla, nikhto ne pobyv",
     "\x036 stoit: \x03K pobyla \x038, a ne \x036",
     "\x038 b'ie \x0110: visimka, teper holovna mast \x01"),
])
def test_why_a_bank_trick_was_taken_in_the_language(speak, lang, beats, led, stands, eight):
    """Magistr's and Zhopa's trick reasons (core/games/bank.py ``reason``) name cards
    inside the sentence, so the LCD translates them as formats with the cards as their
    ``%s`` (device/screens.py ``rules_text``); they stayed English on every table. A suit
    named alone (the eight's new main suit) is its CGRAM glyph, as in a card's label: it
    was "?" in every language."""
    from core.cards import FRENCH36
    from core.vocab import Vocabulary
    from device.screens import Screens
    speak(lang)
    screens = Screens(FRENCH36, 20, 4, vocab=Vocabulary(FRENCH36, None, lang))
    said = [screens.rules_text(t) for t in (
        "♠Q beats ♠6: higher card of the main suit", "♠6 led, nobody beat it",
        "♠6 stands: ♠K beat ♠8, not ♠6", "♠8 beats ♦10: an eight, main suit now ♦")]
    assert said == [beats, led, stands, eight]
    assert screens.rules_text("♠Q beats ♠6: 100% sure").endswith(" \x036: 100% sure")


@pytest.mark.parametrize("lang,intro", [
    ("en", ["D1 All -1", "deals P1"]), ("de", ["S1 Alle -1", "gibt P1"]),
    ("fr", ["D1 Tout -1", "donne P1"]), ("uk", ["R1 Use -1", "rozdaie P1"]),
])
def test_magistr_deal_intro_names_the_contract_in_the_language(speak, lang, intro):
    """Magistr's deal intro names the deal's contract (seed 000's table: "Усе", "К і В"...;
    core/games/magistr.py CONTRACTS) in the table's language; it was English ("D2 K and
    J -2") on every table, Ukrainian too."""
    from device.flows import magistr as flow
    speak(lang)
    match = flow.new_match(3, {})
    assert flow.deal_intro(match) == intro


@pytest.mark.parametrize("rows", [2, 4])
def test_a_refused_poignee_scan_says_it_waits_for_the_cards_again(rows):
    """Tarot seed 1, P2's poignée of 13 scanned with a heart among 12 trumps: refused
    (FFT p.7: a poignée is trumps) and the board waits for 13 cards again. The LCD said
    "P2 refused / bad poignee" and nothing of the new scan; now its last row asks for the
    cards again, and the 13 trumps then scanned are the poignée."""
    from core.cards import TAROT
    t, b = _poignee_of_13(rows)
    for code in [str(trump) for trump in range(1, 13)] + ["H1"]:
        b.play_card(1, t.tags.tag(TAROT.parse(code)))
    shown = [r.rstrip() for r in b.lcd_lines()]
    want = ["bad poignee", "scan 13 cards"] if rows == 2 else \
        ["P2 refused", "bad poignee", "", "scan 13 cards"]
    assert shown == want
    assert t.ctl.app.scan_wanted() == ("announce", 13)
    for trump in range(1, 14):
        b.play_card(1, t.tags.tag(TAROT.parse(str(trump))))
    assert t.ctl.app.scan_wanted() is None
    assert len(t.ctl.app.referee.deal.poignees) == 1


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_every_violation_fits_a_16_column_row_with_its_seat(lang):
    """A proven violation is shown as "P6 <words>" on the first row (device.screens
    Screens.revoke, its trick number dropped first): its words take at most 13 columns
    in every language. German "Bube geschoben" showed "P1 Bube geschobe" on a 16x2 LCD;
    "Poignée falsch", "poignée fausse" and "хибний виклик" were as wide."""
    from device.flows import bankflow, skat, tarot  # noqa: F401  (their words)
    words.set_language(lang)
    try:
        wide = [(code, words.lcd(words.tr(en))) for code, en in words.VIOLATIONS.items()
                if len(words.lcd(words.tr(en))) > 13]
    finally:
        words.set_language("en")
    assert wide == []


@pytest.mark.parametrize("lang,head", [
    ("de", "P1 nicht bedient S1"), ("fr", "P1 renonce pli 1"), ("en", "P1 revoke in T1"),
])
def test_a_revoke_row_too_wide_keeps_the_tricks_letter_of_the_language(speak, lang, head):
    """Found on a German 20x4 LCD: "P1 nicht bedient in S1" is 22 columns, and the row
    that gives way wrote the trick in English, "P1 nicht bedient T1" (German counts
    tricks "S1")."""
    from core.cards import SKAT
    from core.events import RevokeFound
    from core.vocab import Vocabulary
    from device.screens import Screens
    speak(lang)
    screens = Screens(SKAT, 20, 4, vocab=Vocabulary(SKAT, None, lang))
    rows = screens.revoke(RevokeFound(0, SKAT.parse("HJ"), 0, "revoke", ""))
    assert rows[0].rstrip() == head, rows

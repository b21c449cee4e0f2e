"""Issue 20 (the last gap): the simulator's side panel names cards in the table's words.

A seeded deal played out by the computers with the table in German and in French: the
side panel (the link's lines and the simulator's notes, ``sim.traffic.lines``) and the
contract/chien lines name every card as the table's vocabulary does (``core.vocab``, the
deck's default look: the Prager Skat deck of seed 003, the Marseille tarot), never by the
wire's code ("CJ", "HK", "S10"): Skat seed 1 and French Tarot seed 3 (4 players)."""

import os
import re

import pygame
import pytest

from core.cards import SKAT, TAROT
from core.events import CardPlayed
from core.vocab import Vocabulary
from device import looks, words
from host_sim import i18n
from host_sim.ui.app import SimApp
from host_sim.ui.render import PANEL_SIZE
from host_sim.ui.words import card_words
from simperson import MousePerson


def raw_codes(deck, vocab):
    """The wire's codes of ``deck`` that the vocabulary never writes (``"CJ"`` is a code,
    ``"H7"`` is both the code of the 7 of hearts and the Prager Herz-7's label)."""
    return {deck.code(c) for c in range(deck.size)} - \
        {vocab.short(c) for c in range(deck.size)} - \
        {card_words(deck, c) for c in range(deck.size)}


def deal_panel(game, players, seed):
    """Play deal 1 of ``game`` with computers at every seat; returns (the side panel's
    lines, the cards played in order)."""
    sim = SimApp(game, players, seed=seed, human=(), fixed_dt=17, think_ms=60,
                 collect_ms=100)
    you = MousePerson(sim, 17)
    try:
        you.until(lambda: bool(sim.results), limit=20000)
        you.frames(2)
        played = [e.card for e in sim.events if isinstance(e, CardPlayed)]
        return list(sim.traffic.lines), played
    finally:
        sim.close()


@pytest.mark.parametrize("game,players,seed,deck,lang,plays", [
    ("skat", 3, 1, SKAT, "de", "spielt"),
    ("skat", 3, 1, SKAT, "fr", "joue"),
    ("tarot", 4, 3, TAROT, "de", "spielt"),
    ("tarot", 4, 3, TAROT, "fr", "joue"),
])
def test_side_panel_has_no_raw_card_code(speak, game, players, seed, deck, lang, plays):
    speak(lang)
    vocab = Vocabulary(deck, None, lang)
    lines, played = deal_panel(game, players, seed)
    assert len(played) == (30 if game == "skat" else 72)  # the whole deal was played
    text = "\n".join(lines)
    tokens = set(re.findall(r"[A-Za-z0-9]+", text))
    assert not tokens & raw_codes(deck, vocab), sorted(tokens & raw_codes(deck, vocab))
    # every card played is on a line of its own in the language's words: "P2 spielt GD"
    card_lines = [ln for ln in lines if re.match(r"P\d %s \S+$" % plays, ln.rstrip())]
    assert len(card_lines) == len(played)
    for ln, card in zip(card_lines, played):
        assert ln.rstrip().endswith(" %s %s" % (plays, vocab.short(card))), (ln, card)


def test_french_look_reads_french_suited(speak):
    """With --look skat=french the Skat cards are the French-suited tournament deck's
    (ISkO 1.1): the panel writes the 7 of clubs "♣7" and the simulator's own sentences
    (no suit glyph in pygame's font) "C7", where the Prager look says Eichel-7 "E7"."""
    speak("de")
    looks.use("skat", "french")
    sim = SimApp("skat", 3, seed=1, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
    try:
        assert sim.card_name(SKAT.parse("C7")) == "C7"
        assert sim.card_name(SKAT.parse("SA")) == "SA"
        assert sim.said("♣D sticht") == "CA sticht"  # the deck's notation: D is the Daus
        assert sim.traffic.source.words.card("SA", "skat") == "♠A"
    finally:
        sim.close()
    looks.use("skat", None)
    sim = SimApp("skat", 3, seed=1, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
    try:
        assert sim.card_name(SKAT.parse("C7")) == "E7"  # Eichel-7 (seed 003)
        assert sim.card_name(SKAT.parse("SA")) == "GD"  # Grün-Daus
        assert sim.said("♣D sticht") == "ED sticht"
        assert sim.traffic.source.words.card("SA", "skat") == "GD"
    finally:
        sim.close()


def test_auction_and_chien_sentences_in_the_table_language(speak):
    """The auction's question, its moves and buttons (ISkO 3.1: middlehand speaks first),
    and the chien at garde sans (FFT p.6: unseen, it counts for the taker) in German and
    French card players' words."""
    from core.games import tarot_score as S
    from host_sim.ui.auction import SkatAuction
    from host_sim.ui.words import chien_words

    def name(seat):
        return "P%d" % (seat + 1)
    speak("de")
    a = SkatAuction({1}, lambda seat: 0, name)
    assert a.question() == "P2 (du): 18 reizen oder passen?"
    assert [label for label, _ in a.options()] == ["18 sagen", "Passe"]
    assert a.play(("bid", 1, 18)) == "P2 sagt 18"
    assert a.play(("pass", 0)) == "P1 passt"
    assert chien_words(TAROT, [], S.GARDE_SANS) == \
        "Chien verdeckt (garde sans: er zählt für den Spieler)"
    speak("fr")
    assert a.undo() == "P1 passe"
    assert chien_words(TAROT, [], S.GARDE_CONTRE) == \
        "Chien non vu (garde contre : il compte pour la défense)"


def test_contract_in_the_table_language(speak):
    """The declared Skat contract is said in the board's menu words of the table's
    language (device/words_de.py: "Plain" is "Einfach", "Plain hand" "Hand einfach")."""
    from core.games.skat_values import GRAND, Contract
    from host_sim.ui.games import contract_words
    bells = Contract(3, False, False, False, False)  # kind 3: Schellen (bells)
    grand_hand = Contract(GRAND, True, False, False, False)
    speak("de")
    assert contract_words(bells) == "Schellen Einfach"
    assert contract_words(grand_hand) == "Grand Hand einfach"
    speak("en")
    assert contract_words(grand_hand) == "Grand Plain hand"


def test_a_skat_computers_reason_names_the_seat_that_played():
    """Skat's deal seats start left of the dealer (forehand is P2 in deal 1), so the smart
    computer's one-line reason must name the table's seat: "P2 plays E7, wins ..." beside
    the link's "P2 plays E7" (found by a new user: the reasons were one seat off)."""
    from host_sim.players.computer import Computer
    sim = SimApp("skat", 3, seed=1, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
    sim.computer = Computer("smart", 1, worlds=2, time_budget=60)
    you = MousePerson(sim, 17)
    try:
        you.until(lambda: sum(isinstance(e, CardPlayed) for e in sim.events) >= 9,
                  limit=20000)
        you.frames(2)
        text = "\n".join(sim.traffic.lines)
        reasons = re.findall(r"~ (P\d) plays (\S+), (?:wins|the only)", text)
        links = re.findall(r"(P\d) plays (\S+)\s*$", text, re.M)
        assert len(reasons) >= 6, text
        for who, card in reasons:
            assert (who, card) in links, (who, card, links)
    finally:
        sim.close()


def test_the_36_card_deck_names_its_cards_by_suit_and_rank():
    """Found by a new user: the computers' reasons said "P2 plays KK" for the ♦K of
    Magistr and "77" for the ♣7 of Zhopa (the 36-card deck writes its codes rank first,
    "KD", and the suit letter was taken from the front)."""
    from core.cards_french36 import DECK
    from host_sim.ui.words import card_words
    assert [card_words(DECK, DECK.parse(c)) for c in ("KD", "7C", "TH", "AS", "6C")] == \
        ["DK", "C7", "H10", "SA", "C6"]


def test_the_skat_result_row_names_the_suit_in_the_decks_look():
    """The LCD's result row shows a suit game by its suit's glyph (device.glyphs, CGRAM),
    not the ISS letter "C" a new user saw ("P2 C 81p 8t"): seed 1's acorns game reads
    "E" (Eichel's mark) on the LCD with the Prager look (read back from its CGRAM) and
    "Eichel" in printed text (the summary and the side panel's deal-over line, the link's
    text: no CGRAM code reaches a host or the window's font; a lone "E" would read as
    another word of the row, host_sim.board.marked); "♣" in both with the French look."""
    for look, mark, printed in ((None, "E", "Eichel"), ("french", "♣", "♣")):
        looks.use("skat", look)
        sim = SimApp("skat", 3, seed=1, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
        you = MousePerson(sim, 17)
        try:
            you.until(lambda: bool(sim.results), limit=20000)
            assert sim.results[0].contract.kind == 0  # acorns (clubs): ISS "C"
            assert sim.results[0].contract.hand is False
            r = sim.results[0]
            row = "P2 %%s %dp %dt" % (r.declarer_points, r.declarer_tricks)
            want = row % printed
            assert sim.summaries[0][0] == want, sim.summaries[0]
            assert sim.ctl.view().lines[0].startswith("P2 \x00 ")  # the glyph's CGRAM code
            you.until(lambda: "p " in sim.board.lcd_lines()[0], limit=400)
            assert sim.board.lcd_lines()[0].strip() == row % mark  # read back
            you.until(lambda: any(" over: " in l for l in sim.traffic.lines), limit=4000)
            over = [l for l in sim.traffic.lines if " over: " in l]
            assert over[0].endswith(": %s / %s" % (want, sim.summaries[0][1])), over
        finally:
            sim.close()
    looks.use("skat", None)


def test_the_demo_prints_the_suit_as_the_look_marks_it(capsys):
    """`trickref demo --game skat --seed 2` (P2's Eichel hand game): the result row names
    the Prager look's suit ("Eichel", then "H" for hand), not the ISS "CH"."""
    from host_sim.cli import main
    main(["demo", "--game", "skat", "--seed", "2", "--png", os.devnull])
    out = capsys.readouterr().out
    assert "result   | P2 Eichel H 91p 6t\n" in out, out


def test_printed_text_tells_a_grun_game_from_a_grand(capsys):
    """Found by testers: the LCD draws a Grün game with its leaf glyph and Grand as "G",
    but printed text turned the glyph into the Prager look's letter "G" too: `trickref
    demo --seed 7` printed "P3 G 18p 2t" for a Grün game lost -110, "GH" (seed 22) read as
    Grand Hand. Printed text names the suit (host_sim.board.marked), Grand stays "G";
    the link panel's deal-over line (host_sim.console.CardWords.lcd) as the demo."""
    from host_sim.board import marked
    from host_sim.cli import main
    from host_sim.console import CardWords
    rows = {}
    for seed in (7, 22):
        main(["demo", "--game", "skat", "--seed", str(seed), "--png", os.devnull])
        rows[seed] = [l for l in capsys.readouterr().out.splitlines()
                      if l.startswith("result")][:2]
    assert rows[7] == ["result   | P3 Grün 18p 2t", "result   | lost -110"]
    assert rows[22] == ["result   | P2 Grün H 37p 2t", "result   | lost -88"]
    main(["demo", "--png", os.devnull])  # ISS game 6997010: a Grand
    assert "result   | P2 G 88p 8t\n" in capsys.readouterr().out
    words = CardWords()
    assert words.lcd("P3 \x01 18p 2t / lost -110", "skat") == "P3 Grün 18p 2t / lost -110"
    assert words.lcd("P2 G 88p 8t / won +48", "skat") == "P2 G 88p 8t / won +48"
    # ouvert (the Prager Ober's letter): the game, never a card, on a result row
    vocab = Vocabulary(SKAT)
    assert marked("P2 \x01O 61p 10t", vocab) == "P2 Grün O 61p 10t"
    assert marked("\x01D top of suit", vocab) == "GD top of suit"  # a card keeps its mark
    assert marked("P1 \x01H 40p 5t", Vocabulary(SKAT, "french")) == "P1 ♠H 40p 5t"


def test_the_side_panels_long_lines_wrap_at_its_edge():
    """A link line longer than the side panel is wrapped at word breaks, not cut: every
    row fits the panel's width in its font, the rows hold the whole line (the seed-1 Skat
    run: the computer's contract and the cards' reasons are longer than the 1280x800
    window's panel), and a short line stays one row."""
    pygame.font.init()
    sim = SimApp("skat", 3, seed=1, human=(), fixed_dt=17, think_ms=60, collect_ms=100,
                 size=(1280, 800))
    try:
        sim.run(frames=400)
        r = sim.renderer
        tr = sim.layout.traffic
        font = r.font(PANEL_SIZE, mono=True)
        lines = list(sim.traffic.lines)
        long = [l for l in lines if font.size(l)[0] > tr.w - 12]
        assert long, lines  # the panel is narrower than some line
        for line in long + [lines[0]]:
            rows = [row for row, _c in r.panel_rows([line], tr.w - 12, 50)]
            assert all(font.size(row)[0] <= tr.w - 12 for row in rows), rows
            assert " ".join(row.strip() for row in rows) == " ".join(line.split()), rows
            fits = font.size(line)[0] <= tr.w - 12
            assert (len(rows) == 1) if fits else (len(rows) > 1), rows
        shown = r.panel_rows(lines, tr.w - 12, 30)
        assert len(shown) == 30 and shown[-1][0].strip() in lines[-1]  # the newest last
    finally:
        sim.close()


def test_what_the_computer_and_the_table_enter_is_said_in_the_table_language(speak):
    """Found playing in German: the side panel and the status line said what was entered
    on the board by the menu items' English keys ("der Tisch gibt ein: P2 declarer, 22",
    "Computer gibt ein: Pick up skat", "Eichel, Plain") while the LCD showed "P2 spielt",
    "Skat aufnehmen", "Einfach"; the same in French ("Pass", "Not scanned") and
    Ukrainian ("Go (68)"). Now they are the LCD's words, in full letters."""
    from device.controller import MODE_CHOICE
    from host_sim.ui.words import label_words
    speak("de")
    assert [label_words(x) for x in ("P2 declarer", "Pick up skat", "Plain", "Eichel",
                                     "22", "Go (68)", "No (92)", "Claim (P1)")] == \
        ["P2 spielt", "Skat aufnehmen", "Einfach", "Eichel", "22", "Geht (68)",
         "Nein (92)", "Rest an P1"]
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=17, think_ms=60, collect_ms=100)
    you = MousePerson(sim, 17)
    try:  # the person passes at once (the A key would bid for them)
        you.until(lambda: bool(sim.answer_rects), limit=4000)
        rect = [r for r, i in sim.answer_rects if i == 1][0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center,
                                             button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center,
                                             button=1))
        you.until(lambda: sim.turn_pad() >= 0 and sim.ctl.mode != MODE_CHOICE, limit=8000)
        entered = [l.split(" ~ ", 1)[1] for l in sim.traffic.lines if " gibt ein: " in l]
        assert any(l.startswith("der Tisch gibt ein: P2 spielt, ") for l in entered), entered
        assert "Computer gibt ein: Skat aufnehmen" in entered, entered
        assert "Computer gibt ein: Eichel, Einfach" in entered, entered
        assert not [l for l in entered if re.search(r"declarer|Pick up|Plain", l)], entered
    finally:
        sim.close()


def test_zhopa_go_and_no_are_said_in_the_table_language(speak):
    """Found playing in Ukrainian: each Zhopa bid was noted in English ("P2 goes",
    "P3 says no") in the side panel, on the status line and on the table."""
    from host_sim.ui.games import _go_words
    speak("uk")
    assert _go_words("P2", True) == "P2 йде" and _go_words("P3", False) == "P3 каже ні"
    sim = SimApp("zhopa", 4, seed=1, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
    you = MousePerson(sim, 17)
    try:
        you.until(lambda: len(sim.adapter.bids) >= 4, limit=8000)
        assert sim.adapter.bids and all(re.fullmatch(r"P\d (йде|каже ні)", b)
                                        for b in sim.adapter.bids), sim.adapter.bids
        text = "\n".join(sim.traffic.lines)
        assert " goes" not in text and "says no" not in text, text
    finally:
        sim.close()


@pytest.mark.parametrize("game,players,lang,title", [
    ("tarot", 4, "fr", "Tarot, 4 joueurs"),
    ("tarot", 3, "de", "Franz. Tarot, 3 Spieler"),
    ("zhopa", 3, "uk", "Жопа, гравців: 3"),
])
def test_the_status_line_names_the_game_in_the_table_language(speak, game, players, lang,
                                                               title):
    """Found playing in French: the status line began "French Tarot, 4 joueurs" (the
    flow's English title) where the board's menu says "Tarot"; in Ukrainian "Zhopa"
    where the menu says "Жопа"."""
    speak(lang)
    sim = SimApp(game, players, seed=1, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
    try:
        sim.run(frames=5)
        assert sim.status_line().startswith(title + "   "), sim.status_line()
    finally:
        sim.close()


@pytest.mark.parametrize("lang,plays,top,trump", [
    ("de", "spielt", "höchste Farbe", "bester Trumpf"),
    ("fr", "joue", "plus forte", "atout maître"),
])
def test_the_link_panel_says_why_a_trick_is_taken_in_the_table_language(speak, lang, plays,
                                                                         top, trump):
    """Found in German: the link panel's trick lines ended in the rules' English ("HU
    highest trump", "SD top of suit") while the LCD said "bester Trumpf", "höchste Farbe";
    the Zhopa and Magistr reasons too ("an eight, main suit now ♠"). The reason is now in
    the LCD's words (the console with --lang as well)."""
    speak(lang)
    lines, played = deal_panel("skat", 3, 1)
    tricks = [l for l in lines if re.search(r"\(\d+ (Punkte?|points?)\) ?: ", l)]  # 0 point
    assert len(tricks) == 10, lines
    text = "\n".join(tricks)
    assert "top of suit" not in text and "highest trump" not in text, text
    assert top in text and trump in text, text


def test_the_hand_to_scan_after_a_revoke_is_named_in_the_table_language(speak):
    """Found playing as at the table in German: when a revoke ends a Skat deal the board
    asks for the revoker's hand, and the status line said "noch 6 Karten auf ein Feld
    legen (hand laid open)". Skat seed 1, the person at P1 does not follow suit."""
    from core.events import RevokeFound
    from device.controller import MODE_CHOICE, MODE_TABLE
    from simperson import play_cards
    speak("de")
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=17, think_ms=60, collect_ms=100,
                 practice=False)
    you = MousePerson(sim, 17)
    try:
        you.until(lambda: sim.ctl.mode == MODE_CHOICE and bool(sim.answer_rects), limit=4000)
        rect = [r for r, i in sim.answer_rects if i == 1][0]  # the person passes
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center,
                                             button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center,
                                             button=1))
        you.until(lambda: sim.ctl.mode == MODE_TABLE and sim.turn_pad() >= 0, limit=8000)
        bad = []

        def revoke(legal, hand):
            wrong = [c for c in hand if c not in legal]
            if not bad and sim.fw_deal.trick and wrong:
                bad.append(wrong[0])
                return wrong[0]
            return legal[0]
        play_cards(sim, you, 0, lambda: any(isinstance(e, RevokeFound) for e in sim.events),
                   pick=revoke)
        you.until(lambda: "Feld legen" in sim.status_line(), limit=2000)
        line = sim.status_line()
        assert "(aufgelegte Karten)" in line and "hand laid open" not in line, line
    finally:
        sim.close()


def test_the_link_panel_says_refusals_revokes_and_the_excuse_in_the_table_language(speak):
    """Found with --lang de: the link panel (and `trickref console --lang de`) wrote a
    refusal's and a proven violation's reason as the wire's code ("must-follow-suit",
    "revoke"), the buzzer's line too, and Tarot's "Excuse: chelem" stayed English on the
    panel and the LCD. The codes now read as the LCD words them (device.words' REASONS
    and VIOLATIONS through the catalogue, a game's own codes registered by its flow), the
    Excuse's sentence through the catalogue (device.words.rules, shared by the LCD and
    the panel)."""
    from core import protocol as P
    from core.events import Refused
    from device.screens import Screens
    from host_sim.console import describe
    from host_sim.ui.app import Signals
    from host_sim.ui.traffic import board_words
    speak("de")
    w = board_words()
    assert describe(P.Frame(1, P.EV_REFUSED, (1, "S7", "must-follow-suit", "")), "skat",
                    w) == "P2 abgewiesen G7: Farbe bedienen "
    assert describe(P.Frame(1, P.EV_REFUSED, (1, "H7", "must-trump", "")), "tarot",
                    w) == "P2 abgewiesen C7: Trumpf Pflicht "
    assert describe(P.Frame(1, P.EV_REVOKE, (1, "S7", 3, "revoke", "")), "skat",
                    w) == "P2 Farbe nicht bedient: G7 im Stich 4: nicht bedient "
    assert describe(P.Frame(1, P.EV_TRICK, (0, ["1", "2", "EX", "4"], 9, "Excuse: chelem")),
                    "tarot", w).endswith("(4.5 Punkte): Excuse: Chelem")
    assert Screens(TAROT).rules_text("Excuse: chelem") == "Excuse: Chelem"
    buzzer = Signals()
    buzzer.on_event(Refused(1, 3, "must-follow-suit", ""), 0)
    assert buzzer.buzz(1) == "BZZZ (abgewiesen: Farbe bedienen)"
    # the wire's codes where no words are asked for (trickref console without --lang)
    assert describe(P.Frame(1, P.EV_REFUSED, (1, "S7", "must-follow-suit", "")), "skat") \
        .endswith(": must-follow-suit ")

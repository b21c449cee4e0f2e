"""Issue 20: the smart computers' one-line reasons and French Tarot's result notes in the
side panel are in the table's language (host_sim/players/ through gettext; the rules
core's English notes translated host-side by host_sim.ui.words.tarot_note_words).

A Tarot deal (4 players, seed 4: the Excuse, its trick won by the defence, stays with the
attack, which gives a half-point card in return, FFT p.8) and a Skat deal (seed 1) are played by smart computers in German and in
Ukrainian; no panel line may still hold an English source sentence of a reason or note."""

import re

import pytest

from device import words
from host_sim import i18n
from host_sim.players.computer import Computer
from host_sim.ui.app import SimApp

# The English source strings the reasons and the Tarot notes are made of (the msgids).
REASONS = ("%s, does well in %d%% of samples", "%s, out of time", "%s, the only move",
           ", counts %d trumps out", "the only legal card", ", wins %d%% of samples",
           "P%d bids up to %d", "announces no chelem", "announces the chelem", "bids %s",
           "calls %s", "lays away %s", "passes", "plays %s", "plays %s, counts %d trumps out",
           "shows a poignée of %d trumps")
NOTES = ("the taker played alone", "the Excuse led to the last trick wins it (chelem)",
         "the Excuse played to the last trick goes to the attack",
         "the Excuse stays with the attack, which gives a half-point card to the defence",
         "%s's misère refuted by %s: no prime", "%s by %s: the attack loses the deal")


def english_pieces(msgids):
    """The words of ``msgids`` between their %-fields, as regexes on whole words."""
    pieces = set()
    for m in msgids:
        for p in re.split(r"%[sd]|%%", m):
            p = p.strip(" ,:()")
            if len(re.sub(r"[^a-z]", "", p)) >= 4:
                pieces.add(re.compile(r"\b%s\b" % re.escape(p)))
    return pieces


def smart_panel(game, players, seed):
    """Deal 1 of ``game`` played by smart computers: (the panel's lines, the result)."""
    sim = SimApp(game, players, seed=seed, human=(), fixed_dt=17, think_ms=60,
                 collect_ms=120)
    sim.computer = Computer("smart", seed, worlds=2, time_budget=60)  # reproducible
    try:
        sim.run(frames=20000, until=lambda s: bool(s.results))
        return list(sim.traffic.lines), sim.results[0]
    finally:
        sim.close()


@pytest.mark.parametrize("lang", ["de", "uk"])
@pytest.mark.parametrize("game,players,seed,reason", [
    ("tarot", 4, 4, "%s, does well in %d%% of samples"),
    ("skat", 3, 1, ", wins %d%% of samples"),
])
def test_reasons_and_notes_in_the_table_language(speak, lang, game, players, seed, reason):
    speak(lang)
    lines, result = smart_panel(game, players, seed)
    # the reasons are there, in the language: "P2 spielt C5, ... erfolgreich in 64 % ..."
    said = re.escape(i18n._(reason)).replace("%d", r"\d+").replace("%%", "%").replace(
        "%s", ".*")
    assert said != re.escape(reason)
    assert sum(bool(re.search(said, ln)) for ln in lines) >= 10
    if game == "tarot":
        assert result.notes == (
            "the Excuse stays with the attack, which gives a half-point card to the defence",)
        note = i18n._(result.notes[0])
        assert any(note[:1].upper() + note[1:] in ln for ln in lines), note
    english = [ln for ln in lines for p in english_pieces(REASONS + NOTES) if p.search(ln)]
    assert not english, english[:5]


def test_an_unknown_note_stays_as_it_is(speak):
    from core.cards import TAROT
    from host_sim.ui.words import tarot_note_words
    speak("de")
    def name(seat):
        return "P%d" % (seat + 1)
    assert tarot_note_words("something new", name, TAROT) == "something new"
    assert tarot_note_words("P3's misère refuted by 1: no prime", name, TAROT) == \
        "Misère von P3 durch T1 widerlegt: keine Prämie"
    assert tarot_note_words("revoke by P2: the defence loses the deal", name, TAROT) == \
        "nicht bedient durch P2: die Verteidigung verliert das Spiel"

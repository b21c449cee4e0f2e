"""Issue 22: Tarot house scoring (options poignees and rounding), as rencontrestarot.org
"La marque au tarot" gives it: the margin "au point près ou arrondi à 5 ou à 10", poignées
20/40/60. The FFT 2012 worked examples (tests/data/tarot) scored with these options;
docs/rules/tarot.md "House rules"."""

import json

import pytest

from core.errors import TrickrefError
from core.games import tarot, tarot_house
from core.games.tarot_score import ATTACK, DEFENCE, GARDE, GARDE_SANS, PRISE, score
from device import flows


def _ex1(**house):
    """FFT p.9 ex.1: garde, 49 points with 2 oudlers (made by 8), a simple poignée and the
    petit au bout to the taker: 106 a defender."""
    return score(4, GARDE, 98, 2, poignee=[(ATTACK, 10)], petit_au_bout=ATTACK, **house)


def _ex2(**house):
    """FFT p.9 ex.2: garde sans made by 4, the petit au bout to the defence: 76."""
    return score(4, GARDE_SANS, 90, 2, petit_au_bout=DEFENCE, **house)


def _ex4(**house):
    """FFT p.9 ex.4: garde made by 11, a simple poignée shown by the defence: 92."""
    return score(4, GARDE, 104, 2, poignee=[(DEFENCE, 10)], **house)


@pytest.mark.parametrize("example,fft,to5,to10", [
    (_ex1, 106, 110, 110),   # 8 -> 10: (25 + 10) x 2 + 20 + 20
    (_ex2, 76, 80, 60),      # 4 -> 5: 30 x 4 - 40; 4 -> 0: 25 x 4 - 40
    (_ex4, 92, 90, 90)])     # 11 -> 10: (25 + 10) x 2 + 20
def test_fft_examples_with_the_margin_rounded(example, fft, to5, to10):
    assert example().per_defender == fft
    assert example(round_to=5).per_defender == to5
    r = example(round_to=10)
    assert r.per_defender == to10 and r.marks[0] == 3 * to10
    assert any("rounded to 10" in s for s in r.steps)


def test_a_margin_halfway_goes_up():
    """Prise made by 15 (2 oudlers, 56 points): to 10, 15 -> 20: 45; to 5 it stays 40."""
    assert score(4, PRISE, 112, 2, round_to=10).per_defender == 45
    assert score(4, PRISE, 112, 2, round_to=5).per_defender == 40
    assert [tarot_house.rounded(m, 10) for m in (0, 4, 5, 14, 15, 25)] == [0, 0, 10, 10, 20, 30]


@pytest.mark.parametrize("poignees,per", [("fft", 116), ("20-40-60", 126)])
def test_a_double_poignee_by_table(poignees, per):
    """Example 1 with a double poignée (13 trumps): FFT 30 (116), 20/40/60: 40 (126)."""
    r = score(4, GARDE, 98, 2, poignee=[(ATTACK, 13)], petit_au_bout=ATTACK,
              primes=tarot_house.primes(poignees))
    assert r.per_defender == per


def test_options_reach_the_game_and_bad_values_are_named():
    game = tarot.Game(4, poignees="20-40-60", rounding="10")
    assert (game.primes, game.round_to) == ((20, 40, 60), 10)
    with pytest.raises(TrickrefError) as e:
        tarot.Game(4, rounding="3")
    assert "rounding" in str(e.value)
    with pytest.raises(ValueError) as e:
        flows.check_options(flows.load("tarot"), 4, {"poignees": "10-20-30"})
    assert "poignees" in str(e.value)
    assert tarot.Game(4).primes == (20, 30, 40) and tarot.Game(4).round_to == 1


# --- misère (option misere=20, rencontrestarot.org: 20 points, to the total like a poignée)

def test_misere_prime_on_the_fft_examples():
    """FFT p.9 ex.4 (garde made by 11, 92) with one misère: 92 + 20 = 112; ex.3 (prise
    failed by 7: -42) with one misère: the defence wins it too, -62."""
    assert _ex4(miseres=1).per_defender == 112
    ex3 = score(4, PRISE, 68, 2, poignee=[(ATTACK, 10)], petit_au_bout=ATTACK)
    assert ex3.per_defender == -42
    assert score(4, PRISE, 68, 2, poignee=[(ATTACK, 10)], petit_au_bout=ATTACK,
                 miseres=1).per_defender == -62


def _misere_deal(announce, hands_known=True, **options):
    """Four players, seat 1 without trump or Excuse; seat 0 takes a garde sans, seat 2
    leads; ``announce`` (seat, kind) is said at that seat's first card. Played out with
    the first legal card; the known deal's cards are replayed when hands are unknown."""
    from test_tarot import make_hands, start
    hands = make_hands(4, {0: "21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4"},
                       voids={1: "TX"})
    known = start(4, hands, 1, 0, **options)
    deal = known if hands_known else start(4, None, 1, 0, **options)
    while not known.is_over():
        s = known.current_seat()
        if announce and s == announce[0] and known.tricks_done == 0:
            deal.announce(*announce)
            announce = None
        c = known.legal_cards(s)[0]
        if deal is not known:
            deal.play(s, c)
        known.play(s, c)
    return deal.result()


def test_a_misere_played_out_adds_20_to_the_winning_camp():
    base = _misere_deal(None, misere="20")
    res = _misere_deal((1, tarot.MISERE_TRUMPS), misere="20")
    assert base.score.won  # the taker holds 18 trumps
    assert res.score.per_defender == base.score.per_defender + 20
    assert res.marks[0] == base.marks[0] + 60 and res.marks[1] == base.marks[1] - 20


def test_a_misere_is_refused_when_the_hand_has_a_trump_or_the_option_is_off():
    with pytest.raises(Exception) as e:
        _misere_deal((2, tarot.MISERE_TRUMPS), misere="20")  # seat 2 holds 1 2 3 EX
    assert "no misère" in str(e.value)
    with pytest.raises(Exception) as e:
        _misere_deal((1, tarot.MISERE_TRUMPS))
    assert "not played" in str(e.value)


def test_unknown_hands_a_misere_refuted_by_a_card_played_counts_nothing():
    base = _misere_deal(None, hands_known=False, misere="20")
    res = _misere_deal((2, tarot.MISERE_TRUMPS), hands_known=False, misere="20")
    assert res.score.per_defender == base.score.per_defender
    assert [n for n in res.notes if "refuted" in n] == ["P3's misère refuted by 1: no prime"]
    # seat 1 holds the hearts H1-HK: a misère of face cards is refuted too
    heads = _misere_deal((1, tarot.MISERE_HEADS), hands_known=False, misere="20")
    assert heads.score.per_defender == base.score.per_defender
    trumps = _misere_deal((1, tarot.MISERE_TRUMPS), hands_known=False, misere="20")
    assert trumps.score.per_defender == base.score.per_defender + 20


def test_the_breakdown_names_each_misere_borne_out_and_its_prime():
    """The simulator's breakdown of a deal with misères (host_sim/ui/words.py): the
    misère borne out is named with its 20 on a line of its own, as the poignée's is, so
    the lines add up to the marks (it was in the marks and on no line); a refuted one is
    not in ``Result.miseres`` (its note says why); under partner=personal the prime is
    the announcer's own. Without the house rule there is no misère line. The deal: four
    players, P1 takes a garde sans with 18 trumps, P2 holds none (``_misere_deal``)."""
    from core.cards import deck_named
    from host_sim.ui.words import tarot_result_words

    def name(s):
        return "P%d" % (s + 1)

    def misere_line(res, **options):
        game = tarot.Game(4, **options)
        lines = tarot_result_words(res, name, deck_named("tarot"), game)
        return [x for x in lines if "Misère" in x]

    kept = _misere_deal((1, tarot.MISERE_TRUMPS), hands_known=False, misere="20")
    assert kept.miseres == (1,)
    assert misere_line(kept, misere="20") == [
        "Misère P2 won by the attack, which wins the deal: 20 from each defender"]
    refuted = _misere_deal((2, tarot.MISERE_TRUMPS), hands_known=False, misere="20")
    assert refuted.miseres == () and misere_line(refuted, misere="20") == ["Misère: none"]
    # partner=personal (five players only): the Score's camp primes are 0, the misère is
    # settled as its announcer's own (core.games.tarot_house.personal)
    score = kept.score
    own = kept._replace(score=type(score)(**dict(score.__dict__, poignee=0)))
    assert misere_line(own, misere="20") == [
        "Misère P2: 20, the prime of the player who announced it (house rule)"]
    assert misere_line(_misere_deal(None)) == []


def test_a_tarot_evening_with_misere_and_rounding_replays_through_the_board(tmp_path,
                                                                              replay_json):
    """A record of the misère deal above, written with options misere=20 and rounding=5,
    replays through the emulated board (``trickref replay``) to the marks the rules core
    gives with the same options; the same actions without the options score the FFT way
    and refuse the misère."""
    import json
    from test_tarot import make_hands, start
    hands = make_hands(4, {0: "21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4"},
                       voids={1: "TX"})
    options = {"misere": "20", "rounding": "5"}
    known = start(4, hands, 0, 0, **options)  # the board's first dealer is seat 0
    actions = [["bid", [s, "garde sans" if s == 0 else "pass"]] for s in (1, 2, 3, 0)]
    while not known.is_over():
        s = known.current_seat()
        if s == 1 and known.tricks_done == 0:
            known.announce(1, tarot.MISERE_TRUMPS)
            actions.append(["announce", [1, tarot.MISERE_TRUMPS]])
        c = known.legal_cards(s)[0]
        known.play(s, c)
        actions.append(["play", [s, tarot.TAROT.code(c)]])
    res = known.result()
    # the taker holds 18 trumps and takes every trick: made by 46, rounded to 45; garde
    # sans x4; the misère 20; the unannounced chelem 200 (FFT p.6)
    assert (res.score.diff, res.score.chelem) == (46, 200)
    assert res.score.per_defender == (25 + 45) * 4 + 20 + 200 == 500
    path = tmp_path / "evening.jsonl"
    rec = {"format": "trickref/1", "game": "tarot", "players": 4, "options": options,
           "deal": 1, "actions": actions}
    path.write_text(json.dumps(rec) + "\n")
    status, out = replay_json(path)
    assert status == 0, out
    assert out[0]["result"]["marks"] == list(res.marks)


# --- the same house scoring through `trickref score tarot` (the table counted by hand)

# FFT 2012 p.9's examples as `score tarot` flags: ex.1 garde made by 8 with the petit au
# bout and a simple poignée to the taker; ex.2 garde sans made by 4, the petit au bout to
# the defence; ex.3 prise failed by 7 (taker's poignée, petit au bout); ex.4 garde made by
# 11, a poignée shown by the defence; a prise made by 15.
EX1 = ["--contract", "garde", "--points", "49", "--oudlers", "2", "--poignee", "taker:10",
       "--petit-au-bout", "taker"]
EX2 = ["--contract", "garde-sans", "--points", "45", "--oudlers", "2", "--petit-au-bout",
       "defence"]
EX3 = ["--contract", "prise", "--points", "34", "--oudlers", "2", "--poignee", "taker:10",
       "--petit-au-bout", "taker"]
EX4 = ["--contract", "garde", "--points", "52", "--oudlers", "2", "--poignee", "defence:10"]
MADE_BY_15 = ["--contract", "prise", "--points", "56", "--oudlers", "2"]


@pytest.mark.parametrize("deal,house,per", [
    (EX1, [], 106), (EX1, ["--rounding", "5"], 110), (EX1, ["--rounding", "10"], 110),
    (EX2, ["--rounding", "5"], 80), (EX2, ["--rounding", "10"], 60),
    (EX4, ["--rounding", "10"], 90), (EX4, ["--miseres", "1"], 112),
    (EX3, [], -42), (EX3, ["--miseres", "1"], -62),
    (EX1[:7] + ["taker:13"] + EX1[8:], [], 116),
    (EX1[:7] + ["taker:13"] + EX1[8:], ["--poignees", "20-40-60"], 126),
    (MADE_BY_15, ["--rounding", "10"], 45), (MADE_BY_15, ["--rounding", "5"], 40)])
def test_score_tarot_house_flags_on_the_worked_examples(capsys, deal, house, per):
    """docs/rules/tarot.md "House rules": each figure in --json (per defender, the
    taker's x3) and in text (the marks, the step the house rule adds)."""
    from host_sim.cli import main
    assert main(["score", "tarot"] + deal + house + ["--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["per_defender"], got["marks"]) == (per, [3 * per, -per, -per, -per])
    flags = dict(zip(house[::2], house[1::2]))
    assert (got["poignees"], got["rounding"], got["miseres"]) == (
        flags.get("--poignees", "fft"), flags.get("--rounding", "off"),
        int(flags.get("--miseres", 0)))
    assert main(["score", "tarot"] + deal + house) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-4:] == ["taker       %+d" % (3 * per)] + ["defender %d  %+d" % (i, -per)
                                                         for i in (1, 2, 3)]
    if "--rounding" in flags:
        assert any(line.startswith("margin ") and "rounded to %s" % flags["--rounding"]
                   in line for line in out), out
    if "--miseres" in flags:
        assert any(line.startswith("1 misère (20 each) to the winning camp: ")
                   for line in out), out


@pytest.mark.parametrize("flag,value,choices", [
    ("--poignees", "10-20-30", "fft or 20-40-60"), ("--rounding", "3", "off, 5 or 10"),
    ("--miseres", "-1", "0 to 8 at 4 players"), ("--miseres", "9", "0 to 8 at 4 players")])
def test_score_tarot_refuses_a_house_value_naming_the_choices(capsys, flag, value, choices):
    from host_sim.cli import main
    assert main(["score", "tarot"] + EX4 + [flag, value]) == 2
    out = capsys.readouterr().out
    assert out.startswith("error: ") and choices in out, out

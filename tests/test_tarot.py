"""French Tarot rules core: the FFT 2012 worked examples (core API and CLI), one test per
rule (docstrings name the FFT page), property tests over seeded random deals for 3, 4 and
5 players, and the MicroPython run."""

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import rng
from core.cards import TAROT
from core.errors import BadRecord, IllegalPlay, TrickrefError
from core.events import (ALREADY_PLAYED, MUST_FOLLOW, NOT_IN_HAND, NOT_YOUR_TURN, REVOKE,
                         DealOver, RevokeFound, TrickTaken)
from core.games import tarot as T
from core.games import tarot_score as TS
from core.games.tarot_score import count_deal
from core.referee import Referee
from host_sim.cli import main as cli_main
from mpy import run_mp
import tarot_check

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.join(HERE, "vectors", "tarot_fft.json")
SIZES = {3: (24, 6), 4: (18, 6), 5: (15, 3)}


def cards(text):
    return TAROT.parse_many(text)


def card(code):
    return TAROT.parse(code)


def make_hands(players, spec, voids=None, chien=""):
    """Hands with ``spec`` {seat: "codes"} placed, the rest dealt (trumps and Excuse first,
    then the suits in card order) to the first seat with room that is not void (``voids``
    {seat: letters of H S C D, T trumps, X the Excuse}); what is left, plus ``chien``, is
    the chien."""
    size, k = SIZES[players]
    voids = voids or {}
    hands = [cards(spec.get(s, "")) for s in range(players)]
    rest = cards(chien)
    used = set(rest)
    for h in hands:
        used.update(h)
    for c in list(range(56, 78)) + list(range(56)):
        if c in used:
            continue
        letter = "HSCDTX"[T.SUITS[c]]
        for s in range(players):
            if len(hands[s]) < size and letter not in voids.get(s, ""):
                hands[s].append(c)
                break
        else:
            rest.append(c)
    assert len(rest) == k and all(len(h) == size for h in hands), (rest, hands)
    return hands


def start(players, hands, dealer, taker, contract=T.GARDE_SANS, call=None, **options):
    """A deal in the PLAY phase (or ECART for a Prise/Garde): ``taker`` bids ``contract``,
    the others pass."""
    deal = T.Game(players, **options).new_deal(dealer, hands)
    while deal.phase == T.PHASE_BIDDING:
        s = deal.current_seat()
        deal.bid(s, contract if s == taker else T.PASS)
    if call:
        deal.call(taker, card(call))
    return deal


def refused(deal, seat, code):
    with pytest.raises(IllegalPlay) as e:
        deal.play(seat, card(code))
    return e.value.reason


# --- the FFT worked examples (p.7, p.9, p.11) ---

@pytest.fixture(scope="module")
def fft(data_dir):
    with open(os.path.join(data_dir, "tarot", "fft_2012_worked_examples.json")) as f:
        return json.load(f)


def test_fft_vectors_match_shared_data(fft):
    """tests/vectors/tarot_fft.json (read by MicroPython) is tests/data/tarot FFT data plus a
    source per example; regenerate it from tests/data/tarot/ if this fails."""
    with open(VECTORS) as f:
        vec = json.load(f)
    for ex in vec["examples"]:
        assert ex.pop("source") == ("FFT, Règlement officiel du jeu de Tarot, 1 July 2012, "
                                    "p.%d" % ex["page"])
    del vec["copied_from"]
    assert vec == fft


def test_every_fft_example_through_the_core_api(fft):
    """Every example of tests/data/tarot/fft_2012_worked_examples.json: per defender,
    taker and defender marks, components, diff (FFT p.7, p.9, p.11)."""
    assert len(fft["examples"]) == 9
    bad = []
    for ex in fft["examples"]:
        bad += tarot_check.check_example(T, ex)
    assert bad == []


def _cli_args(kw):
    args = ["score", "tarot", "--players", str(kw["players"]), "--contract", kw["contract"],
            "--points", ("%d.5" if kw["points_half"] % 2 else "%d") % (kw["points_half"] // 2),
            "--oudlers", str(kw["oudlers"]), "--json"]
    for camp, trumps in kw["poignee"]:
        args += ["--poignee", "%s:%d" % ("taker" if camp == T.ATTACK else "defence", trumps)]
    if kw["petit_au_bout"] is not None:
        args += ["--petit-au-bout", "taker" if kw["petit_au_bout"] == T.ATTACK else "defence"]
    if kw["chelem"]:
        args += ["--chelem", kw["chelem"]]
    return args


def test_every_fft_example_through_the_cli(fft, capsys):
    """The same examples through ``trickref score tarot ... --json``."""
    bad = []
    n = 0
    for ex in fft["examples"]:
        for kw, expect in tarot_check.cases(T, ex):
            assert cli_main(_cli_args(kw)) == 0
            got = json.loads(capsys.readouterr().out)
            bad += tarot_check.compare(ex["id"], got, expect)
            n += 1
    assert bad == [] and n > 9


def test_cli_prints_marks_and_computation(capsys):
    """The issue's command: FFT p.9 example 1 in words, each player's mark."""
    assert cli_main(["score", "tarot", "--players", "4", "--contract", "garde", "--points",
                     "49", "--oudlers", "2", "--poignee", "taker:10", "--petit-au-bout",
                     "taker"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "(25 + 8) x 2 = 66" in out
    assert out[-4:] == ["taker       +318", "defender 1  -106", "defender 2  -106",
                        "defender 3  -106"]


def test_cli_half_point_json_and_bad_input(capsys):
    """3 players, 40.5 points with 2 oudlers: failed by 1 (FFT p.11); JSON keeps the .5.
    A bad value exits 2 with the reason."""
    assert cli_main(["score", "tarot", "--players", "3", "--contract", "prise", "--points",
                     "40.5", "--oudlers", "2", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["points"], got["counted"], got["per_defender"], got["marks"]) == \
        (40.5, 40, -26, [-52, 26, 26])
    assert cli_main(["score", "tarot", "--contract", "garde", "--points", "40.3",
                     "--oudlers", "2"]) == 2
    assert "halves as .5" in capsys.readouterr().out
    assert cli_main(["score", "tarot", "--contract", "garde", "--points", "50",
                     "--oudlers", "2", "--poignee", "taker:11"]) == 2
    assert "exactly 10, 13 or 15" in capsys.readouterr().out


def test_cli_five_players_partner_and_alone(capsys):
    """5 players: taker 2x and partner 1x the defender's payment, or 4x alone (FFT p.12)."""
    base = ["score", "tarot", "--players", "5", "--contract", "garde", "--points", "51",
            "--oudlers", "2", "--json"]
    assert cli_main(base) == 0
    assert json.loads(capsys.readouterr().out)["marks"] == [140, 70, -70, -70, -70]
    assert cli_main(base + ["--alone"]) == 0
    assert json.loads(capsys.readouterr().out)["marks"] == [280, -70, -70, -70, -70]


def test_cli_refuses_what_no_deal_gives(capsys):
    """A chelem made with 50 points, the attack's petit au bout in a defence chelem or
    without an oudler, two poignées from one seat: no deal gives these, so the calculator
    says why and exits 2 instead of printing a total (docs/rules/tarot.md "Score
    calculator"; FFT p.6-7)."""
    base = ["score", "tarot", "--contract", "garde", "--points", "50", "--oudlers", "1"]
    for extra, why in (
            (["--chelem", "announced"],
             "--chelem announced: the defence took no trick, keeping only an Excuse: the "
             "attack has 91 points with 3 oudlers or 87 points with 2 oudlers, not 50 "
             "points with 1 oudler"),
            (["--chelem", "defence"],
             "--chelem defence: the attack took no trick, keeping only its écart (6 cards, "
             "no king or oudler) and an Excuse: the attack has 3 to 19 points with 0 oudlers "
             "or 7 to 23.5 points with 1 oudler, not 50 points with 1 oudler"),
            (["--petit-au-bout", "taker", "--chelem", "defence"],
             "petit au bout to the attack: it takes the last trick, and in a defence chelem "
             "(--chelem defence) the attack took none"),
            (["--oudlers", "0", "--petit-au-bout", "taker"],
             "petit au bout to the attack: its last trick holds the Petit, an oudler, so the "
             "attack has 1 to 3 oudlers, not 0"),
            (["--oudlers", "3", "--petit-au-bout", "defence"],
             "petit au bout to the defence: the defence holds the Petit, an oudler, so the "
             "attack has 0 to 2 oudlers, not 3"),
            (["--points", "87", "--oudlers", "2", "--chelem", "announced", "--petit-au-bout",
              "defence"],
             "petit au bout to the defence: in a chelem made (--chelem announced) the "
             "defence took no trick; a Petit it kept to the end falls in the attack's last "
             "trick, au bout for the attack (docs/rules/tarot.md decision 11)"),
            (["--poignee", "taker:10", "--poignee", "taker:13"],
             "2 poignées shown by the attack: one a seat at most, and it has 1 (FFT p.7)"),
            (["--poignee", "taker:10", "--poignee", "defence:13"],
             "poignées of 10 and 13 trumps show 23 cards: the pack has 21 trumps and the "
             "Excuse (FFT p.7)"),
            (["--points", "91", "--oudlers", "3"],
             "91 points leave the defence less than a trick (4 cards, at least 1.5 points): "
             "the attack took every trick, give --chelem unannounced (or announced)"),
            (["--points", "0", "--oudlers", "0", "--chelem", "failed"],
             "0 points leave the attack less than a trick (4 cards, at least 1.5 points): "
             "the defence took every trick, give --chelem failed-defence")):
        assert cli_main(base + extra) == 2, extra
        assert capsys.readouterr().out == "error: %s\n" % why
    # at five the partner's Excuse played to the chelem's last trick goes to the defence;
    # two defenders and the taker, or taker and partner, show one poignée each
    assert cli_main(base + ["--players", "5", "--chelem", "unannounced"]) == 2
    assert capsys.readouterr().out.startswith(
        "error: --chelem unannounced: the defence took no trick, keeping only an Excuse: "
        "the attack has 91 points with 3 oudlers, 87 points with 2 oudlers or 86.5 points "
        "with 2 oudlers, not 50")
    five = base + ["--players", "5", "--poignee", "taker:8", "--poignee", "attack:8"]
    assert cli_main(five) == 0
    capsys.readouterr()
    assert cli_main(five + ["--alone"]) == 2
    assert capsys.readouterr().out == \
        "error: 2 poignées shown by the attack: one a seat at most, and it has 1 (FFT p.7)\n"


def _counted(players, contract, kitty, first, last, winner, excuse_seat=None):
    """count_deal of a deal whose ``kitty`` is never played, ``first`` opening the play and
    ``last`` ending it, the other cards between; seat ``i % players`` plays the i-th card
    (``excuse_seat`` plays the Excuse instead, swapped with the card it would have),
    ``winner(trick)`` takes each trick; the taker is seat 0, the partner seat 1 at five."""
    rest = [c for c in range(78) if c not in kitty and c not in first and c not in last]
    order = list(first) + rest + list(last)
    seats = [i % players for i in range(len(order))]
    if excuse_seat is not None:
        i = order.index(T.EX)
        j = i - seats[i] + excuse_seat
        order[i], order[j] = order[j], order[i]
    plays = list(zip(seats, order))
    winners = [winner(t) for t in range(len(order) // players)]
    camps = [T.ATTACK] * (2 if players == 5 else 1)
    camps += [T.DEFENCE] * (players - len(camps))
    return count_deal(players, contract, plays, winners, camps, False)


def test_cli_accepts_each_chelem_count_deal_gives(capsys):
    """The refusals above agree with the rules core: each chelem core.games.tarot_score
    count_deal counts (the defence keeping its Excuse for a half-point card, the partner's
    Excuse played to the last trick going over, a garde contre's chien, a defence
    chelem with an Excuse given in the last trick, a defender's Petit in the last trick
    au bout for the attack) is accepted with its points, oudlers and petit au bout."""
    queens = cards("HQ SQ CQ DQ HC SC")  # an écart: no king, no oudler
    small = cards("H2 H3 H4 H5 H6 H7")
    deals = (  # players, contract, kitty, first, last, winner, excuse_seat
        (4, T.GARDE, small, [T.EX], [], lambda t: 0, 2),  # 87 with 2
        (5, T.GARDE, small[:3], [], [T.EX], lambda t: 0, 1),  # 86.5 with 2
        (4, T.GARDE_CONTRE, [T.MONDE] + small[:5], [], [], lambda t: 0, None),  # 84 with 2
        (4, T.GARDE, queens, [], [T.EX], lambda t: 1, 2),  # 19 + 4.5 with 1
        (4, T.GARDE, small, [], [T.PETIT, T.EX], lambda t: 0, 0),  # petit au bout, 91
        (3, T.GARDE_SANS, [T.PETIT] + small[:5], [T.EX], [], lambda t: 1, 0))  # 11 with 2
    got = []
    for players, contract, kitty, first, last, winner, ex in deals:
        pts, oud, pab, chelem, _ = _counted(players, contract, kitty, first, last, winner, ex)
        got.append((pts[T.ATTACK], oud, pab, TS.CHELEM_NAMES[chelem]))
        args = ["score", "tarot", "--players", str(players), "--contract",
                TS.CONTRACT_NAMES[contract].replace(" ", "-"), "--points",
                "%d%s" % (pts[T.ATTACK] // 2, ".5" if pts[T.ATTACK] % 2 else ""),
                "--oudlers", str(oud), "--chelem", TS.CHELEM_NAMES[chelem]]
        if pab is not None:
            args += ["--petit-au-bout", TS.CAMP_NAMES[pab]]
        assert cli_main(args) == 0, capsys.readouterr().out
        capsys.readouterr()
    assert got == [(174, 2, None, "unannounced"), (173, 2, None, "unannounced"),
                   (168, 2, None, "unannounced"), (47, 1, None, "defence"),
                   (182, 3, T.ATTACK, "unannounced"), (22, 2, None, "defence")]


# --- scoring rules (FFT p.4, p.7-9, p.11-12) ---

def test_card_points_total_182_half_points():
    """The pack holds 91 points = 182 half-points; oudlers and kings 4.5 (FFT p.4)."""
    assert T.card_points(range(78)) == 182
    assert [T.card_points([card(c)]) for c in ("21", "1", "EX", "HK", "SQ", "CC", "DJ",
                                               "HT", "2")] == [9, 9, 9, 9, 7, 5, 3, 1, 1]


def test_targets_by_oudlers():
    """56 / 51 / 41 / 36 points with 0-3 oudlers; the target exactly is made by 0 (p.4)."""
    for oudlers, target in enumerate((56, 51, 41, 36)):
        sc = T.score(4, "prise", 2 * target, oudlers)
        assert (sc.target, sc.won, sc.diff, sc.per_defender) == (target, True, 0, 25)
        assert T.score(4, "prise", 2 * target - 2, oudlers).per_defender == -26


def test_multipliers():
    """Prise x1, Garde x2, Garde sans x4, Garde contre x6 (FFT p.5)."""
    assert [T.score(4, c, 100, 2).per_defender for c in ("prise", "garde", "garde sans",
                                                          "garde contre")] == \
        [34, 68, 136, 204]


def test_half_point_goes_to_the_winning_camp_at_five():
    """5 players too: 36.5 with 3 oudlers counts 37, made by 1; 50.5 with 1 counts 50,
    failed by 1 (FFT p.11, p.12)."""
    assert T.score(5, "prise", 73, 3).diff == 1
    assert T.score(5, "prise", 101, 1).diff == -1


def test_poignee_sizes_per_player_count():
    """10/13/15 at 4, 13/15/18 at 3, 8/10/13 at 5; primes 20/30/40 (FFT p.7, p.11, p.12)."""
    for players, sizes in ((4, (10, 13, 15)), (3, (13, 15, 18)), (5, (8, 10, 13))):
        for prime, n in zip((20, 30, 40), sizes):
            assert T.score(players, "garde", 120, 3, poignee=[(T.DEFENCE, n)]).poignee == prime
        with pytest.raises(TrickrefError):
            T.score(players, "garde", 120, 3, poignee=[(T.ATTACK, sizes[0] - 1)])


def test_poignee_prime_not_multiplied_and_to_the_winner():
    """The prime is the same at Prise and Garde contre and goes to the camp that wins
    the deal, whoever showed it (FFT p.7)."""
    for contract in ("prise", "garde contre"):
        assert T.score(4, contract, 100, 2, poignee=[(T.ATTACK, 13)]).poignee == 30
        assert T.score(4, contract, 60, 2, poignee=[(T.ATTACK, 13)]).poignee == -30


def test_petit_au_bout_multiplied_whatever_the_result():
    """10 x multiplier to the camp that takes the last trick, made or failed (FFT p.7)."""
    for pts in (100, 60):
        assert T.score(4, "garde contre", pts, 2, petit_au_bout=T.DEFENCE).petit_au_bout == -60
        assert T.score(4, "garde", pts, 2, petit_au_bout=T.ATTACK).petit_au_bout == 20


def test_chelem_primes():
    """Announced and made +400, unannounced +200, announced and failed -200, defence
    chelem +200 to each defender (FFT p.6)."""
    got = [T.score(4, "prise", 160, 3, chelem=c).chelem
           for c in ("announced", "unannounced", "failed", "defence", "failed-defence")]
    assert got == [400, 200, -200, -200, -400]


def test_marks_per_player_count():
    """Taker x3 at 4, x2 at 3; 5 players: taker x2 and partner x1, or x4 alone (FFT p.8,
    p.11, p.12); marks sum to zero."""
    assert T.score(4, "prise", 100, 2).marks == (102, -34, -34, -34)
    assert T.score(3, "prise", 100, 2, taker=1).marks == (-34, 68, -34)
    assert T.score(5, "prise", 100, 2, taker=4, partner=2).marks == (-34, -34, 34, -34, 68)
    assert T.score(5, "prise", 100, 2, taker=4).marks == (-34, -34, -34, -34, 136)


def test_score_rejects_bad_values():
    """Bad input raises with the value named; nothing is guessed."""
    for args in ((6, "prise", 100, 2), (4, "petite garde", 100, 2), (4, "prise", 183, 2),
                 (4, "prise", 100, 4), (4, "pass", 100, 2)):
        with pytest.raises(TrickrefError):
            T.score(*args)
    with pytest.raises(TrickrefError):
        T.score(4, "prise", 100, 2, partner=1)  # a partner only at 5 players


# --- counting a played deal: Excuse, chien, petit au bout, chelem (FFT p.6-8) ---

def synth(players, winners_of, kitty="H2 H3 H4 H5 H6 H8", moves=()):
    """Plays of a whole deal (cards in order, minus the ``kitty`` codes), with ``moves``
    [(card, (trick, seat))] placing given cards; winners from ``winners_of(trick)``."""
    n_tricks = SIZES[players][0]
    kitty = cards(kitty)
    rest = [c for c in range(78) if c not in kitty and c not in dict(moves)]
    grid = [[None] * players for _ in range(n_tricks)]
    for c, (t, s) in moves:
        grid[t][s] = c
    plays = []
    for t in range(n_tricks):
        for s in range(players):
            plays.append((s, grid[t][s] if grid[t][s] is not None else rest.pop(0)))
    return plays, [winners_of(t) for t in range(n_tricks)]


CAMPS4 = [T.ATTACK, T.DEFENCE, T.DEFENCE, T.DEFENCE]


def test_excuse_stays_with_its_camp_for_a_half_point_card():
    """A defender's Excuse in a trick the taker wins: the defence keeps its 4.5 and gives
    a 0.5 card; with every trick to the taker the attack counts 87 (FFT p.8, p.9 ex.5)."""
    plays, winners = synth(4, lambda t: 0, moves=[(T.EX, (3, 1))])
    pts, oud, pab, chelem, notes = count_deal(4, T.GARDE, plays, winners, CAMPS4, True)
    assert pts == [174, 8] and oud == 2 and chelem == T.CHELEM_ANNOUNCED
    assert "half-point card" in notes[0]


def test_excuse_to_the_last_trick_goes_to_the_other_camp_by_default():
    """Seed 002 s.6: the Excuse played to the last trick changes camp, even when its own
    camp wins that trick; option excuse_last=winner gives it to the trick's winner."""
    plays, winners = synth(4, lambda t: 2, moves=[(T.EX, (17, 1))])
    assert count_deal(4, T.GARDE, plays, winners, CAMPS4, False)[1] == 1  # Excuse + 0
    assert count_deal(4, T.GARDE, plays, winners, CAMPS4, False, True)[1] == 0


def test_excuse_led_last_completes_the_chelem_and_petit_au_bout_moves_back():
    """A slam camp leading the Excuse to the last trick wins it; the Petit then counts au
    bout in the penultimate trick (FFT p.6)."""
    plays, winners = synth(4, lambda t: 0, moves=[(T.EX, (17, 0)), (T.PETIT, (16, 2))])
    pts, oud, pab, chelem, notes = count_deal(4, T.PRISE, plays, winners, CAMPS4, False)
    assert (pts, oud, pab, chelem) == ([182, 0], 3, T.ATTACK, T.CHELEM_UNANNOUNCED)


def test_chien_counts_for_the_taker_except_garde_contre():
    """Garde sans: the unseen chien is the taker's; Garde contre: the defence's (p.6)."""
    plays, winners = synth(4, lambda t: 1, kitty="HK SK 21 2 3 4", moves=[(T.EX, (5, 2))])
    assert count_deal(4, T.GARDE_SANS, plays, winners, CAMPS4, False)[:2] == ([30, 152], 1)
    assert count_deal(4, T.GARDE_CONTRE, plays, winners, CAMPS4, False)[:2] == ([0, 182], 0)


def test_defence_chelem_and_failed_announcement():
    """Every trick to the defence: defence chelem; announced too: both primes (p.6)."""
    plays, winners = synth(4, lambda t: 3)
    assert count_deal(4, T.PRISE, plays, winners, CAMPS4, False)[3] == T.CHELEM_DEFENCE
    assert count_deal(4, T.PRISE, plays, winners, CAMPS4, True)[3] == T.CHELEM_FAILED_DEFENCE
    plays, winners = synth(4, lambda t: 0 if t else 3)
    assert count_deal(4, T.PRISE, plays, winners, CAMPS4, True)[3] == T.CHELEM_FAILED


def test_petit_au_bout_to_the_camp_taking_the_last_trick():
    """The Petit in the last trick: 10 x multiplier to that trick's winner (p.7)."""
    plays, winners = synth(4, lambda t: 1 if t == 17 else 0, moves=[(T.PETIT, (17, 0))])
    assert count_deal(4, T.GARDE, plays, winners, CAMPS4, False)[2] == T.DEFENCE


# --- deal sizes, petit sec, bidding (FFT p.4-5, p.11-12) ---

def test_deal_sizes():
    """4p: 18 cards and a chien of 6; 3p: 24 and 6; 5p: 15 and 3 (FFT p.4, p.11, p.12)."""
    for players, (hand, chien) in SIZES.items():
        g = T.Game(players)
        assert (g.hand_size, g.chien_size, g.tricks) == (hand, chien, hand)
    with pytest.raises(BadRecord):
        T.Game(4).new_deal(0, [list(range(17))] * 4)
    with pytest.raises(TrickrefError):
        T.Game(6)


def test_petit_sec_annuls_the_deal():
    """The Petit as only trump and no Excuse: the deal is annulled (FFT p.5); known
    hands annul at once, at a real table the player announces it."""
    hands = make_hands(4, {1: "1"}, voids={1: "TX"})
    deal = T.Game(4).new_deal(0, hands)
    assert deal.is_over() and deal.result().status == "petit-sec"
    blind = T.Game(4).new_deal(0)
    with pytest.raises(IllegalPlay):
        blind.announce(2, T.PETIT_SEC, hands[0])  # not a petit sec
    events = blind.announce(2, T.PETIT_SEC, hands[1])
    assert isinstance(events[-1], DealOver) and events[-1].result.marks == (0, 0, 0, 0)


def test_bidding_one_turn_each_and_higher_only():
    """The dealer's right-hand neighbour speaks first, each once, each bid above the last
    (FFT p.5)."""
    deal = T.Game(4).new_deal(3)
    with pytest.raises(IllegalPlay) as e:
        deal.bid(1, T.PRISE)
    assert e.value.reason == NOT_YOUR_TURN
    deal.bid(0, T.GARDE)
    with pytest.raises(IllegalPlay) as e:
        deal.bid(1, "prise")
    assert e.value.reason == T.BID_TOO_LOW
    deal.bid(1, "garde sans")
    deal.bid(2, T.PASS)
    events = deal.bid(3, T.PASS)
    assert events[1] == T.ContractSet(1, T.GARDE_SANS) and deal.current_seat() == 0


def test_all_pass_and_garde_contre_ends_the_bidding():
    """All pass: no deal (FFT p.5). Nothing covers a Garde contre: the bidding ends."""
    deal = T.Game(3).new_deal(0)
    for s in (1, 2, 0):
        events = deal.bid(s, T.PASS)
    assert deal.result().status == "passed" and isinstance(events[-1], DealOver)
    deal = T.Game(4).new_deal(0)
    deal.bid(1, T.GARDE_CONTRE)
    assert deal.phase == T.PHASE_PLAY and deal.current_seat() == 1


# --- chien and écart (FFT p.6) ---

def test_ecart_no_king_no_oudler():
    """No king and no oudler in the écart (FFT p.6)."""
    hands = make_hands(4, {0: "HK 21 H2 H3 H4 H5 H6 H7"})
    deal = start(4, hands, 3, 0, T.PRISE)
    assert deal.phase == T.PHASE_ECART and len(deal.hands[0]) == 24
    for bad in ("HK H2 H3 H4 H5 H6", "21 H2 H3 H4 H5 H6"):
        with pytest.raises(IllegalPlay) as e:
            deal.discard(0, cards(bad))
        assert e.value.reason == T.BAD_ECART
    assert deal.discard(0, cards("H2 H3 H4 H5 H6 H7"))[0] == T.EcartMade(0, ())


def test_ecart_trump_only_when_unavoidable_and_shown():
    """A trump may be discarded only when the hand lacks other cards, and is shown (p.6)."""
    spec = "2 3 4 5 6 7 8 9 10 11 12 13 14 15 HK SK CK DK"
    hands = make_hands(4, {0: spec}, chien="16 17 18 19 20 H2")
    deal = start(4, hands, 3, 0, T.GARDE)
    with pytest.raises(IllegalPlay) as e:
        deal.discard(0, cards("2 3 4 5 6 7"))
    assert e.value.reason == T.BAD_ECART and "unavoidable" in e.value.detail
    events = deal.discard(0, cards("H2 2 3 4 5 6"))
    assert events[0].trumps == tuple(cards("2 3 4 5 6"))


# --- 5 players: the called king (FFT p.12) ---

def test_called_king_or_queen_with_four_kings():
    """Call a king; a queen only with the four kings (FFT p.12)."""
    hands = make_hands(5, {0: "HK SK CK DK"})
    deal = start(5, hands, 4, 0, T.GARDE_SANS)
    with pytest.raises(IllegalPlay) as e:
        deal.call(0, card("HJ"))  # a jack needs the four queens and knights too
    assert e.value.reason == T.BAD_CALL
    deal.call(0, card("HQ"))
    hands = make_hands(5, {0: "HK SK CK"})
    deal = start(5, hands, 4, 0, T.GARDE_SANS)
    with pytest.raises(IllegalPlay):
        deal.call(0, card("SQ"))


def test_called_suit_not_led_on_trick_one():
    """Trick 1 is not led in the called suit except with the called king (FFT p.12)."""
    hands = make_hands(5, {0: "H3 S5", 2: "HK"})
    deal = start(5, hands, 4, 0, T.GARDE_SANS, call="HK")
    assert refused(deal, 0, "H3") == T.CALLED_SUIT
    deal.play(0, card("S5"))


def test_partner_known_when_the_called_king_falls():
    """The called king's holder is the partner, revealed when it is played (FFT p.12)."""
    hands = make_hands(5, {0: "S5", 2: "HK"}, voids={1: "S", 2: "ST"})
    deal = start(5, hands, 4, 0, T.GARDE_SANS, call="HK")
    deal.play(0, card("S5"))
    deal.play(1, deal.legal_cards(1)[0])
    events = deal.play(2, card("HK"))
    assert T.PartnerKnown(2, card("HK")) in events and deal.camp_of(2) == T.ATTACK


# --- card play (FFT p.7-8) ---

def test_must_follow_suit_without_heading_the_trick():
    """Follow the suit led; no obligation to play higher in a plain suit (FFT p.7)."""
    deal = start(4, make_hands(4, {0: "H7", 1: "H2 S5"}), 3, 0)
    deal.play(0, card("H7"))
    assert refused(deal, 1, "S5") == MUST_FOLLOW
    deal.play(1, card("H2"))


def test_must_trump_when_void():
    """Void in the suit led: trump (FFT p.7)."""
    deal = start(4, make_hands(4, {0: "H7", 1: "S5 5"}, voids={1: "H"}), 3, 0)
    deal.play(0, card("H7"))
    assert refused(deal, 1, "S5") == T.MUST_TRUMP
    deal.play(1, card("5"))


def test_must_overtrump_when_able_else_undertrump():
    """Over a trump already played, overtrump if you can, else any trump (FFT p.7)."""
    hands = make_hands(4, {0: "H7", 1: "10", 2: "4 12", 3: "3 S9"},
                       voids={0: "T", 1: "H", 2: "H", 3: "HT"})
    deal = start(4, hands, 3, 0)
    deal.play(0, card("H7"))
    deal.play(1, card("10"))
    assert refused(deal, 2, "4") == T.MUST_OVERTRUMP
    deal.play(2, card("12"))
    assert refused(deal, 3, "S9") == T.MUST_TRUMP
    events = deal.play(3, card("3"))  # cannot overtrump: a lower trump is allowed
    assert events[1] == TrickTaken(2, tuple(cards("H7 10 12 3")), 4, "12 top trump")


def test_trumps_led_play_higher():
    """Trumps led: play higher than every trump played if you can (FFT p.7)."""
    deal = start(4, make_hands(4, {0: "15", 1: "5 17 H3"}), 3, 0)
    deal.play(0, card("15"))
    assert refused(deal, 1, "5") == T.MUST_OVERTRUMP
    assert refused(deal, 1, "H3") == MUST_FOLLOW
    deal.play(1, card("17"))


def test_discard_any_card_without_suit_or_trump():
    """Neither the suit led nor a trump: any card (FFT p.7)."""
    deal = start(4, make_hands(4, {0: "H7", 1: "S5 C5"}, voids={1: "HTX"}), 3, 0)
    deal.play(0, card("H7"))
    assert deal.legal(1, card("S5")) and deal.legal(1, card("C5"))


def test_excuse_any_time_never_wins_and_next_card_sets_the_suit():
    """The Excuse may be played at any time; led, the next card sets the suit; it does
    not win the trick (FFT p.8)."""
    hands = make_hands(4, {0: "EX", 1: "S5", 2: "S6 H2", 3: "H3"})
    deal = start(4, hands, 3, 0)
    deal.play(0, T.EX)
    deal.play(1, card("S5"))
    assert refused(deal, 2, "H2") == MUST_FOLLOW
    deal.play(2, card("S6"))
    events = deal.play(3, deal.legal_cards(3)[0])
    assert events[1].seat != 0


def test_not_your_turn_not_in_hand_already_played():
    """The referee's basics: turn order, the card in the hand, each card once."""
    deal = start(4, make_hands(4, {0: "H7 H8", 1: "H2"}), 3, 0)
    assert refused(deal, 1, "H2") == NOT_YOUR_TURN
    assert refused(deal, 0, "H2") == NOT_IN_HAND
    deal.play(0, card("H7"))
    assert refused(deal, 1, "H7") == ALREADY_PLAYED


# --- announcements: poignée, chelem (FFT p.6-7) ---

def test_poignee_exact_size_in_hand_at_first_card():
    """Show exactly 10 (13, 15) trumps, from the hand, before the first card (FFT p.7)."""
    hands = make_hands(4, {0: "H7", 1: "11 12 13 14 15 16 17 18 19 20 21"})
    deal = start(4, hands, 3, 0)
    with pytest.raises(IllegalPlay) as e:
        deal.announce(0, T.POIGNEE, cards("11 12 13 14 15 16 17 18 19 20"))
    assert e.value.reason == NOT_IN_HAND
    deal.play(0, card("H7"))
    with pytest.raises(IllegalPlay) as e:
        deal.announce(1, T.POIGNEE, cards("11 12 13 14 15 16 17 18 19 20 21"))
    assert e.value.reason == T.BAD_POIGNEE
    events = deal.announce(1, T.POIGNEE, cards("11 12 13 14 15 16 17 18 19 20"))
    assert events == [T.PoigneeShown(1, tuple(cards("11 12 13 14 15 16 17 18 19 20")), 0)]


def test_poignee_excuse_only_when_every_trump_is_shown():
    """The Excuse stands in for a trump only if the poignée shows every trump (p.7)."""
    hands = make_hands(4, {0: "2 3 4 5 6 7 8 9 10 EX H7"}, voids={0: "T"})
    deal = start(4, hands, 3, 0)
    deal.announce(0, T.POIGNEE, cards("2 3 4 5 6 7 8 9 10 EX"))
    hands = make_hands(4, {0: "2 3 4 5 6 7 8 9 10 11 EX H7"}, voids={0: "T"})
    deal = start(4, hands, 3, 0)
    with pytest.raises(IllegalPlay) as e:
        deal.announce(0, T.POIGNEE, cards("2 3 4 5 6 7 8 9 10 EX"))
    assert e.value.reason == T.BAD_POIGNEE


def test_chelem_announced_taker_leads_keeps_excuse_and_wins_last_trick():
    """The announcer leads trick 1, keeps the Excuse for the last trick, where it wins;
    announced and made: +400 (FFT p.6). (He may lead it earlier: see
    tests/test_tarot_chelem_excuse.py.)"""
    hands = make_hands(4, {0: "5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 EX", 1: "1 2"},
                       chien="3 4")
    deal = start(4, hands, 1, 0)  # seat 2 would lead; the announcer leads instead
    with pytest.raises(IllegalPlay) as e:
        deal.announce(1, T.CHELEM)
    assert e.value.reason == T.NOT_TAKER
    deal.announce(0, T.CHELEM)
    assert deal.current_seat() == 0
    for t in range(17):
        deal.play(0, card(str(21 - t)))
        for s in (1, 2, 3):
            deal.play(s, deal.legal_cards(s)[0])
    deal.play(0, T.EX)
    for s in (1, 2, 3):
        events = deal.play(s, deal.legal_cards(s)[0])
    assert events[-2].seat == 0 and "Excuse" in events[-2].reason
    res = events[-1].result
    assert (res.chelem, res.attack_points, res.score.chelem) == (T.CHELEM_ANNOUNCED, 182, 400)


def test_excuse_forbidden_in_last_trick_option():
    """Option excuse_last=forbidden (regles2jeux.fr): whoever holds the Excuse with two
    cards left must play it now, so it never reaches the last trick."""
    for seed in range(1, 40):
        _, res, actions = tarot_check.random_deal(T, rng, 4, seed, excuse_last="forbidden")
        ex = [i for i, (verb, args) in enumerate(actions) if verb == "play" and args[1] == T.EX]
        plays = [a for a in actions if a[0] == "play"]
        assert not ex or plays.index(actions[ex[0]]) < 68
    with pytest.raises(TrickrefError):
        T.Game(4, excuse_last="sometimes")


# --- unknown hands: revokes found later (FFT p.7) ---

def _blind(players=4, dealer=3, taker=0):
    deal = T.Game(players).new_deal(dealer)
    while deal.phase == T.PHASE_BIDDING:
        s = deal.current_seat()
        deal.bid(s, T.GARDE_SANS if s == taker else T.PASS)
    return deal


def test_unknown_hands_revoke_found_when_the_suit_reappears():
    """With unknown hands a failure to follow is accepted; playing that suit later proves
    the revoke."""
    deal = _blind()
    for s, c in ((0, "H7"), (1, "S5"), (2, "H2"), (3, "H3")):
        deal.play(s, card(c))
    for s, c in ((0, "H9"), (1, "H4")):
        events = deal.play(s, card(c))
    revokes = [e for e in events if isinstance(e, RevokeFound)]
    assert revokes == [RevokeFound(1, card("H4"), 0, REVOKE, revokes[0].detail)]


def test_unknown_hands_failure_to_trump_or_overtrump_found_later():
    """Discarding without trumping, or undertrumping, is proven by a later higher trump."""
    deal = _blind()
    for s, c in ((0, "H7"), (1, "S5"), (2, "10"), (3, "4")):
        deal.play(s, card(c))
    # seat 2 leads now
    events = []
    for s, c in ((2, "C2"), (3, "15"), (0, "C3"), (1, "2")):
        events += deal.play(s, card(c))
    reasons = [(e.seat, e.reason) for e in events if isinstance(e, RevokeFound)]
    assert reasons == [(3, T.MUST_OVERTRUMP), (1, T.MUST_TRUMP)]


# --- match, referee ---

def test_match_rotates_the_dealer_and_keeps_totals():
    """The deal passes to the right (dealer + 1); annulled deals score nothing."""
    m = T.Match(T.Game(4), dealer=3)
    d = m.new_deal(make_hands(4, {1: "1"}, voids={1: "TX"}))
    assert m.record(d.result()) == [0, 0, 0, 0] and m.dealer == 0
    seed, res, actions = tarot_check.random_deal(T, rng, 4, 11)
    assert m.record(res) == list(res.marks) and m.dealer == 1
    with pytest.raises(TrickrefError):
        m.record(m.new_deal().result())


def test_referee_undo_replays_the_deal():
    """The referee's undo (replay minus the last action) works with the tarot verbs."""
    hands = make_hands(4, {0: "H7", 1: "H2 S5"})
    ref = Referee(lambda: T.Game(4).new_deal(3, hands))
    for s in range(4):
        ref.act("bid", s, T.GARDE_SANS if s == 0 else T.PASS)
    ref.card(0, card("H7"))
    assert ref.card(1, card("S5"))[0].reason == MUST_FOLLOW
    ref.card(1, card("H2"))
    ref.undo()
    assert ref.current_seat() == 1 and ref.deal.trick == [card("H7")]


# --- property tests over seeded random legal deals ---

def oracle(deal, seat):
    """{card: None or the reason it is refused} for ``seat``'s hand, from the FFT text
    (p.7-8, p.12), written apart from the engine."""
    hand = deal.hands[seat]
    trick = deal.trick
    plain = [c for c in trick if c != T.EX]
    out = {}
    for c in hand:
        reason = None
        if c == T.EX:
            pass  # at any time, the chelem announcer's too (FFT p.6-8)
        elif not plain:
            if (not trick and deal.players == 5 and deal.tricks_done == 0
                    and c // 14 == deal.called // 14 and c < 56 and c != deal.called):
                reason = T.CALLED_SUIT
        else:
            led = 4 if plain[0] >= 56 else plain[0] // 14
            suit = 4 if c >= 56 else c // 14
            high = max([t - 55 for t in plain if t >= 56] or [0])
            has_led = any((4 if h >= 56 and h != T.EX else h // 14) == led
                          for h in hand if h != T.EX)
            higher = any(56 <= h < 77 and h - 55 > high for h in hand)
            trumps = any(56 <= h < 77 for h in hand)
            if suit != led and has_led:
                reason = MUST_FOLLOW
            elif suit == 4 and c - 55 < high and higher:
                reason = T.MUST_OVERTRUMP
            elif suit != 4 and suit != led and trumps:
                reason = T.MUST_TRUMP
        out[c] = reason
    return out


def random_checked_deal(players, seed):
    """Play a deal with random choices, checking every card of the hand against the
    oracle at every turn; returns (deal, events, actions)."""
    r = rng.Rng(seed)
    game = T.Game(players)
    hands, _ = T.split_pack(r.shuffle(list(range(78))), players)
    deal = game.new_deal(r.below(players), hands)
    actions = []
    events = []

    def act(verb, *args):
        events.extend(getattr(deal, verb)(*args))
        actions.append((verb, args))

    while deal.phase == T.PHASE_BIDDING:
        c = r.below(5)
        act("bid", deal.current_seat(), c if c > deal.contract and r.below(2) else 0)
    if deal.is_over():
        return deal, events, actions
    if deal.phase == T.PHASE_CALL:
        rank = 13
        while all(s * 14 + rank in deal.hands[deal.taker] for s in range(4)):
            rank -= 1
        act("call", deal.taker, r.below(4) * 14 + rank)
    if deal.phase == T.PHASE_ECART:
        hand = deal.hands[deal.taker]
        free = r.shuffle([c for c in hand if c < 56 and c % 14 != 13])
        trumps = [c for c in hand if 56 < c < 76]
        act("discard", deal.taker, (free + trumps)[:game.chien_size])
    if r.below(8) == 0:
        act("announce", deal.taker, T.CHELEM)
    first = set()
    while not deal.is_over():
        seat = deal.current_seat()
        if seat not in first:
            first.add(seat)
            trumps = [c for c in deal.hands[seat] if 56 <= c < 77]
            need = {3: 13, 4: 10, 5: 8}[players]
            if len(trumps) >= need and r.below(2):
                act("announce", seat, T.POIGNEE, trumps[:need])
        want = oracle(deal, seat)
        for c, reason in want.items():
            if reason is None:
                assert deal.legal(seat, c), (c, deal.trick)
            else:
                with pytest.raises(IllegalPlay) as e:
                    deal.check_play(seat, c)
                assert e.value.reason == reason, (c, deal.trick, e.value)
        nxt = (seat + 1) % players
        if deal.hands[nxt]:
            with pytest.raises(IllegalPlay) as e:
                deal.check_play(seat, deal.hands[nxt][0])
            assert e.value.reason == NOT_IN_HAND
            with pytest.raises(IllegalPlay) as e:
                deal.check_play(nxt, deal.hands[nxt][0])
            assert e.value.reason == NOT_YOUR_TURN
        if deal.history:
            with pytest.raises(IllegalPlay) as e:
                deal.check_play(seat, deal.history[0][1])
            assert e.value.reason == ALREADY_PLAYED
        act("play", seat, r.choice([c for c in want if want[c] is None]))
    return deal, events, actions


@settings(max_examples=90, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(1, 2 ** 31))
def test_random_deals_keep_the_invariants(players, seed):
    """Seeded random legal deals: every play the engine accepts is legal by the oracle and
    every illegal one is refused with its rule; 182 half-points; every card taken once;
    marks sum to 0; the same actions with unknown hands give the same result."""
    deal, events, actions = random_checked_deal(players, seed)
    res = deal.result()
    if res.status != "played":
        return
    taken = [e for e in events if isinstance(e, TrickTaken)]
    assert len(taken) == deal.game.tricks
    out = [c for e in taken for c in e.cards]
    unseen = [c for c in range(78) if c not in out]
    assert sorted(out + unseen) == list(range(78)) and len(unseen) == deal.game.chien_size
    assert sum(e.points for e in taken) + T.card_points(unseen) == 182
    assert res.attack_points + res.defence_points == 182
    assert sum(res.marks) == 0
    share = {3: 2, 4: 3, 5: 4 if res.partner is None else 2}[players]
    assert res.marks[res.taker] == share * res.score.per_defender
    assert not [e for e in events if isinstance(e, RevokeFound)]
    blind = deal.game.new_deal(deal.dealer)
    blind_events = []
    for verb, args in actions:
        blind_events += getattr(blind, verb)(*args)
    assert blind.result()._replace(score=None) == res._replace(score=None)
    assert blind.result().score.as_dict() == res.score.as_dict()
    assert not [e for e in blind_events if isinstance(e, RevokeFound)]


# --- MicroPython ---

def test_micropython_runs_the_fft_examples_and_agrees_on_random_deals():
    """Under MicroPython (128K heap) importing only core.games.tarot (and core.rng): every
    FFT example, and one seeded deal per player count with the same marks as CPython; the
    four-player deal's marks booked on a mort's five-seat sheet (core.games.tarot_mort)."""
    out = run_mp("check_tarot.py", heap="128K")
    assert out.strip().splitlines()[-1] == "OK 13"
    for players in (3, 4, 5):
        seed, res, actions = tarot_check.random_deal(T, rng, players, players * 7)
        assert "deal %d %d %r" % (players, seed, list(res.marks)) in out

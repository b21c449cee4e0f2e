"""Issue 14 item 6 for Tarot: a proven violation decides the deal (option ``violations``,
docs/rules/tarot.md "Violations"): the offender's camp loses, scored with the FFT's
formula (p.8-9: (25 + |points - target|) x multiplier, petit au bout to the camp that took
it, poignée primes to the deal's winner); ``violations=report`` scores it as played.

The deals are played with hands unknown to the referee (as at the table): every seat plays
a legal card of its real hand except one seat that fails to follow once; a later card of
that suit proves the revoke.
"""

import json
import random

import pytest

from core.errors import IllegalPlay, TrickrefError
from core.events import RevokeFound
from core.games import tarot as T
from core.games import tarot_rules as rules
from device.flows import check_options
from device.flows import tarot as flow

SEED = 14  # a deal the garde taker (seat 1) fails as played, by 56 - 33 = 23 (see below)
MADE = 21  # a deal he makes as played when the taker revokes, by 44 - 41 = 3


def _hands(seed):
    """Real hands of a 4-player deal (seat 1 takes a garde and gets the chien) and the
    taker's écart: his six lowest suit cards below the king (FFT p.6)."""
    rng = random.Random(seed)
    pack = list(range(78))
    rng.shuffle(pack)
    hands, chien = T.split_pack(pack, 4)
    assert not any(T.is_petit_sec(h) for h in hands)
    taker = hands[1] + chien
    ecart = sorted(c for c in taker if T.SUITS[c] < 4 and T.POWER[c] < 13)[:6]
    hands[1] = [c for c in taker if c not in ecart]
    return hands, ecart


def _actions(seed, offender):
    """The deal's actions as a record lists them, the offender failing to follow the
    first plain suit led to him while he holds it; returns ``(actions, revoke_trick)``."""
    hands, ecart = _hands(seed)
    deal = T.Game(4, violations=T.VIOLATIONS_REPORT).new_deal(0, None)
    actions = []
    for s, b in ((1, "garde"), (2, "pass"), (3, "pass"), (0, "pass")):
        deal.bid(s, b)
        actions.append(["bid", [s, b]])
    deal.discard(1, ecart)
    actions.append(["discard", [1, [T.TAROT.code(c) for c in ecart]]])
    revoked = -1
    while not deal.is_over():
        s = deal.current_seat()
        led = rules.led_suit(deal.trick)
        if s == offender and revoked < 0 and 0 <= led < 4 and \
                [c for c in hands[s] if T.SUITS[c] == led]:
            # a trump if he has one (only the revoke is then proven), else another suit
            other = [c for c in hands[s] if T.SUITS[c] == 4 and c != T.EX] or \
                [c for c in hands[s] if T.SUITS[c] != led and c != T.EX]
            card = max(other)
            revoked = deal.tricks_done
        else:
            card = min(c for c in hands[s] if _legal(deal.trick, hands[s], c))
        deal.play(s, card)
        hands[s].remove(card)
        actions.append(["play", [s, T.TAROT.code(card)]])
    return actions, revoked


def _legal(trick, held, card):
    try:
        rules.check_card(trick, held, card)
    except IllegalPlay:
        return False
    return True


def _play(actions, violations):
    deal = T.Game(4, violations=violations).new_deal(0, None)
    events = []
    c = T.TAROT.parse
    for verb, args in actions:
        if verb == "discard":
            events += deal.discard(args[0], [c(x) for x in args[1]])
        elif verb == "play":
            events += deal.play(args[0], c(args[1]))
        else:
            events += getattr(deal, verb)(*args)
    return deal.result(), [e for e in events if isinstance(e, RevokeFound)]


@pytest.mark.parametrize("seed, offender", [(SEED, 2), (MADE, 1)])
def test_a_revoke_proven_later_decides_the_deal_against_the_offenders_camp(seed, offender):
    actions, trick = _actions(seed, offender)
    played, found = _play(actions, T.VIOLATIONS_REPORT)
    decided, found2 = _play(actions, T.VIOLATIONS_DECIDE)
    assert [(e.seat, e.reason, e.trick) for e in found] == [(offender, "revoke", trick)]
    assert found2 == found and played.violation is None
    assert decided.violation == (offender, "revoke", trick)
    # the same cards, the same count: only the outcome changes
    assert (decided.attack_points, decided.oudlers) == (played.attack_points, played.oudlers)
    sc, as_played = decided.score, played.score
    won = offender != 1  # a defender's revoke makes the taker's garde; the taker's fails it
    assert sc.won is won and as_played.won is not won  # the outcome is turned over
    assert played.attack_points % 2 == 0  # no half point: the margin is the same
    pab = as_played.petit_au_bout
    per = (25 + abs(as_played.diff)) * 2  # garde x2 (FFT p.8)
    assert sc.per_defender == (per if won else -per) + pab
    assert sc.marks == (-sc.per_defender, 3 * sc.per_defender, -sc.per_defender,
                        -sc.per_defender)
    assert sum(sc.marks) == 0


def test_the_figures_of_the_two_deals():
    """FFT p.8: garde x2. Seed 14: 33 points without oudler (56 needed), failed by 23:
    as played each defender receives (25 + 23) x 2 = 96; seat 2's revoke turns it into a
    made garde, each defender paying 96. Seed 21: 44 points with 2 oudlers (41), made by
    3, (25 + 3) x 2 = 56; the taker's own revoke makes him pay it."""
    for seed, offender, target, counted, per in ((SEED, 2, 56, 33, 96), (MADE, 1, 41, 44, 56)):
        actions, _ = _actions(seed, offender)
        played, _ = _play(actions, T.VIOLATIONS_REPORT)
        decided, _ = _play(actions, T.VIOLATIONS_DECIDE)
        sc = played.score
        assert (sc.target, sc.counted, sc.petit_au_bout, sc.poignee) == (target, counted, 0, 0)
        assert (sc.per_defender, decided.score.per_defender) == \
            ((-per, per) if offender == 2 else (per, -per))


def test_report_keeps_the_played_score_and_decide_is_the_default():
    assert T.Game(4).violations == T.VIOLATIONS_DECIDE
    with pytest.raises(TrickrefError, match="violations 'maybe'"):
        T.Game(4, violations="maybe")
    answers = check_options(flow, 4, {"violations": "report"})
    assert [a[:2] for a in answers if a[0] == "violations"] == [("violations", "report")]
    with pytest.raises(ValueError, match="violations='never'"):
        check_options(flow, 4, {"violations": "never"})


def test_the_score_takes_the_losing_camp():
    # FFT p.9 formula: garde, 2 oudlers, 45 points = made by 4: (25 + 4) x 2 = 58
    assert T.score(4, "garde", 90, 2).per_defender == 58
    assert T.score(4, "garde", 90, 2, loser=T.ATTACK).per_defender == -58
    assert T.score(4, "garde", 60, 2, loser=T.DEFENCE).per_defender == (25 + 11) * 2
    # a half point goes to the deal's winner (FFT p.11): 40.5 with 2 oudlers, defence
    # offends: counted 41, made by 0
    assert T.score(4, "garde", 81, 2, loser=T.DEFENCE).per_defender == 50
    with pytest.raises(TrickrefError):
        T.score(4, "garde", 90, 2, loser=7)


@pytest.fixture
def replay(tmp_path, replay_json):
    def run(actions, options):
        path = tmp_path / "r.jsonl"
        rec = {"format": "trickref/1", "game": "tarot", "players": 4, "options": options,
               "deal": 1, "actions": actions}
        path.write_text(json.dumps(rec) + "\n")
        return replay_json(path)
    return run


def test_the_board_decides_the_revoke_and_the_lcd_names_it(replay):
    actions, trick = _actions(SEED, 2)
    status, out = replay(actions, {})  # decide is the default
    assert status == 0
    assert out[0]["violations"] == [{"seat": 2, "kind": "revoke", "trick": trick}]
    res = out[0]["result"]
    assert res["violation"] == [2, "revoke", trick]
    assert res["marks"] == [-96, 288, -96, -96]
    status, out = replay(actions, {"violations": "report"})
    assert status == 0 and out[0]["result"]["marks"] == [96, -288, 96, 96]
    decided, _ = _play(actions, T.VIOLATIONS_DECIDE)
    lines = flow.result_lines(decided)
    assert lines[2] == "P3 revoke" and all(len(x) <= 16 for x in lines)


def test_the_option_reaches_the_link_the_cli_and_the_controller(tmp_path):
    import contextlib
    import io

    from device.host_check import check_new_game
    from host_sim.cli import main
    from host_sim.script import run_script
    args = {"game": "tarot", "players": 4, "excuse_last": "other-camp",
            "excuse_slam": "any", "violations": "report", "poignees": "fft",
            "rounding": "off", "misere": "off"}
    assert check_new_game(args, 4)[2]["violations"] == "report"
    with pytest.raises(ValueError, match="violations"):
        check_new_game(dict(args, violations="sometimes"), 4)
    board = run_script("", "tarot", 4, out=lambda line: None)
    board.controller.start_game("tarot", 4, {"violations": "report"})
    assert board.controller.match.game.violations == "report"
    script = tmp_path / "s.txt"
    script.write_text("")
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        assert main(["sim", "--game", "tarot", "--script", str(script),
                     "--option", "violations=maybe"]) == 1
    assert "violations" in err.getvalue() and "maybe" in err.getvalue()


# --- one discard, one offence (hands unknown) ---

_T1 = [(1, "HK"), (2, "S2"), (3, "H3"), (0, "H4")]  # P3 discards S2 on hearts: void H, trumps


def _found(plays):
    """Seat 1's garde, hands unknown, report only; the violations the plays prove."""
    deal = T.Game(4, violations=T.VIOLATIONS_REPORT).new_deal(0, None)
    for s, b in ((1, "garde"), (2, "pass"), (3, "pass"), (0, "pass")):
        deal.bid(s, b)
    deal.discard(1, None)
    found = []
    for s, code in plays:
        assert deal.current_seat() == s, (s, code)
        found += [(e.seat, e.reason, e.trick) for e in deal.play(s, T.TAROT.parse(code))
                  if isinstance(e, RevokeFound)]
    return found


@pytest.mark.parametrize("plays,once", [
    # H5 follows hearts in trick 2 (a revoke in trick 1), then 7 trumps a diamond lead
    (_T1 + [(1, "HQ"), (2, "H5"), (3, "H7"), (0, "H8"), (1, "DK"), (2, "7"), (3, "D6"),
            (0, "D7")], (2, "revoke", 0)),
    # 7 trumps a diamond lead (no trump in trick 1), then P3 leads H5
    (_T1 + [(1, "DK"), (2, "7"), (3, "D6"), (0, "D7"), (2, "H5"), (3, "H7"), (0, "H8"),
            (1, "HQ")], (2, rules.MUST_TRUMP, 0))])
def test_one_discard_is_one_violation_whichever_card_proves_it(plays, once):
    """FFT p.5: a player who cannot follow must trump. P3's S2 on hearts broke one of the
    two, never both: a heart later proves the revoke, a trump later the failure to trump,
    and the second card proves nothing more. Both were reported ("revoke" and "no trump"
    for the same card in trick 1), listing a second violation that never happened."""
    assert _found(plays) == [once]


def test_a_second_discard_is_its_own_violation():
    """P3 discards S2 on hearts (trick 1) and S3 on clubs (trick 2); H5 later proves the
    revoke of trick 1, and the trump 7 then the failure to trump in trick 2: each discard
    broke a rule once. Forgetting trick 1's other reading forgot trick 2's no-trump too."""
    plays = _T1 + [(1, "CK"), (2, "S3"), (3, "C3"), (0, "C4"),
                   (1, "HQ"), (2, "H5"), (3, "H7"), (0, "H8"),
                   (1, "DK"), (2, "7"), (3, "D6"), (0, "D7")]
    assert _found(plays) == [(2, "revoke", 0), (2, rules.MUST_TRUMP, 1)]

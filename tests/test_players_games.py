"""The sampling player of Tarot, Magistr and Zhopa (host_sim/players/sampling.py, games.py).

Whole deals through the referee (``core.games.tarot/magistr/zhopa`` raise IllegalPlay on
any move the rules refuse: FFT p.5-8 and p.12, seed 000/001 beating rules), samples that
keep what the seat has seen and the voids shown (FFT p.7), and the duplicate runner.
"""

import copy
import random

import pytest

from core.games import tarot, zhopa
from core.games.tarot_score import SUITS
from host_sim.players import duplicate
from host_sim.players.games import TarotRules, callable_cards, ecarts, rules_for, shown_voids
from host_sim.players.sampling import SamplingPlayer, fill, resample


def _deal(game, seed, players=4):
    rnd = random.Random(seed)
    if game == "tarot" and players != 4:
        from core.rng import Rng
        hands, _ = tarot.split_pack(Rng(seed).shuffle(list(range(78))), players)
        return tarot.Game(players).new_deal(0, hands)
    return duplicate.new_deal(game, rnd)


@pytest.mark.parametrize("game,players,seed", [
    ("tarot", 4, 1), ("tarot", 5, 2), ("tarot", 3, 3), ("magistr", 4, 4), ("magistr", 4, 5),
    ("zhopa", 4, 6), ("zhopa", 4, 7)])
def test_sampling_players_play_whole_legal_deals_in_every_seat(game, players, seed):
    rules = rules_for(game)
    d = _deal(game, seed, players)
    player = SamplingPlayer(rules, worlds=1, time_budget=0.0, seed=seed, min_worlds=1)
    kinds = set()
    while not d.is_over():
        seat = d.current_seat()
        choice = player.decide(d, seat)
        assert choice.move in rules.moves(d, seat)
        assert choice.reason
        kinds.add(type(choice.move).__name__)
        rules.apply(d, seat, choice.move)  # the referee refuses anything illegal
    assert "int" in kinds or d.result().status != "played"
    if game == "zhopa":
        assert "bool" in kinds  # the go bids were the player's too


def test_a_forced_move_costs_no_sample():
    d = _deal("tarot", 11)
    rules = TarotRules()
    # the last speaker after a garde contre has nothing left but to... speak in turn: use a
    # hand with one legal card instead: play until a seat has one legal card
    player = SamplingPlayer(rules, worlds=1, time_budget=0.0, min_worlds=1)
    for seat in range(4):
        d.bid(d.current_seat(), "pass" if seat else "garde")
    t = d.taker
    d.discard(t, list(ecarts(d.hands[t], 6)[0]))
    while not d.is_over():
        seat = d.current_seat()
        if len(d.legal_cards(seat)) == 1:
            c = player.decide(d, seat)
            assert c.worlds == 0 and c.chance is None and c.reason.endswith("the only move")
            return
        d.play(seat, d.legal_cards(seat)[0])
    pytest.fail("no forced card in the deal")


@pytest.mark.parametrize("game", ["tarot", "magistr", "zhopa"])
def test_the_budget_is_hard_and_the_move_still_legal(game):
    # A budget already spent: not one world completes, yet the answer is a legal move
    # (the best of the playouts that ran, or the first move), never an error.
    d = _deal(game, 21)
    rules = rules_for(game)
    player = SamplingPlayer(rules, worlds=48, time_budget=0.0)
    for _ in range(6):
        if d.is_over():  # Tarot: all passed
            break
        seat = d.current_seat()
        moves = rules.moves(d, seat)
        c = player.decide(d, seat)
        assert c.move in moves
        if len(moves) > 1:
            assert c.worlds == 0 and c.chance is None and c.reason.endswith("out of time")
        rules.apply(d, seat, c.move)


def test_sample_counts_outlast_the_budget():
    # min_worlds: sampled whatever the clock says (reproducible runs, the duplicate play).
    d = _deal("magistr", 22)
    player = SamplingPlayer(rules_for("magistr"), worlds=3, time_budget=0.0, min_worlds=3)
    seat = d.current_seat()
    assert player.decide(d, seat).worlds == 3


def test_fill_respects_places_and_sizes():
    rnd = random.Random(1)
    for _ in range(20):
        out = fill(list(range(6)), [2, 3, 1], lambda p, c: (c < 2) == (p == 0), rnd)
        assert sorted(out[0]) == [0, 1] and len(out[1]) == 3 and len(out[2]) == 1
    with pytest.raises(ValueError):
        fill([1, 2], [3], lambda p, c: True, rnd)


@pytest.mark.parametrize("seed", range(6))
def test_tarot_samples_keep_the_seen_cards_and_the_voids(seed):
    rnd = random.Random(seed)
    d = _deal("tarot", seed)
    rules = TarotRules()
    for s in range(4):
        d.bid(d.current_seat(), "pass" if s else "prise")
    d.discard(d.taker, list(ecarts(d.hands[d.taker], 6)[0]))
    while len(d.history) < 40 and not d.is_over():
        seat = d.current_seat()
        d.play(seat, rnd.choice(d.legal_cards(seat)))
    seat = d.current_seat()
    voids = shown_voids(d)
    for other in range(4):
        for suit in voids[other]:  # a void shown is real
            assert not [c for c in d.hands[other] if SUITS[c] == suit]
    for _ in range(10):
        w = resample(d, seat, rules, rnd)
        assert w.hands[seat] == d.hands[seat] and w.history == d.history
        for other in range(4):
            assert len(w.hands[other]) == len(d.hands[other])
            assert not [c for c in w.hands[other] if SUITS[c] in voids[other]]
        if seat != d.taker:  # the écart is hidden from the defence: no king, no trump
            assert len(w.ecart) == 6
        else:
            assert w.ecart == d.ecart
        hidden = sorted(c for s in range(4) if s != seat for c in d.hands[s])
        if seat != d.taker:
            hidden = sorted(hidden + list(d.ecart))
            assert sorted(c for s in range(4) if s != seat for c in w.hands[s]) + [] \
                != [] and sorted([c for s in range(4) if s != seat for c in w.hands[s]]
                                 + list(w.ecart)) == hidden
        else:
            assert sorted(c for s in range(4) if s != seat for c in w.hands[s]) == hidden


def test_zhopa_samples_hide_the_stock():
    d = _deal("zhopa", 3)
    rules = rules_for("zhopa")
    w = resample(d, d.current_seat(), rules, random.Random(2))
    seat = d.current_seat()
    assert w.hands[seat] == d.hands[seat]
    before = sorted(d.stock + [c for s in range(4) if s != seat for c in d.hands[s]])
    after = sorted(w.stock + [c for s in range(4) if s != seat for c in w.hands[s]])
    assert before == after and len(w.stock) == len(d.stock)
    assert d.phase == zhopa.PHASE_BID and rules.moves(d, seat) == [True, False]


def test_callable_cards_follow_fft_p12():
    kings = [s * 14 + 13 for s in range(4)]
    queens = [s * 14 + 12 for s in range(4)]
    assert callable_cards([kings[0], 1, 2]) == kings[1:]
    assert callable_cards(kings + [queens[0]]) == queens[1:]


def test_ecart_candidates_are_accepted_by_the_referee():
    for seed in range(8):
        d = _deal("tarot", 20 + seed)
        if d.is_over():
            continue
        for s in range(4):
            d.bid(d.current_seat(), "pass" if s else "garde")
        for cand in ecarts(d.hands[d.taker], 6):
            e = copy.deepcopy(d)
            e.discard(e.taker, list(cand))
            assert e.phase == tarot.PHASE_PLAY


def test_duplicate_runs_are_seeded():
    a = duplicate.run("magistr", 1, worlds=1, seed=3)
    b = duplicate.run("magistr", 1, worlds=1, seed=3)
    assert a["n"] == 4 and a["mean"] == b["mean"] and a["low"] <= a["mean"] <= a["high"]


def test_chunked_duplicate_runs_pool_the_runs_of_their_seeds():
    # chunk=1 from seed 3: the runs of seeds 3 and 4 (one deal each), pooled: their means
    # averaged (as many seat-deals each).
    pooled = duplicate.run("zhopa", 2, worlds=1, seed=3, chunk=1)
    a, b = (duplicate.run("zhopa", 1, worlds=1, seed=s) for s in (3, 4))
    assert pooled["n"] == 8 and pooled["deals"] == 2
    assert pooled["mean"] == pytest.approx((a["mean"] + b["mean"]) / 2)


def test_poignee_is_offered_shown_and_kept_in_the_samples():
    # seat 0 (a defender, first to lead) holds trumps 2-11: ten, a simple poignée at 4
    # players (FFT p.7); seat 1 takes
    rest = [c for c in range(78) if not 57 <= c <= 66 and c >= 8]
    hands = [list(range(57, 67)) + list(range(8)), rest[0:18], rest[18:36], rest[36:54]]
    d = tarot.Game(4).new_deal(3, hands)
    for s in range(4):
        d.bid(d.current_seat(), "prise" if s == 1 else "pass")
    d.discard(1, list(ecarts(d.hands[1], 6)[0]))
    rules = TarotRules()
    shown = [m for m in rules.moves(d, 0) if isinstance(m, tuple)]
    assert shown == [tuple(range(57, 67))]
    assert rules.describe(d, 0, shown[0]) == "shows a poignée of 10 trumps"
    rules.apply(d, 0, shown[0])  # the referee's check_poignee accepts it
    assert d.poignees == [(0, tuple(range(57, 67)))]
    assert not [m for m in rules.moves(d, 0) if isinstance(m, tuple)]  # once
    assert not [m for m in TarotRules(poignee=False).moves(d, 0) if isinstance(m, tuple)]
    d.play(0, d.legal_cards(0)[0])
    for k in range(5):
        w = resample(d, 1, rules, random.Random(k))
        assert set(range(57, 67)) - set(c for _, c in d.history) <= set(w.hands[0])


class _PlayoutClock:
    """A clock that moves only when a playout runs (``step`` seconds each): the budget's
    logic checked without timing anything."""

    def __init__(self, step):
        self.now = 0.0
        self.step = step

    def perf_counter(self):
        return self.now


def test_no_world_is_started_that_would_end_past_the_budget(monkeypatch):
    # 30 ms a playout, a 3-move decision: 90 ms a world; a 200 ms budget holds two worlds
    # (ending at 180 ms). A third would end at 270 ms: not started (reading the clock only
    # after playouts, the old loop started it and dropped it at 210 ms, past the budget).
    import host_sim.players.sampling as sampling
    d = _deal("magistr", 22)
    rules = rules_for("magistr")
    seat = d.current_seat()
    while len(rules.moves(d, seat)) != 3:
        rules.apply(d, seat, rules.moves(d, seat)[0])
        seat = d.current_seat()
    clock = _PlayoutClock(0.03)
    real = rules.playout

    def playout(*args):
        clock.now += clock.step
        return real(*args)

    monkeypatch.setattr(sampling, "time", clock)
    monkeypatch.setattr(rules, "playout", playout)
    c = SamplingPlayer(rules, worlds=48, time_budget=0.2).decide(d, seat)
    assert c.worlds == 2 and c.chance is not None
    assert clock.now == pytest.approx(0.18)

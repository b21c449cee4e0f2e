"""The bank games' playouts (host_sim/engine/bank.py) play as the referee does.

Random Magistr and Zhopa deals from random positions, 3 and 4 players, random rule options
(host_sim/engine/bank_check.py; more in ``tools/bench_players.py --engines N``):
the one-pass legal cards equal the referee's ``legal_cards`` at every move, and the trick
winners and results (seed 000 and 001 scoring, by the referee) are the same. The last test
shows the check catches playouts that err.
"""

import copy

from core.games import magistr, zhopa
from core.rng import Rng
from host_sim.engine import bank_check
from host_sim.engine.bank import clone, legal, play_random, trust


def test_playouts_match_referee_on_300_random_positions():
    assert bank_check.compare(2024, 300) == []


def test_random_deals_cover_both_games_and_compulsory_beating():
    rng = Rng(4)
    seen = set()
    for _ in range(80):
        d = bank_check.random_deal(rng)
        seen.add((d.GAME, d.game.rules.must_beat, d.players))
    assert {(g, p) for g, _, p in seen} == {(g, p) for g in ("magistr", "zhopa") for p in (3, 4)}
    assert {m for g, m, _ in seen if g == "zhopa"} == {1, 2}  # any claim, the table's
    assert {m for g, m, _ in seen if g == "magistr"} == {0, 1}


def _zhopa_in_play():
    g = zhopa.Game(3)
    hands, stock = g.deal_cards(Rng(7))
    d = g.new_deal(0, hands, 1, None, stock)
    draw = Rng(2).next32
    for _ in range(8):
        bank_check.referee_move(d, draw)
    assert d.bank is not None  # a bank on the table: its lists are copied too
    return d


def test_a_trusted_clone_leaves_the_deal_unchanged_and_checked():
    d = _zhopa_in_play()
    before = copy.deepcopy(d)
    w = trust(clone(d))
    play_random(w, Rng(1).next32)
    assert w.is_over() and not d.is_over()
    assert "check_play" not in vars(d)  # the original keeps the referee's checks
    for k, v in vars(before).items():
        if k not in ("game", "bank", "deck"):
            assert vars(d)[k] == v, k
    assert d.bank.cards == before.bank.cards and d.bank.active == before.bank.active


def test_a_clone_plays_out_as_a_deep_copy():
    d = _zhopa_in_play()
    a, b = trust(clone(d)), trust(copy.deepcopy(d))
    play_random(a, Rng(5).next32)
    play_random(b, Rng(5).next32)
    assert a.result() == b.result() and a.history == b.history


def test_legal_is_the_referees_on_a_magistr_deal_played_through():
    g = magistr.Game(4)
    d = g.new_deal(0, g.deal_cards(13, Rng(3)), 13)
    draw = Rng(8).next32
    while not d.is_over():
        seat = d.current_seat()
        want = d.legal_cards(seat)
        assert legal(d, seat) == want
        d.play(seat, want[draw() % len(want)])


def test_the_check_catches_playouts_that_err(monkeypatch):
    # Legal cards that ignore following and compulsory beating (seed 000/001): mismatches.
    monkeypatch.setattr(bank_check, "legal", lambda deal, seat: deal.hands[seat][:])
    bad = bank_check.compare(3, 30)
    assert any("legal" in m for m in bad)

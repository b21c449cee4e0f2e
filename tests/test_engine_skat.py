"""The Skat playout engine (host_sim/engine/skat.py) plays as the referee does.

2,000 random deals from random positions (host_sim/engine/skat_check.py; 100,000 in
``tools/bench.py --check``): identical trick winners, card points, tricks and results
(won, value, declarer's points and tricks, ISkO 5.1-5.4) to ``core.games.skat``. The
positions and values are the referee's, not hard-coded; the last tests show the check
catches an engine that errs.
"""

import pytest

from core.games import skat
from host_sim.engine import skat as engine
from host_sim.engine.skat_check import compare


def test_engine_matches_referee_on_2000_random_positions():
    dealt, bad = compare(2024, 2000)
    assert bad == []
    assert dealt >= 2000


def test_contract_mix_reaches_every_early_end_and_value_kind():
    # The random contracts cover null (declarer's first trick ends it) and schwarz
    # announced (defenders' first trick ends it): the engine stops where the referee does.
    from core.rng import Rng
    from host_sim.engine.skat_check import random_deal, referee_random
    rng = Rng(5)
    ends = set()
    for _ in range(300):
        d, _ = random_deal(rng)
        referee_random(d, rng.next32)
        if len(d.trick_winners) < 10:
            ends.add(d.contract.kind == skat.NULL)
    assert ends == {True, False}


def test_iss_style_values_of_a_known_game():
    # Seed 003 / ISkO 5.1: a grand hand with 2 matadors (CJ, SJ), declarer takes every
    # trick: with 2, game, hand, schneider, schwarz = 6 x 24 = 144.
    hands = [[0 * 8 + 4, 1 * 8 + 4, 0 * 8 + 7, 1 * 8 + 7, 2 * 8 + 7, 3 * 8 + 7,
              0 * 8 + 3, 1 * 8 + 3, 2 * 8 + 3, 3 * 8 + 3],
             [0, 1, 2, 8, 9, 10, 16, 17, 18, 24],
             [25, 26, 2 * 8 + 4, 3 * 8 + 4, 5, 6, 13, 14, 21, 22]]
    skat_cards = [29, 30]
    pos = engine.Position(hands, "GH", 0)
    played = []
    while not pos.is_over():
        seat = pos.to_play()
        legal = pos.legal()
        # the declarer plays his highest key, defenders their lowest
        legal.sort(key=lambda c: pos.keys[c], reverse=seat == 0)
        played.append((seat, legal[0]))
        pos.play(legal[0])
    d = skat.Game().new_deal(0, [h[:] for h in hands], skat_cards)
    d.enter_auction(0, 18)
    d.declare(0, "GH")
    for seat, card in played:
        d.play(seat, card)
    r = d.result()
    got = pos.outcome(18, hands[0] + skat_cards, skat_cards)
    assert got == (True, 144, 120, 10)
    assert got == (r.won, r.value, r.declarer_points, r.declarer_tricks)
    assert pos.winners == list(r.trick_winners) == [0] * 10


def test_check_catches_a_wrong_trick_winner(monkeypatch):
    # Attack the check: an engine that lets the lowest card take the trick must fail it.
    wrong = tuple((64 - k) for k in engine._TABLES[4][1])
    tables = list(engine._TABLES)
    tables[4] = (engine._TABLES[4][0], wrong)
    monkeypatch.setattr(engine, "_TABLES", tuple(tables))
    _, bad = compare(3, 200)
    assert bad


def test_a_position_that_does_not_add_up_is_refused():
    with pytest.raises(ValueError):
        engine.Position([[0, 1], [2], [3, 4]], "G", 0, winners=[0] * 8)


def test_numbers_drawn_before_the_clock_play_the_same_deals():
    # tools/bench.py times the engine and OpenSpiel with their numbers drawn before the
    # clock (bench_rules.Drawn): the same deals as the driver's own Rng, draw for draw.
    from bench import bench_engine, bench_rules
    own, drawn = bench_engine.EngineSkatDeals(9), bench_engine.EngineSkatDeals(9)
    drawn.rng = bench_rules.Drawn(drawn.rng, 40 * 120)
    cards = [own.play() for _ in range(40)]
    assert cards == [drawn.play() for _ in range(40)]
    assert sum(cards) > 40 * 20
    assert own.rng.next32() == drawn.rng.next32()  # as many numbers used up by both


def test_a_new_deal_takes_its_hands_and_plays_as_a_position_does():
    # Position.new (fresh deals: the benchmark, the bidder, the declarer) equals the full
    # constructor draw for draw, and refuses hands that are not 10 cards each.
    from core.rng import Rng
    for seed in range(30):
        cards = Rng(seed).shuffle(list(range(32)))
        hands = [cards[0:10], cards[10:20], cards[20:30]]
        kind = "CSHDGN"[seed % 6]
        a = engine.Position(hands, kind, seed % 3)
        b = engine.Position.new([h[:] for h in hands], kind, seed % 3)
        a.play_random(Rng(seed + 99).next32)
        b.play_random(Rng(seed + 99).next32)
        assert (a.winners, a.points, a.tricks) == (b.winners, b.points, b.tricks)
    mine = [cards[0:10], cards[10:20], cards[20:30]]
    assert engine.Position.new(mine, "G", 0).hands[1] is mine[1]
    with pytest.raises(ValueError):
        engine.Position.new([cards[0:10], cards[10:20], cards[20:29]], "G", 0)

"""The sampling Skat player (host_sim/players/skat.py) and its view (skat_view.py).

Whole deals through the referee (``core.games.skat_known.KnownDeal`` raises IllegalPlay on any
card the rules refuse: seed 003 "Играя ход", follow the effective suit), samples that
respect what the seat has seen, and the view's bookkeeping against the referee's own.
"""

import random

import pytest

from core.games import skat
from host_sim.players import skat_duplicate
from host_sim.players.skat import SkatCardPlayer
from host_sim.players.skat_view import SkatView


def _deal(seed):
    return skat_duplicate.start(skat_duplicate.deal_setup(random.Random(seed)))


@pytest.mark.parametrize("seed", range(12))
def test_sampling_players_play_whole_legal_deals_in_every_seat(seed):
    d = _deal(seed)
    player = SkatCardPlayer(worlds=4, seed=seed)
    while not d.is_over():
        seat = d.current_seat()
        choice = player.decide(SkatView.from_deal(d, seat))
        assert choice.card in d.legal_cards(seat)
        assert choice.reason.startswith("plays ")
        d.play(seat, choice.card)
    r = d.result()
    assert r.status == "played" and r.value is not None


def test_view_matches_the_referee_mid_deal():
    d = _deal(3)
    for _ in range(14):
        seat = d.current_seat()
        d.play(seat, d.legal_cards(seat)[-1])
    for seat in range(3):
        v = SkatView.from_deal(d, seat)
        assert v.leader == d.leader and v.trick == d.trick
        assert v.points == d.taken_points and v.winners == d.trick_winners


def test_samples_respect_hand_sizes_voids_and_seen_cards():
    checked = 0
    for seed in range(40):
        d = _deal(seed)
        while not d.is_over() and len(d.history) < 15:
            seat = d.current_seat()
            d.play(seat, d.legal_cards(seat)[0])
        if d.is_over():
            continue
        seat = d.current_seat()
        v = SkatView.from_deal(d, seat)
        for other in range(3):
            for e in v.voids[other]:
                # a void shown is real: the referee's hand holds none of that suit
                assert not [c for c in d.hands[other] if d.trick_suits[c] == e]
        rnd = random.Random(seed)
        for _ in range(20):
            hands, sk = v.sample(rnd)
            assert hands[seat] == d.hands[seat]
            assert [len(h) for h in hands] == [len(h) for h in d.hands]
            dealt = sorted(sum(hands, []) + list(sk) + [c for _, c in d.history])
            assert dealt == list(range(32))
            for other in range(3):
                assert not [c for c in hands[other] if v.suits[c] in v.voids[other]]
            checked += 1
    assert checked > 200


def test_out_of_turn_history_is_refused():
    with pytest.raises(ValueError):
        SkatView(0, [1, 2], "G", 0, 18, [(1, 5)])


def test_one_legal_card_costs_no_sampling():
    d = _deal(1)
    while not d.is_over():
        seat = d.current_seat()
        legal = d.legal_cards(seat)
        if len(legal) == 1:
            c = SkatCardPlayer().decide(SkatView.from_deal(d, seat))
            assert c.card == legal[0] and c.worlds == 0
            return
        d.play(seat, legal[0])
    pytest.fail("no forced card in this deal")


def test_adapter_plays_a_deal_as_the_simulator_would():
    from host_sim.players.adapter import skat_card, skat_hint
    d = _deal(7)
    player = SkatCardPlayer(worlds=3, seed=2)
    card, chance, reason = skat_hint(d, d.current_seat(), player)
    assert card in d.legal_cards(d.current_seat()) and "plays" in reason
    while not d.is_over():
        seat = d.current_seat()
        d.play(seat, skat_card(d, seat, player))
    assert d.result().status == "played"


def test_declarer_choice_is_a_legal_declaration_through_the_referee():
    from host_sim.players.skat_declare import SkatDeclarer
    rnd = random.Random(9)
    player = SkatDeclarer(worlds=4, seed=3)
    for _ in range(6):
        cards = list(range(32))
        rnd.shuffle(cards)
        d = skat.Game().new_deal(0, [cards[0:10], cards[10:20], cards[20:30]], cards[30:32])
        decl = rnd.randrange(3)
        d.enter_auction(decl, 18)
        d.pick_up(decl)
        kind, discard = player.declare(list(d.hands[decl]), decl, 18)
        d.declare(decl, kind, discard)
        assert d.skat == discard and len(d.hands[decl]) == 10


def test_declarer_with_all_four_jacks_and_a_long_suit_plays_a_trump_game():
    # Four jacks and six acorns (CA CT CK CQ C9 C8) plus two aces: a null would be lost
    # at once; ISkO 5.1 values a grand or acorns game far above any loss here.
    from host_sim.players.skat_declare import SkatDeclarer
    hand = [4, 12, 20, 28, 7, 3, 6, 5, 2, 1, 15, 23]
    kind, discard = SkatDeclarer(worlds=8, seed=1).declare(hand, 0, 18)
    assert kind in "CG"
    assert set(discard) <= set(hand)


def test_duplicate_play_with_the_sampling_declarer_goes_through_the_referee():
    # Every declaration and card of the sampling side is accepted by the referee
    # (IllegalPlay would raise); three seat-deals per deal are scored.
    out = skat_duplicate.run(3, worlds=2, declare=True)
    assert out["n"] == 9 and out["low"] <= out["mean"] <= out["high"]


class _Clock:
    """The player's clock in the budget tests: it moves 30 ms a playout and only then."""

    now = 0.0

    def perf_counter(self):
        return self.now


def _playout_clock(monkeypatch):
    import host_sim.players.skat as player_module
    from host_sim.engine.skat import Position
    clock = _Clock()
    real = Position.play_random

    def play_random(self, next32):
        clock.now += 0.03
        return real(self, next32)

    monkeypatch.setattr(player_module, "time", clock)
    monkeypatch.setattr(Position, "play_random", play_random)
    return clock


def test_no_world_is_started_that_would_end_past_the_budget(monkeypatch):
    # A clock that moves 30 ms a playout, nothing else timed: with 3 legal cards a world
    # costs 90 ms; the decision stops before the world that would end past 200 ms (two
    # worlds, 180 ms), and drops none (the old loop sampled four worlds whatever the
    # clock said: 360 ms).
    d = _deal(5)
    seat = d.current_seat()
    while len(d.legal_cards(seat)) != 3:
        d.play(seat, d.legal_cards(seat)[0])
        seat = d.current_seat()
    k = 3
    clock = _playout_clock(monkeypatch)
    c = SkatCardPlayer(seed=2).decide(SkatView.from_deal(d, seat))
    assert c.card in d.legal_cards(seat)
    assert clock.now == pytest.approx(c.worlds * k * 0.03)
    assert clock.now <= 0.2 < clock.now + k * 0.03


def test_a_budget_spent_in_the_first_world_still_gives_a_legal_card(monkeypatch):
    # Ten legal cards at 30 ms a playout: the first world would take 300 ms; the clock
    # read after every playout stops it at 210 ms, the best card of the seven played out.
    d = _deal(5)
    seat = d.current_seat()
    assert len(d.legal_cards(seat)) == 10
    clock = _playout_clock(monkeypatch)
    c = SkatCardPlayer(seed=2).decide(SkatView.from_deal(d, seat))
    assert c.worlds == 0 and c.chance is None and "out of time" in c.reason
    assert len(c.scores) == 7 and c.card in c.scores and c.card in d.legal_cards(seat)
    assert clock.now == pytest.approx(0.21)

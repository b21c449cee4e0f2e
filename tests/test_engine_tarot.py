"""The Tarot playout engine (host_sim/engine/tarot.py) plays as the referee does.

Random deals from random positions at 3, 4 and 5 players (host_sim/engine/tarot_check.py;
more in ``tools/bench_players.py --engines N``): identical legal cards at every
card, plays, trick winners, attack points, oudlers, petit au bout, chelem and marks
(FFT p.6-9) to ``core.games.tarot``. The Excuse's chelem exception (seed 002 s.6, FFT p.6),
which random play seldom reaches, is played on purpose; the last tests show the check
catches an engine that errs.
"""

import pytest

from core.games import tarot
from core.rng import Rng
from host_sim.engine import tarot_check
from host_sim.engine.tarot import Position


def test_engine_matches_referee_on_300_random_positions():
    dealt, bad = tarot_check.compare(2024, 300)
    assert bad == []
    assert dealt >= 300


def test_random_positions_cover_every_table_size_and_contract():
    rng = Rng(9)
    seen = set()
    for _ in range(120):
        d = tarot_check.random_deal(rng)
        if d is not None:
            seen.add((d.players, d.contract))
    assert seen == {(p, c) for p in (3, 4, 5) for c in (tarot.PRISE, tarot.GARDE,
                                                         tarot.GARDE_SANS, tarot.GARDE_CONTRE)}


def _slam_deal(extra):
    """3 players, seat 0 takes garde sans with the 21 trumps, the Excuse and ``extra`` (two
    spades) and announces the chelem (he leads, FFT p.6)."""
    mine = list(range(56, 78)) + list(extra)
    rest = [c for c in range(78) if c not in mine]
    d = tarot.Game(3).new_deal(2, [sorted(mine), sorted(rest[:24]), sorted(rest[24:48])])
    for bid in ("garde-sans", "pass", "pass"):
        d.bid(d.current_seat(), bid)
    d.announce(0, tarot.CHELEM)
    return d


def _play_high(deal, pos, low_first=False):
    """The taker plays his highest card other than the Excuse until the last trick (his
    lowest first when ``low_first``), the others their first legal card; the engine gets
    the same cards (and must agree on the legal ones)."""
    while not deal.is_over():
        seat = deal.current_seat()
        legal = deal.legal_cards(seat)
        assert pos.legal() == legal
        plain = [c for c in legal if c != tarot.EX]
        high = -1 if deal.tricks_done or not low_first else 0
        card = plain[high] if seat == 0 and plain else legal[0]
        deal.play(seat, card)
        pos.play(card)


def test_excuse_led_to_the_last_trick_wins_it_after_every_trick():
    # Spade king and queen: the taker wins all 23 tricks, then leads the Excuse, which
    # takes the last one (seed 002 s.6): chelem announced and made.
    d = _slam_deal((12, 13))
    pos = Position.from_deal(d)
    _play_high(d, pos)
    r, mine = d.result(), pos.finished().result()
    assert r.trick_winners == mine.trick_winners == (0,) * 24
    assert r.chelem == mine.chelem == tarot.CHELEM_ANNOUNCED
    assert r.marks == mine.marks


def test_excuse_led_to_the_last_trick_loses_it_after_a_lost_trick():
    # Spade ace and king: the ace (rank 1) led first loses to P2's spade, so the Excuse
    # led last does not win (FFT p.8) and the chelem fails.
    d = _slam_deal((0, 13))
    pos = Position.from_deal(d)
    _play_high(d, pos, low_first=True)
    assert d.trick_winners[0] != 0
    r, mine = d.result(), pos.finished().result()
    assert r.trick_winners[-1] != 0 and mine.trick_winners == r.trick_winners
    assert r.chelem == mine.chelem == tarot.CHELEM_FAILED
    assert r.marks == mine.marks


def test_position_refuses_a_deal_not_in_card_play():
    d = tarot.Game(4).new_deal(0, [list(range(i * 18, i * 18 + 18)) for i in range(4)])
    with pytest.raises(ValueError, match="card play"):
        Position.from_deal(d)


def test_the_check_catches_an_engine_that_errs(monkeypatch):
    # An engine that lets every card be played (no follow, trump or overtrump, FFT p.7):
    # the card-by-card positions see other legal cards, the random ones other results.
    monkeypatch.setattr(Position, "legal", lambda self: self.hands[self.to_play()][:])
    dealt, bad = tarot_check.compare(3, 20)
    assert any("legal" in m for m in bad) and any("contract" in m for m in bad)


def test_a_clone_plays_out_as_a_deep_copy_and_leaves_the_deal_alone():
    import copy
    from host_sim.engine.clone import clone
    rng = Rng(12)
    d = None
    while d is None:
        d = tarot_check.random_deal(rng)
    for _ in range(9):
        tarot_check._random_card(d, rng.next32)
    before = copy.deepcopy(d)
    a, b = clone(d), copy.deepcopy(d)
    for w in (a, b):
        draw = Rng(4).next32
        while not w.is_over():
            tarot_check._random_card(w, draw)
    assert a.result() == b.result()
    assert d.history == before.history and d.hands == before.hands and not d.is_over()
    assert bytes(d.seen) == bytes(before.seen) and d.trick == before.trick

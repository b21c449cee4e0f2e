"""The simulator's computer seats, plain or smart (host_sim/players/computer.py), and their
hooks in the simulator (``trickref sim --computer``, the hint key).

Cards and bids go through the referee (``core.games``), which refuses anything illegal;
the Skat auction is the one the three bidders' limits give (ISkO 3.1).
"""

import random

import pytest

from core.games import skat, tarot
from host_sim.players import duplicate, skat_duplicate
from host_sim.players.computer import Computer
from host_sim.players.skat_bid import SkatBidder, auction
from host_sim.ui import robot


def _tarot_in_play(seed):
    d = duplicate.new_deal("tarot", random.Random(seed))
    for s in range(4):
        d.bid(d.current_seat(), "pass" if s else "garde")
    taker = d.taker
    c = Computer("smart", seed, worlds=2, time_budget=60)
    ecart = c.move(d, taker)
    assert isinstance(ecart, tuple) and len(ecart) == 6
    d.discard(taker, list(ecart))
    return d


def test_smart_cards_are_legal_and_say_why():
    d = _tarot_in_play(2)
    comp = Computer("smart", 2, worlds=2, time_budget=60)
    notes = []
    for _ in range(8):
        seat = d.current_seat()
        legal = d.legal_cards(seat)
        card = comp.card(d, seat, legal, note=notes.append)
        assert card in legal
        d.play(seat, card)
    assert notes and all(n.startswith("P") and "trump" in n for n in notes)


def test_plain_cards_are_the_robots():
    d = _tarot_in_play(3)
    comp = Computer("plain")
    for _ in range(6):
        seat = d.current_seat()
        legal = d.legal_cards(seat)
        assert comp.card(d, seat, legal) == robot.choose_card(d, seat, legal)
        d.play(seat, comp.card(d, seat, legal))
    assert comp.move(d, d.current_seat()) is None  # plain: the menus' own choices


def test_hint_line_for_the_person_whose_turn_it_is():
    d = skat_duplicate.start(skat_duplicate.deal_setup(random.Random(5)))
    comp = Computer("smart", 1)
    seat = d.current_seat()
    line = comp.hint_line(d, [seat])
    assert line.startswith("hint P%d: plays " % (seat + 1)) and "of samples" in line
    assert comp.hint_line(d, [(seat + 1) % 3]) == "hint: not your turn to play a card"


def test_skat_auction_is_the_bidders_auction_and_asked_once():
    rnd = random.Random(8)
    cards = list(range(32))
    rnd.shuffle(cards)
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    comp = Computer("smart", 4, time_budget=60)  # reproducible: the budget is never reached
    got = comp.skat_auction(hands)
    bidder = SkatBidder(seed=4, time_budget=60)
    limits = [bidder.plan(hands[s], s).limit for s in range(3)]
    assert got == auction(limits)[:2]
    assert comp.skat_auction(hands) == got  # the same deal: the same answer, no new samples
    if got[0] >= 0:
        hand = comp.skat_hand(got[0], got[1])
        assert hand is None or skat.parse_contract(hand).hand
        kind, put = comp.skat_declare(hands[got[0]] + cards[30:32], got[0], got[1])
        assert 0 <= kind <= 5 and len(put) == 2


def test_zhopa_go_and_tarot_bid_are_the_players_moves():
    comp = Computer("smart", 6, worlds=2, time_budget=60)
    z = duplicate.new_deal("zhopa", random.Random(6))
    go = comp.move(z, z.current_seat())
    assert go in (True, False) and comp.move(z, z.current_seat()) is go  # cached
    t = duplicate.new_deal("tarot", random.Random(7))
    bid = comp.move(t, t.current_seat())
    assert bid in ("pass", "prise", "garde", "garde sans", "garde contre")
    t.bid(t.current_seat(), bid)
    assert t.phase in (tarot.PHASE_BIDDING, tarot.PHASE_OVER)


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError):
        Computer("clever")


def test_sim_plays_a_zhopa_deal_with_smart_computers():
    from host_sim.ui.app import SimApp
    sim = SimApp("zhopa", 2, seed=3, human=(), fixed_dt=17, think_ms=60, collect_ms=120)
    sim.computer = Computer("smart", 3)
    lines = []
    try:
        sim.run(frames=6000, until=lambda s: bool(s.results))
        lines = sim.feed.poll()
        assert sim.results and sim.results[0] == sim.shadow.result()
    finally:
        sim.close()
    assert any("does well in" in line for line in lines)  # the side panel's reasons


def test_sim_tarot_at_five_the_smart_taker_bids_calls_and_discards():
    from host_sim.ui.app import SimApp
    sim = SimApp("tarot", 5, seed=4, human=(), fixed_dt=17, think_ms=60, collect_ms=120)
    sim.computer = Computer("smart", 4, worlds=1, time_budget=60)  # reproducible
    try:
        sim.run(frames=20000, until=lambda s: bool(s.results))
        lines = sim.feed.poll()
        assert sim.results and sim.results[0] == sim.shadow.result()
    finally:
        sim.close()
    entered = [line.split("computer enters: ")[1] for line in lines if "computer enters" in line]
    call = [i for i, e in enumerate(entered) if e.startswith("Roi ")][0]
    bids = [e for e in entered[:call] if e != "Pass"]
    menu = ("Prise", "Garde", "Garde sans", "Garde contre")  # FFT p.5, each above the last
    assert bids and all(b in menu for b in bids)
    assert [menu.index(b) for b in bids] == sorted(set(menu.index(b) for b in bids))
    contract = sim.shadow.contract
    assert bids[-1] == menu[contract - 1]
    # the chien is turned and an écart made at prise and garde only (FFT p.6)
    assert (entered[call + 1:call + 2] == ["Not scanned"]) == (contract <= tarot.GARDE)


def test_each_deal_declares_its_game():
    from core.games import magistr, skat_known, zhopa
    from host_sim.players.computer import _game_of
    games = {skat.Deal: "skat", skat_known.KnownDeal: "skat", tarot.Deal: "tarot",
             magistr.Deal: "magistr", zhopa.Deal: "zhopa"}
    for cls, name in games.items():
        assert _game_of(cls.__new__(cls)) == name
    with pytest.raises(ValueError, match="declares no game"):
        _game_of(object())
    assert Computer("smart").hint(object(), 0) is None  # no game: no hint, no crash

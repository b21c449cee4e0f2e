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


def _sim_tarot(seed, computer):
    """A 4-player simulator Tarot deal of ``seed`` played by ``computer`` at every seat to
    its result, then booked: ``(sim, the shadow's result, hands and chien dealt, side
    panel lines)``, the simulator still open."""
    from host_sim.ui.app import SimApp
    sim = SimApp("tarot", 4, seed=seed, human=(), fixed_dt=17, think_ms=60, collect_ms=120)
    sim.computer = computer
    sim.run(frames=30000, until=lambda s: bool(s.results))
    shadow = sim.shadow.result()  # the rules core's with every hand known
    dealt = [list(h) for h in sim.dealt_hands], list(sim.dealt_talon)
    sim.run(frames=3000, until=lambda s: bool(s.match.rows))
    return sim, shadow, dealt, sim.feed.poll()


@pytest.mark.parametrize("mode, seed, prime, said", [
    # the plain computer shows whenever it holds one: P4 takes a garde and wins
    ("plain", 65, 20, "won by the attack, which wins the deal: 20 from each defender"),
    # the smart one when its samples say so: P1 takes a garde contre and loses it
    ("smart", 86, -20, "won by the defence, which wins the deal: 20 to each defender")])
def test_sim_tarot_a_computer_shows_its_poignee_through_the_board(mode, seed, prime, said):
    """The computers never announced a poignée: the simulator's Tarot had no poignée
    unless a person showed one. Now a computer seat holding ten trumps enters "Poignee
    Px", "10" on the board's buttons before its first card and lays the ten trumps on its
    pad one by one, taken back into the hand, as a person shows them (FFT p.7: its
    lowest trumps). The board's result and its sheet count the prime, 20 to each player
    of the winning camp, as the rules core does with every hand known."""
    comp = Computer("plain") if mode == "plain" else \
        Computer("smart", seed, worlds=4, time_budget=60)  # reproducible
    sim, shadow, (hands, chien), lines = _sim_tarot(seed, comp)
    try:
        result = sim.results[0]
        taker = result.taker
        shown = [e for e in sim.events if isinstance(e, tarot.PoigneeShown)]
        dealt = hands[taker] + (chien if result.contract <= tarot.GARDE else [])  # taken
        trumps = sorted(c for c in dealt if tarot.SUITS[c] == 4 and c != tarot.EX)
        rows = list(sim.match.rows)
    finally:
        sim.close()
    who = "P%d" % (taker + 1)
    assert "computer enters: Poignee %s, 10" % who in " ".join(lines)
    assert [(e.seat, e.cards) for e in shown] == [(taker, tuple(trumps[:10]))]
    assert result == shadow and result.poignees == ((taker, 0, 10),)
    assert result.score.poignee == prime  # per defender, to the camp that wins
    pd = result.score.per_defender
    assert result.marks == tuple(3 * pd if s == taker else -pd for s in range(4))
    assert [r.marks for r in rows] == [result.marks]  # the sheet as booked
    assert any(said in line and "Poignée %s 10 trumps" % who in line for line in lines)


def test_announcements_the_chelem_and_the_miseres_with_the_table_menus_labels():
    """Tarot for 4 with the house rule misère: P2 takes a garde holding trumps 1-18 and
    finds 19, 20, 21 and the Excuse in the chien; P1 leads with 18 low pips, no trump
    and no face card. The smart taker announces the chelem before P1's lead (he holds
    every trump: FFT p.6, 400); the plain one never does. P1 announces both misères
    (no trump, no face card: core.games.tarot_house), plain or smart. Each is entered
    with the board's own table menu labels (device/flows/tarot.py), and the referee
    takes it."""
    from core.games import tarot_house
    from device.flows import tarot as flow
    from host_sim.players.games import TarotRules, announce_labels, ecarts
    pips = [s * 14 + r for s in range(2) for r in range(10)][:18]
    trumps = list(range(56, 74))  # trumps 1-18
    chien = [74, 75, 76, tarot.EX] + [s * 14 + 13 for s in range(2)]  # 19-21, EX, 2 kings
    rest = [c for c in range(78) if c not in pips + trumps + chien]
    d = tarot.Game(4, misere="20").new_deal(3, [pips, trumps, rest[:18], rest[18:]])
    for bid in ("pass", "garde", "pass", "pass"):
        d.bid(d.current_seat(), bid)
    d.discard(1, list(ecarts(d.hands[1], 6)[0]))
    assert d.to_play() == 0 and d.taker == 1
    smart = Computer("smart", 5, worlds=2, time_budget=60)
    assert smart.announcements(d, 1) == [tarot.CHELEM]
    assert Computer("plain").announcements(d, 1) == []
    both = [tarot_house.MISERE_TRUMPS, tarot_house.MISERE_HEADS]
    assert Computer("plain").announcements(d, 0) == both
    assert smart.announcements(d, 0) == both
    items = flow.table_items(d)
    assert announce_labels(items, 1, tarot.CHELEM) == ["Chelem (P2)"]
    assert [announce_labels(items, 0, m) for m in both] == [["Misere atout P1"],
                                                            ["Misere tetes P1"]]
    assert announce_labels(items, 0, tuple(trumps[:10])) == ["Poignee P1", "10"]
    rules = TarotRules()
    for m in both:
        rules.apply(d, 0, m)
    assert d.miseres == [(0, m) for m in both]
    assert Computer("plain").announcements(d, 0) == []  # once
    rules.apply(d, 1, tarot.CHELEM)
    assert d.chelem_announced and d.to_play() == 1  # the announcer leads (FFT p.6)

"""Zhopa: the 23 worked examples on the shared bank (core.games.bank), the deal with its bids
and stock, points, banks, the end of the game and the rating (core.games.zhopa),
``trickref trick --game zhopa``, and the MicroPython run.

Sources: seed 001 ("Правила гри", the beating table, "Загальні правила", "приклад гри",
"підрахунок очок", "підрахунок рейтингу"); docs/rules/zhopa.md (analysis sections 2.2,
2.6, 2.8, 3 (A37-A43) and 4 (M* traces). Readings: docs/rules/zhopa.md.
"""

import argparse
import io
import json
import os
import re
import subprocess
import sys
from contextlib import redirect_stdout
from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.cards import FRENCH36 as D
from core.errors import BadRecord, IllegalPlay, TrickrefError
from core.events import (NOT_YOUR_TURN, REVOKE, WRONG_PHASE, DealOver, RevokeFound,
                         TrickTaken, Turn)
from core.games import bank, zhopa
from core.rng import Rng
from host_sim.commands import trick as trick_cmd
from mpy import ROOT, run_mp

with open(os.path.join(ROOT, "tests", "vectors", "zhopa_examples.json"), encoding="utf-8") as _f:
    VECTORS = json.load(_f)
EXAMPLES = VECTORS["examples"]
FOUR = {"once": zhopa.FOUR_ONCE, "each": zhopa.FOUR_EACH, "off": zhopa.FOUR_OFF}


def cards(text):
    return D.parse_many(text)


def seat_trumps(v, n=4):
    return [v["trumps"].get(str(s + 1)) for s in range(n)]


def trumps_arg(v):
    return ",".join("%s:%s" % kv for kv in sorted(v["trumps"].items()))


# --- the 23 examples: transcription, core, a real deal, the CLI ---

_RANKS = {"6": "6", "7": "7", "8": "8", "9": "9", "10": "T", "валет": "J", "дама": "Q",
          "король": "K", "туз": "A"}
_SUITS = {"піки": "S", "треф": "C", "трефа": "C", "хреста": "C", "черви": "H", "бубни": "D"}


def parse_seed_line(line):
    """A row of the seed's example table: (cards, trump suit letter or None, taker or None)."""
    words = line.split()
    out = []
    i = 0
    while len(out) < 4:
        out.append(_RANKS[words[i]] + _SUITS[words[i + 1]])
        i += 2
    trump = None if words[i] == "немає" else _SUITS[words[i]]
    m = re.search(r"Хабар забирає (\d)-й гравець", line)
    taker = int(m.group(1)) if m else (1 if "забирає перший гравець" in line else None)
    return " ".join(out), trump, taker


def seed_text(data_dir):
    with open(os.path.join(data_dir, "seeds", "zhopa_001.txt"), encoding="utf-8") as f:
        return f.read()


def test_vectors_are_the_seeds_23_examples(data_dir):
    """The rows of the seed's "приклад гри" table, read here from seed 001 itself: cards,
    trump column and the taker each row names are the vectors' (rows 22 and 23 say "см."
    and refer to row 21's rule)."""
    rows = seed_text(data_dir).split("приклад гри")[1].split("Банк забирає")[0]
    rows = [r for r in rows.strip().splitlines() if r.strip()][2:]
    assert len(rows) == len(EXAMPLES) == 23
    assert [v["id"] for v in EXAMPLES] == ["zhopa-%d" % i for i in range(1, 24)]
    for row, v in zip(rows, EXAMPLES):
        assert "seed 001 'приклад гри' row %s " % v["id"][6:] in v["source"]
        got, trump, taker = parse_seed_line(row)
        assert got == v["cards"], v["id"]
        assert set(v["trumps"].values()) == (set() if trump is None else {trump}), v["id"]
        if taker is None:
            assert "см. «До піки, Д піки, В піки, 9 піки, немає»" in row
            assert v["taker"] == EXAMPLES[20]["taker"]
        else:
            assert taker == v["taker"], v["id"]


def test_quoted_sentences_are_in_the_seed(data_dir):
    """Every [key] a vector cites is quoted in "quotes", and every quote is seed 001 text."""
    text = " ".join(seed_text(data_dir).split())
    for key, quote in VECTORS["quotes"].items():
        assert " ".join(quote.split()) in text, key
    for name, vs in VECTORS.items():
        if isinstance(vs, list):
            for v in vs:
                for key in re.findall(r"\[([a-z]+)\]", v["source"] + v.get("why", "")):
                    assert key in VECTORS["quotes"], (name, key)


@pytest.mark.parametrize("v", EXAMPLES, ids=lambda v: v["id"])
def test_example_core(v):
    """Taker, taking card and every card's method, through bank.resolve with Zhopa's rules."""
    rules = zhopa.trick_rules(4, "own", seat_trumps(v))
    t = bank.resolve(rules, cards(v["cards"]))
    assert t.winner + 1 == v["taker"], t.reason()
    assert D.code(t.top) == v["card"]
    assert [bank.METHOD_NAMES[m] for m in t.methods] == v["methods"]
    assert t.reason().startswith(D.short(t.top)) and len(t.reason()) <= 60


def full_trumps(v):
    """Own trumps for all four seats: the seats the example names keep theirs, the others get
    the remaining suits, none the suit it lays in the example (else its card would be a
    trump the example does not have)."""
    named = seat_trumps(v)
    free = [s for s in "CDHS" if s not in named]
    laid = [c[1] for c in v["cards"].split()]
    for perm in permutations(free, named.count(None)):
        it = iter(perm)
        out = [t if t is not None else next(it) for t in named]
        if all(named[s] is not None or out[s] != laid[s] for s in range(4)):
            return out
    return None


IN_A_GAME = [v for v in EXAMPLES if full_trumps(v)]


def test_most_examples_fit_a_real_game():
    assert len(IN_A_GAME) == 15  # the other 8 put a seat's own suit in its hand (e.g. 4 spades)


@pytest.mark.parametrize("v", IN_A_GAME, ids=lambda v: v["id"])
def test_example_through_a_deal(v):
    """The trick in a real 4-player Zhopa deal (unknown hands, bids made): TrickTaken names
    the seed's taker and scores the four cards for him."""
    game = zhopa.Game(players=4, trumps=full_trumps(v))
    deal = game.new_deal(dealer=3, number=2)  # seat 0, left of the dealer, bids and leads
    for seat in range(4):
        deal.bid(seat, seat == 1)
    for seat, c in enumerate(cards(v["cards"])):
        events = deal.play(seat, c)
    taken = [e for e in events if isinstance(e, TrickTaken)][0]
    assert taken.seat + 1 == v["taker"]
    assert taken.cards == tuple(cards(v["cards"]))
    assert taken.points == game.points(cards(v["cards"]))
    assert deal.stock_left() == 16 and deal.current_seat() == taken.seat


def run_trick(argv):
    """``trickref trick`` through its module contract (what host_sim.cli registers)."""
    parser = argparse.ArgumentParser(prog="trickref trick")
    trick_cmd.add_arguments(parser)
    out = io.StringIO()
    with redirect_stdout(out):
        status = trick_cmd.run(parser.parse_args(argv))
    return status, out.getvalue()


@pytest.mark.parametrize("v", EXAMPLES, ids=lambda v: v["id"])
def test_example_cli(v):
    argv = ["--game", "zhopa", "--json"]
    if v["trumps"]:
        argv += ["--trumps", trumps_arg(v)]
    status, out = run_trick(argv + v["cards"].split())
    assert status == 0
    got = json.loads(out)
    assert got["taker"] == v["taker"] and got["card"] == v["card"]
    rules = zhopa.trick_rules(4, "own", seat_trumps(v))
    assert got["reason"] == bank.resolve(rules, cards(v["cards"])).reason()


def test_cli_entry_point_and_six_cards():
    """``python -m host_sim trick --game zhopa``: six seats (Zhopa goes to 6 players)."""
    proc = subprocess.run([sys.executable, "-m", "host_sim", "trick", "--game", "zhopa",
                           "--json", "6S", "JS", "TS", "QH", "7S", "QS"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"taker": 6, "card": "QS",
                                       "reason": "♠Q beats ♠6: higher card of the main suit"}
    status, _ = run_trick(["--game", "zhopa", "6S"])
    assert status == 2


# --- what a player may lay (vectors "plays") ---

def game_of(v):
    opts = dict(v.get("options", {}))
    if "four_bonus" in opts:
        opts["four_bonus"] = FOUR[opts["four_bonus"]]
    return zhopa.Game(players=v.get("players", 4), variant=v.get("variant", "own"),
                      trumps=v.get("trumps"), **opts)


@pytest.mark.parametrize("v", VECTORS["plays"], ids=lambda v: v["id"])
def test_play_vectors(v):
    game = game_of(v)
    first, *rest = cards(v["bank"])
    t = bank.Trick(game.rules, 0, first)
    for i, c in enumerate(rest):
        t.add(i + 1, c)
    seat = t.next_seat()
    assert seat + 1 == v.get("seat", seat + 1)
    card = D.parse(v["card"])
    if v["ok"]:
        assert bank.METHOD_NAMES[t.check(seat, card, cards(v["hand"]))] == v["method"]
    else:
        with pytest.raises(IllegalPlay) as e:
            t.check(seat, card, cards(v["hand"]))
        assert e.value.reason == v["reason"]


def test_must_beat_table_is_a_bank_option_and_validated():
    assert zhopa.Game().rules.must_beat == bank.MUST_BEAT_TABLE
    assert zhopa.Game().rules.rank_discard
    with pytest.raises(TrickrefError):
        bank.Rules(4, "none", must_beat=3)


# --- points, targets, banks, end, rating ---

@pytest.mark.parametrize("v", VECTORS["points"], ids=lambda v: "%s %s" % (v["cards"],
                                                                        v.get("options", "")))
def test_points_vectors(v):
    game = game_of({"variant": "none", "options": v.get("options", {})})
    got = game.points(range(36) if v["cards"] == "ALL" else cards(v["cards"]))
    assert got == v["points"], v["why"]


def test_single_card_values_sum_to_184():
    """"підрахунок очок": 16 + 12 + 10 + 5 + 3 + 1 - 1 = 46 a suit."""
    assert sum(zhopa.VALUES) * 4 == 184


@pytest.mark.parametrize("v", VECTORS["targets"], ids=lambda v: "%d-%d" % (v["players"], v["no"]))
def test_target_vectors(v):
    trumps = None if v["players"] <= 4 else ["C", "D", "H", "S", None, None][:v["players"]]
    game = zhopa.Game(players=v["players"], trumps=trumps,
                      targets=tuple(v["targets"]) if "targets" in v else None)
    assert (game.target(True), game.target(False)) == (v["go"], v["no"])
    assert game.target(False) - game.target(True) == (36 if v["no"] == 128 else 24)


@pytest.mark.parametrize("v", VECTORS["changes"], ids=lambda v: "%d-%s-%d" % (
    v["players"], v["go"], v["points"]))
def test_bank_change_vectors(v):
    trumps = None if v["players"] <= 4 else ["C", "D", "H", "S", None, None][:v["players"]]
    game = zhopa.Game(players=v["players"], trumps=trumps)
    assert game.change(v["go"], v["points"]) == v["change"]


@pytest.mark.parametrize("v", VECTORS["ends"], ids=lambda v: str(v["banks"]))
def test_end_vectors(v):
    assert zhopa.game_end(v["banks"]) == (v["over"], tuple(v["winners"]), tuple(v["losers"]))


@pytest.mark.parametrize("v", VECTORS["ratings"], ids=lambda v: str(v["permille"]))
def test_rating_vectors(v):
    assert zhopa.rating_permille(v["points"], v["shed"], v["taken"], v["deals"],
                                 v["needed"]) == v["permille"]


def test_rating_needs_a_deal():
    with pytest.raises(TrickrefError):
        zhopa.rating_permille(0, 0, 0, 0, 0)


# --- the deal: bids, stock, leads ---

def test_tricks_per_deal_and_the_fifth_players_leftover():
    """Refill while the stock has a card for everyone: 36 - 4n cards, n at a time."""
    for n, tricks_, left in ((2, 18, 0), (3, 12, 0), (4, 9, 0), (5, 7, 1), (6, 6, 0)):
        trumps = None if n <= 4 else ["C", "D", "H", "S", None, None][:n]
        g = zhopa.Game(players=n, trumps=trumps)
        assert g.n_tricks() == tricks_
        assert g.stock_size() - (tricks_ - 4) * n == left
        assert zhopa.Game(players=n, trumps=trumps, stock=zhopa.STOCK_NONE).n_tricks() == 4


def test_bids_come_first_from_the_dealers_left():
    game = zhopa.Game(players=3)
    deal = game.new_deal(dealer=1, number=2)
    assert deal.current_seat() == 2
    with pytest.raises(IllegalPlay) as e:
        deal.play(2, D.parse("6S"))
    assert e.value.reason == WRONG_PHASE
    with pytest.raises(IllegalPlay) as e:
        deal.bid(0, True)
    assert e.value.reason == NOT_YOUR_TURN
    with pytest.raises(TrickrefError):
        deal.bid(2, "yes")
    assert deal.bid(2, True) == [zhopa.Bid(2, True), Turn(0)]
    assert deal.bid(0, False) == [zhopa.Bid(0, False), Turn(1)]
    assert deal.bid(1, True) == [zhopa.Bid(1, True), Turn(2)]  # seat 2 leads: dealer's left
    with pytest.raises(IllegalPlay) as e:
        deal.bid(2, True)
    assert e.value.reason == WRONG_PHASE


def _bid_all(deal, go=False):
    while deal.phase == zhopa.PHASE_BID:
        deal.bid(deal.current_seat(), go)


def test_draw_taker_first_and_hands_stay_equal():
    """"Той хто забирає хабар, ходить наступним"; each draws one, the taker first."""
    game = zhopa.Game(players=3, variant="none")
    hands, stock = game.deal_cards(Rng(5))
    deal = game.new_deal(0, hands, number=2, stock=stock)
    _bid_all(deal)
    events = []
    while not any(isinstance(e, zhopa.Draw) for e in events):
        s = deal.current_seat()
        events = deal.play(s, deal.legal_cards(s)[0])
    taker = [e for e in events if isinstance(e, TrickTaken)][0].seat
    draw = [e for e in events if isinstance(e, zhopa.Draw)][0]
    assert draw == zhopa.Draw(tuple((taker + i) % 3 for i in range(3)), 24 - 3)
    for i, seat in enumerate(draw.seats):
        assert deal.hands[seat][-1] == stock[i]
    assert [len(h) for h in deal.hands] == [4, 4, 4]
    assert events[-1] == Turn(taker)


def test_known_hands_need_the_stock_and_distinct_cards():
    game = zhopa.Game(players=2, variant="none")
    hands, stock = game.deal_cards(Rng(1))
    with pytest.raises(BadRecord):
        game.new_deal(0, hands, number=2)
    with pytest.raises(BadRecord):
        game.new_deal(0, hands, number=2, stock=stock[:-1] + [hands[0][0]])
    with pytest.raises(BadRecord):
        game.new_deal(0, None, number=2, stock=stock)
    with pytest.raises(BadRecord):
        game.new_deal(0, [h[:3] for h in hands], number=2, stock=stock)
    none = zhopa.Game(players=2, variant="none", stock=zhopa.STOCK_NONE)
    assert none.new_deal(0, hands, number=2).stock_left() == 28  # out of play
    assert none.new_deal(0, hands, number=2, stock=stock).stock == stock


def test_first_deal_is_led_by_the_lowest_diamond():
    """"Перший хід в першій партії належить гравцеві, у якого є карта мінімального значення
    бубновою масті, якщо ні у кого немає ... зліва від здавальника." K♦ is below 10♦."""
    game = zhopa.Game(players=2, variant="none", stock=zhopa.STOCK_NONE)
    hands = [cards("TD 6C 7C 8C"), cards("KD 6S 7S 8S")]
    assert game.new_deal(0, hands, number=1).current_seat() == 1  # bidding: dealer's left
    deal = game.new_deal(0, hands, number=1)
    _bid_all(deal)
    assert deal.current_seat() == 1
    hands = [cards("6H 6C 7C 8C"), cards("7H 6S 7S 8S")]
    deal = game.new_deal(1, hands, number=1)
    _bid_all(deal)
    assert deal.current_seat() == 0  # no diamond: left of the dealer
    with pytest.raises(IllegalPlay) as e:
        game.new_deal(1, hands, number=1, leader=1)
    assert e.value.reason == bank.WRONG_LEADER
    waiting = game.new_deal(1, None, number=1)  # unknown hands: the table names the leader
    assert waiting.waiting_for_leader() and waiting.current_seat() == -1
    with pytest.raises(IllegalPlay) as e:
        waiting.bid(0, True)  # nothing before the leader is named
    assert e.value.reason == WRONG_PHASE
    assert waiting.lead(1) == [] and waiting.current_seat() == 0  # bids from the dealer's left
    with pytest.raises(IllegalPlay) as e:
        waiting.lead(0)
    assert e.value.reason == WRONG_PHASE


def test_six_of_diamonds_in_trick_one_proves_a_wrong_leader():
    """Unknown hands, refill: trick 1 shows dealt cards only; 6♦ there is proof."""
    game = zhopa.Game(players=4, variant="none")
    deal = game.new_deal(3, None, number=1, leader=0)
    _bid_all(deal)
    deal.play(0, D.parse("9S"))
    events = deal.play(1, D.parse("6D"))
    (found,) = [e for e in events if isinstance(e, RevokeFound)]
    assert found.seat == 1 and found.reason == bank.WRONG_LEADER


# --- unknown hands: revokes as evidence allows ---

def test_draws_delay_a_revoke_until_the_count_proves_it():
    """Void in ♠ shown at trick 5, then two draws: the third spade laid since is proof."""
    r = bank.Rules(2, "none", must_beat=bank.MUST_BEAT_TABLE, rank_discard=True)
    ev = bank.Evidence(r)
    t = bank.Trick(r, 0, D.parse("6S"))
    t.add(1, D.parse("7H"))
    ev.note(t, 4, bank.suit_code("S"))
    ev.draw(1)
    ev.draw(1)
    assert ev.check(1, D.parse("JS")) == []
    assert ev.check(1, D.parse("7S")) == []
    found = [e for e in ev.check(1, D.parse("AS")) if e.reason == REVOKE]
    assert len(found) == 1 and found[0].trick == 4 and "3 such cards since, 2 drawn" in \
        found[0].detail


def test_a_one_lower_fallback_is_refuted_by_a_later_beat():
    """MUST_BEAT_TABLE: 9♠ on J♠ says "nothing beats"; a later K♠ (beats J♠) proves it false."""
    r = bank.Rules(2, "none", must_beat=bank.MUST_BEAT_TABLE)
    ev = bank.Evidence(r)
    t = bank.Trick(r, 0, D.parse("JS"))
    t.add(1, D.parse("9S"))
    ev.note(t, 0, t.suit)
    assert ev.check(1, D.parse("7S")) == []
    (found,) = ev.check(1, D.parse("KS"))
    assert found.reason == bank.MUST_BEAT


def test_known_hands_refuse_a_fallback_while_able_to_beat():
    game = zhopa.Game(players=2, variant="none", stock=zhopa.STOCK_NONE)
    hands = [cards("JS 6C 7C 8C"), cards("9S KS 6H 7H")]
    deal = game.new_deal(1, hands, number=2)
    _bid_all(deal)
    deal.play(0, D.parse("JS"))
    with pytest.raises(IllegalPlay) as e:
        deal.play(1, D.parse("9S"))
    assert e.value.reason == bank.MUST_BEAT
    assert deal.legal_cards(1) == [D.parse("KS")]


def test_unknown_hands_find_a_revoke_once_the_stock_is_empty():
    """2 players, the first seed where it can happen (seed 0): in trick 15, after the last
    draw, seat 0 lays 10♣ on the led A♦ while holding 7♦ (the referee, not knowing the
    hands, accepts it); when 7♦ comes, RevokeFound names seat 0 and trick 15."""
    game = zhopa.Game(players=2, variant="none")
    for seed in range(50):
        rng = Rng(seed)
        hands, stock = game.deal_cards(rng)
        known = game.new_deal(1, hands, number=2, stock=stock)
        blind = game.new_deal(1, None, number=2)
        _bid_all(known)
        _bid_all(blind)
        cheat = None
        while not known.is_over():
            s = known.current_seat()
            legal = known.legal_cards(s)
            if known.stock_left() == 0 and known.trick and s != known.leader:
                bad = [c for c in known.hands[s] if c not in legal
                       and D.suit(c) != D.suit(known.trick[0])]
                if bad and any(D.suit(c) == known.bank.suit for c in known.hands[s]):
                    cheat = (s, bad[0], known.tricks_done)
                    break
            c = rng.choice(legal)
            assert known.play(s, c) == blind.play(s, c)
        if cheat is not None:
            break
    s, c, trick_no = cheat
    held = [list(h) for h in known.hands]
    blind.play(s, c)
    held[s].remove(c)
    found = []
    while not blind.is_over():
        p = blind.current_seat()
        found += [e for e in blind.play(p, held[p].pop()) if isinstance(e, RevokeFound)]
    assert (s, D.code(c), trick_no) == (0, "TC", 14)
    mine = [e for e in found if e.seat == s and e.trick == trick_no and e.reason == REVOKE]
    assert len(mine) == 1 and D.code(mine[0].card) == "7D"


# --- whole games ---

def play_game(players, seed, unknown=False, go=None, **options):
    """A seeded game with random legal play to its end; checks per deal that every card is
    captured exactly once (the 5-player leftover stays in the stock), that hands stay equal
    and that the banks move by the seed's rule. Returns the Match."""
    if players > 4 and options.get("trumps") is None and options.get("variant", "own") == "own":
        options["trumps"] = ["C", "D", "H", "S", None, None][:players]
    game = zhopa.Game(players=players, **options)
    match = zhopa.Match(game, first_dealer=seed % players)
    rng = Rng(seed)
    banks = [3] * players
    while not match.is_over():
        assert match.number() < 200
        hands, stock = game.deal_cards(rng)
        deal = match.new_deal(hands, stock=stock)
        blind = None
        if unknown:
            blind = game.new_deal(match.next_dealer(), None, match.number(), deal.first)
        while deal.phase == zhopa.PHASE_BID:
            s = deal.current_seat()
            g = rng.below(2) == 1 if go is None else go
            events = deal.bid(s, g)
            assert events[0] == zhopa.Bid(s, g)
            if blind is not None:
                assert blind.bid(s, g) == events
        captured = []
        while not deal.is_over():
            s = deal.current_seat()
            assert len(set(len(h) for h in deal.hands)) == 1 or deal.trick
            c = rng.choice(deal.legal_cards(s))
            events = deal.play(s, c)
            if blind is not None:
                assert blind.play(s, c) == events  # and so no false RevokeFound
            for e in events:
                if isinstance(e, TrickTaken):
                    captured += e.cards
        res = deal.result()
        assert events[-1] == DealOver(res)
        assert sorted(captured) == sorted(set(captured))
        assert sorted(captured + deal.stock) == list(range(36))
        leftover = game.stock_size() if game.stock == zhopa.STOCK_NONE else players == 5
        assert len(deal.stock) == res.left == deal.stock_left() == leftover
        assert sum(res.tricks) == game.n_tricks()
        for s in range(players):
            t = game.target(res.bids[s])
            p = res.points[s]
            want = -1 if p >= t else (1 if res.bids[s] else 0)
            assert res.changes[s] == want
            banks[s] += want
        events = match.record(res)
        assert events[0] == zhopa.BanksChanged(tuple(banks), res.changes)
        assert match.banks == banks
        ended = min(banks) == 0 or (max(banks) >= 6 and len(set(banks)) > 1)
        assert match.is_over() == ended
        assert (len(events) == 2) == ended
    return match


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_full_game_to_its_end(players):
    match = play_game(players, 2024)
    assert match.winners()
    assert all(match.banks[s] == min(match.banks) for s in match.winners())
    st_ = [match.stats(s) for s in range(players)]
    assert all(x.deals == len(match.rows) for x in st_)
    assert [x.shed - x.taken for x in st_] == [3 - b for b in match.banks]
    for s in range(players):
        assert match.rating_permille(s) == zhopa.rating_permille(*st_[s])
    with pytest.raises(IllegalPlay):
        match.new_deal()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_unknown_hands_agree_with_known_hands(players):
    play_game(players, 77, unknown=True)


def test_stock_none_game():
    match = play_game(3, 5, stock=zhopa.STOCK_NONE)
    assert all(sum(r.tricks) == 4 for r in match.rows)


def test_record_refuses_a_wrong_row():
    game = zhopa.Game(players=2, variant="none")
    match = zhopa.Match(game, 0)
    good = game.result_of(1, 0, 1, (1, 0), (44, 60))
    assert good.changes == (-1, 0)
    for bad in (good._replace(changes=(0, 0)), good._replace(targets=(68, 68)),
                good._replace(number=2), good._replace(dealer=1)):
        with pytest.raises(BadRecord):
            match.record(bad)
    assert match.rows == [] and match.banks == [3, 3]
    match.record(good)
    with pytest.raises(BadRecord):
        match.record(game.result_of(2, 1, 1, (1, 0), (0, 0)))  # deal 2 led from dealer's left
    match.record(game.result_of(2, 1, 0, (1, 1), (0, 0)))
    assert match.banks == [3, 4]


def test_everyone_at_six_plays_on_until_the_counts_differ():
    """"При одночасному наборі усіма гравцями шести банок гра триває ..." (two players)."""
    game = zhopa.Game(players=2, variant="none")
    match = zhopa.Match(game, 0)
    leader = 1
    for _ in range(3):
        ev = match.record(game.result_of(match.number(), match.next_dealer(), leader,
                                         (1, 1), (0, 0)))
        leader = (match.next_dealer() + 1) % 2
    assert match.banks == [6, 6] and not match.is_over() and len(ev) == 1
    match.record(game.result_of(4, match.next_dealer(), leader, (1, 1), (50, 50)))
    assert match.banks == [5, 5] and not match.is_over()
    leader = (match.next_dealer() + 1) % 2
    ev = match.record(game.result_of(5, match.next_dealer(), leader, (1, 0), (0, 0)))
    assert match.banks == [6, 5] and match.is_over()
    assert ev[-1] == zhopa.GameOver((1,), (0,), (6, 5))


def test_game_option_errors():
    with pytest.raises(TrickrefError):
        zhopa.Game(players=7)
    with pytest.raises(TrickrefError):
        zhopa.Game(players=5)  # own trumps: say which seats have one
    with pytest.raises(TrickrefError):
        zhopa.Game(stock=3)
    with pytest.raises(TrickrefError):
        zhopa.Game(targets=(44,))
    with pytest.raises(TrickrefError):
        zhopa.Game(four_bonus=9)
    with pytest.raises(TrickrefError):
        zhopa.Match(zhopa.Game(), first_dealer=4)


# --- properties ---

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2 ** 31), players=st.integers(2, 6),
       variant=st.sampled_from(["own", "none", "one", "senior-junior"]),
       stock=st.sampled_from([zhopa.STOCK_REFILL, zhopa.STOCK_NONE]))
def test_property_random_games(seed, players, variant, stock):
    """Every card captured once per deal, banks move only by the rule, the game ends exactly
    when the seed says (checked inside play_game after every deal); half the games are
    replayed with unknown hands, which must find no revoke in legal play."""
    trumps = {"one": ["H"]}.get(variant)
    match = play_game(players, seed, unknown=seed % 2 == 0, variant=variant, trumps=trumps,
                      stock=stock)
    assert match.is_over()


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), data=st.data())
def test_property_banks_from_scored_deals(players, data):
    """Deals entered by hand (bids, points): banks start at 3, move by -1/0/+1 as the bid and
    the target say, and the game ends at the first deal after which someone has 0, or someone
    has 6+ while the counts differ; no deal is accepted after that."""
    game = zhopa.Game(players=players, variant="none")
    match = zhopa.Match(game, 0)
    banks = [3] * players
    go_t, no_t = game.target(True), game.target(False)
    for _ in range(40):
        bids = data.draw(st.lists(st.integers(0, 1), min_size=players, max_size=players))
        pts = data.draw(st.lists(st.sampled_from([-4, 0, go_t - 1, go_t, no_t - 1, no_t, 300]),
                                 min_size=players, max_size=players))
        number = match.number()
        dealer = match.next_dealer()
        leader = (dealer + 1) % players
        match.record(game.result_of(number, dealer, leader, bids, pts))
        for s in range(players):
            if pts[s] >= (go_t if bids[s] else no_t):
                banks[s] -= 1
            elif bids[s]:
                banks[s] += 1
        assert match.banks == banks
        zero = 0 in banks
        six = any(b >= 6 for b in banks)
        assert match.is_over() == (zero or (six and len(set(banks)) > 1))
        if match.is_over():
            with pytest.raises(BadRecord):
                match.record(game.result_of(number + 1, match.next_dealer(), 0, bids, pts))
            break


# --- MicroPython ---

def mp_game_line(players, seed):
    """What tests/mp/check_zhopa.py prints for its game (same Rng draws)."""
    trumps = None if players <= 4 else ["C", "D", "H", "S", None, None][:players]
    g = zhopa.Game(players=players, trumps=trumps)
    m = zhopa.Match(g, seed % players)
    rng = Rng(seed)
    while not m.is_over():
        hands, stock = g.deal_cards(rng)
        d = m.new_deal(hands, stock=stock)
        while d.phase == zhopa.PHASE_BID:
            d.bid(d.current_seat(), rng.below(2) == 1)
        while not d.is_over():
            s = d.current_seat()
            d.play(s, rng.choice(d.legal_cards(s)))
        m.record(d.result())
    return "game %d %d: deals=%d banks=%s winners=%s" % (players, seed, len(m.rows),
                                                          list(m.banks), list(m.winners()))


def test_vector_file_has_one_vector_per_line():
    """tests/mp/check_zhopa.py parses the file line by line to stay within 128 KB."""
    with open(os.path.join(ROOT, "tests", "vectors", "zhopa_examples.json"),
              encoding="utf-8") as f:
        lines = f.read().splitlines()
    got = {}
    section = None
    for line in lines:
        if line.startswith(' "'):
            section = line.split('"')[1]
        elif line.startswith("  {"):
            got.setdefault(section, []).append(json.loads(line.rstrip(",")))
    assert got == {k: v for k, v in VECTORS.items() if isinstance(v, list)}


def test_micropython_runs_vectors_and_a_game():
    out = run_mp("check_zhopa.py")
    n = sum(len(VECTORS[k]) for k in ("examples", "plays", "points", "targets", "changes",
                                      "ends", "ratings"))
    m = re.search(r"^OK (\d+)$", out, re.M)
    assert m and int(m.group(1)) > n
    heaps = [int(x) for x in re.findall(r"^heap [^:]+: (\d+)$", out, re.M)]
    assert len(heaps) == 3 and max(heaps) < 128 * 1024
    assert mp_game_line(4, 7) in out


def test_a_negative_rating_keeps_its_tenths_on_the_sheet():
    """Zhopa's rating is not bounded below (docs/rules/zhopa.md): 23 points, one bank
    taken in one deal against a target of 44 rates -23 per mille, which the final sheet
    showed as "-3.3%" (floor division of -23 by 10); it is -2.3%."""
    from core.games import zhopa
    from device.flows.bankflow import rating_line
    r = zhopa.rating_permille(23, 0, 1, 1, 44)
    assert r == -23
    assert rating_line(1, r) == "P2 rating -2.3%"
    assert rating_line(0, -405) == "P1 rating -40.5%"
    assert rating_line(2, 2472) == "P3 rating 247.2%"
    assert rating_line(0, -5) == "P1 rating -0.5%"


@pytest.mark.parametrize("lang,rows", [
    ("en", ["P2 should lead", "shown by ♦6"]),
    ("uk", None)])
def test_the_lcd_names_who_should_have_led(lang, rows):
    """On the emulated board (cards read from their tags): P1 was named the leader and
    led 9♠, P2 lays 6♦ in trick 1. The LCD names P2 as the one who should have led; it
    said "P2 wrong leader T1" (cut at 16 columns), as if P2 had led wrongly. In Ukrainian
    the row names P2 with the catalogue's words, whole."""
    from device import words
    from device.flows import bankflow  # noqa: F401  (registers the bank games' words)
    from host_sim.board import SimBoard, TaggedDeck
    words.set_language(lang)
    try:
        board = SimBoard(4)
        tags = TaggedDeck(D)
        app = board.start(lambda: zhopa.Game(players=4, variant="none").new_deal(
            3, None, number=1, leader=0), D)
        while app.referee.deal.phase == zhopa.PHASE_BID:
            app.choose("bid", app.referee.deal.current_seat(), False)
        board.play_card(0, tags.tag(D.parse("9S")))
        events = board.play_card(1, tags.tag(D.parse("6D")))
        assert [e.reason for e in events if isinstance(e, RevokeFound)] == [bank.WRONG_LEADER]
        shown = [r.rstrip() for r in board.lcd_lines()]
        if rows is not None:
            assert shown == rows
        else:
            assert shown[0] == words.lcd("P2 " + words.tr("should lead")), shown
            assert len(shown[0]) <= 16
    finally:
        words.set_language("en")

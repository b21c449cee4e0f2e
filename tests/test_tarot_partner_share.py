"""Issue 22: the partner's share at five (option partner). The FFT (2012, p.12) shares the
whole total, taker x2 and the called partner x1 (``fft``, default); the habit
rencontrestarot.org "La marque au tarot" describes (and calls a legend) makes the petit au
bout, poignée and misère primes the player's own, "payées par le ou les partenaires"
(``personal``). docs/rules/tarot.md "The partner's share at five" has the worked example
and the decisions."""

import json

import pytest

from core.errors import TrickrefError
from core.games import tarot, tarot_house
from core.games.tarot_score import ATTACK, GARDE, score
from device import flows
from device.flows import tarot as tarot_flow
from test_tarot import card, make_hands, start

# P1 (seat 0) takes a garde sans holding 21..14 and the Petit, calls the king of hearts
# (P3's); P1 shows 8 trumps and keeps the Petit for his last card.
HANDS = make_hands(5, {0: "21 20 19 18 17 16 15 14 1 SK CK DK", 2: "HK"})
SHOWN = [card(c) for c in "21 20 19 18 17 16 15 14".split()]


def test_the_worked_example_partner_loses_the_petit_his_taker_took():
    """docs/rules/tarot.md: garde, P1 taker, P3 called, the attack made by 10 with one
    oudler (61 points); P1 shows a simple poignée; P3 plays the Petit to the last trick
    and P1 takes it. FFT: (25 + 10) x 2 + 20 petit au bout + 20 poignée = 110 a
    defender, P1 +220, P3 +110. Personal: the contract's 70 shared (P1 +140, P3 +70,
    -70 each); P1's poignée +20 from each of the four; P3's Petit lost: he pays 20 to
    each of the four, his taker included: P1 +240, P3 -30, P2 P4 P5 -70."""
    fft = score(5, GARDE, 122, 1, poignee=[(ATTACK, 8)], petit_au_bout=ATTACK, taker=0,
                partner=2)
    assert fft.per_defender == 110 and fft.marks == (220, -110, 110, -110, -110)
    contract = score(5, GARDE, 122, 1, taker=0, partner=2)
    own = tarot_house.personal(contract, [(0, 20, "poignée"), (2, -20, "petit au bout lost")])
    assert own.marks == (240, -70, -30, -70, -70) and sum(own.marks) == 0
    assert "petit au bout lost is P3's own: -20 from each of the 4 others" in own.steps


def _play(deal, announce=True):
    """The first legal card each turn, the Petit kept to the last one; P1 shows SHOWN at
    his first card. Returns the actions as a record writes them."""
    actions = []
    while not deal.is_over():
        s = deal.current_seat()
        if announce and s == 0 and deal.tricks_done == 0:
            deal.announce(0, tarot.POIGNEE, SHOWN)
            actions.append(["announce", [0, tarot.POIGNEE, [tarot.TAROT.code(c) for c in SHOWN]]])
            announce = False
        legal = deal.legal_cards(s)
        c = ([x for x in legal if x != tarot.PETIT] or legal)[0]
        deal.play(s, c)
        actions.append(["play", [s, tarot.TAROT.code(c)]])
    return actions


def _deal(partner):
    deal = start(5, HANDS, 0, 0, call="HK", partner=partner)
    _play(deal)
    return deal.result()


def test_a_played_deal_at_five_the_primes_are_the_players_own():
    """Made by 40 (80.5 -> 81), x4: 260 the contract; P1's poignée 20 and his Petit taken
    at the end 40. FFT: 320 a defender, P1 +640, P3 +320. Personal: P1 2 x 260 + 4 x 20
    + 4 x 40 = +760, P3 260 - 20 - 40 = +200, the defenders -320 as before."""
    fft, own = _deal("fft"), _deal("personal")
    assert (fft.partner, fft.petit_au_bout, fft.score.diff) == (2, ATTACK, 40)
    assert fft.marks == (640, -320, 320, -320, -320)
    assert own.marks == (760, -320, 200, -320, -320)
    assert own.score.per_defender == 260  # the shared part: the contract alone


def test_the_option_is_asked_with_the_called_king_only_and_refused_by_name():
    flow = flows.load("tarot")
    keys = [k for k, _, _ in flows.check_options(flow, 5, {})]
    assert keys[-2:] == ["five", "partner"]
    assert tarot_flow.new_match(5, {"partner": "personal"}).game.partner == "personal"
    assert tarot_flow.new_match(5, {}).game.partner == "fft"
    for players, options in ((4, {"partner": "personal"}),
                             (5, {"five": "mort", "partner": "personal"})):
        with pytest.raises(ValueError) as e:
            flows.check_options(flow, players, options)
        assert "partner" in str(e.value)
    with pytest.raises(ValueError) as e:
        flows.check_options(flow, 5, {"partner": "equal"})
    assert "partner" in str(e.value) and "equal" in str(e.value)
    with pytest.raises(TrickrefError) as e:
        tarot.Game(4, partner="personal")
    assert "partner" in str(e.value)
    # through the board's setup menus, answered with the buttons ("Partner share")
    from host_sim.script import run_script
    board = run_script("", "tarot", 5, out=lambda line: None, options={"partner": "personal"})
    assert board.controller.match.game.partner == "personal"


def test_a_record_with_the_option_replays_identically(tmp_path, replay_json):
    """The deal above as a record: with partner=personal the board's replay books the
    personal marks, without it the FFT's."""
    deal = start(5, HANDS, 0, 0, call="HK", partner="personal")
    actions = [["bid", [s, "garde sans" if s == 0 else "pass"]] for s in (1, 2, 3, 4, 0)]
    actions.append(["call", [0, "HK"]])
    actions += _play(deal)
    for options, marks in (({"partner": "personal"}, [760, -320, 200, -320, -320]),
                           ({}, [640, -320, 320, -320, -320])):
        path = tmp_path / "five.jsonl"
        path.write_text(json.dumps({"format": "trickref/1", "game": "tarot", "players": 5,
                                    "options": options, "deal": 1, "actions": actions}) + "\n")
        status, out = replay_json(path)
        assert status == 0, out
        assert out[0]["result"]["marks"] == marks


# P1 (seat 0) takes a garde sans as above, calls the king of hearts (P3's); P2 (seat 1), a
# defender, holds eight trumps: a simple poignée at five (FFT p.12), shown at his first card.
DEFENDER_HANDS = make_hands(5, {0: "21 20 19 18 17 16 15 14 1 SK CK DK", 2: "HK",
                                1: "13 12 11 10 9 8 7 6"})


def _defender_shows(partner, show):
    deal = start(5, DEFENDER_HANDS, 0, 0, call="HK", partner=partner)
    while not deal.is_over():
        s = deal.current_seat()
        if show and s == 1 and deal.tricks_done == 0:
            deal.announce(1, tarot.POIGNEE, [card(c) for c in "13 12 11 10 9 8 7 6".split()])
            show = False
        legal = deal.legal_cards(s)
        deal.play(s, ([x for x in legal if x != tarot.PETIT] or legal)[0])
    return deal.result()


def test_a_defenders_poignee_is_his_own_and_paid_when_his_camp_loses():
    """docs/rules/tarot.md "The partner's share at five": with partner=personal a poignée
    is its shower's and keeps the FFT's sign, "the owner receives it when his camp wins
    the deal, pays it when it loses". Here the attack wins and P2, a defender, showed the
    poignée: P2 pays 20 to each of the four others (-80; it was +80, signed by the
    attack's result for every shower). With the FFT's share the prime goes to the winning
    camp whoever showed it: 20 more a defender."""
    own, own_quiet = _defender_shows("personal", True), _defender_shows("personal", False)
    assert own.score.won and own.partner == 2
    assert [a - b for a, b in zip(own.marks, own_quiet.marks)] == [20, -80, 20, 20, 20]
    fft, fft_quiet = _defender_shows("fft", True), _defender_shows("fft", False)
    assert fft.score.per_defender - fft_quiet.score.per_defender == 20
    assert [a - b for a, b in zip(fft.marks, fft_quiet.marks)] == [40, -20, 20, -20, -20]

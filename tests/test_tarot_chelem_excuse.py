"""Issue 14 item 3: the chelem announcer may lead the Excuse before the last trick (FFT p.6
keeps it for the last trick only in a chelem that is made; p.7-8: the Excuse may be played
at any time); its trick goes to the other camp and the announced chelem fails: -200."""

import os

from core.events import Refused
from core.games import tarot as T
from test_tarot import card, make_hands, start


def test_the_issues_record_is_accepted(data_dir, replay_json):
    """The record of the issue replays through the emulated board without a refusal."""
    status, out = replay_json(os.path.join(data_dir, "tarot", "chelem_excuse.jsonl"))
    assert status == 0 and out == [{"game": "tarot", "deal": 1, "status": "unfinished",
                                    "result": None, "violations": [], "tricks": 0}]


def _announced_chelem_led_excuse(**options):
    hands = make_hands(4, {0: "5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 EX", 1: "1 2"},
                       chien="3 4")
    deal = start(4, hands, 1, 0, **options)  # garde sans: no écart
    deal.announce(0, T.CHELEM)
    events = deal.play(0, T.EX)  # the announcer leads the Excuse in trick 1
    assert not [e for e in events if isinstance(e, Refused)]
    while not deal.is_over():
        s = deal.current_seat()
        events = deal.play(s, deal.legal_cards(s)[0])
    return deal, events[-1].result


def test_a_failed_announced_chelem_scores_as_one():
    """Trick 1 (the Excuse led) goes to a defender with the Petit: the chelem announced is
    failed. Garde sans (x4), the taker keeps the Excuse and the 21 (2 oudlers, target 41)
    and takes every other trick: 85 points, diff 44; FFT p.6 and p.8-9: each defender
    pays (25 + 44) x 4 - 200 = 76, the taker gets 3 x 76 = 228."""
    deal, res = _announced_chelem_led_excuse()
    assert deal.trick_winners[0] != 0 and deal.trick_winners[1:] == [0] * 17
    assert res.chelem == T.CHELEM_FAILED and res.score.chelem == -200
    assert (res.attack_points, res.oudlers) == (170, 2)  # half-points
    assert res.marks == (228, -76, -76, -76)


def test_the_same_under_the_ffts_excuse_reading():
    """Option excuse_slam="announced" (FFT p.6's "demandeur") changes nothing here."""
    _, res = _announced_chelem_led_excuse(excuse_slam="announced")
    assert res.chelem == T.CHELEM_FAILED and res.score.chelem == -200


def test_card_helper_is_the_decks():
    assert card("EX") == T.EX


# 5 players, dealer P1 (seat 0): P2 (seat 1) takes a garde sans, calls the king of
# diamonds (P4, seat 3) and announces the chelem. He and his partner take turns to win
# (each trumps the other's lead), P3 (seat 2) follows every lead and keeps the Petit to
# the end (his 2, 6 and 7 go under the attack's trumps when he has no diamond), and the
# taker leads the Excuse to the last trick, on which P3 must play the Petit.
_SLAM_FIVE = (
    "bid 1 garde-sans|bid 2 pass|bid 3 pass|bid 4 pass|bid 0 pass|call 1 DK|"
    "play 1 HK|play 2 H1|play 3 8|play 4 H5|play 0 H8|"
    "play 3 CK|play 4 C5|play 0 C8|play 1 15|play 2 C1|"
    "play 1 HQ|play 2 H2|play 3 9|play 4 H6|play 0 H9|"
    "play 3 CQ|play 4 C6|play 0 C9|play 1 16|play 2 C2|"
    "play 1 HC|play 2 H3|play 3 10|play 4 H7|play 0 HT|"
    "play 3 CC|play 4 C7|play 0 CT|play 1 17|play 2 C3|"
    "play 1 HJ|play 2 H4|play 3 11|play 4 S4|play 0 S8|"
    "play 3 CJ|play 4 S5|play 0 S9|play 1 18|play 2 C4|"
    "play 1 SK|play 2 S1|play 3 12|play 4 S6|play 0 ST|"
    "play 3 DQ|play 4 D1|play 0 D6|play 1 19|play 2 2|"
    "play 1 SQ|play 2 S2|play 3 13|play 4 S7|play 0 SJ|"
    "play 3 DC|play 4 D2|play 0 D7|play 1 20|play 2 6|"
    "play 1 SC|play 2 S3|play 3 14|play 4 D3|play 0 D8|"
    "play 3 DJ|play 4 D4|play 0 D9|play 1 21|play 2 7|"
    "play 1 EX|play 2 1|play 3 DK|play 4 D5|play 0 DT")


def _slam_five_record():
    acts = []
    for i, step in enumerate(_SLAM_FIVE.split("|")):
        verb, seat, arg = step.split()
        acts.append([verb, [int(seat), arg]])
        if i == 5:
            acts.append(["announce", [1, "chelem", None]])
    return {"format": "trickref/1", "game": "tarot", "players": 5, "options": {},
            "deal": 1, "actions": acts}


def test_a_defenders_petit_taken_by_the_chelem_excuse_is_au_bout():
    """FFT p.7: the Petit in the last trick gives 10 x multiplier to the camp that takes
    that trick; p.6: in a chelem the taker leads the Excuse to the last trick and wins it
    (the Petit is then deemed au bout in the penultimate trick too: the taker's own Petit
    is not lost to the Excuse). Here the defender's Petit lies in the last trick, taken by
    the Excuse: the attack's petit au bout (docs/rules/tarot.md, decision 11). Played
    through the emulated board, hands unknown: garde sans x4, 91 points with 3 oudlers
    (36 needed, made by 55): (25 + 55) x 4 = 320, petit au bout +40, chelem announced and
    made +400: 760 a defender, the taker 2 x 760, his partner 760."""
    from host_sim import records
    out = list(records.replay([_slam_five_record()]))
    assert len(out) == 1 and out[0]["status"] == "played" and out[0]["violations"] == []
    res = out[0]["result"]
    assert res["trick_winners"][-1] == 1 and res["chelem"] == T.CHELEM_ANNOUNCED
    assert (res["attack_points"], res["oudlers"]) == (182, 3)
    assert res["petit_au_bout"] == T.ATTACK
    assert res["marks"] == [-760, 1520, -760, 760, -760]


def test_the_takers_petit_in_the_penultimate_trick_stays_au_bout():
    """The other half of FFT p.6: the chelem made with the Excuse led last, the taker's
    Petit in the penultimate trick is au bout (count_deal, unchanged)."""
    from core.games.tarot_score import count_deal
    plays = [(0, T.PETIT), (1, 0), (2, 1), (0, T.EX), (1, 2), (2, 3)]
    pts, oud, pab, chelem, _ = count_deal(3, T.GARDE, plays, [0, 0], [0, 1, 1], True)
    assert pab == T.ATTACK and chelem == T.CHELEM_ANNOUNCED


def test_the_chelem_excuse_is_no_violation_of_excuse_last_forbidden():
    """Option excuse_last=forbidden (regles2jeux.fr) with the chelem exception: the
    Excuse reaches the last trick lawfully when its camp won every earlier trick. At five
    with hands unknown the taker's partner (P4, who took every other trick) is known only
    when he plays the called king, after the Excuse in the last trick: the board reported
    'excuse-last-trick' against P2 at his lead, while the Excuse won the chelem."""
    from host_sim import records
    rec = dict(_slam_five_record(), options={"excuse_last": "forbidden"})
    out = list(records.replay([rec]))
    assert out[0]["violations"] == []
    assert out[0]["result"]["marks"] == [-760, 1520, -760, 760, -760]


def test_an_excuse_kept_to_the_last_trick_is_still_reported():
    """The same option, hands unknown: a defender's Excuse in the last trick of a deal his
    camp did not sweep is reported ('excuse-last-trick', the deal's last trick) and goes
    to the other camp."""
    from core.rng import Rng
    from host_sim import records
    for seed in range(1, 200):
        rng = Rng(seed)
        hands, _ = T.split_pack(rng.shuffle(list(range(78))), 4)
        deal = T.Game(4).new_deal(0, hands)  # P2 (seat 1) bids first, as on the board
        if deal.is_over() or T.EX in hands[1]:
            continue
        acts = []
        for s in (1, 2, 3, 0):
            deal.bid(s, T.GARDE_SANS if s == 1 else T.PASS)
            acts.append(["bid", [s, "garde-sans" if s == 1 else "pass"]])
        while not deal.is_over():
            s = deal.current_seat()
            legal = deal.legal_cards(s)
            c = [x for x in legal if x != T.EX][:1] or legal  # the Excuse kept to the end
            deal.play(s, c[0])
            acts.append(["play", [s, T.TAROT.code(c[0])]])
        if T.DEFENCE in [deal.camp_of(w) for w in deal.trick_winners[:-1]] and \
                T.ATTACK in [deal.camp_of(w) for w in deal.trick_winners[:-1]]:
            break
    holder = [s for s in range(4) if T.EX in hands[s]][0]
    rec = {"format": "trickref/1", "game": "tarot", "players": 4, "deal": 1,
           "options": {"excuse_last": "forbidden"}, "actions": acts}
    out = list(records.replay([rec]))
    assert out[0]["violations"] == [{"seat": holder, "kind": "excuse-last-trick",
                                     "trick": 17}]
    assert "the Excuse played to the last trick goes to the attack" in out[0]["result"]["notes"]

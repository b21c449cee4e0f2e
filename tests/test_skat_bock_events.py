"""Issue 22: more Bock triggers chosen one by one and the Ramsch rounds after a Bock round
(options bock_kontra, bock_re, bock_value, bockramsch), as the XSkat manual (xskat.6,
-bockevents, -bockramsch) lists them. Worked examples of docs/rules/skat.md "More Bock
triggers and Ramsch rounds"; the hands of the Kontra examples (tests/test_skat_kontra.py)."""

import pytest

from core.games import skat, skat_sheet, skat_bock_events
from core.games.skat_bock import BockRounds
from device import flows
from device.flows import skat as skat_flow
from test_skat_kontra import FOREHAND, MIDDLE, REAR, SKAT_CARDS, _declared, _play_out
from test_skat_ramsch import FOREHAND as R_FOREHAND, MIDDLE as R_MIDDLE, REAR as R_REAR
from test_skat_ramsch import _play_out as _ramsch_play_out, p


def picked_up(match):
    """The Kontra examples' deal: middlehand bids 18, forehand holds and picks up C8 C7."""
    deal = match.new_deal([p(FOREHAND), p(MIDDLE), p(REAR)], p(SKAT_CARDS))
    deal.bid(1, 18)
    deal.hold(0)
    deal.pass_(1)
    deal.pass_(2)
    deal.pick_up(0)
    return deal


def _clubs_schwarz(match):
    """Forehand (middlehand bids 18, he holds) picks up C8 C7, lays D7 C7 and plays clubs:
    ten trumps, all ten tricks. His twelve cards hold every trump: with 11, game 12,
    schneider 13, schwarz 14: 14 x 12 = 168 (ISkO 5.1-5.2)."""
    deal = picked_up(match)
    deal.declare(0, "C", p("D7 C7"))
    trumps = p("CJ SJ HJ DJ CA CT CK CQ C9 C8")
    for f, m, r in zip(trumps, p(MIDDLE), p(REAR)):
        for seat, card in ((0, f), (1, m), (2, r)):
            deal.play(seat, card)
    return deal.result()


@pytest.mark.parametrize("value_option,booked,left", [
    ("off", 168, 0), ("72", 336, 2), ("96", 336, 2)])
def test_a_game_worth_96_or_more_opens_a_round(value_option, booked, left):
    match = skat_sheet.Match(3, bock="on", bock_value=value_option)
    res = _clubs_schwarz(match)
    assert (res.won, res.value, res.matadors) == (True, 168, 11)
    match.record(res)
    assert match.sheet.rows[-1][2] == booked and match.bock_rounds.left == left


def _won(value, levels=()):
    return skat.Result("played", 0, skat.parse_contract("G"), 18, True, value, 1, 2, False,
                       61, 5, False, False, (), levels)


@pytest.mark.parametrize("result,opens72,opens96", [
    (_won(84), 1, 0), (_won(72), 1, 0), (_won(96), 1, 1), (_won(48), 0, 0),
    (_won(92, ("kontra",)), 0, 0),  # null ouvert 46 with Kontra: 46 before doubling
    (_won(384, ("kontra", "re")), 1, 1)])  # 96 before doubling
def test_the_value_threshold_counts_the_value_before_kontra_and_re(result, opens72, opens96):
    events = skat_bock_events.check_events({"bock_value": "72"})
    assert skat_bock_events.count(result, events) == opens72
    events["bock_value"] = "96"
    assert skat_bock_events.count(result, events) == opens96


@pytest.mark.parametrize("option,booked,left", [("off", -140, 0), ("on", -280, 2)])
def test_a_kontra_the_defenders_win_opens_a_round(option, booked, left):
    """Null hand lost at the first trick with Kontra: -140; with bock_kontra it opens a
    round and counts in it: -280."""
    match = skat_sheet.Match(3, kontra="on", bock="on", bock_kontra=option)
    deal = _declared("NH", match=match)
    deal.kontra(1)
    _play_out(deal)
    skat_flow.record(match, deal.result())
    assert match.sheet.rows[-1][2] == booked and match.bock_rounds.left == left


def test_re_and_a_grand_hand_open_two_rounds_a_lost_re_with_kontra_one_event():
    """The grand hand with 4 schneider, Kontra and Re: 672; the grand hand opens a round
    (skatspielen.info) and the Re another (XSkat 8): 1344, Bock games 2 x 3 - 1 = 5."""
    match = skat_sheet.Match(3, kontra="on", bock="on", bock_re="on", bock_kontra="on")
    deal = _declared("GH", match=match)
    deal.kontra(1)
    deal.re(0)
    _play_out(deal)
    assert skat_flow.record(match, deal.result())[1] == "won Re B +1344"  # 16 columns
    assert match.bock_rounds.left == 5
    lost_re = skat.Result("played", 0, skat.parse_contract("NH"), 18, False, -280, 0, 0,
                          False, 0, 1, False, False, (), ("kontra", "re"))
    assert skat_bock_events.count(lost_re, match.bock_events) == 1  # one event, not two


def test_a_ramsch_round_follows_the_bock_round():
    """bockramsch: the grand hand (168) opens a Bock round: 336; two passed deals end it;
    then three deals are Ramsch from the start (Ramsch example 1: -218, not doubled), and
    the auction comes back."""
    match = skat_sheet.Match(3, ramsch="off", kontra="on", bock="on", bockramsch="on")
    deal = _declared("GH", match=match)
    _play_out(deal)
    skat_flow.record(match, deal.result())
    assert match.bock_rounds.ramsch_left == 3
    for _ in range(2):
        deal = match.new_deal()
        for seat in (1, 2, 0):
            deal.pass_(seat)
        skat_flow.record(match, deal.result())
    assert skat_flow.sheet_lines(match)[-1] == "Ramsch games 3"
    deal = match.new_deal([p(R_FOREHAND), p(R_MIDDLE), p(R_REAR)], p(SKAT_CARDS))
    assert deal.status == "ramsch" and deal.phase == skat.PHASE_PLAY
    _ramsch_play_out(deal, R_FOREHAND, R_MIDDLE, R_REAR)
    assert skat_flow.record(match, deal.result()) == ["Ramsch P2 109p", "Jungfr. -218"]
    for _ in range(2):
        deal = match.new_deal()
        assert deal.status == "ramsch"
        deal.abandon(0)  # an aborted Ramsch uses a game of the round
        skat_flow.record(match, deal.result())
    assert match.new_deal().phase == skat.PHASE_AUCTION
    assert match.doubled == [True, True, True, False, False, False]


def test_bock_events_are_asked_only_with_bock_rounds_and_checked_by_name():
    flow = flows.load("skat")
    with pytest.raises(ValueError) as e:
        flows.check_options(flow, 3, {"bock_re": "on"})  # Bock rounds off: not asked
    assert "bock_re" in str(e.value)
    with pytest.raises(ValueError) as e:
        flows.check_options(flow, 3, {"bock": "on", "bock_value": "60"})
    assert "bock_value" in str(e.value) and "60" in str(e.value)
    keys = [k for k, _, _ in flows.check_options(flow, 3, {"bock": "on"})]
    assert keys[-6:] == ["bock_kontra", "bock_re", "bock_value", "bock_schneider",
                         "bock_durchmarsch", "bockramsch"]
    with pytest.raises(ValueError):
        skat_sheet.Match(3, bock="off", bockramsch="on")


def test_queued_rounds_then_ramsch_rounds():
    rounds = BockRounds(3, ramsch_rounds=True)
    assert [rounds.game(o) for o in (2, 0, 0, 0, 0, 0)] == [2] * 6
    assert rounds.ramsch_now() and rounds.ramsch_left == 6


@pytest.mark.parametrize("option,booked,left,line", [
    ("off", 168, 0, "won +168"), ("on", 336, 2, "won Bock +336")])
def test_a_schneider_game_opens_a_round(option, booked, left, line):
    """bock_schneider: forehand's clubs game played out schwarz (168, schneider reached)
    opens a round: it counts double (336) and the LCD's result row says Bock."""
    match = skat_sheet.Match(3, bock="on", bock_schneider=option)
    res = _clubs_schwarz(match)
    assert res.schneider and not res.contract.hand
    assert skat_flow.record(match, res)[1] == line
    assert match.sheet.rows[-1][2] == booked and match.bock_rounds.left == left


def test_a_lost_schneider_game_opens_a_round_too():
    """Schneider for either party: the null hand lost has no schneider (ISkO 5.2: null
    games have none); a grand lost schneider (declarer 30 or less) opens a round."""
    events = skat_bock_events.check_events({"bock_schneider": "on"})
    lost = skat.Result("played", 0, skat.parse_contract("G"), 18, False, -144, 1, 3, False,
                       25, 2, True, False, (), ("with 1", "game", "schneider"))
    assert skat_bock_events.count(lost, events) == 1
    null = skat.Result("played", 0, skat.parse_contract("NH"), 18, False, -70, 0, 0, False,
                       0, 1, False, False, (), ())
    assert skat_bock_events.count(null, events) == 0


def _durchmarsch(match):
    """Ramsch example 2 of docs/rules/skat.md: forehand's D7 and the skat's C8 swapped,
    forehand takes all ten tricks: Durchmarsch +120."""
    fore = R_FOREHAND.replace("D7", "C8")
    deal = match.new_deal([p(fore), p(R_MIDDLE), p(R_REAR)], p("D7 C7"))
    if deal.phase == skat.PHASE_AUCTION:  # a Ramsch round's deal starts as a Ramsch
        for seat in (1, 2, 0):
            deal.pass_(seat)
    _ramsch_play_out(deal, fore, R_MIDDLE, R_REAR)
    return deal.result()


@pytest.mark.parametrize("option,row,left", [
    ("off", ["Ramsch P2 120p", "Durchm. +120"], 0),
    ("on", ["Ramsch P2 120p", "Durchm. B +240"], 2)])  # 16 columns
def test_a_ramsch_durchmarsch_opens_a_round(option, row, left):
    """bock_durchmarsch: the Durchmarsch (+120) opens a round and counts in it: +240, the
    LCD's row says Bock and the totals "Bock games 2"."""
    match = skat_sheet.Match(3, ramsch="ramsch", bock="on", bock_durchmarsch=option)
    res = _durchmarsch(match)
    assert res.status == "ramsch" and "durchmarsch" in res.levels
    assert skat_flow.record(match, res) == row
    assert match.sheet.totals[1] == (240 if option == "on" else 120)
    assert match.bock_rounds.left == left
    assert ("Bock games 2" in skat_flow.sheet_lines(match)) == (option == "on")
    assert skat_flow.sheet_table(match)[1][-1][-1] == (1 if option == "on" else 0)


def test_a_durchmarsch_in_a_ramsch_round_opens_nothing():
    """A Ramsch of a Ramsch round counts single and opens nothing (docs/rules/skat.md),
    a Durchmarsch too."""
    match = skat_sheet.Match(3, ramsch="ramsch", bock="on", bock_durchmarsch="on",
                             bockramsch="on")
    match.bock_rounds.ramsch_left = 3
    res = _durchmarsch(match)
    assert skat_flow.result_lines(res, match)[1] == "Durchm. +120"
    match.record(res)
    assert match.sheet.totals[1] == 120 and match.bock_rounds.left == 0
    assert match.bock_rounds.ramsch_left == 2


def _durchmarsch_record(tmp_path, options):
    """A trickref/1 record of the Ramsch example 2 (the Durchmarsch) with ``options``."""
    import json
    fore = R_FOREHAND.replace("D7", "C8")
    acts = [["pass_", [1]], ["pass_", [2]], ["pass_", [0]]]
    for f, m, r in zip(fore.split(), R_MIDDLE.split(), R_REAR.split()):
        acts += [["play", [0, f]], ["play", [1, m]], ["play", [2, r]]]
    acts.append(["set_skat", [["D7", "C7"]]])
    path = tmp_path / "durchmarsch.jsonl"
    path.write_text(json.dumps({"format": "trickref/1", "game": "skat", "players": 3,
                                "deal": 1, "options": options, "actions": acts}) + "\n")
    return path


def test_records_with_the_new_triggers_replay_and_a_misspelt_one_is_named(tmp_path,
                                                                           replay_json):
    options = {"ramsch": "ramsch", "bock": "on", "bock_durchmarsch": "on",
               "bock_schneider": "on"}
    status, out = replay_json(_durchmarsch_record(tmp_path, options))
    assert status == 0 and out[0]["result"]["values"] == [120, 0, 0]
    assert out[0]["result"]["levels"] == ["durchmarsch"]
    bad = dict(options, bock_durchmarsh="on")
    del bad["bock_durchmarsch"]
    status, out = replay_json(_durchmarsch_record(tmp_path, bad))
    assert status == 1 and out[0]["status"] == "error"
    assert "has no option bock_durchmarsh" in out[0]["error"]

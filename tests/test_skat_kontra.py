"""Issue 22: Kontra and Re (house rule, option ``kontra``), as Rasche Software's Skat
course (raschesspiele.de, LeSkat "II.2") describes it: before the first card a defender
doubles the game's score, the declarer may double again; only a player who said at least
18 in the auction may. Worked examples of docs/rules/skat.md "Kontra and Re"."""

import pytest

from core.cards import SKAT
from core.errors import IllegalPlay
from core.games import skat, skat_sheet
from device.flows import skat as skat_flow

p = SKAT.parse_many

FOREHAND = "CJ SJ HJ DJ CA CT CK CQ C9 D7"
MIDDLE = "SQ SK ST SA D8 D9 DQ DK DT DA"
REAR = "H7 H8 H9 HQ HK HT HA S9 S8 S7"
SKAT_CARDS = "C8 C7"


def _declared(contract, kontra="on", match=None):
    """Middlehand bids 18, forehand holds, middlehand and rearhand pass: forehand declares
    ``contract`` from the hand; rearhand said nothing."""
    game = match.game if match is not None else skat.Game(kontra=kontra)
    deal = game.new_deal(0, [p(FOREHAND), p(MIDDLE), p(REAR)], p(SKAT_CARDS))
    deal.bid(1, 18)
    deal.hold(0)
    deal.pass_(1)
    deal.pass_(2)
    deal.declare(0, contract)
    return deal


def _play_out(deal):
    for f, m, r in zip(p(FOREHAND), p(MIDDLE), p(REAR)):
        for seat, card in ((0, f), (1, m), (2, r)):
            if deal.is_over():
                return
            deal.play(seat, card)


@pytest.mark.parametrize("doubles,value,levels", [
    (0, 168, ()), (1, 336, ("kontra",)), (2, 672, ("kontra", "re"))])
def test_grand_hand_with_four_schneider(doubles, value, levels):
    """Grand hand with 4, 109 points, schneider: 7 x 24 = 168 (ISkO 5.1-5.2); Kontra
    doubles it, Re doubles again."""
    deal = _declared("GH")
    if doubles:
        deal.kontra(1)
    if doubles == 2:
        deal.re(0)
    _play_out(deal)
    res = deal.result()
    assert (res.won, res.value, res.declarer_points, res.matadors) == (True, value, 109, 4)
    assert res.levels == ("with 4", "game", "hand", "schneider") + levels


def test_lost_null_hand_with_kontra():
    """Null hand (35) lost at the first trick: -70 (ISkO 5.3), with Kontra -140."""
    deal = _declared("NH")
    deal.kontra(1)
    _play_out(deal)
    assert deal.result().value == -140


def test_only_a_defender_who_said_18_may_double():
    deal = _declared("GH")
    with pytest.raises(IllegalPlay):
        deal.kontra(2)  # rearhand passed without a word
    with pytest.raises(IllegalPlay):
        deal.kontra(0)  # the declarer says Re, not Kontra
    with pytest.raises(IllegalPlay):
        deal.re(0)  # no Kontra to answer
    deal.kontra(1)
    with pytest.raises(IllegalPlay):
        deal.re(1)  # Re is the declarer's
    deal.re(0)
    with pytest.raises(IllegalPlay):
        deal.kontra(1)
    assert deal.doubles == 2


def test_not_after_the_first_card_and_not_without_the_option():
    deal = _declared("GH")
    deal.play(0, SKAT.parse("CJ"))
    with pytest.raises(IllegalPlay):
        deal.kontra(1)
    deal = _declared("GH", kontra="off")
    with pytest.raises(IllegalPlay):
        deal.kontra(1)
    assert deal.doubles == 0


def test_auction_entered_at_the_table_leaves_the_word_to_the_players():
    deal = skat.Game(kontra="on").new_deal()
    deal.enter_auction(0, 18)
    deal.declare(0, "GH")
    labels = [i.label for i in skat_flow.table_items(deal, skat_sheet.Match(3, kontra="on"))]
    assert labels[:2] == ["P3 Kontra", "P1 Kontra"]  # both defenders: nobody knows who spoke
    deal.kontra(2)
    assert deal.doubles == 1


def test_the_board_offers_kontra_then_re_and_shows_it():
    match = skat_sheet.Match(3, kontra="on")
    deal = _declared("GH", match=match)
    labels = [i.label for i in skat_flow.table_items(deal, match)]
    # middlehand P3 said 18; rearhand P1 passed without a word: not offered, as refused
    assert labels[0] == "P3 Kontra" and "P1 Kontra" not in labels
    with pytest.raises(IllegalPlay):
        deal.kontra(2)
    deal.kontra(1)
    assert [i.label for i in skat_flow.table_items(deal, match)][0] == "P2 Re"
    deal.re(0)
    _play_out(deal)
    lines = skat_flow.record(match, deal.result())
    assert lines[1] == "won Re +672"
    assert match.sheet.totals == [0, 672, 0] and match.sheet.sf == [0, 722, 0]


def test_bad_option_value_is_named():
    with pytest.raises(ValueError) as e:
        skat.Game(kontra="sometimes")
    assert "kontra" in str(e.value) and "sometimes" in str(e.value)


def test_score_cli_kontra_re_and_bock(capsys):
    """`trickref score skat`: the overbid DHS of ISS 6358905 (-108) with Kontra: -216; the
    grand hand of the worked example with Re in a Bock round: 168 x 4 x 2 = 1344."""
    import json
    from host_sim.cli import main
    assert main(["score", "skat", "--contract", "DHS", "--bid", "46", "--matadors", "-1",
                 "--points", "106", "--tricks", "9", "--kontra", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == -216 and out["levels"][-1] == "kontra"
    assert main(["score", "skat", "--contract", "GH", "--matadors", "4", "--points", "109",
                 "--tricks", "9", "--kontra", "2", "--bock"]) == 0
    out = capsys.readouterr().out
    assert "won: +168" in out and "house rules (kontra, re, bock): +1344" in out


def test_own_card_kontra_after_the_lead_and_re_at_once():
    """Option kontra=own-card (kneipenskat.blogspot.com "Regeln"): middlehand may say Kontra
    after forehand's lead, before his own first card; the declarer's Re comes at once. The
    grand hand with 4 schneider (168) counts 672 as before."""
    deal = _declared("GH", kontra="own-card")
    deal.play(0, p("CJ")[0])
    items = skat_flow._double_items(deal, None)
    assert [i.label for i in items] == ["P2 Kontra"]  # rearhand said nothing (refused)
    deal.kontra(1)
    assert [i.label for i in skat_flow._double_items(deal, None)] == ["P1 Re"]
    deal.re(0)
    for f, m, r in zip(p(FOREHAND), p(MIDDLE), p(REAR)):
        for seat, card in ((0, f), (1, m), (2, r)):
            if not deal.seen[card]:
                deal.play(seat, card)
    assert deal.result().value == 672


def test_own_card_kontra_is_too_late_after_his_card_and_re_after_the_next_card():
    deal = _declared("GH", kontra="own-card")
    deal.play(0, p("CJ")[0])
    deal.play(1, p("SQ")[0])
    with pytest.raises(IllegalPlay) as e:
        deal.kontra(1)  # middlehand played his first card
    assert "own first card" in e.value.detail
    deal = _declared("GH", kontra="own-card")
    deal.play(0, p("CJ")[0])
    deal.kontra(1)
    deal.play(1, p("SQ")[0])
    with pytest.raises(IllegalPlay) as e:
        deal.re(0)  # a card was played since the Kontra
    assert "at once" in e.value.detail and deal.doubles == 1
    assert skat_flow._double_items(deal, None) == []


def test_before_the_first_card_rule_refuses_kontra_after_the_lead():
    deal = _declared("GH", kontra="on")
    deal.play(0, p("CJ")[0])
    with pytest.raises(IllegalPlay):
        deal.kontra(1)
    assert skat_flow._double_items(deal, None) == []

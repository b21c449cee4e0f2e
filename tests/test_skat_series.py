"""Issue 22: a series of Skat games and the money per point at the end (options series,
money). Sources: Rasche Software's LeSkat "5. Spielabrechnung" (a series is 36 games at
three players, 48 at four) and skatspielen.info "Anschreiben" (the settlement example).
Worked examples of docs/rules/skat.md "Series and money"."""

import pytest

from core.games import skat_series
from device import flows
from device.flows import skat as skat_flow


def test_settlement_example_of_skatspielen_info():
    """Totals +218, -81, +60, -38 at a quarter cent: +55, -20, +15, -10 cents, each paying
    each the difference: A +75 +40 +65 = +180, B -120, C +20, D -80."""
    assert skat_series.settle((218, -81, 60, -38), "1/4") == (180, -120, 20, -80)


@pytest.mark.parametrize("money,cents", [
    ("1", (713, -483, 81, -311)),        # 4 x 218 - 159 = 713
    ("1/2", (357, -243, 41, -155)),      # 109, -41 (-40.5), 30, -19: sum 79, 4 x 109 - 79
    ("1/10", (72, -48, 8, -32))])        # 22, -8, 6, -4: sum 16, 4 x 22 - 16
def test_other_rates_sum_to_zero(money, cents):
    assert skat_series.settle((218, -81, 60, -38), money) == cents
    assert sum(cents) == 0


def test_money_lines_on_the_totals_screen():
    match = skat_flow.new_match(4, {"money": "1/4"})
    match.sheet.totals = [218, -81, 60, -38]
    assert skat_flow.sheet_lines(match)[-4:] == ["P1 ct      +180", "P2 ct      -120",
                                                 "P3 ct       +20", "P4 ct       -80"]
    assert all(len(line) <= 16 for line in skat_flow.sheet_lines(match))
    assert skat_flow.sheet_lines(skat_flow.new_match(3, {}))[-1].startswith("P3 ")


@pytest.mark.parametrize("players,series,games", [(3, "1", 36), (4, "1", 48), (3, "2", 72)])
def test_a_series_ends_the_evening_after_its_games(players, series, games):
    match = skat_flow.new_match(players, {"series": series})
    for n in range(games):
        assert not skat_flow.is_match_over(match)
        deal = match.new_deal()
        for seat in (1, 2, 0):
            deal.pass_(seat)
        match.record(deal.result())  # a passed deal is a game of the series
    assert skat_flow.is_match_over(match) and len(match.sheet.rows) == games


def test_without_a_series_the_list_runs_on_and_bad_values_are_named():
    match = skat_flow.new_match(3, {})
    assert not skat_flow.is_match_over(match) and match.game.series == "off"
    with pytest.raises(ValueError) as e:
        flows.check_options(flows.load("skat"), 3, {"series": "36"})
    assert "series" in str(e.value) and "36" in str(e.value)
    with pytest.raises(ValueError) as e:
        skat_series.check("off", "2 ct")
    assert "money" in str(e.value)


def _book(match, rows):
    """Book ``[declarer, value]`` rows (table seats) as the list books deals."""
    for row in rows:
        assert not skat_flow.is_match_over(match)
        skat_flow.rebook(match, row)


def test_a_points_target_ends_the_evening_when_the_round_is_complete():
    """docs/rules/skat.md "A points target", target 500 at three: P2's grand hand with 4
    schneider and Kontra (336), P2's grand hand (168): 504 after game 2, the round is
    played out: P3's null hand lost (-70) ends it; the highest total wins."""
    match = skat_flow.new_match(3, {"target": "500"})
    _book(match, [[1, 336], [1, 168], [2, -70]])
    assert skat_flow.is_match_over(match)
    assert match.sheet.totals == [0, 504, -70] and match.game.target == "500"


def test_a_points_target_at_four_waits_for_the_fourth_dealer():
    """At four a round is four games (each deals once; the dealer sits out): P2 reaching
    1008 in game 4 ends the evening there; reaching it in game 5, game 8 does."""
    match = skat_flow.new_match(4, {"target": "1000"})
    _book(match, [[1, 672], [2, -70], [3, 168], [1, 336]])  # 672 + 336 = 1008 in game 4
    assert skat_flow.is_match_over(match) and match.sheet.totals[1] == 1008
    match = skat_flow.new_match(4, {"target": "1000"})
    _book(match, [[1, 672], [2, 336], [3, -70], [1, 168]])  # round 1: P2 840
    _book(match, [[1, 168], [2, -70], [3, -46]])  # P2 1008 in game 5: round 2 runs on
    assert not skat_flow.is_match_over(match)
    _book(match, [[0, -70]])
    assert skat_flow.is_match_over(match) and len(match.sheet.rows) == 8


def test_a_negative_total_never_reaches_the_target_and_bad_values_are_named():
    match = skat_flow.new_match(3, {"target": "500"})
    _book(match, [[1, -672], [1, -336], [2, 168]])
    assert not skat_flow.is_match_over(match)
    with pytest.raises(ValueError) as e:
        flows.check_options(flows.load("skat"), 3, {"target": "750"})
    assert "target" in str(e.value) and "750" in str(e.value)

"""Issue 22: the house rules' modules run under MicroPython with the values the docs give
(tests/mp/check_house.py)."""

from mpy import run_mp


def test_house_rules_under_micropython():
    out = run_mp("check_house.py")
    assert "OK" in out

"""Issue 14 item 5: with hands unknown, a taker who put a trump in the écart and later
plays a suit card below the king proved he had a choice (FFT p.6: a trump goes to the
écart only when unavoidable); `replay --json` lists each deal's violations."""

import json

import pytest

from core.games import tarot as T


def _record(lead):
    return {"format": "trickref/1", "game": "tarot", "players": 4, "options": {},
            "deal": 1, "actions": [
                ["bid", [1, "garde"]], ["bid", [2, "pass"]], ["bid", [3, "pass"]],
                ["bid", [0, "pass"]],
                ["discard", [1, ["2", "H2", "H3", "H4", "H5", "H6"]]],
                ["play", [1, lead]], ["play", [2, "S2"]], ["play", [3, "S3"]],
                ["play", [0, "S4"]]]}


@pytest.fixture
def replay(tmp_path, replay_json):
    def run(rec):
        path = tmp_path / "r.jsonl"
        path.write_text(json.dumps(rec) + "\n")
        return replay_json(path)
    return run


def test_a_plain_card_after_a_trump_in_the_ecart_is_listed(replay):
    status, out = replay(_record("S1"))
    assert status == 0
    assert out[0]["violations"] == [{"seat": 1, "kind": T.BAD_ECART, "trick": -1}]


@pytest.mark.parametrize("lead", ["SK", "5"])
def test_a_king_or_a_trump_proves_nothing(replay, lead):
    rec = _record(lead)
    if lead == "5":  # a trump lead: the others follow with trumps
        rec["actions"][-3:] = [["play", [2, "6"]], ["play", [3, "7"]], ["play", [0, "8"]]]
    status, out = replay(rec)
    assert status == 0 and out[0]["violations"] == []


def test_reported_once_and_the_deal_goes_on():
    d = T.Game(4).new_deal(0, None)
    for s, b in ((1, "garde"), (2, "pass"), (3, "pass"), (0, "pass")):
        d.bid(s, b)
    c = T.TAROT.parse
    d.discard(1, [c(x) for x in ("2", "H2", "H3", "H4", "H5", "H6")])
    ev = d.play(1, c("S1"))
    assert [e.reason for e in ev if isinstance(e, T.RevokeFound)] == [T.BAD_ECART]
    for s, x in ((2, "S2"), (3, "S3"), (0, "S4")):
        d.play(s, c(x))
    assert d.current_seat() == 0  # S4 took trick 1
    d.play(0, c("C1"))
    ev = d.play(1, c("C2"))  # the taker's second suit card: nothing new to report
    assert not [e for e in ev if isinstance(e, T.RevokeFound)]
    assert not d.is_over()


def test_the_lcd_names_the_seat_and_the_violation():
    from core.events import RevokeFound
    from device.screens import Screens
    scr = Screens(T.TAROT, 16, 2)
    c = T.TAROT.parse
    rows = scr.revoke(RevokeFound(1, c("S1"), -1, T.BAD_ECART, ""))
    assert rows[0].strip() == "P2 bad ecart" and rows[1].startswith("shown by ")
    assert rows[1] != scr.revoke(RevokeFound(1, c("S2"), -1, T.BAD_ECART, ""))[1]
    assert scr.revoke(RevokeFound(2, c("5"), 2, T.MUST_TRUMP, ""))[0].strip() == \
        "P3 no trump T3"
    assert scr.revoke(RevokeFound(0, c("H5"), 0, "revoke", ""))[0].strip() == \
        "P1 revoke in T1"

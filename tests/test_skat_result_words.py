"""Issue 26 ("the contract, the chien and the result's breakdown are shown in words"):
found by a new user, the simulator's Skat result was the LCD's row ("P2 C 99p 9t / won
+48") where Tarot's had a whole breakdown. host_sim.ui.words.skat_result_words says it
in words; checked on real ISS records (tests/data/skat/iss_games.sgf) against the values
the server booked (R[... v: m: p: t:])."""

import os

from core import iss
from host_sim.ui.words import skat_result_words


def _result(data_dir, gid):
    with open(os.path.join(data_dir, "skat", "iss_games.sgf"), encoding="utf-8") as f:
        rec = next(r for r in iss.read_records(f.read()) if r.id == gid)
    return rec, iss.replay(rec).result()


def _name(seat):
    return "P%d" % (seat + 1)


def test_a_lost_hand_game_in_words(data_dir):
    """ISS game 9: rearhand (P3) plays Eichel (clubs) hand with 2 matadors and makes 56
    card points in 5 tricks: with 2, game, hand = 4 levels x 12 = 48, lost: -96 on the
    list (the server's v:-96, p:56, t:5)."""
    rec, r = _result(data_dir, "9")
    assert rec.result["v"] == "-96" and rec.result["p"] == "56"
    assert skat_result_words(r, _name, ["row"]) == [
        "Contract: P3 Eichel Plain hand, bid 20",
        "Declarer's card points: 56, tricks: 5: lost",
        "Levels: with 2, game, hand (4)",
        "Game value: 12 x 4 = 48",
        "On the list: P3 -96 (a lost game counts double)"]


def test_every_iss_record_in_words_matches_the_servers_value(data_dir):
    """Every played record of the file: the words' game value times the sign (and 2 for
    a loss) is the server's v:, the points and tricks its p: and t:."""
    with open(os.path.join(data_dir, "skat", "iss_games.sgf"), encoding="utf-8") as f:
        recs = [r for r in iss.read_records(f.read()) if "p" in r.result]
    seen = 0
    for rec in recs:
        r = iss.replay(rec).result()
        if r.status != "played":
            continue
        words = skat_result_words(r, _name, [])
        assert words[-1].split()[4] == "%+d" % int(rec.result["v"]), (rec.id, words)
        assert words[1].startswith("Declarer's card points: %s, tricks: %s:" % (
            rec.result["p"], rec.result["t"])), (rec.id, words)
        seen += 1
    assert seen >= 5

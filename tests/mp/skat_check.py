"""Checks shared by pytest and the MicroPython run (tests/mp/check_skat.py): plain Python
that imports only core, so both interpreters run the same assertions."""

from core import iss
from core.games import skat


def expected(record):
    """The comparable fields of an ISS record's R[...]."""
    r = record.result
    return {"value": int(r["v"]), "matadors": int(r["m"]), "won": "win" in r,
            "overbid": "overbid" in r, "declarer_points": int(r["p"]),
            "declarer_tricks": int(r["t"]), "schneider": r["s"] == "1",
            "schwarz": r["z"] == "1", "declarer": int(r["d"])}


def got(result):
    """The same fields from our Result."""
    return {"value": result.value, "matadors": result.matadors, "won": result.won,
            "overbid": result.overbid, "declarer_points": result.declarer_points,
            "declarer_tricks": result.declarer_tricks, "schneider": result.schneider,
            "schwarz": result.schwarz, "declarer": result.declarer}


def leaders_from_record(record):
    """The seat leading each trick after the first, read from the record's card moves: the
    winner of trick k is the leader of trick k+1 (independent of our trick resolution)."""
    plays = [(int(a), m) for a, m in record.moves
             if a != "w" and len(m) == 2 and m[0] in "CSHD" and m[1] in "AKQJT987"]
    return [plays[i][0] for i in range(3, len(plays), 3)]


def check_record(record, known_hands):
    """Replay ``record``; return a list of mismatch descriptions (empty when it agrees)."""
    deal = iss.replay(record, known_hands)
    res = deal.result()
    if "passed" in record.result:
        return [] if res.status == "passed" else ["%s: not passed" % record.id]
    if record.result.get("to", "-1") == record.result.get("d") and res.status == "aborted":
        return []  # the declarer timed out before playing: no game (docs/rules/skat.md)
    bad = []
    e, g = expected(record), got(res)
    for k in e:
        if e[k] != g[k]:
            bad.append("%s %s: record %r, ours %r" % (record.id, k, e[k], g[k]))
    leaders = leaders_from_record(record)
    if list(res.trick_winners[:len(leaders)]) != leaders:
        bad.append("%s trick winners %r vs leaders %r" % (record.id, res.trick_winners, leaders))
    return bad


def check_value_vector(v):
    """Value one vector of tests/vectors/skat_values.json; mismatch list."""
    c = skat.parse_contract(v["contract"])
    won, value, mult, overbid, levels = skat.game_value(
        c, v["matadors"], v["points"], v["tricks"], v["bid"], v.get("complete", True))
    bad = []
    if value != v["value"] or overbid != v["overbid"]:
        bad.append("%s: value %r overbid %r, expected %r %r"
                   % (v["id"], value, overbid, v["value"], v["overbid"]))
    return bad

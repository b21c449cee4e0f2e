"""``trickref score skat``: the ISkO game value for people at the table.

Example: ``trickref score skat --contract DHS --bid 46 --matadors -1 --points 106
--tricks 9`` prints the value and each multiplier level counted (ISkO 5.2-5.4).
"""

import json

from core.errors import BadRecord
from core.games import skat

HELP = "Skat game value (ISkO): contract, bid, matadors, card points, tricks"


def add_arguments(p):
    """Options of ``score skat``."""
    p.add_argument("--contract", required=True,
                   help="ISS contract: G C S H D N + H (hand) S (schneider ann.) "
                        "Z (schwarz ann.) O (ouvert), e.g. DHS, GO, NOH")
    p.add_argument("--bid", type=int, default=18, help="the winning bid (default 18)")
    p.add_argument("--matadors", type=int, default=None,
                   help="with n (positive) or without n (negative): needed for suit and "
                        "grand games, not for null")
    p.add_argument("--points", type=int, required=True,
                   help="declarer's card points including the skat (0-120)")
    p.add_argument("--tricks", type=int, required=True, help="declarer's tricks (0-10)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args):
    """Print the value and why; exit status 2 on bad input."""
    try:
        contract = skat.parse_contract(args.contract.upper())
    except BadRecord as e:
        print("error: %s" % e)
        return 2
    bad = _impossible(contract, args)
    if bad:
        print("error: %s" % bad)
        return 2
    mat = 0 if contract.kind == skat.NULL else args.matadors
    won, value, mult, overbid, levels = skat.game_value(
        contract, mat, args.points, args.tricks, args.bid)
    if args.json:
        print(json.dumps({"value": value, "multiplier": mult, "won": won, "overbid": overbid,
                          "levels": list(levels), "contract": skat.contract_code(contract),
                          "bid": args.bid}))
        return 0
    if contract.kind == skat.NULL:
        print("%s: fixed null value %d" % (skat.contract_code(contract),
                                           skat.null_value(contract)))
    else:
        base = skat.BASE_VALUES[contract.kind]
        print("%s: base %d x %d (%s) = %d" % (skat.contract_code(contract), base, mult,
                                             " + ".join(levels), base * mult))
    if overbid:
        print("overbid: worth less than the bid %d; lost at the next multiple of the base "
              "value, doubled (ISkO 5.4.2): %d" % (args.bid, value))
    elif won:
        print("won: %+d" % value)
    else:
        print("lost, counted double (ISkO 5.3): %d" % value)
    return 0


def _impossible(contract, args):
    """Why these numbers cannot come from a Skat game, or None."""
    if args.bid not in skat.BID_LADDER:
        return "%d is not a bid (18, 20, 22, 23, 24, 27, ...)" % args.bid
    if not 0 <= args.points <= 120 or not 0 <= args.tricks <= 10:
        return "points are 0-120 and tricks 0-10"
    if args.tricks == 10 and args.points != 120:
        return "all 10 tricks and the skat hold all 120 points"
    if args.tricks == 0 and args.points > 22:
        return "without a trick the declarer has only the skat: 22 points at most"
    if contract.kind != skat.NULL:
        top = 4 if contract.kind == skat.GRAND else 11
        if args.matadors is None:
            return "give --matadors: with n (e.g. 2) or without n (e.g. -2)"
        if not 1 <= abs(args.matadors) <= top:
            return "matadors are 1..%d with or without in this game" % top
    return None

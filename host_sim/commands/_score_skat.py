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
    p.add_argument("--matadors", type=int, default=1,
                   help="with n (positive) or without n (negative); ignored for null")
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
    if not 0 <= args.points <= 120 or not 0 <= args.tricks <= 10:
        print("error: points must be 0-120 and tricks 0-10")
        return 2
    if contract.kind != skat.NULL and not (1 <= abs(args.matadors) <= (4 if contract.kind ==
                                                                         skat.GRAND else 11)):
        print("error: matadors must be 1..11 with or without (1..4 in a grand)")
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

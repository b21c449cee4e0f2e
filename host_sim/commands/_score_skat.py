"""``trickref score skat``: the ISkO game value for people at the table.

Example: ``trickref score skat --contract DHS --bid 46 --matadors -1 --points 106
--tricks 9`` prints the value and each multiplier level counted (ISkO 5.2-5.4).
House rules (docs/rules/skat.md): ``--kontra 1`` (Kontra) or ``2`` (Re) doubles the value
once or twice, ``--bock`` doubles it in a Bock round, ``--lost-hand single`` counts a lost
hand game once (the rule before 1999, option ``lost_hand``), before Kontra and Bock double
it, as the table's list does (``core.games.skat_scoring.lost_value``).
"""

import json

from core.errors import BadRecord
from core.games import skat, skat_kontra, skat_scoring
from host_sim.i18n import counted

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
    p.add_argument("--kontra", type=int, choices=(0, 1, 2), default=0,
                   help="house rule: 1 Kontra was said, 2 Kontra and Re (value x2, x4)")
    p.add_argument("--bock", action="store_true",
                   help="house rule: the game is in a Bock round (value x2)")
    p.add_argument("--lost-hand", default=skat_scoring.LOST_HAND_DOUBLE,
                   metavar="double|single",
                   help="house rule: a lost hand game counts double (ISkO 5.3, default) or "
                        "single (the rule before 1999)")
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
    try:
        skat_scoring.check(args.lost_hand, skat_scoring.SEEGER_ON)
    except ValueError:  # named as the user wrote it, not as the table's option
        print("error: --lost-hand %r: double or single" % (args.lost_hand,))
        return 2
    mat = 0 if contract.kind == skat.NULL else args.matadors
    won, value, mult, overbid, levels = skat.game_value(
        contract, mat, args.points, args.tricks, args.bid)
    plain = value
    single = skat_scoring.lost_value(value, contract.hand, args.lost_hand)
    value = skat_kontra.doubled(single, args.kontra) * (2 if args.bock else 1)
    house = (("lost hand single",) if single != plain else ()) + \
        skat_kontra.NAMES[:args.kontra] + (("bock",) if args.bock else ())
    if args.json:
        print(json.dumps({"value": value, "multiplier": mult, "won": won, "overbid": overbid,
                          "levels": list(levels + house), "contract": skat.contract_code(contract),
                          "bid": args.bid, "lost_hand": args.lost_hand}))
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
              "value, doubled (ISkO 5.4.2): %d" % (args.bid, plain))
    elif won:
        print("won: %+d" % plain)
    else:
        print("lost, counted double (ISkO 5.3): %d" % plain)
    if house:
        print("house rules (%s): %+d" % (", ".join(house), value))
    return 0


def _impossible(contract, args):
    """Why these numbers cannot come from a Skat game, or None."""
    if args.bid not in skat.BID_LADDER:
        return "%d is not a bid (18, 20, 22, 23, 24, 27, ...)" % args.bid
    if not 0 <= args.points <= 120 or not 0 <= args.tricks <= 10:
        return "points are 0-120 and tricks 0-10"
    bad = impossible_points(args.points, args.tricks)
    if bad:
        return bad
    if contract.kind != skat.NULL:
        top = 4 if contract.kind == skat.GRAND else 11
        if args.matadors is None:
            return "give --matadors: with n (e.g. 2) or without n (e.g. -2)"
        if not 1 <= abs(args.matadors) <= top:
            return "matadors are 1..%d with or without in this game" % top
    return None


def point_sums(n):
    """Every card-point total ``n`` distinct Skat cards can hold (a set; ISkO 1.2.2: four
    cards each of 11, 10, 4, 3, 2 and twelve of 0 points)."""
    sums = [set() for _ in range(n + 1)]
    sums[0].add(0)
    for c in range(32):
        p = skat.card_points((c,))
        for k in range(min(n, c + 1), 0, -1):
            sums[k] |= {t + p for t in sums[k - 1]}
    return sums[n]


def impossible_points(points, tricks):
    """Why the declarer cannot have ``points`` card points with ``tricks`` tricks, or None.

    The declarer's points are those of the cards in his tricks plus the two of the skat
    (ISkO 4.1.2): 3 x tricks + 2 distinct cards. No card is worth 1 point, so 1 and 119
    never happen; 10 tricks hold all 120 points; without a trick the skat holds 22 at most.
    (A game ended early by a resignation or a departure gives the declarer the rest, tricks
    and points alike: the same count holds.)"""
    n = 3 * tricks + 2
    sums = point_sums(n)
    if points in sums:
        return None
    if points == 1 or points == 119:
        return "no card is worth 1 point: %d card points cannot happen" % points
    lo, hi = min(sums), max(sums)
    if not lo <= points <= hi:
        return ("with %s the declarer holds %d cards (tricks and skat): %d to %d card "
                "points, not %d" % (counted(tricks, "trick"), n, lo, hi, points))
    return "no %d cards (%s and the skat) hold exactly %d points" % (
        n, counted(tricks, "trick"), points)

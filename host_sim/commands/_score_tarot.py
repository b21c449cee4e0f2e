"""``trickref score tarot``: the FFT score of a tarot deal, for people at the table.

Example (FFT 2012 p.9, first example)::

    trickref score tarot --players 4 --contract garde --points 49 --oudlers 2 \\
        --poignee taker:10 --petit-au-bout taker

prints the computation step by step and each player's mark. ``--json`` prints one object:
``per_defender`` (positive when the taker's side wins), ``marks`` (taker first, then the
partner at 5 players, then the defenders), points with ``.5`` where a half point was given.

The house scoring the table offers (core/games/tarot_house.py, docs/rules/tarot.md "House
rules"): ``--poignees fft|20-40-60`` (the poignée primes), ``--rounding off|5|10`` (the
margin rounded before the 25 is added) and ``--miseres N`` (misères announced and borne
out, 20 each to the winning camp; ``poignee`` in ``--json`` is then the primes per
defender, misères included, with ``poignees``, ``rounding`` and ``miseres`` as given); a
value the table does not offer is an error naming the choices (exit 2). The option
``partner=personal`` (each prime its player's own at five) is not offered: it needs the
player behind each prime, and for the petit au bout both the player of the Petit and
whether he took the trick himself, where these flags name camps.
"""

import json

from core.errors import TrickrefError
from core.games import tarot_house
from core.games import tarot_score as ts

HELP = "French Tarot score (FFT 2012): contract, points, oudlers, poignée, petit au bout"

_CAMPS = {"taker": ts.ATTACK, "attack": ts.ATTACK, "defence": ts.DEFENCE,
          "defense": ts.DEFENCE}


def add_arguments(p):
    """Options of ``score tarot``."""
    p.add_argument("--players", type=int, choices=(3, 4, 5), default=4,
                   help="3, 4 (default) or 5")
    p.add_argument("--contract", required=True,
                   help="prise, garde, garde-sans or garde-contre")
    p.add_argument("--points", required=True,
                   help="the taker's side's card points, chien/écart included: 0-91, "
                        "halves as 40.5")
    p.add_argument("--oudlers", type=int, required=True, choices=(0, 1, 2, 3),
                   help="oudlers in the taker's side's tricks (0-3)")
    p.add_argument("--poignee", action="append", default=[], metavar="CAMP:TRUMPS",
                   help="a poignée shown, e.g. taker:10 or defence:13 (repeatable)")
    p.add_argument("--petit-au-bout", choices=("taker", "attack", "defence", "defense"),
                   help="the camp that took the Petit in the last trick")
    p.add_argument("--chelem", choices=ts.CHELEM_NAMES[1:],
                   help="announced (and made), unannounced (made), failed (announced, "
                        "not made), defence (the defence took every trick), "
                        "failed-defence (both)")
    p.add_argument("--alone", action="store_true",
                   help="5 players: the taker played alone (called himself or the chien)")
    p.add_argument("--poignees", default=tarot_house.POIGNEES_FFT, metavar="fft|20-40-60",
                   help="house rule: the simple, double, triple poignée primes: fft "
                        "20/30/40 (default) or 20-40-60")
    p.add_argument("--rounding", default=tarot_house.ROUNDING_OFF, metavar="off|5|10",
                   help="house rule: the margin to the point (off, default) or rounded to "
                        "5 or 10, halves up")
    p.add_argument("--miseres", type=int, default=0, metavar="N",
                   help="house rule: misères announced (and not refuted), 20 each to the "
                        "winning camp")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def parse_points(text):
    """``"49"``, ``"40.5"`` or ``"40,5"`` -> half-points (98, 81); TrickrefError else."""
    t = text.strip().replace(",", ".")
    whole, dot, frac = t.partition(".")
    if not whole.isdigit() or frac not in ("", "0", "5") or (dot and not frac):
        raise TrickrefError("points %r: a number of points, halves as .5 (e.g. 40.5)"
                            % (text,))
    return 2 * int(whole) + (1 if frac == "5" else 0)


def _poignee(text):
    camp, colon, trumps = text.partition(":")
    if camp.strip().lower() not in _CAMPS or not trumps.strip().isdigit():
        raise TrickrefError("poignée %r: write CAMP:TRUMPS, e.g. taker:10 or defence:13"
                            % (text,))
    return _CAMPS[camp.strip().lower()], int(trumps)


def compute(args):
    """The Score of the deal described by ``args`` (taker seat 0, partner seat 1 at 5
    players unless ``--alone``). Raises TrickrefError on bad input."""
    partner = 1 if args.players == 5 and not args.alone else None
    if args.alone and args.players != 5:
        raise TrickrefError("--alone is for 5 players")
    return ts.score(args.players, args.contract, parse_points(args.points), args.oudlers,
                    poignee=[_poignee(x) for x in args.poignee],
                    petit_au_bout=None if args.petit_au_bout is None
                    else _CAMPS[args.petit_au_bout],
                    chelem=args.chelem, taker=0, partner=partner,
                    primes=tarot_house.primes(args.poignees),
                    round_to=tarot_house.step(args.rounding), miseres=args.miseres)


def _roles(sc):
    roles = ["taker"]
    if sc.partner is not None:
        roles.append("partner")
    n = sc.players - len(roles)
    return roles + ["defender %d" % (i + 1) for i in range(n)]


def run(args):
    """Print the computation and the marks (or JSON); exit status 2 on bad input."""
    try:
        sc = compute(args)
    except TrickrefError as e:
        print("error: %s" % e)
        return 2
    if args.json:
        half = sc.points_half
        print(json.dumps({
            "per_defender": sc.per_defender, "marks": list(sc.marks), "roles": _roles(sc),
            "won": sc.won, "contract": ts.CONTRACT_NAMES[sc.contract],
            "multiplier": sc.multiplier, "points": half // 2 if half % 2 == 0 else half / 2,
            "counted": sc.counted, "oudlers": sc.oudlers, "target": sc.target,
            "diff": sc.diff, "base": sc.base, "petit_au_bout": sc.petit_au_bout,
            "poignee": sc.poignee, "chelem": sc.chelem, "poignees": args.poignees,
            "rounding": args.rounding, "miseres": args.miseres, "steps": list(sc.steps)}))
        return 0
    for step in sc.steps[:-1]:
        print(step)
    for role, mark in zip(_roles(sc), sc.marks):
        print("%-11s %+d" % (role, mark))
    return 0

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

Facts no deal can give are refused (exit 2, the reason printed; docs/rules/tarot.md "Score
calculator"): a chelem made whose points leave the defence more than its Excuse (and, at
garde contre, the chien), a defence chelem whose points are more than the attack's écart
(the chien at garde sans) and an Excuse, points that leave a camp no card when no chelem is
given, a petit au bout for a camp without the Petit or without the last trick, more
poignées in a camp than it has seats (one a seat, FFT p.7) or more trumps shown than the
pack's 21 and the Excuse.
"""

import json

from core.errors import TrickrefError
from core.games import tarot_house
from core.games import tarot_score as ts

HELP = "French Tarot score (FFT 2012): contract, points, oudlers, poignée, petit au bout"

_CAMPS = {"taker": ts.ATTACK, "attack": ts.ATTACK, "defence": ts.DEFENCE,
          "defense": ts.DEFENCE}
_KITTY_CARDS = {3: 6, 4: 6, 5: 3}  # the chien, so the écart (FFT p.4, p.11, p.12)
_SHOWABLE = 22  # the cards a poignée can show: 21 trumps, the Excuse standing in (FFT p.7)
# The chelem outcomes in which each camp took no trick (FFT p.6).
_SWEPT = ((ts.CHELEM_DEFENCE, ts.CHELEM_FAILED_DEFENCE),
          (ts.CHELEM_ANNOUNCED, ts.CHELEM_UNANNOUNCED))


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
                   help="a poignée shown, e.g. taker:10 or defence:13 (repeatable: one a "
                        "seat, 22 cards in all at most)")
    p.add_argument("--petit-au-bout", choices=("taker", "attack", "defence", "defense"),
                   help="the camp that took the Petit in the last trick (so it holds an "
                        "oudler)")
    p.add_argument("--chelem", choices=ts.CHELEM_NAMES[1:],
                   help="announced (and made), unannounced (made), failed (announced, "
                        "not made), defence (the defence took every trick), "
                        "failed-defence (both); points a chelem (or its absence) cannot "
                        "give are refused")
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
    sc = ts.score(args.players, args.contract, parse_points(args.points), args.oudlers,
                  poignee=[_poignee(x) for x in args.poignee],
                  petit_au_bout=None if args.petit_au_bout is None
                  else _CAMPS[args.petit_au_bout],
                  chelem=args.chelem, taker=0, partner=partner,
                  primes=tarot_house.primes(args.poignees),
                  round_to=tarot_house.step(args.rounding), miseres=args.miseres)
    bad = impossible(args, sc.points_half, partner)  # after score() checked each value
    if bad:
        raise TrickrefError(bad)
    return sc


def _kitty(contract):
    """``(owner, ecart)`` of the cards never played: the defence's chien at garde contre,
    else the attack's, an écart (no king, no oudler) at prise and garde (FFT p.6)."""
    owner = ts.DEFENCE if contract == ts.GARDE_CONTRE else ts.ATTACK
    return owner, contract in (ts.PRISE, ts.GARDE)


def _kitty_holds(size, ecart):
    """Every ``(half_points, oudlers, excuse)`` that ``size`` cards never played can hold:
    any cards of the pack for a chien, no king and no oudler for an écart (FFT p.6);
    ``excuse`` True when the Excuse is one."""
    held = {(0, 0, 0, False)}  # (cards, half-points, oudlers, excuse)
    for c in range(78):
        if ecart and ts.POINTS[c] == 9:  # the 4.5-point cards: the oudlers and the kings
            continue
        held |= {(n + 1, h + ts.POINTS[c], o + ts.is_oudler(c), x or c == ts.EX)
                 for n, h, o, x in held if n < size}
    return {(h, o, x) for n, h, o, x in held if n == size}


def trickless(players, contract, camp, partner):
    """Every ``(half_points, oudlers)`` that ``camp`` (ATTACK or DEFENCE) can end a deal
    with when it took no trick, as core.games.tarot_score.count_deal counts it (FFT p.6-8):
    the cards never played when they are its (see :func:`_kitty`) and an Excuse: its own
    played before the last trick stays with it for a half-point card (4 points), or one
    the other camp played to the last trick without winning it comes to it (4.5,
    docs/rules/tarot.md decision 1). The attack's sweep leaves the defence that 4.5 only at
    five with a partner (``partner`` not None): alone, the taker leads every trick and his
    Excuse led last wins it."""
    contract = ts.contract_value(contract)
    owner, ecart = _kitty(contract)
    kept = _kitty_holds(_KITTY_CARDS[players], ecart) if camp == owner else {(0, 0, False)}
    given = (8, 9) if camp == ts.ATTACK or partner is not None else (8,)
    out = set()
    for h, o, excuse in kept:
        out.add((h, o))
        if not excuse:
            out |= {(h + g, o + 1) for g in given}
    return out


def _count(half, oudlers):
    """``"87 points with 2 oudlers"``."""
    return "%s points with %d oudler%s" % (ts.half_text(half), oudlers,
                                           "" if oudlers == 1 else "s")


def _attack_can(held, made):
    """The attack's possible points and oudlers, in words, from the trickless camp's
    ``held`` pairs (the defence's when ``made``): each pair when three at most, else the
    range of points for each oudler count."""
    pairs = sorted({(182 - h, 3 - o) if made else (h, o) for h, o in held},
                   key=lambda p: (-p[1], -p[0]) if made else p)
    if len(pairs) <= 3:
        words = [_count(h, o) for h, o in pairs]
    else:
        words = []
        for o in sorted({o for h, o in pairs}, reverse=made):
            hs = [h for h, k in pairs if k == o]
            words.append("%s to %s" % (ts.half_text(min(hs)), _count(max(hs), o)))
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def _poignees_impossible(args, seats):
    """Why ``--poignee`` cannot be, or None: one poignée a seat, ``seats`` the attack's and
    the defence's; no card shown twice, so 22 at most (21 trumps, the Excuse; FFT p.7)."""
    shown = [0, 0]
    trumps = []
    for text in args.poignee:
        camp, n = _poignee(text)
        shown[camp] += 1
        trumps.append(n)
    for camp in (ts.ATTACK, ts.DEFENCE):
        if shown[camp] > seats[camp]:
            return "%d poignées shown by the %s: one a seat at most, and it has %d (FFT p.7)" \
                % (shown[camp], ts.CAMP_NAMES[camp], seats[camp])
    if sum(trumps) > _SHOWABLE:
        return "poignées of %s trumps show %d cards: the pack has 21 trumps and the Excuse " \
            "(FFT p.7)" % (" and ".join("%d" % n for n in trumps), sum(trumps))
    return None


def _petit_impossible(args, chelem):
    """Why ``--petit-au-bout`` cannot be, or None: its camp holds the Petit and took the
    last trick; a defender's Petit in a chelem's last trick is the attack's (FFT p.7,
    docs/rules/tarot.md decision 11)."""
    pab = None if args.petit_au_bout is None else _CAMPS[args.petit_au_bout]
    name = ts.CHELEM_NAMES[chelem]
    if pab == ts.ATTACK and args.oudlers == 0:
        return "petit au bout to the attack: its last trick holds the Petit, an oudler, " \
            "so the attack has 1 to 3 oudlers, not 0"
    if pab == ts.DEFENCE and args.oudlers == 3:
        return "petit au bout to the defence: the defence holds the Petit, an oudler, " \
            "so the attack has 0 to 2 oudlers, not 3"
    if pab == ts.ATTACK and chelem in _SWEPT[ts.ATTACK]:
        return "petit au bout to the attack: it takes the last trick, and in a defence " \
            "chelem (--chelem %s) the attack took none" % name
    if pab == ts.DEFENCE and chelem in _SWEPT[ts.DEFENCE]:
        return "petit au bout to the defence: in a chelem made (--chelem %s) the defence " \
            "took no trick; a Petit it kept to the end falls in the attack's last trick, " \
            "au bout for the attack (docs/rules/tarot.md decision 11)" % name
    return None


def _points_impossible(args, half, chelem, partner):
    """Why the attack's ``half`` half-points and ``--oudlers`` cannot come with
    ``--chelem``, or None: the camp a chelem left without a trick holds only what
    :func:`trickless` allows; without one, each camp took a trick."""
    players, oud = args.players, args.oudlers
    for camp in (ts.ATTACK, ts.DEFENCE):
        if chelem not in _SWEPT[camp]:
            continue
        held = trickless(players, args.contract, camp, partner)
        if ((half, oud) if camp == ts.ATTACK else (182 - half, 3 - oud)) in held:
            return None
        contract = ts.contract_value(args.contract)
        owner, ecart = _kitty(contract)
        keeps = ["an Excuse"]
        if owner == camp:
            keeps.insert(0, "%s (%d cards%s)" % ("its écart" if ecart else "the chien",
                                                 _KITTY_CARDS[players],
                                                 ", no king or oudler" if ecart else ""))
        return "--chelem %s: the %s took no trick, keeping only %s: the attack has %s, " \
            "not %s" % (ts.CHELEM_NAMES[chelem], ts.CAMP_NAMES[camp], " and ".join(keeps),
                        _attack_can(held, camp == ts.DEFENCE), _count(half, oud))
    low = players - 1  # a trick's cards but its taker's own Excuse given in the last one
    for camp, left, sweep in ((ts.ATTACK, half, "defence" if chelem == ts.CHELEM_NONE
                               else "failed-defence"),
                              (ts.DEFENCE, 182 - half, "unannounced (or announced)"
                               if chelem == ts.CHELEM_NONE else "announced")):
        if left < low:
            return "%s points leave the %s less than a trick (%d cards, at least %s " \
                "points): the %s took every trick, give --chelem %s" % (
                    ts.half_text(half), ts.CAMP_NAMES[camp], players, ts.half_text(low),
                    ts.CAMP_NAMES[1 - camp], sweep)
    return None


def impossible(args, half, partner):
    """Why the facts of ``args`` (the attack's ``half`` half-points, ``partner`` None when
    the taker plays alone) cannot come from one deal, or None: the poignées, the petit au
    bout, then the points with the chelem (see the three checks; docs/rules/tarot.md "Score
    calculator")."""
    chelem = ts.chelem_value(args.chelem)
    seats = (1, args.players - 1) if partner is None else (2, args.players - 2)
    return (_poignees_impossible(args, seats) or _petit_impossible(args, chelem)
            or _points_impossible(args, half, chelem, partner))


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

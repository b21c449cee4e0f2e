"""French Tarot scoring to the FFT rules (2012), usable without play.

:func:`score` turns the facts a score-keeper writes down (contract, the attack's card points
and oudlers, poignées, petit au bout, chelem) into each player's mark and the computation
in words. :mod:`core.games.tarot` calls it for a played deal; ``trickref score tarot``
calls it for a deal counted by hand.

Card points are integer half-points (an oudler or king 9, queen 7, knight 5, jack 3, any
other card 1; the pack holds 182 = 91 points): seed ``002`` section 7, FFT 2012 p.4.
Page numbers are those of the FFT "Règlement officiel", version of 1 July 2012
(docs/analysis/tarot.md section 0).
"""

from core.cards import EXCUSE, TAROT, TRUMP
from core.compat import const
from core.errors import TrickrefError
from core.games import tarot_house

PETIT = const(56)  # trump 1, le Petit (an oudler)
MONDE = const(76)  # trump 21 (an oudler)
EX = const(77)  # the Excuse (an oudler)


def _tables():
    suits = bytearray(78)
    power = bytearray(78)
    points = bytearray(78)
    for c in range(78):
        s = TAROT.suit(c)
        if s == TRUMP:
            suits[c] = TRUMP
            power[c] = c - 55  # trumps rank by their number (FFT p.7)
            points[c] = 9 if c in (PETIT, MONDE) else 1
        elif s == EXCUSE:
            suits[c] = EXCUSE
            points[c] = 9
        else:
            r = TAROT.rank(c)
            suits[c] = s
            power[c] = r  # 1 < 2 < ... < 10 < Valet < Cavalier < Reine < Roi
            points[c] = (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 5, 7, 9)[r]
    return bytes(suits), bytes(power), bytes(points)


# Per card: effective suit (0-3, TRUMP 4, EXCUSE 5), strength within it, half-points.
SUITS, POWER, POINTS = _tables()


def card_points(cards):
    """Card points of ``cards`` in half-points (oudler/king 9, queen 7, knight 5, jack 3,
    other 1; the pack holds 182). Seed 002 s.7; FFT p.4."""
    total = 0
    for c in cards:
        total += POINTS[c]
    return total


def is_oudler(card):
    """True for the Petit (trump 1), the 21 and the Excuse (FFT p.4)."""
    return card == PETIT or card == MONDE or card == EX

# Contracts in rising order (FFT p.5; seed 002 section 2). PASS is a bid, not a contract.
PASS = const(0)
PRISE = const(1)
GARDE = const(2)
GARDE_SANS = const(3)
GARDE_CONTRE = const(4)
MULTIPLIERS = (0, 1, 2, 4, 6)  # FFT p.5: x1 x2 x4 x6
CONTRACT_NAMES = tuple(["pass", "prise", "garde", "garde sans", "garde contre"])
_CONTRACT_TITLES = tuple(["Pass", "Prise", "Garde", "Garde sans", "Garde contre"])
_CONTRACT_ALIASES = (
    ("pass", PASS), ("passe", PASS), ("prise", PRISE), ("petite", PRISE),
    ("garde", GARDE), ("garde-sans", GARDE_SANS), ("garde-sans-le-chien", GARDE_SANS),
    ("sans", GARDE_SANS), ("garde-contre", GARDE_CONTRE),
    ("garde-contre-le-chien", GARDE_CONTRE), ("contre", GARDE_CONTRE))

# Camps.
ATTACK = const(0)  # the taker (and at 5 players his called partner)
DEFENCE = const(1)
CAMP_NAMES = tuple(["attack", "defence"])

# Chelem (slam) outcomes (FFT p.6; seed 002 section 4).
CHELEM_NONE = const(0)
CHELEM_ANNOUNCED = const(1)  # announced and made: +400
CHELEM_UNANNOUNCED = const(2)  # made without announcement: +200
CHELEM_FAILED = const(3)  # announced, not made: -200
CHELEM_DEFENCE = const(4)  # the defence took every trick: +200 to each defender
CHELEM_FAILED_DEFENCE = const(5)  # announced and the defence took every trick: both primes
CHELEM_NAMES = tuple(["none", "announced", "unannounced", "failed", "defence", "failed-defence"])
_CHELEM_PRIMES = (0, 400, 200, -200, -200, -400)

TARGETS = (56, 51, 41, 36)  # points the taker needs with 0..3 oudlers (FFT p.4, p.8)
POIGNEE_SIZES = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}  # FFT p.7, p.11, p.12
POIGNEE_PRIMES = (20, 30, 40)  # simple, double, triple; never multiplied (FFT p.7)
POIGNEE_NAMES = tuple(["simple", "double", "triple"])
# Share of the attack's total per seat role (FFT p.8, p.11, p.12): taker, partner.
_TAKER_SHARE = {3: 2, 4: 3, 5: 4}


class Score:
    """The score of one deal (FFT p.8-9), all values integers.

    ``per_defender``: what each defender pays (positive when the taker's side wins).
    ``marks``: one signed mark per seat, summing to 0. ``won``, ``target``, ``counted``
    (the attack's whole points after the half-point rule), ``diff`` (counted - target),
    the signed components ``base``, ``petit_au_bout``, ``poignee``, ``chelem`` (each per
    defender), ``multiplier``, ``taker``, ``partner`` (None when the taker plays alone or
    at 3/4 players) and ``steps``: the computation in words, one string per step.
    """

    def __init__(self, **fields):
        for k in fields:
            setattr(self, k, fields[k])

    def __eq__(self, other):
        return isinstance(other, Score) and self.as_dict() == other.as_dict()

    def __ne__(self, other):
        return not self.__eq__(other)

    def as_dict(self):
        """The fields as a plain dict (half-points as given, marks as a list)."""
        d = {}
        for k in ("players", "contract", "multiplier", "points_half", "oudlers", "target",
                  "counted", "won", "diff", "base", "petit_au_bout", "poignee", "chelem",
                  "per_defender", "taker", "partner"):
            d[k] = getattr(self, k)
        d["marks"] = list(self.marks)
        d["steps"] = list(self.steps)
        return d


def contract_value(contract):
    """The contract number of ``contract``: an int 0..4 or a name (``"garde sans"``,
    ``"Garde-contre"``, ``"petite"``...). Raises TrickrefError naming the bad value."""
    if isinstance(contract, int):
        if 0 <= contract <= GARDE_CONTRE:
            return contract
    elif isinstance(contract, str):
        key = "-".join(contract.strip().lower().replace("_", " ").replace("-", " ").split())
        for name, value in _CONTRACT_ALIASES:
            if name == key:
                return value
    raise TrickrefError("%r is not a tarot contract (pass, prise, garde, garde sans, "
                        "garde contre)" % (contract,))


def chelem_value(chelem):
    """The chelem outcome number of ``chelem`` (None, an int 0..5 or a name of
    ``CHELEM_NAMES``). Raises TrickrefError naming the bad value."""
    if chelem is None:
        return CHELEM_NONE
    if isinstance(chelem, int) and 0 <= chelem < len(CHELEM_NAMES):
        return chelem
    if isinstance(chelem, str) and chelem.strip().lower() in CHELEM_NAMES:
        return CHELEM_NAMES.index(chelem.strip().lower())
    raise TrickrefError("%r is not a chelem outcome (%s)" % (chelem, ", ".join(CHELEM_NAMES)))


def poignee_level(players, trumps):
    """0, 1, 2 for a simple, double, triple poignée of ``trumps`` cards at ``players``.

    The FFT asks for exactly 10, 13 or 15 cards at 4 players (13/15/18 at 3, 8/10/13 at 5;
    p.7, p.11, p.12), extra trumps kept hidden; any other count raises TrickrefError.
    """
    sizes = POIGNEE_SIZES.get(players)
    if sizes is None:
        raise TrickrefError("tarot is played by 3, 4 or 5, not %r" % (players,))
    if trumps not in sizes:
        raise TrickrefError("a poignée shows exactly %d, %d or %d trumps at %d players "
                            "(FFT p.7), not %r" % (sizes + (players, trumps)))
    return sizes.index(trumps)


def half_text(points_half):
    """Half-points as text: 81 -> "40.5", 98 -> "49"."""
    return "%d.5" % (points_half // 2) if points_half % 2 else "%d" % (points_half // 2)


def _signed(n):
    return "+%d" % n if n >= 0 else "%d" % n


def score(players, contract, points_half, oudlers, poignee=(), petit_au_bout=None,
          chelem=None, taker=0, partner=None, loser=None, primes=POIGNEE_PRIMES,
          round_to=1, miseres=0):
    """Score one deal to the FFT rules (p.8-9; 3 players p.11; 5 players p.12).

    ``players`` 3/4/5; ``contract`` PRISE..GARDE_CONTRE or its name; ``points_half``: the
    attack's card points in half-points (0..182), écart/chien and Excuse exchange
    included; ``oudlers``: oudlers the attack holds at the end (0..3); ``poignee``:
    ``(camp, trumps)`` pairs, ``camp`` ATTACK/DEFENCE; ``petit_au_bout``: None or the camp
    that won it; ``chelem``: a ``CHELEM_*`` value or name; ``taker``/``partner``: seats
    (partner only at 5 players; None = the taker plays alone); ``loser``: None, or the
    camp (ATTACK/DEFENCE) that a proven violation makes lose the deal whatever its points
    (docs/rules/tarot.md "Violations": the base keeps the margin ``|diff|`` as played).
    House scoring (core.games.tarot_house): ``primes`` the simple/double/triple poignée
    primes (FFT 20/30/40), ``round_to`` the multiple the margin is rounded to (1, 5, 10),
    ``miseres`` how many misères were announced (20 each, to the winning camp like a
    poignée, not multiplied: rencontrestarot.org).

    Per defender: ``(25 + |diff|) x mult``, signed by the result, ``± 10 x mult`` petit au
    bout (to the camp that took it, whatever the result), ``± poignée primes`` (always to
    the camp that wins the deal, not multiplied), ``± chelem``. A half point (3 and 5
    players, and at 4 under the seed's Excuse reading) goes to the winning camp (p.11):
    reaching the target exactly counts as made by 0. Marks: each defender -per_defender;
    taker x2 (3 players), x3 (4), x2 with partner x1 or x4 alone (5). Returns a
    :class:`Score`; raises TrickrefError on any value out of range.
    """
    if players not in (3, 4, 5):
        raise TrickrefError("tarot is played by 3, 4 or 5, not %r" % (players,))
    contract = contract_value(contract)
    if contract == PASS:
        raise TrickrefError("no score when every player passed")
    if not isinstance(points_half, int) or not 0 <= points_half <= 182:
        raise TrickrefError("card points are 0..182 half-points (0..91), not %r"
                            % (points_half,))
    if oudlers not in (0, 1, 2, 3):
        raise TrickrefError("oudlers are 0..3, not %r" % (oudlers,))
    # Each oudler is worth 4.5 (the Excuse at least 4 to its camp after the exchange of a
    # half-point card, FFT p.8): the attack's points must hold its oudlers, the defence's
    # the others (FFT p.9 ex.5: 87 points with 2 oudlers, the defence keeping the Excuse).
    if points_half < 8 * oudlers or 182 - points_half < 8 * (3 - oudlers):
        raise TrickrefError("%s points cannot hold %d oudlers on one side and %d on the "
                            "other" % (half_text(points_half), oudlers, 3 - oudlers))
    if petit_au_bout not in (None, ATTACK, DEFENCE):
        raise TrickrefError("petit au bout goes to ATTACK, DEFENCE or None, not %r"
                            % (petit_au_bout,))
    chelem = chelem_value(chelem)
    if not 0 <= taker < players:
        raise TrickrefError("taker seat %r is not a seat of %d" % (taker, players))
    if partner is not None and (players != 5 or partner == taker
                                or not 0 <= partner < players):
        raise TrickrefError("partner %r: only a 5-player deal has a partner, another seat "
                            "than the taker's" % (partner,))
    if loser not in (None, ATTACK, DEFENCE):
        raise TrickrefError("a violation makes ATTACK or DEFENCE lose, not %r" % (loser,))
    if not isinstance(miseres, int) or not 0 <= miseres <= 2 * players:
        raise TrickrefError("misères: 0 to %d at %d players (each player may announce two: "
                            "no trump, no face card), not %r" % (2 * players, players, miseres))
    mult = MULTIPLIERS[contract]
    target = TARGETS[oudlers]
    won = points_half >= 2 * target
    steps = ["%s (x%d), %d oudler%s: target %d" % (_CONTRACT_TITLES[contract],
                                                   mult, oudlers, "" if oudlers == 1 else "s",
                                                   target)]
    if loser is not None:
        won = loser == DEFENCE
        steps.append("violation by the %s: the deal is scored as %s" % (
            CAMP_NAMES[loser], "made" if won else "failed"))
    counted = points_half // 2
    if points_half % 2:
        counted = (points_half + 1) // 2 if won else points_half // 2
        steps.append("%s points: the half point goes to the winning camp (FFT p.11): "
                     "counted %d" % (half_text(points_half), counted))
    diff = counted - target
    steps.append("attack %d points: %s by %d" % (counted, "made" if won else "failed",
                                                 abs(diff)))
    margin = abs(diff)
    if round_to != 1:
        margin = tarot_house.rounded(margin, round_to)
        steps.append("margin %d rounded to %d: %d" % (abs(diff), round_to, margin))
    base = (25 + margin) * mult
    steps.append("(25 + %d) x %d = %d%s" % (margin, mult, base,
                                           "" if won else ", paid by the attack"))
    if not won:
        base = -base
    pab = 0
    if petit_au_bout is not None:
        pab = 10 * mult if petit_au_bout == ATTACK else -10 * mult
        steps.append("petit au bout to the %s: 10 x %d = %s" % (
            CAMP_NAMES[petit_au_bout], mult, _signed(pab)))
    prime = 0
    for camp, trumps in poignee:
        if camp not in (ATTACK, DEFENCE):
            raise TrickrefError("a poignée is shown by ATTACK or DEFENCE, not %r" % (camp,))
        level = poignee_level(players, trumps)
        p = primes[level] if won else -primes[level]
        prime += p
        steps.append("poignée %s (%d trumps, shown by the %s) to the winning camp: %s"
                     % (POIGNEE_NAMES[level], trumps, CAMP_NAMES[camp], _signed(p)))
    if miseres:
        p = tarot_house.MISERE_PRIME * miseres
        prime += p if won else -p
        steps.append("%d misère%s (20 each) to the winning camp: %s" % (
            miseres, "" if miseres == 1 else "s", _signed(p if won else -p)))
    slam = _CHELEM_PRIMES[chelem]
    if chelem:
        steps.append("chelem %s: %s" % (CHELEM_NAMES[chelem], _signed(slam)))
    per = base + pab + prime + slam
    steps.append("per defender: %s" % _signed(per))
    marks = [-per] * players
    if partner is None:
        marks[taker] = _TAKER_SHARE[players] * per
    else:
        marks[taker] = 2 * per
        marks[partner] = per
    words = ["taker %s" % _signed(marks[taker])]
    if partner is not None:
        words.append("partner %s" % _signed(marks[partner]))
    words.append("each defender %s" % _signed(-per))
    steps.append("marks: " + ", ".join(words))
    return Score(players=players, contract=contract, multiplier=mult,
                 points_half=points_half, oudlers=oudlers, target=target, counted=counted,
                 won=won, diff=diff, base=base, petit_au_bout=pab, poignee=prime,
                 chelem=slam, per_defender=per, marks=tuple(marks), steps=tuple(steps),
                 taker=taker, partner=partner)


def count_deal(players, contract, plays, winners, camps, chelem_announced,
               excuse_to_winner=False):
    """Count a played-out deal: ``(points, oudlers, petit_au_bout, chelem, notes)``.

    ``plays``: ``(seat, card)`` in play order, ``players`` per trick; ``winners``: the seat
    that took each trick; ``camps``: ATTACK/DEFENCE per seat. Cards never played are the
    écart or the chien: the defence's at Garde contre, else the attack's (FFT p.6).
    ``points`` (half-points) and ``oudlers`` are per camp. The Excuse stays with its camp,
    which gives a half-point card to the camp that won its trick (FFT p.8); played to the
    last trick it goes to the other camp (seed 002 s.6), or to that trick's winner with
    ``excuse_to_winner`` (FFT p.8 read literally); led to the last trick by a camp that won
    every trick, it wins that trick, and the Petit in the penultimate trick is au bout as
    well as one in the last trick (FFT p.6-7). ``chelem``: a CHELEM_* value (FFT p.6).
    """
    last = len(winners) - 1
    won = [camps[w] for w in winners]
    pts = [0, 0]
    oud = [0, 0]
    seen = bytearray(78)
    notes = []
    ex_seat = ex_trick = petit_trick = -1
    for i in range(len(plays)):
        seat, c = plays[i]
        seen[c] = 1
        t = i // players
        if c == EX:
            ex_seat, ex_trick = seat, t
        else:
            if c == PETIT:
                petit_trick = t
            pts[won[t]] += POINTS[c]
            if is_oudler(c):
                oud[won[t]] += 1
    kitty = DEFENCE if contract == GARDE_CONTRE else ATTACK
    for c in range(78):
        if not seen[c]:
            pts[kitty] += POINTS[c]
            if is_oudler(c):
                oud[kitty] += 1
    slam_excuse = ex_trick == last and winners[last] == ex_seat  # it won its trick
    if ex_seat >= 0:
        owner = camps[ex_seat]
        to = owner
        if slam_excuse:
            notes.append("the Excuse led to the last trick wins it (chelem)")
        elif ex_trick == last:
            to = won[last] if excuse_to_winner else 1 - owner
            notes.append("the Excuse played to the last trick goes to the %s" % CAMP_NAMES[to])
        elif won[ex_trick] != owner:
            pts[owner] -= 1
            pts[won[ex_trick]] += 1
            notes.append("the Excuse stays with the %s, which gives a half-point card to "
                         "the %s" % (CAMP_NAMES[owner], CAMP_NAMES[won[ex_trick]]))
        pts[to] += POINTS[EX]
        oud[to] += 1
    attack_all = DEFENCE not in won
    defence_all = ATTACK not in won
    if chelem_announced:
        chelem = CHELEM_ANNOUNCED if attack_all else (
            CHELEM_FAILED_DEFENCE if defence_all else CHELEM_FAILED)
    else:
        chelem = CHELEM_UNANNOUNCED if attack_all else (
            CHELEM_DEFENCE if defence_all else CHELEM_NONE)
    # The Petit in the last trick is au bout, to the camp that takes that trick (FFT p.7),
    # a defender's taken by the chelem's Excuse too; in a chelem ended by the Excuse the
    # Petit in the penultimate trick is deemed au bout as well (FFT p.6).
    bout = petit_trick == last or (slam_excuse and petit_trick == last - 1)
    pab = won[petit_trick] if bout else None
    return pts, oud[ATTACK], pab, chelem, notes

"""Skat's contracts and game values (ISkO 5): contract strings, card points, matadors,
the value of a game won, lost, overbid or decided by a violation, and the bid ladder.

Rule sources: ISkO 1.2.2 card points, 5.1 base values, 5.2 multiplier and levels, 5.2.5
announced levels, 5.2.6 ouvert, 5.3 lost games double, 5.4.2 overbid (docs/analysis/skat.md
sections 1-3; docs/rules/skat.md for the null overbid reading). Used by core.games.skat
(the deal), the score sheet (core.games.skat_sheet) and core.iss.
"""

from collections import namedtuple

from core.cards import SKAT
from core.compat import const
from core.errors import BadRecord
from core.tricks import TUPLE_NEW

# Contract kinds: the suit number (0 C acorns, 1 S leaves, 2 H hearts, 3 D bells), or these.
GRAND = const(4)
NULL = const(5)
KIND_LETTERS = "CSHDGN"
BASE_VALUES = (12, 11, 10, 9, 24)  # ISkO 5.1: acorns 12, leaves 11, hearts 10, bells 9; grand 24
NULL_VALUES = (23, 35, 46, 59)  # ISkO 5.1: null, hand, ouvert, ouvert hand (fixed values)

# Card points by rank 7 8 9 T J Q K A (ISkO 1.2.2: Daus 11, 10 10, König 4, Ober 3, Unter 2).
RANK_POINTS = b"\x00\x00\x00\x0a\x02\x03\x04\x0b"
_JACK = const(4)  # rank number of the Unter in core.cards.SKAT
_TRUMP_RANKS = b"\x07\x03\x06\x05\x02\x01\x00"  # A T K Q 9 8 7: a trump suit below the Unter

# A declared game: ``kind`` (0-3 suit, GRAND, NULL) and the announced levels; trump ouvert
# implies hand, schneider and schwarz announced (ISkO 5.2.6).
Contract = namedtuple("Contract", ("kind", "hand", "schneider", "schwarz", "ouvert"))


def parse_contract(text):
    """Parse an ISS contract string (``"G"``, ``"DHS"``, ``"CHZ"``, ``"NO"``, ``"GO"``).

    The first letter is the kind (``C S H D G N``), the rest modifiers ``H`` hand,
    ``S`` schneider announced, ``Z`` schwarz announced (implies ``S``), ``O`` ouvert (in
    suit and grand games implies hand, schneider and schwarz announced: ISkO 5.2.6).
    Raises BadRecord on anything else, or on announcements without hand (ISkO 5.2.3).
    """
    if isinstance(text, str) and len(text) == 1 and text in KIND_LETTERS:
        return _PLAIN[KIND_LETTERS.find(text)]  # the common case, parsed once at import
    if not text or KIND_LETTERS.find(text[0]) < 0:
        raise BadRecord("contract %r: must start with one of C S H D G N" % (text,))
    kind = KIND_LETTERS.find(text[0])
    mods = text[1:]
    for m in mods:
        if m not in "HSZO":
            raise BadRecord("contract %r: unknown modifier %r" % (text, m))
    hand = "H" in mods
    ouvert = "O" in mods
    schwarz = "Z" in mods
    schneider = "S" in mods or schwarz
    if kind == NULL:
        if schneider:
            raise BadRecord("contract %r: null has no schneider/schwarz" % (text,))
        return Contract(NULL, hand, False, False, ouvert)
    if ouvert:
        hand = schneider = schwarz = True
    if schneider and not hand:
        raise BadRecord("contract %r: schneider/schwarz announced only from hand" % (text,))
    return Contract(kind, hand, schneider, schwarz, ouvert)


_PLAIN = tuple(Contract(k, False, False, False, False) for k in range(6))  # "C" .. "N"


def contract_code(c):
    """The ISS string of a Contract (inverse of :func:`parse_contract`)."""
    s = KIND_LETTERS[c.kind]
    if c.ouvert:  # ISS writes "NO", "NOH" and, ouvert implying hand, "GO", "CO"
        return s + ("OH" if c.kind == NULL and c.hand else "O")
    if c.hand:
        s += "H"
    if c.schwarz:
        s += "Z"
    elif c.schneider:
        s += "S"
    return s


def _all_game_values():
    vals = set(NULL_VALUES)
    for base in BASE_VALUES:
        # multiplier: matadors 1..11 (grand 1..4) + game + hand S SA Z ZA O: 2..18 (2..11)
        top = 18 if base != 24 else 11
        for m in range(2, top + 1):
            vals.add(base * m)
    return tuple(sorted(vals))


BID_LADDER = _all_game_values()  # 18, 20, 22, 23, 24, 27, 30, ... every reachable game value


_CARD_POINTS = bytes(RANK_POINTS[SKAT.rank(c)] for c in range(32))
if TUPLE_NEW is not None:  # CPython: a tuple indexes faster (core.games.skat "Built once")
    _CARD_POINTS = tuple(_CARD_POINTS)


def card_points(cards):
    """Sum of the card points of ``cards`` (ISkO 1.2.2; the pack holds 120)."""
    total = 0
    for c in cards:
        total += _CARD_POINTS[c]
    return total


def matadors(cards, kind):
    """Matadors "with" (positive) or "without" (negative) over ``cards`` (ISkO 5.2.1).

    ``cards``: the declarer's 10 cards plus the original skat, also in hand games. The
    sequence runs from the acorn Unter down the trumps (4 jacks, then in a suit game
    A T K Q 9 8 7 of the trump suit); it stops at the first change. 0 for null.
    """
    if kind == NULL:
        return 0
    first = _JACK in cards  # the acorn Unter (card 0 * 8 + _JACK) decides "with"/"without"
    n = 1
    for s in (1, 2, 3):  # leaves, hearts, bells Unter
        if (s * 8 + _JACK in cards) != first:
            return n if first else -n
        n += 1
    if kind != GRAND:
        for r in _TRUMP_RANKS:
            if (kind * 8 + r in cards) != first:
                return n if first else -n
            n += 1
    return n if first else -n


def null_value(contract):
    """The fixed value of a null game: 23, hand 35, ouvert 46, ouvert hand 59 (ISkO 5.1)."""
    return NULL_VALUES[(2 if contract.ouvert else 0) + (1 if contract.hand else 0)]


def game_value(contract, mat, declarer_points, declarer_tricks, bid, finished=True):
    """Value a game (ISkO 5.2-5.4); returns ``(won, value, multiplier, overbid, levels)``.

    ``value`` is the signed score-sheet value. Suit/grand: multiplier = matadors + game +
    hand + schneider + schneider announced + schwarz + schwarz announced + ouvert; schneider
    when a party has at most 30 points, schwarz when a party has no trick (tricks, not points:
    ISkO 5.2.4); an announced level that is missed still counts every lower level and the
    announcement (5.2.5); lost games count double (5.3); a game worth less than the bid is lost
    for twice the smallest multiple of its base value reaching the bid (5.4.2).
    Null: fixed values 23/35/46/59, won when the declarer takes no trick; a null worth less
    than the bid is overbid like a suit game, in multiples of its value (SkatGUI, documented
    in docs/rules/skat.md).
    """
    if contract.kind == NULL:
        value = null_value(contract)
        won = declarer_tricks == 0
        levels = ("null",)
        base = value
        mult = 1
    else:
        base = BASE_VALUES[contract.kind]
        schneider = declarer_points >= 90 or declarer_points <= 30
        schwarz = finished and (declarer_tricks == 10 or declarer_tricks == 0)
        levels = ["with %d" % mat if mat > 0 else "without %d" % -mat, "game"]
        if contract.hand:
            levels.append("hand")
        if schneider or contract.schneider:
            levels.append("schneider")
        if contract.schneider:
            levels.append("schneider announced")
        if schwarz or contract.schwarz:
            levels.append("schwarz")
        if contract.schwarz:
            levels.append("schwarz announced")
        if contract.ouvert:
            levels.append("ouvert")
        mult = abs(mat) + len(levels) - 1
        value = base * mult
        won = declarer_points >= 61
        if contract.schneider and declarer_points < 90:
            won = False
        if contract.schwarz and declarer_tricks < 10:
            won = False
    if value < bid:
        reach = ((bid + base - 1) // base) * base
        return False, -2 * reach, mult, True, tuple(levels)
    return won, (value if won else -2 * value), mult, False, tuple(levels)


def declared_value(contract, mat, bid, won):
    """The value of a game decided by a rule violation (ISkO 4.1-4.2); returns ``(won,
    value, multiplier, overbid, levels)`` as :func:`game_value`.

    The declared game counts: matadors, game, hand and the announced levels (schneider
    and schwarz only when announced, ISkO 5.2.5); nothing reached in play is added.
    ``won``: True when a defender broke the rule, False when the declarer did. A game
    worth less than the bid is still overbid (ISkO 5.4.2).
    """
    # game_value with points and tricks that reach no level: 60 points, one trick
    ok, value, mult, overbid, levels = game_value(contract, mat, 60, 1, bid, False)
    if overbid:
        return False, value, mult, True, levels
    plain = value if ok else -value // 2
    return won, (plain if won else -2 * plain), mult, False, levels

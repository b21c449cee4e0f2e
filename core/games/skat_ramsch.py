"""Ramsch: the house rule played when all three pass, instead of a passed deal.

Each player plays for himself, the skat lies aside unseen, forehand leads, and the play
follows a grand: only the four Unter (jacks) are trumps (rasche-software.de, KD Skat
manual "5. Ramsch"; docs/rules/skat.md "Ramsch"). Scoring, by the same source: the player
with most card points in his tricks loses them plus the skat's points; if a player took
no trick (Jungfrau) the loss is doubled; a player who takes all ten tricks (Durchmarsch)
scores +120 and the others nothing; of two players tied on most points the one who took
the last trick loses. Decisions where that page is silent (docs/rules/skat.md): a tie the
last trick does not settle makes both tied players lose (pagat.com "Ramsch"); three tied
at 40 score nothing.
"""

from collections import namedtuple

from core.games.skat_options import (RAMSCH_OFF, RAMSCH_ON, RAMSCH_SCHIEBE,  # noqa: F401
                                     check_ramsch)

DURCHMARSCH = 120  # the card points of the whole deck, scored plus

# A Ramsch deal on the list: the fields of core.games.skat.Result (``declarer`` is the
# seat charged first, ``value`` its sheet value, ``contract`` None) plus ``values``, the
# signed sheet value of each deal seat (forehand, middlehand, rearhand).
RamschResult = namedtuple("RamschResult", (
    "status", "declarer", "contract", "bid", "won", "value", "matadors", "multiplier",
    "overbid", "declarer_points", "declarer_tricks", "schneider", "schwarz",
    "trick_winners", "levels", "values"))


def losers(points, last):
    """The deal seats charged: ``points`` (3 ints, card points in each seat's tricks),
    ``last`` the seat that took the last trick. Most points loses; of two tied, the one
    who took the last trick, else both; three tied: nobody (an empty tuple)."""
    top = max(points)
    tied = tuple(s for s in range(3) if points[s] == top)
    if len(tied) == 3:
        return ()
    if len(tied) == 2 and last in tied:
        return (last,)
    return tied


def score(points, tricks, last, skat_points, passed=0):
    """The sheet values of a Ramsch, ``(values, levels)``: ``values`` the signed value of
    each deal seat, ``levels`` the names that set it ("durchmarsch", "jungfrau", "tie",
    then "passed" once per pass).

    ``points``: card points in each seat's tricks (the skat not included), ``tricks``:
    tricks taken by each seat (summing to 10), ``last``: the seat of the last trick,
    ``skat_points``: the skat's card points, ``passed``: how many players passed the skat
    on unseen in a Schieberamsch (0-3; each doubles the score, the Durchmarsch's too:
    Parlett "doubling the eventual score"). Raises ValueError when the counts do not
    add up (120 points with the skat, 10 tricks)."""
    if len(points) != 3 or len(tricks) != 3 or sum(tricks) != 10 \
            or sum(points) + skat_points != 120 or last not in (0, 1, 2):
        raise ValueError("a Ramsch is 10 tricks and 120 card points, not %r %r + %r"
                         % (points, tricks, skat_points))
    values = [0, 0, 0]
    pushed = ("passed",) * passed
    factor = 1 << passed
    if 10 in tricks:
        values[tricks.index(10)] = DURCHMARSCH * factor
        return tuple(values), ("durchmarsch",) + pushed
    levels = []
    if 0 in tricks:
        factor *= 2
        levels.append("jungfrau")
    charged = losers(points, last)
    if len(charged) != 1:
        levels.append("tie")
    for s in charged:
        values[s] = -(points[s] + skat_points) * factor
    return tuple(values), tuple(levels) + pushed


def result(status, points, tricks, trick_winners, skat_points, passed=0):
    """The RamschResult of a deal played out: ``status`` "ramsch", the rest as
    :func:`score` with the last trick's taker read from ``trick_winners``; ``multiplier``
    the factor of the loss (Jungfrau and passes)."""
    values, levels = score(points, tricks, trick_winners[-1], skat_points, passed)
    charged = [s for s in range(3) if values[s]]
    first = charged[0] if charged else -1
    return RamschResult(status, first, None, 0, "durchmarsch" in levels,
                        values[first] if charged else 0, 0,
                        (2 if "jungfrau" in levels else 1) << passed, False,
                        points[first] if charged else 0, tricks[first] if charged else 0,
                        False, False, tuple(trick_winners), levels, values)


def offence(kind, offender, trick_winners, passed=0, played=None):
    """The RamschResult of a Ramsch a proven violation decided (option ``violations`` =
    ``"decide"``; docs/rules/skat.md "Ramsch", decision): ``offender`` (a deal seat)
    loses it alone, charged with the whole deck's 120 card points times the
    Schieberamsch's factor for ``passed`` passes, or, when the deal was played out
    (``played``: its RamschResult as played), what that charged him if it is more: a
    violation never pays. ``kind``: the violation's code ("revoke", "pushed-jack"), the
    first of ``levels``; ``trick_winners``: the deal seat of each trick taken."""
    value, mult, levels = -(DURCHMARSCH << passed), 1 << passed, ("passed",) * passed
    points = DURCHMARSCH
    if played is not None and played.values[offender] < value:
        value, mult, levels = played.values[offender], played.multiplier, played.levels
        points = played.declarer_points
    values = [0, 0, 0]
    values[offender] = value
    return RamschResult("ramsch", offender, None, 0, False, value, 0, mult, False,
                        points, len([1 for w in trick_winners if w == offender]),
                        False, False, tuple(trick_winners), (kind,) + levels, tuple(values))


def pending(trick_winners):
    """The RamschResult of a Ramsch still in play: values None, as Deal.result() gives
    before a game's value is known."""
    return RamschResult("ramsch", -1, None, 0, False, None, 0, 1, False, None, None,
                        False, False, tuple(trick_winners), ("ramsch",), None)

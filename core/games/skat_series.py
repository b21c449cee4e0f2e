"""A Skat evening's length and its settlement in money (house scoring).

Series: Rasche Software's Skat course (raschesspiele.de, LeSkat "5. Spielabrechnung"): "a
Skat series is 48 games at a table of four, 36 when only three play". Option ``series``:
``"off"`` (the list runs as long as the table likes, the default) or ``"1"``, ``"2"``,
``"3"`` series, after which the evening is over.

Money: skatspielen.info "Anschreiben": the list's final totals, played "um Viertelcent"
(a quarter cent per point), are divided by 4 and compared player against player: each
pays each the difference ("+55 gegen -20 gibt +75 bei A und -75 bei B"); the page's example
totals +218, -81, +60, -38 become +55, -20, +15, -10 (halves away from zero) and the
differences +180, -120, +20, -80 cents. Option ``money``: ``"off"``, ``"1"``, ``"1/2"``,
``"1/4"``, ``"1/10"`` cent per point. docs/rules/skat.md "Series and money".

Points target (option ``target``: ``"off"``, ``"500"``, ``"1000"``): no published source
found for the target itself (docs/rules/skat.md "A points target", the reading chosen):
once a player's list total reaches it the round is played out, "damit alle gleiche
Chancen haben, spielt man volle Runden, so dass alle gleich oft gegeben haben"
(pickup-theater.com "Skat", rule 4: whole rounds, everybody dealing as often), then the
evening is over and the highest total wins.
"""

SERIES_CHOICES = ("off", "1", "2", "3")
MONEY_CHOICES = ("off", "1", "1/2", "1/4", "1/10")
TARGET_CHOICES = ("off", "500", "1000")
# games of one series by players at the table: LeSkat's 36 and 48 are 12 deals per
# player; five play 60, six 72 (docs/rules/skat.md "Series and money")
_GAMES = {3: 36, 4: 48, 5: 60, 6: 72}


def check(series, money):
    """``(series, money)`` when both are among the choices above; else ValueError naming
    the option and its value."""
    if series not in SERIES_CHOICES:
        raise ValueError("skat option series %r: one of %s" % (series,
                                                               ", ".join(SERIES_CHOICES)))
    if money not in MONEY_CHOICES:
        raise ValueError("skat option money %r: one of %s" % (money, ", ".join(MONEY_CHOICES)))
    return series, money


def check_target(target):
    """``target`` when it is among TARGET_CHOICES; else ValueError naming the option."""
    if target not in TARGET_CHOICES:
        raise ValueError("skat option target %r: one of %s" % (target,
                                                               ", ".join(TARGET_CHOICES)))
    return target


def target_reached(target, players, totals):
    """True once a player's plain list total has reached ``target`` (a TARGET_CHOICES
    value) and the round is complete. ``totals``: the running totals after each game
    on the list (a tuple of ints per table seat, one per row); the round is complete
    when their number is a multiple of ``players`` (each player dealt as often). A total
    that reached the target in the round ends the evening though a later game of the
    round took it below again: "the first player whose total reaches the target" (the
    reading in docs/rules/skat.md "A points target"); an earlier round cannot hold one,
    it would have ended the evening."""
    played = len(totals)
    if target == "off" or not played or played % players:
        return False
    goal = int(target)
    for row in totals[-players:]:
        if max(row) >= goal:
            return True
    return False


def games(series, players):
    """How many games the evening has: 0 (no limit) when ``series`` is ``"off"``, else
    the series times 36 (3 players), 48 (4 players), 60 (5 players) or 72 (6 players)."""
    if series == "off":
        return 0
    return int(series) * _GAMES[players]


def is_over(series, players, played):
    """True once ``played`` games (rows on the list) complete the series."""
    limit = games(series, players)
    return limit > 0 and played >= limit


def _cents(points, per):
    """``points`` at 1/``per`` cent each, whole cents, halves away from zero."""
    q = (2 * abs(points) + per) // (2 * per)
    return q if points >= 0 else -q


def settle(totals, money):
    """What each player gets (+) or pays (-), in cents, when the list's ``totals`` (ints,
    one per player) are settled at ``money`` (a MONEY_CHOICES value, not ``"off"``): the
    sum of his differences to every other player, the totals first turned into whole
    cents (skatspielen.info "Anschreiben"). The amounts sum to 0."""
    per = int(money.split("/")[1]) if "/" in money else 1
    cents = [_cents(t, per) for t in totals]
    whole = sum(cents)
    return tuple(len(cents) * c - whole for c in cents)

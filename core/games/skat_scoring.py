"""Skat house scoring of the list: lost hand games counted once (the old rule) and the
Seeger-Fabian totals shown or not (options ``lost_hand`` and ``seeger``).

Lost hand games: ISkO 5.3 doubles every lost game, hand games included, since 1 January
1999; before, a lost hand game counted simple (docs/analysis/skat.md section 2). The XSkat
manual (xskat.6, ``-oldrules``: "Lost Hand games count simple"; ``-newrules``: "Use the
official rules of 01/01/1999: Lost Hand games count double") keeps the old rule as a
switch. Option ``lost_hand``: ``"double"`` (ISkO, default) or ``"single"``.

Seeger-Fabian: the tournament list adds 50 for a won and takes 50 for a lost game and
gives the opponents 40 (30 at four) (ISkO; preisskat.org); a home list often keeps only
the game values (skatspielen.info "Anschreiben": "jedes Spiel ... mit dem endgültigen Wert
... gebucht"). Option ``seeger``: ``"on"`` (default) or ``"off"`` (the totals screen and
the sheet show the plain totals only). docs/rules/skat.md "Lost hand games and
Seeger-Fabian".
"""

LOST_HAND_DOUBLE = "double"
LOST_HAND_SINGLE = "single"
SEEGER_ON = "on"
SEEGER_OFF = "off"


def check(lost_hand, seeger):
    """``(lost_hand, seeger)`` when both are among their values; else ValueError naming
    the option and its value."""
    if lost_hand not in (LOST_HAND_DOUBLE, LOST_HAND_SINGLE):
        raise ValueError("skat option lost_hand %r: double or single" % (lost_hand,))
    if seeger not in (SEEGER_ON, SEEGER_OFF):
        raise ValueError("skat option seeger %r: on or off" % (seeger,))
    return lost_hand, seeger


def lost_value(value, hand, rule):
    """The sheet ``value`` (signed, ISkO 5.3-5.4 applied: a loss is already doubled) of a
    game with ``hand`` True when played from the hand, under ``rule``: a lost hand game
    halved back to the simple value with LOST_HAND_SINGLE (an overbid hand game too: it is
    a lost hand game); anything else unchanged."""
    if rule == LOST_HAND_SINGLE and hand and value is not None and value < 0:
        return value // 2
    return value

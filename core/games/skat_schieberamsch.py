"""Schieberamsch: the Ramsch whose skat is pushed round before the play (option
``ramsch`` = ``"schieberamsch"``).

Source: pagat.com "Schieberamsch" ("Use of the Skat") and D. Parlett, The Penguin Book of
Card Games, "Schieberamsch": forehand may take the skat, add it to his hand and lay any two
cards face down as the new skat; middlehand, then rearhand, may do the same with the skat
they are handed. Instead of taking it a player may pass the skat on unseen, and each such
pass doubles the deal's score (three passes: eight times). "Many players forbid the discard
of any Jack" (Parlett): jacks may not be pushed, a rule JSkat keeps (b0n541/jskat issue
#183: the check applies only to a player who looked at the skat). Then forehand leads and
the play and scoring are those of a Ramsch (core.games.skat_ramsch), the final skat's
points going to the loser. docs/rules/skat.md "Schieberamsch" has the decisions.

The functions below work on a ``core.games.skat.Deal`` in its PUSH phase; the deal's verbs
``push`` and ``pass_skat`` call them.
"""

from core.cards import SKAT
from core.errors import IllegalPlay
from core.events import NOT_IN_HAND, NOT_YOUR_TURN, WRONG_PHASE, RevokeFound
from core.games.skat_options import PUSHED_JACK, VIOLATIONS_DECIDE

RAMSCH_SCHIEBE = "schieberamsch"
_JACK = 4  # rank number of the Unter in core.cards.SKAT


def factor(passed):
    """The factor of a Schieberamsch's score: 2 to the number of players who ``passed``
    the skat on unseen (0-3): 1, 2, 4 or 8 (pagat.com "Schieberamsch")."""
    return 1 << passed


def check_turn(deal, seat):
    """Raise IllegalPlay unless the deal is pushing the skat and it is ``seat``'s turn
    (forehand, middlehand, rearhand in order)."""
    if deal.pusher is None:
        raise IllegalPlay(WRONG_PHASE, "the skat is pushed only in a Schieberamsch, before "
                          "the first card")
    if seat != deal.pusher:
        raise IllegalPlay(NOT_YOUR_TURN, "P%d has the skat now" % (deal.pusher + 1))


def check_discard(deal, seat, discard):
    """Raise IllegalPlay unless ``discard`` (two card numbers) may be pushed by ``seat``:
    two different cards, no jack (Parlett), and in his hand plus the skat when the hands
    are known. ``discard`` None (not scanned) is accepted only while hands are unknown."""
    if discard is None:
        if deal.hands is not None:
            raise IllegalPlay("bad-discard", "push two cards after taking the skat")
        return
    if len(discard) != 2 or discard[0] == discard[1]:
        raise IllegalPlay("bad-discard", "push exactly two different cards")
    for c in discard:
        SKAT.check(c)
        if SKAT.rank(c) == _JACK:
            raise IllegalPlay("bad-discard", "a jack may not be pushed (%s)" % SKAT.code(c))
        if deal.hands is not None and c not in deal.hands[seat] and c not in deal.skat:
            raise IllegalPlay(NOT_IN_HAND, "%s is neither in the hand nor in the skat"
                              % SKAT.code(c))


def push(deal, seat, discard):
    """``seat`` takes the skat and pushes ``discard`` (two cards, None when not scanned)
    on as the new skat; returns the deal's next events. Raises IllegalPlay, changing
    nothing, when refused (check_turn, check_discard)."""
    check_turn(deal, seat)
    check_discard(deal, seat, discard)
    if deal.hands is not None:
        hand = deal.hands[seat]
        hand.extend(deal.skat)
        for c in discard:
            hand.remove(c)
    deal.skat = list(discard) if discard is not None else None
    deal.took = seat
    return _next(deal)


def jacks_pushed(deal, skat):
    """The skat scanned at the end of a Schieberamsch (``skat``: its two card numbers)
    holds what the last player to take it pushed (``deal.took``); a jack there is a
    pushed jack (Parlett's rule above). Returns [RevokeFound(PUSHED_JACK)] for the first
    jack, trick -1 (before the play), else []. With ``violations="decide"`` the deal's
    ``violation`` is set: the pusher loses the Ramsch (skat_ramsch.offence)."""
    for c in skat:
        if SKAT.rank(c) == _JACK:
            seat = deal.took
            if deal.violations == VIOLATIONS_DECIDE and deal.violation is None:
                deal.violation = (seat, PUSHED_JACK, -1)
            return [RevokeFound(seat, c, -1, PUSHED_JACK, "P%d took the skat and pushed "
                                "%s: jacks may not be pushed" % (seat + 1, SKAT.code(c)))]
    return []


def pass_on(deal, seat):
    """``seat`` passes the skat on unseen: the score doubles (pagat.com); returns the
    deal's next events. Raises IllegalPlay as check_turn."""
    check_turn(deal, seat)
    deal.passed_on += 1
    return _next(deal)


def _next(deal):
    deal.pusher += 1
    if deal.pusher < 3:
        return []
    deal.pusher = None
    return deal.start_ramsch_play()

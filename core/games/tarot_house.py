"""French Tarot house scoring: the poignée primes by table and the margin rounded to 5 or
10 (options ``poignees`` and ``rounding`` of core.games.tarot.Game).

Source: rencontrestarot.org "La marque au tarot": to the 25 of the contract "on ajoute les
points de passe (au point près ou arrondi à 5 ou à 10 selon entente préalable)" (the margin
counted to the point, or rounded to 5 or 10 as agreed beforehand), and "20 points pour une
simple poignée, 40 points pour une double poignée et 60 points pour une triple poignée".
The FFT (2012, p.7) counts 20/30/40 and the margin to the point: the defaults.
docs/rules/tarot.md "House rules" has the decisions.
"""

from core.cards import TAROT, TRUMP
from core.errors import TrickrefError

POIGNEES_FFT = "fft"
POIGNEES_20_40_60 = "20-40-60"
_PRIMES = {POIGNEES_FFT: (20, 30, 40), POIGNEES_20_40_60: (20, 40, 60)}
ROUNDING_OFF = "off"
_ROUNDING = {ROUNDING_OFF: 1, "5": 5, "10": 10}


def primes(poignees):
    """The simple, double and triple poignée primes of the option ``poignees``
    (``"fft"`` 20/30/40 or ``"20-40-60"``); TrickrefError on any other value."""
    if poignees not in _PRIMES:
        raise TrickrefError("tarot option poignees %r: fft or 20-40-60" % (poignees,))
    return _PRIMES[poignees]


def step(rounding):
    """The multiple the margin is rounded to for the option ``rounding`` (``"off"`` 1,
    ``"5"``, ``"10"``); TrickrefError on any other value."""
    if rounding not in _ROUNDING:
        raise TrickrefError("tarot option rounding %r: off, 5 or 10" % (rounding,))
    return _ROUNDING[rounding]


def rounded(margin, to):
    """``margin`` (the whole points made or failed by, >= 0) to the nearest multiple of
    ``to``; a margin halfway (15 to 10) goes up, to 20 (docs/rules/tarot.md)."""
    return (margin + to // 2) // to * to


# Misère (option ``misere``): rencontrestarot.org "La marque au tarot" adds "20 points pour
# une misère" to the total, with the poignées, shared by the camp; a misère is announced
# before the player's first card: no trump in the hand ("misère d'atout") or no face card
# ("misère de figure"; synonyme-du-mot.com "Quand annuler une partie de tarot").
MISERE_OFF = "off"
MISERE_PRIME = 20
MISERE_TRUMPS = "misere-trumps"
MISERE_HEADS = "misere-heads"
MISERES = (MISERE_TRUMPS, MISERE_HEADS)


def check_misere(misere):
    """``misere`` when it is ``"off"`` (FFT, default) or ``"20"``; else TrickrefError."""
    if misere not in (MISERE_OFF, "20"):
        raise TrickrefError("tarot option misere %r: off or 20" % (misere,))
    return misere


def misere_breaker(kind, cards):
    """The first of ``cards`` (tarot card numbers) that a misère of ``kind`` says the hand
    lacks (a trump 1-21 for MISERE_TRUMPS, a king, queen, knight or jack for MISERE_HEADS;
    the Excuse is neither), or -1 when none is."""
    for c in cards:
        suit = TAROT.suit(c)
        if kind == MISERE_TRUMPS and suit == TRUMP:
            return c
        if kind == MISERE_HEADS and suit < TRUMP and TAROT.rank(c) >= 10:
            return c
    return -1


# The partner's share at five (option ``partner``). The FFT (2012, p.12) shares the whole
# total: taker x2, called partner x1, each defender -1 ("fft", default). rencontrestarot.org
# "La marque au tarot" ("Légendes") describes the habit it calls a legend: "les primes de
# petit au bout, poignée, misère ... sont personnelles et doivent être payées par le ou
# les partenaires" (with the anecdote of a petit lost at the end because the player's own
# partner took the trick): "personal". docs/rules/tarot.md "The partner's share at five".
PARTNER_FFT = "fft"
PARTNER_PERSONAL = "personal"


def check_partner(partner, players):
    """``partner`` when it is ``"fft"``, or ``"personal"`` at five players; else
    TrickrefError naming the option."""
    if partner not in (PARTNER_FFT, PARTNER_PERSONAL):
        raise TrickrefError("tarot option partner %r: fft or personal" % (partner,))
    if partner == PARTNER_PERSONAL and players != 5:
        raise TrickrefError("tarot option partner=personal: only with a called partner at "
                            "five, not %r players" % (players,))
    return partner


def personal(score, items):
    """``score`` (a core.games.tarot_score.Score of the contract alone: no poignée,
    petit au bout or misère in it) with the personal primes ``items`` settled: each
    ``(seat, amount, what)`` is received by ``seat`` from every other player (paid to
    each when ``amount`` < 0), the seat's partner included. Returns a new Score whose
    marks still sum to 0 and whose steps say each prime."""
    fields = dict(score.__dict__)
    marks = list(score.marks)
    steps = list(score.steps)
    others = len(marks) - 1
    for seat, amount, what in items:
        for s in range(len(marks)):
            marks[s] += amount * others if s == seat else -amount
        steps.append("%s is P%d's own: %s from each of the %d others" % (
            what, seat + 1, "%+d" % amount, others))
    if items:
        steps.append("marks: " + ", ".join("P%d %+d" % (s + 1, m) for s, m in enumerate(marks)))
    fields["marks"], fields["steps"] = tuple(marks), tuple(steps)
    return type(score)(**fields)

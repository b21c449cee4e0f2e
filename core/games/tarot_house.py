"""French Tarot house scoring: the poignée primes by table and the margin rounded to 5 or
10 (options ``poignees`` and ``rounding`` of core.games.tarot.Game).

Source: rencontrestarot.org "La marque au tarot": to the 25 of the contract "on ajoute les
points de passe (au point près ou arrondi à 5 ou à 10 selon entente préalable)" (the margin
counted to the point, or rounded to 5 or 10 as agreed beforehand), and "20 points pour une
simple poignée, 40 points pour une double poignée et 60 points pour une triple poignée".
The FFT (2012, p.7) counts 20/30/40 and the margin to the point: the defaults.
docs/rules/tarot.md "House rules" has the decisions.
"""

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

"""Skat's table options and their checks, light enough to load with the rules: the
house-rule modules (core.games.skat_ramsch, skat_kontra, skat_bock) are imported only when
their option is on (a board's heap holds only what the table plays).

``violations``: docs/rules/skat.md "Rule violations" (ISkO 4.1-4.2); ``ramsch``:
"Ramsch"; ``kontra``: "Kontra and Re"; ``bock``: "Bock rounds".
"""

from core.errors import BadRecord

# What the table does with a proven rule violation (a revoke): decide it as ISkO 4.1-4.2
# (the game ends; the declarer's loses it, a defender's wins it for the declarer) or only
# report it and play on.
VIOLATIONS_DECIDE = "decide"
VIOLATIONS_REPORT = "report"
RAMSCH_OFF = "off"
RAMSCH_ON = "ramsch"
RAMSCH_SCHIEBE = "schieberamsch"  # the skat pushed round first (core.games.skat_schieberamsch)
PUSHED_JACK = "pushed-jack"  # Schieberamsch: a jack in the skat its last taker pushed
KONTRA_OFF = "off"
KONTRA_ON = "on"
KONTRA_OWN_CARD = "own-card"  # Kontra until the defender's own first card (kneipenskat)
BOCK_OFF = "off"
BOCK_ON = "on"


def check_violations(violations):
    """``violations`` itself when it is ``"decide"`` or ``"report"``; else raises
    BadRecord naming the value (docs/rules/skat.md "Rule violations")."""
    if violations not in (VIOLATIONS_DECIDE, VIOLATIONS_REPORT):
        raise BadRecord("skat option violations %r: decide or report" % (violations,))
    return violations


def check_ramsch(ramsch):
    """``ramsch`` itself when it is ``"off"`` (the tournament rule: a passed deal is not
    played, ISkO), ``"ramsch"`` or ``"schieberamsch"``; else raises ValueError naming the
    value."""
    if ramsch not in (RAMSCH_OFF, RAMSCH_ON, RAMSCH_SCHIEBE):
        raise ValueError("skat option ramsch %r: off, ramsch or schieberamsch" % (ramsch,))
    return ramsch


def check_kontra(kontra):
    """``kontra`` itself when it is ``"off"`` (ISkO, the default), ``"on"`` (before the
    first card) or ``"own-card"`` (a defender until his own first card); else raises
    ValueError naming the value."""
    if kontra not in (KONTRA_OFF, KONTRA_ON, KONTRA_OWN_CARD):
        raise ValueError("skat option kontra %r: off, on or own-card" % (kontra,))
    return kontra


def check_bock(bock):
    """``bock`` itself when it is ``"off"`` (ISkO, the default) or ``"on"``; else raises
    ValueError naming the value."""
    if bock not in (BOCK_OFF, BOCK_ON):
        raise ValueError("skat option bock %r: off or on" % (bock,))
    return bock

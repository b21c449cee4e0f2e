"""Kontra and Re: the house rule that doubles a Skat game's value.

Source: Rasche Software's Skat course (raschesspiele.de, LeSkat "II.2 Das Ausspielen der
Karten"): after the game is announced and before the first card a defender who thinks
the declarer will lose may say "Kontra": the game's score is doubled; the declarer may
answer "Re": doubled again (four times). Only a player who said at least 18 in the
auction may say Kontra or Re. docs/rules/skat.md "Kontra and Re" has the decisions.

The later Kontra (option value ``"own-card"``): kneipenskat.blogspot.com "Regeln" (a pub's
house rules): "Kontra muss unmittelbar vor dem Ausspielen der eigenen ersten Karte gegeben
werden" (a defender says Kontra before he plays his own first card) and "Re muss vom
Alleinspieler unmittelbar als Reaktion auf das Kontra gegeben werden" (Re at once, as the
answer to the Kontra: before the next card).
"""

from core.games.skat_options import (KONTRA_OFF, KONTRA_ON, KONTRA_OWN_CARD,  # noqa: F401
                                     check_kontra)

NAMES = ("kontra", "re")  # the levels named on the list, in order


def refusal(doubles, seat, declarer, said, started):
    """Why ``seat`` may not double now, or None when it may.

    ``doubles``: 0 (none yet) or 1 (Kontra said); ``seat``, ``declarer``: deal seats;
    ``said``: per seat True / False whether it said a number or yes in the auction, or None
    when only the auction's result was entered (the table's word, unchecked);
    ``started``: True once the first card is played."""
    if started:
        return "Kontra and Re come before the first card"
    if doubles == 0 and seat == declarer:
        return "the declarer answers Kontra with Re, he does not say Kontra"
    if doubles == 1 and seat != declarer:
        return "only the declarer answers Kontra with Re"
    if doubles >= 2:
        return "Re was said: nothing is left to double"
    if said is not None and not said[seat]:
        return "only a player who said 18 or more in the auction may double"
    return None


def too_late(rule, history, seat, doubles, kontra_at):
    """Why ``seat`` may no longer double under ``rule`` (KONTRA_ON or KONTRA_OWN_CARD), or
    None. ``history``: the (seat, card) pairs played so far; ``doubles``: 0 or 1;
    ``kontra_at``: how many cards were played when Kontra was said (read once doubles is
    1: Re answers at once, before the next card, under both rules)."""
    if doubles == 1:
        if len(history) != kontra_at:
            return "Re answers the Kontra at once, before the next card"
        return None
    if rule == KONTRA_ON:
        return "Kontra and Re come before the first card" if history else None
    for played in history:
        if played[0] == seat:
            return "Kontra comes before the defender's own first card"
    return None


def doubled(value, doubles):
    """The sheet ``value`` (signed, ISkO 5.3-5.4 already applied) doubled ``doubles``
    times (0, 1 Kontra, 2 Re)."""
    return value * (1 << doubles)

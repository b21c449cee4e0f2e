"""Kontra and Re: the house rule that doubles a Skat game's value.

Source: Rasche Software's Skat course (raschesspiele.de, LeSkat "II.2 Das Ausspielen der
Karten"): after the game is announced and before the first card a defender who thinks
the declarer will lose may say "Kontra": the game's score is doubled; the declarer may
answer "Re": doubled again (four times). Only a player who said at least 18 in the
auction may say Kontra or Re. docs/rules/skat.md "Kontra and Re" has the decisions.
"""

from core.games.skat_options import KONTRA_OFF, KONTRA_ON, check_kontra  # noqa: F401 (option values)

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


def doubled(value, doubles):
    """The sheet ``value`` (signed, ISkO 5.3-5.4 already applied) doubled ``doubles``
    times (0, 1 Kontra, 2 Re)."""
    return value * (1 << doubles)

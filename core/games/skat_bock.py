"""Bock rounds: the house rule that counts a round of Skat games double.

Source: skatspielen.info "Spielvarianten", "Bockrunde": it may be agreed that a grand
hand, a null ouvert hand or any game lost with 60 card points opens a Bock round, in which
every game, the opening game included, counts double. A round is one game per player at
the table (each dealing once). docs/rules/skat.md "Bock rounds" has the decisions.
"""

from core.games.skat_options import BOCK_OFF, BOCK_ON, check_bock  # noqa: F401 (option values)


class BockRounds:
    """The Bock games still owed: ``left`` (games, including queued rounds), and with
    ``ramsch_rounds`` (XSkat ``-bockramsch``, core.games.skat_bock_events) the compulsory
    Ramsch games owed after them: ``ramsch_left``.

    ``players``: the table's players (3 or 4), the games of one round."""

    def __init__(self, players, ramsch_rounds=False):
        self.players = players
        self.left = 0
        self.ramsch_rounds = ramsch_rounds
        self.ramsch_left = 0

    def factor(self, opens):
        """The factor (1 or 2) the next game would get, changing nothing; ``opens`` the
        rounds that game opens (0, or True / a count); 1 for a Ramsch of a Ramsch round."""
        if self.ramsch_now():
            return 1
        return 2 if opens or self.left else 1

    def ramsch_now(self):
        """True when the next deal is a compulsory Ramsch: a Ramsch round is owed and no
        Bock game is (the Ramsch rounds follow the Bock rounds, docs/rules/skat.md)."""
        return self.ramsch_left > 0 and self.left == 0

    def game(self, opens):
        """Book the game just played; returns its factor (:meth:`factor`). ``opens``: the
        rounds it opens (False/True or a count). A round counts from its opening game when
        none runs, and is queued after the running ones otherwise (docs/rules/skat.md);
        each round opened owes a Ramsch round when ``ramsch_rounds``."""
        factor = self.factor(opens)
        if self.ramsch_now():
            self.ramsch_left -= 1  # a Ramsch of the round opens nothing
            return factor
        if opens:
            self.left += self.players * opens
            if self.ramsch_rounds:
                self.ramsch_left += self.players * opens
        if factor == 2:
            self.left -= 1
        return factor

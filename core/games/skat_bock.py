"""Bock rounds: the house rule that counts a round of Skat games double.

Source: skatspielen.info "Spielvarianten", "Bockrunde": it may be agreed that a grand
hand, a null ouvert hand or any game lost with 60 card points opens a Bock round, in which
every game, the opening game included, counts double. A round is one game per player at
the table (each dealing once). docs/rules/skat.md "Bock rounds" has the decisions.
"""

from core.games.skat_options import BOCK_OFF, BOCK_ON, check_bock  # noqa: F401 (option values)


class BockRounds:
    """The Bock games still owed: ``left`` (games, including queued rounds).

    ``players``: the table's players (3 or 4), the games of one round."""

    def __init__(self, players):
        self.players = players
        self.left = 0

    def factor(self, opens):
        """The factor (1 or 2) the next game would get, changing nothing; ``opens`` True
        when that game opens a round."""
        return 2 if opens or self.left else 1

    def game(self, opens):
        """Book the game just played; returns its factor (:meth:`factor`). A round counts
        from its opening game when none runs, and is queued after the running ones
        otherwise (docs/rules/skat.md)."""
        factor = self.factor(opens)
        if opens:
            self.left += self.players
        if factor == 2:
            self.left -= 1
        return factor

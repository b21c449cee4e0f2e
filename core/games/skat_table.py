"""Who plays at a Skat table of three, four or five, and the Seeger-Fabian points the
others get for a lost game.

Seating: ISkO 2.1 (four players: the dealer sits out) and skatspielen.info "Das Skatspiel":
"Bei 5 Spielern der Geber und der dritte Spieler links von ihm. Es spielen also immer 1, 2,
4" (with five, the dealer and the third player to his left sit out: the players 1, 2 and
4 seats left of the dealer play), the sitting players sharing in every game's result.
Seeger-Fabian: 40 points to each opponent of a lost game at three, 30 at four (the dealer
sitting out too; preisskat.org, docs/analysis/skat.md section 2), and 120 / players = 24
at five (the DSkV's five-player lists, as 32karten.de forum "Skat zu fünft" reports them).
Six at one table is not played: a second table opens (docs/rules/skat.md).
"""

PLAYERS = (3, 4, 5)
_PLAYING = {3: (1, 2, 3), 4: (1, 2, 3), 5: (1, 2, 4)}  # seats left of the dealer who play


def check_players(players):
    """``players`` when a Skat table seats them (3, 4 or 5); else ValueError."""
    if players not in PLAYERS:
        raise ValueError("a Skat table has 3, 4 or 5 players, not %r" % (players,))
    return players


def deal_seats(dealer, players):
    """Table seats (0..players-1 clockwise) of forehand, middlehand and rearhand when
    ``dealer`` deals at a table of ``players``."""
    return tuple((dealer + k) % players for k in _PLAYING[players])


def opponent_bonus(players):
    """Seeger-Fabian points each other player gets when a game is lost: 40, 30 or 24."""
    return 120 // players

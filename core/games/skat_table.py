"""Who plays at a Skat table of three, four, five or six, and the Seeger-Fabian points the
others get for a lost game.

Seating: ISkO 2.1 (four players: the dealer sits out) and skatspielen.info "Das Skatspiel":
"Bei 5 Spielern der Geber und der dritte Spieler links von ihm. Es spielen also immer 1, 2,
4" (with five, the dealer and the third player to his left sit out: the players 1, 2 and
4 seats left of the dealer play), the sitting players sharing in every game's result.
Seeger-Fabian: 40 points to each opponent of a lost game at three, 30 at four (the dealer
sitting out too; preisskat.org, docs/analysis/skat.md section 2), and 120 / players = 24
at five (the DSkV's five-player lists, as 32karten.de forum "Skat zu fünft" reports them).
Six: the Allgemeine Deutsche Skatordnung of 1886, paragraph 1 (skat-extra.de transcript):
"Skat kann von drei, vier und mehr Personen gespielt werden; es erhalten bei jedem
einzelnen Spiele immer nur drei derselben Karten"; no source names who sits: the reading
chosen keeps the five's "1, 2, 4" (the dealer, the player opposite him and his right
neighbour sit out), and 120 / 6 = 20 Seeger-Fabian points (docs/rules/skat.md "Six at a
table").
"""

PLAYERS = (3, 4, 5, 6)
# seats left of the dealer who play
_PLAYING = {3: (1, 2, 3), 4: (1, 2, 3), 5: (1, 2, 4), 6: (1, 2, 4)}


def check_players(players):
    """``players`` when a Skat table seats them (3, 4, 5 or 6); else ValueError."""
    if players not in PLAYERS:
        raise ValueError("a Skat table has 3, 4, 5 or 6 players, not %r" % (players,))
    return players


def deal_seats(dealer, players):
    """Table seats (0..players-1 clockwise) of forehand, middlehand and rearhand when
    ``dealer`` deals at a table of ``players``."""
    return tuple((dealer + k) % players for k in _PLAYING[players])


def opponent_bonus(players):
    """Seeger-Fabian points each other player gets when a game is lost: 40, 30, 24 or 20."""
    return 120 // players

"""The computer seats' Schieberamsch decisions: take the skat and push two cards on, or pass
it on unseen (docs/rules/skat.md "Schieberamsch"; docs/players.md).

A simple rule, no sampling. In a Ramsch the player with most card points loses them, and
each pass doubles the score (pagat.com "Schieberamsch"): a hand that risks taking tricks
wants to see the skat and get rid of its two most dangerous cards; a hand that takes few
tricks passes on unseen, since the skat it would take is two cards the players before it
chose to get rid of. Risk counts the cards that win tricks and the points they carry:
each jack (the only trumps) and each ace and ten (11 and 10 points, the top of their
suits). A hand with two such cards or fewer passes on; one with more takes the skat and
pushes the two non-jack cards of most card points among its twelve (jacks may not be
pushed: JSkat #183, Parlett), of equal points the one from the shorter suit (keeping the
suit it may follow low in).
"""

from core.cards import SKAT

_JACK = SKAT.rank(SKAT.parse("CJ"))
_POINTS = {SKAT.rank(SKAT.parse(c)): p
           for c, p in (("CA", 11), ("CT", 10), ("CK", 4), ("CQ", 3), ("CJ", 2))}
RISKY = 2  # a hand with more trick-winning cards (jacks, aces, tens) takes the skat


def is_jack(card):
    """True for a jack (Ramsch's only trumps, never pushed)."""
    return SKAT.rank(card) == _JACK


def _risk(hand):
    """How many of ``hand``'s cards win tricks: jacks, aces and tens."""
    return sum(1 for c in hand if _POINTS.get(SKAT.rank(c), 0) >= 10 or
               is_jack(c))


def takes_skat(hand):
    """True when a seat holding ``hand`` (ten card numbers) takes the skat and pushes two
    cards, False when it passes the skat on unseen (the rule above)."""
    return _risk(hand) > RISKY


def push_cards(cards):
    """The two cards pushed on from ``cards`` (the hand and the skat taken: twelve card
    numbers): the two non-jack cards of most card points, of equal points the one from the
    shorter suit, then the higher rank. ValueError when fewer than two non-jacks."""
    others = [c for c in cards if not is_jack(c)]
    if len(others) < 2:
        raise ValueError("no two cards but jacks to push in %s"
                         % " ".join(SKAT.code(c) for c in cards))
    length = {}
    for c in others:
        length[SKAT.suit(c)] = length.get(SKAT.suit(c), 0) + 1

    def key(c):
        return (-_POINTS.get(SKAT.rank(c), 0), length[SKAT.suit(c)], -SKAT.rank(c))
    return sorted(others, key=key)[:2]

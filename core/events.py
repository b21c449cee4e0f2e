"""Events: the small immutable records that rules and the referee return.

The device turns them into LCD screens and link frames, the journal stores them, tests
assert on them. Seats are 0-based ints; cards are card numbers of the deck in play;
points are integers (Tarot counts integer half-points).

Refusal reasons (``IllegalPlay.reason`` and ``Refused.reason``) are short codes; the screens
turn them into words. Games may add their own codes (``core.games.<game>``).
"""

from collections import namedtuple

# A card was accepted from ``seat``.
CardPlayed = namedtuple("CardPlayed", ("seat", "card"))
# A trick ended: ``seat`` took ``cards`` (in play order, from the leader) worth ``points``;
# ``reason`` says why that card won ("highest trump", "Q♠ beats 6♠: ...").
TrickTaken = namedtuple("TrickTaken", ("seat", "cards", "points", "reason"))
# A play or choice was refused and changed nothing.
Refused = namedtuple("Refused", ("seat", "card", "reason", "detail"))
# A later card proved an earlier one broke the rules (unknown hands: revoke found late).
RevokeFound = namedtuple("RevokeFound", ("seat", "card", "trick", "reason", "detail"))
# Whose turn it is now.
Turn = namedtuple("Turn", ("seat",))
# The deal is over; ``result`` is the game module's result object.
DealOver = namedtuple("DealOver", ("result",))
# The deal needs cards scanned before it can go on or end: ``count`` cards for the Deal
# method ``verb`` (Skat: the skat, scanned after the play when it was not known).
Awaiting = namedtuple("Awaiting", ("verb", "count"))
# The last accepted card was taken back.
Undone = namedtuple("Undone", ("seat", "card"))

# Refusal reason codes shared by every game.
NOT_YOUR_TURN = "not-your-turn"
ALREADY_PLAYED = "already-played"
NOT_IN_DECK = "not-in-deck"
UNKNOWN_TAG = "unknown-tag"
MUST_FOLLOW = "must-follow-suit"
NOT_IN_HAND = "not-in-hand"
DEAL_OVER = "deal-over"
WRONG_PHASE = "wrong-phase"
REVOKE = "revoke"
FLASH_FULL = "flash-full"  # the journal could not take the record: nothing changed
WRITE_ERROR = "write-error"  # the journal write failed: nothing changed

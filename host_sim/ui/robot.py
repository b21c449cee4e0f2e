"""A computer player for empty seats: a legal card from the rules core, simply chosen.

The simulator keeps a *shadow* deal of the game with every hand known (``core.games``, fed
the same actions as the firmware's referee); its ``legal_cards(seat)`` is the rules' own
answer to "what may this seat play now". Among those cards the strategy is deliberately
plain, the same for every trick game:

- leading: the cheapest card (fewest card points, then weakest);
- following: when the trick holds points, or this card closes it, the cheapest card that
  takes the trick; otherwise the cheapest card.

No partnership play, no card counting: enough to play a whole game against the table.
"""


def _points(deal, card):
    try:
        return deal.points_of(card)
    except Exception:  # a game without card points: all equal
        return 0


def _power(deal, card):
    power = getattr(deal, "trick_power", None)
    suits = getattr(deal, "trick_suits", None)
    if power is None:
        return 0
    p = power[card]
    if suits is not None and suits[card] == 4:  # core.tricks' trump suit: any trump outranks
        p += 100
    return p


def _takes(deal, cards):
    """True when the last of ``cards`` would win the trick (per the deal's own rule)."""
    try:
        return deal.trick_winner(list(cards)) == len(cards) - 1
    except Exception:  # a game whose winner needs more than the cards: do not guess
        return False


def choose_card(deal, seat, legal):
    """The card ``seat`` plays among ``legal`` (non-empty) in ``deal`` (a shadow Deal with
    the trick attributes of ``core.tricks.TrickDeal``). Deterministic."""
    legal = sorted(legal)
    if len(legal) == 1:
        return legal[0]

    def cheap(c):
        return (_points(deal, c), _power(deal, c), c)

    trick = list(getattr(deal, "trick", ()) or ())
    if not trick:
        return min(legal, key=cheap)
    at_stake = sum(_points(deal, c) for c in trick)
    last = len(trick) == getattr(deal, "players", 0) - 1
    winners = [c for c in legal if _takes(deal, trick + [c])]
    if winners and (at_stake > 0 or last):
        return min(winners, key=cheap)
    return min(legal, key=cheap)

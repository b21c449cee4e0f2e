"""The one-call adapter the simulator's computer seats use (docs/players.md "Wiring").

``skat_card(deal, seat, player)``: the card a sampling player plays for ``seat`` of a
referee deal with known hands (host_sim.autoplay's shadow deal, a ``KnownDeal``), with the
view built from what that seat has seen only. ``skat_hint(deal, seat, player)``: the same
decision as ``(card, chance 0-1 or None, one-line reason)`` for a hint key and the side
panel. Raises ValueError when the seat has no card to play.
"""

from host_sim.players.skat import SkatCardPlayer
from host_sim.players.skat_view import SkatView

_DEFAULT = []


def _player(player):
    if player is not None:
        return player
    if not _DEFAULT:
        _DEFAULT.append(SkatCardPlayer())
    return _DEFAULT[0]


def skat_card(deal, seat, player=None):
    """The card ``player`` (default strength when None) plays for ``seat`` now."""
    return _player(player).choose(SkatView.from_deal(deal, seat))


def skat_hint(deal, seat, player=None):
    """``(card, chance, reason)`` for ``seat`` now: the hint key and the side panel line."""
    c = _player(player).decide(SkatView.from_deal(deal, seat))
    return c.card, c.chance, c.reason

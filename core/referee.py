"""The game-agnostic table referee.

It owns one deal of whatever game is played and keeps the books around it: every accepted
action in order (the deal's history, which the journal stores and undo replays), which
cards are out, whose turn it is, and it turns rule violations into events instead of
exceptions. It works when hands are unknown: the game reports revokes as later cards prove
them.

Actions are ``(verb, args)`` pairs naming one of the verbs the game's Deal declares in
``VERBS``: ``("play", (seat, card))``, ``("declare", (seat, "G", None))``, ``("enter_auction", (declarer, bid))``... A
refused action changes nothing and yields one :class:`core.events.Refused` event.
"""

from core.cards import NO_CARD
from core.errors import IllegalPlay, NotSaved, TrickrefError
from core.events import DEAL_OVER, NOT_IN_DECK, WRONG_PHASE, Awaiting, Refused, Undone

# Every verb some game's Deal declares in its ``VERBS`` (Skat, Tarot, Magistr, Zhopa; the
# bank games' table deal adds ``lead``, device.flows.bankflow). The referee calls only the
# verbs the deal in play declares; this list is their union, for documents and tests.
VERBS = tuple(["play", "bid", "hold", "pass_", "enter_auction", "pick_up", "declare", "claim",
         "resign", "abandon", "set_skat", "show_hand", "kontra", "re", "call", "discard",
         "announce", "lead", "push", "pass_skat"])


def _seat_of(args):
    return args[0] if args and isinstance(args[0], int) else -1


def check_verb(deal, verb):
    """Raise IllegalPlay(WRONG_PHASE) unless ``verb`` is one of ``deal.VERBS`` (the moves
    the deal's rules define: a Deal method name is not enough, ``result`` is none)."""
    if verb not in deal.VERBS:
        raise IllegalPlay(WRONG_PHASE, "%s is not a move of this game" % (verb,))


class Referee:
    """Referee of one deal: ``act(verb, *args)`` and ``card(seat, card)`` return events.

    ``new_deal``: a zero-argument callable returning a fresh Deal of the game in play (the
    same cards and options every time, so undo can rebuild the deal by replay).
    ``on_accept(verb, args)``: called for every action the rules accept, before it is
    booked in ``actions`` and before its events are returned (the journal writes it
    there: write-ahead). When it raises ``core.errors.NotSaved`` (flash full, write
    error) the deal is rebuilt without the action and the action is refused with that
    reason: the table never holds what the journal does not.
    """

    def __init__(self, new_deal, on_accept=None):
        self._new_deal = new_deal
        self.on_accept = on_accept
        self.deal = new_deal()
        self.actions = []  # accepted (verb, args), in order

    def act(self, verb, *args):
        """Apply ``verb(*args)`` to the deal; returns its events or ``[Refused(...)]``.

        Never raises on bad input: a verb the deal does not declare (``deal.VERBS``),
        illegal plays and bad values (any ``core.errors.TrickrefError``) become a Refused
        event naming the reason, and the deal is unchanged. Anything else (TypeError,
        AttributeError, IndexError...) is a bug and is not hidden: it propagates.
        """
        seat = _seat_of(args)
        card = args[1] if verb == "play" and len(args) > 1 else NO_CARD
        if self.deal.is_over():
            return [Refused(seat, card, DEAL_OVER, "the deal is over")]
        try:
            check_verb(self.deal, verb)
            events = getattr(self.deal, verb)(*args)
        except IllegalPlay as e:
            return [Refused(seat, card, e.reason, e.detail)]
        except TrickrefError as e:  # BadCard, BadRecord: a value the rules cannot take
            return [Refused(seat, card, NOT_IN_DECK if verb == "play" else WRONG_PHASE,
                            str(e))]
        if self.on_accept is not None:
            try:
                self.on_accept(verb, args)
            except NotSaved as e:
                self.replay(self.actions)  # the deal as the journal holds it
                return [Refused(seat, card, e.reason, e.detail)]
        self.actions.append((verb, args))
        return events

    def card(self, seat, card):
        """A card read at ``seat``'s pad: ``act("play", seat, card)``."""
        return self.act("play", seat, card)

    def current_seat(self):
        """The seat expected to act now, or -1."""
        return self.deal.current_seat()

    def undo(self):
        """Take back the last accepted action by replaying all the others on a fresh deal.

        Returns ``[Undone(seat, card)]`` (card ``NO_CARD`` for a non-card action), then the
        ``Awaiting`` the deal is back in, if any (the skat scanned at the end taken back:
        the skat is asked for again), or a Refused event when there is nothing to undo.
        """
        if not self.actions:
            return [Refused(-1, NO_CARD, WRONG_PHASE, "nothing to undo")]
        verb, args = self.actions.pop()
        again = [e for e in self.replay(self.actions) if isinstance(e, Awaiting)]
        return [Undone(_seat_of(args), args[1] if verb == "play" else NO_CARD)] + again

    def replay(self, actions):
        """Rebuild the deal from ``actions`` (e.g. read back from the journal); returns the
        events of the last action. Raises IllegalPlay if an action is refused, its verb
        included (``check_verb``): a journal that the rules refuse is corrupt, not something
        to skip."""
        self.deal = self._new_deal()
        self.actions = []
        events = []
        for verb, args in list(actions):
            check_verb(self.deal, verb)
            events = getattr(self.deal, verb)(*args)
            self.actions.append((verb, args))
        return events

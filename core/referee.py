"""The game-agnostic table referee.

It owns one deal of whatever game is played and keeps the books around it: every accepted
action in order (the deal's history, which the journal stores and undo replays), which
cards are out, whose turn it is, and it turns rule violations into events instead of
exceptions. It works when hands are unknown: the game reports revokes as later cards prove
them.

Actions are ``(verb, args)`` pairs naming a method of the game's Deal: ``("play", (seat,
card))``, ``("declare", (seat, "G", None))``, ``("enter_auction", (declarer, bid))``... A
refused action changes nothing and yields one :class:`core.events.Refused` event.
"""

from core.errors import IllegalPlay, NotSaved, TrickrefError
from core.events import DEAL_OVER, NOT_IN_DECK, WRONG_PHASE, Awaiting, Refused, Undone

# Deal methods the referee may call on behalf of the table (anything else is refused).
VERBS = ("play", "bid", "hold", "pass_", "enter_auction", "pick_up", "declare", "claim",
         "resign", "abandon", "set_skat", "call", "discard", "announce", "take_chien",
         "go", "choose", "lead", "show_hand", "kontra", "re")


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

        Never raises on bad input: unknown verbs, illegal plays and bad values all become
        a Refused event naming the reason, and the deal is unchanged.
        """
        seat = args[0] if args and isinstance(args[0], int) else -1
        card = args[1] if verb == "play" and len(args) > 1 else -1
        if self.deal.is_over():
            return [Refused(seat, card, DEAL_OVER, "the deal is over")]
        try:
            method = getattr(self.deal, verb) if verb in VERBS else None
            if method is None:
                return [Refused(seat, card, WRONG_PHASE, "%s is not a move of this game"
                                % verb)]
            events = method(*args)
        except AttributeError:
            return [Refused(seat, card, WRONG_PHASE, "%s is not a move of this game" % verb)]
        except IllegalPlay as e:
            return [Refused(seat, card, e.reason, e.detail)]
        except (TrickrefError, TypeError, IndexError) as e:
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

        Returns ``[Undone(seat, card)]`` (card -1 for a non-card action), then the
        ``Awaiting`` the deal is back in, if any (the skat scanned at the end taken back:
        the skat is asked for again), or a Refused event when there is nothing to undo.
        """
        if not self.actions:
            return [Refused(-1, -1, WRONG_PHASE, "nothing to undo")]
        verb, args = self.actions.pop()
        again = [e for e in self.replay(self.actions) if isinstance(e, Awaiting)]
        seat = args[0] if args and isinstance(args[0], int) else -1
        return [Undone(seat, args[1] if verb == "play" else -1)] + again

    def replay(self, actions):
        """Rebuild the deal from ``actions`` (e.g. read back from the journal); returns the
        events of the last action. Raises IllegalPlay if an action is refused: a journal
        that the rules refuse is corrupt, not something to skip."""
        self.deal = self._new_deal()
        self.actions = []
        events = []
        for verb, args in list(actions):
            events = getattr(self.deal, verb)(*args)
            self.actions.append((verb, args))
        return events

"""Skat's known-hands fast path (desktop only): :class:`KnownDeal`, a
:class:`core.games.skat.Deal` whose hands are known from the deal on. ``Game.new_deal``
imports it only when hands are given (simulation, computer players, host_sim's shadow
deals, tests); the table's deal never has them, so a board never loads this module.
Same rules as the Deal (seed 003, ISkO 3-5); docs/performance.md for why it exists.
"""

from core.events import CardPlayed, TrickTaken
from core.games.skat import _CARD_POINTS, _TURNS, _WINNER_KEYS, NULL, SKAT, Deal
from core.tricks import TUPLE_NEW as _TNEW


def _reason(card, trump):
    # Deal.trick_reason's words, for the table below
    return (SKAT.glyphs[card >> 3] + SKAT.rank_short[card & 7]
            + (" highest trump" if trump else " top of suit"))


# CPython only (core.games.skat "Built once at import"): CardPlayed by seat * 32 + card;
# trick reasons by the winning card, + 32 when it won as a trump.
_DESKTOP = _TNEW is not None
_PLAYED = tuple(CardPlayed(s, c) for s in range(3) for c in range(32)) if _DESKTOP else None
_REASONS = tuple(_reason(c % 32, c >= 32) for c in range(64)) if _DESKTOP else None


class KnownDeal(Deal):
    """A :class:`Deal` whose hands are known from the deal on (simulation, computer players,
    host_sim's shadow deals, tests): ``Game.new_deal(dealer, hands, skat)`` makes one. Same verbs,
    verdicts and events; only ``play`` differs, with the checks and the bookkeeping of a
    legal card done in one pass over the suit index (docs/performance.md). Kept apart from
    :class:`Deal` because on MicroPython a function with many local variables takes its
    frame from the heap on every call: the table's deal (hands unknown) keeps the small
    ``Deal.play``.
    """

    def play(self, seat, card):
        """:meth:`Deal.play`, the same verdicts and events, with check_card, accept_card
        and close_trick in one pass while the hands are known."""
        trick = self.trick
        index = self._in_play
        if index is not None and seat == (self.leader + len(trick)) % 3:
            # check_card + accept_card over the suit index; anything else is left to
            # Deal.play, which raises the refusal.
            suits = self.trick_suits
            try:
                suit = suits[card]
                mine = index[seat * 6 + suit]
            except (TypeError, IndexError):  # not a card number: refused below
                suit = -1
                mine = ()
            led = suits[trick[0]] if trick else suit
            # In the seat's hand (the index), not yet out (the index may still hold a card
            # played while the hands were set aside, as host_sim's shadow does for a card
            # the table forced), and following suit when able.
            if (card in mine and type(card) is int and not self.seen[card]
                    and (suit == led or not index[seat * 6 + led])):
                try:
                    self.hands[seat].remove(card)
                except (TypeError, ValueError):  # the hands were changed from outside
                    mine = None
            else:
                mine = None
            if mine is not None:
                mine.remove(card)
                self.seen[card] = 1
                self.history.append((seat, card))
                if suit != led and not self.voids[seat] & (1 << led):
                    self.voids[seat] |= 1 << led  # as accept_card: the void is shown
                    self.void_trick[seat][led] = self.tricks_done
                played = CardPlayed(seat, card) if _PLAYED is None else _PLAYED[seat * 32 + card]
                if len(trick) != 2:
                    trick.append(card)
                    return [played, _TURNS[seat + 1]]
                # The trick is full: close_trick, the winner by _WINNER_KEYS.
                c0 = trick[0]
                c1 = trick[1]
                contract = self.contract
                keys = _WINNER_KEYS[contract.kind]
                k = keys[c0]
                i = 0
                key = keys[c1]
                if key > k and (key >= 64 or suits[c1] == led):  # a trump, or follows suit
                    k = key
                    i = 1
                key = keys[card]
                if key > k and (key >= 64 or suit == led):
                    k = key
                    i = 2
                taker = (seat + 1 + i) % 3  # seat is the trick's third, its leader is seat + 1
                points = _CARD_POINTS[c0] + _CARD_POINTS[c1] + _CARD_POINTS[card]
                self.taken_points[taker] += points
                self.taken_tricks[taker] += 1
                self.trick_winners.append(taker)
                self.tricks_done += 1
                self.trick = []
                self.leader = taker
                cards = (c0, c1, card)
                if _REASONS is not None:
                    reason = _REASONS[cards[i] + 32 if k >= 64 else cards[i]]
                    taken = _TNEW(TrickTaken, (taker, cards, points, reason))
                else:
                    taken = TrickTaken(taker, cards, points, self.trick_reason(cards[i], cards))
                if (((contract.kind == NULL or contract.schwarz) and self._early_end())
                        or self.tricks_done == 10):
                    return [played, taken] + self._end()
                return [played, taken, _TURNS[taker]]
        return Deal.play(self, seat, card)  # the checks: a refusal, or an odd case

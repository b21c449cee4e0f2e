"""Skat computer player: card play by determinized sampling (perfect-information Monte
Carlo) on the playout engine (docs/players.md).

For each decision: deal ``worlds`` samples consistent with the seat's view
(:class:`host_sim.players.skat_view.SkatView`: its hand, the cards played, the voids shown,
the skat it knows), play every legal card in each of them and the rest of the deal out with
random legal cards (host_sim/engine/skat.py), and take the card with the best average
score for the seat's party: the declarer's signed game value (ISkO 5.1-5.4) for him, its
negation for a defender. All cards are tried on the same worlds and the same draws, so
their averages differ by the card, not by luck of the samples. ``time_budget`` (seconds)
stops sampling early and is kept hard: no world is started that would end past it at the
last world's wall time, and a world the budget runs out in is dropped (the clock read
after every playout; when not one world is complete, the best of the cards its playouts
reached); a decision with one legal card costs nothing.
"""

import functools
import random
import time

from core.cards import SKAT
from host_sim.i18n import _, ngettext
from host_sim.players.sampling import Choice
from host_sim.players.skat_view import SkatView

DEFAULT_WORLDS = 96  # the default strength: about 100-250 ms a decision here (docs/players.md)
DEFAULT_BUDGET = 0.2  # seconds: sampling stops there (300 ms a decision less room)


class SkatCardPlayer:
    """``choose(view) -> card`` for a :class:`SkatView`; ``decide(view) -> Choice`` with
    the estimate and the reason. ``worlds``: samples a decision (strength); ``time_budget``:
    seconds; ``seed``: the player's own random stream (reproducible games)."""

    def __init__(self, worlds=DEFAULT_WORLDS, time_budget=DEFAULT_BUDGET, seed=1):
        if worlds < 1:
            raise ValueError("worlds must be at least 1, not %r" % (worlds,))
        self.worlds = worlds
        self.time_budget = time_budget
        self.rnd = random.Random(seed)

    def choose(self, view):
        """The card to play (one of the legal cards of ``view``)."""
        return self.decide(view).card

    def decide(self, view):
        """The card to play with its estimated chance and a one-line reason."""
        legal = _legal(view)
        if not legal:
            raise ValueError("seat %d has no card to play" % view.seat)
        mine = view.seat == view.declarer
        if len(legal) == 1:
            return Choice(legal[0], None, 0, _reason(view, legal[0], None), {legal[0]: 0})
        total = dict.fromkeys(legal, 0)
        wins = dict.fromkeys(legal, 0)
        rnd = self.rnd
        t_end = time.perf_counter() + self.time_budget
        n = 0
        cost = 0.0  # wall seconds the last world took
        while n < self.worlds:
            t0 = time.perf_counter()
            if n and t0 + cost >= t_end:  # the next world would end past the budget
                break
            got = self._world(view, legal, mine, t_end)
            if got is None:  # the budget ran out in this world: dropped
                break
            for card, value, won in got:
                total[card] += value
                wins[card] += won
            n += 1
            cost = time.perf_counter() - t0
        if n == 0:  # not one world within the budget: the best card its playouts reached
            part = self._partial
            best = max(part, key=lambda p: p[1])[0]
            return Choice(best, None, 0, _reason(view, best, None, _("out of time")),
                          {c: v for c, v, _ in part})
        best = max(legal, key=lambda c: total[c])
        return Choice(best, wins[best] / n, n, _reason(view, best, wins[best] / n),
                      {c: total[c] / n for c in legal})


    def _world(self, view, legal, mine, t_end):
        """One sampled world: ``[(card, score for the seat's party, did well)]`` for every
        legal card on the same draws; None when ``t_end`` (perf_counter seconds) passes
        before the last card is played out (the cards played are kept in ``_partial``)."""
        rnd = self.rnd
        hands, skat_cards = view.sample(rnd)
        base = view.position(hands)
        seed = rnd.getrandbits(32)
        dealt = _declarer_cards(view, hands, skat_cards)
        out = []
        self._partial = out
        for card in legal:
            if out and time.perf_counter() >= t_end:
                return None
            pos = base.copy()
            pos.play(card)
            pos.play_random(functools.partial(random.Random(seed).getrandbits, 32))
            won, value, _, _ = pos.outcome(view.bid, dealt, skat_cards)
            out.append((card, value if mine else -value, won == mine))
        return out


def _legal(view):
    """The legal cards of the view's seat (follow the effective suit led when able)."""
    hand = view.hand
    if view.trick:
        led = view.suits[view.trick[0]]
        follow = [c for c in hand if view.suits[c] == led]
        if follow:
            return follow
    return list(hand)


def _declarer_cards(view, hands, skat_cards):
    """The declarer's 10 dealt cards plus the skat in a sampled world (matadors): the
    cards he played, holds, and the skat (his original 12 cards, less nothing: a pick-up
    puts the skat in his hand and two cards back)."""
    played = [c for s, c in view.history if s == view.declarer]
    return played + list(hands[view.declarer]) + list(skat_cards)


def _reason(view, card, chance, unknown=None):
    """One line: the card, the estimate (``unknown`` says why there is none, translated;
    default "the only legal card"), what the seat counts."""
    text = _("plays %s") % SKAT.short(card)
    if chance is not None:
        text += _(", wins %d%% of samples") % round(chance * 100)
    else:
        text += ", " + (unknown or _("the only legal card"))
    if view.contract.kind != 5:
        out = view.trumps_out()
        text += ngettext(", counts %d trump out", ", counts %d trumps out", out) % out
    return text

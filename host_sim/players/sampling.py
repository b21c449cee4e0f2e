"""A determinized-sampling player for any trick game of the referee (perfect-information
Monte Carlo, docs/players.md "One sampling player for every game").

The referee's own deal (``core.games.<game>.Deal`` with known hands: the simulator's
shadow deal) is the engine: for a decision of ``seat`` the player copies it, deals the
cards that seat cannot see (other hands, an unseen chien, écart or stock) anew among the
places that hide them, respecting the voids the play has shown, applies each option and
plays the rest of the deal out with the game's playout policy (random legal moves, or the
game's plain choice where a phase has too many moves, such as an écart). Every option is
tried on the same worlds and the same random draws, so the averages differ by the option.

A game supplies a *rules* object (host_sim/players/games.py) with:

- ``moves(deal, seat)``: the options of ``seat`` now (cards, bids, écarts...);
- ``apply(deal, seat, move)``: make the move through the referee's verb;
- ``playout_move(deal, seat, rnd)``: the move of the playout policy;
- ``playout(world, seat, move, rnd)``: ``world`` (left unchanged) after ``move``, played to
  its end: a finished deal whose ``result()`` is the referee's (on the referee by
  :func:`playout`, or on a game's playout engine, host_sim/engine/);
- ``copy(deal)``: an independent copy of the deal (host_sim/engine/clone.py);
- ``hidden(deal, seat) -> (lists, may_hold)``: the lists of the deal that hold cards
  ``seat`` cannot see (refilled in place with the same sizes) and ``may_hold(i, card)``,
  False when the ``i``-th list cannot hold ``card`` (a shown void);
- ``resampled(deal)``: bookkeeping after the cards moved (Tarot: the called king's holder);
- ``score(deal, seat)`` and ``won(deal, seat)`` once the deal is over;
- ``describe(deal, seat, move)``: the move in words for the one-line reason.
"""

import random
import time

from host_sim.i18n import _

DEFAULT_WORLDS = 48  # upper bound; the time budget stops first on big games (Tarot)
DEFAULT_BUDGET = 0.2  # seconds a decision: the 300 ms less room for a busy machine


class Choice:
    """A decision: ``move`` (also ``card``), ``chance`` (0-1: share of the sampled worlds
    the seat did well in with it, per the game's ``won``; None for a forced move),
    ``worlds`` sampled, ``reason`` (one line), ``scores`` (average score per move)."""

    __slots__ = ("move", "chance", "worlds", "reason", "scores")

    def __init__(self, move, chance, worlds, reason, scores):
        self.move = move
        self.chance = chance
        self.worlds = worlds
        self.reason = reason
        self.scores = scores

    @property
    def card(self):
        """The move when it is a card (Skat's card player names it so)."""
        return self.move


def fill(cards, sizes, may_hold, rnd, tries=30):
    """Deal ``cards`` into places of ``sizes`` at random: each card to a place that may hold
    it (``may_hold(place, card)``), weighted by the room left there, the cards with the
    fewest places first. A dead end deals again; the last of ``tries`` ignores
    ``may_hold`` (voids are then relaxed, never a wrong count). Returns one list per
    place. ValueError when the sizes do not add up."""
    if sum(sizes) != len(cards):
        raise ValueError("%d cards do not fill places of %s" % (len(cards), sizes))
    places = range(len(sizes))
    allowed = {c: [p for p in places if may_hold(p, c)] for c in cards}
    cards = list(cards)
    for attempt in range(tries):
        rnd.shuffle(cards)
        strict = attempt < tries - 1
        if strict:
            cards.sort(key=lambda c: len(allowed[c]))
        left = list(sizes)
        out = [[] for _ in places]
        for c in cards:
            slots = [p for p in (allowed[c] if strict else places) if left[p]]
            if not slots:
                break
            r = rnd.random() * sum(left[p] for p in slots)
            for p in slots:
                if r < left[p]:
                    break
                r -= left[p]
            out[p].append(c)
            left[p] -= 1
        else:
            return out
    raise ValueError("no deal fits")  # never: the last try ignores the voids


def resample(deal, seat, rules, rnd):
    """A copy of ``deal`` in which the cards ``seat`` cannot see are dealt anew."""
    world = rules.copy(deal)
    slots, may_hold = rules.hidden(world, seat)
    pool = [c for s in slots for c in s]
    dealt = fill(pool, [len(s) for s in slots], may_hold, rnd)
    for s, cards in zip(slots, dealt):
        s[:] = cards
    rules.resampled(world)
    return world


def play_out(deal, rules, rnd):
    """Play ``deal`` to its end with the game's playout policy."""
    while not deal.is_over():
        s = deal.current_seat()
        rules.apply(deal, s, rules.playout_move(deal, s, rnd))


def playout(world, seat, move, rules, rnd):
    """A copy of ``world`` after ``seat`` made ``move``, played to its end through the
    referee with the game's playout policy: the rules objects' default ``playout``."""
    w = rules.copy(world)
    rules.apply(w, seat, move)
    play_out(w, rules, rnd)
    return w


class SamplingPlayer:
    """``decide(deal, seat) -> Choice`` and ``choose(deal, seat) -> move`` for any game
    with a rules object (module docstring). ``worlds``: samples a decision at most;
    ``time_budget``: seconds, kept hard: no world is started that would end past the
    budget at the last world's wall time, the clock is read after every playout and the
    sampling stops at the budget (a world cut short is dropped; when not one world is
    complete, the best move among those played out in it, or the first move); ``min_worlds``
    are sampled whatever the clock says (sample counts make a run reproducible); ``seed``."""

    def __init__(self, rules, worlds=DEFAULT_WORLDS, time_budget=DEFAULT_BUDGET, seed=1,
                 min_worlds=0):
        if worlds < 1:
            raise ValueError("worlds must be at least 1, not %r" % (worlds,))
        self.rules = rules
        self.worlds = worlds
        self.time_budget = time_budget
        self.min_worlds = min_worlds
        self.rnd = random.Random(seed)

    def choose(self, deal, seat):
        """The move ``seat`` makes now."""
        return self.decide(deal, seat).move

    def decide(self, deal, seat, moves=None):
        """The move with the best average score over the sampled worlds, its chance and a
        one-line reason. ``moves``: the options to weigh when ``seat`` chooses out of turn
        (a Tarot chelem announcement); by default the rules' moves of the seat to play.
        ValueError when ``seat`` has nothing to do now."""
        rules = self.rules
        if deal.is_over() or (moves is None and deal.current_seat() != seat):
            raise ValueError("seat %d has no move now" % seat)
        if moves is None:
            moves = rules.moves(deal, seat)
        if not moves:
            raise ValueError("seat %d has no move now" % seat)
        if len(moves) == 1:
            return Choice(moves[0], None, 0,
                          _("%s, the only move") % rules.describe(deal, seat, moves[0]), {0: 0})
        t_end = time.perf_counter() + self.time_budget
        total = [0.0] * len(moves)
        wins = [0] * len(moves)
        n = 0
        cost = 0.0  # wall seconds the last world took
        while n < self.worlds:
            timed = n >= self.min_worlds
            t0 = time.perf_counter()
            if timed and n and t0 + cost >= t_end:  # the next world would end past the budget
                break
            got = self._world(deal, seat, moves, t_end if timed else None)
            if got is None:  # the budget ran out in this world
                break
            for i in range(len(moves)):
                total[i] += got[i][0]
                wins[i] += got[i][1]
            n += 1
            cost = time.perf_counter() - t0
        if n == 0:
            return self._cut_short(deal, seat, moves)
        best = max(range(len(moves)), key=lambda i: total[i])
        chance = wins[best] / n
        reason = _("%s, does well in %d%% of samples") % (rules.describe(deal, seat, moves[best]),
                                                        round(chance * 100))
        return Choice(moves[best], chance, n, reason,
                      {i: total[i] / n for i in range(len(moves))})

    def _world(self, deal, seat, moves, t_end):
        """One sampled world: ``[(score, did well)]`` per move, the same random draws for
        every move; None when ``t_end`` (perf_counter seconds, None: no limit) passes
        before the last move is played out (what was played is kept in ``_partial``)."""
        rules = self.rules
        rnd = self.rnd
        world = resample(deal, seat, rules, rnd)
        seed = rnd.getrandbits(32)
        out = []
        self._partial = out
        for move in moves:
            w = rules.playout(world, seat, move, random.Random(seed))
            out.append((rules.score(w, seat), rules.won(w, seat)))
            if t_end is not None and len(out) < len(moves) and time.perf_counter() >= t_end:
                return None
        return out

    def _cut_short(self, deal, seat, moves):
        """Not one world within the budget: the best of the moves its playouts reached
        (the first move when none), chance unknown."""
        part = self._partial
        best = max(range(len(part)), key=lambda i: part[i][0]) if part else 0
        return Choice(moves[best], None, 0, _("%s, out of time") % self.rules.describe(
            deal, seat, moves[best]), {i: part[i][0] for i in range(len(part))})

"""Duplicate play: the sampling Skat player against today's plain players on the same deals.

Each deal (shuffle, declarer, hand or pick-up, discard, contract as the simulator's plain
seats choose them: ``host_sim.autoplay.SkatPlayer``, a random declarer at 18, random game,
a hand game one time in four, two random cards laid away) is played four times through the
referee (``core.games.skat_known.KnownDeal``): all seats plain, then the sampling player in each
seat in turn. The seat's Seeger-Fabian list points (ISkO tournament list: the declarer
+value + 50 when won, -2 x value - 50 when lost; each defender +40 when the declarer loses)
with the sampling player, minus the same seat's with the plain player, is one duplicate
score; ``run`` returns their mean and 95% interval. Both sides play the same contract,
unless ``declare``: then the sampling declarer also chooses game and discard after a
pick-up (bidding by sampling is not built yet, docs/players.md).
"""

import math
import random

from core.games import skat, skat_sheet
from host_sim.players.skat import SkatCardPlayer
from host_sim.players.skat_declare import SkatDeclarer
from host_sim.players.skat_view import SkatView


def deal_setup(rnd):
    """A deal as the plain seats make it: ``(hands, skat, declarer, contract, discard)``."""
    cards = list(range(32))
    rnd.shuffle(cards)
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    decl = rnd.randrange(3)
    kind = rnd.choice("CSHDGN")
    if rnd.random() < 0.25:
        return hands, cards[30:32], decl, kind + "H", None
    return hands, cards[30:32], decl, kind, rnd.sample(hands[decl] + cards[30:32], 2)


def start(setup, bid=18):
    """The referee deal of ``setup`` (see :func:`deal_setup`), declared at ``bid``, ready
    for play."""
    hands, skat_cards, decl, contract, discard = setup
    d = skat.Game().new_deal(0, [h[:] for h in hands], list(skat_cards))
    d.enter_auction(decl, bid)
    if discard is None:
        d.declare(decl, contract)
    else:
        d.pick_up(decl)
        d.declare(decl, contract, list(discard))
    return d


def play(setup, smart_seat, player, rnd, declarer=None, bid=18):
    """Play the deal through the referee, ``player`` in ``smart_seat`` (-1: none), the other
    seats random legal cards from ``rnd``; returns the Result. ``declarer``: a
    ``SkatDeclarer`` that chooses the game and discard when ``smart_seat`` picked up;
    ``bid``: the auction's winning bid."""
    hands, skat_cards, decl, contract, discard = setup
    if declarer is not None and smart_seat == decl and discard is not None:
        kind, discard = declarer.declare(hands[decl] + list(skat_cards), decl, bid)
        setup = (hands, skat_cards, decl, kind, discard)
    d = start(setup, bid)
    while not d.is_over():
        seat = d.current_seat()
        if seat == smart_seat:
            card = player.choose(SkatView.from_deal(d, seat))
        else:
            card = rnd.choice(d.legal_cards(seat))
        d.play(seat, card)
    return d.result()


def list_points(result, seat):
    """Seeger-Fabian list points of ``seat`` for a deal (3-player table, ISkO list)."""
    v = result.value or 0
    if seat == result.declarer:
        return v + (skat_sheet.SF_DECLARER if v > 0 else -skat_sheet.SF_DECLARER)
    return skat_sheet.SF_OPPONENT_3 if v < 0 else 0


def interval(diffs):
    """``{"n", "mean", "low", "high"}``: the mean of ``diffs`` and its 95% interval
    (normal approximation, 1.96 standard errors)."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return {"n": n, "mean": mean, "low": mean - half, "high": mean + half}


def run(deals, worlds=16, seed=1, budget=1.0, declare=False):
    """``deals`` duplicate deals; returns ``{"deals", "mean", "low", "high", "n"}``: the
    mean list-point gain per seat-deal of the sampling player and its 95% interval.
    ``declare``: the sampling declarer also chooses game and discard after a pick-up."""
    rnd = random.Random(seed)
    player = SkatCardPlayer(worlds=worlds, time_budget=budget, seed=seed)
    declarer = SkatDeclarer(worlds=worlds, seed=seed) if declare else None
    diffs = []
    for _ in range(deals):
        setup = deal_setup(rnd)
        s = rnd.getrandbits(32)
        plain = play(setup, -1, player, random.Random(s))
        for seat in range(3):
            smart = play(setup, seat, player, random.Random(s), declarer)
            diffs.append(list_points(smart, seat) - list_points(plain, seat))
    out = interval(diffs)
    out["deals"] = deals
    return out

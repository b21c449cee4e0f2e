"""Duplicate play of the sampling player against the plain players: Tarot, Magistr, Zhopa.

The plain players are the simulator's autoplay seats (``host_sim.autoplay``): random legal
cards; in Tarot one random seat takes a random prise or garde, the others pass, the écart is
random side cards, the called king random; in Zhopa a random go / no. Each deal is played
through the referee with all seats plain, then with the sampling player
(host_sim/players/sampling.py) in each seat in turn, the other seats' random draws the
same. The seat's tally with the sampling player minus the plain seat's is one duplicate
score: Tarot marks (FFT p.8-9), Magistr points of the deal (seed 000), Zhopa banks shed
(+1 shed, -1 taken; seed 001). :func:`run` returns their mean and 95% interval.
"""

import random

from core.cards import TAROT, TRUMP
from core.games import magistr, tarot, zhopa
from core.rng import Rng
from host_sim.players.games import callable_cards, rules_for
from host_sim.players.sampling import SamplingPlayer
from host_sim.players.skat_duplicate import interval

PLAYERS = 4


def new_deal(game, rnd):
    """A fresh 4-player deal of ``game`` from ``rnd`` (random.Random), hands known;
    Magistr: a random deal number 1-24 (its contract)."""
    seed = rnd.getrandbits(30)
    if game == "tarot":
        g = tarot.Game(PLAYERS)
        hands, _ = tarot.split_pack(Rng(seed).shuffle(list(range(78))), PLAYERS)
        return g.new_deal(rnd.randrange(PLAYERS), hands)
    if game == "magistr":
        g = magistr.Game(PLAYERS)
        number = rnd.randrange(1, 25)
        return g.new_deal(rnd.randrange(PLAYERS), g.deal_cards(number, Rng(seed)), number)
    g = zhopa.Game(PLAYERS)
    hands, stock = g.deal_cards(Rng(seed))
    return g.new_deal(rnd.randrange(PLAYERS), hands, 1, None, stock)


class PlainPlayer:
    """Today's plain seats (module docstring); ``taker``/``contract``: the Tarot seat that
    takes and its bid, drawn per deal."""

    def __init__(self, rnd, taker=-1, contract="prise"):
        self.rnd = rnd
        self.taker = taker
        self.contract = contract

    def choose(self, deal, seat):
        rnd = self.rnd
        if isinstance(deal, tarot.Deal):
            return self._tarot(deal, seat)
        if isinstance(deal, zhopa.Deal) and deal.phase == zhopa.PHASE_BID:
            return rnd.random() < 0.5
        return rnd.choice(deal.legal_cards(seat))

    def _tarot(self, deal, seat):
        rnd = self.rnd
        if deal.phase == tarot.PHASE_BIDDING:
            wants = tarot.CONTRACT_NAMES.index(self.contract)
            return self.contract if seat == self.taker and wants > deal.contract else "pass"
        if deal.phase == tarot.PHASE_CALL:
            return rnd.choice(callable_cards(deal.hands[seat]))
        if deal.phase == tarot.PHASE_ECART:
            hand = deal.hands[seat]
            plain = [c for c in hand if TAROT.suit(c) < TRUMP and TAROT.rank(c) != 13]
            return tuple(rnd.sample(plain, deal.game.chien_size))
        return rnd.choice(deal.legal_cards(seat))


def play(deal, rules, smart_seat, smart, plain):
    """Play ``deal`` to its end: ``smart`` (a SamplingPlayer) in ``smart_seat`` (-1: none),
    ``plain`` elsewhere; returns the deal."""
    while not deal.is_over():
        seat = deal.current_seat()
        who = smart if seat == smart_seat else plain
        rules.apply(deal, seat, who.choose(deal, seat))
    return deal


def run(game, deals, worlds=8, seed=1, budget=1.0, chunk=0):
    """``deals`` duplicate deals of ``game``; returns ``{"game", "deals", "n", "mean",
    "low", "high"}``: the mean tally gained per seat-deal and its 95% interval.
    ``chunk``: the deals played in runs of ``chunk`` deals seeded ``seed``, ``seed + 1``,
    ... and pooled (what runs in separate processes, pooled afterwards, give; 0: one run)."""
    if chunk:
        diffs = []
        for k in range(0, deals, chunk):
            diffs += _diffs(game, min(chunk, deals - k), worlds, seed + k // chunk, budget)
    else:
        diffs = _diffs(game, deals, worlds, seed, budget)
    out = interval(diffs)
    out.update(game=game, deals=deals)
    return out


def _diffs(game, deals, worlds, seed, budget):
    """The duplicate scores of ``deals`` deals, one a seat and deal (:func:`run`)."""
    import copy
    rules = rules_for(game)
    rnd = random.Random(seed)
    smart = SamplingPlayer(rules, worlds=worlds, time_budget=budget, seed=seed,
                           min_worlds=worlds)
    diffs = []
    for _ in range(deals):
        deal = new_deal(game, rnd)
        s = rnd.getrandbits(32)
        taker = rnd.randrange(PLAYERS)
        contract = rnd.choice(("prise", "garde"))

        def plain():
            return PlainPlayer(random.Random(s), taker, contract)

        base = play(copy.deepcopy(deal), rules, -1, smart, plain())
        for seat in range(PLAYERS):
            mine = play(copy.deepcopy(deal), rules, seat, smart, plain())
            diffs.append(rules.tally(mine, seat) - rules.tally(base, seat))
    return diffs

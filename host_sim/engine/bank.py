"""Playouts of the bank games (Magistr, Zhopa) for the computer players: the referee's own
deal, played without its per-card checks, with the legal cards found in one pass
(docs/players.md, docs/performance.md "Playout engines").

Why not a separate engine as for Skat and Tarot: the bank's verdict (``core.games.bank``:
five methods of beating, knock-outs, eights changing the main suit, trump classes, seed 000
and 001) and each game's deal flow (Magistr's 24 contracts, Zhopa's stock, pairs and
banks) are the bulk of the rules; restating them would be a second referee to keep equal.
What made a referee playout slow is the legal cards: ``legal_cards`` asks ``check_play``
for every card in hand, and under Zhopa's compulsory beating each check judges every
other card again (hand size squared verdicts). :func:`legal` judges each card once and
applies ``bank.Trick.check``'s rules to the verdicts; :func:`play_random` then plays on a
copy (:func:`clone`) whose ``check_play`` is switched off (it is handed legal cards
only).
tests/test_engine_bank.py proves :func:`legal` equals the referee's ``legal_cards`` at every
card, and the results equal, on random deals from random positions.
"""

from core.cards import FRENCH36
from core.games import bank, zhopa
from host_sim.engine.clone import clone  # noqa: F401  (re-exported: bank.clone)

_EIGHT = bank.EIGHT


def legal(deal, seat):
    """The cards ``seat`` may lay now (a new list in hand order, as
    ``deal.legal_cards(seat)``): leading, any card; in a bank, by each card's verdict
    (``Trick.judge``, once per card): an off-suit eight beats only when void in the main
    suit; with compulsory beating (``must_beat``) a card that does not count as beating
    is laid only when no other card could; a card that does not claim follows the main
    suit if held, else the main card's rank if held (``rank_discard``: the rank, either).
    ``deal``: a ``core.games.magistr.Deal`` or ``zhopa.Deal`` with known hands, in play."""
    hand = deal.hands[seat]
    t = deal.bank
    if t is None:
        return hand[:]
    rules = t.rules
    suit = t.suit
    main_rank = FRENCH36.rank(t.main)
    suits = [FRENCH36.suit(c) for c in hand]
    ranks = [FRENCH36.rank(c) for c in hand]
    held = suit in suits
    has_rank = main_rank in ranks
    must = rules.must_beat
    methods = [t.judge(seat, c) for c in hand]
    lawful = [t.counts_as_beat(m) and not (m == _EIGHT and held) for m in methods]
    n_lawful = lawful.count(True)
    out = []
    for i in range(len(hand)):
        m = methods[i]
        if m == _EIGHT and held:
            continue
        others = n_lawful - lawful[i] > 0
        if t.is_claim(m):
            if not (must and others and not t.counts_as_beat(m)):
                out.append(hand[i])
            continue
        if must and others:
            continue
        if (suits[i] == suit or (rules.rank_discard and ranks[i] == main_rank)
                or (not held and (ranks[i] == main_rank or not has_rank))):
            out.append(hand[i])
    return out


def _trusted(seat, card):
    """``check_play`` of a playout copy: its cards come from :func:`legal`."""


def trust(deal):
    """Switch off ``deal``'s per-card checks (``check_play``); for playout copies only.
    Returns ``deal``."""
    deal.check_play = _trusted
    return deal


def play_random(deal, next32):
    """Play ``deal`` (a trusted copy, :func:`trust`) to its end: each card
    ``legal(deal, seat)[next32() % n]``, a Zhopa go / no ``next32() % 2 == 0``. Returns
    the number of moves made."""
    n = 0
    is_zhopa = deal.GAME == "zhopa"
    while not deal.is_over():
        seat = deal.current_seat()
        if is_zhopa and deal.phase == zhopa.PHASE_BID:
            deal.bid(seat, next32() % 2 == 0)
        else:
            cards = legal(deal, seat)
            deal.play(seat, cards[next32() % len(cards)])
        n += 1
    return n

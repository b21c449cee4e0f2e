"""The Tarot computer's high contracts and the chelem (host_sim/players/games.py): garde
sans and garde contre (FFT p.5) and the chelem announcement (FFT p.6) are made when the
sampled playouts support them, and not on hands that do not.

The hands are real deals (``core.rng.Rng`` shuffles) or built to an extreme; the choice is
the sampling player's at a fixed seed and sample count, each move's average marks (FFT
p.8-9, the referee's own ``Result.marks``) printed in the assertion when it fails.
"""

from core.games import tarot
from core.rng import Rng
from host_sim.players.games import CHELEM, NO_CHELEM, chelem_choice, rules_for
from host_sim.players.sampling import SamplingPlayer

# Seat 0 with the 21 trumps, the Excuse and two kings: every trick is his (nobody else
# holds a trump; a king led wins its suit), the Excuse kept for the last trick wins it.
_MONSTER = list(range(56, 78)) + [13, 27]


def _player():
    return SamplingPlayer(rules_for("tarot"), worlds=24, time_budget=600, seed=1,
                          min_worlds=24)


def _four(seed):
    """A 4-player deal of ``Rng(seed)``, seat 0 to speak first (dealer 3)."""
    hands, _ = tarot.split_pack(Rng(seed).shuffle(list(range(78))), 4)
    return tarot.Game(4).new_deal(3, hands)


def _monster(dealer=2, seat=0):
    rest = [c for c in range(78) if c not in _MONSTER]
    hands = [rest[:24], rest[24:48]]
    hands.insert(seat, sorted(_MONSTER))
    return tarot.Game(3).new_deal(dealer, hands)


def _bid(deal, seat):
    c = _player().decide(deal, seat)
    return c.move, {m: round(v) for m, v in c.scores.items()}


def test_each_contract_on_a_hand_that_calls_for_it():
    # 7 small trumps, no oudler, no king among 11 side cards: pass.
    assert _bid(_four(0), 0)[0] == "pass"
    # 7 trumps with the 21, no king: garde (prise earns half as much; without the chien
    # and the écart, garde sans and contre lose in the samples).
    assert _bid(_four(24), 0)[0] == "garde"
    # 10 trumps with the Petit and the 21, ♥R: garde sans (the chien, unseen, still his).
    move, scores = _bid(_four(759), 0)
    assert move == "garde sans", scores
    # Every trump and the Excuse: garde contre (x6 at FFT p.5; the chien is nothing to him).
    move, scores = _bid(_monster(), 0)
    assert move == "garde contre", scores
    assert scores[4] > scores[3] > scores[2] > scores[1] > 0


def _taken(deal, taker, contract):
    while deal.phase == tarot.PHASE_BIDDING:
        seat = deal.current_seat()
        deal.bid(seat, contract if seat == taker else "pass")
    return deal


def test_chelem_announced_by_the_taker_who_leads_with_a_chelem_hand():
    d = _taken(_monster(), 0, "garde contre")
    assert d.current_seat() == 0 and CHELEM in rules_for("tarot").moves(d, 0)
    c = _player().decide(d, 0)
    assert c.move == CHELEM and c.reason.startswith("announces the chelem")
    d.announce(0, CHELEM)  # the referee takes it: before the first card, by the taker
    assert CHELEM not in rules_for("tarot").moves(d, 0)


def test_chelem_announced_before_another_seat_leads():
    d = _taken(_monster(dealer=0, seat=2), 2, "garde contre")
    assert d.current_seat() == 1 and d.taker == 2  # seat 1 leads unless he announces
    c = chelem_choice(_player(), d)
    assert c.move == CHELEM, c.scores
    d.play(d.current_seat(), d.legal_cards(d.current_seat())[0])
    assert chelem_choice(_player(), d) is None  # after the first card: too late (FFT p.6)


def test_no_chelem_on_a_good_hand_that_cannot_take_every_trick():
    d = _taken(_four(759), 0, "garde sans")
    rules = rules_for("tarot")
    moves = rules.moves(d, 0)
    assert moves[-1] == CHELEM
    c = _player().decide(d, 0)
    assert c.move != CHELEM
    assert c.scores[len(moves) - 1] < 0 < max(c.scores.values())
    assert chelem_choice(_player(), d).move == NO_CHELEM


def test_the_simulators_computer_makes_no_chelem_it_cannot_show():
    from host_sim.players.computer import Computer
    comp = Computer("smart", 1, worlds=2, time_budget=60)
    d = _taken(_monster(), 0, "garde contre")
    card = comp.card(d, 0, d.legal_cards(0))
    assert card in d.legal_cards(0)

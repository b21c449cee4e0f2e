"""One shape for every game, checked by random playouts in the style of OpenSpiel's game tests
(open_spiel/python/tests/games_sim_test.py, ``RandomSimTest``): each game is built as
``Game(players, **options).new_deal(dealer, hands)``, and random legal actions are taken
to the end of the deal through the referee. At every state:

- every card the deal's own ``legal_cards`` offers the seat in turn is accepted (tried on a
  copy), every other card of the deck is refused with a :class:`core.events.Refused` that
  leaves the deal unchanged, and so is any card from a seat out of turn;
- a verb the deal does not declare in ``VERBS`` (and ``result``, a method but no move) is
  refused, in ``act`` and in ``replay`` (the project's IllegalPlay, not an AttributeError);
- the choices before the play (auction, bids, écart, leader) are drawn from a small list of
  candidates per game; the ones the rules refuse leave the deal unchanged.

At the end the accepted actions go through the value codec (core.codec, the journal's
payload), are decoded and replayed on a fresh deal: the replay accepts them all and gives
the same result. Deals are seeded (core.rng deals, random picks the actions), so a failure names its seed.
"""

import copy
import random

import pytest

from core import codec
from core.errors import IllegalPlay
from core.events import Refused, WRONG_PHASE
from core.games import magistr, skat, tarot, zhopa
from core.referee import VERBS, Referee
from core.rng import Rng

SEEDS = range(6)


def _skat(rng):
    cards = rng.shuffle(list(range(32)))
    return skat.Game(3), {"hands": [cards[0:10], cards[10:20], cards[20:30]],
                          "skat": cards[30:32]}


def _tarot(rng):
    hands, _ = tarot.split_pack(rng.shuffle(list(range(78))), 4)
    return tarot.Game(4), {"hands": hands}


def _magistr(rng):
    game = magistr.Game(4)
    return game, {"hands": game.deal_cards(1, rng)}


def _zhopa(rng):
    game = zhopa.Game(4)
    hands, stock = game.deal_cards(rng)
    return game, {"hands": hands, "stock": stock}


def _skat_choices(deal, rng):
    seat = deal.current_seat()
    if deal.phase == skat.PHASE_AUCTION:
        nxt = [v for v in skat.BID_LADDER if v > deal.bid_value][:1]
        return [("pass_", (seat,)), ("hold", (seat,))] + [("bid", (seat, v)) for v in nxt]
    if deal.phase == skat.PHASE_DECLARE:
        kind = rng.choice("CSHDGN")
        return [("pick_up", (seat,)), ("declare", (seat, kind + "H"))]
    if deal.phase == skat.PHASE_DISCARD:
        hand = deal.hands[seat]
        i = rng.randrange(len(hand))
        j = (i + 1 + rng.randrange(len(hand) - 1)) % len(hand)
        return [("declare", (seat, rng.choice("CSHDGN"), [hand[i], hand[j]]))]
    return []


def _tarot_choices(deal, rng):
    seat = deal.current_seat()
    if deal.phase == tarot.PHASE_BIDDING:
        # no garde sans / contre: the taker then makes an écart, a phase the test covers
        return [("bid", (seat, c)) for c in (tarot.PASS, tarot.PRISE, tarot.GARDE)]
    if deal.phase == tarot.PHASE_ECART:
        hand = [c for c in deal.hands[deal.taker] if not tarot.is_oudler(c)
                and tarot.TAROT.rank(c) != 13 and tarot.TAROT.suit(c) < 4]
        return [("discard", (deal.taker, rng.sample(hand, 6)))] if len(hand) >= 6 else []
    return []


def _zhopa_choices(deal, rng):
    if deal.phase == zhopa.PHASE_BID:
        seat = deal.current_seat()
        return [("bid", (seat, True)), ("bid", (seat, False))]
    return []


GAMES = {"skat": (_skat, _skat_choices), "tarot": (_tarot, _tarot_choices),
         "magistr": (_magistr, lambda deal, rng: []), "zhopa": (_zhopa, _zhopa_choices)}


def _state(deal):
    """What a refusal must not change: seat in turn, cards out, the phase."""
    return (deal.current_seat(), list(deal.history), getattr(deal, "phase", None))


def _check_cards(ref, rng):
    """Legal cards accepted (on a copy), every other card and any seat out of turn refused;
    returns the legal cards of the seat in turn."""
    deal = ref.deal
    seat = deal.current_seat()
    legal = deal.legal_cards(seat)
    assert legal, "seat %d has no legal card" % seat
    for card in legal:
        trial = copy.deepcopy(deal)
        trial.play(seat, card)  # raises if the legal card is refused
    before = _state(deal)
    for card in range(deal.deck.size):
        if card not in legal:
            ev = ref.act("play", seat, card)
            assert len(ev) == 1 and isinstance(ev[0], Refused), (seat, card, ev)
    other = (seat + 1 + rng.randrange(deal.players - 1)) % deal.players
    ev = ref.act("play", other, legal[0])
    assert isinstance(ev[0], Refused), (other, legal[0], ev)
    assert _state(ref.deal) == before
    return legal


def _check_verbs(ref):
    """A verb the deal does not declare is refused without change, in act and replay."""
    before = _state(ref.deal)
    for verb in ("result", "no_such_verb") + tuple(v for v in VERBS if v not in ref.deal.VERBS):
        ev = ref.act(verb, 0)
        assert len(ev) == 1 and ev[0].reason == WRONG_PHASE, (verb, ev)
    assert _state(ref.deal) == before


def _playout(name, seed):
    make, choices = GAMES[name]
    game, cards = make(Rng(seed))
    rng = random.Random(seed)
    dealer = rng.randrange(game.players)
    new = lambda: game.new_deal(dealer, **cards)  # noqa: E731
    ref = Referee(new)
    _check_verbs(ref)
    for _ in range(400):
        if ref.deal.is_over():
            break
        options = choices(ref.deal, rng)
        if options:
            before = _state(ref.deal)
            for verb, args in rng.sample(options, len(options)):
                ev = ref.act(verb, *args)
                if not (len(ev) == 1 and isinstance(ev[0], Refused)):
                    break
                assert _state(ref.deal) == before, (verb, args)
            else:
                raise AssertionError("%s seed %d: no choice accepted in phase %r"
                                     % (name, seed, ref.deal.phase))
        else:
            legal = _check_cards(ref, rng)
            ev = ref.act("play", ref.deal.current_seat(), rng.choice(legal))
            assert not isinstance(ev[0], Refused), ev
    assert ref.deal.is_over(), "%s seed %d: the deal did not end" % (name, seed)
    return new, ref


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_to_the_end(name, seed):
    new, ref = _playout(name, seed)
    result = ref.deal.result()
    assert result is not None
    # serialise with the journal's codec, decode, replay: the same deal
    back = codec.decode(codec.encode([[v, list(a)] for v, a in ref.actions]))
    again = Referee(new)
    again.replay([(v, tuple(a)) for v, a in back])
    assert again.deal.result() == result
    assert again.actions == ref.actions
    # replay checks verbs too: a journal naming a method that is no move is corrupt
    with pytest.raises(IllegalPlay):
        Referee(new).replay([("result", ())])


def test_every_game_has_one_factory_shape():
    """``Game(players, **options).new_deal(dealer, hands=None)`` for every game; the deal
    declares its verbs and every referee verb belongs to some deal."""
    games = [skat.Game(3), tarot.Game(4), magistr.Game(4), zhopa.Game(4)]
    declared = set()
    for game in games:
        deal = game.new_deal(1)  # hands unknown: the table's deal
        assert deal.VERBS and "play" in deal.VERBS
        declared.update(deal.VERBS)
    assert declared == set(VERBS)

"""OpenSpiel's ``skat`` through its Python API, the same work as bench_rules.SkatDeals.

OpenSpiel (PyPI ``open-spiel``, the ``bench`` extra) is the reference engine for card games
in C++ with Python bindings. Its Skat game (open_spiel/games/skat/skat.cc) deals through 32
chance actions, lets the players choose a game or pass in turn (no bidding values), makes
the declarer push two cards to the skat, then plays 30 cards: every action goes through
``legal_actions()`` and ``apply_action()``. The driver here picks every action, chance
ones included, uniformly with the same ``core.rng.Rng`` draw as our driver, so the two
sides pay the same for randomness. Seats before the randomly drawn declarer pass and the
declarer picks a random game, so every deal is played, as ours are.
"""


from core.rng import Rng

_PASS = 32  # action ids of skat.cc: cards 0-31, then pass/unknown and the six game types


def load():
    """The ``skat`` game object, or None when OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("skat")


class OpenSpielSkatDeals:
    """OpenSpiel Skat deals from ``seed``: ``play() -> cards played`` (card play only)."""

    def __init__(self, game, seed=1):
        self.game = game
        self.rng = Rng(seed)
        self.actions = 0  # every apply_action so far, chance ones included

    def play(self):
        """One whole deal (32 chance actions, the game choice, the skat push, 30 cards)."""
        rng = self.rng
        state = self.game.new_initial_state()
        actions = 0
        for _ in range(32):  # the deal: one chance action per card
            legal = state.legal_actions()
            state.apply_action(legal[rng.next32() % len(legal)])
        declarer = rng.next32() % 3
        for seat in range(declarer):  # the seats before the declarer pass
            state.apply_action(_PASS)
        legal = state.legal_actions()
        games = [a for a in legal if a != _PASS]
        state.apply_action(games[rng.next32() % len(games)])
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.next32() % len(legal)])
            actions += 1
        self.actions += 32 + declarer + 1 + actions
        return actions - 2  # the two cards pushed to the skat are not card play


def measure(game, deals, rounds, seed=1):
    """Like bench_rules.measure for OpenSpiel: ``(deals, cards, best_us, actions)``."""
    from bench_rules import best_of
    cards, best, driver = best_of(lambda: OpenSpielSkatDeals(game, seed), deals, rounds)
    return deals, cards, best, driver.actions

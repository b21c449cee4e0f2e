"""One module per game, one shape: ``Game(players, **options).new_deal(dealer, hands=None)``
returns a ``Deal`` that declares its moves in ``VERBS`` (docs/architecture.md "One shape
per game"; tests/test_game_shape.py checks all four games).

Import only the game being played (``from core.games import skat``): a board loads one game.
"""

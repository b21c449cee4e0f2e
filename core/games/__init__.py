"""One module per game; each exposes a ``Game`` whose ``new_deal()`` returns a ``Deal``.

Import only the game being played (``from core.games import skat``): a board loads one game.
"""

"""A cheap independent copy of a referee deal for playouts and sampled worlds.

``copy.deepcopy`` walks every object of a deal, the game and its rules and tables
included, and was a third of a Magistr playout. A referee deal of Tarot, Magistr or Zhopa
(``core.games.tarot/magistr/zhopa.Deal``) holds its changing state in numbers, lists (hands:
lists of lists), byte arrays and, for the bank games, the bank being built
(``core.games.bank.Trick``, itself lists); the game, its rules and its tables are never
changed by play. :func:`clone` copies those containers two levels deep and shares the rest.
tests/test_engine_bank.py and tests/test_engine_tarot.py play clones out beside deep
copies (same results) and check the original unchanged.
"""

import copy

from core.games import bank


def _copied(value):
    """A container of a deal copied two levels deep; anything else kept."""
    t = type(value)
    if t is list:
        return [x[:] if type(x) is list else x for x in value]
    if t is bytearray or t is dict or t is set:
        return t(value)
    if t is bank.Trick:
        return clone(value)
    return value


def clone(deal):
    """An independent copy of ``deal`` (or of a ``bank.Trick``): a shallow copy whose lists
    (two levels), byte arrays, dicts, sets and bank are copied; the rest shared."""
    new = copy.copy(deal)
    d = new.__dict__
    for k, v in d.items():
        d[k] = _copied(v)
    return new

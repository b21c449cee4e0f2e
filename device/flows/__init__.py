"""Each game's flow at the table: what the device asks, in which order, and how it books
the result. One module per game, imported only when that game is chosen (a board loads
only the game being played).

A flow module defines:

- ``NAME``, ``TITLE``, ``DECK``, ``PLAYERS`` (allowed counts), ``OPTIONS``: a tuple of
  ``(key, label, ((choice label, value), ...))``, the first choice being the default;
- ``new_match(players, options)`` -> the game's Match (score sheet);
- ``deal_factory(match)`` -> a zero-argument callable building the next Deal (the referee
  calls it again to undo by replay);
- ``pad_seat(match, deal, pad)`` -> the deal seat sitting at ``pad`` (-1: sits out);
- ``prompt(deal, match)`` -> a ``device.menu.Menu`` of choices to enter now, or None
  when the table plays cards; an item's action ``(SCAN, (count, verb, prefix))`` asks
  for ``count`` cards to be scanned on any pad, then applies ``verb(*prefix, cards)``;
- ``table_items(deal, match)`` -> extra Items of the in-play menu (claims, resignations,
  announcements);
- optional ``deal_intro(match)`` -> rows shown when a deal starts;
- optional ``undo_span(actions)`` -> how many of the deal's last ``actions`` (the
  referee's ``(verb, args)`` list, not empty) a long press takes back: one menu answer
  entered as several actions is taken back whole (default 1);
- ``record(match, result)`` -> lines summarising the deal, after booking it;
- ``result_lines(result, match)``, ``sheet_lines(match)``, ``is_match_over(match)``;
- ``booked_rows(match)`` -> one list (ints, None, tuples of ints) per booked deal, what the
  journal's sheet checkpoint keeps (core.journal SHEET); ``rebook(match, row)`` books such a
  row again, so ``new_match`` then ``rebook`` of every row rebuilds the sheet exactly (the
  dealer, the totals and what ``sheet_lines`` and ``sheet_table`` show).
"""

# (name, menu title, module), in the order the game menu lists them. Titles live here so
# the menu shows every game without importing any (a board loads only the one played).
GAMES = (("magistr", "Magistr", "device.flows.magistr"),
         ("zhopa", "Zhopa", "device.flows.zhopa"),
         ("tarot", "French Tarot", "device.flows.tarot"),
         ("skat", "Skat", "device.flows.skat"))


# The action verb of an item that asks the table to scan cards: args are ``(count, verb,
# prefix)``; once ``count`` cards are laid on any pad the controller applies
# ``verb(*prefix, cards)`` (a tarot écart, a poignée).
SCAN = "__scan__"


def load(name):
    """Import and return the flow module of game ``name``; ValueError if unknown."""
    for n, _, mod in GAMES:
        if n == name:
            m = __import__(mod)
            for part in mod.split(".")[1:]:
                m = getattr(m, part)
            return m
    raise ValueError("no game called %r" % (name,))


def seats_ok(flow, players, pads, central=False):
    """True when a board with ``pads`` readers can seat ``players`` of ``flow``: one pad a
    player, unless the board has one central pad for all."""
    return players in flow.PLAYERS and (central or players <= pads)


def _same(choice, value):
    # a record's JSON turns a tuple answer (two trumps) into a list
    return choice == value or (type(choice) is tuple and type(value) is list
                               and list(choice) == value)


def check_options(flow, players, options):
    """The answers ``options`` (dict) to ``flow``'s setup questions, checked: returns
    ``[(key, value, label), ...]`` in the order the menus ask, an unanswered question at
    its default (the first choice; ``label`` is the menu line of the answer). Raises
    ValueError naming an unknown option or a value the question does not offer."""
    if players not in flow.PLAYERS:
        raise ValueError("%s is played by %s, not %r" % (
            flow.NAME, ", ".join(str(n) for n in flow.PLAYERS), players))
    options = options or {}
    chosen = {}
    out = []
    while True:
        opts = flow.OPTIONS(players, chosen) if callable(flow.OPTIONS) else flow.OPTIONS
        pending = [o for o in opts if o[0] not in chosen]
        if not pending:
            break
        key, _, choices = pending[0]
        pick = choices[0]
        if key in options:
            found = [c for c in choices if _same(c[1], options[key])]
            if not found:
                raise ValueError("%s option %s=%r: one of %s" % (
                    flow.NAME, key, options[key], ", ".join(repr(c[1]) for c in choices)))
            pick = found[0]
        chosen[key] = pick[1]
        out.append((key, pick[1], pick[0]))
    unknown = sorted(k for k in options if k not in chosen)
    if unknown:
        raise ValueError("%s has no option %s (options: %s)" % (
            flow.NAME, ", ".join(unknown), ", ".join(k for k, _, _ in out) or "none"))
    return out


def _row(row, n):
    """``row`` (a ``booked_rows`` row read back from the journal) as a tuple of ``n``
    values; raises BadRecord naming it when it is not a list or tuple of ``n``."""
    from core.errors import BadRecord
    if not isinstance(row, (list, tuple)) or len(row) != n:
        raise BadRecord("sheet checkpoint row %r: %d values expected" % (row, n))
    return tuple(row)

"""Standings rebuilt from the store: every list each table booked, per game, with the
players' names from the seats the club host assigned (docs/club.md "Standings").

The numbers are the board's own sheet (the core computes them: Skat's ScoreSheet with its
Seeger-Fabian totals, Tarot's marks, Magistr's КОНІП, Zhopa's banks), taken from the
booked rows (``row`` messages); nothing is scored again here.

- **Skat** (ISkO tournament rules, docs/rules/skat.md "Club series"): a series is a fixed
  number of games at one table (``series_games``: 36 at a 3-seat table, 48 at a 4-seat
  one by default); a player's series score is the Seeger-Fabian total after that many
  games; the ranking sums the series; games booked beyond the series do not count.
- **Tarot**: each player's running total (FFT marks) after each round (deal); ranking by
  the sum over the lists.
- **Magistr**: the rating is the sum of the signed points (КОНІП) of the deals played.
- **Zhopa**: banks after each deal; a finished game gives winners and losers
  (core.games.zhopa.game_end); ranking by games won, then fewest banks.
"""

import random

from core.games import skat_series, zhopa


class Sheet:
    """One list booked at a table: ``table``, ``game``, ``number`` (1-based per table),
    ``columns`` and ``rows`` as the board sent them, ``names`` by seat."""

    def __init__(self, table, game, number, names):
        self.table, self.game, self.number, self.names = table, game, number, names
        self.columns = None
        self.rows = []

    @property
    def players(self):
        """Number of seats in this list (from its columns)."""
        return sum(1 for c in self.columns or () if c.startswith("P") and c[1:].isdigit()) \
            if self.game == "skat" else \
            sum(1 for c in self.columns or () if c.startswith("points P")) or \
            sum(1 for c in self.columns or () if c.startswith("total P"))

    def column(self, row, name):
        """The cell of ``row`` under column ``name``, a number; ValueError when the list
        has no such column, TypeError when the cell is not a number."""
        v = row[self.columns.index(name)]
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError("%s: %r is not a number" % (name, v))
        return v

    def name(self, seat):
        """The name at ``seat`` (0-based), or ``"TABLE P<n>"`` when none was assigned."""
        if self.names and seat < len(self.names):
            return self.names[seat]
        return "%s P%d" % (self.table, seat + 1)


def sheets(store):
    """Every list in the store, in table order: a ``hello`` message with a game opens a
    list; ``row`` messages fill it (a row whose columns differ opens a new one). A list's
    names are the seating in force at its last row (``Store.seating_at``): the next
    series' seating does not rename the lists played before it, and a seating corrected
    during a list names the whole list."""
    out = []
    current = {}
    for m in store.messages(kinds=("hello", "row")):
        t = m["table"]
        p = m["payload"]
        if m["kind"] == "hello":
            if p.get("game"):
                current[t] = None  # the next row opens a new list of this game
            continue
        if not isinstance(p.get("columns"), list) or not isinstance(p.get("cells"), list) \
                or len(p["columns"]) != len(p["cells"]) \
                or not all(isinstance(c, str) for c in p["columns"]):
            continue  # a malformed row is skipped, never guessed at
        sh = current.get(t)
        if sh is None or sh.columns != p["columns"] or sh.game != m["game"]:
            sh = Sheet(t, m["game"], 1 + sum(1 for s in out if s.table == t), None)
            sh.columns = p["columns"]
            out.append(sh)
            current[t] = sh
        sh.rows.append(p["cells"])
        sh.last_seq = m["seq"]
    for sh in out:
        sh.names = store.seating_at(sh.table, sh.last_seq)
    return out


def _ranked(totals, key):
    """``[[rank, name, ...values]]`` sorted by ``key`` (higher first); ties share a rank."""
    items = sorted(totals.items(), key=lambda kv: (key(kv[1]), kv[0]), reverse=False)
    out, last, rank = [], None, 0
    for i, (name, vals) in enumerate(items):
        if key(vals) != last:
            rank, last = i + 1, key(vals)
        out.append([rank, name] + list(vals))
    return out


def _parts(all_sheets, game, part, skipped):
    """``part(sheet)`` of each list of ``game`` with rows, joined: a list whose columns or
    cells do not fit what ``part`` reads (a board option that leaves a column out, a
    forged row) is left out whole, never guessed at, and named in ``skipped`` (a list,
    or None): ``[table, list number, game, why]``. One table's list never stops the
    others' (every page reads these)."""
    out = []
    for sh in all_sheets:
        if sh.game != game or not sh.rows:
            continue
        try:
            out.extend(part(sh))
        except (KeyError, ValueError, IndexError, TypeError) as e:
            if skipped is not None:
                skipped.append([sh.table, sh.number, game, str(e)[:100]])
    return out


def _summed(parts, width):
    """``{name: [sums]}`` of ``parts`` (``(name, values)`` pairs, ``width`` values each)."""
    totals = {}
    for name, vals in parts:
        t = totals.setdefault(name, [0] * width)
        for i, v in enumerate(vals):
            t[i] += v
    return totals


def skat(all_sheets, series_games=None, skipped=None):
    """``(columns, rows)`` of the Skat ranking: rank, player, Seeger-Fabian points, plain
    points, games in the counted series, series counted (complete or not). A list without
    Seeger-Fabian totals (the board's option seeger off) cannot be ranked so: skipped."""
    def part(sh):
        n = sh.players
        if "SF P1" not in sh.columns:
            raise ValueError("no Seeger-Fabian totals (the table's option seeger is off)")
        limit = series_games or skat_series.games("1", n)
        counted = [r for r in sh.rows if sh.column(r, "game") <= limit]
        if not counted:
            return []
        last = counted[-1]
        return [(sh.name(p), (sh.column(last, "SF P%d" % (p + 1)),
                              sh.column(last, "P%d" % (p + 1)), len(counted), 1))
                for p in range(n)]
    rows = _ranked(_summed(_parts(all_sheets, "skat", part, skipped), 4),
                   lambda v: (-v[0], -v[1]))
    return ["rank", "player", "Seeger-Fabian", "points", "games", "series"], rows


def tarot(all_sheets, skipped=None):
    """``(columns, rows)`` of the Tarot ranking: rank, player, total points, deals."""
    def part(sh):
        return [(sh.name(p), (sh.column(sh.rows[-1], "total P%d" % (p + 1)), len(sh.rows)))
                for p in range(sh.players)]
    return ["rank", "player", "points", "deals"], \
        _ranked(_summed(_parts(all_sheets, "tarot", part, skipped), 2),
                lambda v: (-v[0], v[1]))


def tarot_rounds(all_sheets):
    """``(columns, rows)``: every Tarot deal's marks per player: table, list, deal,
    player, mark, running total (a list that does not fit is left out, as in
    :func:`tarot`)."""
    def part(sh):
        return [[sh.table, sh.number, sh.column(r, "deal"), sh.name(p),
                 sh.column(r, "mark P%d" % (p + 1)), sh.column(r, "total P%d" % (p + 1))]
                for r in sh.rows for p in range(sh.players)]
    return ["table", "list", "deal", "player", "mark", "total"], \
        _parts(all_sheets, "tarot", part, None)


def magistr(all_sheets, skipped=None):
    """``(columns, rows)`` of the Magistr ratings: rank, player, rating (sum of the signed
    points of the deals played), tricks, deals."""
    def part(sh):
        return [(sh.name(p), (sh.column(r, "points P%d" % (p + 1)),
                              sh.column(r, "tricks P%d" % (p + 1)), 1))
                for r in sh.rows for p in range(sh.players)]
    return ["rank", "player", "rating", "tricks", "deals"], \
        _ranked(_summed(_parts(all_sheets, "magistr", part, skipped), 3),
                lambda v: (-v[0], -v[1]))


def zhopa_results(all_sheets, skipped=None):
    """``(columns, rows)`` of the Zhopa ranking: rank, player, games won, games lost, banks
    now (the last deal of each list), games finished (core.games.zhopa.game_end)."""
    def part(sh):
        n = sum(1 for c in sh.columns if c.startswith("bank P"))
        if not n:
            raise ValueError("no bank columns")
        banks = [sh.column(sh.rows[-1], "bank P%d" % (p + 1)) for p in range(n)]
        over, winners, losers = zhopa.game_end(banks)
        return [(sh.name(p), (int(over and p in winners), int(over and p in losers),
                              banks[p], int(over))) for p in range(n)]
    return ["rank", "player", "won", "lost", "banks", "finished"], \
        _ranked(_summed(_parts(all_sheets, "zhopa", part, skipped), 4),
                lambda v: (-v[0], v[2], v[1]))


def all_lists(store, series_games=None):
    """``{list name: (columns, rows)}``: every list the page shows and exports;
    ``"skipped"``: the lists left out of a ranking and why (:func:`_parts`)."""
    sh = sheets(store)
    skipped = []
    return {"skat": skat(sh, series_games, skipped), "tarot": tarot(sh, skipped),
            "tarot-rounds": tarot_rounds(sh), "magistr": magistr(sh, skipped),
            "zhopa": zhopa_results(sh, skipped),
            "tables": tables_list(store),
            "skipped": (["table", "list", "game", "why"], skipped)}


def tables_list(store):
    """``(columns, rows)``: each table's status, game, deal in play and messages stored
    (``Store.tables``)."""
    return (["table", "status", "game", "deal", "messages"],
            [[t["table"], t["status"], t["game"], t["deal"], t["last_seq"]]
             for t in store.tables()])


def table_sizes(n):
    """Seat counts for ``n`` players at Skat tables of 4 and 3 (ISkO: as many 4-seat tables
    as the count allows, the rest at 3-seat tables); ValueError when no split exists
    (n < 3, or 5)."""
    for threes in range(0, 4):
        rest = n - 3 * threes
        if rest >= 0 and rest % 4 == 0:
            return [4] * (rest // 4) + [3] * threes
    raise ValueError("%d players cannot sit at Skat tables of 3 and 4" % n)


def draw_seats(names, seed=None):
    """The seat draw for the next series: ``[[names at table 1], ...]`` drawn at random
    (``seed`` for a repeatable draw) into tables of 4 and 3 (:func:`table_sizes`)."""
    names = list(names)
    random.Random(seed).shuffle(names)
    out = []
    for size in table_sizes(len(names)):
        out.append(names[:size])
        names = names[size:]
    return out

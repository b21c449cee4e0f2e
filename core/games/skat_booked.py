"""The journal's sheet checkpoint of a Skat list played with Ramsch or Bock rounds: one
row per booked deal from which the list, the Bock games and the Ramsch rounds still owed
are rebuilt exactly (core.journal SHEET; device.flows.skat ``booked_rows``/``rebook``,
loaded only when those house rules are on).

Rows (docs/records.md "Sheet checkpoint"): ``[declarer, value, opens]`` for a game
(declarer a table seat, -1 when nobody played; ``value`` the list's value before a Bock
round doubled it; ``opens`` the Bock rounds it opened) and ``[declarer, value, opens, v1,
v2, v3]`` for a Ramsch (``declarer`` the table seat charged first or -1, ``value`` his
value, ``v1..v3`` the values of forehand, middlehand and rearhand), before the Bock factor
too. Replaying the rows in order through core.games.skat_sheet.Match.record books every
deal again with its own factor: the Bock state follows (core.games.skat_bock.BockRounds).
"""

from collections import namedtuple

from core.errors import BadRecord
from core.games import skat_table

# What ScoreSheet.add reads of a Result: a game, and a Ramsch with its per-seat values.
_Game = namedtuple("_Game", ("status", "declarer", "value"))
_Ramsch = namedtuple("_Ramsch", ("status", "declarer", "value", "values"))


def rows(match):
    """The checkpoint rows of ``match`` (a core.games.skat_sheet.Match), one per row of
    its list, as the module docstring describes."""
    out = []
    before = [0] * match.players
    dealer = (match.dealer - len(match.sheet.rows)) % match.players
    for i, row in enumerate(match.sheet.rows):
        factor = 2 if match.doubled[i] else 1
        totals = row[3]
        if match.ramsch_rows[i]:
            seats = skat_table.deal_seats(dealer, match.players)
            values = [(totals[t] - before[t]) // factor for t in seats]
            out.append([row[1], row[2] // factor, match.opened[i]] + values)
        else:
            out.append([row[1], row[2] // factor, match.opened[i]])
        before = totals
        dealer = (dealer + 1) % match.players
    return out


def rebook(match, row):
    """Book a :func:`rows` row again on ``match``: the list adds it as it added the deal,
    with the Bock rounds it opened, and the deal passes to the left. Raises BadRecord
    naming the row when it is not such a row, its declarer does not play this deal, or a
    Ramsch's values do not name its charged player's value."""
    if not isinstance(row, (list, tuple)) or len(row) not in (3, 6) or \
            not all(isinstance(v, int) and not isinstance(v, bool) for v in row):
        raise BadRecord("skat checkpoint row %r: [declarer, value, opens] or a Ramsch's "
                        "[declarer, value, opens, v1, v2, v3] expected" % (row,))
    decl, value, opens = row[0], row[1], row[2]
    seats = match.table_seats()
    if decl != -1 and decl not in seats or opens < 0 or opens > 4:
        raise BadRecord("skat checkpoint row %r: declarer %r does not play this deal or "
                        "opens %r Bock rounds" % (row, decl, opens))
    seat = seats.index(decl) if decl != -1 else -1
    if len(row) == 3:
        return match.record(_Game("booked", seat, value), opens)
    values = tuple(row[3:])
    if (seat == -1 and any(values)) or (seat != -1 and values[seat] != value):
        raise BadRecord("skat checkpoint row %r: the Ramsch's values do not charge the "
                        "declarer %r's value" % (row, decl))
    return match.record(_Ramsch("ramsch", seat, value, values), opens)

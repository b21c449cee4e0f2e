"""The Skat list and session: :class:`ScoreSheet` (plain and Seeger-Fabian totals),
:class:`Match` (deals in turn, the dealer moving left, Bock rounds) and :func:`opens_bock`.

Sources: ISkO 2.1 (seating, 4 players), the Seeger-Fabian system (ISkO tournament rules;
preisskat.org "Leistungsbewertung"), skatspielen.info "Bockrunde" (docs/rules/skat.md).
"""

from core.compat import const
from core.games import skat_table
from core.games.skat import GRAND, NULL, Game
from core.games.skat_options import (BOCK_OFF, BOCK_ON, KONTRA_OFF, RAMSCH_OFF,
                                     VIOLATIONS_DECIDE, check_bock)

# Seeger-Fabian bonus points (ISkO tournament rules; preisskat.org leistungsbewertung;
# docs/analysis/skat.md section 2): +50 / -50 for the declarer, and for a lost game each
# opponent gets 40 at a 3-player table, 30 at a 4-player table (the dealer sitting out too).
SF_DECLARER = const(50)
SF_OPPONENT_3 = const(40)
SF_OPPONENT_4 = const(30)


class ScoreSheet:
    """The Skat list: one row per game with running totals, plain and Seeger-Fabian.

    ``players``: 3, 4 (the dealer sits out) or 5 (two sit out, core.games.skat_table).
    Rows are tuples
    ``(game_no, declarer, value, totals, sf_totals)`` with table seats 0-based and the
    totals as tuples per table seat. Passed and aborted games add a row worth nothing.
    """

    def __init__(self, players=3):
        self.players = skat_table.check_players(players)
        self.rows = []
        self.totals = [0] * players
        self.sf = [0] * players

    def add(self, result, table_seats, factor=1):
        """Add a deal's Result; ``table_seats[s]`` is the table seat of deal seat ``s``
        (forehand, middlehand, rearhand); ``factor``: 2 in a Bock round (the value
        doubled, the Seeger-Fabian 50/40 not). Returns the new row."""
        if result.status == "ramsch":
            return self._add_ramsch(result, table_seats, factor)
        value = result.value if result.status != "passed" and result.value is not None else 0
        value *= factor
        decl = table_seats[result.declarer] if result.declarer >= 0 and value else -1
        if decl >= 0:
            self.totals[decl] += value
            self.sf[decl] += value + (SF_DECLARER if value > 0 else -SF_DECLARER)
            if value < 0:
                bonus = skat_table.opponent_bonus(self.players)  # 40, 30, 24 at five
                for p in range(self.players):
                    if p != decl:
                        self.sf[p] += bonus
        return self._row(decl, value)

    def _row(self, decl, value):
        row = (len(self.rows) + 1, decl, value, tuple(self.totals), tuple(self.sf))
        self.rows.append(row)
        return row

    def _add_ramsch(self, result, table_seats, factor):
        """A Ramsch: each deal seat's value on its player, plain and Seeger-Fabian alike
        (no 50-point bonus: nobody declared, docs/rules/skat.md "Ramsch"). The row's
        declarer is the player charged first (-1 when nobody is)."""
        for s in range(3):
            self.totals[table_seats[s]] += result.values[s] * factor
            self.sf[table_seats[s]] += result.values[s] * factor
        decl = table_seats[result.declarer] if result.declarer >= 0 else -1
        return self._row(decl, result.value * factor)


class Match:
    """A Skat session: deals in turn, the dealer moving left, and the score sheet.

    Table seats are 0..players-1 clockwise. With 4 players the dealer sits out, with 5 the
    dealer and the third on his left (core.games.skat_table); forehand is always the
    player left of the dealer (ISkO 2.1). ``violations``, ``ramsch``,
    ``kontra``: as :class:`Game`. ``bock``: ``"off"`` (default) or ``"on"``: Bock rounds
    (core.games.skat_bock, triggers :func:`opens_bock`); ``doubled[i]`` is True when row
    i + 1 of the sheet counted double; ``bock_rounds`` the Bock games owed (None when the
    option is off). ``events``: the further Bock triggers and the Ramsch rounds,
    core.games.skat_bock_events (ValueError unless bock is on). ValueError on an unknown
    value.
    """

    def __init__(self, players=3, first_dealer=0, violations=VIOLATIONS_DECIDE,
                 ramsch=RAMSCH_OFF, kontra=KONTRA_OFF, bock=BOCK_OFF, **events):
        self.game = Game(players, violations, ramsch, kontra)
        self.bock = check_bock(bock)
        self.game.bock = self.bock  # every rules option readable on the game
        if events and self.bock != BOCK_ON:
            raise ValueError("skat options %s need bock=on" % ", ".join(sorted(events)))
        self.bock_events = None  # core.games.skat_bock_events' choices, when bock is on
        self.players = players
        self.dealer = first_dealer
        self.sheet = ScoreSheet(players)
        self.bock_rounds = None  # core.games.skat_bock.BockRounds, loaded when bock is on
        if self.bock == BOCK_ON:
            from core.games import skat_bock_events
            from core.games.skat_bock import BockRounds

            self.bock_events = skat_bock_events.check_events(events)
            for name in self.bock_events:
                setattr(self.game, name, self.bock_events[name])
            self.bock_rounds = BockRounds(players, self.bock_events["bockramsch"] == "on")
        self.doubled = []
        self.opened = []  # the Bock rounds each row opened (the journal's checkpoint)
        self.ramsch_rows = []  # True for a row booking a Ramsch

    def number(self):
        """The number of the next game on the list (its "game" column), 1 first."""
        return len(self.sheet.rows) + 1

    def table_seats(self):
        """Table seats of forehand, middlehand and rearhand in the current deal (with
        four the dealer sits out, with five the dealer and the third on his left)."""
        return skat_table.deal_seats(self.dealer, self.players)

    def new_deal(self, hands=None, skat=None):
        """A fresh Deal for the current dealer (hands by deal seat, if known); in a
        Ramsch round (option bockramsch) a Ramsch from the start, no auction."""
        deal = self.game.new_deal(self.dealer, hands, skat)
        if self.bock_rounds is not None and self.bock_rounds.ramsch_now():
            deal.start_ramsch()
        return deal

    def factor(self, result):
        """2 when ``result`` would count double (a Bock game), else 1; changes nothing."""
        if self.bock != BOCK_ON:
            return 1
        return self.bock_rounds.factor(self._opens(result))

    def record(self, result, opens=None):
        """Book ``result`` on the sheet and pass the deal to the left; returns the row.
        ``opens``: the Bock rounds it opens, when known already (a deal booked again from
        the journal's checkpoint); else counted from ``result``. ``opened[i]`` keeps the
        rounds row i + 1 opened, ``ramsch_rows[i]`` whether it booked a Ramsch."""
        factor = 1
        if opens is None:
            opens = self._opens(result) if self.bock == BOCK_ON else 0
        if self.bock == BOCK_ON:
            factor = self.bock_rounds.game(opens)
        row = self.sheet.add(result, self.table_seats(), factor)
        self.doubled.append(factor == 2)
        self.opened.append(opens)
        self.ramsch_rows.append(result.status == "ramsch")
        self.dealer = (self.dealer + 1) % self.players
        return row

    def _opens(self, result):
        """The Bock rounds ``result`` opens: opens_bock's, then the chosen events'."""
        from core.games import skat_bock_events

        return int(opens_bock(result)) + skat_bock_events.count(result, self.bock_events)


def opens_bock(result):
    """True when ``result`` opens a Bock round (skatspielen.info "Bockrunde"): a grand
    hand, a null ouvert hand, or a game lost with 60 card points (60:60); a passed,
    aborted or Ramsch deal opens none."""
    if result.status != "played" or result.contract is None or result.value is None:
        return False
    c = result.contract
    if c.hand and (c.kind == GRAND or (c.kind == NULL and c.ouvert)):
        return True
    return c.kind != NULL and not result.won and result.declarer_points == 60

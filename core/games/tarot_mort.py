"""French Tarot at five with a "mort": five at the table, four play each deal as at four
(18 cards, a chien of 6, no called king), the dealer sits it out (option ``five`` =
``"mort"`` of device.flows.tarot; the FFT's called-king game stays the default).

Sources: tarotjeu.com "Partie à 5 joueurs": in tournaments "un joueur, à tour de rôle,
joue le rôle du « Mort » et ne prend pas part à la partie. Il a pour rôle de procéder à la
distribution des cartes. Aussi la partie a lieu uniquement en présence de 4 joueurs";
Casualino's VIP Tarot rules ("How to play tarot with 5 players"): "un des joueurs (le
mort) procède à la distribution aux 4 autres joueurs et ne prend part à la partie en
cours. Le mort ne compte pas dans les comptes de cette partie. Chaque joueur est « mort »
à tour de rôle dans le sens du jeu, et procède à la distribution tant que personne ne
prend". docs/rules/tarot.md "The mort at five" has the decisions.

Seats: table seats 0..4 in playing order (as core.games.tarot); the deal's seats 0..3 are
the four after the dealer (deal seat k is table seat dealer + 1 + k), its nominal dealer
deal seat 3, so that the mort's neighbour, table seat dealer + 1, bids and leads first.
"""

from core.errors import TrickrefError
from core.games import tarot

TABLE = 5  # players at the table; four play each deal


class MortMatch:
    """A five-player tarot sheet where the dealer sits out: ``game`` is the four-player
    :class:`core.games.tarot.Game` each deal is played by (the table's options), ``dealer``
    the mort (a table seat), ``totals`` per table seat, ``rows`` a
    :data:`core.games.tarot.Booked` per booked deal, its taker and marks in table seats
    (the mort's mark 0)."""

    table_players = TABLE

    def __init__(self, game, dealer=0):
        if game.players != 4:
            raise TrickrefError("the mort's deals are played by four, not %r" % (game.players,))
        self.game = game
        self.dealer = dealer
        self.totals = [0] * TABLE
        self.rows = []

    def number(self):
        """The number of the next deal on the sheet, 1 first."""
        return len(self.rows) + 1

    def table_seat(self, seat):
        """The table seat of deal seat ``seat`` (0..3); negative seats (nobody) unchanged."""
        return (self.dealer + 1 + seat) % TABLE if seat >= 0 else seat

    def deal_seat(self, table_seat):
        """The deal seat of ``table_seat``, -1 for the mort (the dealer)."""
        if table_seat == self.dealer:
            return -1
        return (table_seat - self.dealer - 1) % TABLE

    def new_deal(self, hands=None):
        """The next four-player deal (deal seat 3 its nominal dealer: deal seat 0, the
        mort's neighbour, bids first); ``hands`` by deal seat."""
        return self.game.new_deal(3, hands)

    def on_table(self, result):
        """``result`` (a deal's Result, deal seats) with its dealer, taker, partner,
        poignées, trick winners, violation, misères and marks in table seats (the mort's mark 0)."""
        f = list(result)
        f[1] = self.dealer
        f[2] = self.table_seat(result.taker)
        if result.partner is not None:
            f[5] = self.table_seat(result.partner)
        f[12] = tuple((self.table_seat(s), camp, k) for s, camp, k in result.poignees)
        marks = [0] * TABLE
        for s, m in enumerate(result.marks):
            marks[self.table_seat(s)] = m
        f[15] = tuple(marks)
        f[16] = tuple(self.table_seat(s) for s in result.trick_winners)
        if result.violation is not None:
            f[17] = (self.table_seat(result.violation[0]),) + tuple(result.violation[1:])
        f[18] = tuple(self.table_seat(s) for s in result.miseres)
        return tarot.Result(*f)

    def record(self, result):
        """Book a deal's ``result`` (deal seats; a booked row's ``(taker, contract, marks)``
        is taken as in table seats already, see :meth:`book`); the next mort is dealer + 1,
        unless nobody took: the same mort deals again (VIP Tarot's rules)."""
        if result is None:
            raise TrickrefError("the deal is not over: no result to record")
        return self.book(self.on_table(result))

    def book(self, booked):
        """Add ``booked`` (anything with ``taker``, ``contract`` and five ``marks`` in
        table seats) to the sheet and move the mort on; returns the totals."""
        for s in range(TABLE):
            self.totals[s] += booked.marks[s]
        self.rows.append(tarot.Booked(booked.taker, booked.contract, tuple(booked.marks)))
        if booked.taker >= 0:
            self.dealer = (self.dealer + 1) % TABLE
        return list(self.totals)

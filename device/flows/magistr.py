"""Magistr at the table: 24 deals, their scoring rule shown before each, the holder of the
lowest diamond named for deal 1, cards played on the pads, the verdict and its reason
after each trick, the sheet with its control sums. Rules: docs/rules/magistr.md.

Seats are table seats 0..players-1 (the pads), as in ``core.games.magistr``.
"""

from core.cards import FRENCH36
from core.events import WRONG_PHASE
from core.errors import IllegalPlay
from core.games import magistr
from device.flows import seat_label
from device.menu import Item, Menu

NAME = "magistr"
TITLE = "Magistr"
DECK = FRENCH36
PLAYERS = (2, 3, 4)
_SUITS = (("Clubs", 0), ("Diamonds", 1), ("Hearts", 2), ("Spades", 3))
_LETTER = "CDHS"


def OPTIONS(players, chosen):
    """The setup questions: the trump variant, then the trumps it needs (seed 000,
    "Варіанти гри"; default: each player his own suit, P1 clubs, P2 diamonds...)."""
    opts = [("variant", "Trump variant", (("Own trumps", "own"), ("No trumps", "none"),
                                          ("One common", "one"), ("Two common", "two"),
                                          ("Senior/junior", "senior-junior")))]
    v = chosen.get("variant")
    if v == "own":
        for s in range(players):
            default = [(n, x) for n, x in _SUITS if x == s % 4]
            opts.append(("trump%d" % s, "%s trump" % seat_label(s),
                         tuple(default + [c for c in _SUITS if c not in default])))
    elif v == "one":
        opts.append(("trump0", "Common trump", _SUITS))
    elif v == "two":
        pairs = tuple(("%s+%s" % (a[0][:5], b[0][:5]), (a[1], b[1]))
                      for i, a in enumerate(_SUITS) for b in _SUITS[i + 1:])
        opts.append(("pair", "Two trumps", pairs))
    elif v == "senior-junior":
        pairs = tuple(("%s>%s" % (a[0][:5], b[0][:5]), (a[1], b[1]))
                      for a in (_SUITS[3],) + _SUITS[:3] for b in _SUITS if b != a)
        opts.append(("pair", "Senior>junior", pairs))
    return opts


def _trumps(players, options):
    v = options.get("variant", "own")
    if v == "own":
        return [options.get("trump%d" % s, s % 4) for s in range(players)]
    if v == "one":
        return options.get("trump0", 3)
    if v in ("two", "senior-junior"):
        return options.get("pair", (3, 1))
    return None


def new_match(players, options):
    """A 24-deal Magistr game (dealer P1 first: the table may lay the cards so)."""
    game = magistr.Game(players, options.get("variant", "own"), _trumps(players, options))
    return magistr.Match(game, 0)


class TableDeal:
    """A Magistr deal as the table starts it: deal 1 waits for the seat holding the lowest
    diamond to be named (``lead(seat)``); every other verb goes to the core Deal."""

    def __init__(self, match):
        self._match = match
        self._deal = None
        if match.number() != 1:
            self._deal = match.new_deal()

    def lead(self, seat):
        """Name the first leader of deal 1 (the holder of the lowest diamond)."""
        if self._deal is not None:
            raise IllegalPlay(WRONG_PHASE, "the leader is already known")
        self._deal = self._match.new_deal(leader=seat)
        return []

    def waiting_for_leader(self):
        """True before deal 1's leader is named."""
        return self._deal is None

    def current_seat(self):
        return -1 if self._deal is None else self._deal.current_seat()

    def is_over(self):
        return self._deal is not None and self._deal.is_over()

    def __getattr__(self, name):
        if self._deal is None:
            raise IllegalPlay(WRONG_PHASE, "name who holds the lowest diamond first")
        return getattr(self._deal, name)


def deal_factory(match):
    """The next deal of the match, cards unknown."""
    return lambda: TableDeal(match)


def pad_seat(match, deal, pad):
    """Pads are table seats."""
    return pad if pad < match.game.players else -1


def prompt(deal, match=None):
    """Deal 1: who holds the lowest diamond (they lead). Otherwise the cards speak."""
    if deal.waiting_for_leader():
        n = match.game.players
        return Menu("Low diamond:", [Item(seat_label(s), actions=[("lead", (s,))])
                                     for s in range(n)])
    return None


def table_items(deal, match=None):
    """No extras in Magistr: undo covers mistakes."""
    return []


def result_lines(result, match=None):
    """Deal number, then each seat's points and tricks, one per row (scroll on 16x2)."""
    return ["Deal %d over" % result.number] + [
        "%s %+d pts %dtr" % (seat_label(s), p, result.tricks[s])
        for s, p in enumerate(result.points)]


def record(match, result):
    """Book the deal (the control sums are checked); returns the summary lines."""
    lines = result_lines(result, match)
    match.record(result)
    return lines


def sheet_lines(match):
    """The sheet's totals: per seat the result ГРВІ, tricks ЗДІ and place МЗІ, then the
    control sum КВВІ (tricks nobody took) and each seat's rating in per mille."""
    zdi, grvi, kvvi = match.totals()
    places = match.places()
    lines = ["Deal %d of 24" % min(match.number(), 24) if not match.is_over()
             else "Game over"]
    for s in range(match.game.players):
        lines.append("%s %+4d %2dtr #%d" % (seat_label(s), grvi[s], zdi[s], places[s]))
    lines.append("untaken tr %d" % kvvi)
    for s in range(match.game.players):
        lines.append("%s rating %d.%d%%" % (seat_label(s), match.rating_permille(s) // 10,
                                           match.rating_permille(s) % 10))
    return lines


def deal_intro(match):
    """Shown when a deal starts: its number, rule and dealer."""
    n = match.number()
    c = magistr.contract(n)
    return ["D%d %s %s%d" % (n, c[1], "-" if magistr.sign(n) < 0 else "+", c[3]),
            "deals %s" % seat_label(match.next_dealer())]


def is_match_over(match):
    """After deal 24."""
    return match.is_over()

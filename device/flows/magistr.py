"""Magistr at the table: 24 deals, their scoring rule shown before each, the holder of the
lowest diamond named for deal 1, cards played on the pads, the verdict and its reason
after each trick, the sheet with its control sums. Rules: docs/rules/magistr.md.

Seats are table seats 0..players-1 (the pads), as in ``core.games.magistr``.
"""

from core.cards import FRENCH36
from core.games import magistr
from device.lcdtext import seat_label
from device.words import say
from device.flows.bankflow import OPTIONS, leader_menu, bank_setup, rebook_as, rating_line
from device.flows.bankflow import booked_rows  # noqa: F401 (the flow contract)

__all__ = ("OPTIONS",)

NAME = "magistr"
TITLE = "Magistr"
DECK = FRENCH36
PLAYERS = (2, 3, 4)
def new_match(players, options):
    """A 24-deal Magistr game (dealer P1 first: the table may lay the cards so)."""
    game = magistr.Game(players, *bank_setup(players, options))
    return magistr.Match(game, 0)


def deal_factory(match):
    """The next deal of the match, cards unknown."""
    return lambda: match.new_deal()  # deal 1 waits for its leader (lead)


def pad_seat(match, deal, pad):
    """Pads are table seats."""
    return pad if pad < match.game.players else -1


def prompt(deal, match=None):
    """Deal 1: who holds the lowest diamond (they lead). Otherwise the cards speak."""
    return leader_menu(deal, match)


def table_items(deal, match=None):
    """No extras in Magistr: undo covers mistakes."""
    return []


def result_lines(result, match=None):
    """Deal number, then each seat's points and tricks, one per row (scroll on 16x2)."""
    return [say("Deal %d over") % result.number] + [
        say("%s %+d pts %dtr") % (seat_label(s), p, result.tricks[s])
        for s, p in enumerate(result.points)]


def record(match, result):
    """Book the deal (the control sums are checked); returns the summary lines."""
    lines = result_lines(result, match)
    match.record(result)
    return lines


# The journal's sheet checkpoint: booked_rows (from bankflow) and rebook.
rebook = rebook_as(magistr.DealResult)


def sheet_lines(match):
    """The sheet's totals: per seat the result ГРВІ, tricks ЗДІ and place МЗІ, then the
    control sum КВВІ (tricks nobody took) and each seat's rating in per mille."""
    zdi, grvi, kvvi = match.totals()
    places = match.places()
    lines = [say("Deal %d of 24") % min(match.number(), 24) if not match.is_over()
             else say("Game over")]
    for s in range(match.game.players):
        lines.append(say("%s %+4d %2dtr #%d") % (seat_label(s), grvi[s], zdi[s], places[s]))
    lines.append(say("untaken tr %d") % kvvi)
    for s in range(match.game.players):
        lines.append(rating_line(s, match.rating_permille(s)))
    return lines


def deal_intro(match):
    """Shown when a deal starts: its number, rule and dealer."""
    n = match.number()
    c = magistr.contract(n)
    return [say("D%d %s %s%d") % (n, say(c[1]), "-" if magistr.sign(n) < 0 else "+", c[3]),
            say("deals %s") % seat_label(match.next_dealer())]


def is_match_over(match):
    """After deal 24."""
    return match.is_over()


def sheet_table(match):
    """The Magistr sheet as ``(columns, rows)``: deal, its rule, each seat's tricks (КВП)
    and points (КОНІП), the unplayed tricks (КВОП)."""
    n = match.game.players
    cols = ["deal", "rule"] + ["tricks P%d" % (s + 1) for s in range(n)] + \
        ["points P%d" % (s + 1) for s in range(n)] + ["unplayed"]
    rows = [[r.number, magistr.contract(r.number)[1]] + list(r.tricks) + list(r.points) +
            [r.remaining] for r in match.rows]
    return cols, rows

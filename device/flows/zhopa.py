"""Zhopa at the table: each player's go/no bid, the first deal's leader, the cards on the
pads (the stock is drawn by the players: the referee sees each card when it is played),
banks after each deal, the end of the game at six banks. Rules: docs/rules/zhopa.md.

Seats are table seats (the pads), as in ``core.games.zhopa``.
"""

from core.cards import FRENCH36
from core.games import zhopa
from device.lcdtext import seat_label
from device.flows.bankflow import OPTIONS, leader_menu, bank_setup, rebook_as, rating_line
from device.flows.bankflow import booked_rows  # noqa: F401 (the flow contract)
from device.menu import Item, Menu, filled
from device.words import say, tr

__all__ = ("OPTIONS",)

NAME = "zhopa"
TITLE = "Zhopa"
DECK = FRENCH36
PLAYERS = (2, 3, 4, 5, 6)


def new_match(players, options):
    """A game of Zhopa (3 banks each; dealer P1 first)."""
    game = zhopa.Game(players, *bank_setup(players, options))
    return zhopa.Match(game, 0)


def deal_factory(match):
    """The next deal, cards unknown."""
    return lambda: match.new_deal()  # deal 1 waits for its leader (lead)


def pad_seat(match, deal, pad):
    """Pads are table seats."""
    return pad if pad < match.game.players else -1


def prompt(deal, match=None):
    """Deal 1's leader, then each player's bid in turn."""
    menu = leader_menu(deal, match)
    if menu is not None:
        return menu
    if deal.phase == zhopa.PHASE_BID:
        s = deal.current_seat()
        target = match.game.target(True), match.game.target(False)
        return Menu(tr("%s goes? %d/%d") % (seat_label(s), target[0], target[1]), [
            filled("Go (%d)", (target[0],), actions=[("bid", (s, True))]),
            filled("No (%d)", (target[1],), actions=[("bid", (s, False))])])
    return None


def table_items(deal, match=None):
    """No extras: undo covers mistakes."""
    return []


def deal_intro(match):
    """Deal number and dealer."""
    return [say("Zhopa deal %d") % match.number(),
            say("deals %s") % seat_label(match.next_dealer())]


def result_lines(result, match=None):
    """Per seat: points against the target, and the bank it sheds (-1) or takes (+1)."""
    return [say("Deal %d over") % result.number] + [
        "%s %d/%d %s" % (seat_label(s), result.points[s], result.targets[s],
                         say({-1: "sheds", 1: "takes", 0: "even"}[result.changes[s]]))
        for s in range(len(result.points))]


def record(match, result):
    """Move the banks; returns the summary lines (and the winners when it ends)."""
    lines = result_lines(result, match)
    match.record(result)
    return lines


# The journal's sheet checkpoint: booked_rows (from bankflow) and rebook.
rebook = rebook_as(zhopa.DealResult)


def sheet_lines(match):
    """Banks per seat; at the end the winners and each seat's rating."""
    lines = [say("Game over") if match.is_over() else say("Deals: %d") % len(match.rows)]
    for s in range(match.game.players):
        lines.append(say("%s banks %d") % (seat_label(s), match.banks[s]))
    if match.is_over():
        lines.append(say("won: ") + " ".join(seat_label(s) for s in match.winners()))
        for s in range(match.game.players):
            lines.append(rating_line(s, match.rating_permille(s)))
    return lines


def is_match_over(match):
    """When the banks end the game (six banks, or someone shed them all)."""
    return match.is_over()


def sheet_table(match):
    """The Zhopa sheet as ``(columns, rows)``: deal, then per seat its bid (1 went), points
    and bank change, and the banks after the deal."""
    n = match.game.players
    cols = ["deal"] + ["bid P%d" % (s + 1) for s in range(n)] + \
        ["points P%d" % (s + 1) for s in range(n)] + \
        ["bank P%d" % (s + 1) for s in range(n)]
    rows = []
    banks = [zhopa.START_BANKS] * n
    for r in match.rows:
        banks = [b + c for b, c in zip(banks, r.changes)]
        rows.append([r.number] + list(r.bids) + list(r.points) + banks)
    return cols, rows

"""``trickref trick``: resolve one trick of a bank game and say who takes it and why.

    trickref trick --game magistr|zhopa [--variant own|none|one|two|senior-junior]
                   [--trumps 1:S,2:C,...] [--json] CARD CARD ...

Cards in play order (``6S 7C TH JD QS KH AD``), the first led by P1; seats are numbered
from 1 as the table's pads (P1, P2...): ``P4 takes with ♠Q (QS)``. ``--trumps``: with ``own``, ``SEAT:SUIT`` pairs (a seat not named has no trump in
this puzzle, as in the seed's examples); with ``one``/``two``/``senior-junior``, the common
suits (``H``, ``H,D``, senior first: ``S,D``). Exit status 0, or 2 on bad input.
"""

import importlib
import json
import sys

from core.cards import FRENCH36
from core.errors import TrickrefError
from host_sim.i18n import counted

HELP = "resolve one trick of Magistr or Zhopa (the bank): who takes it (P1..), the card, why"

# Game name -> module exposing trick_rules(players, variant, trumps) (bank games only;
# Magistr takes 2..4 cards, Zhopa 2..6).
GAMES = {"magistr": "core.games.magistr", "zhopa": "core.games.zhopa"}


def add_arguments(parser):
    """Register the options of ``trickref trick``."""
    parser.add_argument("--game", required=True, help="game whose bank rules apply: "
                        + ", ".join(sorted(GAMES)))
    parser.add_argument("--variant", default="own",
                        help="trump variant: own (default), none, one, two, senior-junior")
    parser.add_argument("--trumps", default="",
                        help="own: SEAT:SUIT pairs (1:S,2:C); common variants: suits (H or H,D)")
    parser.add_argument("--json", action="store_true",
                        help='print {"taker": seat, "card": "QS", "reason": "..."}')
    parser.add_argument("cards", nargs="+", metavar="CARD",
                        help="cards in play order, first one led by P1")


def parse_trumps(text, variant, players):
    """``--trumps`` text -> the ``trumps`` argument of bank.Rules; raises TrickrefError."""
    items = [t.strip() for t in text.split(",") if t.strip()]
    if variant != "own":
        if any(":" in t for t in items):
            raise TrickrefError("variant %r takes common suits (H or H,D), not seat:suit"
                                % variant)
        need = {"one": 1, "two": 2, "senior-junior": 2}.get(variant, 0)
        if need and len(items) != need:
            raise TrickrefError("variant %r needs %s: --trumps %s"
                                % (variant, counted(need, "trump suit"),
                                   "H" if need == 1 else "S,D"))
        return items or None
    seats = [None] * players
    for item in items:
        seat, sep, suit = item.partition(":")
        if not sep or not seat.strip().isdigit():
            raise TrickrefError("--trumps item %r: write SEAT:SUIT, e.g. 2:C" % item)
        n = int(seat)
        if n < 1 or n > players:
            raise TrickrefError("--trumps seat %d: seats are 1..%d here" % (n, players))
        if seats[n - 1] is not None:
            raise TrickrefError("--trumps names seat %d twice" % n)
        seats[n - 1] = suit.strip()
    return seats


def resolve(game, variant, trumps_text, codes):
    """Resolve the trick; returns ``{"taker": seat (1-based), "card": code, "reason": ..}``.
    Raises TrickrefError on an unknown game, bad cards or trumps."""
    name = GAMES.get(game)
    if name is None:
        raise TrickrefError("no trick rules for game %r (known: %s)"
                            % (game, ", ".join(sorted(GAMES))))
    mod = importlib.import_module(name)
    from core.games import bank

    # "10S" is how players write a ten; the deck's code is "TS" (core/cards.py)
    cards = [FRENCH36.parse("T" + c.strip()[2:] if c.strip().startswith("10") else c)
             for c in codes]
    for i in range(len(cards)):
        if cards[i] in cards[:i]:
            raise TrickrefError("%s is played twice" % FRENCH36.code(cards[i]))
    variant = bank.VARIANT_NAMES[bank.variant_code(variant)]
    rules = mod.trick_rules(len(cards), variant, parse_trumps(trumps_text, variant,
                                                               len(cards)))
    trick = bank.resolve(rules, cards)
    return {"taker": trick.winner + 1, "card": FRENCH36.code(trick.top),
            "reason": trick.reason()}


def run(args):
    """Print the verdict; 0 on success, 2 on bad input (message on stderr)."""
    try:
        if args.game not in GAMES:
            raise TrickrefError("no trick rules for game %r (known: %s)"
                                % (args.game, ", ".join(sorted(GAMES))))
        verdict = resolve(args.game, args.variant, args.trumps, args.cards)
    except TrickrefError as e:
        print("trickref trick: %s" % e, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(verdict, ensure_ascii=False))
    else:
        card = FRENCH36.short(FRENCH36.parse(verdict["card"]))
        print("P%d takes with %s (%s)" % (verdict["taker"], card, verdict["card"]))
        print(verdict["reason"])
    return 0

"""French Tarot at the table: bids in turn, the called king at 5 players, the écart
scanned and checked, poignées shown by scanning the trumps and the chelem announced from
the table menu, the cards on the pads, the marks after the deal. Rules: docs/rules/tarot.md.

Seats are table seats in playing order (the dealer's neighbour who bids first is dealer+1),
as in ``core.games.tarot``.
"""

from core.cards import TAROT
from core.errors import BadRecord
from core.games import tarot
from device.flows import SCAN, _row
from device.lcdtext import seat_label
from core.games import tarot_bidding, tarot_rules
from device import words
from device.menu import Item, Menu, filled
from device.words import say, tr

# Tarot's own codes in words (device.words: the table's language)
words.register(
    reasons={tarot_rules.MUST_TRUMP: "must trump", tarot_rules.MUST_OVERTRUMP: "must overtrump",
             tarot_rules.CALLED_SUIT: "not called suit", tarot_rules.BAD_POIGNEE: "bad poignee",
             tarot_rules.BAD_CALL: "bad call", tarot_rules.BAD_ECART: "bad ecart",
             tarot_bidding.BID_TOO_LOW: "bid too low", tarot_bidding.NOT_TAKER: "not the taker",
             tarot_bidding.BAD_ANNOUNCE: "cannot announce"},
    violations={tarot_rules.MUST_TRUMP: "no trump", tarot_rules.MUST_OVERTRUMP: "undertrump",
                tarot_rules.BAD_ECART: "bad ecart", tarot_rules.BAD_CALL: "bad call",
                tarot_rules.BAD_POIGNEE: "bad poignee", "excuse-last-trick": "Excuse last"})

NAME = "tarot"
TITLE = "French Tarot"
DECK = TAROT
PLAYERS = (3, 4, 5)
_OPTIONS = (("excuse_last", "Excuse, last trk", (("to other camp", "other-camp"),
                                                  ("to the winner", "winner"),
                                                  ("forbidden", "forbidden"))),
           ("excuse_slam", "Excuse in chelem", (("any camp (seed)", "any"),
                                                ("announcer (FFT)", "announced"))),
           # A proven revoke, failure to trump or bad écart: the offender's camp loses
           # the deal, or it is only shown (docs/rules/tarot.md "Violations").
           ("violations", "Violations", (("decide", "decide"), ("report only", "report"))),
           # House scoring (rencontrestarot.org, docs/rules/tarot.md "House rules").
           ("poignees", "Poignee primes", (("20/30/40 (FFT)", "fft"),
                                           ("20/40/60", "20-40-60"))),
           ("rounding", "Round margin", (("to the point", "off"), ("to 5", "5"),
                                         ("to 10", "10"))),
           ("misere", "Misere", (("off", "off"), ("20 points", "20"))))
# Five at the table: the FFT's called king, or the mort (the dealer sits out, four play
# as at four; house rule, core.games.tarot_mort, docs/rules/tarot.md "The mort at five").
_FIVE = (("five", "At five", (("called king", "call"), ("dealer sits out", "mort"))),)
# With a called partner: the FFT's shares, or the primes each player's own (house habit,
# core.games.tarot_house, docs/rules/tarot.md "The partner's share at five").
_PARTNER = (("partner", "Partner share", (("2/3 1/3 (FFT)", "fft"),
                                          ("own primes", "personal"))),)


def OPTIONS(players, chosen):
    """The setup questions; at five players also how the five play (``five``) and, with
    a called partner, the partner's share (``partner``)."""
    if players != 5:
        return _OPTIONS
    if chosen.get("five", "call") == "call":
        return _OPTIONS + _FIVE + _PARTNER
    return _OPTIONS + _FIVE
_BIDS = (("Pass", "pass"), ("Prise", "prise"), ("Garde", "garde"),
         ("Garde sans", "garde sans"), ("Garde contre", "garde contre"))
_POIGNEE = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}  # FFT p.7


def new_match(players, options):
    """A tarot score sheet (the dealer passes to dealer + 1 each deal); ``options``:
    ``excuse_last``, ``excuse_slam``, ``violations``, ``poignees``, ``rounding``,
    ``misere``, at five ``five`` (see OPTIONS; ``"mort"``: a
    core.games.tarot_mort.MortMatch whose deals four play) and with the called king
    ``partner``."""
    mort = options.get("five", "call") == "mort"
    if mort and players != 5:
        raise ValueError("tarot option five=mort: only with 5 players, not %r" % (players,))
    game = tarot.Game(4 if mort else players, excuse_last=options.get("excuse_last", "other-camp"),
                      excuse_slam=options.get("excuse_slam", tarot.EXCUSE_SLAM_ANY),
                      violations=options.get("violations", tarot.VIOLATIONS_DECIDE),
                      poignees=options.get("poignees", "fft"),
                      rounding=options.get("rounding", "off"),
                      misere=options.get("misere", "off"),
                      partner=options.get("partner", "fft"))
    if mort:
        from core.games.tarot_mort import MortMatch
        return MortMatch(game, 0)
    return tarot.Match(game, 0)


def _who(match, seat):
    """Deal seat ``seat`` named on the LCD: its table seat's label ("P3"); with the mort
    the deal's seats are the four after the dealer."""
    if match is not None and hasattr(match, "table_seat"):
        return seat_label(match.table_seat(seat))
    return seat_label(seat)


def _table_players(match):
    """Players at the table: the game's, or five with the mort."""
    return getattr(match, "table_players", match.game.players)


def deal_factory(match):
    """The next deal, cards unknown."""
    return lambda: match.new_deal()


def pad_seat(match, deal, pad):
    """Pads are table seats; with the mort the dealer's pad sits out (-1)."""
    if hasattr(match, "deal_seat"):
        return match.deal_seat(pad) if pad < _table_players(match) else -1
    return pad if pad < match.game.players else -1


def prompt(deal, match=None):
    """The bid of the seat whose turn it is; the called king; the écart."""
    if deal.phase == tarot.PHASE_BIDDING:
        s = deal.current_seat()
        n = match.game.players if match is not None else 4
        # Pass, or a bid above the highest so far (FFT p.5; _BIDS is in contract order).
        # A player whose only trump is the Petit, without the Excuse, must announce it:
        # the deal is annulled (FFT p.5). Offered at the end of the bid list.
        return Menu(tr("%s bids") % _who(match, s),
                    [Item(label, actions=[("bid", (s, code))])
                     for label, code in _BIDS[:1] + _BIDS[deal.contract + 1:]] +
                    [Item("Petit sec %s" % _who(match, p),
                          actions=[("announce", (p, tarot.PETIT_SEC))]) for p in range(n)])
    if deal.phase == tarot.PHASE_CALL:
        t = deal.taker
        items = []
        for rank in ("K", "Q", "C", "J"):
            for suit, name in zip("HSCD", SUIT_LCD):
                items.append(Item("%s %s" % (_RANK_WORD[rank], name),
                                  actions=[("call", (t, TAROT.parse(suit + rank)))]))
        return Menu(tr("%s calls") % _who(match, t), items)
    if deal.phase == tarot.PHASE_ECART:
        t = deal.taker
        n = match.game.chien_size if match is not None else 6
        return Menu(tr("%s ecart") % _who(match, t), [
            filled("Scan %d cards", (n,), actions=[(SCAN, (n, "discard", (t,)))]),
            Item("Not scanned", actions=[("discard", (t, None))])])
    return None


# The Marseille suit names without accents: the LCD's ROM has none.
SUIT_LCD = ("Coupe", "Epee", "Baton", "Denier")
_RANK_WORD = {"K": "Roi", "Q": "Reine", "C": "Cavalier", "J": "Valet"}


def table_items(deal, match=None):
    """What the deal accepts now, in the first trick: the taker's chelem before the first
    card (and before any poignée); for the seat about to play its first card, its poignée
    (the trumps are scanned on a pad) and, with the house rule, its misères; nothing
    announced twice."""
    if deal.phase != tarot.PHASE_PLAY or deal.tricks_done > 0:
        return []
    n = match.game.players if match is not None else 4
    items = []
    if not deal.history and not deal.poignees and not deal.chelem_announced:
        items.append(Item("Chelem (%s)" % _who(match, deal.taker),
                          actions=[("announce", (deal.taker, tarot.CHELEM))]))
    s = deal.to_play()
    if s not in [shown[0] for shown in deal.poignees]:
        items.append(Item("Poignee %s" % _who(match, s), submenu=Menu("Trumps shown", [
            Item(str(k), actions=[(SCAN, (k, "announce", (s, tarot.POIGNEE)))])
            for k in _POIGNEE[n]])))
    return items + _misere_items(deal, s, match)


def _misere_items(deal, s, match=None):
    """House rule misère: seat ``s``, before its first card, may announce no trump or no
    face card (the board checks the cards he plays; tarot_house)."""
    if deal.game.misere == "off":
        return []
    return [Item("Misere %s %s" % (word, _who(match, s)), actions=[("announce", (s, kind))])
            for word, kind in (("atout", tarot.MISERE_TRUMPS), ("tetes", tarot.MISERE_HEADS))
            if (s, kind) not in deal.miseres]


def result_lines(result, match=None):
    """Contract, taker, made or failed by how much, the seat and violation that decided
    the deal (e.g. "P3 revoke"), then each seat's mark."""
    if result.status != "played":
        return [say("Deal annulled" if result.status == "petit-sec" else "All passed"),
                say("no score")]
    sc = result.score
    pts = sc.counted
    head = "%s %s" % (_who(match, result.taker), tarot.CONTRACT_NAMES[result.contract])
    verdict = say("made %d/%d" if sc.won else "down %d/%d") % (pts, sc.target)
    lines = [head, verdict]
    if result.violation is not None:
        seat, kind = result.violation[0], result.violation[1]
        lines.append("%s %s" % (_who(match, seat), words.lcd(words.violation(kind))))
    return lines + ["%s %+d" % (_who(match, s), m) for s, m in enumerate(result.marks)]


def record(match, result):
    """Book the marks; returns the summary lines."""
    lines = result_lines(result, match)
    match.record(result)
    return lines


def booked_rows(match):
    """The sheet for the journal's checkpoint: ``[taker, contract] + marks`` per deal
    (taker -1 when all passed); the totals are the sums of the marks (FFT p.19)."""
    return [[r.taker, r.contract] + list(r.marks) for r in match.rows]


def rebook(match, row):
    """Book a ``booked_rows`` row again (what the sheet and its totals read of a result:
    taker, contract, marks); the deal passes on as at the table. Raises BadRecord on a
    row that is not ``[taker, contract, mark per seat]`` of integers, or whose marks do
    not sum to 0: what the defenders pay the taker's camp wins (FFT 2012 p.8-9; the house
    rules settle each prime between its owner and the others, the mort marks 0:
    docs/rules/tarot.md), so such a row is no deal the board booked."""
    n = _table_players(match)
    row = _row(row, n + 2)
    for v in row:
        if not isinstance(v, int) or isinstance(v, bool):
            raise BadRecord("tarot checkpoint row %r: %r is not a number" % (row, v))
    if not (-1 <= row[0] < n and 0 <= row[1] < len(tarot.CONTRACT_NAMES)):
        raise BadRecord("tarot checkpoint row %r: no such taker or contract" % (row,))
    total = sum(row[2:])
    if total:
        raise BadRecord("tarot checkpoint row %r: marks sum to %d, not 0" % (row, total))
    booked = tarot.Booked(row[0], row[1], tuple(row[2:]))
    if hasattr(match, "book"):  # the mort's sheet: the row is in table seats already
        match.book(booked)
    else:
        match.record(booked)


def sheet_lines(match):
    """Running totals per seat and the number of deals."""
    return [say("Deals: %d") % len(match.rows)] + [
        "%s %+d" % (seat_label(s), t) for s, t in enumerate(match.totals)]


def is_match_over(match):
    """A tarot evening runs as long as the table likes."""
    return False


def sheet_table(match):
    """The tarot sheet as ``(columns, rows)``: deal, taker (1-based, 0 when passed),
    contract, each seat's mark and running total."""
    n = _table_players(match)
    cols = ["deal", "taker", "contract"] + ["mark P%d" % (s + 1) for s in range(n)] + \
        ["total P%d" % (s + 1) for s in range(n)]
    rows = []
    totals = [0] * n
    for i, r in enumerate(match.rows):
        totals = [t + m for t, m in zip(totals, r.marks)]
        rows.append([i + 1, r.taker + 1, tarot.CONTRACT_NAMES[r.contract]] + list(r.marks) +
                    totals)
    return cols, rows

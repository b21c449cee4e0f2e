"""Skat at the table: the auction's result and the contract are entered with the buttons,
cards are played on the pads, the skat is scanned when the play is over, the list (with
Seeger-Fabian totals) is kept. Rules: docs/rules/skat.md.

Table seats are 0..players-1 clockwise; the deal's seats are forehand, middlehand,
rearhand, starting left of the dealer (with 4 players the dealer sits out, with 5 the
dealer and the third player on his left, with 6 also the fifth, core.games.skat_table).
"""

from collections import namedtuple

from core.cards import SKAT
from core.errors import BadRecord
from core.games import skat, skat_scoring, skat_series, skat_sheet
from device.flows import _row
from device.lcdtext import seat_label
from device import words
from device.menu import Item, Items, Menu, filled
from device.words import say, tr

# Skat's own violation (device.words): a jack found pushed in a Schieberamsch's skat
words.register(violations={skat.PUSHED_JACK: "jack pushed"})

NAME = "skat"
TITLE = "Skat"
DECK = SKAT
PLAYERS = (3, 4, 5, 6)  # 4: the dealer sits out; 5: two sit out, 6: three (skat_table)
# A proven revoke: decided as ISkO 4.1-4.2 (the game ends) or only shown (docs/rules/skat.md).
_BASE_OPTIONS = (("violations", "Violations", (("decide", "decide"),
                                         ("report only", "report"))),
           # All passed: no game (ISkO) or a Ramsch (house rule, docs/rules/skat.md).
           ("ramsch", "All passed", (("no game", skat.RAMSCH_OFF),
                                     ("Ramsch", skat.RAMSCH_ON),
                                     ("Schieberamsch", skat.RAMSCH_SCHIEBE))),
           # Kontra and Re before the first card, or a defender's Kontra until his own
           # first card (house rules, docs/rules/skat.md).
           ("kontra", "Kontra/Re", (("off", skat.KONTRA_OFF), ("on", skat.KONTRA_ON),
                                    ("to own card", skat.KONTRA_OWN_CARD))),
           # Bock rounds: games counted double after a trigger (house rule).
           ("bock", "Bock rounds", (("off", skat.BOCK_OFF), ("on", skat.BOCK_ON))),
           # The evening's length and its settlement (house scoring, skat_series).
           ("series", "Series", (("no limit", "off"), ("1 series", "1"), ("2 series", "2"),
                                 ("3 series", "3"))),
           # First to a points target ends the evening once the round is complete.
           ("target", "Points target", (("off", "off"), ("500", "500"), ("1000", "1000"))),
           ("money", "Money/point", (("off", "off"), ("1 ct", "1"), ("1/2 ct", "1/2"),
                                     ("1/4 ct", "1/4"), ("1/10 ct", "1/10"))),
           # Lost hand games doubled (ISkO) or simple (the old rule); Seeger-Fabian shown
           # or not (house scoring, skat_scoring).
           ("lost_hand", "Lost hand game", (("double (ISkO)", "double"),
                                            ("simple (old)", "single"))),
           ("seeger", "Seeger-Fabian", (("on", "on"), ("off", "off"))))
# With Bock rounds on: the further triggers and the Ramsch round after a Bock round (XSkat
# -bockevents, -bockramsch; core.games.skat_bock_events, docs/rules/skat.md).
_BOCK_EVENTS = (("bock_kontra", "Bock: Kontra won", (("off", "off"), ("on", "on"))),
                ("bock_re", "Bock: Re said", (("off", "off"), ("on", "on"))),
                ("bock_value", "Bock: value", (("off", "off"), ("72 or more", "72"),
                                              ("96 or more", "96"))),
                ("bock_schneider", "Bock: schneider", (("off", "off"), ("on", "on"))),
                ("bock_durchmarsch", "Bock: Durchm.", (("off", "off"), ("on", "on"))),
                ("bockramsch", "Ramsch rounds", (("off", "off"), ("after Bock", "on"))))


def OPTIONS(players, chosen):
    """The setup questions: the tournament rules' and house rules' options, and the Bock
    events only when Bock rounds are on."""
    if chosen.get("bock") == skat.BOCK_ON:
        return _BASE_OPTIONS + _BOCK_EVENTS
    return _BASE_OPTIONS

# A deal booked again from the journal's checkpoint: what ScoreSheet.add reads of a Result.
_Booked = namedtuple("_Booked", ("status", "declarer", "value"))

# The German suit names of the Prager deck (ASCII: the LCD's ROM has no umlaut).
_KINDS = (("Eichel", "C"), ("Gruen", "S"), ("Herz", "H"), ("Schellen", "D"), ("Grand", "G"),
          ("Null", "N"))


def new_match(players, options):
    """A Skat list for ``players`` (3, or 4 with the dealer sitting out); ``options``:
    ``violations``, ``ramsch``, ``kontra``, ``bock`` (see OPTIONS)."""
    events = dict((k, options[k]) for k, _, _ in _BOCK_EVENTS if k in options)
    match = skat_sheet.Match(players, violations=options.get("violations", skat.VIOLATIONS_DECIDE),
                             ramsch=options.get("ramsch", skat.RAMSCH_OFF),
                             kontra=options.get("kontra", skat.KONTRA_OFF),
                             bock=options.get("bock", skat.BOCK_OFF), **events)
    match.series, match.money = skat_series.check(options.get("series", "off"),
                                                  options.get("money", "off"))
    match.game.series, match.game.money = match.series, match.money  # readable on the game
    match.target = match.game.target = skat_series.check_target(options.get("target", "off"))
    match.game.lost_hand, match.game.seeger = skat_scoring.check(
        options.get("lost_hand", "double"), options.get("seeger", "on"))
    return match


def deal_factory(match):
    """The next deal: cards unknown, as at the table."""
    return lambda: match.new_deal()


def pad_seat(match, deal, pad):
    """Deal seat (0 forehand, 1 middle, 2 rear) of the player at ``pad``; -1 sits out."""
    seats = match.table_seats()
    return seats.index(pad) if pad in seats else -1


def _who(match_seats, s):
    return seat_label(match_seats[s]) if match_seats else seat_label(s)


def undo_span(actions):
    """How many of ``actions`` (the deal's, last ones) a long press takes back: the
    passes at their end, all of them (only "All passed" enters passes, three as one
    answer; taken back one by one, the "Auction result" menu came back over two passes
    it cannot enter again, and its answers were refused or booked a middlehand who had
    passed as declarer), else the last action."""
    n = 0
    while n < len(actions) and actions[-1 - n][0] == "pass_":
        n += 1
    return n or 1


def prompt(deal, match=None):
    """What to enter now: the auction result, skat pickup or hand, the contract."""
    seats = match.table_seats() if match is not None else None
    if deal.phase == skat.PHASE_AUCTION:
        items = [filled("%s declarer", (_who(seats, s),), submenu=_bid_menu(s))
                 for s in range(3)]
        items.append(Item("All passed", actions=[("pass_", (1,)), ("pass_", (2,)),
                                                 ("pass_", (0,))]))
        return Menu("Auction result", items)
    if deal.phase == skat.PHASE_DECLARE:
        d = deal.declarer
        return Menu(tr("%s: skat?") % _who(seats, d), [
            Item("Pick up skat", actions=[("pick_up", (d,))]),
            Item("Hand game", submenu=_contract_menu(d, True, _who(seats, d))),
            Item("Declarer left", actions=[("abandon", (d,))])])
    if deal.phase == skat.PHASE_DISCARD:
        who = _who(seats, deal.declarer)
        menu = _contract_menu(deal.declarer, False, who)
        # the step only a person does: two cards put back face down as the skat before the
        # contract; the board sees them only when the skat is scanned at the end, so the
        # first button press in the menu ends it: the contract question is the title then
        menu.title, menu.then = tr("%s discard 2") % who, menu.title
        menu.items.append(Item("Declarer left", actions=[("abandon", (deal.declarer,))]))
        return menu
    if deal.phase == skat.PHASE_PUSH:
        return _push_menu(deal.pusher, seats)
    return None


def _push_menu(s, seats):
    """Schieberamsch: the player holding the skat takes it and pushes two cards (not
    scanned: the board sees the skat at the end), or passes it on unseen (doubles)."""
    return Menu(tr("%s: skat?") % _who(seats, s), [
        Item("Push 2 cards", actions=[("push", (s, None))]),
        Item("Pass on unseen", actions=[("pass_skat", (s,))])] + _left_items(seats))


def _bid_menu(declarer):
    # At the table only the winning bid matters; the ladder holds every game value up to
    # 264. Its 63 lines are made one at a time, as they are shown (device.menu.Items).
    n = 0
    while n < len(skat.BID_LADDER) and skat.BID_LADDER[n] <= 264:
        n += 1

    def item(i):
        v = skat.BID_LADDER[i]
        return Item(str(v), actions=[("enter_auction", (declarer, v))])
    return lambda: Menu("Winning bid", Items(n, item))


def _contract_menu(declarer, hand, who):
    """The games to declare, titled with the question to the declarer ``who`` ("P2")."""
    items = []
    for label, kind in _KINDS:
        items.append(Item(label, submenu=_announce_menu(declarer, kind, hand)))
    return Menu(tr("%s: game?") % who, items)


def _announce_menu(declarer, kind, hand):
    def build():
        h = "H" if hand else ""
        if kind == "N":
            codes = (("Null", "N" + h), ("Null ouvert", "NO" + h))
        elif hand:
            codes = (("Plain hand", kind + "H"), ("Schneider ann.", kind + "HS"),
                     ("Schwarz ann.", kind + "HZ"), ("Ouvert", kind + "O"))
        else:
            codes = (("Plain", kind),)
        return Menu("Announce", [Item(label, actions=[("declare", (declarer, code, None))])
                                 for label, code in codes])
    return build


def table_items(deal, match=None):
    """In-play extras: the declarer shows the cards; a player resigns."""
    if deal.phase != skat.PHASE_PLAY:
        return []
    seats = match.table_seats() if match is not None else None
    if deal.status == "ramsch":
        return _left_items(seats)
    items = _double_items(deal, seats)
    items.append(filled("Claim (%s)", (_who(seats, deal.declarer),),
                        actions=[("claim", (deal.declarer,))]))
    for s in range(3):
        items.append(filled("%s resigns", (_who(seats, s),), actions=[("resign", (s,))]))
    return items + _left_items(seats)


def _double_items(deal, seats):
    """Kontra by a defender, or Re by the declarer, for a player the deal accepts it from
    now: the option kontra's timing (skat_kontra.too_late) and, when the auction was
    played move by move, who said 18 or more (skat_kontra.refusal)."""
    if deal.kontra_rule == skat.KONTRA_OFF or deal.doubles >= 2:
        return []
    from core.games import skat_kontra  # loaded only at a table playing Kontra

    verb, word = ("re", "Re") if deal.doubles == 1 else ("kontra", "Kontra")
    return [Item("%s %s" % (_who(seats, s), word), actions=[(verb, (s,))]) for s in range(3)
            if skat_kontra.refusal(deal.doubles, s, deal.declarer, deal.said, False) is None
            and skat_kontra.too_late(deal.kontra_rule, deal.history, s, deal.doubles,
                                     deal.kontra_at) is None]


def _left_items(seats):
    # a player who leaves the table (ISS: timeout, left): aborted
    return [filled("%s left", (_who(seats, s),), actions=[("abandon", (s,))])
            for s in range(3)]


def result_lines(result, match=None):
    """The deal's verdict in two rows; in a Bock round the value shown is doubled."""
    lines = _verdict_lines(result, match)
    if match is not None and result.value and match.factor(result) == 2:
        lines = [lines[0], _bock_line(lines[1], 2 * result.value)]
    return lines


def _verdict_lines(result, match):
    if result.status == "passed":
        return [say("All passed"), say("no game")]
    if result.value is None:
        return [say("Aborted"), say("no value")]
    seats = match.table_seats() if match is not None else None
    if result.status == "ramsch":
        return _ramsch_lines(result, seats)
    verdict = "overbid" if result.overbid else ("won" if result.won else "lost")
    return [say("%s %s %dp %dt") % (_who(seats, result.declarer),
                                    _contract_lcd(result.contract),
                                    result.declarer_points, result.declarer_tricks),
            _value_row(say(verdict) + _doubles_tag(result.levels), result.value)]


def _value_row(head, value):
    """``head`` (words) and the signed ``value`` as a result row of at most 16 columns
    (the 16x2 LCD): the value is never cut; the head's first word (the verdict, the
    Ramsch's Jungfrau) is shortened with a dot where the row is too wide: German
    "verloren Re -1536" is 17 columns, "verlor. Re -1536" 16."""
    row = ("%s %+d" % (head, value)).strip()
    if len(row) <= 16:
        return row
    first, _, rest = head.partition(" ")
    tail = ("%s %+d" % (rest, value)).strip()
    room = 16 - len(tail) - 2  # the first word's letters kept, then "." and a blank
    return (first[:room] + ". " + tail) if room > 0 else tail


def _contract_lcd(contract):
    """The contract as the LCD's result row shows it: a suit game by its suit's glyph in
    the deck's look (CGRAM code ``chr(suit)``, device.glyphs: acorns or clubs, never the
    ISS letter "C"), then the ISS marks (H hand, S schneider, Z schwarz, O ouvert); grand
    "G", null "N" (what Skat lists write)."""
    code = skat.contract_code(contract)
    return chr(contract.kind) + code[1:] if contract.kind < 4 else code


def _doubles_tag(levels):
    """" K" after a Kontra, " Re" after a Re, else nothing (the LCD's second row)."""
    if "re" in levels:
        return " Re"
    return " K" if "kontra" in levels else ""


def _ramsch_lines(result, seats):
    """A Ramsch's verdict: the player charged (or the Durchmarsch) and the value."""
    if result.declarer < 0:
        return ["Ramsch", say("all tied, 0")]
    tags = {"durchmarsch": "Durchm.", "jungfrau": "Jungfr.", "tie": "tie"}
    extra = " ".join(say(tags[n]) for n in result.levels if n in tags)
    passed = result.levels.count("passed")
    factor = " x%d" % (1 << passed) if passed else ""  # Schieberamsch: passed on unseen
    row = _value_row((extra + factor).strip(), result.value)
    return ["Ramsch %s %dp" % (_who(seats, result.declarer), result.declarer_points), row]


def record(match, result):
    """Book the deal on the list; returns the summary lines."""
    lines = result_lines(result, match)
    match.record(result)
    return lines


def _bock_line(line, value):
    """The result row of a Bock game: its tag and the doubled ``value`` (16 columns at
    most: "B" for Bock, then as :func:`_value_row`)."""
    head = line.rsplit(" ", 1)[0] if " " in line else ""
    out = ("%s Bock %+d" % (head, value)).strip()
    if len(out) > 16:
        out = _value_row(("%s B" % head).strip(), value)
    return out


def booked_rows(match):
    """The list for the journal's checkpoint: ``[declarer, value]`` per game (declarer a
    table seat, -1 when nobody played); the running and Seeger-Fabian totals follow from
    them (ISkO 5.2.1 and the Seeger-Fabian bonuses, core.games.skat_sheet.ScoreSheet).
    With the house rules Ramsch or Bock on, the rows of core.games.skat_booked, which
    also rebuild each Ramsch's values and the Bock and Ramsch rounds owed
    (docs/records.md)."""
    if _house_rows(match):
        from core.games import skat_booked
        return skat_booked.rows(match)
    return [[r[1], r[2]] for r in match.sheet.rows]


def _house_rows(match):
    """True when the checkpoint's rows are core.games.skat_booked's (Ramsch or Bock on)."""
    return match.game.ramsch != skat.RAMSCH_OFF or match.bock != skat.BOCK_OFF


def rebook(match, row):
    """Book a ``booked_rows`` row again: the list adds it as it added the deal (same
    ScoreSheet rules) and the deal passes to the left. Raises BadRecord on a row that is
    not ``[declarer, value]`` with the declarer playing this deal (with Ramsch or Bock on:
    core.games.skat_booked.rebook's rows and errors)."""
    if _house_rows(match):
        from core.games import skat_booked
        skat_booked.rebook(match, row)
        return
    decl, value = _row(row, 2)
    seats = match.table_seats()
    if decl != -1 and decl not in seats or not isinstance(value, int):
        raise BadRecord("skat checkpoint row %r: declarer %r does not play this deal"
                        % (row, decl))
    seat = seats.index(decl) if decl != -1 else -1
    match.record(_Booked("booked", seat, value))


def sheet_lines(match):
    """The list's totals: one line per player, plain and Seeger-Fabian (plain only with
    the option seeger off), in 16 columns (``"P2    98 SF 1098"``: five digits each, a
    16x2 LCD shows the whole row); then the Bock and Ramsch games owed and the money."""
    sheet = match.sheet
    if _seeger(match):
        lines = []
        for p in range(match.players):
            who, plain, sf = seat_label(p), sheet.totals[p], sheet.sf[p]
            row = "%s %5d SF%5d" % (who, plain, sf)
            # -10000 or less is six columns: the SF total then has a row of its own
            lines += [row] if len(row) <= 16 else ["%s %d" % (who, plain), "   SF %d" % sf]
    else:  # option seeger off: the plain totals only
        lines = ["%s %5d" % (seat_label(p), sheet.totals[p]) for p in range(match.players)]
    if match.bock_rounds is not None and match.bock_rounds.left:
        lines.append(say("Bock games %d") % match.bock_rounds.left)
    if match.bock_rounds is not None and match.bock_rounds.ramsch_left:
        lines.append(say("Ramsch games %d") % match.bock_rounds.ramsch_left)
    return lines + _money_lines(match)


def _money_lines(match):
    """With the money option: what each player gets or pays so far, in cents
    (``"P2 ct      -120"``), the plain totals settled as skat_series.settle."""
    money = getattr(match, "money", "off")
    if money == "off":
        return []
    cents = skat_series.settle(match.sheet.totals, money)
    return ["%s ct %+9d" % (seat_label(p), c) for p, c in enumerate(cents)]


def _seeger(match):
    """False when the option seeger is off (the list without Seeger-Fabian totals)."""
    return getattr(match.game, "seeger", "on") != "off"


def is_match_over(match):
    """A Skat list runs as long as the table likes, or to the end of the series chosen
    (option series: 36 games a series at 3 players, 48 at 4; skat_series), or to the
    end of the round in which a player reached the points target (option target)."""
    played = len(match.sheet.rows)
    return skat_series.is_over(getattr(match, "series", "off"), match.players, played) or \
        skat_series.target_reached(getattr(match, "target", "off"), match.players,
                                   [row[3] for row in match.sheet.rows])


def sheet_table(match):
    """The Skat list as ``(columns, rows)`` for the link and CSV: game number, declarer
    (table seat, 1-based; 0 when nobody played), value, then each player's running total
    and Seeger-Fabian total (not with the option seeger off); with Bock rounds on, a last
    column "bock" (1: counted double)."""
    n = match.players
    sf = _seeger(match)
    cols = ["game", "declarer", "value"] + ["P%d" % (p + 1) for p in range(n)] + \
        (["SF P%d" % (p + 1) for p in range(n)] if sf else [])
    rows = [[r[0], r[1] + 1, r[2]] + list(r[3]) + (list(r[4]) if sf else [])
            for r in match.sheet.rows]
    if match.bock == skat.BOCK_ON:
        cols.append("bock")
        for row, doubled in zip(rows, match.doubled):
            row.append(1 if doubled else 0)
    return cols, rows

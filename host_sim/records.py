"""Game records for all four games: JSON lines, one deal per line (docs/records.md).

A record line::

    {"format": "trickref/1", "game": "magistr", "players": 3, "options": {...},
     "deal": 1, "actions": [["lead", [0]], ["play", [0, "QS"]], ...],
     "result": {...}}

``actions`` are the referee's accepted actions in order (``core.referee``): the choices
(bids, contracts, the first leader...) and the cards played, with cards written as codes.
``result`` is what the deal scored (written by the exporter; a replay recomputes it).

The board's journal exports to this format (:func:`from_journal`), and
``trickref replay FILE --json`` replays it through the emulated board (:func:`replay`).
"""

import json

from core.cards import deck_named
from core.errors import BadRecord
from core.events import Refused, RevokeFound
from device import seating

FORMAT = "trickref/1"

# Which arguments of a verb are cards (index -> "card" or "cards"): everything else is
# an int, a string, a bool or None as the Deal method takes it.
CARD_ARGS = {
    "play": {1: "card"},
    "set_skat": {0: "cards"},
    "discard": {1: "cards"},
    "call": {1: "card"},
    "declare": {2: "cards"},
    "announce": {2: "cards"},
    "show_hand": {0: "cards"},
}


def _deck(game):
    return deck_named({"skat": "skat", "tarot": "tarot"}.get(game, "french36"))


def encode_args(deck, verb, args):
    """``args`` with the card numbers written as codes (JSON-ready list)."""
    kinds = CARD_ARGS.get(verb, {})
    out = []
    for i, a in enumerate(args):
        k = kinds.get(i)
        if k == "card" and a is not None:
            out.append(deck.code(a))
        elif k == "cards" and a is not None:
            out.append([deck.code(c) for c in a])
        elif isinstance(a, tuple):
            out.append(list(a))
        else:
            out.append(a)
    return out


def decode_args(deck, verb, args):
    """The inverse of :func:`encode_args`; raises BadRecord on an unknown card code."""
    kinds = CARD_ARGS.get(verb, {})
    out = []
    try:
        for i, a in enumerate(args):
            k = kinds.get(i)
            if k == "card" and a is not None:
                out.append(deck.parse(a))
            elif k == "cards" and a is not None:
                out.append([deck.parse(c) for c in a])
            else:
                out.append(a)
    except ValueError as e:
        raise BadRecord("%s: %s" % (verb, e))
    return tuple(out)


def result_json(result):
    """A deal result (a namedtuple of the game) as plain JSON data."""
    if hasattr(result, "_asdict"):
        return {k: result_json(v) for k, v in result._asdict().items()}
    if hasattr(result, "as_dict"):
        return result_json(result.as_dict())
    if isinstance(result, dict):
        return {k: result_json(v) for k, v in result.items()}
    if isinstance(result, (list, tuple)):
        return [result_json(v) for v in result]
    if isinstance(result, (bytes, bytearray)):
        return list(result)
    return result


def from_journal(records):
    """Turn journal records ``(kind, data)`` (``device.controller``: "game", "act",
    "undo", "deal", "sheet") into record lines (dicts), one per finished or started deal
    whose actions the journal holds (a ``sheet`` checkpoint keeps no actions: the deals
    after it are numbered on from it)."""
    lines = []
    head = None
    acts = []
    deal_no = 0
    sheet = None  # the checkpoint's booked rows, for the first deal line after it
    for i, (kind, data) in enumerate(records):
        if kind == "game":
            head = _head(i, data)
            acts = []
            deal_no = 0
            sheet = None
        elif head is None:
            raise BadRecord("journal record %r before the game header" % (kind,))
        elif kind == "act":
            acts.append(data)
        elif kind == "undo":
            if acts:
                acts.pop()
        elif kind == "sheet":  # a checkpoint: its deals are booked, their actions gone
            deal_no = len(data)
            acts = []
            sheet = [result_json(row) for row in data] if data else None
        elif kind == "deal":
            deal_no += 1
            if acts:  # a booking without actions is a closed game's row kept by compaction
                lines.append(_line(head, deal_no, acts, sheet))
                sheet = None
            acts = []
    if head is not None and acts:
        lines.append(dict(_line(head, deal_no + 1, acts, sheet), unfinished=True))
    deck_cache = {}
    for line in lines:
        deck = deck_cache.setdefault(line["game"], _deck(line["game"]))
        try:
            line["actions"] = [[v, encode_args(deck, v, a)] for v, a in line["actions"]]
        except (TypeError, ValueError) as e:  # BadCard is a ValueError
            raise BadRecord("journal record of %s deal %d: an action whose cards are not "
                            "cards (%s)" % (line["game"], line["deal"], e))
    return lines


def _head(i, data):
    """The record line's head of game header ``data`` (journal record ``i``): ``[name,
    players, [[option, value], ...]]``; raises BadRecord on any other shape (a record
    the board could not replay, kept in a side file that ``trickref journal`` reads)."""
    try:
        name, players, options = data
        options = dict((k, v) for k, v in options)
    except (TypeError, ValueError):
        options = None
    if options is None or not isinstance(name, str) or type(players) is not int:
        raise BadRecord("journal record %d: a game header is [name, players, options], "
                        "not %r" % (i, data))
    return {"format": FORMAT, "game": name, "players": players, "options": options}


def _line(head, deal_no, acts, sheet):
    """One record line; ``sheet`` (the booked rows of a checkpoint) rides on the first deal
    after it, so a replay starts from the sheet the board had (docs/records.md)."""
    line = dict(head, deal=deal_no, actions=list(acts))
    if sheet is not None:
        line["sheet"] = sheet
    return line


def journal_lines(path):
    """Read the board's journal file at ``path`` (``core.journal.Journal``; a torn or
    corrupt tail is dropped, never changed on disk). Returns ``(records, report, lines)``:
    the journal records, the read's ``core.journal.Report`` and the game record lines of
    :func:`from_journal`. Raises OSError or TrickrefError (BadRecord) for an unreadable
    file."""
    from core.journal import Journal
    recs, report = Journal(path).read()
    return recs, report, from_journal([(r.kind, r.data) for r in recs])


def write_jsonl(lines, path):
    """Write record ``lines`` (dicts) to ``path`` as JSON lines (docs/records.md), one
    deal a line, for ``trickref replay``. Raises OSError."""
    with open(path, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(json.dumps(line) + "\n")


def read(text):
    """Parse record lines (JSON objects, one per line); raises BadRecord on a bad line."""
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            d = json.loads(raw)
        except ValueError as e:
            raise BadRecord("line %d: not JSON (%s)" % (n, e))
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise BadRecord("line %d: not a %s record" % (n, FORMAT))
        for key in ("game", "players", "actions"):
            if key not in d:
                raise BadRecord("line %d: no %r" % (n, key))
        if not isinstance(d["players"], int) or not isinstance(d["actions"], list) or \
                not all(isinstance(a, list) and len(a) == 2 and isinstance(a[0], str) and
                        isinstance(a[1], list) for a in d["actions"]):
            raise BadRecord("line %d: players is a number and actions a list of "
                            "[verb, [args...]]" % n)
        if not isinstance(d["game"], str) or not isinstance(d.get("options", {}), dict):
            raise BadRecord("line %d: game is a name and options an object" % n)
        out.append(d)
    return out


def replay(lines, cols=16, rows=2):
    """Replay record lines through the emulated board; yields one dict per deal:
    ``{"game", "deal", "status", "result"}``. Deals of one game share a match (the
    score sheet), so a whole journal export replays to the same sheet."""
    from device import flows
    from host_sim.board import SimBoard, TaggedDeck
    match = None
    key = None
    board = None
    for line in lines:
        game, players = line["game"], line["players"]
        flow = flows.load(game)
        options = line.get("options", {})
        try:
            flows.check_options(flow, players, options)
        except ValueError as e:
            raise BadRecord("deal %s: %s" % (line.get("deal"), e))
        if key != (game, players, json.dumps(options, sort_keys=True)) or \
                line.get("deal", 1) == 1 or "sheet" in line:
            key = (game, players, json.dumps(options, sort_keys=True))
            match = _match(flow, players, options, line)
            board = SimBoard(players, cols, rows)
            tags = TaggedDeck(flow.DECK)
        app = board.start(flow.deal_factory(match), flow.DECK)
        app.seating = seating.for_deal(flow, match, app.referee.deal, players)
        found = []  # the violations the board found: (seat, kind, trick)
        for verb, args in line["actions"]:
            args = decode_args(flow.DECK, verb, args)
            if verb == "play":
                if len(args) != 2:
                    raise BadRecord("deal %s: play takes [seat, card], not %r"
                                    % (line.get("deal"), list(args)))
                pad = _pad_of(flow, match, app.referee.deal, args[0], players)
                events = board.play_card(pad, tags.tag(args[1]))
            else:
                events = app.choose(verb, *args)
            found.extend(violations(events))
            refused = [e for e in events if isinstance(e, Refused)]
            if refused:
                raise BadRecord("deal %s: %s %s refused: %s" % (
                    line.get("deal"), verb, " ".join(
                        str(a) for a in encode_args(flow.DECK, verb, args)),
                    refused[0].detail))
        deal = app.referee.deal
        if not deal.is_over():
            yield {"game": game, "deal": line.get("deal"), "status": "unfinished",
                   "result": None, "violations": found,
                   "tricks": getattr(deal, "tricks_done", 0)}
            continue
        result = deal.result()
        flow.record(match, result)
        yield {"game": game, "deal": line.get("deal"), "status": "played",
               "result": result_json(result), "violations": found}


def _match(flow, players, options, line):
    """A new score sheet for ``line``'s game, with the booked rows of its ``sheet`` (a
    journal checkpoint: the deals before it kept no actions) booked again as the board
    does at boot (``flow.rebook``). Raises BadRecord when ``sheet`` does not fit the
    game or does not account for the deals before this one."""
    match = flow.new_match(players, options)
    rows = line.get("sheet")
    if rows is None:
        return match
    deal = line.get("deal")
    if not isinstance(rows, list) or deal != len(rows) + 1:
        raise BadRecord("deal %s: its sheet holds %s booked deals, %s expected" % (
            deal, len(rows) if isinstance(rows, list) else "no list of",
            deal - 1 if isinstance(deal, int) else "deal - 1"))
    for row in rows:
        try:
            flow.rebook(match, _tuples(row))
        except (TypeError, ValueError, IndexError) as e:
            raise BadRecord("deal %s: sheet row %r does not fit %s (%s)" % (
                deal, row, flow.NAME, e))
    return match


def _tuples(v):
    """JSON's lists back to the tuples the journal's codec gives (``core.codec``)."""
    return tuple(_tuples(x) for x in v) if isinstance(v, list) else v


def violations(events):
    """The rule violations among ``events`` (``RevokeFound``) as JSON-ready dicts
    ``{"seat", "kind", "trick"}`` (trick 0-based; -1: before the play, e.g. the écart)."""
    return [{"seat": e.seat, "kind": e.reason, "trick": e.trick} for e in events
            if isinstance(e, RevokeFound)]


def _pad_of(flow, match, deal, seat, players):
    for pad in range(players):
        if flow.pad_seat(match, deal, pad) == seat:
            return pad
    raise BadRecord("no pad seats deal seat %r" % (seat,))

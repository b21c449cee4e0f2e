"""``trickref replay FILE``: replay game records through the emulated board.

Two kinds of file are read:

- ISS Skat files (``.sgf``, one record per line). A record that carries the deal is
  checked against it move by move, with the verdicts of the referee that knows the hands
  (``core.iss.replay``: follow suit, cards held, the discard, the cards shown for ouvert
  and claims), and scored from the known deal. With ``--table``, or for a record without
  the deal, it is played as a table plays it: through the unmodified firmware on the
  emulated Pico board (``host_sim.scenario``), which learns each card as it lands on a pad;
- trickref game records (JSON lines, one deal per line, any of the four games: the format
  in docs/records.md, what the journal exports), replayed deal by deal on one score sheet:
  ``{"game", "deal", "status", "result", "violations"}`` per deal (an unfinished deal
  also ``"tricks"``, how many its record holds).

With ``--json`` one JSON object per record is printed (stable; for ISS see
``host_sim.scenario.replay_dict``)::

    {"id": "...", "status": "played|passed|aborted", "declarer": 0-2, "contract": "G",
     "trick_winners": [...], "declarer_points": n, "declarer_tricks": n, "value": n,
     "matadors": n, "won": b, "overbid": b, "schneider": b, "schwarz": b,
     "agrees_with_record": b|null, "path": "deal|table"}

Seats are as in the record: 0 forehand, 1 middlehand, 2 rearhand. A move the rules or the
deal refuse, a move after the end of the game, an unknown move form, or a record that
stops before its game ends is an error, never skipped.

A record that cannot be read or replayed prints ``{"id": <the game ID, or "line N" when
the line has none>, "status": "error", "error": "...", "move": "1 CQ", "move_number": 6,
"reason": "..."}`` (``move``, ``move_number`` and ``reason`` when a move is at fault) and
the replay goes on with the next one (exit status 1 at the end).
"""

import json
import sys

from core import iss
from core.errors import BadRecord, TrickrefError
from host_sim.i18n import counted
from host_sim.scenario import SkatReplay, agrees, replay_dict

HELP = "replay game records (ISS .sgf for Skat, trickref JSON lines) on the emulated board"


def add_arguments(p):
    """Options of ``replay``."""
    p.add_argument("file", help="ISS Skat .sgf or trickref JSON-lines record file")
    p.add_argument("--json", action="store_true", help="one JSON object per record")
    p.add_argument("--table", action="store_true",
                   help="ISS: play every record on the emulated board as a table would, "
                        "hands unknown (records without the deal always are)")


def run(args):
    """Replay every record of the file; exit status 0, or 1 if any record failed."""
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print("error: %s is not a readable record file (%s)" % (args.file, e),
              file=sys.stderr)
        return 2
    lines = [l for l in text.splitlines() if l.strip()]
    if not lines:
        print("error: %s holds no records (an empty file)" % args.file, file=sys.stderr)
        return 2
    if lines[0].lstrip().startswith("{"):
        return _json_records(text, args.json)
    failed = 0
    for n, line in enumerate(lines, 1):
        out = iss_replay(line, n, args.table)
        failed += out["status"] == "error"
        if args.json:
            print(json.dumps(out))
        else:
            print(_summary(out))
    return 1 if failed else 0


def iss_replay(line, n, table=False):
    """Replay one ISS record line (the ``n``-th of its file); returns the JSON-ready dict:
    the result, or the error with the game ID, the move and the reason."""
    try:
        rec = iss.parse_record(line)
        if table or rec.cards is None:
            out = SkatReplay(rec).run()
            out["path"] = "table"
        else:
            deal = iss.replay(rec)
            if not deal.is_over():
                raise BadRecord("ISS %s: the moves end before the game is over" % rec.id)
            out = replay_dict(rec.id, deal.result())
            out["agrees_with_record"] = agrees(out, rec)
            out["path"] = "deal"
        return out
    except (TrickrefError, ValueError) as e:
        return error_dict(e, iss.record_id(line) or "line %d" % n)


def error_dict(e, gid):
    """The error object of ``replay --json`` for exception ``e`` of record ``gid``."""
    out = {"id": gid, "status": "error", "error": str(e)}
    if isinstance(e, iss.RecordError):
        out.update(move=e.move, move_number=e.number, reason=e.reason)
    return out


def _summary(o):
    """One line for people: seats as in the record (forehand, middlehand, rearhand)."""
    if o["status"] in ("error", "passed"):
        return "%s: %s%s" % (o["id"], o["status"], (" " + o["error"]) if "error" in o else "")
    who = ("forehand", "middlehand", "rearhand")[o["declarer"]]
    if o["value"] is None:
        return "%s: aborted before the game had a value (declarer %s)" % (o["id"], who)
    line = "%s: %s, declarer %s, %s, %s, %s, value %+d" % (
        o["id"], o["status"], who, o["contract"], counted(o["declarer_points"], "point"),
        counted(o["declarer_tricks"], "trick"), o["value"])
    if o.get("agrees_with_record") is False:
        line += "  (the record's R[...] says otherwise!)"
    return line


def _json_records(text, as_json):
    """Replay trickref records (JSON lines); an error names the file's line (1-based,
    blank lines counted) of the record it stopped at."""
    from host_sim import records
    numbers = [n for n, l in enumerate(text.splitlines(), 1) if l.strip()]
    done = 0
    try:
        for out in records.replay(records.read(text)):
            done += 1
            if as_json:
                print(json.dumps(out))
            else:
                r = out["result"] or {}
                what = r.get("marks") or r.get("points") or r.get("value") or ""
                if out["status"] == "unfinished":  # how far the record goes
                    what = "(tricks played: %d)" % out["tricks"]
                print(("%s deal %s: %s %s" % (out["game"], out["deal"], out["status"],
                                              what)).rstrip())
    except (TrickrefError, ValueError) as e:
        msg = str(e)
        if not msg.startswith("line ") and done < len(numbers):  # read() names its lines
            msg = "line %d: %s" % (numbers[done], msg)
        print(json.dumps({"status": "error", "error": msg}) if as_json
              else "error: %s" % msg)
        return 1
    return 0

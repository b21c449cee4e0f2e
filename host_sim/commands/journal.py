"""``trickref journal FILE``: read a board's journal (copied off its flash, or fetched with
``trickref console URL --export-journal FILE``).

Prints what it holds (the game, deals booked, actions of the deal in progress, the last
game's score sheet rebuilt as the board's boot rebuilds it) and whether
a torn or corrupt tail had to be dropped; ``--jsonl OUT`` exports it as game records (JSON
lines, docs/records.md) that ``trickref replay OUT`` replays on the emulated board. The
file is only read, never changed.
"""

import sys

from core.errors import TrickrefError
from host_sim.i18n import counted

HELP = "read a board's journal file; export it as game records (JSON lines)"


def add_arguments(p):
    """Options of ``journal``."""
    p.add_argument("file", help="the journal file (journal.bin)")
    p.add_argument("--jsonl", metavar="OUT", help="write the game records to OUT")


def run(args):
    """Summarise the journal; exit 0, 1 when damaged records were dropped, 2 when unreadable."""
    import os
    from host_sim import records
    if not os.path.isfile(args.file):
        print("error: %s is not a file" % args.file, file=sys.stderr)
        return 2
    try:
        recs, report, lines = records.journal_lines(args.file)
    except (OSError, TrickrefError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    kinds = {}
    for r in recs:
        kinds[r.kind] = kinds.get(r.kind, 0) + 1
    # each kind by its name and count, "act=3", not an English plural ("3 acts", "2 deals"
    # read as the deals booked, "1 deal-start")
    print("%s: %s%s" % (args.file, counted(len(recs), "record"), " (kinds: %s)" % ", ".join(
        "%s=%d" % kn for kn in sorted(kinds.items())) if kinds else ""))
    if report.dropped and report.inside:  # core.journal.Report: damage, not a torn write
        print("damaged at byte %d: %s; the %s from there are not read (a board "
              "keeps the whole file aside at boot and goes on from the records before it)"
              % (report.kept, report.reason, counted(report.dropped, "byte")))
    elif report.dropped:
        print("dropped %s at the end: %s (a torn last write: a board cuts it at "
              "boot)" % (counted(report.dropped, "byte"), report.reason))
    if report.duplicates:
        print("skipped %s written twice (same sequence number and CRC)"
              % counted(report.duplicates, "record"))
    for line in lines:
        print("%s, %d players, deal %d: %s%s" % (
            line["game"], line["players"], line["deal"], counted(len(line["actions"]), "action"),
            " (in progress)" if line.get("unfinished") else ""))
    _print_sheet(recs)
    if args.jsonl:
        try:
            records.write_jsonl(lines, args.jsonl)
        except OSError as e:
            print("error: %s" % e, file=sys.stderr)
            return 2
        print("game records: %s (%s)" % (args.jsonl, counted(len(lines), "deal")))
        if not lines:  # a closed game's journal keeps its sheet, no deal's actions
            print("no deal's actions in this journal: its checkpoints keep the score sheet "
                  "only (docs/records.md), so there is nothing to replay")
    return 1 if report.dropped else 0


def _print_sheet(recs):
    """The score sheet of each game in the journal, as the board shows it (device/resume.py:
    the checkpoint's rows, then each booked deal replayed; a closed game's sheet is its
    game-over record's lines when the bookings agree with them, the board's "Last game
    sheet"), so a journal whose deals were compacted into a sheet still shows the scores.
    A game followed by another one's header was left unfinished on the board (a new game
    was started before it ended): its sheet is printed too, and says so."""
    from core.journal import GAME
    from device.resume import reader
    rules, resumer = reader(None)
    try:
        for r in recs:
            if r.kind == GAME and rules.flow is not None:
                _said_sheet(rules, resumer, "left unfinished (a new game followed)")
            resumer.add(r)
        if rules.flow is not None:
            _said_sheet(rules, resumer, "in play")
    except Exception as e:  # a record the rules refuse: say so, the counts above stand
        print("score sheet not rebuilt: %s" % (str(e) or type(e).__name__))


def _said_sheet(rules, resumer, open_as):
    """Print the sheet of the game ``rules`` holds and its deals booked, as the board
    counts them (the match's rows; a closed game's last row kept without its actions,
    ``rules.kept``, is in its lines only: one more); ``open_as``: how a game without its
    game-over record is named (a kept row without it is a deal the board plays again)."""
    from device.resume import closed_sheet
    lines, believed = rules.flow.sheet_lines(rules.match), True
    booked = len(rules.flow.booked_rows(rules.match))
    if resumer.game_over:
        lines, believed = closed_sheet(rules, resumer.over)
        booked += rules.kept
    print("%s, %d players: %s booked, %s; score sheet:" % (
        rules.flow.NAME, rules.players, counted(booked, "deal"),
        "game over" if resumer.game_over else open_as))
    if not believed:
        print("  (the game-over record disagrees with its deals: the deals' sheet)")
    for line in lines:
        print("  " + line)

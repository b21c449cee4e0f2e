"""``trickref sim``: the desktop simulator, a pygame table with the real firmware inside.

Opens a resizable window (``host_sim.ui.app.SimApp``): the table with its seats, hands and
reader pads, the LCD drawn dot by dot from the emulated HD44780, the three buttons, the
LED/buzzer signals and the link traffic panel. You play the seats given by ``--human``
(table seats as the LCD names them, P1 at the bottom); the computer plays the others.

Keys: Left / Right / Enter are the buttons (hold Enter 0.9 s: back, undo in play); A lets
the computer act once for you (a choice, a card, the skat scan); C collects the trick now;
P switches practice mode (on by default: knowing every hand, the simulator refuses an
illegal card at once with its reason and outlines the legal cards; off, ``--as-at-the-table``:
the firmware alone judges, as at a real table); H shows the computers' hands face up
(``--show-hands``); F2 saves a screenshot (``trickref-sim-<date>-<time>.png`` in the
current folder, never over an earlier one; its path printed); Esc twice (within 3 s)
quits.

Headless (``--headless``, SDL's dummy video driver, a fixed 17 ms frame step, no waiting):
runs ``--frames N`` frames, or until the first deal is over; ``--screenshot FILE`` writes
the window as PNG at the end, ``--screenshot-every N`` also every N frames (numbered); only
those frames are drawn. A human seat in a headless run without ``--frames`` is refused
(nobody could play it: the run would never end). Ctrl-C ends a run as if it had finished
(the summary printed, the screenshot written), exit status 130.
``--export-journal FILE`` writes the board's journal as game records (JSON lines, as
``trickref journal --jsonl``) when the run ends (a ``--script`` run's too); the J key
does it at any time.
``--shots DIR`` writes one picture per game of ``device.flows.GAMES`` in the middle of a
trick, computer against computer (games whose flow is not written yet are skipped, with a
note).
"""

import os
import signal
import sys
from host_sim.i18n import _, ngettext

HELP = "the desktop simulator: play at a pygame table running the real firmware"

DEMO_RECORD = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "demo_skat.sgf")
HEADLESS_DT = 17  # ms of virtual time per headless frame (about 60 frames a second)
MAX_HEADLESS_FRAMES = 60000  # a headless run without --frames stops here at the latest
SHOT_PLAYERS = {"magistr": 4, "zhopa": 4, "tarot": 4, "skat": 3}  # a full table each



class Terminated(KeyboardInterrupt):
    """A SIGTERM (``kill``, ``timeout``) ends a run as Ctrl-C does: its summary printed,
    its screenshot and journal export written (SDL would turn it into a window close,
    which only asks "press Esc again to quit")."""


def _end_on_sigterm():
    """Install the SIGTERM handler raising :class:`Terminated`; returns the one before."""
    def _terminate(signum, frame):
        raise Terminated()
    return signal.signal(signal.SIGTERM, _terminate)


def _game_names():
    from device import flows
    return [name for name, _, _ in flows.GAMES]


def add_arguments(p):
    """Options of ``sim``."""
    p.add_argument("--game", default="skat", choices=_game_names(), help="the game (default skat)")
    p.add_argument("--players", type=int, default=None,
                   help="number of players (default: the game's first allowed count)")
    p.add_argument("--seed", type=int, default=1, help="seed of the shuffle (default 1)")
    p.add_argument("--mqtt", metavar="HOST[:PORT]", default=None,
                   help="publish the table's events to a club broker (docs/club.md)")
    p.add_argument("--table", default="sim", help="the table id for --mqtt (default sim)")
    p.add_argument("--computer", default="smart", choices=("plain", "smart"),
                   help="the computer seats: smart (sampling players, docs/players.md; "
                        "the default) or plain (the cheapest card that does the job)")
    p.add_argument("--record", default=None,
                   help="deal the first deal from a game record (ISS .sgf for Skat; the first "
                        "played game in the file, or --record-id); 'demo' = the shipped one")
    p.add_argument("--record-id", default=None, help="which record of --record to deal")
    p.add_argument("--human", default=None,
                   help="seats you play: '1' (P1, default), '1,3', 'all' or 'none' "
                        "(with --record: none, the record plays every seat)")
    p.add_argument("--headless", action="store_true",
                   help="no window (SDL dummy driver), fixed frame step, as fast as it runs")
    p.add_argument("--screenshot", default=None, help="write the window as PNG at the end")
    p.add_argument("--status", default=None, metavar="FILE",
                   help="keep the simulator's state in FILE as JSON (cards played, whose "
                        "turn, where each card and pad is on screen): for a program "
                        "watching the window (host_sim/ui/statusfile.py)")
    p.add_argument("--screenshot-every", type=int, default=None, metavar="N",
                   help="also write a numbered screenshot every N frames")
    p.add_argument("--frames", type=int, default=None,
                   help="stop after N frames (headless default: when the first deal is over)")
    p.add_argument("--size", default="1280x800", help="window size WxH (default 1280x800)")
    p.add_argument("--lcd", default="16x2", choices=("16x2", "20x4"), help="the LCD module")
    p.add_argument("--lang", default="en", choices=("en", "de", "fr", "uk"),
                   help="the table's language: the LCD (device/words.py), the side "
                        "panel's cards (core/vocab.py) and the simulator's own sentences "
                        "(host_sim/locale, gettext); default en")
    p.add_argument("--look", action="append", default=[], metavar="DECK=LOOK",
                   help="a deck's look (as the board's menu \"Deck look\" sets it): the "
                        "card pictures, the LCD's suit glyphs and the side panel's card "
                        "names: skat=german|french, tarot=marseille|nouveau")
    p.add_argument("--think-ms", type=int, default=700,
                   help="a computer seat's pause before it plays (virtual ms)")
    p.add_argument("--collect-ms", type=int, default=1500,
                   help="how long a finished trick stays on the pads (virtual ms)")
    p.add_argument("--script", default=None, metavar="FILE",
                   help="run a table script (button presses and card placements, "
                        "docs/script.md) on the emulated board and print every LCD frame "
                        "that changed; no window")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a rules option (repeatable), e.g. excuse_slam=announced, "
                        "violations=report; unknown names or values are errors")
    p.add_argument("--as-at-the-table", dest="practice", action="store_false",
                   help="no practice mode: the firmware alone judges the cards (by default "
                        "the simulator, knowing every hand, refuses an illegal card at once "
                        "and outlines the legal ones; P toggles)")
    p.add_argument("--show-hands", action="store_true",
                   help="the computers' hands face up (H toggles)")
    p.add_argument("--central", action="store_true",
                   help="with --script: one central pad instead of one per seat")
    p.add_argument("--mute", action="store_true",
                   help="no buzzer sound (the window plays the buzzer pin's tones through "
                        "pygame's mixer; headless runs are always silent)")
    p.add_argument("--export-journal", default=None, metavar="FILE",
                   help="when the run ends, write the board's journal to FILE as JSON lines "
                        "(game records, as trickref journal --jsonl; trickref replay FILE)")
    p.add_argument("--shots", default=None, metavar="DIR",
                   help="write a mid-trick screenshot of every game into DIR and exit")


def _size(text):
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise SystemExit("error: --size wants WxH, e.g. 1280x800, not %r" % text)


def load_record(path, record_id=None):
    """The record to deal: by id, else the first played (not passed) one. Raises
    BadRecord / OSError / LookupError."""
    from core import iss
    with open(path, encoding="utf-8") as f:
        records = iss.read_records(f.read())
    for r in records:
        if record_id is not None and r.id == record_id:
            return r
        if record_id is None and "passed" not in r.result:
            return r
    raise LookupError("no %s in %s" % ("record %s" % record_id if record_id else
                                       "played record", path))


def run(args):
    """``trickref sim``: open the simulator (or run it headless, a table script, the
    README's pictures); exit status 0, 2 on bad input."""
    if args.script:  # the board speaks --lang with --look's cards, as in the window
        from core.errors import TrickrefError
        try:
            _speak(args)
        except TrickrefError as e:
            print("error: %s" % e, file=sys.stderr)
            return 2
        return _script(args)
    if args.headless or args.shots:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401
    except ImportError as e:
        print("error: the simulator needs pygame (%s): pip install 'trickref[sim]'" % e,
              file=sys.stderr)
        return 2
    if args.shots:
        return make_shots(args.shots, seed=args.seed, size=_size(args.size))
    from core.errors import TrickrefError
    record = None
    if args.record:
        if args.game != "skat":
            print("error: records are ISS Skat games (--game skat)", file=sys.stderr)
            return 2
        try:
            record = load_record(DEMO_RECORD if args.record == "demo" else args.record,
                                 args.record_id)
        except (OSError, LookupError, TrickrefError) as e:
            print("error: %s" % e, file=sys.stderr)
            return 2
    # A SIGTERM ends the window's run as Ctrl-C does (:class:`Terminated`, status 143):
    # its handler is set before pygame's display starts (SimApp), since SDL keeps a handler
    # it finds; a script or the pictures (above) keep the handler they were started with.
    previous = _end_on_sigterm()
    try:
        return _window(args, record)
    except Terminated:  # before the first frame (a run under way ends itself with its summary)
        print(_interrupted(0))
        return 143
    finally:
        signal.signal(signal.SIGTERM, previous)


def _window(args, record):
    """The simulator's window (or its headless run) for ``args``, dealing ``record`` first
    (or None); the exit status."""
    from core.errors import TrickrefError
    from host_sim.ui.app import SimApp, parse_seats
    try:
        from device import flows
        flow = flows.load(args.game)
        players = args.players or flow.PLAYERS[0]
        humans = parse_seats(args.human if args.human is not None else
                             "none" if record is not None else "1", players)
        cols, rows = (int(v) for v in args.lcd.split("x"))
        words = _speak(args)
        sim = SimApp(args.game, players, seed=args.seed, record=record, human=humans,
                     size=_size(args.size), lcd=(cols, rows),
                     fixed_dt=HEADLESS_DT if args.headless else None,
                     collect_ms=args.collect_ms, think_ms=args.think_ms,
                     options=parse_options(args.option), practice=args.practice,
                     show_hands=args.show_hands, journal=_journal_file(),
                     sound=not (args.headless or args.mute))
        from host_sim.players.computer import Computer
        sim.computer = Computer(args.computer, args.seed)
    except ImportError as e:
        print("error: the %s flow is not in device/flows yet (%s)" % (args.game, e),
              file=sys.stderr)
        return 2
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    if args.headless and humans and args.frames is None:
        sim.close()
        print("error: a headless run has no window to play %s in: add --human none (every "
              "seat a computer) or --frames N" % ", ".join("P%d" % (p + 1)
                                                          for p in sorted(humans)),
              file=sys.stderr)
        return 2
    publisher = None
    if getattr(args, "mqtt", None):  # the club evening: publish the table's events (docs/club.md)
        from host_sim.club.tables import club_publisher
        from host_sim.console import KeyStore
        # the same count file as `trickref console --mqtt`: a table run again goes on counting
        seq_file = os.path.join(os.path.dirname(KeyStore().path), "club-%s.seq" % args.table)
        os.makedirs(os.path.dirname(seq_file), exist_ok=True)
        publisher = club_publisher(sim.board.uart, args.mqtt, args.table, seq_file=seq_file)
    _hear(sim, words)
    if sim.sound and sim.sound.message:
        print(sim.sound.message, file=sys.stderr)
    sim.lazy_draw = bool(args.headless)  # draw only the frames that are saved
    you = ", ".join("P%d" % (p + 1) for p in sorted(humans)) or _("nobody (computer only)")
    print(_("trickref sim: %s, %d players, seed %d%s; you play %s") % (
        sim.title(), players, args.seed, _(", record %s") % record.id if record else "", you))
    print(_("link: %s  (trickref console %s)") % (sim.link_url, sim.link_url))
    if not args.headless:
        print(_("keys: Left/Right/Enter = buttons (hold Enter: back), A = computer acts for "
                "you, C = collect trick, P = practice mode, H = computer hands face up, "
                "I = hint (the smart player's card for you and why), "
                "J = export the journal, F2 = screenshot, Esc twice = quit"))
        if record is not None:
            print(_("record: every seat plays the record's cards; Space = pause or play on, "
                    "N = next card, B = take the last card back"))
    frames = args.frames
    until = None
    if args.headless and frames is None:
        frames = MAX_HEADLESS_FRAMES
        until = lambda s: bool(s.results)  # noqa: E731
        if publisher is not None:  # the club needs the deal booked (its row), not only ended
            until = lambda s: bool(s.results) and s.ctl.view().name != "result"  # noqa: E731
    try:
        n = sim.run(frames=frames, until=until, screenshot=args.screenshot,
                    every=args.screenshot_every, status=args.status)
        status = 0
    except KeyboardInterrupt as e:  # Ctrl-C or a SIGTERM: end as a finished run, the
        n, status = sim.stats["frames"], 143 if isinstance(e, Terminated) else 130  # shot
    if status:
        print(_interrupted(n))
        if args.screenshot:
            sim.save_screenshot(args.screenshot)
    for i, lines in enumerate(sim.summaries, 1):
        print(_("deal %d: %s") % (i, " | ".join(lines)))
    if args.headless:
        st = sim.stats
        print(ngettext("%d frame, %.1f s of table time, %.2f ms firmware + %.2f ms drawing "
                       "a frame", "%d frames, %.1f s of table time, %.2f ms firmware + "
                       "%.2f ms drawing a frame", n) % (
            n, sim.now / 1000.0, st["firmware_ms"] / max(1, st["frames"]),
            st["draw_ms"] / max(1, st["frames"])))
    if args.screenshot:
        print(_("screenshot: %s") % args.screenshot)
    status = _export_journal(sim.journal_path, args.export_journal) or status
    if publisher is not None:
        if not publisher.flush(5.0):
            print(_("warning: the club broker %s did not take this table's messages (is it "
                    "running? with `trickref club`'s embedded broker on this computer: "
                    "--mqtt 127.0.0.1:1883)") % args.mqtt, file=sys.stderr)
            status = status or 1
        publisher.stop()
    sim.close()
    return status


def _interrupted(n):
    """What a run cut short after ``n`` frames says (Ctrl-C, a SIGTERM)."""
    return ngettext("interrupted after %d frame", "interrupted after %d frames", n) % n


def _journal_file():
    """A host file for the emulated board's journal, in a temporary folder removed when
    the program ends (the J key and --export-journal read it)."""
    import atexit
    import shutil
    import tempfile
    folder = tempfile.mkdtemp(prefix="trickref-sim-")
    atexit.register(shutil.rmtree, folder, True)
    return os.path.join(folder, "journal.bin")


def _export_journal(journal_path, path):
    """``--export-journal``: write the board's journal at ``journal_path`` as JSON lines
    to ``path``; None, or 2 on failure."""
    if not path:
        return None
    from core.errors import TrickrefError
    from host_sim.ui import journal_export
    try:
        n = journal_export.write(journal_path, path)
    except (OSError, TrickrefError) as e:
        print(_("error: journal not exported: %s") % e, file=sys.stderr)
        return 2
    print(ngettext("journal: %d deal written to %s", "journal: %d deals written to %s", n)
          % (n, path))
    return None


def make_shots(folder, seed=1, size=(1280, 800), games=None):
    """One PNG per game (``folder/<game>.png``) in the middle of a trick, every seat a
    computer; games whose flow module is missing are skipped with a note. Returns 0."""
    from device import flows
    from host_sim.ui.app import SimApp
    for name, title, _mod in flows.GAMES:
        if games is not None and name not in games:
            continue
        try:
            flow = flows.load(name)
        except ImportError as e:
            print("%s: skipped, its flow is not in device/flows yet (%s)" % (title, e))
            continue
        players = SHOT_PLAYERS.get(name)
        if players not in flow.PLAYERS:
            players = flow.PLAYERS[0]
        sim = SimApp(name, players, seed=seed, record=None, human=(), size=size,
                     fixed_dt=HEADLESS_DT, think_ms=400, collect_ms=900)
        # the link's port changes every run: a picture that must be the same pixels each
        # time (tests/test_screenshots.py) names it as the README does
        sim.traffic_title = _("Link traffic  %s") % "socket://127.0.0.1:PORT"
        sim.lazy_draw = True
        sim.run(frames=MAX_HEADLESS_FRAMES,
                until=lambda s: s.mid_trick() and s.fw_deal.tricks_done >= 2 and
                len(s.fw_deal.trick) >= min(2, s.players_in_deal() - 1))
        sim.run(frames=12)  # let the LCD and the signals show the last card
        path = sim.save_screenshot(os.path.join(folder, "sim_%s.png" % name))
        ok = sim.mid_trick()
        print("%s: %s%s" % (title, path, "" if ok else " (not mid-trick: the game did not "
                                                         "reach a trick in time)"))
        sim.close()
    return 0


def _speak(args):
    """Set the table's language (the LCD's words: the firmware runs in this process) and
    return the CardWords of ``--lang``/``--look`` for the side panel. Raises
    TrickrefError naming a bad look."""
    from device import words
    from host_sim import i18n
    from host_sim.console import CardWords
    words.set_language(args.lang)
    i18n.set_language(args.lang)
    looks = dict(item.partition("=")[::2] for item in args.look)
    words = CardWords(args.lang, looks)  # raises naming a bad look, before the board uses it
    from device import looks as board_looks
    for deck, look in looks.items():  # the board's LCD and the card pictures too
        board_looks.use(deck, look)
    return words


def _hear(sim, card_words):
    """The side panel writes cards in ``card_words`` (host_sim.console.CardWords)."""
    source = getattr(sim.traffic, "source", None)
    if source is not None and hasattr(source, "words"):
        source.words = card_words


def parse_options(pairs):
    """``["key=value", ...]`` from ``--option`` as a dict; a value that reads as a number
    is one. ValueError on a pair without ``=``."""
    out = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise ValueError("--option %r: KEY=VALUE" % (pair,))
        out[key] = int(value) if value.lstrip("-").isdigit() else value
    return out


def _script(args):
    from host_sim.script import ScriptError, run_script
    from device import flows
    try:
        with open(args.script, encoding="utf-8") as f:
            text = f.read()
        flow = flows.load(args.game)
    except (OSError, ValueError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    players = args.players or flow.PLAYERS[0]
    if players not in flow.PLAYERS:
        print("error: %s is played by %s" % (flow.TITLE, flow.PLAYERS), file=sys.stderr)
        return 2
    cols, rows = (int(v) for v in args.lcd.split("x"))
    journal = None
    if args.export_journal:  # the board keeps its journal for the export, as in the window
        from core.journal import Journal
        journal = Journal(_journal_file())
    try:
        run_script(text, args.game, players, cols, rows, central=args.central,
                   options=parse_options(args.option), journal=journal)
    except (ScriptError, ValueError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    if journal is not None:
        journal.close()
        return _export_journal(journal.path, args.export_journal) or 0
    return 0

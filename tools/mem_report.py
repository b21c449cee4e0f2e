"""Heap figures of the firmware under the MicroPython unix port; writes docs/performance.md.

For each game with a playable ``core.games.<game>.Game`` it plays one complete deal under
``micropython`` (the PyPI unix port, x86-64) three ways:

- ``controller``: the whole firmware as a board's main.py builds it
  (``main.build_controller``: board module, drivers, Controller with its menus, the
  game's flow, App, referee, game, the journal on the board's flash, the serial link),
  driven like a table (``CTL_HARNESS``): the button presses and card placements of one
  deal played by ``host_sim.autoplay`` on the desktop twin (Skat: the ISS record below;
  others: seed 7, 4 players), then OK books the deal and the next one starts;
- ``app``: the table loop alone on the virtual board (``main.build_app``: board module,
  drivers, App, referee and game; choices go to ``App.choose``), Skat from a real ISS
  record, Magistr, Zhopa and Tarot from a seeded deal (host_sim/vboard/script.py,
  host_sim/vboard/mp/vb_play.py);
- ``rules``: the referee and the game alone;

each with the modules as ``.py`` sources (compiled on the board at import) and as ``.mpy``
(mpy-cross, as ``trickref flash`` installs them). For each it reports the smallest
``-X heapsize`` that plays the deal to the end (bisection to 1 KB; a run "works" when it
ends with the desktop's trick winners, and for the controller its last LCD rows, and
nothing failed) and, from a run with a large heap, the bytes in use after a full
collection (``gc.mem_alloc()``) at each stage. For the whole firmware it also imports
every module it loaded, one at a time (:func:`import_profile`), to show where the heap
goes. Only the game being played is imported.

Usage: ``python tools/mem_report.py [--games skat,tarot] [--no-write]``; with
``--micropython PATH --controller-only`` the whole firmware's smallest heap under another
build of the unix port (a 32-bit one: ``make mem32``), printed only. Writes the
"Memory on MicroPython" section of docs/performance.md, keeping everything else there.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from core import iss  # noqa: E402
from host_sim import firmware  # noqa: E402
from host_sim.vboard import micropython_exe, mp_env, script  # noqa: E402
from host_sim.vboard.bus import BusServer  # noqa: E402

SECTION = "## Memory on MicroPython"
DOC = os.path.join(ROOT, "docs", "performance.md")
DEMO_SKAT = os.path.join(ROOT, "host_sim", "data", "demo_skat.sgf")
HEAP_LO, HEAP_HI = 16, 1024  # KB: bisection bounds
FIELDS = ("harness", "code", "drivers", "game", "app", "state_peak", "total_peak")
TARGET_FIRMWARE_KB = 128
TARGET_STATE_KB = 16
# What was done for the targets (issue 10), printed under the tables.
CHANGES = (
    "Before the work for these targets (commit 47c91c2, same port, .mpy): smallest heap "
    "of the app run skat 130K, magistr 142K, zhopa 148K, tarot 160K (game state peak of "
    "the tarot app run 19.5K); the controller run did not start (device/menu.py called "
    "`str.ljust`, which MicroPython does not have); with only that fixed: skat 199K, "
    "magistr 208K, zhopa 213K, tarot 223K.",
    "core.cards: a deck is built when first used (a module `__getattr__` answers "
    "`SKAT`, `FRENCH36`, `TAROT`, `DECKS`, also for `from core.cards import SKAT`), from "
    "its own module (core/cards_skat.py, cards_french36.py, cards_tarot.py); the full "
    "names (`suit_names`, `suit_names_native`, `rank_names`, `name_of`) are in "
    "core/cards_names.py, loaded when asked for: every string of a loaded module is heap, "
    "so the tables of the decks not in play are never loaded (core.cards 16.4K -> 4.3K, "
    "plus the deck in play, imported alone: 0.7K Skat or French, 1.4K Tarot). Rank marks "
    "are lists made into tuples: a tuple literal of strings loads as one heap object per "
    "string, a list's strings are interned names.",
    "core.tags: only the deck a tag names is built (`TAG_DECKS` on demand); "
    "`DeckRegistry` keeps the bound UIDs in one bytearray of 11-byte slots searched with "
    "`find`, not a dict of bytes objects (tarot app run: game state peak 19.5K -> 13.9K).",
    "device.glyphs: one 32-byte constant per deck instead of a bytes object per glyph "
    "built from tuples (3.1K -> 1.2K).",
    "device.menu `Items`: a long menu's lines made as they are shown. Skat's "
    "winning-bid menu (63 lines, 19 KB of Item objects at once) and the setup questions "
    "(about 1.5 KB per answered level kept on the menu stack).",
    "device.controller: the deck audit and tag writing moved to device/audit.py, loaded "
    "when chosen (`device.controller.Audit` still answers); the finished deal is freed, "
    "and the heap collected, before the next deal is built; firmware/main.py collects "
    "after boot.",
    "core.journal: `Resumer`, `resume`, `actions_since_last_deal`, `squeeze` moved to "
    "core/journal_replay.py (loaded at the first compaction; still reachable from "
    "core.journal). core.protocol: the frame-type names as one string and the codes as "
    "bytes (`TYPES` built on demand).",
    "Not changed here (other owners): the rules modules (core/games, core/tricks.py, "
    "core/referee.py), the drivers and board modules, device/pads.py, core/events.py and "
    "core/errors.py: the *rules* and *board and drivers* groups above and part of the "
    "*table loop*, and the game state in *rest*.",
)


# The whole firmware, as a board's main.py builds it, driven like a table: written into
# the staged filesystem as mr_ctl.py and run there (MicroPython). Buttons are pressed
# through their pins (device.buttons debounces them), cards laid and lifted on the
# emulated pads, the loop ticked every 2 ms of virtual time, as host_sim.board.SimBoard
# does on the desktop. The journal lives in the folder "data" of the staged filesystem
# (emptied first: a fresh board); the link UART is the virtual board's (sends go nowhere).
# Output: RESULT {trick_winners, lcd}, HEAP harness code drivers boot peak end (bytes in
# use after a full collection: before the firmware, after importing main, the board module
# and the controller, after building the board, after building the controller, the largest
# seen after any action, at the end), DEAL k bytes (in use before deal k's first card, for
# the header's ``deal_starts``), MODULES (every module loaded), OK n.
CTL_HARNESS = """import gc
import json
import os
import sys


def _heap():
    gc.collect()
    return gc.mem_alloc()


def run(path):
    gc.threshold(2048)
    h0 = _heap()
    f = open(path)
    head = json.loads(f.readline())
    starts, lang = head.get("deal_starts", ()), head.get("lang", "en")
    head = None
    import main
    from vb_machine import command
    command("clear")
    mod = main.load_board()
    from device.controller import Controller  # noqa: what build_controller imports
    from core.events import Refused, TrickTaken
    Controller = None
    h1 = _heap()
    hw = main.build_board(mod)
    hw = type(hw)(*(tuple(hw)[:5] + ("data",)))  # the board's flash: a folder here
    try:
        os.mkdir("data")
    except OSError:
        pass
    for name in os.listdir("data"):
        os.remove("data/" + name)
    if lang != "en":  # the language kept on flash, as the main menu saves it
        with open("data/lang.txt", "w") as out:
            out.write(lang)
    h2 = _heap()
    ctl = main.build_controller(hw)
    h3 = peak = _heap()
    won = []
    clock = [0]

    def ticks(ms):
        end = clock[0] + ms
        while clock[0] < end:
            for ev in ctl.tick(clock[0]):
                if isinstance(ev, TrickTaken):
                    won.append(ev.seat)
                elif isinstance(ev, Refused) and ev.reason in ("internal", "out-of-memory"):
                    raise RuntimeError("firmware: " + ev.detail)
            clock[0] += 2

    n = 0
    for line in f:
        a = json.loads(line)
        if n in starts:
            print("DEAL", starts.index(n) + 1, _heap())
        if a[0] == "press":
            pin = hw.buttons[a[1]]
            pin.value(0)
            ticks(a[2])
            pin.value(1)
            ticks(60)
        elif a[0] == "run":
            ticks(a[1])
        else:  # place / lift PAD DECK CODE
            command("%s %d %s %s" % (a[0], a[1], a[2], a[3]))
        a = line = None
        n += 1
        peak = max(peak, _heap())
    f.close()
    print("RESULT " + json.dumps({"trick_winners": won, "lcd": command("lcd").split("\\n")}))
    print("HEAP", h0, h1 - h0, h2 - h1, h3 - h2, peak, _heap())
    print("MODULES", " ".join(sorted(k for k in sys.modules)))
    print("OK", n)
"""
CTL_FIELDS = ("harness", "code", "drivers", "boot", "total_peak", "end")


def controller_script(game, deals=1, lang="en"):
    """``(header, actions)``: ``deals`` deals of ``game`` played through the whole
    firmware on the desktop twin (host_sim.autoplay: power on, the menus, the pads; then OK
    books each deal and the next one starts), recorded as the presses, card placements and
    loop time that the MicroPython run repeats; the table speaks ``lang`` (the header's
    ``lang``: the run keeps it on the board's flash before it boots, as the main menu's
    "Language" does). Skat: the ISS record of the other runs (3
    players; more deals: seeded deals, seed 7); Magistr, Zhopa, Tarot: 4 players, seed 7. The header's
    ``deal_starts`` are the indices of the actions that lay each deal's first card."""
    from device import words
    words.set_language(lang)
    try:
        header, actions = _record(game, deals)
    finally:
        words.set_language("en")
    header["lang"] = lang
    return header, actions


def _record(game, deals):
    """:func:`controller_script`'s recording, in the language in use."""
    from core.events import TrickTaken
    from host_sim import autoplay
    if game == "skat" and deals == 1:
        player = autoplay.IssSkatPlayer(iss.parse_record(open(DEMO_SKAT).read().strip()))
    else:
        player = autoplay.table_player(game, 3 if game == "skat" else 4, seed=7)
    board = player.board
    code = {t.uid: player.deck.code(c) for c, t in enumerate(player.tags.tags)}
    actions, winners, depth, starts, dealt = [], [], [0], [], [None]

    def noted(name, inner):
        def call(*args):
            if depth[0] == 0:  # a press runs the loop itself: note the press only
                app = getattr(board.controller, "app", None)
                if name == "place" and app is not None and app is not dealt[0]:
                    dealt[0] = app  # a new deal's App: its first card
                    starts.append(len(actions))
                if name in ("place", "lift"):
                    actions.append([name, args[0], player.deck.name, code[args[1].uid]])
                else:
                    actions.append([name] + list(args))
            depth[0] += 1
            try:
                out = inner(*args)
            finally:
                depth[0] -= 1
            if name == "run":
                winners.extend(e.seat for e in out if isinstance(e, TrickTaken))
            return out
        return call

    for name in ("press", "place", "lift", "run"):
        setattr(board, name, noted(name, getattr(board, name)))
    player.play(deals)
    actions = [a if a[0] != "press" or len(a) == 3 else a + [60] for a in actions]
    header = {"game": game, "seats": len(board.pads), "deck": player.deck.name,
              "id": getattr(getattr(player, "record", None), "id", None) or
              "%s-seed7" % game, "trick_winners": winners, "lcd": board.lcd_lines(),
              "deal_starts": starts}
    return header, actions


def scripts(games):
    """``{game: (header, actions)}`` for the games asked for; prints why one is skipped."""
    makers = {
        "skat": lambda: script.skat_script(iss.parse_record(
            open(DEMO_SKAT).read().strip())),
        "magistr": script.magistr_script,
        "zhopa": script.zhopa_script,
        "tarot": script.tarot_script,
    }
    out = {}
    for g in games:
        if g not in makers:
            print("note: no deal script for %r; skipped" % g)
            continue
        try:
            out[g] = makers[g]()
        except ImportError as e:
            print("note: %s is not there yet (%s); skipped" % (g, e))
        except Exception as e:  # a game still being written: say so, measure the others
            print("note: %s has no playable deal yet (%s: %s); skipped"
                  % (g, type(e).__name__, e))
    return out


def run_once(stage, script_path, heap_kb, board, bus):
    """One MicroPython run; ``(ok, result dict or None, figures dict or None, text)``."""
    env = mp_env(bus.address if bus else "127.0.0.1:9")
    code = "import vb_boot, vb_play; vb_play.run(%r, %r)" % (script_path, board) if board \
        else "import vb_play; vb_play.run(%r, False)" % script_path
    proc = subprocess.run([micropython_exe(), "-X", "heapsize=%dK" % heap_kb, "-c", code],
                          cwd=stage, env=env, capture_output=True, text=True, timeout=120)
    result = figures = None
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            result = json.loads(line[7:])
        elif line.startswith("HEAP "):
            figures = dict(zip(FIELDS, (int(x) for x in line.split()[1:])))
    ok = proc.returncode == 0 and result is not None and result["over"]
    return ok, result, figures, proc.stdout + proc.stderr


def run_controller(stage, script_path, heap_kb, bus, exe=None):
    """One MicroPython run of the whole firmware (``CTL_HARNESS``) with ``heap_kb`` KB of
    heap, under ``exe`` (a unix port's path; default the PyPI one); ``(ok, result dict or
    None, figures dict or None, text)``."""
    with open(os.path.join(stage, "mr_ctl.py"), "w") as f:
        f.write(CTL_HARNESS)
    proc = subprocess.run([exe or micropython_exe(), "-X", "heapsize=%dK" % heap_kb, "-c",
                           "import vb_boot, mr_ctl; mr_ctl.run(%r)" % script_path],
                          cwd=stage, env=mp_env(bus.address), capture_output=True, text=True,
                          timeout=1200)
    result = figures = None
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            result = json.loads(line[7:])
        elif line.startswith("HEAP "):
            figures = dict(zip(CTL_FIELDS, (int(x) for x in line.split()[1:])))
        elif line.startswith("MODULES ") and result is not None:
            result["modules"] = line.split()[1:]
    ok = proc.returncode == 0 and result is not None
    return ok, result, figures, proc.stdout + proc.stderr


def controller_deal(game, heap_kb, tmp, exe=None, stages=None, deals=1, lang="en"):
    """Play ``deals`` deals of ``game`` through the whole firmware (:func:`controller_script`,
    :func:`run_controller`) with ``heap_kb`` KB of heap under ``exe`` (default the PyPI
    unix port), the table speaking ``lang``, in the folder ``tmp``; ``stages``: ``{seats: folder}`` of filesystems staged by
    ``host_sim.firmware.stage`` (.mpy), shared between calls: a missing one is staged in
    ``tmp`` and added. Returns ``(good, text)``: good when the run ended with the desktop's trick
    winners and last LCD rows; text: the run's output (:func:`deal_heaps` reads it), or what
    differed."""
    header, actions = controller_script(game, deals, lang)
    path = os.path.join(tmp, game + "-controller.jsonl")
    script.write(path, header, actions)
    stages = {} if stages is None else stages
    stage = stages.get(header["seats"])
    if stage is None:
        stage = stages[header["seats"]] = os.path.join(tmp, "fs-%d" % header["seats"])
        firmware.stage("pico", stage, seats=header["seats"], mpy=True)
    bus = BusServer("pico", header["seats"])
    bus.start()
    try:
        ok, result, _, text = run_controller(stage, path, heap_kb, bus, exe)
    finally:
        bus.stop()
    if not ok:
        return False, text
    for key in ("trick_winners", "lcd"):
        if result[key] != header[key]:
            return False, "%s %r, desktop %r" % (key, result[key], header[key])
    return True, text


def deal_heaps(text):
    """``[bytes]``: the heap in use (after a full collection) before each deal's first card,
    from a :func:`run_controller` output."""
    return [int(line.split()[2]) for line in text.splitlines() if line.startswith("DEAL ")]


def measure_controller(stage, script_path, header, bus):
    """The whole firmware's figures at the largest heap, then its smallest heap: a run
    works when it ends with the desktop's trick winners and LCD rows."""
    def works(heap_kb):
        ok, result, figures, text = run_controller(stage, script_path, heap_kb, bus)
        good = ok and result["trick_winners"] == header["trick_winners"] and \
            result["lcd"] == header["lcd"]
        if os.environ.get("MEM_DEBUG"):
            print("  %dK %s %s" % (heap_kb, good, "" if ok else text.strip().splitlines()[-1:]))
        return good, result, figures, text

    good, result, figures, text = works(HEAP_HI)
    if not good:
        raise RuntimeError("%s: the whole firmware does not play at %dK (winners %r, desktop "
                           "%r; LCD %r, desktop %r):\n%s"
                           % (header["id"], HEAP_HI, result and result["trick_winners"],
                              header["trick_winners"], result and result["lcd"],
                              header["lcd"], text[-2000:]))
    lo, hi = HEAP_LO, HEAP_HI
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if works(mid)[0]:
            hi = mid
        else:
            lo = mid
    figures["min_heap_kb"] = hi
    figures["modules"] = result["modules"]
    return figures


def _module_source(name):
    """Repo path of the source of firmware module ``name`` (``main`` is firmware/main.py),
    or None for a module that is not the firmware's (the harness, board_config)."""
    if name == "main":
        return os.path.join(ROOT, "firmware", "main.py")
    for path in (name.replace(".", os.sep) + ".py",
                 os.path.join(name.replace(".", os.sep), "__init__.py")):
        if name.split(".")[0] in ("core", "device", "boards") and \
                os.path.exists(os.path.join(ROOT, path)):
            return os.path.join(ROOT, path)
    return None


def load_order(modules):
    """``modules`` (firmware modules) ordered so that each comes after the modules its body
    imports (module-level imports, read with ast), ties by name."""
    import ast
    deps = {}
    for m in modules:
        with open(_module_source(m), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        names = set()
        for node in tree.body:
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
                names.update(node.module + "." + a.name for a in node.names)
        deps[m] = sorted(n for n in names if n in modules and n != m)
    order, done = [], set()

    def visit(m):
        if m in done:
            return
        done.add(m)
        for d in deps[m]:
            visit(d)
        order.append(m)
    for m in sorted(modules):
        visit(m)
    return order


def import_profile(stage, modules):
    """``[(module, bytes)]``: heap taken by importing each firmware module of ``modules``
    in :func:`load_order` under MicroPython (after a full collection), on the staged
    filesystem; its dependencies are already loaded, so each figure is the module's own
    bytecode, constants, names and objects (and any growth of the interned-name pool it
    triggers)."""
    order = load_order([m for m in modules if _module_source(m)])
    code = ("import gc, vb_boot\n"
            "def h():\n    gc.collect()\n    return gc.mem_alloc()\n"
            "prev = h()\n"
            "for m in %r:\n    __import__(m)\n    now = h()\n"
            "    print('MOD', m, now - prev)\n    prev = now\n" % (order,))
    proc = subprocess.run([micropython_exe(), "-X", "heapsize=%dK" % HEAP_HI, "-c", code],
                          cwd=stage, env=mp_env("127.0.0.1:9"), capture_output=True,
                          text=True, timeout=120)
    out = [(l.split()[1], int(l.split()[2])) for l in proc.stdout.splitlines()
           if l.startswith("MOD ")]
    if len(out) != len(order):
        raise RuntimeError("import profile failed:\n" + (proc.stdout + proc.stderr)[-2000:])
    return out


def measure(stage, script_path, header, board, bus):
    """Figures at the largest heap, then the smallest heap that plays the deal."""
    ok, result, figures, text = run_once(stage, script_path, HEAP_HI, board, bus)
    game_file = result and result["game_file"]
    if not ok:
        raise RuntimeError("%s does not play at %dK:\n%s" % (header["id"], HEAP_HI, text[-2000:]))
    if result["trick_winners"] != header["trick_winners"]:
        raise RuntimeError("%s: MicroPython trick winners %r, desktop %r"
                           % (header["id"], result["trick_winners"], header["trick_winners"]))
    lo, hi = HEAP_LO, HEAP_HI  # lo fails (or is untested), hi works
    while hi - lo > 1:
        mid = (lo + hi) // 2
        ok, result, _, text = run_once(stage, script_path, mid, board, bus)
        if os.environ.get("MEM_DEBUG"):
            print("  %dK %s %s" % (mid, ok, "" if ok else text.strip().splitlines()[-1:]))
        if ok and result["trick_winners"] == header["trick_winners"]:
            hi = mid
        else:
            lo = mid
    figures["min_heap_kb"] = hi
    figures["game_file"] = game_file
    return figures


# The whole firmware's modules by what they do: a module belongs to the first group with a
# prefix it starts with ("core.cards_": any name after it; "core$": that package alone).
GROUPS = (("rules", ("core.games", "core.tricks", "core.referee", "core.cards_")),
          ("table loop", ("device.app", "device.screens", "device.pads", "device.glyphs",
                          "core.tags", "core.crc", "core.cards", "core.events", "core.errors",
                          "core.compat", "device.timing", "core$", "device$")),
          ("menus and flows", ("device.controller", "device.menu", "device.buttons",
                               "device.flows", "device.audit", "main")),
          ("journal and link", ("core.journal", "core.protocol", "device.link")),
          ("board and drivers", ("boards", "device.drivers")))


def _group_of(module):
    for i, (_, prefixes) in enumerate(GROUPS):
        for p in prefixes:
            if p.endswith("$"):
                if module == p[:-1]:
                    return i
            elif module == p or module.startswith(p if p.endswith("_") else p + "."):
                return i
    return len(GROUPS) - 1


def group_sizes(profile):
    """Bytes per group of GROUPS for an import profile ``[(module, bytes)]``."""
    sums = [0] * len(GROUPS)
    for m, b in profile:
        sums[_group_of(m)] += b
    return sums


def kb(n):
    return "%.1f" % (n / 1024.0)


def render(rows, notes, profile=None):
    """The markdown section: ``rows`` ``[((game, run, kind), figures)]``; ``profile``
    ``{game: [(module, bytes)]}`` of the whole firmware's imports (.mpy)."""
    ctl = [(k, f) for k, f in rows if k[1] == "controller"]
    other = [(k, f) for k, f in rows if k[1] != "controller"]
    out = [SECTION, "",
           "Written by `tools/mem_report.py` (do not edit by hand; run it again: `python "
           "tools/mem_report.py`, about 5 minutes). One complete deal per game under the "
           "MicroPython unix port (`micropython` %s, x86-64) with a fixed heap "
           "(`-X heapsize`), three ways: *controller*, the whole firmware as a board's "
           "main.py builds it (`main.build_controller`: board module, MFRC522 and HD44780 "
           "drivers, the Controller with its menus, the game's flow, App, referee, game, the "
           "journal on the board's flash and the serial link), driven like a table: buttons "
           "pressed through their pins, cards laid on the emulated pads, then OK books the "
           "deal and the next one starts (the presses and cards of host_sim.autoplay on the "
           "desktop twin, repeated; a run counts when its trick winners and last LCD rows "
           "equal the desktop's); *app*: the table loop alone (`main.build_app`: board, "
           "drivers, App, referee, game; no menus, flow, journal or link; the choices go to "
           "`App.choose`); *rules*: the referee and the game alone. *.mpy*: modules compiled "
           "by mpy-cross as `trickref flash` installs them; *.py*: sources compiled at "
           "import. Only the game played is imported. Figures in KB from `gc.mem_alloc()` "
           "after a full collection." % _mp_version(), ""]
    if ctl:
        out += ["### The whole firmware", "",
                "| game | modules | smallest heap | harness | code at boot | drivers | "
                "controller at boot | total peak | at the end |",
                "|---|---|---|---|---|---|---|---|---|"]
        for (game, run, kind), f in ctl:
            out.append("| %s | %s | **%dK** | %s | %s | %s | %s | %s | %s |" % (
                game, kind, f["min_heap_kb"], kb(f["harness"]), kb(f["code"]),
                kb(f["drivers"]), kb(f["boot"]), kb(f["total_peak"]), kb(f["end"])))
        out += ["", "Columns: *harness*: the interpreter and the run script (tools/"
                "mem_report.py `CTL_HARNESS`) with `vb_machine`, the bus bridge (on a board "
                "`machine` is built in); *code at boot*: main.py, the board module with its "
                "drivers, the controller and what they import; *drivers*: the built board; "
                "*controller at boot*: the Controller on its main menu, with the link "
                "(device.link, core.protocol) and the journal (core.journal), imported then; "
                "*total peak*: everything in use after the action that left the most (the "
                "game's modules are loaded when it is chosen); *at the end*: after the next "
                "deal has started.", ""]
    out += ["### The table loop and the rules alone", "",
            "| game | run | modules | smallest heap | code | drivers | fresh game | App | "
            "game state peak | total peak | harness |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for (game, run, kind), f in other:
        out.append("| %s | %s | %s | **%dK** | %s | %s | %s | %s | %s | %s | %s |" % (
            game, run, kind, f["min_heap_kb"], kb(f["code"]), kb(f["drivers"]), kb(f["game"]),
            kb(f["app"]), kb(f["state_peak"]), kb(f["total_peak"]), kb(f["harness"])))
    out += ["", "Columns: *smallest heap*: the least `-X heapsize` (1 KB steps) with which "
            "the deal plays to the end with the desktop referee's trick winners; *code*: "
            "heap taken by the loaded modules; *drivers*: the built board; *fresh game*: a "
            "new referee and deal; *App*: the firmware loop object; *game state peak*: "
            "fresh game plus the largest growth while the deal is played, seen after every "
            "action (the App's deck registry included); *total peak*: everything in use at "
            "that moment; *harness*: the interpreter and the run script "
            "(host_sim/vboard/mp/vb_play.py) before the firmware loads.", ""]
    whole = [f["min_heap_kb"] for (g, r, k), f in ctl if k == ".mpy"]
    app = [f["min_heap_kb"] for (g, r, k), f in other if r == "app" and k == ".mpy"]
    states = [f["state_peak"] for _, f in other]
    if whole or app:
        def verdict(kbs):
            return "**%dK**, %s" % (max(kbs), "met" if max(kbs) <= TARGET_FIRMWARE_KB
                                     else "not met on this port")
        out.append("Targets (issue 10), with .mpy modules within a %dK heap: the whole "
                   "firmware (controller): largest smallest-heap %s; the table loop alone "
                   "(app): %s; the game state under %dK: largest peak **%s K** (%s)." % (
                       TARGET_FIRMWARE_KB, verdict(whole) if whole else "not measured",
                       verdict(app) if app else "not measured", TARGET_STATE_KB,
                       kb(max(states)) if states else "-",
                       "met" if states and max(states) <= TARGET_STATE_KB * 1024
                       else "not met"))
        out.append("")
    if profile:
        out += ["### Where the whole firmware's heap goes", "",
                "Heap taken by importing each module the whole firmware loads (.mpy, "
                "dependencies first, each after a full collection: bytecode, constants, "
                "interned names and the module's objects), grouped; *rest* is the smallest "
                "heap less the modules and the harness: the game state, the built drivers, "
                "controller and App, the objects in flight during a tick and the "
                "fragmentation the collector cannot undo. MicroPython interns names in "
                "pools that grow in steps (about 7 KB when some 610 names exist, 14 KB past "
                "about 1270), so the module that crosses a step carries it.", "",
                "| game | smallest heap | harness | " +
                " | ".join(g for g, _ in GROUPS) + " | rest |",
                "|---" * (len(GROUPS) + 4) + "|"]
        for (game, run, kind), f in ctl:
            if kind != ".mpy" or game not in profile:
                continue
            sums = group_sizes(profile[game])
            rest = f["min_heap_kb"] * 1024 - f["harness"] - sum(sums)
            out.append("| %s | %dK | %s | %s | %s |" % (
                game, f["min_heap_kb"], kb(f["harness"]), " | ".join(kb(x) for x in sums),
                kb(rest)))
        out += ["", "Modules by group (KB, %s): " % sorted(profile)[0] + "; ".join(
            "%s: %s" % (g, ", ".join("%s %s" % (m, kb(b)) for m, b in profile[sorted(profile)[0]]
                                     if _group_of(m) == i))
            for i, (g, _) in enumerate(GROUPS)) + ".", ""]
    out += ["Reading the figures: this port is 64-bit. A MicroPython object is one or more "
            "GC blocks of 4 machine words (32 bytes here, 16 on the 32-bit RP2040 and "
            "ESP32) and most fields are pointers (8 bytes here, 4 there), so the same "
            "firmware takes markedly less heap on a board; no 32-bit interpreter runs in "
            "CI, so no board figure is claimed here. With .mpy the *smallest heap* is lower "
            "(no parser and compiler at import), although the resident *code* measured "
            "after import is a few KB higher than with .py sources on this port; bytecode "
            "loaded from a file sits in RAM either way, and only a frozen build "
            "(boards/freeze/) keeps it in flash. The firmware's main.py collects every 2 KB "
            "allocated (`main.GC_THRESHOLD`), which keeps the heap in few large free "
            "blocks; the runs here do the same.", ""]
    for n in notes:
        out.append("- " + n)
    if notes:
        out.append("")
    return "\n".join(out)


def _mp_version():
    proc = subprocess.run([micropython_exe(), "-c",
                           "import sys; print('.'.join(str(n) for n in "
                           "sys.implementation.version[:3]))"],
                          capture_output=True, text=True)
    return proc.stdout.strip() or "?"


def _mp_bits():
    """32 or 64: the pointer size of the MicroPython measured with, in bits."""
    proc = subprocess.run([micropython_exe(), "-c", "import struct; print(struct.calcsize('P'))"],
                          capture_output=True, text=True)
    return 8 * int(proc.stdout.strip() or 0)


def write_section(text, path=DOC):
    """Replace (or append) the Memory section of ``path``; other sections are kept."""
    old = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read()
    if SECTION in old:
        start = old.index(SECTION)
        nxt = old.find("\n## ", start + len(SECTION))
        new = old[:start] + text.rstrip() + "\n" + ("\n" + old[nxt + 1:] if nxt >= 0 else "")
    elif old.strip():
        new = old.rstrip() + "\n\n" + text.rstrip() + "\n"
    else:
        new = "# Performance\n\n" + text.rstrip() + "\n"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)


def main(argv=None):
    """Measure, print the tables, write docs/performance.md (unless --no-write)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="skat,magistr,zhopa,tarot")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--micropython", metavar="PATH",
                    help="another MicroPython unix port to measure with, e.g. a 32-bit build "
                         "(4-byte pointers, 16-byte GC blocks, as on a board); implies "
                         "--no-write: the section is the PyPI port's")
    ap.add_argument("--controller-only", action="store_true",
                    help="only the whole firmware with .mpy modules: its smallest heap")
    ap.add_argument("--summary", action="store_true",
                    help="print only each game's smallest heap, not the section (make bench)")
    ap.add_argument("--lang", default="en", choices=("en", "de", "fr", "uk"),
                    help="the table's language for the whole firmware's run (its words "
                         "table is on the heap); implies --no-write: the section is English")
    args = ap.parse_args(argv)
    if args.lang != "en":
        args.no_write = True
    if args.micropython:
        if not os.access(args.micropython, os.X_OK):
            ap.error("no MicroPython interpreter at %s" % args.micropython)
        global micropython_exe
        micropython_exe = lambda: args.micropython  # noqa: E731
        args.no_write = True
    found = scripts(args.games.split(","))
    bits = _mp_bits()
    notes = []
    rows = []
    profile = {}
    with tempfile.TemporaryDirectory(prefix="trickref-mem-") as tmp:
        stages = {}
        for game, (header, actions) in sorted(found.items()):
            path = os.path.join(tmp, game + ".jsonl")
            script.write(path, header, actions)
            ctl_header, ctl_actions = controller_script(game, lang=args.lang)
            ctl_path = os.path.join(tmp, game + "-controller.jsonl")
            script.write(ctl_path, ctl_header, ctl_actions)
            if ctl_header["seats"] != header["seats"]:
                raise RuntimeError("%s: %d pads for the controller, %d for the others"
                                   % (game, ctl_header["seats"], header["seats"]))
            seats = header["seats"]
            kinds = ((".mpy", True),) if args.controller_only else ((".mpy", True), (".py", False))
            for kind, mpy in kinds:
                key = (kind, seats)
                if key not in stages:
                    stages[key] = os.path.join(tmp, "fs-%s-%d" % (kind[1:], seats))
                    firmware.stage("pico", stages[key], seats=seats, mpy=mpy)
                bus = BusServer("pico", seats)
                bus.start()
                try:
                    f = measure_controller(stages[key], ctl_path, ctl_header, bus)
                    rows.append(((game, "controller", kind), f))
                    print("%-8s %-10s %-4s %d-bit smallest heap %4dK  code at boot %6s  "
                          "total peak %6s KB (harness %s, firmware's own %s)"
                          % (game, "controller", kind, bits, f["min_heap_kb"],
                             kb(f["code"] + f["boot"]), kb(f["total_peak"]), kb(f["harness"]),
                             kb(f["total_peak"] - f["harness"])), flush=True)
                    if args.controller_only:
                        continue
                    if mpy:
                        profile[game] = import_profile(stages[key], f["modules"])
                    for run, board in (("app", True), ("rules", False)):
                        f = measure(stages[key], path, header, board, bus)
                        rows.append(((game, run, kind), f))
                        print("%-8s %-10s %-4s smallest heap %4dK  code %6s  state peak %5s  "
                              "total peak %6s KB" % (game, run, kind, f["min_heap_kb"],
                                                     kb(f["code"]), kb(f["state_peak"]),
                                                     kb(f["total_peak"])), flush=True)
                finally:
                    bus.stop()
        for g in args.games.split(","):
            if g not in found:
                notes.append("%s: no playable deal yet (see the run's notes); not measured."
                             % g)
        notes.append("Deals: skat = ISS game %s (host_sim/data/demo_skat.sgf); others = "
                     "seeded deals (app, rules: host_sim/vboard/script.py, played with "
                     "unknown hands; controller: host_sim.autoplay, seed 7, 4 players)."
                     % (found["skat"][0]["id"] if "skat" in found else "-"))
    rows.sort(key=lambda r: (("controller", "app", "rules").index(r[0][1]), r[0][0],
                             r[0][2] != ".mpy"))
    if args.summary:
        return 0
    text = render(rows, notes + list(CHANGES), profile)
    if not args.no_write:
        write_section(text)
        print("wrote %s" % os.path.relpath(DOC, ROOT))
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Play one deal script under MicroPython: through the whole firmware, or the rules alone.

``run(path)`` reads a deal script (JSON Lines, ``host_sim/vboard/script.py``) and plays it
through the firmware on the virtual board: the board and the app are built the way the
board's ``main.py`` builds them (``main.build_board``, ``main.build_app``) with a referee
for the script's game; menu choices go to ``App.choose``; a card is laid on its seat's
emulated pad (harness command ``place``), left for 60 ms of loop ticks, lifted, and left
60 ms again, as ``host_sim.board.SimBoard.play_card`` does on the desktop. The loop runs
on a virtual clock: ``App.tick(now_ms)`` every 2 ms of script time.

``run(path, board=False)`` plays the same script on the rules alone (``core.referee`` and
the game, no device, no bus): choices go to ``Referee.act``, cards to ``Referee.card``, and
cards asked for by an ``Awaiting`` event (Skat's skat, scanned at the end) are collected
and handed over as the App does.

Output: ``RESULT {json}`` (``trick_winners`` from the TrickTaken events, ``over``: the deal
is over, ``lcd``: the rows shown at the end, board runs only; ``game_file``: where the game
module was loaded from, .py or .mpy), then ``HEAP`` and seven
numbers, bytes in use after a full collection (``gc.mem_alloc()``):

1. harness: before any firmware import (interpreter, this script, vb_machine);
2. code: the modules loaded (the game, core; with the board also main, board, device);
3. drivers: the built board (readers, LCD); 0 without the board;
4. game: a fresh referee and deal;
5. app: the App (screens, pad state, suit glyphs); 0 without the board;
6. state peak: the largest game + growth of everything after the App was built, seen
   after any action (the game state while it is played);
7. total peak: the largest total seen after any action;

then ``OK <actions>``. Only the script's game module is imported. Any failure raises (an
``internal`` Refused event from ``App.tick``, which catches everything, is raised again),
so a heap too small for the run (MemoryError) gives a non-zero exit status. The collection
threshold is the one the board's ``main.py`` sets (``main.GC_THRESHOLD``). Kept short on
purpose: every line of this harness is heap the firmware does not get.
"""

import gc
import json


def _heap():
    gc.collect()
    return gc.mem_alloc()


def run(path, board=True):
    """Play the script at ``path`` (see the module docstring for the output)."""
    gc.threshold(2048)  # as the board's main.py does (main.GC_THRESHOLD)
    h0 = _heap()
    f = open(path)
    head = json.loads(f.readline())
    # The game first: its import-time tables are the largest transient allocations, and
    # they are best made while the heap is emptiest.
    game = __import__("core.games." + head["game"], None, None, ("Game",))
    from core.cards import deck_named
    from core.events import Awaiting, TrickTaken
    from core.referee import Referee
    deck = deck_named(head["deck"])
    seats, game_args, args = head["seats"], head["game_args"], head["deal_args"]
    head = None
    won = []
    scan = []  # rules alone: [verb, count, cards] while an Awaiting asks for cards

    def seen(events):
        for ev in events:
            if isinstance(ev, TrickTaken):
                won.append(ev.seat)
            elif isinstance(ev, Awaiting):
                scan[:] = [ev.verb, ev.count, []]

    if board:
        import main
        from vb_machine import command
        command("clear")  # no card left on a pad by an earlier run
        mod = main.load_board()
    h1 = _heap()
    if board:
        hw = main.build_board(mod)
        if len(hw.readers) < seats:
            raise ValueError("%d pads, the deal needs %d" % (len(hw.readers), seats))
    h2 = _heap()
    g = game.Game(**game_args)
    referee = Referee(lambda: g.new_deal(*args))
    h3 = _heap()
    if board:
        app = main.build_app(hw, referee, deck, lambda ev, lines: seen((ev,)))
    h4 = peak = _heap()
    now = n = 0
    for line in f:
        a = json.loads(line)
        if a[0] == "choose":
            if board:
                app.choose(a[1], *a[2])
            else:
                seen(referee.act(a[1], *a[2]))
        elif board:  # ["card", seat, deck, code]
            for verb in ("place ", "lift "):
                command("%s%d %s %s" % (verb, a[1], a[2], a[3]))
                for _ in range(30):  # 60 ms
                    for ev in app.tick(now):  # App.tick turns any exception into this
                        if getattr(ev, "reason", None) in ("internal", "out-of-memory"):
                            raise RuntimeError("firmware: " + ev.detail)
                    now += 2
        elif scan:
            scan[2].append(deck.parse(a[3]))
            if len(scan[2]) == scan[1]:
                verb, cards = scan[0], scan[2]
                scan[:] = []
                seen(referee.act(verb, cards))
        else:
            seen(referee.card(a[1], deck.parse(a[3])))
        a = line = None
        n += 1
        peak = max(peak, _heap())
    f.close()
    print("RESULT " + json.dumps({"trick_winners": won, "over": referee.deal.is_over(),
                                  "lcd": command("lcd").split("\n") if board else None,
                                  "game_file": game.__file__}))
    print("HEAP", h0, h1 - h0, h2 - h1, h3 - h2, h4 - h3, peak - h4 + h3 - h2, peak)
    print("OK", n)

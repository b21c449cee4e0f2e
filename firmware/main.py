"""main.py of a trickref table controller: build the board, build the app, loop.

Installed at the root of the board's filesystem by ``trickref flash`` (or ``mpremote mip
install``), next to ``board_config.py``, which names the board module and the table::

    BOARD = "pico"      # boards/<BOARD>.py
    SEATS = 3           # reader pads
    LCD_COLS = 16
    LCD_ROWS = 2

Without ``board_config.py`` the board follows ``sys.platform`` (``rp2`` -> pico, ``esp32``
-> esp32) with 3 seats and a 16x2 LCD. The controller starts on its menu (choose the game
there) or resumes the game its journal holds after a power cut.

MicroPython runs this file as ``__main__`` at boot; importing it (CPython, tests, the
virtual board's scripts) runs nothing.
"""

import gc
import sys

from device import timing
from device.app import App

_PLATFORM_BOARDS = {"rp2": "pico", "esp32": "esp32"}
_DEFAULTS = (3, 16, 2)  # seats, LCD columns, LCD rows
# Collect after every 2 KB allocated rather than when the heap is full: garbage is freed
# before long-lived objects land between it, so the heap stays in few large free blocks.
# Measured on the unix port (docs/performance.md): the smallest heap for a Skat deal drops
# by about 6 KB; each collection costs well under a millisecond on these heap sizes.
GC_THRESHOLD = 2048


def config():
    """``(board name, seats, lcd_cols, lcd_rows)`` from board_config.py, else the defaults.

    Raises ValueError when neither board_config.py nor ``sys.platform`` names a board."""
    try:
        import board_config as c
    except ImportError:
        name = _PLATFORM_BOARDS.get(sys.platform)
        if name is None:
            raise ValueError("no board_config.py and no board for platform %r"
                             % (sys.platform,))
        return (name,) + _DEFAULTS
    return (c.BOARD, getattr(c, "SEATS", _DEFAULTS[0]), getattr(c, "LCD_COLS", _DEFAULTS[1]),
            getattr(c, "LCD_ROWS", _DEFAULTS[2]))


def load_board(name=None):
    """The board module ``boards.<name>`` (default: the configured board)."""
    if name is None:
        name = config()[0]
    return __import__("boards." + name, None, None, ("build",))


def build_board(board=None):
    """The configured board's ``boards.Hardware`` (drivers on the real buses)."""
    _, seats, cols, rows = config()
    if board is None:
        board = load_board()
    return board.build(seats, cols, rows)


def build_app(hw, referee=None, deck=None, on_event=None):
    """The firmware App over ``hw``: the given referee and deck, or Skat by default."""
    if referee is None:
        from core.cards import SKAT
        from core.games import skat
        from core.referee import Referee
        referee = Referee(lambda: skat.Game().new_deal())
        deck = SKAT
    return App(hw.readers, hw.lcd, referee, deck, on_event=on_event)


def build_controller(hw):
    """The whole firmware over ``hw``: menus, the game flows, the journal on the board's
    flash (``<storage>/journal.bin``: resumed after a power cut) and the serial link."""
    from device.controller import Controller
    journal = None
    if hw.storage:
        import os
        try:
            os.mkdir(hw.storage)
        except OSError:
            pass  # it exists
        from core.journal import Journal
        journal = Journal(hw.storage + "/journal.bin")
    controller = Controller(hw, journal=journal)
    gc.collect()  # the boot's garbage (journal read, resume) goes before play starts
    return controller


def loop(app):
    """Tick forever; the 1 ms idle lets the port service USB and Wi-Fi."""
    while True:
        app.tick(timing.ticks_ms())
        timing.sleep_ms(1)


def main():
    """Build the board, build the controller, loop."""
    gc.threshold(GC_THRESHOLD)
    loop(build_controller(build_board()))


if __name__ == "__main__":
    main()

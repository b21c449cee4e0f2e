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

The boot is guarded (:func:`boot`, docs/hardware.md "Faults"): every boot is counted on
flash (``device.bootguard``) before anything is built; a build that raises shows the reason
on the LCD for ``FAULT_SHOW_MS`` and restarts the board; after ``BOOT_TRIES`` failed boots
in a row the board starts in safe mode (journal set aside, the menu, the reason shown).
Once built, the loop runs under ``device.supervisor.Supervisor``, which feeds the board's
watchdog (``machine.WDT(timeout=board.WDT_MS)``) and keeps the LCD in step.

MicroPython runs this file as ``__main__`` at boot; importing it (CPython, tests, the
virtual board's scripts) runs nothing.
"""

import gc
import sys

from device import timing

_PLATFORM_BOARDS = {"rp2": "pico", "esp32": "esp32"}
_DEFAULTS = (3, 16, 2)  # seats, LCD columns, LCD rows
# Collect after every 2 KB allocated rather than when the heap is full: garbage is freed
# before long-lived objects land between it, so the heap stays in few large free blocks.
# Measured on the unix port (docs/performance.md): the smallest heap for a Skat deal drops
# by about 6 KB; each collection costs well under a millisecond on these heap sizes.
GC_THRESHOLD = 2048
FAULT_SHOW_MS = 3000  # a boot fault stays on the LCD this long before the restart
OUT_OF_MEMORY = "out of memory"  # the boot guard's reason for a restart the heap forced


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
    from device.app import App  # not held by this module: a deal's code leaves between deals
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


def loop(app, ticks=-1):
    """Tick forever (or ``ticks`` times: the benchmark); the 1 ms idle after each tick
    lets the port service USB and Wi-Fi. One tick polls one pad, so with six readers each
    pad is polled once per 6 x (1 ms + a tick's wire time and compute): about 75 Hz
    (docs/performance.md, measured through this loop by ``make bench``)."""
    while ticks != 0:
        app.tick(timing.ticks_ms())
        timing.sleep_ms(1)
        ticks -= 1


def boot(machine=None, board=None, seats=None, cols=None, rows=None, storage=None,
         adapt=None):
    """Build the whole firmware under the boot guard; returns the Supervisor to loop on.

    ``machine``: the machine module (default: the real one); ``board``: the board module,
    ``seats``/``cols``/``rows`` the table (default: :func:`config`); ``storage``: the
    flash folder (default ``board.STORAGE``); ``adapt(hw) -> hw``: a last change of the
    hardware bundle (the desktop twin's link). A build that raises is shown on the LCD
    and ends in ``machine.reset()``; after ``BOOT_TRIES`` such boots in a row the board
    starts in safe mode. Returns None only when even safe mode cannot be built (the
    reason is on the LCD if there is one; main.py then returns to the REPL)."""
    from device.bootguard import BootGuard, set_aside
    if machine is None:
        import machine
    if board is None:
        name, seats, cols, rows = config()
        board = load_board(name)
    storage = storage or board.STORAGE
    guard = BootGuard(storage)
    safe = guard.begin(_reset_was(machine, "PWRON_RESET", "HARD_RESET"))
    hw = None
    aside = None  # the journal moved aside by safe mode (its path), if there was one
    try:
        if safe:
            aside = set_aside(storage)
        hw = board.build(seats, cols, rows, machine=machine)
        if hw.storage != storage:  # the last field; MicroPython namedtuples lack _replace
            hw = type(hw)(*(tuple(hw)[:-1] + (storage,)))
        if adapt is not None:
            hw = adapt(hw)
        controller = build_controller(hw)
    except Exception as e:
        reason = _reason(e)
        guard.failed(reason)
        _show_fault(hw, board, machine, cols, rows, "safe mode failed:" if safe else
                    "boot failed %d/%d:" % (guard.count, guard.tries), reason)
        if safe:
            return None  # no reset loop: stay where a USB cable finds the board
        timing.sleep_ms(FAULT_SHOW_MS)
        machine.reset()
        return None  # a real reset never returns
    return _supervise(controller, hw, board, machine, guard, safe, aside)


def _supervise(controller, hw, board, machine, guard, safe, aside=None):
    from device.supervisor import Supervisor
    from device.words import say  # in the table's language, read from flash at build
    wdt = None
    wdt_ms = getattr(board, "WDT_MS", 0)
    if wdt_ms and hasattr(machine, "WDT"):
        try:
            wdt = machine.WDT(timeout=wdt_ms)
        except (ValueError, OSError) as e:  # a timeout the port refuses: run without
            controller.show([say("no watchdog:"), _reason(e)])
    sup = Supervisor(controller, hw.lcd, wdt, on_stable=guard.stable,
                     restart=_restart(guard, machine))
    if safe:  # the journal was set aside: its menu after OK, the game's file named
        lines = [say("safe mode"), say(guard.reason or "boot loop")]
        if aside:  # "journal-aside.bin" is 17 columns: two rows
            from device.lcdtext import file_rows
            lines += [say("journal moved"), say("side file:")] + \
                file_rows(aside.rsplit("/", 1)[-1], controller.cols)
        controller.show_list(lines + [say("OK: go on")])
    elif guard.reason == OUT_OF_MEMORY:
        sup.notice("restarted: RAM", timing.ticks_ms())
    elif _by_watchdog(machine):
        sup.notice("restarted: wdt", timing.ticks_ms())
    return sup


def _restart(guard, machine):
    """The Supervisor's restart when the heap ran out: the boot guard keeps the reason (the
    next boot says "restarted: RAM"; restarts that come before the board ran stably
    count as failed boots, so a heap too small for the game ends in safe mode, not in a
    loop), then ``machine.reset()``; the board resumes from its journal."""
    def restart():
        guard.failed(OUT_OF_MEMORY)
        machine.reset()
    return restart


def _by_watchdog(machine):
    """True when the last reset was the watchdog's (ports without reset_cause: False)."""
    return _reset_was(machine, "WDT_RESET")


def _reset_was(machine, *names):
    """True when ``machine.reset_cause()`` is one of the constants ``names``
    (``"PWRON_RESET"``...; a port without reset_cause or the constant: False). The
    firmware's own restarts are never a power-on or hard reset (``machine.reset()`` is a
    watchdog reset on an RP2040, a soft one on an ESP32)."""
    cause = getattr(machine, "reset_cause", None)
    if cause is None:
        return False
    got = cause()
    for name in names:
        if got == getattr(machine, name, -1):
            return True
    return False


def _reason(e):
    """One short line for the LCD: the exception's type and message."""
    return ("%s %s" % (type(e).__name__, e)).strip()


def _show_fault(hw, board, machine, cols, rows, head, reason):
    """Put a boot fault on the LCD: the built one, else one built just for this. Never
    raises (there may be no LCD at all)."""
    try:
        lcd = hw.lcd if hw is not None else _bare_lcd(board, machine, cols, rows)
        lcd.show([(head + " " * cols)[:cols], reason[:cols]] + [reason[cols * i:cols * (i + 1)]
                                                              for i in range(1, rows - 1)])
    except Exception:
        pass


def _bare_lcd(board, machine, cols, rows):
    from boards import reopen_i2c
    from device.drivers.hd44780 import Lcd
    return Lcd(reopen_i2c(board, machine), board.LCD_ADDR, cols, rows, freq=board.I2C_FREQ)


def main():
    """Boot (guarded) and loop."""
    gc.threshold(GC_THRESHOLD)
    sup = boot()
    if sup is not None:
        loop(sup)


if __name__ == "__main__":
    main()

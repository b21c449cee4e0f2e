"""Issue 27 sample under MicroPython on the virtual board: the flashed firmware (.mpy)
booted by main.boot() heals a reader that drops out and a slipped LCD nibble, and a boot
counter past BOOT_TRIES starts it in safe mode with the journal set aside.

Run by tests/test_faults_mp.py: ``micropython -c "import vb_boot, vb_faults;
vb_faults.run()"`` in the staged firmware folder, the bus server of the host holding the
chip models (harness commands ``fault ...``, ``place``, ``lift``, ``lcd``). Prints
``RESULT {json}`` then ``OK``.
"""

import json
import os

import main
from boards import pico
from device import timing
from vb_machine import command


_now = [0]  # virtual milliseconds: this module is the clock (timing.use(module))


def ticks_ms():
    return _now[0]


def sleep_ms(ms):
    """The drivers' sleeps move the virtual clock, as on the desktop twin."""
    _now[0] += ms


def _ticks(sup, ms):
    events = []
    for _ in range(ms // 2):
        events.extend(sup.tick(_now[0]))
        _now[0] += 2
    return events


def _lcd():
    return command("lcd").split("\n")


def run():
    import sys
    timing.use(sys.modules[__name__])
    command("clear")
    out = {}
    # 1. safe mode: three failed boots are on record and a journal is on flash
    try:
        os.mkdir("data")
    except OSError:
        pass
    with open("data/boot.txt", "w") as f:
        f.write("3\nRuntimeError replay")
    with open("data/journal.bin", "wb") as f:
        f.write(b"not a journal")
    sup = main.boot(board=pico, seats=3, cols=16, rows=2, storage="data")
    out["safe_lcd"] = _lcd()
    out["aside"] = open("data/journal-aside.bin", "rb").read().decode()
    out["wdt"] = sup.wdt is not None
    # 2. a reader drops out during play and comes back
    ctl = sup.loop
    ctl.start_game("skat", 3, {})
    from core.games import skat
    from core.referee import Referee
    from device.app import App

    def deal():
        d = skat.Game().new_deal()
        d.enter_auction(0, 18)
        d.declare(0, "GH")
        return d
    app = App(ctl.hw.readers, ctl.lcd, Referee(deal), ctl.flow.DECK)
    sup.loop = app
    _ticks(sup, 40)
    command("fault reader 0 off")
    command("place 0 skat SA")
    ev = _ticks(sup, 300)
    out["outage_lcd"] = _lcd()
    out["outage_events"] = [getattr(e, "reason", "") for e in ev]
    command("fault reader 0 on")
    ev = _ticks(sup, 800)
    out["back_lcd"] = _lcd()
    out["played"] = [[s, c] for s, c in app.referee.deal.history]
    command("lift 0 skat SA")
    _ticks(sup, 100)
    # 3. a spurious nibble garbles the next screen until the scheduled re-sync
    command("fault nibble 5")
    ctl.lcd.show(["P1 takes", "lead: P1"])
    out["glitch_lcd"] = _lcd()
    _ticks(sup, 3200)
    out["resync_lcd"] = _lcd()
    out["resyncs"] = ctl.lcd.resyncs
    print("RESULT " + json.dumps(out))
    print("OK")

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


class Clock:
    """Virtual milliseconds (the drivers' sleeps move it, as on the desktop twin)."""

    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms


def _ticks(sup, clock, ms):
    events = []
    for _ in range(ms // 2):
        events.extend(sup.tick(clock.now))
        clock.now += 2
    return events


def _lcd():
    return command("lcd").split("\n")


def run():
    clock = Clock()
    timing.use(clock)
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
    _ticks(sup, clock, 40)
    command("fault reader 0 off")
    command("place 0 skat SA")
    ev = _ticks(sup, clock, 300)
    out["outage_lcd"] = _lcd()
    out["outage_events"] = [getattr(e, "reason", "") for e in ev]
    command("fault reader 0 on")
    ev = _ticks(sup, clock, 800)
    out["back_lcd"] = _lcd()
    out["played"] = [[s, c] for s, c in app.referee.deal.history]
    command("lift 0 skat SA")
    _ticks(sup, clock, 100)
    # 3. a spurious nibble garbles the next screen until the scheduled re-sync
    command("fault nibble 5")
    ctl.lcd.show(["P1 takes", "lead: P1"])
    out["glitch_lcd"] = _lcd()
    _ticks(sup, clock, 3200)
    out["resync_lcd"] = _lcd()
    out["resyncs"] = ctl.lcd.resyncs
    print("RESULT " + json.dumps(out))
    print("OK")

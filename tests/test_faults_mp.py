"""Issue 27, a sample under the virtual board's MicroPython: the flashed .mpy firmware,
booted by main.boot() on the unix port with the twin's chip models behind vb_machine,
starts in safe mode after BOOT_TRIES failed boots (journal set aside, reason shown), and
heals a reader that drops out and a spurious LCD nibble (tests/mp/vb_faults.py)."""

import json
import os
import subprocess

from core.cards import SKAT
from host_sim import firmware
from host_sim.vboard import micropython_exe, mp_env
from host_sim.vboard.bus import BusServer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_faults_sample_under_micropython(tmp_path):
    stage = str(tmp_path / "fs")
    firmware.stage("pico", stage, seats=3, mpy=True)
    bus = BusServer("pico", 3)
    bus.start()
    try:
        proc = subprocess.run(
            [micropython_exe(), "-X", "heapsize=320K", "-c", "import vb_boot, vb_faults; "
             "vb_faults.run()"], cwd=stage, capture_output=True, text=True, timeout=300,
            env=mp_env(bus.address, [os.path.join(ROOT, "tests", "mp")]))
    finally:
        bus.stop()
    assert proc.returncode == 0 and "\nOK" in proc.stdout, proc.stdout[-3000:] + proc.stderr
    r = json.loads([l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0][7:])
    assert r["safe_lcd"] == ["safe mode       ", "RuntimeError rep"]
    assert r["aside"] == "not a journal" and r["wdt"] is False  # the unix port: no WDT
    assert r["outage_lcd"] == ["pad 1: no reader", "retrying...     "]
    assert "no-reader" in r["outage_events"]
    assert r["played"] == [[0, SKAT.parse("SA")]]  # the card waited and was read once
    assert r["back_lcd"][0].startswith("P1 GD")  # the card's screen: the Gruen-Daus (core/vocab_skat.py)
    assert r["glitch_lcd"] != ["P1 takes        ", "lead: P1        "]
    assert r["resync_lcd"] == ["P1 takes        ", "lead: P1        "] and r["resyncs"] >= 1
    with open(os.path.join(stage, "data", "boot.txt")) as f:
        assert f.read().startswith("4\n")  # the safe boot was counted; not yet stable

"""Issue 10: the WHOLE firmware (firmware/main.py: the controller with its menus, the
game's flow, the journal on flash and the link) plays a deal of every game under the real
MicroPython unix port, .mpy modules as a board loads them, driven by the same button
presses and card placements as the desktop twin, and ends with the desktop's trick
winners and LCD. (The smallest heap per game is measured by tools/mem_report.py.)"""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mem_report  # noqa: E402
from host_sim import firmware  # noqa: E402
from host_sim.vboard import script  # noqa: E402
from host_sim.vboard.bus import BusServer  # noqa: E402

HEAP_KB = 320  # x86-64 unix port: objects twice a 32-bit board's (docs/performance.md)


@pytest.fixture(scope="module")
def stage(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("fs"))
    firmware.stage("pico", path, seats=4, mpy=True)
    return path


@pytest.mark.parametrize("game", ["skat", "magistr", "zhopa", "tarot"])
def test_whole_firmware_plays_a_deal_under_micropython(stage, tmp_path, game):
    header, actions = mem_report.controller_script(game)
    path = str(tmp_path / (game + ".jsonl"))
    script.write(path, header, actions)
    seats = header["seats"]
    st = stage
    if seats != 4:
        st = str(tmp_path / "fs")
        firmware.stage("pico", st, seats=seats, mpy=True)
    bus = BusServer("pico", seats)
    bus.start()
    try:
        ok, result, figures, text = mem_report.run_controller(st, path, HEAP_KB, bus)
    finally:
        bus.stop()
    assert ok, text[-3000:]
    assert result["trick_winners"] == header["trick_winners"]
    assert result["lcd"] == header["lcd"]

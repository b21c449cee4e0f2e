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

HEAP_KB = 320  # x86-64 unix port: objects twice a 32-bit board's (docs/performance.md)


@pytest.fixture(scope="module")
def stages():
    """``{seats: staged filesystem}``, shared by the games of this module."""
    return {}


@pytest.mark.parametrize("game", ["skat", "magistr", "zhopa", "tarot"])
def test_whole_firmware_plays_a_deal_under_micropython(stages, tmp_path_factory, game):
    good, text = mem_report.controller_deal(game, HEAP_KB, str(tmp_path_factory.mktemp(game)),
                                            stages=stages)
    assert good, text[-3000:]

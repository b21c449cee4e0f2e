"""Shared test setup: the project root on sys.path, the shared data folder, the dummy video driver."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("TRICKREF_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
for p in (ROOT, os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "mp")):
    if p not in sys.path:
        sys.path.insert(0, p)


@pytest.fixture(scope="session")
def shared():
    """Path of the read-only ``shared/`` folder beside the checkout (seeds, data, reference)."""
    if not os.path.isdir(SHARED):
        raise RuntimeError("shared/ not found at %s (set TRICKREF_SHARED)" % SHARED)
    return SHARED


def pytest_terminal_summary(terminalreporter):
    """After the run: the heap figures of each MicroPython run (code size after the
    imports, game state at the end), as printed by the scripts in tests/mp/."""
    try:
        from mpy import REPORTS
    except ImportError:
        return
    if not REPORTS:
        return
    terminalreporter.section("MicroPython unix port, -X heapsize=128K, .mpy modules")
    for script, lines in REPORTS:
        terminalreporter.write_line("%-18s %s" % (script, "; ".join(lines)))

"""Test setup: the project root on sys.path, the test data folder, the dummy video driver."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the buzzer through a silent mixer
for p in (ROOT, os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "mp")):
    if p not in sys.path:
        sys.path.insert(0, p)

# TRICKREF_SMALL_HEAP=1 (make test's second run): the desktop unloads what a board unloads
# (core.compat.SMALL_HEAP: the table loop's modules at every booking, the vocabulary and
# catalogue modules once read), so the fault and power-cut suites also run the code paths
# only a board takes. Set before any module binds the flag.
if os.environ.get("TRICKREF_SMALL_HEAP") == "1":
    import core.compat
    core.compat.SMALL_HEAP = True


@pytest.fixture(scope="session", autouse=True)
def _host_keys(tmp_path_factory):
    """The console's pairing keys (host_sim.console.KeyStore) live in a temporary file,
    never in the developer's home."""
    os.environ["TRICKREF_KEYS"] = str(tmp_path_factory.mktemp("keys") / "keys.json")


@pytest.fixture
def speak():
    """``speak(lang)`` sets the table's language for one test: the LCD's words
    (device/words.py) and the simulator's sentences (host_sim/i18n.py); ``_english_after``
    puts English back."""
    from device import words
    from host_sim import i18n

    def set_to(lang):
        words.set_language(lang)
        i18n.set_language(lang)
    return set_to


@pytest.fixture(autouse=True)
def _english_after():
    """A test that runs the simulator or the console with --lang leaves their own sentences
    (host_sim/i18n.py) and the LCD's words (device/words.py), both process-wide, in English
    for the next test."""
    yield
    i18n = sys.modules.get("host_sim.i18n")
    if i18n is not None:
        i18n.set_language("en")
    words = sys.modules.get("device.words")  # the LCD's words (sim --lang sets them too)
    if words is not None:
        words.set_language("en")
    looks = sys.modules.get("device.looks")  # the decks' looks (sim --look, the menu)
    if looks is not None:
        for deck in ("skat", "tarot", "french36"):
            looks.use(deck, None)


@pytest.fixture(scope="session")
def data_dir():
    """Path of ``tests/data/``: the real inputs the tests read (ISS Skat records, the FFT
    worked examples, the Zhopa seed), each with its source in ``tests/data/README.md``."""
    return DATA


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


@pytest.fixture
def replay_json():
    """``trickref replay PATH --json`` run in-process: returns ``(exit status, [one
    object per printed line])``."""
    import contextlib
    import io
    import json

    from host_sim.cli import main

    def run(path):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            status = main(["replay", str(path), "--json"])
        return status, [json.loads(line) for line in buf.getvalue().splitlines()]
    return run

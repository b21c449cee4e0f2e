"""Issue 19: a deal of each game through the WHOLE firmware (firmware/main.py's controller
with its menus, the game's flow, the journal on flash and the serial link; .mpy modules,
not frozen) under a 32-bit MicroPython (4-byte pointers, 16-byte GC blocks, as on an RP2040
or an ESP32) with a fixed heap, ending with the desktop twin's trick winners and LCD rows.

The 32-bit interpreter is not part of the repository: its path comes from the environment
variable ``TRICKREF_MP32`` (.ci/run sets it where the shared build is;
``make mem32`` measures the smallest heap). Without it these tests are skipped, with the
reason in the summary."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mem_report  # noqa: E402

# The heap each deal must fit in, in KB. Issue 19's target is 100 (a plain ESP32 with room
# for Wi-Fi); not reached yet (docs/performance.md "32-bit heap": the smallest heaps
# measured per game), so the test holds the firmware at the measured figures plus a margin
# (round 6: one Tarot deal 177K, the largest; Tarot's six-deal evening 178K), and fails when
# it grows past them. With no margin the heap's layout decides: CI failed the evening at
# 185K where the same commit passed on another machine.
HEAP_KB = 185
TARGET_KB = 100
EXE = os.environ.get("TRICKREF_MP32", "")
EXE = EXE and os.path.abspath(EXE)  # the runs change directory


@pytest.fixture(scope="module")
def exe():
    if not EXE:
        pytest.skip("TRICKREF_MP32 is not set: no 32-bit MicroPython to run the memory "
                    "tests (a 32-bit build of the unix port: docs/performance.md, \"32-bit heap\")")
    if not os.access(EXE, os.X_OK):
        pytest.skip("TRICKREF_MP32=%s is not an executable file" % EXE)
    return EXE


@pytest.fixture(scope="module")
def stages():
    """``{seats: staged filesystem}``, shared by the games of this module."""
    return {}


def test_the_interpreter_is_32_bit(exe):
    import subprocess
    out = subprocess.run([exe, "-c", "import sys, struct; print(sys.maxsize, "
                          "struct.calcsize('P'))"], capture_output=True, text=True).stdout
    assert out.split() == [str(2 ** 31 - 1), "4"]


@pytest.mark.parametrize("game", ["skat", "magistr", "zhopa", "tarot"])
def test_whole_firmware_plays_a_deal_in_a_32_bit_heap(exe, stages, tmp_path_factory, game):
    good, text = mem_report.controller_deal(game, HEAP_KB, str(tmp_path_factory.mktemp(game)),
                                            exe=exe, stages=stages)
    assert good, text[-3000:]


@pytest.mark.parametrize("lang", ["de", "fr", "uk"])
def test_a_board_speaking_another_language_plays_a_deal(exe, stages, tmp_path_factory, lang):
    """The table's language costs its catalogue for the whole game (device/words_<lang>.py,
    kept on flash as the main menu saves it): a Skat deal in German, French and
    Ukrainian plays in the same heap, its LCD rows the desktop twin's in that language.
    The catalogues were dicts of 221 phrases, 15-19K of the heap; one string, kept in the
    LCD's alphabet, is 5-6K (docs/languages.md)."""
    good, text = mem_report.controller_deal("skat", HEAP_KB,
                                            str(tmp_path_factory.mktemp("skat-" + lang)),
                                            exe=exe, stages=stages, lang=lang)
    assert good, text[-3000:]


# An evening: a board books deal after deal, so what the firmware keeps of each must stay
# small, or a board that plays one deal in its heap runs out some deals later. The sheet's
# rows grow the heap (Tarot about 130 bytes a deal, Skat about 270, on this run); a whole
# Result kept per booked deal (about 850 bytes: Tarot's sheet did) fails the bound, and
# failed the sixth deal at 185K.
EVENING_DEALS = 6
GROWTH_PER_DEAL = 400  # bytes in use, from the second deal's first card to the last's


@pytest.mark.parametrize("game", ["tarot", "skat"])
def test_an_evening_of_deals_keeps_the_heap_flat(exe, stages, tmp_path_factory, game):
    good, text = mem_report.controller_deal(game, HEAP_KB, str(tmp_path_factory.mktemp(game)),
                                            exe=exe, stages=stages, deals=EVENING_DEALS)
    assert good, text[-3000:]
    heaps = mem_report.deal_heaps(text)
    assert len(heaps) >= 5, text[-3000:]  # a deal every seat passed lays no card
    assert heaps[-1] - heaps[1] <= GROWTH_PER_DEAL * (len(heaps) - 2), heaps


def test_a_heap_too_small_fails_the_deal(exe, stages, tmp_path_factory):
    # The run must be able to fail: far below the firmware's needs it does not play.
    good, text = mem_report.controller_deal("skat", TARGET_KB // 2,
                                            str(tmp_path_factory.mktemp("small")),
                                            exe=exe, stages=stages)
    assert not good
    assert "MemoryError" in text or "memory allocation failed" in text

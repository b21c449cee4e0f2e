"""Documentation that cannot drift from the code: the wiring tables match the board
modules, and the README's quick start is the two commands CI runs."""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from wiring_diagram import draw, pin_rows  # noqa: E402


def _table(md, heading):
    text = md.split(heading, 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 3 and not set(cells[0]) <= set("-"):
            rows.append(cells)
    return rows[1:]  # without the header


def test_wiring_tables_match_the_board_modules():
    with open(os.path.join(ROOT, "docs", "wiring.md"), encoding="utf-8") as f:
        md = f.read()
    pico = [(r[0], r[1], r[3]) for r in _table(md, "## Raspberry Pi Pico")]
    esp = [(r[0], r[1], r[2]) for r in _table(md, "## ESP32 DevKitC")]
    assert pico == pin_rows("pico")
    assert esp == pin_rows("esp32")


def test_wiring_pictures_are_drawn(tmp_path):
    for board in ("pico", "esp32"):
        path = draw(board, str(tmp_path / ("w_%s.png" % board)))
        assert os.path.getsize(path) > 10000
        assert os.path.exists(os.path.join(ROOT, "docs", "wiring_%s.png" % board))


def test_readme_quick_start_is_two_commands_and_ci_runs_the_test_one():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    block = readme.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [l.split("#")[0].strip() for l in block.strip().splitlines()]
    assert commands == ["make demo", "make test"]
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        assert re.search(r"^make test$", f.read(), re.M)

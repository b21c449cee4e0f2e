"""Issue 20: the README's examples run and show what the README says they show."""

import os
import re
import shlex

import pytest

pygame = pytest.importorskip("pygame")

from host_sim.cli import main  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _readme():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        return f.read()


def test_readme_headless_tarot_example_plays_a_deal(tmp_path, capsys):
    """The README's headless Tarot command plays a whole deal (it used to be 3 players who
    all passed) and the README's words about it are the program's output."""
    text = _readme()
    m = re.search(r"`trickref (sim [^`]*--headless[^`]*)`", text)
    assert m, "no headless sim example in the README"
    argv = shlex.split(m.group(1))
    shot = argv.index("--screenshot") + 1
    argv[shot] = str(tmp_path / os.path.basename(argv[shot]))
    assert main(argv) == 0
    out = capsys.readouterr().out
    deal = re.search(r"deal 1: (P\d) prise \| made (\d+)/(\d+)", out)
    assert deal, out
    said = re.search(r"(P\d) takes a prise and makes it with (\d+) points where (\d+) were",
                     " ".join(text.split()))
    assert said and said.groups() == deal.groups(), (said and said.groups(), out)
    assert 0 <= int(deal.group(2)) <= 91  # a Tarot deal has 91 card points
    assert os.path.exists(argv[shot])

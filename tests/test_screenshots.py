"""Issue 20: the README's screenshots show the current program. ``make screenshots``
(``trickref sim --shots docs/screenshots``) renders one picture per game with every seat
a computer; this test renders them afresh (pygame's dummy video driver, the bundled fonts
only: pygame's own and host_sim/data/DejaVuSansMono.ttf, so every machine draws the same
pixels) and compares them with the committed ones pixel by pixel.

Tolerance: none. A picture passes only when its size and every pixel's RGB are equal
(PNG is lossless; the link's port, the one thing that changes between runs, is drawn as
``PORT``). A failure names the image, how many pixels differ and where, and says how
to regenerate them."""

import os

import pytest

import pygame  # the [sim] extra, in [dev]

from host_sim.commands.sim import make_shots  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = os.path.join(ROOT, "docs", "screenshots")
NAMES = ("sim_skat.png", "sim_magistr.png", "sim_zhopa.png", "sim_tarot.png")


def difference(a, b):
    """``(pixels that differ, their bounding box (x0, y0, x1, y1) or None)`` between
    surfaces ``a`` and ``b`` of one size, compared as RGB."""
    ra, rb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    if ra == rb:
        return 0, None
    w = a.get_width()
    n, box = 0, None
    for i in range(0, len(ra), 3):
        if ra[i:i + 3] != rb[i:i + 3]:
            n += 1
            x, y = (i // 3) % w, (i // 3) // w
            box = (x, y, x, y) if box is None else (min(box[0], x), min(box[1], y),
                                                     max(box[2], x), max(box[3], y))
    return n, box


def test_difference_finds_one_pixel():
    a = pygame.Surface((20, 10))
    b = a.copy()
    assert difference(a, b) == (0, None)
    b.set_at((7, 3), (1, 0, 0))
    assert difference(a, b) == (1, (7, 3, 7, 3))


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shots")
    make_shots(str(folder))
    return str(folder)


@pytest.mark.parametrize("name", NAMES)
def test_readme_screenshot_is_current(fresh, name):
    committed = pygame.image.load(os.path.join(SHOTS, name))
    new = pygame.image.load(os.path.join(fresh, name))
    assert new.get_size() == committed.get_size(), \
        "%s: rendered %r, committed %r; run `make screenshots`" % (
            name, new.get_size(), committed.get_size())
    n, box = difference(new, committed)
    assert n == 0, "%s differs from the current program in %d pixels (box %r); run " \
        "`make screenshots` and look at it before committing" % (name, n, box)


def test_readme_shows_every_screenshot():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    for name in NAMES:
        assert "docs/screenshots/" + name in readme, name

"""Test layouts of the table for 3 to 6 seats: pad positions, spacing, cable runs.

Usage: ``python tools/table_layout.py [--out docs/building]`` writes ``layout_<n>.png`` for
n = 3..6 and prints the table of :func:`layout`. Geometry (a design, not a measurement): a
round table of ``TABLE_D`` mm, one pad per seat centred ``PAD_R`` mm from the middle in front
of its player, seats evenly spaced clockwise from P1 at the bottom; the control box sits at
the rim half a seat before P1 (the scorer's side) and each pad has its own cable, run under
the table in a straight line plus ``DROP`` at each end and ``SLACK``.

The read range that sets the spacing: the MFRC522 data sheet's "typical operating distance
... up to 50 mm depending on the antenna size and tuning" (section 3, features), taken as
the worst case; cheap RC522 boards reach about 10 mm with small tags. A card is read by
the wrong pad only if it lies within that range of the other pad's antenna, so the gap
between two pads' edges must exceed ``READ_RANGE``; the twin's RF model
(host_sim/chips/ntag.py) has no distances (a tag answers with a probability), so it cannot
give this figure.
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from docgen import parse_out, replace_block  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

TABLE_D = 1000.0  # mm, design choice: a 1 m round card table
PAD_R = 330.0  # mm from the centre to a pad's centre
PAD = (60.0, 90.0)  # mm, pad outline: an RC522 module (40 x 60) with margin for a card
READ_RANGE = 50.0  # mm, MFRC522 data sheet section 3 (see the module docstring)
DROP, SLACK = 100.0, 200.0  # mm per cable: down and up through the table, and spare


def pad_centres(seats):
    """``[(x, y), ...]`` mm of each seat's pad (P1 first, clockwise, P1 at the bottom)."""
    out = []
    for i in range(seats):
        a = math.pi / 2 + 2 * math.pi * i / seats  # y grows downwards in the picture
        out.append((PAD_R * math.cos(a), PAD_R * math.sin(a)))
    return out


def box_position(seats):
    """The control box at the rim, half a seat before P1."""
    a = math.pi / 2 - math.pi / seats
    r = TABLE_D / 2 - 40.0
    return (r * math.cos(a), r * math.sin(a))


def layout(seats):
    """``{"gap": mm, "centre_gap": mm, "cables": [mm per pad], "ok": bool}`` for ``seats``
    (3..6): the smallest edge-to-edge gap between two pads (conservatively, using the pad's
    diagonal), the clear distance from the trick area in the middle to the pads, and each
    pad's cable length. ``ok``: every gap exceeds ``READ_RANGE``. ValueError out of 3..6."""
    if not 3 <= seats <= 6:
        raise ValueError("the layouts cover 3 to 6 seats, not %r" % (seats,))
    pads = pad_centres(seats)
    diag = math.hypot(*PAD)
    gap = min(math.dist(pads[i], pads[j]) for i in range(seats) for j in range(i)) - diag
    centre_gap = PAD_R - diag / 2
    bx = box_position(seats)
    cables = [round(math.dist(bx, p) + 2 * DROP + SLACK, -1) for p in pads]
    return {"gap": round(gap), "centre_gap": round(centre_gap), "cables": cables,
            "ok": gap > READ_RANGE and centre_gap > READ_RANGE}


def draw(seats, path, k=0.6):
    """The layout of ``seats`` pads as a PNG at ``k`` px/mm."""
    import pygame
    pygame.font.init()
    size = int(TABLE_D * k + 120)
    s = pygame.Surface((size, size + 40))
    s.fill((250, 250, 245))
    f = pygame.font.SysFont("dejavusans", 15)
    c = size / 2

    def px(p):
        return (c + p[0] * k, c + p[1] * k)
    pygame.draw.circle(s, (30, 110, 60), (c, c), TABLE_D / 2 * k)
    bx = px(box_position(seats))
    for i, p in enumerate(pad_centres(seats)):
        pygame.draw.line(s, (220, 140, 30), bx, px(p), 2)
        r = pygame.Rect(0, 0, PAD[0] * k, PAD[1] * k)
        r.center = px(p)
        pygame.draw.rect(s, (240, 240, 240), r)
        s.blit(f.render("P%d" % (i + 1), True, (0, 0, 0)), (r.x + 4, r.y + 4))
    pygame.draw.rect(s, (20, 20, 20), (bx[0] - 30, bx[1] - 15, 60, 30))
    x = layout(seats)
    s.blit(f.render("%d seats: pads %d mm apart edge to edge, cables %s mm"
                    % (seats, x["gap"], "/".join("%d" % v for v in x["cables"])), True,
                    (0, 0, 0)), (10, size + 10))
    pygame.image.save(s, path)
    return path


def markdown():
    """The layout table for docs/building.md."""
    out = ["| seats | smallest gap between pads | trick area to pads | cable per pad "
           "(P1..Pn) | gaps over the %g mm read range |" % READ_RANGE, "|---|---|---|---|---|"]
    for n in range(3, 7):
        x = layout(n)
        out.append("| %d | %d mm | %d mm | %s mm | %s |" % (
            n, x["gap"], x["centre_gap"], ", ".join("%d" % v for v in x["cables"]),
            "yes" if x["ok"] else "NO"))
    return "\n".join(out)


def main(argv=None):
    args = parse_out(__doc__.splitlines()[0], os.path.join("docs", "building"), argv,
                     os.path.join("docs", "building.md"))
    for n in range(3, 7):
        print(draw(n, os.path.join(args.out, "layout_%d.png" % n)))
    if replace_block(args.doc, "layout", markdown()):
        print("updated " + args.doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())

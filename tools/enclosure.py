"""The control box (LCD, three buttons, buzzer, controller): a parametric OpenSCAD model.

Usage: ``python tools/enclosure.py [--lcd 16x2|20x4] [--out docs/enclosure]`` writes
``control_box_<lcd>.scad`` (OpenSCAD source, every dimension a named parameter at the top)
and its picture ``control_box_<lcd>.png``: rendered by ``openscad`` when it is installed
(Debian: ``apt-get install openscad``), otherwise a dimensioned top and back view drawn with
pygame from the same parameters (the tool says which). Counts come from the board modules:
one button hole per ``BUTTONS`` entry, one pad-cable hole per ``READER_CS`` entry.

Dimensions (mm) and their sources: LCD modules 16x2 80 x 36 x 13.5, viewing area 64.5 x 16.4
(Pololu/anibit 16x2 character LCD, "Dimensions"); 20x4 98 x 60 x 13.5, viewing area 76 x 25.2
(LCD2004 module data sheet, "Mechanical specifications"); Raspberry Pi Pico 21 x 51 (Pico
product brief, "Specification"). Button, buzzer, cable and USB holes are this design's
choices for 12 mm tactile buttons with round caps, a 12 mm buzzer, 6 mm pad cables and a
USB cable, marked as such in the .scad.
"""

import argparse
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from netlist import board_module  # noqa: E402

# (module w, module h, module depth incl. backpack, window w, window h) per LCD size.
BACKPACK = 12.0  # design choice: room behind the module for the soldered I2C backpack
LCDS = {"16x2": (80.0, 36.0, 13.5 + BACKPACK, 64.5, 16.4),
        "20x4": (98.0, 60.0, 13.5 + BACKPACK, 76.0, 25.2)}
WALL = 2.5
BUTTON_HOLE = 12.5  # design choice: 12 mm tactile switch caps
BUTTON_PITCH = 20.0
BUZZER_HOLE = 12.5  # design choice: 12 mm buzzer behind a grille
CABLE_HOLE = 7.0  # design choice: 6 mm pad cable through a grommet
USB_SLOT = (12.0, 8.0)  # design choice: micro-USB plug body
BOARD_SPACE = (60.0, 30.0)  # floor space for a Pico (21 x 51) or a DevKitC


def params(lcd="16x2", board="pico"):
    """The model's parameters (a dict, mm): box outer size from the LCD module and the
    button row, counts from ``boards/<board>.py``. ValueError for an unknown LCD size."""
    if lcd not in LCDS:
        raise ValueError("no LCD size %r (known: %s)" % (lcd, ", ".join(sorted(LCDS))))
    b = board_module(board)
    mw, mh, md, ww, wh = LCDS[lcd]
    buttons = len(b.BUTTONS)
    width = max(mw, BOARD_SPACE[0], buttons * BUTTON_PITCH + BUZZER_HOLE + 10) + 2 * WALL + 10
    depth = mh + BUTTON_PITCH + 2 * WALL + 15
    return {"wall": WALL, "width": width, "depth": depth, "height": md + 12.0,
            "lcd_module_w": mw, "lcd_module_h": mh, "lcd_window_w": ww, "lcd_window_h": wh,
            "buttons": buttons, "button_hole": BUTTON_HOLE, "button_pitch": BUTTON_PITCH,
            "buzzer_hole": BUZZER_HOLE, "cables": len(b.READER_CS),
            "cable_hole": CABLE_HOLE, "usb_w": USB_SLOT[0], "usb_h": USB_SLOT[1]}


SCAD_BODY = """
// Lid (top): LCD window near the back, button row and buzzer grille in front.
module lid() {
    difference() {
        cube([width, depth, wall]);
        translate([(width - lcd_window_w) / 2, depth - wall - 5 - lcd_module_h / 2 - lcd_window_h / 2, -1])
            cube([lcd_window_w, lcd_window_h, wall + 2]);
        for (i = [0 : buttons - 1])
            translate([wall + 15 + i * button_pitch, wall + button_pitch / 2 + 2, -1])
                cylinder(d = button_hole, h = wall + 2, $fn = 48);
        for (dx = [-3, 0, 3], dy = [-3, 0, 3])  // buzzer grille
            translate([width - wall - 15 + dx, wall + button_pitch / 2 + 2 + dy, -1])
                cylinder(d = 1.8, h = wall + 2, $fn = 16);
    }
    // LCD module standoffs (M3 holes of the module are at its corners)
    for (sx = [0, 1], sy = [0, 1])
        translate([(width - lcd_module_w) / 2 + 3.5 + sx * (lcd_module_w - 7),
                   depth - wall - 5 - lcd_module_h + 3.5 + sy * (lcd_module_h - 7), -6])
            difference() { cylinder(d = 6, h = 6, $fn = 24); cylinder(d = 2.5, h = 7, $fn = 16); }
}

// Base: open box, pad-cable holes in the back wall, USB slot in the left wall.
module base() {
    difference() {
        cube([width, depth, height]);
        translate([wall, wall, wall]) cube([width - 2 * wall, depth - 2 * wall, height]);
        for (i = [0 : cables - 1])
            translate([wall + 8 + i * (width - 2 * wall - 16) / max(cables - 1, 1), depth + 1, height / 2])
                rotate([90, 0, 0]) cylinder(d = cable_hole, h = wall + 2, $fn = 32);
        translate([-1, depth / 2 - usb_w / 2, wall + 4]) cube([wall + 2, usb_w, usb_h]);
    }
}

base();
translate([width + 20, 0, 6]) lid();  // beside the base, as printed
"""


def scad(lcd="16x2", board="pico"):
    """The OpenSCAD source of the control box for ``lcd`` and ``board``."""
    p = params(lcd, board)
    lines = ["// trickref control box, LCD %s, board %s: generated by tools/enclosure.py"
             % (lcd, board),
             "// (design choices: button/buzzer/cable/USB holes; LCD and window sizes from "
             "the module data sheets, see tools/enclosure.py)"]
    for k in sorted(p):
        lines.append("%s = %s;" % (k, ("%g" % p[k])))
    return "\n".join(lines) + "\n" + SCAD_BODY


def read_stl(path):
    """The triangles of an ASCII STL file: a list of three (x, y, z) tuples each."""
    tris, cur = [], []
    with open(path, encoding="ascii") as f:
        for line in f:
            w = line.split()
            if w and w[0] == "vertex":
                cur.append(tuple(float(v) for v in w[1:4]))
                if len(cur) == 3:
                    tris.append(cur)
                    cur = []
    return tris


def _shade(tri):
    """A grey-blue face colour lit from above-left-front (Lambert), from the face normal."""
    (ax, ay, az), (bx, by, bz), (cx, cy, cz) = tri
    u, v = (bx - ax, by - ay, bz - az), (cx - ax, cy - ay, cz - az)
    n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    size = sum(c * c for c in n) ** 0.5 or 1.0
    light = (-0.4, -0.6, 0.7)
    k = 0.35 + 0.65 * max(0.0, sum(n[i] * light[i] for i in range(3)) / size)
    return (0.45 * k + 0.1, 0.6 * k + 0.1, 0.8 * k + 0.1)


def render_openscad(scad_path, png_path):
    """Compile with the ``openscad`` command to an STL (no display needed) and shade its
    triangles with matplotlib; returns None, or the reason it could not."""
    exe = shutil.which("openscad")
    if exe is None:
        return "openscad is not installed (Debian: apt-get install openscad)"
    stl = png_path[:-4] + ".stl"
    proc = subprocess.run([exe, "-o", stl, "--export-format", "asciistl", scad_path],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        return "openscad failed: " + proc.stderr.strip()[-300:]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    except ImportError:
        return "matplotlib is missing (pip install -e '.[docs]')"
    tris = read_stl(stl)
    os.remove(stl)
    fig = plt.figure(figsize=(10, 7.5), dpi=110)
    ax = fig.add_subplot(projection="3d")
    ax.add_collection3d(Poly3DCollection(tris, facecolors=[_shade(t) for t in tris],
                                         linewidths=0))
    pts = [v for t in tris for v in t]
    for axis, setter in enumerate((ax.set_xlim, ax.set_ylim, ax.set_zlim)):
        setter(min(p[axis] for p in pts), max(p[axis] for p in pts))
    ax.set_box_aspect([max(p[i] for p in pts) - min(p[i] for p in pts) for i in range(3)])
    ax.view_init(elev=28, azim=-60)
    ax.set_title(os.path.basename(scad_path) + " (openscad, mm)")
    fig.savefig(png_path, bbox_inches="tight")
    plt.close(fig)
    return None


def draw_views(p, path, title):
    """A dimensioned top view (lid) and back view (base) of ``params`` at 5 px/mm (PNG)."""
    import pygame
    pygame.font.init()
    k = 5.0
    w, d, h = p["width"] * k, p["depth"] * k, p["height"] * k
    s = pygame.Surface((int(max(w + 160, 860)), int(d + h + 230)))
    s.fill((250, 250, 245))
    f = pygame.font.SysFont("dejavusans", 16)
    s.blit(pygame.font.SysFont("dejavusans", 20, bold=True).render(title, True, (0, 0, 0)),
           (20, 10))
    ox, oy = 80, 60
    pygame.draw.rect(s, (60, 60, 60), (ox, oy, w, d), 3)
    lcd = pygame.Rect(ox + (w - p["lcd_window_w"] * k) / 2,
                      oy + 5 * k + (p["lcd_module_h"] - p["lcd_window_h"]) / 2 * k,
                      p["lcd_window_w"] * k, p["lcd_window_h"] * k)
    pygame.draw.rect(s, (40, 90, 200), lcd, 0)
    for i in range(p["buttons"]):
        c = (ox + (p["wall"] + 15 + i * p["button_pitch"]) * k,
             oy + d - (p["wall"] + p["button_pitch"] / 2 + 2) * k)
        pygame.draw.circle(s, (90, 90, 90), c, p["button_hole"] / 2 * k, 3)
    pygame.draw.circle(s, (150, 40, 150), (ox + w - (p["wall"] + 15) * k,
                                           oy + d - (p["wall"] + p["button_pitch"] / 2 + 2) * k),
                       p["buzzer_hole"] / 2 * k, 3)
    s.blit(f.render("top (lid): %g x %g mm, LCD window %g x %g" % (
        p["width"], p["depth"], p["lcd_window_w"], p["lcd_window_h"]), True, (0, 0, 0)),
        (ox, oy + d + 8))
    by = oy + d + 60
    pygame.draw.rect(s, (60, 60, 60), (ox, by, w, h), 3)
    n = p["cables"]
    for i in range(n):
        x = ox + (p["wall"] + 8 + i * (p["width"] - 2 * p["wall"] - 16) / max(n - 1, 1)) * k
        pygame.draw.circle(s, (220, 140, 30), (x, by + h / 2), p["cable_hole"] / 2 * k, 3)
    s.blit(f.render("back (base): height %g mm, %d pad cables of %g mm holes" % (
        p["height"], n, p["cable_hole"]), True, (0, 0, 0)), (ox, by + h + 8))
    pygame.image.save(s, path)
    return path


def build(lcd, board, out):
    """Write the .scad and its picture into ``out``; returns (scad path, png path, note)."""
    os.makedirs(out, exist_ok=True)
    base = os.path.join(out, "control_box_%s" % lcd)
    with open(base + ".scad", "w", encoding="utf-8") as f:
        f.write(scad(lcd, board))
    why = render_openscad(base + ".scad", base + ".png")
    if why:
        draw_views(params(lcd, board), base + ".png",
                   "trickref control box, LCD %s (views from the .scad parameters)" % lcd)
        why += ": drew the top and back views with pygame instead"
    return base + ".scad", base + ".png", why


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lcd", choices=sorted(LCDS), action="append")
    p.add_argument("--board", default="pico")
    p.add_argument("--out", default=os.path.join("docs", "enclosure"))
    args = p.parse_args(argv)
    for lcd in args.lcd or sorted(LCDS):
        scad_path, png, why = build(lcd, args.board, args.out)
        print(scad_path)
        print(png + (" (%s)" % why if why else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

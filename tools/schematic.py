"""Draw each board's schematic from its netlist (tools/netlist.py, itself from boards/*.py).

Usage: ``python tools/schematic.py [--out docs/schematic]`` writes ``<board>.svg`` (needs the
``docs`` extra: schemdraw). Every part is drawn with its pins; every pin ends in the label of
its net, so two pins with the same label are one wire (the netlist is the truth, the
picture cannot connect anything the netlist does not). The buzzer driver and the buttons
are drawn as discrete symbols with their nets.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from netlist import BOARDS, netlist, unconnected  # noqa: E402
from docgen import parse_out  # noqa: E402

TITLES = {"pico": "Raspberry Pi Pico (RP2040)", "esp32": "ESP32 DevKitC (WROOM-32)"}
PART_NAMES = {"U1": None, "U2": "PCF8574 LCD backpack", "U3": "BSS138 level shifter",
              "U4": "3.3 V regulator (readers)", "J1": "USB-serial 3.3 V"}


def part_pins(nets):
    """``{ref: [(pin, net), ...]}`` from a netlist, pins in first-seen order per part."""
    parts = {}
    for net in sorted(nets):
        for node in nets[net]:
            ref, _, pin = node.partition(".")
            parts.setdefault(ref, []).append((pin, net))
    return parts


def _ic(d, elm, ref, label, pins, at, open_pins=()):
    """An Ic box for ``ref`` at ``at`` with ``pins`` on its right, each tagged with its net."""
    rows = list(pins) + [(p, "n.c.") for p in open_pins]
    ic = elm.Ic(pins=[elm.IcPin(name=p, side="right", slot="%d/%d" % (i + 1, len(rows)))
                      for i, (p, _) in enumerate(rows)],
                size=(2.2, 0.55 * len(rows) + 0.5), pinspacing=0.55,
                edgepadH=0.25).at(at).anchor("center").label(label, loc="top", fontsize=11)
    d += ic
    for p, net in rows:
        d += elm.Line().at(getattr(ic, p)).right(0.6)
        d += elm.Dot(open=True).label(net, loc="right", fontsize=9)
    return ic


def _pin_order(row):
    """GPIOs by number, then the power pins."""
    digits = "".join(c for c in row[0] if c.isdigit())
    return (1, -int(digits)) if row[0].startswith("GP") else (0, row[0])


def _buttons(d, elm, nets, at):
    x, y = at
    for i, name in enumerate(("PREV", "NEXT", "OK")):
        d += elm.Dot(open=True).at((x, y - 1.6 * i)).label("BTN_" + name, loc="left",
                                                            fontsize=9)
        d += elm.Line().right(0.4)
        d += elm.Button().right().label("SW%d" % (i + 1), fontsize=9)
        d += elm.Ground()


def _buzzer(d, elm, at):
    x, y = at
    d += elm.Dot(open=True).at((x, y)).label("BUZZER", loc="left", fontsize=9)
    d += elm.Resistor().right().label("R1 1 kΩ", fontsize=9)
    q = elm.BjtNpn(circle=True).anchor("base").label("Q1 NPN\n2N2222/BC547", fontsize=9)
    d += q
    d += elm.Ground().at(q.emitter)
    d += elm.Line().at(q.collector).up(0.8)
    bz = elm.Ic(pins=[elm.IcPin(name="-", side="bottom"), elm.IcPin(name="+", side="top")],
                size=(1.4, 1.0)).anchor("-").label("BZ1 active\nbuzzer", loc="right",
                                                   fontsize=9)
    d += bz
    d += elm.Line().at(getattr(bz, "+")).up(0.5)
    d += elm.Dot(open=True).label("+5V", loc="right", fontsize=9)


def _canvas(path):
    """schemdraw's SVG backend for .svg (no matplotlib), matplotlib for .png."""
    return "svg" if path.endswith(".svg") else "matplotlib"


def draw(board, path, seats=6):
    """Render ``board``'s schematic to ``path`` (``.svg``; ``.png`` needs matplotlib).
    Raises ImportError without schemdraw (pip install -e '.[docs]')."""
    import schemdraw
    import schemdraw.elements as elm
    nets = netlist(board, seats)
    parts = part_pins(nets)
    opened = {}
    for node in unconnected(board, seats):
        ref, _, pin = node.partition(".")
        opened.setdefault(ref, []).append(pin)
    with schemdraw.Drawing(show=False, canvas=_canvas(path)) as d:
        d.config(fontsize=10, unit=1.5)
        d += elm.Label().at((0, 3)).label("trickref controller: " + TITLES[board] +
                                          " (from boards/%s.py)" % board, fontsize=14)
        u1 = parts.pop("U1")
        _ic(d, elm, "U1", "U1 " + TITLES[board], sorted(u1, key=_pin_order), (2, -0.3 * len(u1)))
        col, y = 12, 0
        for ref in ("U4", "U3", "U2", "J1"):
            pins = parts.pop(ref)
            _ic(d, elm, ref, ref + " " + PART_NAMES[ref], pins, (col, y - 0.3 * len(pins)))
            y -= 0.6 * len(pins) + 1.8
        readers = sorted((r for r in parts if r.startswith("RD")), key=lambda r: int(r[2:]))
        for i, ref in enumerate(readers):
            _ic(d, elm, ref, ref + " MFRC522 P%d" % (i + 1), parts.pop(ref),
                (22 + 8 * (i % 3), -6.5 * (i // 3) - 2), opened.get(ref, ()))
        _buttons(d, elm, nets, (13, y - 1))
        _buzzer(d, elm, (20, y - 1))
        d.save(path)
    return path


def main(argv=None):
    args = parse_out(__doc__.splitlines()[0], os.path.join("docs", "schematic"), argv)
    for board in BOARDS:
        print(draw(board, os.path.join(args.out, board + ".svg")))
    return 0


if __name__ == "__main__":
    sys.exit(main())

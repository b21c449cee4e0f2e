"""The netlist of a trickref table controller, built from its board module's pin constants.

``netlist(board)`` returns ``{net name: (node, ...)}``, a node being ``"REF.PIN"``:

- ``U1`` the controller (Pico pin names ``GP18``, ``VBUS``...; DevKitC ``GPIO18``, ``5V``...),
- ``RD1``..``RD6`` the MFRC522 modules (their header: ``SDA`` = NSS/CS, ``SCK``, ``MOSI``,
  ``MISO``, ``IRQ``, ``GND``, ``RST``, ``3.3V``),
- ``U2`` the LCD's PCF8574 backpack (``GND VCC SDA SCL``), ``U3`` the BSS138 two-channel
  I2C level shifter (``LV HV GND LV1 LV2 HV1 HV2``), ``U4`` the readers' 3.3 V regulator
  (``VIN VOUT GND``),
- ``SW1``..``SW3`` the buttons previous/next/OK (pins ``1 2``), ``R1`` 1 kΩ base resistor,
  ``Q1`` NPN (``B C E``), ``BZ1`` the active buzzer (``+ -``), ``J1`` the USB-serial
  adapter (``RXD TXD GND``).

One circuit for every board (docs/wiring.md, docs/power.md): the readers always have their
own 3.3 V regulator (six readers with the field on exceed any board's 3V3 pin), the LCD
runs on 5 V behind the level shifter, the buzzer's (-) is switched by Q1's collector.

Usage: ``python tools/netlist.py [--out docs/schematic]`` writes ``<board>.net``, one net
per line: ``NET: node node ...``. tests/test_building.py checks it against boards/*.py.
"""

import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from docgen import parse_out  # noqa: E402

BOARDS = ("pico", "esp32")

# Raspberry Pi Pico datasheet, section 2.1 "Raspberry Pi Pico pinout": physical pin of each
# GPIO and of the power pins (40-pin DIP footprint, pin 1 = GP0).
PICO_PHYSICAL = {"GP0": 1, "GP1": 2, "GP2": 4, "GP3": 5, "GP4": 6, "GP5": 7, "GP6": 9,
                 "GP7": 10, "GP8": 11, "GP9": 12, "GP10": 14, "GP11": 15, "GP12": 16,
                 "GP13": 17, "GP14": 19, "GP15": 20, "GP16": 21, "GP17": 22, "GP18": 24,
                 "GP19": 25, "GP20": 26, "GP21": 27, "GP22": 29, "GP26": 31, "GP27": 32,
                 "GP28": 34, "3V3(OUT)": 36, "VSYS": 39, "VBUS": 40}
PICO_GROUNDS = (3, 8, 13, 18, 23, 28, 33, 38)

# Power pin names on each board's header.
_POWER = {"pico": {"5V": "VBUS", "3V3": "3V3(OUT)", "GND": "GND"},
          "esp32": {"5V": "5V", "3V3": "3V3", "GND": "GND"}}

READER_PINS = ("SDA", "SCK", "MOSI", "MISO", "IRQ", "GND", "RST", "3.3V")


def gpio_name(board, n):
    """The header name of GPIO ``n`` on ``board`` (``"GP18"`` on a Pico, ``"GPIO18"``)."""
    return ("GP%d" if board == "pico" else "GPIO%d") % n


def board_module(board):
    """The board module ``boards.<board>``; ValueError for an unknown board."""
    if board not in BOARDS:
        raise ValueError("no board %r (known: %s)" % (board, ", ".join(BOARDS)))
    return importlib.import_module("boards." + board)


def _signal_nets(board, b, seats):
    """Nets from the controller's GPIOs to the parts, from the board module's constants."""
    def u1(n):
        return "U1." + gpio_name(board, n)
    readers = ["RD%d" % (i + 1) for i in range(seats)]
    nets = {"SPI_SCK": [u1(b.SCK)] + [r + ".SCK" for r in readers],
            "SPI_MOSI": [u1(b.MOSI)] + [r + ".MOSI" for r in readers],
            "SPI_MISO": [u1(b.MISO)] + [r + ".MISO" for r in readers]}
    for i, r in enumerate(readers):
        nets["CS_P%d" % (i + 1)] = [u1(b.READER_CS[i]), r + ".SDA"]
    nets.update({"I2C_SDA_3V3": [u1(b.SDA), "U3.LV1"], "I2C_SCL_3V3": [u1(b.SCL), "U3.LV2"],
                 "I2C_SDA_5V": ["U3.HV1", "U2.SDA"], "I2C_SCL_5V": ["U3.HV2", "U2.SCL"],
                 "BTN_PREV": [u1(b.BUTTONS[0]), "SW1.1"],
                 "BTN_NEXT": [u1(b.BUTTONS[1]), "SW2.1"],
                 "BTN_OK": [u1(b.BUTTONS[2]), "SW3.1"],
                 "BUZZER": [u1(b.BUZZER), "R1.1"], "BUZZER_BASE": ["R1.2", "Q1.B"],
                 "BUZZER_SINK": ["BZ1.-", "Q1.C"],
                 "LINK_TX": [u1(b.LINK_TX), "J1.RXD"], "LINK_RX": [u1(b.LINK_RX), "J1.TXD"]})
    return nets, readers


def netlist(board, seats=6):
    """``{net: (node, ...)}`` of ``board`` wired for ``seats`` readers (1..6, default all the
    chip selects the board module has); nodes sorted. Raises ValueError for an unknown
    board or a seat count the board does not wire."""
    b = board_module(board)
    if not 1 <= seats <= len(b.READER_CS):
        raise ValueError("the %s board wires 1..%d readers, not %r"
                         % (board, len(b.READER_CS), seats))
    nets, readers = _signal_nets(board, b, seats)
    p = _POWER[board]
    nets["+5V"] = ["U1." + p["5V"], "U4.VIN", "U3.HV", "U2.VCC", "BZ1.+"]
    nets["+3V3"] = ["U1." + p["3V3"], "U3.LV"]
    nets["+3V3_READERS"] = ["U4.VOUT"] + [r + ".3.3V" for r in readers] + \
        [r + ".RST" for r in readers]
    nets["GND"] = ["U1." + p["GND"], "U4.GND", "U3.GND", "U2.GND", "SW1.2", "SW2.2",
                   "SW3.2", "Q1.E", "J1.GND"] + [r + ".GND" for r in readers]
    return {k: tuple(sorted(v)) for k, v in nets.items()}


def controller_pins(board, seats=6):
    """``{U1 pin name: net}`` for the controller's pins in the netlist."""
    out = {}
    for net, nodes in netlist(board, seats).items():
        for node in nodes:
            if node.startswith("U1."):
                out[node[3:]] = net
    return out


def unconnected(board, seats=6):
    """Part pins deliberately left open: each reader's ``IRQ`` (the driver polls)."""
    return tuple("RD%d.IRQ" % (i + 1) for i in range(seats))


def render(board, seats=6):
    """The netlist as text: a header comment, then ``NET: node node ...`` per net, sorted."""
    lines = ["# trickref %s controller, %d readers: generated by tools/netlist.py from "
             "boards/%s.py" % (board, seats, board),
             "# open: " + " ".join(unconnected(board, seats))]
    for net, nodes in sorted(netlist(board, seats).items()):
        lines.append("%s: %s" % (net, " ".join(nodes)))
    return "\n".join(lines) + "\n"


def parse(text):
    """``{net: (node, ...)}`` from :func:`render`'s text; ValueError on a malformed line."""
    nets = {}
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        name, sep, rest = line.partition(":")
        if not sep or not rest.strip():
            raise ValueError("netlist line %d: expected 'NET: node node ...', got %r"
                             % (i, line))
        nets[name.strip()] = tuple(rest.split())
    return nets


def main(argv=None):
    args = parse_out(__doc__.splitlines()[0], os.path.join("docs", "schematic"), argv)
    for board in BOARDS:
        path = os.path.join(args.out, board + ".net")
        with open(path, "w", encoding="utf-8") as f:
            f.write(render(board))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The table's power budget from datasheet figures, per board and seat count: docs/power.md.

Usage: ``python tools/power_budget.py [--out docs/power.md]``. Every figure below carries its
source document and section; a figure that was not found in a datasheet says so and is an
*allowance* (marked) rather than an invented number. The arithmetic: worst case = every
reader's field on (the driver switches it on at reset and leaves it on,
device/drivers/mfrc522.py ``reset``), the LCD backlight on and the buzzer sounding.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from netlist import BOARDS, board_module  # noqa: E402

MFRC522_DS = ("NXP MFRC522 product data sheet Rev. 3.9 (27 April 2016, doc. 112139), "
              "section 1 table 1 \"Quick reference data\"")

# (key, part, condition, rail, mA, kind, source). kind: "max" / "typ" datasheet values,
# "allowance" = no datasheet figure found: a stated margin, not a measurement.
FIGURES = (
    ("reader_tx", "MFRC522 transmitter IDD(TVDD)", "field on (continuous wave)", "3V3 readers",
     100.0, "max", MFRC522_DS + "; typ 60 mA, depends on the antenna circuit on TX1/TX2"),
    ("reader_analog", "MFRC522 analog IDDA", "receiver on", "3V3 readers", 10.0, "max",
     MFRC522_DS),
    ("reader_digital", "MFRC522 digital IDDD", "always", "3V3 readers", 6.5, "typ",
     MFRC522_DS + " (no maximum given there)"),
    ("lcd_logic", "HD44780 LCD module logic Idd", "VDD 5 V", "5V", 4.0, "max",
     "LCD2004 module data sheet, \"Electrical characteristics\" (Idd max 4.0 mA); the "
     "16x2 modules' sheets give less (e.g. 2.2 mA max)"),
    ("lcd_backlight", "LCD LED backlight", "full brightness, 5 V", "5V", 120.0, "max",
     "16x2 yellow-green LED backlight: recommended 120 mA (Pololu/anibit 16x2 LCD product "
     "page, \"Using contrast and the backlight\"); white backlights 20 mA typ (LCD module "
     "data sheet, \"Electrical characteristics\", IF = 20 mA). Budget the larger"),
    ("buzzer", "active buzzer, 5 V", "sounding", "5V", 30.0, "max",
     "CUI CT-1205CL magnetic buzzer data sheet, \"Specifications\": current consumption "
     "30 mA max at 5 V dc"),
    ("pico_board", "Raspberry Pi Pico (RP2040 + flash)", "running MicroPython", "5V", 50.0,
     "allowance", "no datasheet figure found in the sources searched; users report 18-38 "
     "mA running MicroPython (cholla.mmto.org/rpi/pico/power.html)"),
    ("esp32_board", "ESP32 chip, Wi-Fi and Bluetooth off (modem-sleep), 240 MHz",
     "running MicroPython", "5V", 68.0, "max", "Espressif ESP32 Series Datasheet v3.5, "
     "section 3.7, table 6 \"Power Consumption by Power Modes\": modem-sleep, 240 MHz, "
     "dual-core 30-68 mA (the chip; the DevKitC's USB-serial bridge and LED not looked up)"),
)

# Regulators: (name, limit mA, source).
REGULATORS = {
    "pico": ("Pico on-board RT6150 buck-boost, 3V3(OUT) pin 36", 300.0,
             "Raspberry Pi Pico datasheet, section 2.1 pin descriptions (3V3: keep the "
             "external load under 300 mA) and 4.4 \"Powerchain\" (RT6150)"),
    "esp32": ("DevKitC on-board AMS1117-3.3 (or a pin-compatible 1117)", 1000.0,
              "AMS1117 data sheet: 1 A output, dropout 1.1 V typ / 1.3 V max at 1 A"),
    "readers_linear": ("AMS1117-3.3 module, 5 V in", 1000.0,
                       "AMS1117 data sheet: 1 A output, current limit 1.1 A typ"),
    "readers_buck": ("3.3 V buck module (LM2596 or similar), 5 V in", 3000.0,
                     "TI LM2596 data sheet: 4.5-40 V in, up to 3 A out"),
}
USB_PORT_MA = 500.0  # USB 2.0 specification section 7.2.1: a high-power port, 5 unit loads
LINEAR_DROP_V = 5.0 - 3.3


def figure(key):
    """The FIGURES row ``key`` as a dict; KeyError names the unknown key."""
    for row in FIGURES:
        if row[0] == key:
            return dict(zip(("key", "part", "condition", "rail", "ma", "kind", "source"), row))
    raise KeyError("no power figure %r" % (key,))


def reader_ma(field_on=True):
    """One reader's current on its 3.3 V rail (mA): digital + analog, plus the transmitter
    with the field on. Field off the transmitter current is not given by the datasheet;
    counted as 0."""
    base = figure("reader_analog")["ma"] + figure("reader_digital")["ma"]
    return base + (figure("reader_tx")["ma"] if field_on else 0.0)


def budget(board, seats):
    """``{"readers_3v3", "five_volt", "regulator", "dissipation_w", "supply"}`` for ``board``
    with ``seats`` readers, field on (worst case). ``five_volt`` is the current drawn from
    the 5 V supply with a linear reader regulator (input current = output current);
    ``regulator`` the REGULATORS key for the readers. ValueError for a bad seat count."""
    b = board_module(board)
    if not 1 <= seats <= len(b.READER_CS):
        raise ValueError("the %s board wires 1..%d readers, not %r"
                         % (board, len(b.READER_CS), seats))
    readers = seats * reader_ma(True)
    dissipation = LINEAR_DROP_V * readers / 1000.0
    regulator = "readers_linear" if dissipation <= 0.6 else "readers_buck"
    five = (readers + figure("lcd_logic")["ma"] + figure("lcd_backlight")["ma"] +
            figure("buzzer")["ma"] + figure(board + "_board")["ma"])
    supply = "USB port (500 mA)" if five <= USB_PORT_MA else "5 V supply of 2 A or more"
    return {"readers_3v3": readers, "five_volt": five, "regulator": regulator,
            "dissipation_w": dissipation, "supply": supply}


def _figures_table():
    out = ["| part | condition | rail | mA | kind | source |", "|---|---|---|---|---|---|"]
    for key, part, cond, rail, ma, kind, src in FIGURES:
        out.append("| %s | %s | %s | %g | %s | %s |" % (part, cond, rail, ma, kind, src))
    return out


def _board_table(board):
    b = board_module(board)
    name, limit, src = REGULATORS[board]
    out = ["### %s" % {"pico": "Raspberry Pi Pico", "esp32": "ESP32 DevKitC"}[board], "",
           "On-board regulator: %s, %g mA (%s). Only the level shifter's 3.3 V side hangs on "
           "it; the readers never do." % (name, limit, src), "",
           "| seats | readers' 3.3 V rail | in a linear 1117 | readers' regulator | "
           "from 5 V (linear) | supply |", "|---|---|---|---|---|---|"]
    for seats in range(1, len(b.READER_CS) + 1):
        x = budget(board, seats)
        out.append("| %d | %g mA | %.2f W | %s | %g mA | %s |"
                   % (seats, x["readers_3v3"], x["dissipation_w"],
                      REGULATORS[x["regulator"]][0], x["five_volt"], x["supply"]))
    return out


def markdown():
    """The whole docs/power.md text."""
    lines = [
        "# Power budget", "",
        "Generated by `python tools/power_budget.py` (`make docs`) from the figures in that "
        "file; a test checks this page is current. Worst case: every reader's field on (the "
        "firmware leaves it on), the backlight on, the buzzer sounding. Circuit: "
        "[wiring.md](wiring.md), schematic: [schematic/](schematic/).", "",
        "## Figures and their sources", ""] + _figures_table() + [
        "", "Field off, a reader draws %g mA (analog + digital; the datasheet gives no "
        "transmitter figure with the field off). Module sellers quote 13-26 mA working and "
        "under 30 mA peak for RC522 boards (Keyestudio Ks0205 wiki, \"Parameters\"): below the "
        "datasheet maximum, because their small antennas draw less than the chip may. The "
        "budget uses the datasheet maximum. Not looked up, left out: the PCF8574 and the "
        "level shifter (their own supply currents)." % reader_ma(False), "",
        "## Rule", "",
        "- The readers get their own 3.3 V regulator fed from 5 V, its ground tied to the "
        "board's: %g mA per reader with the field on is more than a Pico's 3V3 pin carries "
        "for three readers, and more than a DevKitC's 1117 has to spare for six." %
        reader_ma(True),
        "- A linear 1117 burns (5 V - 3.3 V) x current. Up to 0.6 W (3 readers) an AMS1117-3.3 "
        "module will do; above that use a 3.3 V buck module (LM2596 or similar). Check the "
        "thermal data of the part you buy: the 0.6 W limit is this page's rule of thumb "
        "for a SOT-223 on a small module, not a datasheet figure.",
        "- The LCD backpack, its backlight and the buzzer run on 5 V (VBUS / 5V pin).",
        "- More than %g mA from 5 V needs a 5 V supply of 2 A rather than a computer's USB "
        "port (USB 2.0 specification section 7.2.1)." % USB_PORT_MA, "",
        "## Per board", ""]
    for board in BOARDS:
        lines += _board_table(board) + [""]
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default=os.path.join("docs", "power.md"))
    args = p.parse_args(argv)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(markdown())
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Draw the wiring picture of a board from its board module (pins cannot drift from code).

Usage: ``python tools/wiring_diagram.py [--out docs]`` writes ``wiring_pico.png`` and
``wiring_esp32.png``: the controller's signal pins and where each goes (six MFRC522 chip
selects and the shared SPI bus, I2C through the level shifter, buttons, buzzer driver,
serial link). The full circuit is the schematic (tools/schematic.py). Also importable:
``pin_rows(board)`` gives the pin table rows of docs/wiring.md.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from netlist import controller_pins  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


# The controller's nets in table order: (net, signal, what the pin connects to).
_ROWS = (("SPI_SCK", "SPI SCK", "every MFRC522 SCK"),
         ("SPI_MOSI", "SPI MOSI", "every MFRC522 MOSI"),
         ("SPI_MISO", "SPI MISO", "every MFRC522 MISO")) + tuple(
    ("CS_P%d" % n, "reader P%d chip select" % n, "MFRC522 #%d SDA (= NSS/CS)" % n)
    for n in range(1, 7)) + (
    ("I2C_SDA_3V3", "I2C SDA", "level shifter LV1 (HV1 to the PCF8574 backpack SDA)"),
    ("I2C_SCL_3V3", "I2C SCL", "level shifter LV2 (HV2 to the PCF8574 backpack SCL)"),
    ("BTN_PREV", "button previous", "push button to GND"),
    ("BTN_NEXT", "button next", "push button to GND"),
    ("BTN_OK", "button OK", "push button to GND (hold = back/undo)"),
    ("BUZZER", "buzzer", "1 kΩ to the NPN base; buzzer (+) to 5 V, (-) to the collector"),
    ("LINK_TX", "serial link TX", "USB-serial adapter RXD"),
    ("LINK_RX", "serial link RX", "USB-serial adapter TXD"))


def pin_rows(board):
    """``(signal, board pin, connects to)`` rows for the board module ``board``, from its
    netlist (tools/netlist.py), in the order of docs/wiring.md's tables."""
    by_net = {net: pin for pin, net in controller_pins(board).items()}
    return [(signal, by_net[net], to) for net, signal, to in _ROWS]


def draw(board, path):
    """Render the wiring picture of ``board`` to ``path`` (PNG)."""
    import pygame
    pygame.display.init()
    pygame.font.init()
    rows = pin_rows(board)
    w, h = 1100, 120 + 34 * len(rows)
    s = pygame.Surface((w, h))
    s.fill((250, 250, 245))
    f = pygame.font.SysFont("dejavusans,sans", 18)
    big = pygame.font.SysFont("dejavusans,sans", 24, bold=True)
    title = {"pico": "Raspberry Pi Pico (RP2040)", "esp32": "ESP32 DevKitC"}[board]
    s.blit(big.render("trickref wiring: " + title, True, (20, 20, 20)), (20, 15))
    box = pygame.Rect(40, 70, 220, 34 * len(rows) + 20)
    pygame.draw.rect(s, (30, 110, 60), box, border_radius=10)
    s.blit(big.render(board.upper(), True, (255, 255, 255)), (box.x + 20, box.y + 10))
    colors = {"SPI": (200, 80, 40), "reader": (220, 140, 30), "I2C": (40, 90, 200),
              "button": (90, 90, 90), "buzzer": (150, 40, 150), "serial": (30, 120, 120)}
    for i, (signal, pin, to) in enumerate(rows):
        y = 90 + 34 * i + 12
        color = next((c for k, c in colors.items() if signal.startswith(k)), (0, 0, 0))
        s.blit(f.render(pin, True, (255, 255, 255)), (box.right - 90, y - 10))
        pygame.draw.line(s, color, (box.right, y), (600, y), 3)
        pygame.draw.circle(s, color, (600, y), 5)
        s.blit(f.render(signal, True, color), (300, y - 24))
        s.blit(f.render(to, True, (20, 20, 20)), (615, y - 10))
    note = "Pins only: power, ground, regulator and level shifter are in docs/schematic/%s.svg." % board
    s.blit(f.render(note, True, (120, 30, 30)), (20, h - 30))
    pygame.image.save(s, path)
    return path


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default="docs")
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    for board in ("pico", "esp32"):
        print(draw(board, os.path.join(args.out, "wiring_%s.png" % board)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Draw the wiring picture of a board from its board module (pins cannot drift from code).

Usage: ``python tools/wiring_diagram.py [--out docs]`` writes ``wiring_pico.png`` and
``wiring_esp32.png``: the controller with its pins, six MFRC522 readers on the shared SPI
bus with their own chip selects, the LCD's PCF8574 backpack on I2C, three buttons to
ground and the buzzer. Also importable: ``pin_rows(board)`` gives the pin table rows.
"""

import argparse
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pin_rows(board):
    """``(signal, board pin, connects to)`` rows for the board module ``board``."""
    b = importlib.import_module("boards." + board)
    gp = "GP%d" if board == "pico" else "GPIO%d"
    rows = [("SPI SCK", gp % b.SCK, "every MFRC522 SCK"),
            ("SPI MOSI", gp % b.MOSI, "every MFRC522 MOSI"),
            ("SPI MISO", gp % b.MISO, "every MFRC522 MISO")]
    for seat, cs in enumerate(b.READER_CS):
        rows.append(("reader P%d chip select" % (seat + 1), gp % cs,
                     "MFRC522 #%d SDA (= NSS/CS)" % (seat + 1)))
    rows += [("I2C SDA", gp % b.SDA, "PCF8574 backpack SDA"),
             ("I2C SCL", gp % b.SCL, "PCF8574 backpack SCL"),
             ("button previous", gp % b.BUTTONS[0], "push button to GND"),
             ("button next", gp % b.BUTTONS[1], "push button to GND"),
             ("button OK", gp % b.BUTTONS[2], "push button to GND (hold = back/undo)"),
             ("buzzer", gp % b.BUZZER, "buzzer (+) via NPN transistor, (-) to GND")]
    return rows


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
              "button": (90, 90, 90), "buzzer": (150, 40, 150)}
    for i, (signal, pin, to) in enumerate(rows):
        y = 90 + 34 * i + 12
        color = next((c for k, c in colors.items() if signal.startswith(k)), (0, 0, 0))
        s.blit(f.render(pin, True, (255, 255, 255)), (box.right - 90, y - 10))
        pygame.draw.line(s, color, (box.right, y), (600, y), 3)
        pygame.draw.circle(s, color, (600, y), 5)
        s.blit(f.render(signal, True, color), (300, y - 24))
        s.blit(f.render(to, True, (20, 20, 20)), (615, y - 10))
    note = "All modules at 3.3 V and GND; LCD backpack at 5 V only with level shifting on SDA/SCL."
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

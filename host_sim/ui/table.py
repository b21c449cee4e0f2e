"""A picture of the simulated table: seats, their pads with the cards on them, the LCD.

``render_table(...)`` draws headless (``SDL_VIDEODRIVER=dummy``) and saves a PNG; the
interactive window of the simulator draws with the same functions.
"""

import math
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from host_sim.ui.cards import draw_card, font, mono

FELT = (20, 95, 55)
PAD = (35, 60, 45)
LCD_BG = (70, 110, 40)
LCD_INK = (15, 30, 10)


def seat_positions(seats, size):
    """Pad centres around an ellipse, seat 0 at the bottom, then clockwise."""
    w, h = size
    out = []
    for i in range(seats):
        a = math.pi / 2 + 2 * math.pi * i / seats
        out.append((int(w / 2 + 0.36 * w * math.cos(a)), int(h / 2 + 0.33 * h * math.sin(a))))
    return out


def draw_lcd(surface, rect, lines):
    """The LCD rows as text on a green backlight panel (a dot matrix comes with the UI)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, (20, 20, 20), rect.inflate(16, 16), border_radius=6)
    pygame.draw.rect(surface, LCD_BG, rect)
    f = mono(rect.h // (len(lines) + 1))  # bundled: the same pixels on every machine
    for i, line in enumerate(lines):
        surface.blit(f.render(line, True, LCD_INK), (rect.x + 8, rect.y + 6 + i * rect.h //
                                                     len(lines)))


def draw_table(surface, deck, seats, on_pads, lcd_lines, title="", names=None):
    """Paint the table: ``on_pads`` maps seat -> card lying on its pad (or absent)."""
    w, h = surface.get_size()
    surface.fill(FELT)
    cw, ch = w // 9, int(w // 9 * 1.5)
    for seat, (x, y) in enumerate(seat_positions(seats, (w, h))):
        pad = pygame.Rect(0, 0, cw + 24, ch + 24)
        pad.center = (x, y)
        pygame.draw.rect(surface, PAD, pad, border_radius=12)
        pygame.draw.rect(surface, (90, 140, 100), pad, 2, border_radius=12)
        label = (names[seat] if names else "P%d" % (seat + 1))
        t = font(24).render(label, True, (235, 235, 220))
        surface.blit(t, t.get_rect(midtop=(x, pad.bottom + 4)))
        if seat in on_pads:
            r = pygame.Rect(0, 0, cw, ch)
            r.center = (x, y)
            draw_card(surface, r, deck, on_pads[seat])
    draw_lcd(surface, (w // 2 - 150, h // 2 - 30, 300, 60), lcd_lines)
    if title:
        t = font(26).render(title, True, (240, 240, 230))
        surface.blit(t, (12, 10))


def render_table(path, deck, seats, on_pads, lcd_lines, title="", size=(900, 640)):
    """Draw the table headless and save it as PNG at ``path``; returns the path."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()  # not pygame.init(): no audio device is needed for a picture
    pygame.font.init()
    surface = pygame.Surface(size)
    draw_table(surface, deck, seats, on_pads, lcd_lines, title)
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    pygame.image.save(surface, path)
    return path

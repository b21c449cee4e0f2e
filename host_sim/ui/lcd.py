"""The character LCD drawn as its glass shows it: a 5x8 dot matrix per character cell.

Everything comes from the emulated HD44780 (``host_sim.chips.hd44780.Hd44780Model``), never
from text: each visible cell's character code is read with ``row_codes(row)``; codes
0x00-0x0F are CGRAM characters drawn from the pattern the firmware wrote
(``cgram_char(code)``, 0x08-0x0F mirror 0x00-0x07, datasheet table 5); codes 0x10-0xFF come
from the A00 character ROM (``host_sim.chips.hd44780_font.rom_glyph``; codes the ROM table
does not carry, katakana 0xA1-0xFF, are drawn as a dotted box so they stand out).

Panel look (a common yellow-green STN module): dots that are off stay faintly visible, as on
a real panel; the backlight bit of the PCF8574 (P3) switches between a lit and an unlit
palette; with the display off (D = 0) every dot is off. The underline cursor (C = 1) is
drawn in row 8 of the cell at the address counter.

``LcdView(model)`` caches one small surface per (pattern, palette, dot size), so drawing a
16x2 panel costs 32 blits a frame.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from host_sim.chips.hd44780_font import rom_glyph  # noqa: E402

CELL_COLS = 5  # dots across a character (datasheet: 5x8 dot font)
CELL_ROWS = 8  # dots down a character, row 8 being the cursor line
BEZEL = (18, 18, 20)

# (glass, dot on, dot off) for a lit and an unlit yellow-green panel.
LIT = ((150, 190, 40), (28, 44, 12), (138, 176, 36))
UNLIT = ((78, 88, 44), (26, 32, 16), (72, 82, 41))

_UNKNOWN = bytes((0x1F, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1F, 0x00))  # not in our ROM table
_BLANK = bytes(8)


def glyph_rows(model, code):
    """The 8 dot rows (bits 4..0, left to right) the panel shows for character ``code``."""
    if code <= 0x0F:
        return model.cgram_char(code)
    rows = rom_glyph(code)
    return _UNKNOWN if rows is None else rows


def cell_of_address(model, address, row):
    """Column on panel ``row`` where DDRAM ``address`` is visible, or -1 (for the cursor).

    Inverse of ``Hd44780.row_codes``: in 2-line mode rows 0/2 show line 1 (0x00-0x27) and
    rows 1/3 line 2 (0x40-0x67), rows 2 and 3 continuing at +cols (20x4 modules)."""
    cols = model.cols
    if not model.two_line:
        if row:
            return -1
        return (address - model.shift) % 80 if (address - model.shift) % 80 < cols else -1
    line = 1 if address >= 0x40 else 0
    if line != (row & 1):
        return -1
    c = ((address & 0x3F) - (row >> 1) * cols - model.shift) % 40
    return c if c < cols else -1


class LcdView:
    """Draws ``model`` (an Hd44780Model) into a rectangle as a dot matrix."""

    def __init__(self, model):
        self.model = model
        self._cache = {}

    def metrics(self, rect):
        """``(dot, pitch_x, pitch_y, glass_rect)`` for the largest dot size fitting ``rect``:
        a cell is 5x8 dots plus one dot of gap each way; the glass has a 2-dot margin."""
        m = self.model
        rect = pygame.Rect(rect)
        across = m.cols * (CELL_COLS + 1) + 3  # + margins
        down = m.rows * (CELL_ROWS + 1) + 3
        dot = max(1, min(rect.w // across, rect.h // down))
        glass = pygame.Rect(0, 0, across * dot, down * dot)
        glass.center = rect.center
        return dot, (CELL_COLS + 1) * dot, (CELL_ROWS + 1) * dot, glass

    def _cell(self, rows8, palette, dot, cursor):
        key = (rows8, palette, dot, cursor)
        s = self._cache.get(key)
        if s is None:
            if len(self._cache) > 512:  # many dot sizes after resizes: start again
                self._cache.clear()
            _, on, off = palette
            s = pygame.Surface((CELL_COLS * dot, CELL_ROWS * dot))
            s.fill(palette[0])
            size = max(1, dot - 1) if dot > 2 else dot  # a hairline between dots, as on glass
            for y in range(CELL_ROWS):
                bits = rows8[y]
                if cursor and y == CELL_ROWS - 1:
                    bits = 0x1F
                for x in range(CELL_COLS):
                    lit = bits >> (CELL_COLS - 1 - x) & 1
                    s.fill(on if lit else off, (x * dot, y * dot, size, size))
            self._cache[key] = s
        return s

    def draw(self, surface, rect):
        """Paint the panel centred in ``rect``; returns the glass rectangle."""
        m = self.model
        dot, px, py, glass = self.metrics(rect)
        palette = LIT if m.backlight else UNLIT
        pygame.draw.rect(surface, BEZEL, glass.inflate(4 * dot + 8, 4 * dot + 8),
                         border_radius=6)
        surface.fill(palette[0], glass)
        x0 = glass.x + 2 * dot
        y0 = glass.y + 2 * dot
        for r in range(m.rows):
            codes = m.row_codes(r) if m.display_on else None
            cur = cell_of_address(m, m.address, r) if (m.display_on and m.cursor and
                                                        not m.in_cgram) else -1
            for c in range(m.cols):
                rows8 = glyph_rows(m, codes[c]) if codes is not None else _BLANK
                surface.blit(self._cell(rows8, palette, dot, c == cur), (x0 + c * px, y0 + r * py))
        return glass

    def dots(self, row, col):
        """The 8 row patterns currently visible in cell (``row``, ``col``) (what ``draw``
        paints there; all zero with the display off)."""
        m = self.model
        if not m.display_on:
            return _BLANK
        return glyph_rows(m, m.row_codes(row)[col])


def draw_lcd(surface, rect, model):
    """Paint ``model`` as a dot matrix into ``rect`` (no cache kept between calls)."""
    return LcdView(model).draw(surface, rect)

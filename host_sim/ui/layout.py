"""Where things are in the simulator window, recomputed on every resize.

The window is the table (left) and the controller panel (right: the LCD, the LED and buzzer
signals, the three buttons, the link traffic). Seats sit around the table in the order of
play from the bottom (pad 0 = P1 at the bottom): clockwise for Skat, Magistr and Zhopa,
counter-clockwise for French Tarot (``direction``);
each seat has its hand near the edge and its reader pad between the hand and the middle,
where the talon (Skat's skat, Tarot's chien) lies.

Pure geometry: no pygame display needed (``pygame.Rect`` only).
"""

import math

import pygame

MIN_SIZE = (900, 600)
PANEL_MIN = 330  # wide enough for a 16x2 LCD with 3-pixel dots
LABEL_H = 22  # the seat name line above each hand
STATUS_ROW = 16  # a row of the status line in its smallest type (render.STATUS_SIZES[-1] + 3)
STATUS_CHAR = 9  # the width of one of its characters (DejaVu Sans Mono, bold, 13 px)
# the status line's band holds this many characters of that type (at least two rows): the
# longest lines said in practice (Skat's auction with a note in French: some 160)
STATUS_CHARS = 170
HINT_H = 30  # the key hints at its bottom (two rows of the hints' type when they wrap)
SEAT_INSET = 10  # the hands' and names' least distance from the table's side
FELT_MARGIN = 20  # the felt's rounded edge: nothing is placed closer to the table's side
GAP = 6  # the least felt left between a placed box and what it keeps clear of


def _extent(w, h, dx, dy):
    """Half-extent of a w x h rectangle along the unit vector (dx, dy)."""
    return abs(dx) * w / 2 + abs(dy) * h / 2


class Layout:
    """Geometry for a window of ``size`` with ``pads`` seats.

    ``hand_max``: the most cards a hand will hold (Tarot's taker with the chien: 30), so
    big hands get smaller cards and a second row. ``direction``: the order of play round
    the table, 1 clockwise (pad 1 on pad 0's left), -1 counter-clockwise (French Tarot,
    docs/rules/tarot.md "Seats and units"). Attributes: ``table`` and ``panel``
    rects; ``card`` (w, h) of a card face; per pad ``hand_centre[p]``, ``hand_width[p]``
    (the room a hand may take), ``hand_rows[p]``, ``pads[p]`` (the reader's rect);
    ``talon`` rect; ``status``: the status line's band at the top of the table, as many
    rows of its smallest type as hold ``STATUS_CHARS`` characters (two on a wide table,
    three at 900x600); ``hint``: the key hints' band at its bottom; ``felt``: the table
    between the two, where :meth:`place` puts boxes of text (the talon's captions, the Skat
    auction's answers, a result); ``seats``: the part of the felt a seat's name may take
    (the hands' reach, ``SEAT_INSET`` from the table's sides); in the panel ``lcd``,
    ``led`` (centre, radius), ``buttons`` (three rects: prev, next, OK), ``keys_hint``
    (the keys' band under the buttons), ``traffic`` rect.
    """

    def __init__(self, size, pads, lcd_cols=16, lcd_rows=2, hand_max=10, direction=1):
        w = max(MIN_SIZE[0], size[0])
        h = max(MIN_SIZE[1], size[1])
        self.size = (w, h)
        panel_w = max(PANEL_MIN, min(480, int(w * 0.28)), lcd_cols * 18 + 40)
        self.table = pygame.Rect(0, 0, w - panel_w, h)
        self.panel = pygame.Rect(w - panel_w, 0, panel_w, h)
        tw, th = self.table.size
        crowd = 1.0 if pads <= 4 else 0.85  # smaller cards round a crowded table
        if hand_max > 12:
            crowd *= 0.8  # and for big hands
        ch = int(min(th * 0.15, tw * 0.14) * crowd)
        cw = int(ch * 0.66)
        self.card = (cw, ch)
        self.step_min = max(10, cw // 4)  # least visible strip of an overlapped card
        self.row_dy = int(ch * 0.42)  # a second row of a big hand shows the first's corners
        status_rows = max(2, -(-STATUS_CHARS * STATUS_CHAR // max(1, tw - 40)))
        status_h = 8 + status_rows * STATUS_ROW
        self.status = pygame.Rect(self.table.x + 26, self.table.y + 6, tw - 40,
                                  status_rows * STATUS_ROW)
        top_band = self.table.top + status_h + LABEL_H
        bottom_band = self.table.bottom - HINT_H
        cx, cy = self.table.centerx, (top_band + bottom_band) // 2
        self.hand_centre = []
        self.hand_width = []
        self.hand_rows = []
        self.pads = []
        pad_w, pad_h = cw + 22, ch + 36  # room for the pad's name under a card
        for p in range(pads):
            # y grows downwards: +1 clockwise (P2 on P1's left), -1 counter-clockwise
            a = math.pi / 2 + direction * 2 * math.pi * p / pads
            ca, sa = math.cos(a), math.sin(a)
            side = abs(ca) > 0.5  # a seat on the left or right of the table
            if pads <= 2:
                share = 0.7
            elif pads == 3:
                share = 0.30 if side else 0.56
            elif pads == 4:
                share = 0.28 if side else 0.45
            else:
                share = 0.22 if side else 0.40
            hw = int(tw * share)
            per_row = max(1, int((hw - cw) // self.step_min) + 1)
            rows = min(2, (hand_max + per_row - 1) // per_row)
            hh = ch + (rows - 1) * self.row_dy
            self.hand_rows.append(rows)
            rx = tw / 2 - hw / 2 - SEAT_INSET
            ry = (bottom_band - top_band) / 2 - hh / 2
            hx, hy = cx + rx * ca, cy + ry * sa
            self.hand_centre.append((int(hx), int(hy)))
            self.hand_width.append(hw)
            # the pad lies in front of the hand, towards the middle of the table: below
            # or above a hand at the top or bottom, beside a hand at a side
            if abs(sa) >= (0.45 if pads <= 4 else 0.7):
                dx, dy = 0.0, (-1.0 if sa > 0 else 1.0)
            else:
                dx, dy = (-1.0 if ca > 0 else 1.0), 0.0
            gap = _extent(hw, hh, dx, dy) + _extent(pad_w, pad_h, dx, dy) + 12
            if dy < 0:
                gap += LABEL_H  # the hand's name line lies between hand and pad
            r = pygame.Rect(0, 0, pad_w, pad_h)
            r.center = (int(hx + dx * gap), int(hy + dy * gap))
            self.pads.append(r)
        self.talon = pygame.Rect(0, 0, int(cw * 2.4), int(ch * 0.75) + 20)
        self.talon.center = (cx, cy)  # free in the middle with 3, 5 or 6 seats
        if pads == 3:
            self.talon.centery = cy - ch // 4  # clear of the bottom seat's pad
        if pads == 2:
            self.talon.center = (cx + int(tw * 0.3), cy)
        elif pads == 4:  # the middle is the four pads': the upper right corner
            self.talon.center = (cx + int(tw * 0.34), cy - int(th * 0.34))
        t = self.table
        self.felt = pygame.Rect(t.x + FELT_MARGIN, t.y + status_h, t.w - 2 * FELT_MARGIN,
                                t.h - status_h - HINT_H)
        self.seats = pygame.Rect(t.x + SEAT_INSET, self.felt.y, t.w - 2 * SEAT_INSET,
                                 self.felt.h)
        self.hint = pygame.Rect(t.x + 26, t.bottom - HINT_H, t.w - 52, HINT_H - 4)
        self._free = {}  # (keep_clear, bounds) -> the free rects of the felt (free_rects)
        self._placed = {}  # (size, near, keep_clear, bounds) -> the rect place() found
        # the controller panel, top to bottom
        x = self.panel.x + 16
        inner = self.panel.w - 32
        lcd_h = max(60, int(inner * (lcd_rows * 9 + 3) / (lcd_cols * 6 + 3)))
        self.lcd = pygame.Rect(x, 56, inner, lcd_h)
        y = self.lcd.bottom + 22
        self.led = ((x + 14, y + 14), 11)
        self.buzzer = pygame.Rect(x + 36, y, inner - 36, 28)
        y += 42
        bw = (inner - 20) // 3
        self.buttons = [pygame.Rect(x + i * (bw + 10), y, bw, 44) for i in range(3)]
        y += 44 + 12
        self.keys_hint = pygame.Rect(x, y - 6, inner, 26)
        y += 26
        self.traffic = pygame.Rect(x, y + 24, inner, h - y - 24 - 12)
        self.traffic_title = (x, y)

    def hand_slots(self, pad, count):
        """Top-left corners for ``count`` cards of pad ``pad``'s hand, left to right, and
        the visible strip width: rows of overlapping cards within the hand's room."""
        cw, ch = self.card
        if count == 0:
            return [], cw
        room = self.hand_width[pad]
        per_row = max(1, int((room - cw) // self.step_min) + 1)
        rows = min(self.hand_rows[pad], (count + per_row - 1) // per_row)
        per_row = (count + rows - 1) // rows
        step = min(cw + 6, (room - cw) / max(1, per_row - 1)) if per_row > 1 else cw
        dy = self.row_dy
        hx, hy = self.hand_centre[pad]
        top = hy - (ch + (rows - 1) * dy) // 2
        out = []
        for i in range(count):
            r, k = divmod(i, per_row)
            n = min(per_row, count - r * per_row)
            left = hx - (cw + (n - 1) * step) / 2
            out.append((int(left + k * step), top + r * dy))
        return out, int(min(step, cw))

    def hand_rect(self, pad):
        """The area that counts as pad ``pad``'s hand when a card is dropped on it."""
        cw, ch = self.card
        rows = self.hand_rows[pad]
        r = pygame.Rect(0, 0, self.hand_width[pad], ch + (rows - 1) * self.row_dy + 20)
        r.center = self.hand_centre[pad]
        return r

    def seat_rect(self, pad):
        """Pad ``pad``'s hand with its name line above it: the room the renderer draws the
        seat's cards and name in (a name line too long for it is placed clear of the
        other seats' rooms: ``Renderer._seat_name``, ``sim.name_rects``)."""
        r = self.hand_rect(pad)
        return pygame.Rect(r.x, r.y - LABEL_H, r.w, r.h + LABEL_H)

    def keep_clear(self, hands=None):
        """What a box of text must not cover: every pad, the talon, the hand and name of
        every seat of ``hands`` (:meth:`seat_rect`; default every seat: a seat that sits
        out this deal has no hand to keep clear, only its name)."""
        hands = range(len(self.pads)) if hands is None else hands
        return list(self.pads) + [self.talon] + [self.seat_rect(p) for p in hands]

    def place(self, size, near, keep_clear, bounds=None):
        """A rect of ``size`` (w, h) on the felt (or within ``bounds``: :attr:`seats` for a
        seat's name), at least ``GAP`` from every rect of ``keep_clear``, its top centre as
        near the point ``near`` as the free felt allows; None when no free part of the felt
        is that large. One mechanism for every box of text on the table
        (host_sim/ui/render.py: the talon's captions with the Skat auction's answers, a
        deal's result, each seat's name line)."""
        bounds = self.felt if bounds is None else bounds
        key = (tuple(size), tuple(near), tuple(tuple(r) for r in keep_clear), tuple(bounds))
        if key in self._placed:  # the same boxes are placed every frame
            got = self._placed[key]
            return got.copy() if got is not None else None
        if len(self._placed) > 256:
            self._placed.clear()
        w, h = size
        best = None
        for r in self.free(keep_clear, bounds):
            if r.w < w or r.h < h:
                continue
            box = pygame.Rect(0, 0, w, h)
            box.midtop = near
            box.clamp_ip(r)
            d = (box.centerx - near[0]) ** 2 + (box.top - near[1]) ** 2
            if best is None or d < best[0]:
                best = (d, box)
        got = self._placed[key] = best[1] if best is not None else None
        return got.copy() if got is not None else None

    def free(self, keep_clear, bounds=None):
        """The free rects of the felt (or of ``bounds``) clear of ``keep_clear``
        (:func:`free_rects`), remembered for the layout's lifetime (the same seats ask
        every frame)."""
        bounds = self.felt if bounds is None else bounds
        key = (tuple(tuple(r) for r in keep_clear), tuple(bounds))
        got = self._free.get(key)
        if got is None:
            if len(self._free) > 64:
                self._free.clear()
            got = self._free[key] = free_rects(bounds, keep_clear, GAP)
        return got


def free_rects(bounds, keep_clear, gap=GAP):
    """The empty rects of ``bounds`` at least ``gap`` from every rect of ``keep_clear``:
    for every band between two horizontal edges (of ``bounds`` or of a rect grown by
    ``gap``) the stretches no rect crosses, each as wide as it runs. Every empty rect of
    ``bounds`` lies within one of them (its top and bottom widened to the nearest edges)."""
    grown = [pygame.Rect(r).inflate(2 * gap, 2 * gap) for r in keep_clear]
    ys = sorted({bounds.top, bounds.bottom} |
                {min(max(y, bounds.top), bounds.bottom) for r in grown
                 for y in (r.top, r.bottom)})
    bands = {}  # (top, bottom) -> the free stretches (left, right) across that band
    for i, top in enumerate(ys):
        for bottom in ys[i + 1:]:
            across = sorted((r.left, r.right) for r in grown
                            if r.top < bottom and r.bottom > top)
            free, x = set(), bounds.left
            for left, right in across + [(bounds.right, bounds.right)]:
                left = min(left, bounds.right)
                if left > x:
                    free.add((x, left))
                x = max(x, right)
            bands[top, bottom] = free
    # a stretch that runs on unchanged into the band one edge taller lies inside that one
    taller = {(ys[i], ys[j]): ((ys[i - 1], ys[j]) if i else None,
                               (ys[i], ys[j + 1]) if j + 1 < len(ys) else None)
              for i in range(len(ys)) for j in range(i + 1, len(ys))}
    out = []
    for (top, bottom), free in bands.items():
        up, down = taller[top, bottom]
        for left, right in free:
            if (up and (left, right) in bands[up]) or (down and (left, right) in bands[down]):
                continue
            out.append(pygame.Rect(left, top, right - left, bottom - top))
    return out

"""Painting the simulator window: the table with hands, pads and talon; the controller
panel with the dot-matrix LCD, the LED and buzzer signals, the buttons and the link traffic.

Card faces come from ``host_sim.ui.cards.draw_card`` (each deck in its tradition) with a
small suit mark added under the corner rank, so an overlapped card in a hand still shows
its suit; faces, text and LCD cells are cached surfaces, so a frame is mostly blits.
"""

import os
import re
import textwrap

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from core.cards import EXCUSE, TRUMP  # noqa: E402
from host_sim.ui.cards import MONO_FONT, draw_card, draw_suit, vocabulary  # noqa: E402
from host_sim.i18n import _, ngettext  # noqa: E402
from host_sim.ui.layout import LABEL_H  # noqa: E402
from host_sim.ui.lcd import LcdView  # noqa: E402

BG = (22, 26, 24)
FELT = (24, 100, 58)
FELT_EDGE = (14, 66, 38)
PAD = (30, 62, 46)
PAD_EDGE = (96, 150, 110)
PAD_LIVE = (150, 210, 160)
TURN = (250, 215, 70)
TEXT = (236, 236, 222)
DIM = (170, 180, 170)
PANEL = (38, 40, 46)
PANEL_TEXT = (215, 218, 225)
BUTTON = (70, 74, 84)
BUTTON_DOWN = (150, 156, 170)
BACK_A = (120, 30, 36)
BACK_B = (160, 60, 60)

LED_COLOURS = {"green": (60, 230, 90), "red": (240, 50, 50), "amber": (250, 180, 40),
               "blue": (80, 150, 255)}


def fixed_words(words):
    """An adapter's fixed words (``talon_label``, ``direction_words``:
    host_sim/ui/games.py) in the table's language; others as they are."""
    return {"Skat": _("Skat"), "Chien": _("Chien"), "Stock": _("Stock"),
            "play passes clockwise (to the left)": _("play passes clockwise (to the left)"),
            "play passes counter-clockwise (to the right)":
                _("play passes counter-clockwise (to the right)")}.get(words, words)


# The caption box by the talon (Renderer._captions): font sizes of its lines, of the
# auction's question and answers, and the answer buttons' height, largest first; the widths
# its rows are wrapped to, widest first; the least width of an answer button and the gap
# between two.
CAPTION_SIZES = ((18, 20, 34), (16, 18, 30), (14, 16, 28))
CAPTION_WIDTHS = (440, 320, 220, 130)
# the order they are tried in: the two larger type sizes at every width (long rows, the
# answers side by side, before narrow ones), the smallest type last
CAPTION_STEPS = [(w, s) for group in (CAPTION_SIZES[:2], CAPTION_SIZES[2:])
                 for w in CAPTION_WIDTHS for s in group]
ANSWER_W, ANSWER_GAP = 120, 16
RESULT_SIZES = (20, 18, 16, 14)  # the result box's font sizes, largest first


def wrap(font, text, width, sep=None):
    """``text`` in rows of at most ``width`` pixels of ``font``, broken between words (the
    spaces between two words kept within a row, dropped at a break; a word wider than
    ``width`` has a row of its own). With ``sep`` (the key hints' "  |  ") the breaks
    fall between the parts it separates, and a part wider than ``width`` is broken
    between its words."""
    if sep is not None:
        rows = _packed(font, text.split(sep), sep, width)
        return [r for row in rows for r in (wrap(font, row, width)
                                            if font.size(row)[0] > width else [row])]
    return _packed(font, [w for w in re.split(r"(\s+)", text)], "", width)


def _packed(font, pieces, sep, width):
    """``pieces`` joined by ``sep`` into rows of at most ``width`` pixels of ``font``
    (a piece of blanks is dropped where a row breaks)."""
    rows, row = [], ""
    for piece in pieces:
        if not piece.strip() and sep == "":
            row += piece  # blanks: kept if a word follows in this row
            continue
        longer = row + sep + piece if row else piece
        if row.strip() and font.size(longer.rstrip())[0] > width:
            rows.append(row.rstrip())
            row = piece
        else:
            row = longer
    return rows + [row.rstrip()]


STATUS_SIZES = (20, 17, 15, 13)  # the status line's font sizes, largest first
PANEL_SIZE = 12  # the link panel's font size, pixels
PANEL_LINE_H = 15  # and its row height
HINT_SIZE, HINT_PITCH = 16, 13  # the key hints' font size and row height (two rows wrap)
HINT_SEP = "  |  "  # between two of the table's key hints: where their rows break
# a seat's name line (Renderer._seat_name): font sizes of its name and of its trick count,
# largest first
NAME_SIZES = ((20, 16), (17, 14), (15, 13))
NAME_SEP = "  -  "  # between a seat's name and its note ("taker prise"): a row may break


def button_names():
    """The board's three buttons as the window labels them, in the table's language
    (gettext): PREV, NEXT, OK."""
    return (_("< PREV"), _("NEXT >"), _("OK"))


def buzzer_words(buzz):
    """The line under the LED: what the buzzer sounds (``buzz``, already in words), or
    that it is quiet (None), in the table's language."""
    return (_("buzzer: %s") % buzz) if buzz else _("buzzer: quiet")


def table_hint():
    """The key hints under the table, in the table's language (gettext)."""
    return _("drag cards onto pads  |  click a card: lay it on its pad  |  "
             "A: computer acts for you  |  C: collect trick  |  F2: screenshot")


def keys_hint():
    """The keyboard's buttons, under the board's buttons in the panel."""
    return _("keys: Left / Right / Enter (hold Enter: back)")


class Renderer:
    """Draws a SimApp; ``draw(surface, sim, layout)`` returns nothing but fills
    ``sim.card_rects`` (card -> Rect as drawn), ``sim.draw_order`` (bottom first),
    ``sim.grab_points`` (card -> a point on its visible part), ``sim.name_rects`` (each
    seat's name line with its pile) and ``sim.name_rows`` (each seat's rows of words:
    ``[(words, rect)]``), ``sim.caption_rect`` (the talon's captions and the auction's
    answers, or None), ``sim.caption_rows`` (its rows: ``(words, rect)``),
    ``sim.answer_rects`` (``[(rect, answer)]``), ``sim.result_rect`` (the result box, or
    None), ``sim.status_rows``, ``sim.hint_rows`` and ``sim.keys_rows`` (the status line,
    the key hints under the table and the keys under the buttons, as drawn:
    ``[(words, rect)]``)."""

    def __init__(self):
        self._faces = {}
        self._backs = {}
        self._text = {}
        self._fonts = {}
        self._lcd = None

    # --- cached pieces -------------------------------------------------------------------

    def font(self, size, mono=False, bold=False):
        key = (size, mono, bold)
        f = self._fonts.get(key)
        if f is None:
            if mono:
                f = pygame.font.Font(MONO_FONT, size)  # bundled: same pixels everywhere
            else:
                f = pygame.font.Font(None, size)
            f.set_bold(bold)
            self._fonts[key] = f
        return f

    def text(self, s, size, colour=TEXT, mono=False, bold=False):
        key = (s, size, colour, mono, bold)
        t = self._text.get(key)
        if t is None:
            if len(self._text) > 3000:
                self._text.clear()
            t = self.font(size, mono, bold).render(s, True, colour)
            self._text[key] = t
        return t

    def pad_label(self, pad, width):
        """The pad's name ("pad P2", "зчитувач P2") drawn within ``width`` pixels, inside
        the pad's frame: in smaller type on a small table, the seat alone ("P2") when even
        the smallest is too wide (at 900x600 "lecteur P4" ran over the frame's lines)."""
        said = _("pad P%d") % (pad + 1)
        for size in (16, 14, 12):
            lab = self.text(said, size, DIM)
            if lab.get_width() <= width:
                return lab
        return self.text("P%d" % (pad + 1), 16, DIM)

    def buzzer_rows(self, said, box, colour):
        """The buzzer's line drawn within ``box`` (beside the LED): one row, in smaller
        type if it must; a long refusal ("BZZZ (P2's choice: the computer answers (hold
        OK: back))") in two rows of the smallest, the second cut with "..." when even
        they are too short (it ran past the panel's edge; the status line says it whole)."""
        for size in (18, 16, 14):
            row = self.text(said, size, colour)
            if row.get_width() <= box.w:
                return [row]
        size = 13
        font = self.font(size)
        rows = wrap(font, said, box.w)
        if len(rows) > 2 or any(font.size(r)[0] > box.w for r in rows):
            rest = " ".join(rows[1:])
            while rest and font.size(rest + "...")[0] > box.w:
                rest = rest[:-1]
            rows = [rows[0], rest.rstrip() + "..."]
            while font.size(rows[0])[0] > box.w:  # one word wider than the box
                rows[0] = rows[0][:-1]
        return [self.text(r, size, colour) for r in rows]

    def status_rows(self, line, width):
        """``(size, rows)``: the status line at the largest size of ``STATUS_SIZES`` whose
        one row fits ``width`` pixels, else in the smallest, wrapped at word breaks into as
        many rows as it takes (a new user read "...hold OK: ba", and at 900x600 lost the
        auction's "| P3 passes" to a cut second row: no word is left out). Drawn in the
        bundled DejaVu Sans Mono, bold (pygame's default font has Latin and Cyrillic but
        draws a box for the suit signs and the Ukrainian "№"): :meth:`status_row`."""
        for size in STATUS_SIZES:  # smaller until it fits the table's width
            if self.status_row(line, size).get_width() <= width:
                return size, [line]
        size = STATUS_SIZES[-1]
        return size, wrap(self.font(size, mono=True, bold=True), line, width)

    def status_row(self, row, size):
        """One row of the status line drawn at ``size``."""
        return self.text(row, size, TEXT, mono=True, bold=True)

    def face(self, deck, card, size):
        vocab = vocabulary(deck)  # the board's look for the deck, the table's language
        key = (deck.name, vocab.look, vocab.lang, card, size)
        s = self._faces.get(key)
        if s is None:
            if len(self._faces) > 600:
                self._faces.clear()
            w, h = size
            s = pygame.Surface(size, pygame.SRCALPHA)
            r = pygame.Rect(0, 0, w, h)
            draw_card(s, r, deck, card, vocab)
            suit = deck.suit(card)
            if suit < TRUMP:  # the suit under the corner rank: readable when overlapped
                rad = max(4, w // 11)
                draw_suit(s, deck, suit, (6 + rad + 1, 6 + max(14, h // 5) + rad), rad,
                          vocab)
            else:  # a tarot trump's number (the Excuse's mark) in the corner too
                mark = deck.rank_short[deck.rank(card)]
                mark = "*" if deck.suit(card) == EXCUSE else mark  # trumps: their number
                t = self.font(max(14, h // 5), bold=True).render(mark, True, (40, 70, 160))
                s.blit(t, (5, 4))
            self._faces[key] = s
        return s

    def back(self, size):
        s = self._backs.get(size)
        if s is None:
            w, h = size
            s = pygame.Surface(size, pygame.SRCALPHA)
            r = pygame.Rect(0, 0, w, h)
            pygame.draw.rect(s, BACK_A, r, border_radius=7)
            for x in range(-h, w, 8):
                pygame.draw.line(s, BACK_B, (x, 0), (x + h, h), 2)
            pygame.draw.rect(s, (245, 240, 230), r, 3, border_radius=7)
            self._backs[size] = s
        return s

    # --- the whole window ----------------------------------------------------------------

    def draw(self, surface, sim, layout):
        surface.fill(BG)
        self._table(surface, sim, layout)
        self._panel(surface, sim, layout)

    def _table(self, surface, sim, lay):
        t = lay.table
        pygame.draw.rect(surface, FELT_EDGE, t.inflate(-8, -8), border_radius=36)
        pygame.draw.rect(surface, FELT, t.inflate(-22, -22), border_radius=30)
        deck = sim.deck
        cw, ch = lay.card
        rects = {}
        order = []
        grabs = {}
        turn_pad = sim.turn_pad()
        # pads
        for p, r in enumerate(lay.pads):
            live = bool(sim.tableau.on_pad(p))
            pygame.draw.rect(surface, PAD, r, border_radius=12)
            pygame.draw.rect(surface, TURN if p == turn_pad else (PAD_LIVE if live else PAD_EDGE),
                             r, 3 if p == turn_pad else 2, border_radius=12)
            inner = r.inflate(-16, -16)
            for k in range(3):  # the reader's antenna loop
                pygame.draw.rect(surface, (60, 104, 78), inner.inflate(-k * 10, -k * 10), 1,
                                 border_radius=8)
            lab = self.pad_label(p, r.w - 10)
            surface.blit(lab, lab.get_rect(midbottom=(r.centerx, r.bottom - 4)))
        # talon
        talon = sim.tableau.talon()
        if talon or sim.adapter.talon_label:
            tr = lay.talon
            pygame.draw.rect(surface, (20, 84, 48), tr, border_radius=10)
            pygame.draw.rect(surface, (70, 130, 90), tr, 1, border_radius=10)
            label = fixed_words(sim.adapter.talon_label) or _("Talon")
            lab = self.text("%s (%d)" % (label, len(talon)),
                            16, DIM)
            surface.blit(lab, lab.get_rect(midtop=(tr.centerx, tr.top + 3)))
            small = (int(cw * 0.62), int(ch * 0.62))
            n = len(talon)
            step = min(small[0] + 4, (tr.w - 12 - small[0]) / max(1, n - 1)) if n > 1 else 0
            x0 = tr.centerx - (small[0] + (n - 1) * step) / 2
            for i, c in enumerate(talon):
                rr = pygame.Rect(int(x0 + i * step), tr.top + 20, *small)
                surface.blit(self.back(small), rr)
                rects[c] = rr
                order.append(c)
                grabs[c] = (rr.x + max(4, int(min(step, small[0]) if i < n - 1 else small[0]) // 2),
                            rr.centery)
        # hands, labels and piles
        legal = sim.legal_highlight()
        names = []  # each seat's name line with its pile, as drawn
        sim.name_rows = []
        clear = list(lay.pads) + [lay.talon]
        for p in range(len(lay.pads)):
            hand = sim.tableau.hand(p)
            slots, vis = lay.hand_slots(p, len(hand))
            hx, hy = lay.hand_centre[p]
            top = (slots[0][1] if slots else hy - ch // 2)
            others = [lay.seat_rect(q) for q in range(len(lay.pads)) if q != p]
            own = pygame.Rect(hx - lay.hand_width[p] // 2, top, lay.hand_width[p], ch)
            name, rows = self._seat_name(surface, sim, lay, p, own,
                                         clear + others + names + [own], turn_pad)
            names.append(name)
            sim.name_rows.append(rows)
            for i, (c, (x, y)) in enumerate(zip(hand, slots)):
                rr = pygame.Rect(x, y, cw, ch)
                face_up = p in sim.humans or sim.show_computer_hands
                surface.blit(self.face(deck, c, (cw, ch)) if face_up else self.back((cw, ch)),
                             rr)
                if face_up and c in legal:  # practice mode: the cards the rules allow
                    pygame.draw.rect(surface, TURN, rr, 2, border_radius=6)
                rects[c] = rr
                order.append(c)
                last_in_row = i == len(hand) - 1 or slots[i + 1][1] != y
                strip = cw if last_in_row else vis
                below = slots[i + 1:]
                dy = next((yy - y for (_, yy) in below if yy != y), ch)
                grabs[c] = (x + max(3, strip // 2), y + min(ch, dy) // 2)
        sim.name_rects = names
        keep_clear = lay.keep_clear([p for p in range(len(lay.pads))
                                     if sim.tableau.hand(p)]) + names
        sim.caption_rect = self._captions(surface, sim, lay, keep_clear)
        # cards on pads, loose cards, the dragged card last
        on_table = []
        for p in range(len(lay.pads)):
            for k, c in enumerate(sim.tableau.on_pad(p)):
                rr = pygame.Rect(0, 0, cw, ch)
                rr.center = (lay.pads[p].centerx, lay.pads[p].centery - 7)
                rr.move_ip(k * 5 - 5 * (len(sim.tableau.on_pad(p)) - 1), k * 5)
                on_table.append((sim.tableau.z(c), c, rr))
        for c in sim.tableau.loose():
            x, y = sim.tableau.where(c)[1]
            rr = pygame.Rect(0, 0, cw, ch)
            rr.center = (x, y)
            on_table.append((sim.tableau.z(c), c, rr))
        on_table.sort(key=lambda e: e[0])
        for _pos, c, rr in on_table:
            if c == sim.dragging:
                shadow = pygame.Surface((cw, ch), pygame.SRCALPHA)
                pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=8)
                surface.blit(shadow, rr.move(6, 8))
            surface.blit(self.face(deck, c, (cw, ch)), rr)
            rects[c] = rr
            order.append(c)
            grabs[c] = rr.center
        caption = [sim.caption_rect] if sim.caption_rect else []
        sim.result_rect = self._result_box(surface, sim, lay, keep_clear + caption,
                                           names + caption, names)
        # status and help
        sim.status_rows = self._status(surface, sim.status_line(), lay.status)
        sim.hint_rows = self.hint(surface, table_hint(), lay.hint, HINT_SEP)
        sim.card_rects = rects
        sim.draw_order = order
        sim.grab_points = grabs

    def _status(self, surface, line, band):
        """Draw the status line in ``band`` (``Layout.status``): one row at the largest
        size that fits, else rows of the smallest (:meth:`status_rows`); rows beyond the
        band (a line longer than the band was made for) lie over the felt on a dark
        backing, whole. Returns the rows as drawn, ``[(words, rect)]``."""
        size, rows = self.status_rows(line, band.w)
        pitch = size + 3
        y = band.top + 8 + (22 - size) // 2 if len(rows) == 1 else band.top
        over = [i for i in range(len(rows)) if y + (i + 1) * pitch > band.bottom]
        if over:
            back = pygame.Rect(band.x - 8, y + over[0] * pitch - 2, band.w + 16,
                               len(over) * pitch + 4)
            pygame.draw.rect(surface, FELT_EDGE, back, border_radius=6)
        out = []
        for i, row in enumerate(rows):
            st = self.status_row(row, size)
            rect = st.get_rect(topleft=(band.x, y + i * pitch))
            surface.blit(st, rect)
            out.append((row, rect))
        return out

    def hint(self, surface, text, band, sep=None):
        """Draw a hint of keys in ``band`` (``Layout.hint`` under the table, ``keys_hint``
        in the panel): one row, or wrapped into rows (between its parts ``sep``, else its
        words) at ``HINT_PITCH``, centred in the band's height: at 900x600 the table's
        ran off at the table's edge ("| F..."), the panel's in German and Ukrainian.
        Returns the rows as drawn, ``[(words, rect)]``."""
        rows = wrap(self.font(HINT_SIZE), text, band.w, sep)
        y = band.top + (band.h - len(rows) * HINT_PITCH) // 2
        out = []
        for i, row in enumerate(rows):
            t = self.text(row, HINT_SIZE, DIM)
            rect = t.get_rect(topleft=(band.x, y + i * HINT_PITCH))
            surface.blit(t, rect)
            out.append((row, rect))
        return out

    def _seat_name(self, surface, sim, lay, p, own, keep_clear, turn_pad):
        """Draw pad ``p``'s name line: "P3  computer  -  taker prise", its pile of tricks
        and their count ("7 tricks  (took the last trick)"), above its cards ``own`` (the
        first row's rect). The line lies where it always did, from the hand's left edge,
        when it fits there; else the layout places it (``Layout.place`` within
        ``lay.seats``: inside the table, clear of ``keep_clear``: the pads, the talon,
        the other seats and the names drawn before) as near as it can, in two rows (the
        name above the pile and count) or three (the note on a row of its own), in
        smaller type if need be (``NAME_SIZES``): a right-hand seat's line ran off the
        table's edge, a left-hand seat's over the right-hand one's. Returns the line's
        rect and its rows of words ``[(words, rect)]``."""
        seat = sim.seat_of(p)
        who = _("sits out") if seat < 0 and sim.fw_deal is not None else (
            _("you") if p in sim.humans else _("computer"))
        note = sim.adapter.seat_note(sim, seat) if seat >= 0 else ""
        head = "P%d  %s" % (p + 1, who)
        colour = TURN if p == turn_pad else TEXT
        pile = sim.tableau.pile(p)
        n_tricks = len(pile) // max(1, sim.players_in_deal())
        last = bool(pile) and p == getattr(sim, "last_taker", -1)
        said = ""
        if pile:
            said = ngettext("%d trick", "%d tricks", n_tricks) % n_tricks
            if last:  # who took the last trick, until the next one is taken
                said += "  " + _("(took the last trick)")
        cw, ch = lay.card
        ps = (int(cw * 0.34), int(ch * 0.34))
        splits = [[head + (NAME_SEP + note if note else "")]]
        if said:
            splits.append(splits[0] + [""])
        if note:
            splits.append([head, note] + ([""] if said else []))
        for sizes, split in [(sizes, split) for sizes in NAME_SIZES for split in splits]:
            rows, (w, h) = self._name_rows(split, said, sizes, colour, p == turn_pad, last,
                                           ps)
            near = (own.x + w // 2, own.y - 6 - h)  # its bottom row where it always was
            box = lay.place((w, h), near, keep_clear, lay.seats)
            if box is not None and abs(box.bottom - own.y + 6) <= LABEL_H and \
                    box.right > own.x and box.left < own.right:  # still at its hand
                break
        else:  # no room by the hand even in the smallest type: there, inside the table
            box = pygame.Rect(0, 0, w, h)
            box.midtop = near
            box.clamp_ip(lay.seats)
        drawn = []
        for kind, piece, rect, words in rows:
            rect = rect.move(box.topleft)
            if kind == "pile":
                for k in range(min(4, n_tricks)):
                    surface.blit(self.back(ps), (rect.x + k * 3, rect.y - k * 2))
                continue
            surface.blit(piece, rect)
            drawn.append((words, rect))
        return box, drawn

    def _name_rows(self, split, said, sizes, colour, bold, last, ps):
        """The pieces of a seat's name line with the name's words ``split`` in rows (a
        row "" holds the pile and the count ``said`` alone; else they follow the last
        row) at ``sizes`` (name, count): ``[(kind, surface, rect, words)]`` with rects
        relative to the line's top left ("pile": where the top back of the pile lies, the
        backs hanging below it as they always did), and the line's size."""
        name_size, count_size = sizes
        pieces, y, w = [], 0, 0
        for i, words in enumerate(split):
            x, row_h = 0, 0
            if words:
                lab = self.text(words, name_size, colour, bold=bold)
                pieces.append(("text", lab, lab.get_rect(topleft=(0, y)), words))
                x, row_h = lab.get_width() + 12, lab.get_height()
            if said and i == len(split) - 1:
                lift = 0 if words else 4  # alone on its row: clear of the row above
                pieces.append(("pile", None, pygame.Rect(x, y + lift, *ps), ""))
                pt = self.text(said, count_size, TURN if last else DIM, bold=last)
                rect = pt.get_rect(topleft=(x + ps[0] + 12, y + 2))
                pieces.append(("text", pt, rect, said))
                x, row_h = rect.right, max(row_h, rect.bottom - y)
            else:
                x -= 12 if words else 0
            w = max(w, x)
            y += row_h + (2 if i < len(split) - 1 else 0)
        return pieces, (w, y)

    def _captions(self, surface, sim, lay, keep_clear):
        """The talon's captions (what the table saw of it: Tarot's chien; the last bids
        said; the direction of play round the table) and, while the Skat auction asks the
        person, its question and two answer buttons ("Hold 20" / "Pass"; their rects go to
        ``sim.answer_rects`` for the mouse, host_sim.ui.auction): one box the layout places
        on the felt clear of ``keep_clear`` (the pads, the talon, every hand and name:
        ``Layout.place``), under the talon where there is room, else as near it as the
        table allows. Narrower rows and smaller type are tried (``CAPTION_STEPS``) before a
        line is left out (the direction first, then the bids); the answers never are.
        Returns the box's rect, or None when nothing is drawn."""
        from host_sim.ui import auction
        a = auction.of(sim)
        question = auction.question(sim)
        options = a.options() if question else []
        lines = [line for line in (sim.adapter.talon_caption(sim), sim.adapter.bids_caption(),
                                   fixed_words(sim.adapter.direction_words)) if line]
        sim.answer_rects = []
        sim.caption_rows = []
        near = (lay.talon.centerx, lay.talon.bottom + 4)
        while lines or question:
            tried = set()
            for width, sizes in CAPTION_STEPS:
                size, items = self._caption_block(lines, question, options, sizes, width)
                if size in tried:
                    continue
                tried.add(size)
                box = lay.place(size, near, keep_clear)
                if box is not None:
                    self._draw_caption(surface, sim, box, items)
                    return box
            if not lines:
                return None
            lines = lines[:-1]
        return None

    def _caption_block(self, lines, question, options, sizes, width):
        """The caption box's size and its pieces for ``sizes`` (caption, question, button
        height) with rows wrapped at ``width`` pixels: ``(w, h), [(kind, surface, rect,
        what)]`` with rects relative to the box, ``what`` a text row's words or a button's
        answer (0, 1)."""
        text_size, q_size, button_h = sizes
        said_rows = [r for line in lines for r in wrap(self.font(text_size), line, width)]
        rows = [(self.text(r, text_size, DIM), text_size) for r in said_rows]
        if question:
            asked = wrap(self.font(q_size, bold=True), question, width)
            said_rows += asked
            rows += [(self.text(r, q_size, TURN, bold=True), q_size + 4) for r in asked]
        labels = [self.text(label, q_size, PANEL_TEXT, bold=True) for label, _m in options]
        bw = max([lab.get_width() + 24 for lab in labels] + [ANSWER_W])
        side = len(labels) * bw + (len(labels) - 1) * ANSWER_GAP <= width
        buttons_w = len(labels) * bw + (len(labels) - 1) * ANSWER_GAP if side else bw
        w = max([r.get_width() for r, _pitch in rows] + [buttons_w if labels else 0])
        items, y = [], 0
        for (r, pitch), said in zip(rows, said_rows):  # a row's pitch: its font size (the
            items.append(("text", r, r.get_rect(midtop=(w // 2, y)), said))  # question's +4)
            y += max(pitch, r.get_height())
        if labels:
            y += 4
            x = (w - buttons_w) // 2
            for i, lab in enumerate(labels):
                rect = pygame.Rect(x, y, bw, button_h)
                items.append(("button", lab, rect, i))
                if side:
                    x += bw + ANSWER_GAP
                else:
                    y += button_h + ANSWER_GAP
            y += button_h if side else -ANSWER_GAP
        return (w, y), items

    def _draw_caption(self, surface, sim, box, items):
        """Draw the caption box's pieces at ``box``; the rows go to ``sim.caption_rows``
        (``(words, rect)``), the buttons to ``sim.answer_rects`` (``(rect, answer)``)."""
        for kind, piece, rect, answer in items:
            rect = rect.move(box.topleft)
            if kind == "text":
                surface.blit(piece, rect)
                sim.caption_rows.append((answer, rect))
                continue
            pygame.draw.rect(surface, BUTTON, rect, border_radius=8)
            pygame.draw.rect(surface, TURN, rect, 2, border_radius=8)
            surface.blit(piece, piece.get_rect(center=rect.center))
            sim.answer_rects.append((rect, answer))

    def _result_box(self, surface, sim, lay, keep_clear, words, names):
        """The last result in words over the table while the LCD shows it: placed by the
        layout (``Layout.place``) as near the middle as it can lie clear of ``keep_clear``
        (pads, talon, hands, names, the caption box), else clear of the ``words`` on the
        table (the seats' names and the caption box), else of the ``names`` only (a name
        in the box's marks stays readable at its seat), in smaller type if need be.
        Returns its rect, or None when no result is shown."""
        lines = sim.result_shown()
        if not lines:
            return None
        steps = [(keep_clear, RESULT_SIZES[0])] + [(clear, size) for clear in (words, names)
                                                   for size in RESULT_SIZES]
        for clear, size in steps:
            texts = [self.text(ln, size, TEXT, bold=i == 0) for i, ln in enumerate(lines)]
            pitch = size + 2
            w, h = max(t.get_width() for t in texts) + 28, pitch * len(texts) + 20
            box = lay.place((w, h), (lay.felt.centerx, lay.felt.centery - h // 2), clear)
            if box is not None:
                break
        else:  # no room clear of the names even in the smallest type: over the middle
            box = pygame.Rect(0, 0, w, h)
            box.center = lay.felt.center
            box.clamp_ip(lay.table)
        pygame.draw.rect(surface, (16, 40, 28), box, border_radius=10)
        pygame.draw.rect(surface, TURN, box, 2, border_radius=10)
        for i, t in enumerate(texts):
            surface.blit(t, (box.x + 14, box.y + 10 + pitch * i))
        return box

    def _panel(self, surface, sim, lay):
        pr = lay.panel
        surface.fill(PANEL, pr)
        x = lay.lcd.x
        surface.blit(self.text(_("Table controller  (emulated Pico)"), 20, PANEL_TEXT,
                               bold=True),
                     (x, 16))
        if self._lcd is None or self._lcd.model is not sim.board.lcd_model:
            self._lcd = LcdView(sim.board.lcd_model)
        self._lcd.draw(surface, lay.lcd)
        # LED and buzzer, as the firmware's events would drive them
        (lx, ly), rad = lay.led
        led = sim.signals.led(sim.now)
        pygame.draw.circle(surface, (25, 25, 25), (lx, ly), rad + 3)
        pygame.draw.circle(surface, LED_COLOURS.get(led, (60, 64, 60)) if led else (60, 64, 60),
                           (lx, ly), rad)
        buzz = sim.signals.buzz(sim.now)
        rows = self.buzzer_rows(buzzer_words(buzz), lay.buzzer, TURN if buzz else DIM)
        y = lay.buzzer.y + 6 if len(rows) == 1 else lay.buzzer.y
        for row in rows:
            surface.blit(row, (lay.buzzer.x, y))
            y += row.get_height()
        names = button_names()
        for i, r in enumerate(lay.buttons):
            down = sim.board.hw.buttons[i].value() == 0
            pygame.draw.rect(surface, BUTTON_DOWN if down else BUTTON, r, border_radius=10)
            pygame.draw.rect(surface, (20, 20, 24), r, 2, border_radius=10)
            lab = self.text(names[i], 20, (20, 20, 20) if down else PANEL_TEXT, bold=True)
            surface.blit(lab, lab.get_rect(center=r.center))
        sim.keys_rows = self.hint(surface, keys_hint(), lay.keys_hint)
        surface.blit(self.text(sim.traffic_title, 18, PANEL_TEXT, bold=True), lay.traffic_title)
        tr = lay.traffic
        pygame.draw.rect(surface, (24, 26, 30), tr, border_radius=6)
        n = max(0, (tr.h - 8) // PANEL_LINE_H)
        rows = self.panel_rows(sim.traffic.lines, tr.w - 12, n)
        clip = surface.get_clip()
        surface.set_clip(tr.inflate(-6, -4))
        for i, (row, colour) in enumerate(rows):
            surface.blit(self.text(row, PANEL_SIZE, colour, mono=True),
                         (tr.x + 6, tr.y + 4 + i * PANEL_LINE_H))
        surface.set_clip(clip)

    def panel_rows(self, lines, width, n):
        """The last ``n`` rows of the link panel for ``lines`` (oldest first), each line
        wrapped at word breaks to ``width`` pixels of the panel's monospaced font (its
        continuation rows indented), as ``[(row, colour)]``: a refusal or revoke red,
        a trick or deal end yellow."""
        if n <= 0:
            return []
        cols = max(8, width // self.font(PANEL_SIZE, mono=True).size("M")[0])
        rows = []
        for line in list(lines)[-n:]:  # a line gives at least one row
            colour = (240, 120, 110) if ("REFUSE" in line or "REVOKE" in line) else (
                (250, 215, 110) if "TRICK" in line or "OVER" in line else (190, 200, 190))
            for row in textwrap.wrap(line, cols, subsequent_indent="    ") or [""]:
                rows.append((row, colour))
        return rows[-n:]

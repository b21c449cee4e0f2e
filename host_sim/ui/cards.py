"""Cards drawn by the program, each deck in the look chosen for it (no image files).

The look is the board's (``device.looks``: the menu's "Deck look", ``trickref sim
--look``), its words those of the table's language (``core.vocab``):

- Skat, ``german`` (Prager pattern, seed 003): acorns (Eichel), leaves (Grün), hearts,
  bells (Schellen); corners ``7 8 9 10 U O K D``, the court's name under the mark.
- Skat, ``french`` (the tournament deck, ISkO 1.1): clubs, spades, hearts, diamonds; the
  language's rank letters (``J Q K A``, German ``B D K A``).
- Magistr/Zhopa: French suits (clubs, diamonds, hearts, spades).
- Tarot, ``marseille``: cups, swords, batons, coins; ``nouveau`` (FFT 2012 p.2): hearts,
  spades, clubs, diamonds; trumps by their number, the Excuse by its name.

``draw_card(surface, rect, deck, card, vocab=None)`` paints one card face into ``rect``.
The text is drawn with pygame's bundled font and :func:`mono` with the bundled DejaVu
Sans Mono (``host_sim/data``), so every machine draws the same pixels (the screenshots
test).
"""

import math
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from core.cards import TRUMP

INK = (30, 30, 30)
RED = (200, 30, 40)
GREEN = (40, 130, 50)
BROWN = (130, 80, 30)
GOLD = (215, 170, 40)
BLUE = (40, 70, 160)
PAPER = (250, 247, 235)


def _heart(s, c, r, color):
    x, y = c
    pygame.draw.circle(s, color, (x - r // 2, y - r // 3), r // 2 + 1)
    pygame.draw.circle(s, color, (x + r // 2, y - r // 3), r // 2 + 1)
    pygame.draw.polygon(s, color, [(x - r, y - r // 4), (x + r, y - r // 4), (x, y + r)])


def _diamond(s, c, r, color):
    x, y = c
    pygame.draw.polygon(s, color, [(x, y - r), (x + int(r * .7), y), (x, y + r),
                                   (x - int(r * .7), y)])


def _spade(s, c, r, color):
    x, y = c
    pygame.draw.circle(s, color, (x - r // 2, y + r // 5), r // 2 + 1)
    pygame.draw.circle(s, color, (x + r // 2, y + r // 5), r // 2 + 1)
    pygame.draw.polygon(s, color, [(x - r, y + r // 6), (x + r, y + r // 6), (x, y - r)])
    pygame.draw.polygon(s, color, [(x, y + r // 3), (x - r // 3, y + r), (x + r // 3, y + r)])


def _club(s, c, r, color):
    x, y = c
    k = r // 2
    for dx, dy in ((0, -k), (-k, k // 2), (k, k // 2)):
        pygame.draw.circle(s, color, (x + dx, y + dy), k)
    pygame.draw.polygon(s, color, [(x, y), (x - r // 3, y + r), (x + r // 3, y + r)])


def _acorn(s, c, r, color=BROWN):
    x, y = c
    pygame.draw.ellipse(s, GOLD, (x - r // 2, y - r // 4, r, int(r * 1.2)))
    pygame.draw.ellipse(s, color, (x - int(r * .6), y - r // 2, int(r * 1.2), r // 2 + 2))
    pygame.draw.line(s, color, (x, y - r // 2), (x, y - r), 2)


def _leaf(s, c, r, color=GREEN):
    x, y = c
    pts = [(x + r * math.sin(t) * 0.55 * math.sin(t / 2 + .2) * 1.6,
            y - r * math.cos(t)) for t in [i * math.pi / 10 for i in range(21)]]
    pts += [(2 * x - px, py) for px, py in reversed(pts)]
    pygame.draw.polygon(s, color, pts)
    pygame.draw.line(s, (20, 80, 30), (x, y - r), (x, y + r + 3), 2)


def _bell(s, c, r, color=GOLD):
    x, y = c
    pygame.draw.circle(s, color, (x, y), r)
    pygame.draw.circle(s, RED, (x, y - r // 3), max(2, r // 4))
    pygame.draw.line(s, INK, (x - r // 2, y + r // 3), (x + r // 2, y + r // 3), 2)
    pygame.draw.circle(s, INK, (x, y), r, 1)


def _cup(s, c, r, color=RED):
    x, y = c
    pygame.draw.polygon(s, color, [(x - r, y - r), (x + r, y - r), (x + r // 3, y),
                                   (x - r // 3, y)])
    pygame.draw.rect(s, color, (x - 2, y, 4, r // 2))
    pygame.draw.rect(s, color, (x - r // 2, y + r // 2, r, 3))


def _sword(s, c, r, color=BLUE):
    x, y = c
    pygame.draw.line(s, color, (x - r, y + r), (x + r, y - r), 3)
    pygame.draw.line(s, GOLD, (x - r // 2, y), (x, y + r // 2), 3)


def _baton(s, c, r, color=GREEN):
    x, y = c
    pygame.draw.line(s, color, (x - r, y + r), (x + r, y - r), 6)
    pygame.draw.circle(s, BROWN, (x + r, y - r), 3)


def _coin(s, c, r, color=GOLD):
    x, y = c
    pygame.draw.circle(s, color, (x, y), r)
    pygame.draw.circle(s, BROWN, (x, y), r, 2)
    pygame.draw.circle(s, BROWN, (x, y), r // 3, 1)


_CLUB, _SPADE, _HEART, _DIAMOND = (_club, INK), (_spade, INK), (_heart, RED), (_diamond, RED)

# Suit painters by (deck, look), in each deck's suit numbering (core/cards.py).
PAINTERS = {
    ("skat", "german"): ((_acorn, BROWN), (_leaf, GREEN), _HEART, (_bell, GOLD)),
    ("skat", "french"): (_CLUB, _SPADE, _HEART, _DIAMOND),
    ("french36", "french"): (_CLUB, _DIAMOND, _HEART, _SPADE),
    ("tarot", "marseille"): ((_cup, RED), (_sword, BLUE), (_baton, GREEN), (_coin, GOLD)),
    ("tarot", "nouveau"): (_HEART, _SPADE, _CLUB, _DIAMOND),
}

MONO_FONT = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data",
                         "DejaVuSansMono.ttf")

_fonts = {}


def _init():
    if not pygame.font.get_init():  # drawn outside a window (a test, a picture)
        pygame.font.init()


def font(size, bold=True):
    """A cached default pygame font of ``size`` pixels."""
    key = (size, bold)
    if key not in _fonts:
        _init()
        _fonts[key] = pygame.font.Font(None, size)
        _fonts[key].set_bold(bold)
    return _fonts[key]


def mono(size):
    """A cached monospaced font of ``size`` pixels: the bundled DejaVu Sans Mono (the
    same on every machine, unlike a system font)."""
    key = ("mono", size)
    if key not in _fonts:
        _init()
        _fonts[key] = pygame.font.Font(MONO_FONT, size)
    return _fonts[key]


def vocabulary(deck, vocab=None):
    """``vocab``, or the ``core.vocab.Vocabulary`` of ``deck`` in the look the board uses
    for it (``device.looks``) and the table's language (``device.words``)."""
    if vocab is not None:
        return vocab
    from core.vocab import Vocabulary
    from device import looks, words
    return Vocabulary(deck, looks.look(deck.name), words.language())


def draw_suit(surface, deck, suit, center, radius, vocab=None):
    """Paint the suit mark ``suit`` of ``deck`` centred at ``center``, in the look of
    ``vocab`` (default: :func:`vocabulary`)."""
    painter, color = PAINTERS[(deck.name, vocabulary(deck, vocab).look)][suit]
    painter(surface, center, radius, color)


def draw_card(surface, rect, deck, card, vocab=None):
    """Paint ``card`` of ``deck`` into ``rect`` (a pygame.Rect) in the look and words of
    ``vocab`` (default: :func:`vocabulary`): rank mark in the corners, the suit mark in
    the middle, a court card's name under it; a tarot trump its number, the Excuse its
    name."""
    vocab = vocabulary(deck, vocab)
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, PAPER, rect, border_radius=8)
    pygame.draw.rect(surface, INK, rect, 2, border_radius=8)
    suit = deck.suit(card)
    if suit >= TRUMP:
        name = vocab.rank_name(card)
        size = max(14, rect.h // 4) if len(name) <= 3 else max(12, rect.h // 7)
        label = _fitting(name, size, BLUE, rect.w - 8)
        if label is not None:
            surface.blit(label, label.get_rect(center=rect.center))
        return
    mark = vocab.rank_mark(card)
    color = PAINTERS[(deck.name, vocab.look)][suit][1]
    corner = font(max(14, rect.h // 5)).render(mark, True, color if color != GOLD else BROWN)
    surface.blit(corner, (rect.x + 6, rect.y + 4))
    surface.blit(corner, corner.get_rect(bottomright=(rect.right - 6, rect.bottom - 4)))
    draw_suit(surface, deck, suit, rect.center, max(6, rect.w // 5), vocab)
    name = vocab.rank_name(card)
    if not name.isdigit():  # court cards: their name under the mark, as on Prager cards
        small = _fitting(name, max(12, rect.h // 9), INK, rect.w - 8, bold=False)
        if small is not None:
            surface.blit(small, small.get_rect(midbottom=(rect.centerx, rect.bottom - 6)))


def _fitting(text, size, colour, width, bold=True):
    """``text`` rendered at ``size``, or smaller (down to 8 px) until it is no wider than
    ``width``: a court's or the Excuse's name stays on its card at 900x600 ("Cavalier"
    ran over the card's edge and its corner mark); None when even 8 px is too wide."""
    while size >= 8:
        label = font(size, bold).render(text, True, colour)
        if label.get_width() <= width:
            return label
        size -= 1
    return None

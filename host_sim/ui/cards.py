"""Cards drawn by the program, each deck in its tradition (no image files).

- Skat: German suits of the Prager pattern: acorns (Eichel), leaves (Grün), hearts (Rot),
  bells (Schellen); ranks 7 8 9 10, Unter, Ober, König, Daus.
- Magistr/Zhopa: French suits (clubs, diamonds, hearts, spades).
- Tarot: Marseille suits: cups, swords, batons, coins; trumps with Roman numerals; Le Mat.

``draw_card(surface, rect, deck, card)`` paints one card face into ``rect``.
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


# Suit painters by deck, in each deck's suit numbering (core/cards.py).
PAINTERS = {
    "skat": ((_acorn, BROWN), (_leaf, GREEN), (_heart, RED), (_bell, GOLD)),
    "french36": ((_club, INK), (_diamond, RED), (_heart, RED), (_spade, INK)),
    "tarot": ((_cup, RED), (_sword, BLUE), (_baton, GREEN), (_coin, GOLD)),
}

_fonts = {}


def font(size, bold=True):
    """A cached default pygame font of ``size`` pixels."""
    key = (size, bold)
    if key not in _fonts:
        _fonts[key] = pygame.font.Font(None, size)
        _fonts[key].set_bold(bold)
    return _fonts[key]


def draw_suit(surface, deck, suit, center, radius):
    """Paint the suit mark ``suit`` of ``deck`` centred at ``center``."""
    painter, color = PAINTERS[deck.name][suit]
    painter(surface, center, radius, color)


def draw_card(surface, rect, deck, card):
    """Paint ``card`` of ``deck`` into ``rect`` (a pygame.Rect): rank in the corners, the
    suit mark in the middle; tarot trumps show their Roman numeral, the Excuse "Le Mat"."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, PAPER, rect, border_radius=8)
    pygame.draw.rect(surface, INK, rect, 2, border_radius=8)
    suit = deck.suit(card)
    name = deck.rank_names[deck.rank(card)]
    if suit >= TRUMP:
        label = font(max(14, rect.h // 4)).render(name, True, BLUE)
        surface.blit(label, label.get_rect(center=rect.center))
        return
    mark = deck.rank_short[deck.rank(card)]
    color = PAINTERS[deck.name][suit][1]
    corner = font(max(14, rect.h // 5)).render(mark, True, color if color != GOLD else BROWN)
    surface.blit(corner, (rect.x + 6, rect.y + 4))
    surface.blit(corner, corner.get_rect(bottomright=(rect.right - 6, rect.bottom - 4)))
    draw_suit(surface, deck, suit, rect.center, max(6, rect.w // 5))
    if len(name) > 2:  # court cards: their name under the mark, as on Prager cards
        small = font(max(12, rect.h // 9), False).render(name, True, INK)
        surface.blit(small, small.get_rect(midbottom=(rect.centerx, rect.bottom - 6)))

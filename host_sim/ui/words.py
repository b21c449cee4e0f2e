"""A deal's result and its steps in words, for the simulator's screen and traffic panel.

``result_words(flow, result, name, deck)`` -> list of lines: for French Tarot the whole
breakdown (contract, oudlers and the points they need, points made, petit au bout, poignée,
chelem, the mark of each seat; FFT p.7-9), for the other games the firmware's own result
lines (``flow.result_lines``). ``name(seat) -> "P3"`` names deal seats as the LCD does.
``chien_words(deck, cards, contract)``: what the table sees of the chien after the bids
(FFT p.6: shown to all at prise and garde; unseen at garde sans and garde contre).
"""

from host_sim.i18n import _


def _half(points):
    """Tarot half-points as points: 106 -> "53", 107 -> "53.5"."""
    return "%d" % (points // 2) if points % 2 == 0 else "%d.5" % (points // 2)


def _signed(n):
    return "%+d" % n


def camp_words(camp):
    """A Tarot camp (core.games.tarot_score ATTACK 0, DEFENCE 1) in the table's language."""
    return (_("attack"), _("defence"))[camp]


def chelem_words(chelem):
    """A chelem outcome (the index of ``tarot_score.CHELEM_NAMES``) in the table's
    language."""
    return (_("none"), _("announced"), _("unannounced"), _("failed"), _("defence"),
            _("failed, to the defence"))[chelem]


def tarot_result_words(result, name, deck):
    """The breakdown of a French Tarot ``core.games.tarot.Result`` in words (FFT p.7-9);
    an annulled or passed deal in one line."""
    from core.games import tarot_score as S
    if result.status != "played":
        return [_("Deal annulled (petit sec): no score") if result.status == "petit-sec"
                else _("All passed: no score")]
    sc = result.score
    head = _("Contract: %s %s") % (name(result.taker), S.CONTRACT_NAMES[result.contract])
    if result.called is not None and result.called >= 0:
        head += _(", called %s: %s") % (card_words(deck, result.called), (
            _("partner %s") % name(result.partner)) if result.partner is not None
            else _("the taker plays alone"))
    made = _("made by %d") % sc.diff if sc.won else _("down by %d") % -sc.diff
    lines = [head,
             _("Oudlers: %d, so %d points needed") % (result.oudlers, sc.target),
             _("Points made: %s (counted %d): %s") % (_half(result.attack_points), sc.counted,
                                                   made)]
    pab = result.petit_au_bout
    lines.append(_("Petit au bout: %s") % (_("none") if pab is None else _("%s, %s a defender") % (
        camp_words(pab), _signed(sc.petit_au_bout))))
    if result.poignees:
        shown = ", ".join(_("%s %d trumps (%s)") % (name(s), k, camp_words(camp))
                          for s, camp, k in result.poignees)
        lines.append(_("Poignée: %s, %s a defender") % (shown, _signed(sc.poignee)))
    else:
        lines.append(_("Poignée: none"))
    lines.append(_("Chelem: %s%s") % (chelem_words(result.chelem), (
        _(", %s a defender") % _signed(sc.chelem)) if sc.chelem else ""))
    lines.append(_("Marks: ") + "  ".join("%s %s" % (name(s), _signed(m))
                                       for s, m in enumerate(result.marks)))
    return lines + [n[:1].upper() + n[1:] for n in result.notes]


def result_words(flow, result, name, deck, lines):
    """The result in words for ``flow``'s game: Tarot's breakdown, else ``lines`` (the
    firmware's result lines, taken when the deal ended)."""
    if flow.NAME == "tarot":
        return tarot_result_words(result, name, deck)
    return list(lines)


def chien_words(deck, cards, contract):
    """The chien as the table learns it after the bids: its cards at prise and garde,
    turned face up for all (FFT p.6), else that nobody sees it."""
    from core.games import tarot_score as S
    if contract in (S.GARDE_SANS, S.GARDE_CONTRE):
        return (_("Chien unseen (%s: it counts for the taker)") if contract == S.GARDE_SANS
                else _("Chien unseen (%s: it counts for the defence)")) % (
            S.CONTRACT_NAMES[contract])
    return _("Chien shown: ") + " ".join(card_words(deck, c) for c in cards)


def card_words(deck, card):
    """A card as the table's players write it (``core.vocab`` short label in the board's
    look for ``deck`` and the table's language: "C5" for the 5 of cups of the Marseille
    tarot, "GD" for the Grün-Daus) in letters any font draws: a suit glyph, missing from
    pygame's font (the nouveau and french looks: "♥R"), as the deck code's suit letter
    ("HR"); a trump by its number with a "T" ("T21"), the Excuse as the look names it."""
    from core.cards import TRUMP
    from host_sim.ui.cards import vocabulary
    short = vocabulary(deck).short(card)
    suit = deck.suit(card)
    if suit < TRUMP:
        return short if short[0].isalpha() else deck.code(card)[0] + short[1:]
    return "T" + short if short.isdigit() else short  # a trump by its number: "T21"


def sentence_words(deck, sentence):
    """A sentence of the rules core or the players (cards in the deck's notation,
    ``Deck.short``: "♠D top of suit") with each card as :func:`card_words` writes it."""
    from host_sim.ui.cards import vocabulary
    return vocabulary(deck).rewrite(str(sentence), lambda c: card_words(deck, c))

"""A deal's result and its steps in words, for the simulator's screen and traffic panel.

``result_words(flow, result, name, deck)`` -> list of lines: for French Tarot the whole
breakdown (contract, oudlers and the points they need, points made, petit au bout, poignée,
chelem, the mark of each seat; FFT p.7-9), for Skat the contract, points, levels and game
value (ISkO 5.1-5.4), for the other games the firmware's own result
lines (``flow.result_lines``). ``name(seat) -> "P3"`` names deal seats as the LCD does.
``chien_words(deck, cards, contract)``: what the table sees of the chien after the bids
(FFT p.6: shown to all at prise and garde; unseen at garde sans and garde contre).
"""

import re

from core.games.tarot_score import half_text
from host_sim.i18n import _, ngettext


def _signed(n):
    return "%+d" % n


def camp_words(camp):
    """A Tarot camp (core.games.tarot_score ATTACK 0, DEFENCE 1) in the table's language."""
    return (_("attack"), _("defence"))[camp]


def chelem_words(chelem, sc):
    """The chelem line of a Tarot breakdown, as the petit au bout line reads (FFT p.6: the
    chelem's prime goes to the camp that made it, 400 announced, 200 unannounced, 200 to
    each defender when the defence took every trick; an announced chelem not made costs
    the attack 200 a defender; like every prime it is counted per defender): "Chelem
    announced and made by the attack: 400 from each defender". ``chelem``: the outcome
    (the index of ``tarot_score.CHELEM_NAMES``); ``sc``: the deal's Score. The chelem
    stays the camps' under the house rule ``partner=personal`` (docs/rules/tarot.md)."""
    if not chelem:
        return _("Chelem: none")
    return (None, _("Chelem announced and made by the attack: %d from each defender"),
            _("Chelem made by the attack, unannounced: %d from each defender"),
            _("Chelem announced and not made: %d to each defender"),
            _("Chelem made by the defence: %d to each defender"),
            _("Chelem announced, made by the defence: %d to each defender"))[chelem] % (
        abs(sc.chelem))


def _summed(primes):
    """Primes added up as a player checks them: "20", "20 + 30 = 50"."""
    return " + ".join("%d" % p for p in primes) + (
        " = %d" % sum(primes) if len(primes) > 1 else "")


def poignee_words(result, name, game=None):
    """The poignée line of a Tarot breakdown, as the petit au bout line reads (FFT p.7: a
    poignée's prime, 20, 30 or 40 by its size and never multiplied, goes to the camp that
    wins the deal, whoever showed it; counted per defender): "Poignée P3 10 trumps
    (defence) won by the attack, which wins the deal: 20 from each defender". ``game``:
    the deal's ``core.games.tarot.Game`` (its ``primes``: the house rule ``poignees``).
    Under the house rule ``partner=personal`` (the Score's ``poignee`` 0) each poignée is
    the prime of the player who showed it."""
    from core.games import tarot_score as S
    if not result.poignees:
        return _("Poignée: none")
    sc = result.score
    primes = getattr(game, "primes", S.POIGNEE_PRIMES)
    shown = ", ".join(_("%s %d trumps (%s)") % (name(s), k, camp_words(camp))
                      for s, camp, k in result.poignees)
    each = [primes[S.poignee_level(len(result.marks), k)] for _s, _c, k in result.poignees]
    if not sc.poignee:
        return ngettext("Poignée %s: %s, the prime of the player who showed it (house rule)",
                        "Poignée %s: %s, each the prime of the player who showed it "
                        "(house rule)", len(each)) % (shown, ", ".join("%d" % p for p in each))
    amount = _summed(each)
    return (_("Poignée %s won by the attack, which wins the deal: %s from each defender")
            if sc.won else
            _("Poignée %s won by the defence, which wins the deal: %s to each defender")) % (
        shown, amount)


def misere_words(result, name):
    """The misère line of a Tarot breakdown under the house rule ``misere`` (20 a misère
    the play bore out, to the camp that wins the deal like a poignée; docs/rules/tarot.md
    "Misère"): "Misère P2 won by the attack, which wins the deal: 20 from each defender".
    A refuted misère counts nothing (its note says why); under ``partner=personal`` each
    is the prime of the player who announced it."""
    from core.games.tarot_house import MISERE_PRIME
    if not result.miseres:
        return _("Misère: none")
    who = ", ".join(name(s) for s in result.miseres)
    each = [MISERE_PRIME] * len(result.miseres)
    if not result.score.poignee:  # partner=personal: the camps' primes are not in it
        return ngettext("Misère %s: %s, the prime of the player who announced it "
                        "(house rule)", "Misère %s: %s, each the prime of the player who "
                        "announced it (house rule)", len(each)) % (
            who, ", ".join("%d" % p for p in each))
    amount = _summed(each)
    return (_("Misère %s won by the attack, which wins the deal: %s from each defender")
            if result.score.won else
            _("Misère %s won by the defence, which wins the deal: %s to each defender")) % (
        who, amount)


def tarot_result_words(result, name, deck, game=None):
    """The breakdown of a French Tarot ``core.games.tarot.Result`` in words (FFT p.7-9);
    an annulled or passed deal in one line. ``game``: the deal's ``core.games.tarot.Game``
    (its house rules), None for the FFT's."""
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
             ngettext("Oudlers: %d, so %d point needed", "Oudlers: %d, so %d points needed",
                      sc.target) % (result.oudlers, sc.target),
             _("Points made: %s (counted %d): %s") % (half_text(result.attack_points), sc.counted,
                                                   made)]
    lines.append(petit_au_bout_words(result.petit_au_bout, sc))
    lines.append(poignee_words(result, name, game))
    if getattr(game, "misere", "off") != "off":
        lines.append(misere_words(result, name))
    lines.append(chelem_words(result.chelem, sc))
    lines.append(_("Marks: ") + "  ".join("%s %s" % (name(s), _signed(m))
                                       for s, m in enumerate(result.marks)))
    return lines + [n[:1].upper() + n[1:] for n in (tarot_note_words(x, name, deck)
                                                    for x in result.notes)]


def petit_au_bout_words(camp, sc):
    """The petit au bout line of a Tarot breakdown, as a card player reads it (FFT p.6-8:
    the Petit in the last trick gives 10 x the contract's multiplier to the camp that took
    that trick, whatever the result; like every prime it is counted per defender): "Petit
    au bout won by the defence: 10 x 2 = 20 to each defender". ``camp``: the camp that
    took it (``tarot_score`` ATTACK, DEFENCE) or None; ``sc``: the deal's Score. Under
    the house rule ``partner=personal`` (docs/rules/tarot.md) the prime is not the camp's
    (``sc.petit_au_bout`` 0) but the player's who played the Petit."""
    from core.games.tarot_score import ATTACK
    if camp is None:
        return _("Petit au bout: none")
    mult = sc.multiplier
    if not sc.petit_au_bout:
        return _("Petit au bout: 10 x %d = %d, the prime of the player of the Petit "
                 "(house rule)") % (mult, 10 * mult)
    return (_("Petit au bout won by the attack: 10 x %d = %d from each defender") if camp == ATTACK
            else _("Petit au bout won by the defence: 10 x %d = %d to each defender")) % (
        mult, 10 * mult)


def _violation_words(kind):
    """A violation that decides a Tarot deal (``core.games.tarot.DECIDED``) in words."""
    return {"revoke": _("revoke"), "must-trump": _("no trump played"),
            "must-overtrump": _("no higher trump played"),
            "bad-ecart": _("a wrong écart")}.get(kind, kind)


def _by_camp(attack, defence):
    """A note whose words depend on the camp it names (articles, cases): ``attack`` or
    ``defence``, both already translated, chosen by the camp's English name."""
    return lambda camp: attack if camp == "attack" else defence


# The notes core.games.tarot and tarot_score write in English (core stays dependency-free):
# the pattern, and the translated note made from its fields. A camp is named inside a whole
# sentence per camp, since the languages' articles and cases differ by camp.
_NOTES = (
    (r"the taker played alone$", lambda m, name, deck: _("the taker played alone")),
    (r"the Excuse led to the last trick wins it \(chelem\)$",
     lambda m, name, deck: _("the Excuse led to the last trick wins it (chelem)")),
    (r"the Excuse played to the last trick goes to the (attack|defence)$",
     lambda m, name, deck: _by_camp(
         _("the Excuse played to the last trick goes to the attack"),
         _("the Excuse played to the last trick goes to the defence"))(m.group(1))),
    (r"the Excuse stays with the (attack|defence), which gives a half-point card to the "
     r"(?:attack|defence)$",
     lambda m, name, deck: _by_camp(
         _("the Excuse stays with the attack, which gives a half-point card to the defence"),
         _("the Excuse stays with the defence, which gives a half-point card to the attack"))(
         m.group(1))),
    # a seat as the core writes it, "P3": deal seat 2, counted from 1; named as the table
    # labels it (``name``: the pads, which differ with the mort at five)
    (r"P(\d+)'s misère refuted by (\S+): no prime$",
     lambda m, name, deck: _("%s's misère refuted by %s: no prime") % (
         name(int(m.group(1)) - 1), card_words(deck, deck.parse(m.group(2))))),
    (r"(\S+) by P(\d+): the (attack|defence) loses the deal$",
     lambda m, name, deck: _by_camp(_("%s by %s: the attack loses the deal"),
                                    _("%s by %s: the defence loses the deal"))(m.group(3))
     % (_violation_words(m.group(1)), name(int(m.group(2)) - 1))),
)


def tarot_note_words(note, name, deck):
    """One of a Tarot result's ``notes`` (English, from core.games.tarot and tarot_score)
    in the table's language, its seats named by ``name`` and its cards by the vocabulary;
    a note of no known pattern as it is."""
    for pattern, words in _NOTES:
        m = re.match(pattern, note)
        if m:
            try:
                return words(m, name, deck)
            except ValueError:  # a card code the deck cannot read
                return note
    return note


def _level_words(level):
    """One of ``core.games.skat_values.game_value``'s levels in the table's language
    ("with 2", "game", "hand", "schneider announced", ... "kontra", "re")."""
    head, _sp, n = level.partition(" ")
    if head in ("with", "without") and n.isdigit():
        return (_("with %d") if head == "with" else _("without %d")) % int(n)
    return {"game": _("game"), "hand": _("hand"), "schneider": _("schneider"),
            "schneider announced": _("schneider announced"), "schwarz": _("schwarz"),
            "schwarz announced": _("schwarz announced"), "ouvert": _("ouvert"),
            "kontra": _("kontra"), "re": _("re")}.get(level, level)


def skat_result_words(result, name, lines):
    """The breakdown of a played Skat ``core.games.skat.Result`` in words: the contract
    and bid, the declarer's card points and tricks, the levels counted (ISkO 5.2), the
    game value as base value times levels (5.1-5.2; null's fixed value), overbid (5.4.2)
    and what goes on the list (lost games double, 5.3). A passed, aborted or Ramsch deal:
    ``lines``, the firmware's own."""
    from core.games.skat_values import BASE_VALUES, NULL
    from host_sim.ui.games import contract_words
    if getattr(result, "status", None) != "played" or hasattr(result, "values") or \
            getattr(result, "contract", None) is None:
        return list(lines)
    c = result.contract
    who = name(result.declarer)
    out = [_("Contract: %s %s, bid %d") % (who, contract_words(c), result.bid)]
    how = _("won") if result.won else _("lost")
    if result.schwarz:
        how += _(", schwarz")
    elif result.schneider:
        how += _(", schneider")
    out.append(_("Declarer's card points: %d, tricks: %d: %s") % (
        result.declarer_points, result.declarer_tricks, how))
    value = abs(result.value) if result.won else abs(result.value) // 2
    if c.kind == NULL:
        out.append(_("Null game: value %d") % value)
    else:
        out.append(_("Levels: %s (%d)") % (", ".join(_level_words(x) for x in result.levels),
                                           result.multiplier))
        if result.overbid:
            out.append(_("Overbid: the game is worth less than the bid; value %d") % value)
        else:
            out.append(_("Game value: %d x %d = %d") % (BASE_VALUES[c.kind], result.multiplier,
                                                      value))
    out.append(_("On the list: %s %s") % (who, _signed(result.value)) +
               ("" if result.won else _(" (a lost game counts double)")))
    return out


def result_words(flow, result, name, deck, lines, game=None):
    """The result in words for ``flow``'s game: Tarot's and Skat's breakdowns, else
    ``lines`` (the firmware's result lines, taken when the deal ended). ``game``: the
    match's rules object (``Match.game``: Tarot's house rules)."""
    if flow.NAME == "tarot":
        return tarot_result_words(result, name, deck, game)
    if flow.NAME == "skat":
        return skat_result_words(result, name, lines)
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
        return short if short[0].isalpha() else _suit_letter(deck, card) + short[1:]
    return "T" + short if short.isdigit() else short  # a trump by its number: "T21"


def _suit_letter(deck, card):
    """The code letter of suited ``card``'s suit: the character its code shares with a
    card of the same suit ("CJ"/"C7": C; the 36-card deck writes the rank first,
    "KD"/"QD": D, where the first letter would have made the ♦K "KK")."""
    code = deck.code(card)
    other = deck.code(card - 1 if deck.rank(card) > 0 else card + 1)
    return code[0] if code[0] == other[0] else code[-1]


_FILLED = {}  # language -> [(regex, English format)]: the catalogue's one-field formats


def label_words(label):
    """A menu item's label (its English key: "Pick up skat", "P2 declarer", "Go (68)")
    as the board's LCD shows it in the table's language, in full letters ("Skat
    aufnehmen", "P2 spielt", "Geht (68)"): a phrase through the LCD's catalogue, a label
    made from a format (``device.menu.filled``) by that format's words, filled again;
    anything else as it is."""
    from device import words
    said = words.tr(label)
    if said != label:
        return said
    lang = words.language()
    if lang not in _FILLED:
        from host_sim.words_catalogue import catalogue
        pats = []
        for english in catalogue(lang):
            if english.count("%") == 1 and ("%s" in english or "%d" in english):
                head, field, tail = re.split(r"(%[sd])", english)
                grab = r"(\S+)" if field == "%s" else r"(-?\d+)"
                pats.append((re.compile(re.escape(head) + grab + re.escape(tail) + "$"),
                             english, field))
        _FILLED[lang] = pats
    for pat, english, field in _FILLED[lang]:
        m = pat.match(label)
        if m:
            value = m.group(1)
            if field == "%s":
                return words.tr(english) % value
            return words.plural(int(value), english, english) % int(value)  # its form
    return label


def sentence_words(deck, sentence):
    """A sentence of the rules core or the players (cards in the deck's notation,
    ``Deck.short``: "♠D top of suit") with each card as :func:`card_words` writes it."""
    from host_sim.ui.cards import vocabulary
    return vocabulary(deck).rewrite(str(sentence), lambda c: card_words(deck, c))

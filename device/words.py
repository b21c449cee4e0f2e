"""The LCD's words in the table's language: one table of reasons (refusal code -> words),
one of proven violations, and the phrases of the screens and menus.

Languages ``en`` (the words written in the code), ``de``, ``fr``, ``uk``: each other
language is a catalogue of ``English|words`` lines in ``device.words_<lang>``, loaded only
when that language is chosen (:func:`set_language`), like gettext's catalogues; one
string, looked up with ``str.find``, because a dict of 221 phrases costs three times the
heap on a board (docs/languages.md). A line is the English phrase (or ``%``-format) as
the code writes it, ``|``, then the words with the same fields in the same order; no
``|`` in either, no phrase twice (host_sim/words_catalogue.py refuses both), lengths
checked on 16x2 and 20x4 (tests/test_screens_fit.py). Games register their
own reason codes (:func:`register`, called by their ``device.flows`` module) so screens
look every code up here instead of copying words.

The LCD shows only its character ROM (HD44780U A00, datasheet table 4; the twin's font
``host_sim/chips/hd44780_font.py``) and the 4 suit glyphs in CGRAM: :func:`lcd` writes any
text in that alphabet, German umlauts as ``ae oe ue ss``, French accents dropped and
Ukrainian Cyrillic in the national Latin transliteration (KMU 2010). Why: docs/languages.md.
"""

from core.compat import SMALL_HEAP, unload
from core.events import (ALREADY_PLAYED, DEAL_OVER, FLASH_FULL, MUST_FOLLOW, NOT_IN_DECK,
                         NOT_IN_HAND, NOT_YOUR_TURN, REVOKE, UNKNOWN_TAG, WRITE_ERROR,
                         WRONG_PHASE)
from device.pads import COLLISION, READ_ERROR
from device.reasons import CLEAR_PADS, LIFT_CARD, NOT_BOUND, TAG_REWRITTEN, TWO_TAGS

LANGUAGES = ("en", "de", "fr", "uk")
LANGUAGE_NAMES = ("English", "Deutsch", "Francais", "Ukrainska")  # as the LCD writes them

# Refusal reason code -> English words (short enough for a 16-column row).
REASONS = {
    NOT_YOUR_TURN: "not your turn",
    ALREADY_PLAYED: "already played",
    NOT_IN_DECK: "not in this deck",
    UNKNOWN_TAG: "unknown tag",
    MUST_FOLLOW: "must follow suit",
    NOT_IN_HAND: "not in hand",
    REVOKE: "revoke",
    DEAL_OVER: "deal is over",
    WRONG_PHASE: "not now",
    CLEAR_PADS: "clear the pads",
    COLLISION: "2 cards on pad",
    READ_ERROR: "read error",
    TAG_REWRITTEN: "tag rewritten",
    TWO_TAGS: "2 tags 1 card",
    NOT_BOUND: "not deck's tag",
    FLASH_FULL: "flash full",
    WRITE_ERROR: "write error",
    LIFT_CARD: "lift card first",
}

# A proven violation (RevokeFound.reason) -> English words for the LCD's first row.
VIOLATIONS = {REVOKE: "revoke"}

_lang = ["en", None]  # the language, its catalogue (None: English)


def register(reasons=None, violations=None):
    """A game's own codes and their English words: ``reasons`` for refusals,
    ``violations`` for proven violations (dicts code -> words). Called when the game's
    flow module loads; a code already known keeps the words given last."""
    if reasons:
        REASONS.update(reasons)
    if violations:
        VIOLATIONS.update(violations)


def set_language(code):
    """Speak ``code`` (one of :data:`LANGUAGES`) from now on; raises ValueError naming an
    unknown code (the language in use stays).

    On a board (``core.compat.SMALL_HEAP``) the catalogue is kept already in the LCD's
    alphabet (:func:`lcd`: one string, ASCII, for Ukrainian a quarter shorter) and its
    module and device.words_latin leave the heap, so ``tr`` gives what ``say`` gives;
    the desktop keeps the letters (the simulator's window shows them)."""
    if code not in LANGUAGES:
        raise ValueError("no language %r (known: %s)" % (code, ", ".join(LANGUAGES)))
    table = None
    if code != "en":
        module = "device.words_" + code
        table = __import__(module, None, None, ("WORDS",)).WORDS
        if SMALL_HEAP:  # line by line: lcd() writes a line break as "?"
            table = "\n".join([lcd(line) for line in table.split("\n")])
            unload(module)
            unload("device.words_latin")
    _lang[0], _lang[1] = code, table


def language():
    """The language code in use (``"en"`` until :func:`set_language`)."""
    return _lang[0]


def tr(english):
    """``english`` (a phrase or a ``%`` format) in the language in use; a phrase the
    language's table lacks stays English."""
    table = _lang[1]
    if table is None or "|" in english:  # no phrase holds "|": the find must be exact
        return english
    at = table.find("\n" + english + "|")  # lines start after "\n", end at "\n"
    if at < 0:
        return english
    at += len(english) + 2
    end = table.find("\n", at)
    return table[at:end] if end >= 0 else table[at:]


def plural(n, one, many):
    """The ``%``-format for count ``n`` in the language in use, as gettext's ``ngettext``:
    in English ``one`` for 1, else ``many``. The catalogue's line for ``many`` gives the
    language's forms separated by ``~`` where its words agree with the count (Ukrainian
    three: ``"%d мітка~%d мітки~%d міток"``, 1 and 21, 2-4 and 22-24, 0 and 5-20 and
    25..., by the count mod 10 and mod 100; German and French two), else one form for
    every count (``"роздач: %d"``)."""
    said = tr(many)
    if said == many:  # English, or no line for it: English agrees
        return one if n == 1 else many
    forms = said.split("~")
    return forms[min(_form(n), len(forms) - 1)]


def counted(n, one, many):
    """Count ``n`` worded by :func:`plural` (``one``/``many``), filled, in the LCD's
    alphabet: ``counted(3, "%d key", "%d keys")`` -> ``"3 keys"``."""
    return lcd(plural(n, one, many) % n)


def _form(n):
    # the plural form of count n in the language in use (CLDR; the host's catalogues
    # have the same Plural-Forms)
    n = abs(n)
    if _lang[0] == "uk":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    return 0 if n == 1 or (n == 0 and _lang[0] == "fr") else 1


def rules(text, glyphs, find=None):
    """A rules sentence of ``core`` (its cards in the deck's notation, a suit of
    ``glyphs`` first: ``"♠D top of suit"``) in the language in use, its cards kept for
    the caller's vocabulary: the whole sentence as a phrase (``"Excuse: chelem"``); a
    sentence with cards as a format whose cards (":" or "," may follow) are its ``%s``
    (``"%s beats %s: higher card of the main suit"``); else its words after the first
    card (``"top of suit"``); else as it is. ``find(english)``: the phrase in the
    language, or ``english`` when it has none (default :func:`tr`; a host passes its
    catalogue's, host_sim.console.CardWords)."""
    find = find or tr
    if "%" not in text:  # else no phrase nor format: it would be filled wrongly
        said = find(text)
        if said != text:
            return said
        parts, cards = [], []
        for word in text.split(" "):
            if word and glyphs.find(word[0]) >= 0:
                bare = word.rstrip(":,")
                cards.append(bare)
                word = "%s" + word[len(bare):]
            parts.append(word)
        fmt = " ".join(parts)
        said = find(fmt)
        if cards and said != fmt:
            return said % tuple(cards)
    head, _, rest = text.partition(" ")
    said = find(rest) if rest else rest
    return head + " " + said if said != rest else text


def say(english):
    """``english`` (a phrase or a ``%`` format) in the language in use and the LCD's
    alphabet (:func:`tr`, then :func:`lcd`): the flows' result and sheet lines, kept on the
    journal as the LCD showed them."""
    return lcd(tr(english))


def reason(code):
    """The words for refusal ``code`` in the language in use; an unknown code is shown
    as it is (never hidden)."""
    return tr(REASONS.get(code, code))


def violation(code):
    """The words for proven violation ``code`` (``"no trump"``), in the language in use."""
    return tr(VIOLATIONS.get(code, code))


def lcd(text):
    """``text`` in the LCD's alphabet: printable ASCII and the CGRAM codes 0..7 stay, the
    letters of the four languages are transliterated (``device.words_latin``), anything
    else becomes ``?``."""
    for ch in text:
        if not (" " <= ch <= "~" or ch < "\x08"):
            break
    else:
        return text  # the common case: nothing to change, nothing allocated
    from device.words_latin import latin
    return latin(text)

"""The simulator's and the console's own sentences in the table's language (gettext).

The LCD's words are the firmware's (``device/words*.py``, within the display's character
ROM); the sentences the desktop twin writes itself -- the side panel, the status line, the
buzzer's description, the result breakdown, ``trickref sim``'s and ``trickref console``'s
printed lines -- are looked up here, in GNU gettext catalogues of the domain
``trickref``: ``host_sim/locale/<lang>/LC_MESSAGES/trickref.po`` for ``de``, ``fr`` and
``uk`` (English is the source text). ``make catalogs`` extracts the messages with Babel
(``pybabel extract``: the calls of ``_`` and ``ngettext`` in host_sim/), merges them into
the .po files (``pybabel update``) and compiles the .mo files (``pybabel compile``).

Nothing binary is committed: a language whose .mo is absent, or older than its .po (a
clean clone, a test run, an edited translation), is compiled in memory from the .po by
Babel's API (``babel.messages.pofile.read_po``, ``mofile.write_mo``) when it is chosen.
Without Babel installed (the ``sim`` extra alone) such a language falls back to English
with one message on stderr; the program goes on.

``set_language(lang)``: choose the catalogue (``LANGUAGES``; ValueError otherwise).
``_(msgid)`` -> the sentence in the chosen language; ``ngettext(one, many, n)`` likewise
for a count; ``catalogue(lang)`` -> a ``gettext`` translations object.
"""

import gettext
import io
import os
import sys

DOMAIN = "trickref"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
LANGUAGES = ("en", "de", "fr", "uk")

_current = gettext.NullTranslations()
_cache = {}


def _paths(lang):
    base = os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", DOMAIN)
    return base + ".po", base + ".mo"


def _compiled(po):
    """The catalogue ``po`` (a .po path) compiled in memory by Babel, or None (and one
    message on stderr) when Babel is not installed."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        print("trickref: Babel is not installed (pip install babel): the simulator's and "
              "the console's sentences stay in English", file=sys.stderr)
        return None
    with open(po, "rb") as f:
        cat = read_po(f)
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def catalogue(lang):
    """The translations of ``lang`` ("en", "de", "fr", "uk"): the compiled .mo when it is
    at least as new as its .po, else the .po compiled in memory; English (and a language
    that cannot be compiled) is the identity. Raises ValueError for another language."""
    if lang not in LANGUAGES:
        raise ValueError("language %r: one of %s" % (lang, ", ".join(LANGUAGES)))
    if lang in _cache:
        return _cache[lang]
    out = gettext.NullTranslations()
    po, mo = _paths(lang)
    if lang != "en" and os.path.exists(po):
        if os.path.exists(mo) and os.path.getmtime(mo) >= os.path.getmtime(po):
            with open(mo, "rb") as f:
                out = gettext.GNUTranslations(f)
        else:
            out = _compiled(po) or out
    _cache[lang] = out
    return out


def set_language(lang):
    """Speak ``lang`` from now on (the simulator's and console's own sentences)."""
    global _current
    _current = catalogue(lang)


def _(msgid):
    """``msgid`` (an English sentence, maybe with %-fields) in the chosen language."""
    return _current.gettext(msgid)


def ngettext(one, many, n):
    """The singular or plural sentence for count ``n`` in the chosen language (Ukrainian
    has three plural forms, from the catalogue's Plural-Forms header)."""
    return _current.ngettext(one, many, n)


def counted(n, one, many=None):
    """``n`` and its noun in agreement, for the commands' lines that stay English (a
    sentence in the catalogues takes :func:`ngettext`): ``counted(1, "record")`` ->
    ``"1 record"``, ``counted(2, "record")`` -> ``"2 records"``, ``counted(0, "deal")``
    -> ``"0 deals"``; ``many``: a plural that is not ``one`` + "s"."""
    return "%d %s" % (n, one if n == 1 else (many or one + "s"))

"""A language's LCD catalogue (``device.words_<lang>``: one string of ``English|words``
lines) as a dict English -> words, for the tests and tools on a desktop. A board never
loads this (it is not flashed): it looks a phrase up in the string (``device.words.tr``)."""

import re

from device.words import LANGUAGES

_FIELD = re.compile(r"%[-+ 0-9.]*[sdi%]")  # a %-format's fields, in order


def catalogue(code):
    """Language ``code``'s phrases as a dict English -> words (``{}`` for ``en``).
    Raises ValueError for an unknown code, a catalogue that does not start and end with
    a line break (``tr`` finds a phrase between two), a line that is not
    ``English|words`` with both sides given, an English phrase that is not ASCII (a board
    keeps the catalogue in the LCD's alphabet and would never find it), a carriage
    return, words whose ``%`` fields
    differ from the English phrase's (in each of a count's plural forms, :func:`forms`,
    three at most), or an English phrase given twice (a board would find only the
    first)."""
    if code not in LANGUAGES:
        raise ValueError("no language %r (known: %s)" % (code, ", ".join(LANGUAGES)))
    if code == "en":
        return {}
    text = __import__("device.words_" + code, None, None, ("WORDS",)).WORDS
    if not (text.startswith("\n") and text.endswith("\n")) or "\r" in text:
        raise ValueError("device.words_%s: the catalogue starts and ends with a line "
                         "break and has no carriage return" % code)
    out = {}
    for line in text[1:-1].split("\n"):
        parts = line.split("|")
        if len(parts) != 2 or not all(parts) or parts[0] in out or \
                not parts[0].isascii() or len(forms(parts[1])) > 3 or \
                any(not f or _FIELD.findall(parts[0]) != _FIELD.findall(f)
                    for f in forms(parts[1])):
            raise ValueError("device.words_%s: bad line %r" % (code, line))
        out[parts[0]] = parts[1]
    return out


def forms(words):
    """A catalogue line's words as its plural forms (``device.words.plural``: ``"%d мітка~%d
    мітки~%d міток"``; one form for most lines): each is what the LCD may show."""
    return words.split("~")

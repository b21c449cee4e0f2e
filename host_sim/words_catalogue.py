"""A language's LCD catalogue (``device.words_<lang>``: one string of ``English|words``
lines) as a dict English -> words, for the tests and tools on a desktop. A board never
loads this (it is not flashed): it looks a phrase up in the string (``device.words.tr``)."""

from device.words import LANGUAGES


def catalogue(code):
    """Language ``code``'s phrases as a dict English -> words (``{}`` for ``en``).
    Raises ValueError for an unknown code, a line that is not ``English|words``, or an
    English phrase given twice (a board would find only the first)."""
    if code not in LANGUAGES:
        raise ValueError("no language %r (known: %s)" % (code, ", ".join(LANGUAGES)))
    if code == "en":
        return {}
    out = {}
    lines = __import__("device.words_" + code, None, None, ("WORDS",)).WORDS.split("\n")
    for line in lines:
        if not line:
            continue
        parts = line.split("|")
        if len(parts) != 2 or parts[0] in out:
            raise ValueError("device.words_%s: bad line %r" % (code, line))
        out[parts[0]] = parts[1]
    return out

"""Letters the LCD's A00 character ROM lacks, written in ASCII (``device.words.lcd``):
German umlauts as ``ae oe ue ss`` (the spelling German uses where umlauts are missing),
French letters without their accents, Ukrainian Cyrillic in the national transliteration
(Cabinet of Ministers of Ukraine resolution 55 of 2010, the forms inside a word).
Loaded only when a text holds such a letter. docs/languages.md.
"""

_MAP = {
    "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss",
    "à": "a", "â": "a", "ç": "c", "é": "e", "è": "e", "ê": "e", "ë": "e", "î": "i",
    "ï": "i", "ô": "o", "ù": "u", "û": "u", "œ": "oe", "É": "E", "È": "E", "À": "A",
    "Œ": "Oe", "’": "'",
}
_CYR = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"
# The capitals spelled out: MicroPython's str.lower() changes only ASCII letters (a board's
# unicode has no case tables), so "Нова гра" lowered there stays "Нова гра".
_CYR_UP = "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ"
_LAT = ("a", "b", "v", "h", "g", "d", "e", "ie", "zh", "z", "y", "i", "i", "i", "k", "l",
        "m", "n", "o", "p", "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "",
        "iu", "ia")


def latin(text):
    """``text`` with every letter above written in ASCII; other non-ASCII is ``?``
    (CGRAM codes 0..7 stay)."""
    out = []
    for ch in text:
        if " " <= ch <= "~" or ch < "\x08":
            out.append(ch)
            continue
        got = _MAP.get(ch)
        if got is None:
            i = _CYR.find(ch)
            if i >= 0:
                got = _LAT[i]
            else:
                i = _CYR_UP.find(ch)
                got = "?" if i < 0 else _LAT[i][:1].upper() + _LAT[i][1:]
        out.append(got)
    return "".join(out)

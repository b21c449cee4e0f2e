"""The LCD's words of each language as a board writes them (``device.words.lcd``: the
transliteration of device/words_latin.py), one line per phrase, ``W <lang> <n> <text>``,
for tests/test_vocab.py to compare with the desktop twin's. Prints ``OK <phrases>``."""

from device.words_latin import latin

n = 0
for lang in ("de", "fr", "uk"):
    lines = __import__("device.words_" + lang, None, None, ("WORDS",)).WORDS.split("\n")
    table = dict(line.split("|") for line in lines if line)  # host_sim.words_catalogue's
    for i, english in enumerate(sorted(table)):
        print("W %s %d %s" % (lang, i, latin(table[english])))
        n += 1
    lines = table = None
print("OK %d" % n)

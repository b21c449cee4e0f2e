"""The table's language: chosen in the main menu ("Language") and kept on flash in
``<storage>/lang.txt`` (two letters), read back at boot. A missing or unreadable file, or a
code the firmware does not know, leaves English: the boot never fails on it."""

from device import words
from device.flashfile import keep
from device.menu import Item, Menu

FILE = "/lang.txt"


def load(storage):
    """Speak the language saved under ``storage`` (a directory path, or None: nothing
    saved); returns the code in use."""
    if storage:
        try:
            with open(storage + FILE) as f:  # a code is 2 letters: a longer file is no
                words.set_language(f.read(8).strip())  # code, never a heap to read
        except (OSError, ValueError):
            pass  # no file, a torn write or an unknown code: keep the language in use
    return words.language()


def save(storage, code):
    """Speak ``code`` from now on and keep it under ``storage`` (None: in RAM only).
    Raises ValueError for an unknown code (nothing changes), OSError if the flash refuses
    the write (the language is in use all the same)."""
    words.set_language(code)
    if storage:
        keep(storage + FILE, code)


def menu(storage, done):
    """The "Language" menu: one item per language, written in its own words, the one in
    use marked ``*`` (as the "Deck look" menu marks its look); choosing one saves it and
    calls ``done()`` (the caller redraws its menu)."""
    def choose(code):
        def pick():
            try:
                save(storage, code)
            except OSError:
                pass  # kept in RAM: the next boot speaks the saved one
            return done()
        return pick
    now = words.language()
    return Menu("Language", [Item(name + (" *" if code == now else ""), value=choose(code))
                             for code, name in zip(words.LANGUAGES, words.LANGUAGE_NAMES)])

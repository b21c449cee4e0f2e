"""The table's deck looks: which pattern each deck in the box has, chosen in the main menu
("Deck look") and kept on flash in ``<storage>/look.txt`` (one ``deck=look`` a line, e.g.
``skat=french``), read back at boot like ``lang.txt``. The LCD's card labels and CGRAM
suit glyphs (``device.screens``, ``device.glyphs``) and the simulator's card pictures
follow it. Looks (``core.vocab.LOOKS``, docs/languages.md): Skat ``german`` (Prager
pattern, seed 003) or ``french`` (the tournament deck, ISkO 1.1); Tarot ``marseille`` or
``nouveau`` (FFT 2012 p.2). A missing file, a torn line or an unknown look leaves the
deck's default look: the boot never fails on it.
"""

from core.compat import const
from core.errors import TrickrefError

FILE = "/look.txt"
_MAX = const(128)  # bytes read of it: the menu writes at most 29

# The looks a player chooses from, as the menu names them (deck name, ((look, label), ..)).
CHOICES = (("skat", "Skat", (("german", "German"), ("french", "French"))),
           ("tarot", "Tarot", (("marseille", "Marseille"), ("nouveau", "Nouveau"))))

_chosen = {}  # deck name -> look chosen; absent: the deck's default


def look(deck_name):
    """The look chosen for deck ``deck_name`` (``"french"``), or None: its default."""
    return _chosen.get(deck_name)


def load_glyphs(lcd, deck_name, name=None):
    """Load deck ``deck_name``'s four suit glyphs, in look ``name`` (None: the look chosen
    for it), into CGRAM slots 0..3 of ``lcd`` (device.glyphs): for each deal and for the
    deck audit and tag writer, which name cards by them. On a board device.glyphs is
    unloaded after: the glyphs live in CGRAM, not in RAM. Raises TrickrefError for a look
    the deck does not have."""
    from device.glyphs import load_suits
    load_suits(lcd, deck_name, look(deck_name) if name is None else name)
    from core.compat import SMALL_HEAP, unload
    if SMALL_HEAP:  # a board's (on CPython it would be executed again, for nothing)
        unload("device.glyphs")


def use(deck_name, name):
    """Use look ``name`` for deck ``deck_name`` from now on (None: its default); raises
    TrickrefError naming the deck's looks for one it does not have (nothing changes)."""
    if name is None:
        _chosen.pop(deck_name, None)
        return
    from core.vocab import check_look  # loaded when a look is chosen, not at every boot
    _chosen[deck_name] = check_look(deck_name, name)


def load(storage):
    """Read the looks kept under ``storage`` (a directory path, or None: nothing kept);
    a bad line is skipped, a file that is not text (a byte that is not UTF-8) or longer
    than any the menu writes is no file: the boot never fails on it. Returns ``{deck:
    look}`` in use."""
    if storage:
        try:
            with open(storage + FILE) as f:
                text = f.read(_MAX)
        except (OSError, ValueError):  # UnicodeError is a ValueError (MicroPython too)
            text = ""
        for line in text.split("\n"):
            deck, _, name = line.strip().partition("=")
            try:
                use(deck, name or None)
            except TrickrefError:
                pass  # an unknown deck or look, or a torn line: the default stays
    return dict(_chosen)


def save(storage, deck_name, name):
    """Use look ``name`` for ``deck_name`` and keep every chosen look under ``storage``
    (None: in RAM only; written to a temporary file, then renamed). Raises TrickrefError
    for an unknown look (nothing changes), OSError if the flash refuses the write (the
    look is in use all the same)."""
    use(deck_name, name)
    if storage:
        from device.flashfile import keep
        keep(storage + FILE, "".join(["%s=%s\n" % (deck, _chosen[deck])
                                      for deck, _, _ in CHOICES if deck in _chosen]))


def menu(storage, done):
    """The "Deck look" menu: a deck, then its looks (the one in use marked ``*``);
    choosing one saves it and calls ``done()`` (the caller redraws its menu)."""
    from device.menu import Item, Menu
    from device.words import tr

    def choose(deck, name):
        def pick():
            try:
                save(storage, deck, name)
            except OSError:
                pass  # kept in RAM: the next boot uses the saved one
            return done()
        return pick

    def looks_of(deck, title, looks):
        def build():
            now = look(deck) or looks[0][0]  # the first: the deck's default
            return Menu(title, [Item(tr(label) + (" *" if name == now else ""),
                                     value=choose(deck, name)) for name, label in looks])
        return build
    return Menu("Deck look", [Item(title, submenu=looks_of(deck, title, looks))
                              for deck, title, looks in CHOICES])

"""The table's settings on flash through a power cut: the language (``lang.txt``) and the
decks' looks (``look.txt``) chosen in the main menu of the emulated board, the power cut
while the menu writes the file (device/flashfile.py ``keep``)."""

import os

import pytest

from device import looks, words
from host_sim.board import SimBoard
from host_sim.flash import PowerCut


def _power_on(folder):
    """A fresh board on the flash ``folder``: nothing of the last one's RAM (its language
    and looks) is left."""
    words.set_language("en")
    for deck, _, _ in looks.CHOICES:
        looks.use(deck, None)
    board = SimBoard(3, flash=folder)
    board.power_on()
    board.run(50)
    return board


def _pick(board, path):
    """From the main menu, OK on each menu item of ``path`` in turn."""
    for label in path:
        board.choose(label)


SETTINGS = {
    # (first choice, the choice the power cut meets, what a board must use after it)
    "language": (["Language", "Deutsch"], ["Language", "Francais"],
                 lambda: words.language() in ("de", "fr")),
    "look": (["Deck look", "Skat", "French"], ["Deck look", "Tarot", "Nouveau"],
             lambda: looks.look("skat") == "french"),
}


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_a_power_cut_while_a_setting_is_kept_keeps_the_old_one(setting, tmp_path,
                                                               monkeypatch):
    """German chosen (or the Skat deck's French look) and kept on flash; then another
    choice, and the power goes as its file is renamed into place. The menu removed the
    old file before the rename: the board came back in English (the Skat deck in its
    German look), neither the old choice nor the new one. Now the new file is renamed
    over the old one: a cut leaves the old choice or the new."""
    folder = str(tmp_path)
    first, cut_at, kept = SETTINGS[setting]
    board = _power_on(folder)
    _pick(board, first)
    assert kept()
    real = os.rename

    def rename(src, dst):
        raise PowerCut("power cut as %s is renamed to %s" % (src, dst))
    monkeypatch.setattr(os, "rename", rename)
    if hasattr(os, "replace"):
        monkeypatch.setattr(os, "replace", rename)
    with pytest.raises(PowerCut):
        _pick(board, cut_at)
    monkeypatch.setattr(os, "rename", real)
    monkeypatch.undo()
    _power_on(folder)
    assert kept(), (words.language(), looks.look("skat"), sorted(os.listdir(folder)))

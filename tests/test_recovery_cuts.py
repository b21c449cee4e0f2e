"""Two power cuts in quick succession: the second one while the boot mends the journal the
first one (or a rotten bit, or a record the rules refuse) left.

The boot's own repairs write to flash: a damaged journal goes to a side file
``journal.bin.N.bad`` and the journal starts again from the records it could prove
(core/journal_io.py ``set_aside``: the proven bytes copied, the journal renamed aside,
the copy renamed in its place). The power is cut at every write and at every rename of
that repair; the board booted again must say what went aside, as the boot the cut
interrupted would have, and stand where that boot would have stood.
"""

import os

import pytest

from core.journal import Journal, encode_record
from device.buttons import OK
from host_sim.board import SimBoard
from host_sim.flash import FaultyFlash, PowerCut, board_state
from test_journal_faults import _skat_journal, refs  # noqa: F401 (reference games fixture)


def _damaged(n):
    # a bit flipped in a card's record with another card after it (damage, not a torn
    # write: the boot keeps the whole file aside)
    a = bytearray(encode_record("act", ["play", [1, 3]], n))
    a[5] ^= 0x10
    return bytes(a) + encode_record("act", ["play", [2, 4]], n + 1)


JOURNALS = {
    "rotten": dict(raw=_damaged),  # recover() sets it aside
    "refused": dict(records=[("act", ["play", [0, 99]])]),  # the rules refuse it: resume
}


def _boot(path, opener=None):
    board = SimBoard(3)
    return board, board.power_on(journal=Journal(path, opener))


def _cut_boots(path, original, monkeypatch):
    """Each way the power can go during the boot's repair of the journal ``original``:
    ``(what, cut)`` pairs, ``cut()`` booting on a fresh copy of it until the power goes."""
    probe = FaultyFlash()
    with open(path, "wb") as f:
        f.write(original)
    _boot(path, probe.open)[1].journal.close()
    real = os.replace
    renames = []

    def counted(src, dst):
        renames.append(src)
        return real(src, dst)
    monkeypatch.setattr(os, "replace", counted)
    with open(path, "wb") as f:
        f.write(original)
    for name in os.listdir(os.path.dirname(path)):
        if name.endswith(".bad"):
            os.remove(os.path.join(os.path.dirname(path), name))
    _boot(path)[1].journal.close()
    monkeypatch.setattr(os, "replace", real)
    cuts = []
    for at in range(probe.writes):
        cuts.append(("write %d" % at,
                     lambda at=at: _boot(path, FaultyFlash("tear", at).open)))
    for k in range(len(renames)):
        def cut(k=k):
            seen = []

            def replace(src, dst):
                if len(seen) == k:
                    raise PowerCut("power cut at rename %d" % k)
                seen.append(src)
                return real(src, dst)
            monkeypatch.setattr(os, "replace", replace)
            try:
                return _boot(path)
            finally:
                monkeypatch.setattr(os, "replace", real)
        cuts.append(("rename %d" % k, cut))
    return cuts


@pytest.mark.parametrize("damage", sorted(JOURNALS))
def test_a_power_cut_while_the_boot_sets_the_journal_aside(refs, damage, tmp_path,
                                                            monkeypatch):
    """A damaged Skat journal (a booked deal, three cards, then a rotten record or one
    the rules refuse): the first boot sets it aside and the power goes meanwhile. Cut
    between the journal's rename to its side file and the kept records' rename in its
    place, the next boot finished the rename and resumed from the kept records without a
    word: the cards after the damage were gone, the side file never named. Now at every
    write and rename of the set-aside the next boot stands where the uncut boot stood,
    and when the journal had gone aside it says so ("N B aside", the deals kept, the
    side file) until OK."""
    path = str(tmp_path / "journal.bin")
    _skat_journal(refs, path, **JOURNALS[damage])
    with open(path, "rb") as f:
        original = f.read()
    board, ctl = _boot(path)
    want_lines = ctl._list
    ctl.press(OK)
    want = board_state(ctl)
    assert "kept 1 deal" in want_lines
    ctl.journal.close()
    cuts = _cut_boots(path, original, monkeypatch)
    assert len(cuts) >= 3  # the copy's write, the two renames
    for what, cut in cuts:
        folder = os.path.dirname(path)
        for name in os.listdir(folder):
            if name.startswith("journal.bin."):
                os.remove(os.path.join(folder, name))
        with open(path, "wb") as f:
            f.write(original)
        with pytest.raises(PowerCut):
            cut()
        side = path + ".1.bad"
        moved = os.path.exists(side)
        board, ctl = _boot(path)
        with open(side, "rb") as f:
            assert f.read() == original, what
        if moved:  # the journal went aside before the cut: told
            assert (ctl._list or ["nothing told"])[:3] == ["resumed", "%d B aside" % (
                len(original) - os.path.getsize(path)), "kept 1 deal"], (what, ctl._list)
            assert ctl._list[3:] == want_lines[-4:], (what, ctl._list)  # the side file
        else:  # nothing moved yet: this boot sets it aside as the first would have
            assert ctl._list == want_lines, what
        ctl.press(OK)
        assert board_state(ctl) == want, what
        assert sorted(n for n in os.listdir(folder) if n.startswith("journal.bin")) == \
            ["journal.bin", "journal.bin.1.bad"], what
        ctl.journal.close()

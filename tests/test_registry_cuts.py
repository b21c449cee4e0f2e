"""The deck's audited tag registry (``deck-<name>.bin``, device/session.py
``save_registry``) through a power cut and a flash that refuses the write: a cut leaves the
old registry or the new one, never a damaged one (the board would say "deck registry bad"
and the club would audit the deck again); a refused write raises OSError for the deck audit
to report and leaves the old file and no ``.new``."""

import builtins
import errno
import os

import pytest

from core.tags import DeckRegistry
from device import session
from host_sim.flash import PowerCut

UIDS = [bytes([4, 0x10 + i, 0x20, 0x30, 0x40, 0x50, 0x60]) for i in range(32)]


def _registry(cards):
    reg = DeckRegistry("skat")
    for card in cards:
        reg.bind(UIDS[card], card)
    return reg


class _Failing:
    """A file opened to write whose ``write`` lands ``land`` bytes of its data (None: half
    of them), then raises ``fail``."""

    def __init__(self, f, fail, land):
        self._f, self._fail, self._land = f, fail, land

    def write(self, data):
        self._f.write(data[:len(data) // 2 if self._land is None else self._land])
        self._f.flush()
        raise self._fail

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()
        return False


def writes_fail(monkeypatch, fail, land=None):
    """Until ``monkeypatch.undo()``, every file opened to write fails its first write:
    ``land`` bytes (None: half) reach the file, then ``fail`` is raised (a PowerCut: the
    power went in the middle of the write; an OSError: the flash refused it)."""
    real = builtins.open

    def failing_open(path, mode="r", *args, **kwargs):
        f = real(path, mode, *args, **kwargs)
        return _Failing(f, fail, land) if "w" in mode else f
    monkeypatch.setattr(builtins, "open", failing_open)


def _audited(tmp_path):
    """A flash folder holding the registry of a clean audit of 32 Skat tags."""
    old = _registry(range(32))
    assert session.save_registry(str(tmp_path), old) is True
    return old


def test_a_power_cut_while_the_registry_is_saved_keeps_the_old_one(tmp_path, monkeypatch):
    """A deck audited; the audit is run again (two stickers replaced) and the power goes
    in the middle of writing the registry. The next boot reads the old registry, whole
    and strict (it was torn in place: "deck registry bad", the tags learned again)."""
    old = _audited(tmp_path)
    new = _registry(range(30))
    new.bind(b"\x04\x99\x20\x30\x40\x50\x60", 30)
    writes_fail(monkeypatch, PowerCut("power cut during the write"))
    with pytest.raises(PowerCut):
        session.save_registry(str(tmp_path), new)
    monkeypatch.undo()
    reg, strict, problem = session.load_registry(str(tmp_path), old.deck)
    assert (strict, problem) == (True, None)
    assert reg.to_bytes() == old.to_bytes() and len(reg) == 32
    assert reg.card_for(UIDS[30]) == 30 and reg.card_for(b"\x04\x99\x20\x30\x40\x50\x60") is None


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO])
def test_a_registry_the_flash_refuses_raises_and_leaves_the_old_one(tmp_path, monkeypatch,
                                                                   code):
    """The flash refuses the registry's write (full, or a write error): save_registry
    raises the OSError (the audit shows "cannot save tags"), the old registry is read
    back whole and no ``deck-skat.bin.new`` is left on the flash."""
    old = _audited(tmp_path)
    writes_fail(monkeypatch, OSError(code, os.strerror(code)))
    with pytest.raises(OSError) as e:
        session.save_registry(str(tmp_path), _registry(range(31)))
    monkeypatch.undo()
    assert e.value.args[0] == code
    assert sorted(os.listdir(tmp_path)) == ["deck-skat.bin"]
    reg, strict, problem = session.load_registry(str(tmp_path), old.deck)
    assert (strict, problem, reg.to_bytes()) == (True, None, old.to_bytes())


def test_a_saved_registry_replaces_the_old_one(tmp_path):
    """The write goes through: the new registry is the one read back, no ``.new`` left."""
    _audited(tmp_path)
    new = _registry(range(3))
    assert session.save_registry(str(tmp_path), new) is True
    assert sorted(os.listdir(tmp_path)) == ["deck-skat.bin"]
    reg, strict, _ = session.load_registry(str(tmp_path), new.deck)
    assert strict and reg.to_bytes() == new.to_bytes() and len(reg) == 3

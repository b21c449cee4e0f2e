"""The board's flash with faults on demand: the twin's fault injection for the journal.

``FaultyFlash`` is an ``opener`` for ``core.journal.Journal(path, opener=flash.open)``:
files opened for reading pass through; every ``write()`` of a file opened for writing is
one *write* with an index (0, 1, 2... over the flash's life), and the fault chosen hits the
write of index ``at``::

    "full"  the write raises OSError(28, ENOSPC) and writes nothing (littlefs and FatFs
            both give ENOSPC, errno 28, when no block is free); ``sticky``: every write
            from then on, until make_space()
    "eio"   half the bytes land, then OSError(5, EIO): a write error the file system saw
    "tear"  half the bytes land, then PowerCut: the power went in the middle of the write
            (the run ends there; boot again on the same folder)
    "rot"   the bytes land with one bit flipped (bit 0 of the middle byte) and no error:
            a cell that does not hold what was programmed

The write indices a run makes are in ``writes`` afterwards, so a test can sweep ``at`` over
every one of them.
"""

import contextlib
import errno
import gc
import os

FAULTS = ("full", "eio", "tear", "rot")


class PowerCut(BaseException):
    """The power went: raised by a torn write; nothing on the board may catch it (a
    BaseException, as the firmware's loop catches Exception)."""


class FaultyFlash:
    """A flash (a host folder, the files' own paths) that fails write ``at`` with ``fault``
    (one of FAULTS; None: never). Use ``open`` as the journal's opener."""

    def __init__(self, fault=None, at=-1, sticky=False):
        if fault is not None and fault not in FAULTS:
            raise ValueError("fault %r is not one of %s" % (fault, ", ".join(FAULTS)))
        self.fault = fault
        self.at = at
        self.sticky = sticky
        self.writes = 0  # writes made so far (the next write's index)
        self.hit = None  # index of the write the fault hit, once it has
        self._full = False

    def make_space(self):
        """A sticky "full" ends: writes succeed again."""
        self._full = False

    def open(self, path, mode="r"):
        """``open(path, mode)``; a file opened to write goes through the faults."""
        f = open(path, mode)
        if "r" in mode and "+" not in mode:
            return f
        return _FaultyFile(self, f)

    def _write(self, f, data):
        i = self.writes
        self.writes += 1
        if i == self.at and self.fault is not None:
            self.hit = i
            if self.fault == "full":
                self._full = self.sticky
                raise OSError(errno.ENOSPC, "No space left on device")
            if self.fault in ("eio", "tear"):
                f.write(bytes(data[:len(data) // 2]))
                f.flush()
                if self.fault == "eio":
                    raise OSError(errno.EIO, "I/O error")
                raise PowerCut("power cut during write %d" % i)
            if self.fault == "rot":
                bad = bytearray(data)
                if bad:
                    bad[len(bad) // 2] ^= 1
                return f.write(bytes(bad))
        if self._full:
            raise OSError(errno.ENOSPC, "No space left on device")
        return f.write(data)


class _Wrapped:
    """A file standing in for ``f``: closed with it, usable in ``with``."""

    def __init__(self, f):
        self._f = f

    def close(self):
        self._f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()
        return False


class _FaultyFile(_Wrapped):
    def __init__(self, flash, f):
        super().__init__(f)
        self._flash = flash

    def write(self, data):
        return self._flash._write(self._f, data)

    def flush(self):
        self._f.flush()


# ---------------------------------------------------------------------------- the sweep
#
# A whole game is first played on the emulated board (menus, pads) by the table player;
# its journal records are the *steps*. A fault run boots the firmware's Controller on the
# journal as it stood before one step (exactly the bytes the uninterrupted run had written
# then), drives that step with the fault set on one of the writes the step makes, retries
# it as the table would, drives one more step, and checks after every step and after a
# reboot that the board's state is the one the LCD last confirmed. Together the runs put
# each fault on every write index of the game.

class FailingReads(_Wrapped):
    """A file opened to read whose reads (``read``, ``readinto``) fail with EIO once ``k``
    of them have gone through: a flash that stops reading midway."""

    def __init__(self, f, k):
        super().__init__(f)
        self._left = k

    def _tick(self):
        if self._left == 0:
            raise OSError(errno.EIO, "EIO while reading")
        self._left -= 1

    def read(self, *args):
        self._tick()
        return self._f.read(*args)

    def readinto(self, buf):
        self._tick()
        return self._f.readinto(buf)

    def seek(self, *args):
        return self._f.seek(*args)


def board_state(ctl):
    """What must survive any fault: the game, its sheet, the open deal's actions (lists
    and tuples compared by value), or the closed game's final sheet."""
    view = ctl.view()
    if view.match is None:
        return ("closed", tuple(view.last_sheet or ()))
    acts = () if view.app is None else tuple(
        (v, tuple(tuple(a) if isinstance(a, list) else a for a in args))
        for v, args in view.app.referee.actions)
    return (view.game, tuple(view.flow.sheet_lines(view.match)), acts)


def _journal_class():
    from core.journal import Journal

    class CountingJournal(Journal):
        """A Journal that counts the records it wrote without error and keeps them."""

        def __init__(self, path, opener=None, log=None):
            Journal.__init__(self, path, opener)
            self.done = 0
            self.ends = []
            self.log = log

        def append(self, kind, data):
            end = Journal.append(self, kind, data)
            self.done += 1
            self.ends.append(end)
            if self.log is not None:
                self.log.append((kind, data))
            return end
    return CountingJournal


def drive(ctl, step):
    """Do what the table did to write the journal record ``step`` ``(kind, data)``, through
    the controller's own entry points (the menus' start, the pads' and choices' referee
    act, undo, OK on the result screen). ``game-over`` steps come with the last ``deal``."""
    from core.errors import NotSaved
    kind, data = step
    if kind == "game":
        try:
            ctl.start_game(data[0], data[1], dict(data[2]))
        except NotSaved:
            pass  # refused: the LCD says why
    elif kind == "act":
        ctl.choose(data[0], data[1])
    elif kind == "undo":
        ctl.undo()
    elif kind == "deal":
        ctl.next_deal()
    else:
        raise ValueError("no table step writes a %r record" % (kind,))


class Reference:
    """The uninterrupted run of ``game``: ``steps`` (records but game-over), ``files[i]``
    the journal file's bytes before step i (as the firmware left it: checkpointed after
    every booked deal), ``states[i]`` the board's state after step i, ``writes[i]`` the
    flash writes step i made (its record, and a booking's checkpoint or compaction).
    ``data``: every step's record in one uncompacted journal (the file as it would be had
    no checkpoint succeeded, still a journal the board replays), ``ends[i]`` its size
    before step i."""

    def __init__(self, game, players, deals, seed, folder):
        from host_sim.autoplay import table_player
        path = os.path.join(folder, "reference.bin")
        log = []
        flash = FaultyFlash()
        journal = _journal_class()(path, flash.open, log)
        p = table_player(game, players, seed=seed, journal=journal)
        p.play(deals)
        os.remove(path)
        self._measure(game, players, log, path)

    @classmethod
    def from_steps(cls, game, players, records, folder):
        """The reference of a game given as the journal ``records`` (``(kind, data)``) a
        board wrote for it: a scripted game (house rules the table player does not play,
        known hands), measured as :class:`Reference` measures a table player's game."""
        ref = cls.__new__(cls)
        ref._measure(game, players, records, os.path.join(folder, "reference.bin"))
        return ref

    def _measure(self, game, players, log, path):
        self.game, self.players = game, players
        self.steps = [r for r in log if r[0] != "game-over"]
        # replay the steps with the cheap driver, measuring writes and states per step
        from device.controller import Controller
        from host_sim.board import SimBoard
        flash = FaultyFlash()
        log = []
        journal = _journal_class()(path, flash.open, log)
        ctl = Controller(SimBoard(players).hw, journal=journal)
        self.files, self.states, self.writes = [], [], []
        for step in self.steps:
            w = flash.writes
            self.files.append(_bytes_of(path))
            drive(ctl, step)
            self.writes.append(flash.writes - w)
            self.states.append(board_state(ctl))
        from core.journal import MAGIC, encode_record
        recs = [encode_record(log[i][0], log[i][1], i) for i in range(len(log))]
        self.ends = [len(MAGIC) + sum(len(r) for r in recs[:i]) if i else 0
                     for i in range(len(self.steps))]
        self.data = MAGIC + b"".join(recs)
        self.final = board_state(ctl)

    def write_indices(self):
        """Every ``(step, index within the step)`` of the game's writes."""
        return [(s, k) for s in range(len(self.steps)) for k in range(self.writes[s])]


def _bytes_of(path):
    """The file's bytes, b"" when there is none."""
    if not os.path.exists(path):
        return b""
    with open(path, "rb") as f:
        return f.read()


@contextlib.contextmanager
def quick_collections():
    """A context in which ``gc.collect()`` does nothing. The firmware collects the heap
    after every deal (device/booking.py ``free_deal``): on a board that frees its heap, in
    a test process holding thousands of objects it would be most of a sweep's time, and it
    changes no state. The real ``gc.collect`` is patched, because device.booking is loaded
    afresh for each call and would find any stand-in put in its place gone."""
    collect = gc.collect
    gc.collect = lambda *generation: 0
    try:
        yield
    finally:
        gc.collect = collect


def fault_run(ref, fault, step, at, folder):
    """One fault run (see above); returns the number of retries the step needed. Raises
    AssertionError naming what went wrong."""
    with quick_collections():
        return _fault_run(ref, fault, step, at, folder)


def _fault_run(ref, fault, step, at, folder):
    from device.controller import Controller
    from host_sim.board import SimBoard
    path = os.path.join(folder, "journal.bin")
    for p in (path, path + ".new"):
        if os.path.exists(p):
            os.remove(p)
    with open(path, "wb") as f:
        f.write(ref.files[step])
    cls = _journal_class()
    hw = SimBoard(ref.players).hw

    def boot(opener=None):
        return Controller(hw, journal=cls(path, opener))

    flash = FaultyFlash(fault, at)
    ctl = boot(flash.open)
    want = ref.states[step - 1] if step else ("closed", ())
    assert board_state(ctl) == want, ("boot", step)
    retries = 0
    i = step
    while i <= min(step + 1, len(ref.steps) - 1):
        done = ctl.journal.done
        try:
            drive(ctl, ref.steps[i])
        except PowerCut:
            written = ctl.journal.done > done  # the cut came after the step's record
            ctl = boot()  # power back: the same flash, no more faults
            if written:
                want = ref.states[i]
                i += 1
            assert board_state(ctl) == want, ("after the power cut", i)
            retries += 1
            continue
        if ctl.journal.done == done:  # refused: the board holds what the LCD confirmed
            assert board_state(ctl) == want, ("refused", i)
            retries += 1
            assert retries < 3, ("the step never went through", i)
            continue
        want = ref.states[i]
        assert board_state(ctl) == want, ("step", i)
        i += 1
    ctl.journal.close()
    again = boot()
    assert board_state(again) == want, ("reboot", i)
    assert flash.hit == flash.at, ("the fault never hit", fault, step, at)
    return retries

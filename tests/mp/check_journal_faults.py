"""Issue 16 under MicroPython: the journal's write-ahead and the controller's boot.

A sample of tests/test_journal_faults.py on the unix port: a full flash and a rotten write
leave the journal file as it was; the Controller (with a stand-in LCD and three pads that
never read a card) boots to a menu on random bytes, a flipped magic, a game it cannot
seat and a good-CRC record the rules refuse, and sets each aside; a full flash refuses
a card and the deal stays as the journal has it; a Skat sheet checkpoint rebuilds the
list and a checkpoint rewrites the journal to the header, the sheet and the open deal. Prints ``OK <checks>``.
"""

import os

import heap
from core.journal import MAGIC, Journal, encode_record

heap.report("after imports")
n = 0
BASE = "/tmp/trickref_mpf_%s" % os.urandom(4).hex()


def check(cond, what):
    global n
    if not cond:
        raise SystemExit("MISMATCH " + what)
    n += 1


class Flash:
    """An opener whose writes fail (errno 28) or rot (one bit) from ``fail_at`` on."""

    def __init__(self):
        self.mode = None

    def open(self, path, mode="r"):
        f = open(path, mode)
        if "r" in mode:
            return f
        return Writer(self, f)


class Writer:
    def __init__(self, flash, f):
        self.flash = flash
        self.f = f

    def write(self, data):
        if self.flash.mode == "full":
            raise OSError(28, "No space left on device")
        if self.flash.mode == "rot":
            self.flash.mode = None
            bad = bytearray(data)
            bad[len(bad) // 2] ^= 1
            return self.f.write(bytes(bad))
        return self.f.write(data)

    def flush(self):
        self.f.flush()

    def close(self):
        self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


def size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def clean():
    for p in ("", ".new", ".exp", ".1.bad", ".2.bad"):
        try:
            os.remove(BASE + p)
        except OSError:
            pass


GAME = ["skat", 3, []]
flash = Flash()
clean()
try:
    j = Journal(BASE, flash.open)
    end = j.append("game", GAME)
    for mode in ("full", "rot"):
        flash.mode = mode
        try:
            j.append("act", ["play", [0, 5]])
            check(False, mode + " raised nothing")
        except OSError as e:
            check(e.args[0] == (28 if mode == "full" else 5), mode + " errno")
        check(size(BASE) == end, mode + ": the file is as it was")
    flash.mode = None
    check(j.append("act", ["play", [0, 5]]) > end, "the next write goes through")
    j.close()
    heap.report("after the journal writes")

    from device.controller import MODE_MAIN, MODE_SHEET, Controller  # noqa: E402
    from device import booking  # noqa: E402

    class Lcd:
        cols = 16
        rows = 2

        def __init__(self):
            self.lines = None

        def show(self, lines):
            self.lines = list(lines)

        def define_char(self, slot, rows8):
            pass

    class Hw:
        def __init__(self):
            self.lcd = Lcd()
            self.buttons = None
            self.link = None
            self.readers = [None, None, None]
            self.storage = None

    def boot(data):
        clean()
        with open(BASE, "wb") as f:
            f.write(data)
        hw = Hw()
        ctl = Controller(hw, journal=Journal(BASE))
        return ctl, hw.lcd.lines

    game = MAGIC + encode_record("game", GAME, 0)
    for name, data, mode in (
            ("random bytes", bytes(range(7, 250, 3)), MODE_SHEET),
            ("flipped magic", b"TRJ0" + game[4:], MODE_SHEET),
            ("a game it cannot seat", MAGIC + encode_record("game", ["skat", -3, []], 0),
             MODE_SHEET),
            ("a card not in the deck", game + encode_record("act", ["play", [0, 99]], 1),
             MODE_SHEET),
            ("a gap", game + encode_record("act", ["bid", [1, 18]], 2), MODE_SHEET),
            ("an empty journal", b"", MODE_MAIN)):
        ctl, lines = boot(data)
        check(ctl.mode == mode, name + ": mode %r" % ctl.mode)
        if mode == MODE_SHEET:
            check(lines[0].startswith("journal moved") and size(BASE + ".1.bad") ==
                  len(data), name + ": set aside " + repr(lines))
    heap.report("after the boots")

    # write-ahead: a full flash refuses the card; the deal is as the journal has it
    clean()
    flash = Flash()
    hw = Hw()
    ctl = Controller(hw, journal=Journal(BASE, flash.open))
    ctl.start_game("skat", 3)
    before = list(ctl.app.referee.actions)
    flash.mode = "full"
    ev = ctl.app.referee.act("bid", 1, 18)
    check(ev[0].reason == "flash-full" and ctl.app.referee.actions == before,
          "flash full refuses the bid")
    flash.mode = None
    ev = ctl.app.referee.act("bid", 1, 18)
    check(not ev and ctl.app.referee.actions == [("bid", (1, 18))],
          "the bid goes through once there is space")

    # a Skat sheet checkpoint (ISkO list, Seeger-Fabian: +50/-50 for the declarer, +40 to
    # each opponent of a lost game at 3 players) rebuilds the list; a checkpoint keeps it
    clean()
    rows = [[0, 24], [-1, 0], [1, -48]]
    with open(BASE, "wb") as f:
        f.write(MAGIC + encode_record("game", ["skat", 3, []], 0) +
                encode_record("sheet", rows, 1))
    ctl = Controller(Hw(), journal=Journal(BASE))
    want = ["P1    24 SF  114", "P2   -48 SF  -98", "P3     0 SF   40"]
    check(ctl.flow.sheet_lines(ctl.match) == want, "the sheet rebuilt from its checkpoint")
    ctl.app.referee.act("bid", 1, 18)
    booking.checkpoint(ctl.journal, ctl.flow, ctl.match)  # the open bid stays after it
    recs = Journal(BASE).read()[0]
    check([r.kind for r in recs] == ["game", "sheet", "act"] and recs[1].data == rows,
          "a checkpoint keeps the header, the sheet and the open deal")
    heap.report("at end")
finally:
    clean()
print("OK %d" % n)

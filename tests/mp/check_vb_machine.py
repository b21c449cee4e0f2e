# Runs under MicroPython against a BusServer (tests/test_twin_vboard.py): MicroPython's
# documented machine API (Pin, SPI, I2C, SoftI2C, UART) over the virtual board's bridge.
# argv: SPI id, reader CS pin, I2C id, LCD address. Prints "key value" lines, then OK.
import sys

import vb_boot  # noqa: F401  (installs vb_machine as machine)
import machine

spi_id, cs_id, i2c_id, addr = [int(a) for a in sys.argv[1:5]]
cs = machine.Pin(cs_id, machine.Pin.OUT, value=1)
spi = machine.SPI(spi_id, baudrate=1000000, polarity=0, phase=0)
spi.init(baudrate=4000000)


def rreg(r):
    cs.off()
    spi.write(bytes((((r << 1) & 0x7E) | 0x80,)))
    v = spi.read(1)[0]
    cs.on()
    return v


def wreg(r, v):
    cs.low()
    spi.write(bytes(((r << 1) & 0x7E, v)))
    cs.high()


print("version", rreg(0x37))
wreg(0x24, 0x55)
buf = bytearray(2)
cs.value(0)
spi.write_readinto(bytes((0x80 | (0x24 << 1), 0)), buf)
cs.value(1)
print("readback", buf[1])
into = bytearray(1)
cs.toggle()
spi.write(bytes((0x80 | (0x37 << 1),)))
spi.readinto(into)
cs.toggle()
print("readinto", into[0])
print("place", machine.command("place 0 blank 04A1B2C3D4E5F6"))
try:
    machine.command("place 0 blank 0102")
except RuntimeError as e:
    print("refused", "BusError" in str(e))
i2c = machine.I2C(i2c_id, scl=machine.Pin(5), sda=machine.Pin(4), freq=100000)
print("scan", i2c.scan())
soft = machine.SoftI2C(scl=machine.Pin(5), sda=machine.Pin(4))
print("soft", soft.scan())
try:
    i2c.writeto(0x11, b"\x00")
except OSError as e:
    print("enodev", e.args[0])
print("mem", i2c.readfrom_mem(addr, 0x00, 1)[0])
u = machine.UART(0, 115200)
print("uart", u.any(), u.write(b"x"))
print("OK")
# The last writes of the script: 4-bit init and "Hi" on the LCD (RS P0, E P2, BL P3).
BL, E, RS = 0x08, 0x04, 0x01
for n in (0x3, 0x3, 0x3, 0x2):
    i2c.writeto(addr, bytes(((n << 4) | BL | E, (n << 4) | BL)))


def byte(v, rs=0):
    hi = rs | BL | (v & 0xF0)
    lo = rs | BL | ((v & 0x0F) << 4)
    i2c.writevto(addr, (bytes((hi | E, hi)), bytes((lo | E, lo))))


for c in (0x28, 0x0C, 0x06, 0x80):
    byte(c)
for ch in b"Hi":
    byte(ch, RS)

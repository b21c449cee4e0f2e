"""MicroPython check of the LCD driver and the suit glyphs over a recording fake I2C.

Run by tests/test_hd44780.py through ``run_mp("check_lcd.py")``. Checks the bus traffic
shape (one probe byte, four 2-byte reset nibbles, one 4-byte write per command, a row as
one write of 4-byte frames), that an unchanged screen costs no traffic, and reports the heap
and the bytes allocated per render.
"""

import gc

import heap

heap.report("start")

from device import glyphs  # noqa: E402
from device.drivers.hd44780 import DeviceNotFound, Lcd  # noqa: E402

heap.report("after imports")


class FakeI2C:
    """Counts writes by size and keeps the last 4 bytes written, allocating nothing."""

    def __init__(self, addr):
        self.addr = addr
        self.sizes = [0, 0, 0, 0, 0]  # writes of 0..4 bytes
        self.other = 0  # writes of any other size
        self.frame = bytearray(4)

    def writeto(self, addr, buf, stop=True):
        if addr != self.addr:
            raise OSError(19)  # what MicroPython raises on a missing ACK
        n = len(buf)
        if n < 5:
            self.sizes[n] += 1
        else:
            self.other += 1
        if n >= 4:
            for i in range(4):
                self.frame[i] = buf[n - 4 + i]
        return n

    def total(self):
        return sum(self.sizes) + self.other


def check(cond, what):
    if not cond:
        raise AssertionError(what)
    return 1


n = 0
try:
    Lcd(FakeI2C(0x3F))
    raise AssertionError("no DeviceNotFound for a missing backpack")
except DeviceNotFound as e:
    n += check(str(e) == "no LCD backpack at 0x27", "message: %s" % e)

bus = FakeI2C(0x27)
lcd = Lcd(bus, 0x27, 16, 2)
# probe, 4 reset nibbles, then function set, display off, clear, entry mode, display on
n += check(bus.sizes == [0, 1, 4, 0, 5] and bus.other == 0, "init traffic %r" % bus.sizes)
heap.report("after Lcd()")

glyphs.load_suits(lcd, "skat")
n += check(bus.sizes[4] == 5 + 4 * 9, "4 glyphs = 4 x (1 address + 8 rows)")

lcd.write_row(1, "warm up")  # first call may fill interpreter caches; measure the second
before = bus.total()
runs = bus.other
gc.collect()
gc.disable()
a = gc.mem_alloc()
lcd.write_row(0, "\x00 Hello")
alloc_row = gc.mem_alloc() - a
gc.enable()
n += check(bus.total() - before == 1 and bus.other - runs == 1, "write_row: one write")
# last frame: data 0x20 (blank padding), RS and backlight set: hi 0x2D 0x29, lo 0x0D 0x09
n += check(bytes(bus.frame) == b"\x2d\x29\x0d\x09", "last frame %r" % bytes(bus.frame))

screen = ["\x00 Hello", "\x03 10 \x02 K"]
lcd.show(screen)
before = bus.total()
gc.collect()
gc.disable()
a = gc.mem_alloc()
lcd.show(screen)
alloc_show = gc.mem_alloc() - a
gc.enable()
n += check(bus.total() == before, "unchanged screen sends nothing")
before = bus.total()
lcd.show(["\x00 Hallo", "\x03 10 \x02 K"])
n += check(bus.total() - before == 1 and bytes(bus.frame) == b"\x6d\x69\x1d\x19",
           "one changed character: one write, ending with the 'a' (0x61)")

print("alloc write_row: %d" % alloc_row)
print("alloc show unchanged: %d" % alloc_show)
heap.report("at end")
print("OK", n)

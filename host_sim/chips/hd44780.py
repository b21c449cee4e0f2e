"""Register-level model of an HD44780U character LCD behind a PCF8574 I2C backpack.

Built from the datasheets (Hitachi HD44780U, ADE-207-272; NXP PCF8574), restated with
their sections in docs/twin.md ("HD44780U", "PCF8574"), not from our driver: only the
backpack wiring is shared with it (``device/drivers/pcf8574_wiring.py``, STYLE.md item 3),
and tests feed it python_lcd's I2C traffic pattern too (docs/twin.md).

- :class:`Hd44780Model` is what attaches to the bus: ``i2c.attach(0x27, Hd44780Model(16, 2))``.
  Each written byte goes on the port in turn (PCF8574 write mode). A bus cycle of the
  HD44780 opens when E rises and closes when E falls; on the fall the controller takes RS,
  R/W and D7..D4 as they stood while E was high. Writes without an E edge change only the
  backlight (P3) as far as the LCD can tell. ``i2c_read`` returns the port.
- :class:`Hd44780` is the controller: 8-bit interface after power-on (each E pulse is a
  whole byte, DB3..DB0 unconnected), 4-bit after a function set with DL = 0 (nibbles
  paired high first), the full instruction set, 80 cells of DDRAM with the real 2-line
  map (0x00-0x27, 0x40-0x67), 64 bytes of CGRAM, address counter stepping up or down, the
  display shift, and the execution time of every instruction summed in ``busy_us``.
- Busy flag (datasheet "Busy Flag (BF)" and table 6): when the bus tells the model the
  time of each byte (``host_sim.machine.I2C`` with a virtual clock does), every
  instruction and data write keeps BF = 1 for its execution time, scaled by
  ``270 / fosc_khz`` (37 us, clear and home 1.52 ms at the nominal 270 kHz; pass
  ``fosc_khz=FOSC_SLOW_KHZ`` for the slow end of the oscillator). A write cycle that ends
  while BF = 1 is not accepted (the datasheet: "the next instruction will not be
  accepted"): it is lost, logged in ``lost`` as ``(us, rs, nibble or byte)``, and in
  4-bit mode the nibble pairing goes on from the next one, as garbage on real glass. A
  read with RS = 0 returns BF in bit 7 and the address counter. Driven without times
  (``strobe`` alone), the model executes at once and BF reads 0.

``lines()`` reads the screen back as text for a ``cols x rows`` panel (rows 3 and 4 of a
4-row panel continue lines 1 and 2 at +cols, as on 20x4 modules): A00 ROM codes become
Unicode, CGRAM codes the caller's stand-in for their bitmap (``glyph_map``) or '▯'.
"""

from device.drivers.pcf8574_wiring import MASK_E, MASK_RS, MASK_RW, SHIFT_BACKLIGHT, SHIFT_DATA

EXEC_US = 37  # execution time of most instructions and of data access, fosc = 270 kHz
CLEAR_HOME_US = 1520  # clear display and return home
FOSC_KHZ = 270  # nominal oscillator the table 6 times are given for
FOSC_SLOW_KHZ = 190  # slow end of fosc (electrical characteristics, Rf = 91 kOhm, 5 V)
_PULLUPS = 0x0F  # DB3..DB0 float on a backpack; the HD44780U's pull-up MOS reads them as 1
_LINE = 40  # DDRAM cells per line in 2-line mode
_CELLS = 80  # DDRAM size
_UNKNOWN_CGRAM = "▯"

# A00 ROM codes that are not ASCII (datasheet table 4; docs/twin.md "HD44780U").
_A00_EXTRA = {0x5C: "¥", 0x7E: "→", 0x7F: "←", 0xA0: " ", 0xDF: "°", 0xE4: "µ",
              0xF4: "Ω", 0xF7: "π", 0xFF: "█"}


def a00_char(code):
    """Unicode for A00 ROM character ``code`` (0x10..0xFF); '?' where none is tabulated.

    0x20..0x7D are ASCII except 0x5C (¥); 0x10..0x1F and 0x80..0x9F are blank in the ROM.
    """
    if code in _A00_EXTRA:
        return _A00_EXTRA[code]
    if 0x20 <= code <= 0x7D:
        return chr(code)
    if 0x10 <= code <= 0x1F or 0x80 <= code <= 0x9F:
        return " "
    return "?"


class Hd44780:
    """The HD44780U controller, fed one bus cycle at a time through :meth:`strobe`.

    State after the internal reset (datasheet "Initializing by Internal Reset Circuit"):
    display cleared, 8-bit, 1 line, display/cursor/blink off, increment, no shift.
    Public state: ``ddram`` (80 codes; cell = address for line 1, 40 + address - 0x40 for
    line 2), ``cgram`` (64 bytes), ``address`` (the address counter), ``in_cgram``,
    ``eight_bit``, ``two_line``, ``font_5x10``, ``display_on``, ``cursor``, ``blink``,
    ``increment``, ``shift_on_write``, ``shift`` (cells the display is shifted left) and
    ``busy_us`` (total execution time in µs).

    A DDRAM address outside the map of the current line mode is undefined in the datasheet,
    so a driver that sends one has a bug: the model never raises into a bus transaction,
    it logs the address in ``unmodelled`` (tests assert that list is empty) and wraps it
    into the map, as garbled bytes after an injected fault do.
    """

    def __init__(self, cols=16, rows=2, glyph_map=None, fosc_khz=FOSC_KHZ):
        if rows not in (1, 2, 4) or cols < 1 or cols * rows > _CELLS:
            raise ValueError("unsupported LCD geometry %rx%r" % (cols, rows))
        if not 100 <= fosc_khz <= 1000:
            raise ValueError("HD44780U oscillator %r kHz is outside 100..1000" % (fosc_khz,))
        self.fosc_khz = fosc_khz
        self.now_us = None  # time of the current bus cycle; None = untimed (instant)
        self.busy_until_us = 0.0
        self.lost = []  # (us, rs, value) of write cycles refused while busy
        self.unmodelled = []  # what the datasheet leaves undefined and a driver sent
        self.cols = cols
        self.rows = rows
        self.glyph_map = glyph_map if glyph_map is not None else {}
        self.ddram = bytearray(b" " * _CELLS)
        self.cgram = bytearray(64)  # undefined at power-on; zero here
        self.address = 0
        self.in_cgram = False
        self.eight_bit = True
        self.two_line = False
        self.font_5x10 = False
        self.display_on = False
        self.cursor = False
        self.blink = False
        self.increment = True
        self.shift_on_write = False
        self.shift = 0
        self.busy_us = 0
        self._high = None  # 4-bit mode: the high nibble waiting for its low half
        # Function set works only before any other instruction, unless it changes DL
        # (datasheet, function set note); this records that another one has run.
        self._set_locked = False
        # A DDRAM address outside the map is a driver bug, unless a fault was injected
        # (then the chip assembles garbage from the wrong nibbles): see _set_ddram.
        self.strict = True

    # -- bus side ------------------------------------------------------------------------

    def busy(self):
        """BF: True while the last instruction is still executing (timed bus only)."""
        return self.now_us is not None and self.now_us < self.busy_until_us

    def strobe(self, rs, rw, nibble):
        """One E 1 -> 0 edge with RS, R/W (truthy) and D7..D4 = ``nibble`` (0..15)."""
        if not rw and self.busy():
            self.lost.append((self.now_us, 1 if rs else 0, nibble))
            return
        if self.eight_bit:
            self._cycle(rs, rw, (nibble << 4) | _PULLUPS)
        elif self._high is None:
            self._high = nibble
        else:
            value = (self._high << 4) | nibble
            self._high = None
            self._cycle(rs, rw, value)

    def read_nibble(self, rs):
        """What the chip drives on D7..D4 in a read cycle (R/W = 1, E high).

        RS = 0: busy flag (bit 7) and address counter; RS = 1: the RAM byte at the address
        counter. High nibble first in 4-bit mode.
        """
        byte = self._ram_byte() if rs else (self.address | (0x80 if self.busy() else 0))
        return byte & 0x0F if not self.eight_bit and self._high is not None else byte >> 4

    def _cycle(self, rs, rw, value):
        if rw:
            if rs:  # read data: the address counter moves on, as after a write
                self._set_locked = True
                self._step(1 if self.increment else -1)
                self._spend(EXEC_US)
            return  # busy flag and address read: no effect, no time
        if rs:
            self._write_ram(value)
        else:
            self._instruction(value)

    # -- instructions (datasheet table 6) ------------------------------------------------

    def _instruction(self, v):
        if v & 0x20 and not v & 0xC0:
            self._function_set(v)
            self._spend(EXEC_US)
            return
        us = EXEC_US
        if v & 0x80:  # set DDRAM address
            self._set_ddram(v & 0x7F)
        elif v & 0x40:  # set CGRAM address
            self.address = v & 0x3F
            self.in_cgram = True
        elif v & 0x10:  # cursor or display shift: S/C = 0x08, R/L = 0x04
            right = 1 if v & 0x04 else -1
            if v & 0x08:
                self.shift -= right  # shifting right shows lower addresses
            else:
                self._step(right)
        elif v & 0x08:  # display on/off control: D, C, B
            self.display_on = bool(v & 0x04)
            self.cursor = bool(v & 0x02)
            self.blink = bool(v & 0x01)
        elif v & 0x04:  # entry mode set: I/D, S
            self.increment = bool(v & 0x02)
            self.shift_on_write = bool(v & 0x01)
        elif v & 0x02:  # return home
            self._home()
            us = CLEAR_HOME_US
        elif v & 0x01:  # clear display
            self.ddram[:] = b" " * _CELLS
            self._home()
            self.increment = True
            us = CLEAR_HOME_US
        else:
            return  # 0x00 is no instruction
        self._set_locked = True
        self._spend(us)

    def _spend(self, us):
        """Run an instruction of ``us`` (at 270 kHz): BF stays 1 for the scaled time."""
        self.busy_us += us
        if self.now_us is not None:
            self.busy_until_us = self.now_us + us * FOSC_KHZ / self.fosc_khz

    def _function_set(self, v):
        dl = bool(v & 0x10)
        if self._set_locked and dl == self.eight_bit:
            return  # ignored: N and F are fixed once another instruction has run
        self.eight_bit = dl
        self.two_line = bool(v & 0x08)
        self.font_5x10 = bool(v & 0x04)
        self._set_locked = False
        self._high = None

    def _home(self):
        self.address = 0
        self.in_cgram = False
        self.shift = 0

    def _set_ddram(self, a):
        outside = (a > 0x67 or 0x27 < a < 0x40) if self.two_line else a >= _CELLS
        if outside:
            if self.strict:  # a driver bug; after an injected fault, garbage is expected
                self.unmodelled.append("DDRAM address 0x%02X outside the %s map" % (
                    a, "2-line (0x00-0x27, 0x40-0x67)" if self.two_line else
                    "1-line (0x00-0x4F)"))
            a = 0x40 + (a - 0x40) % 0x28 if self.two_line and a >= 0x40 else \
                a % (0x28 if self.two_line else _CELLS)
        self.address = a
        self.in_cgram = False

    def _write_ram(self, value):
        self._set_locked = True
        self._spend(EXEC_US)
        if self.in_cgram:
            self.cgram[self.address] = value
        else:
            self.ddram[self._cell(self.address)] = value
            if self.shift_on_write:  # the display follows the cursor (entry mode S = 1)
                self.shift += 1 if self.increment else -1
        self._step(1 if self.increment else -1)

    def _step(self, delta):
        a = self.address + delta
        if self.in_cgram:
            self.address = a & 0x3F
        elif not self.two_line:
            self.address = a % _CELLS
        elif a == 0x28 or a == 0x3F:  # 0x27 + 1 -> 0x40 and 0x40 - 1 -> 0x27: next line
            self.address = 0x40 if a == 0x28 else 0x27
        elif a == 0x68 or a == -1:  # 0x67 + 1 -> 0x00 and 0x00 - 1 -> 0x67: wrap around
            self.address = 0x00 if a == 0x68 else 0x67
        else:
            self.address = a

    def _cell(self, a):
        return a - 0x40 + _LINE if self.two_line and a >= 0x40 else a

    def _ram_byte(self):
        return self.cgram[self.address] if self.in_cgram else self.ddram[self._cell(self.address)]

    # -- read back -----------------------------------------------------------------------

    def ddram_code(self, address):
        """The character code stored at DDRAM ``address`` (2-line map when N = 1)."""
        return self.ddram[self._cell(address)]

    def cgram_char(self, code):
        """The 5x8 pattern of CGRAM character ``code`` (0..15; 8..15 mirror 0..7) as
        ``bytes(8)``, top row first, bits 4..0 (the 3 high bits of CGRAM are not shown)."""
        if not 0 <= code <= 0x0F:
            raise ValueError("CGRAM character code %r outside 0x00..0x0F" % (code,))
        base = (code & 0x07) * 8
        return bytes(b & 0x1F for b in self.cgram[base:base + 8])

    def row_codes(self, row):
        """The character codes visible on ``row`` (``cols`` bytes; blanks when off)."""
        cols = self.cols
        if not self.display_on or (row > 0 and not self.two_line):
            return b" " * cols
        if not self.two_line:
            return bytes(self.ddram[(c + self.shift) % _CELLS] for c in range(cols))
        base = _LINE if row & 1 else 0
        start = (row >> 1) * cols + self.shift
        return bytes(self.ddram[base + (start + c) % _LINE] for c in range(cols))

    def char(self, code, glyph_map=None):
        """Unicode for a displayed character code; CGRAM codes through ``glyph_map``
        (``{bytes(8): str}``, default the one given at construction), else '▯'."""
        if code <= 0x0F:
            gm = self.glyph_map if glyph_map is None else glyph_map
            return gm.get(self.cgram_char(code), _UNKNOWN_CGRAM)
        return a00_char(code)

    def lines(self, glyph_map=None):
        """The visible rows as ``rows`` strings of ``cols`` characters (see :meth:`char`)."""
        return ["".join(self.char(c, glyph_map) for c in self.row_codes(r))
                for r in range(self.rows)]


class Hd44780Model(Hd44780):
    """An HD44780U module on a PCF8574 backpack: the I2C chip ``host_sim.machine.I2C``
    talks to. ``Hd44780Model(cols=16, rows=2, glyph_map=None)``; ``port`` is the last byte
    written (0xFF at power-on, PCF8574 datasheet), ``backlight`` its P3 bit.
    """

    def __init__(self, cols=16, rows=2, glyph_map=None, fosc_khz=FOSC_KHZ):
        Hd44780.__init__(self, cols, rows, glyph_map, fosc_khz)
        self.port = 0xFF
        self._e_rose = False  # a cycle opens on E rising: E high since power-on is none
        self.bus_timing = None  # (us at the end of the first byte, us per byte) from the bus

    def spurious_nibble(self, nibble=0x0):
        """Fault: noise on E (a buzzer's spike) latches one extra nibble; in 4-bit mode
        every later byte is then assembled from the wrong halves until re-synchronised.
        The spike comes between bus writes, once the last instruction has finished."""
        if self.now_us is not None:
            self.now_us = max(self.now_us, self.busy_until_us)
        self.strobe(0, 0, nibble & 0x0F)
        self.strict = False

    def power_cycle(self):
        """Fault: a brown-out resets the module: HD44780 internal reset (8-bit, 1 line,
        display off, cleared) and the PCF8574 port back to 0xFF."""
        Hd44780Model.__init__(self, self.cols, self.rows, self.glyph_map, self.fosc_khz)
        self.strict = False

    @property
    def backlight(self):
        """True while P3 (the backlight transistor) is high."""
        return bool(self.port >> SHIFT_BACKLIGHT & 1)

    def i2c_write(self, data):
        """Put each byte of ``data`` on the port in turn, latching on every E fall. The bus
        sets ``bus_timing`` before a timed write: byte k lands at ``t0 + k * step`` us."""
        timing, self.bus_timing = self.bus_timing, None
        for k, b in enumerate(data):
            if timing is not None:
                self.now_us = timing[0] + k * timing[1]
            was = self.port
            self.port = b
            if b & MASK_E and not was & MASK_E:
                self._e_rose = True
            elif was & MASK_E and not b & MASK_E and self._e_rose:
                self._e_rose = False
                self.strobe(was & MASK_RS, was & MASK_RW, (was >> SHIFT_DATA) & 0x0F)

    def i2c_read(self, n):
        """Read the port ``n`` times. In a read cycle (R/W and E high) the LCD pulls the
        data pins written high down to its output nibble (quasi-bidirectional I/O)."""
        timing, self.bus_timing = self.bus_timing, None
        if timing is not None:
            self.now_us = timing[0]
        v = self.port
        if v & MASK_E and v & MASK_RW:
            data = 0x0F << SHIFT_DATA
            v &= (self.read_nibble(v & MASK_RS) << SHIFT_DATA) | (0xFF & ~data)
        return bytes((v,)) * n

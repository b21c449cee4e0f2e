"""HD44780 character LCD (16x2, 20x2, 20x4) behind a PCF8574 I2C backpack.

Split into protocol and transport as dhylands/python_lcd splits it (docs/twin.md
§2.3), with the fixes of STYLE.md items 3-5:

- :class:`Hd44780` is the protocol: the instruction set (Hitachi HD44780U datasheet,
  table 6), DDRAM row addresses, CGRAM, the power-on reset by instruction (datasheet
  "Initializing by Instruction", figure 24, 4-bit interface) and a cache of what each row
  shows. It reaches the bus only through ``_write_command(cmd)`` and ``_write_data(byte)``;
  the 8-bit-mode reset nibbles go through ``_write_init_nibble(nibble)``, the one place
  where a single E pulse is a whole instruction.
- :class:`Lcd` is the transport, a PCF8574 backpack (wiring in ``pcf8574_wiring``, shared
  with the chip model). Every instruction or data byte is ONE 4-byte ``i2c.writeto`` from a
  buffer allocated once: high nibble with E high, E low, then the low nibble the same way.

Self-healing (issue 27): the driver keeps the screen the firmware asked for (``_want``, one
row buffer per row, plus the CGRAM glyphs) apart from what it believes the display holds
(``_shown``). A bus error while writing never reaches the firmware: it is kept in
``error``, the rows are marked unknown and nothing more is sent until :meth:`Lcd.recover`
(bus clear through the board's ``reopen``, then :meth:`Hd44780.resync`). ``resync`` is the
datasheet's initialisation by instruction (three 0x3 nibbles in 8-bit mode, then 0x2:
works from any state, a chip knocked out of 4-bit step by a spurious E pulse included)
without a clear, then the glyphs and every row rewritten from the buffer, so the firmware
can run it on a schedule: a glitch the driver cannot see (the LCD is write-only) lasts
until the next resync. ``note(text)`` shows a notice on the last row over the screen
(a fault told to the table) until ``note(None)``.

Text contract for the screens: characters ``"\\x00"`` .. ``"\\x07"`` show the CGRAM glyphs
(the suit marks of ``device/glyphs.py``); printable ASCII shows as is, except ``\\`` and
``~`` which the A00 ROM does not have (it draws ¥ and → there); ``"→"`` and ``"←"`` use the
ROM's own arrows (0x7E, 0x7F); anything else shows ``?``. Never raises on text.
"""

from core.compat import const
from device import timing
from device.drivers.errors import DeviceNotFound
from device.drivers.pcf8574_wiring import (DEFAULT_ADDR, MASK_E, MASK_RS, SHIFT_BACKLIGHT,
                                           SHIFT_DATA)

# Instructions (HD44780U datasheet, table 6). Unused bits stay as comments.
_CLEAR = const(0x01)  # Clear display: DDRAM <- 0x20, AC <- 0, I/D <- 1; takes 1.52 ms
_HOME = const(0x02)  # Return home (1.52 ms): AC <- 0 and a shifted display back in place
_ENTRY_MODE = const(0x04)  # Entry mode set
_ENTRY_INC = const(0x02)  # --I/D: address counter counts up after each write
# _ENTRY_SHIFT = 0x01      # --S: shift the display on each write (kept off)
_DISPLAY_CTRL = const(0x08)  # Display on/off control
_DISPLAY_ON = const(0x04)  # --D: display on
# _CURSOR_ON = 0x02        # --C: underline cursor (kept off)
# _BLINK_ON = 0x01         # --B: blinking block (kept off)
# _SHIFT = 0x10            # Cursor or display shift (unused: rows are rewritten instead)
_FUNCTION_SET = const(0x20)  # Function set; DL (0x10) = 0: 4-bit interface
_FUNC_2LINE = const(0x08)  # --N: 2 lines (a 20x4 panel is 2 lines folded in half)
# _FUNC_5X10 = 0x04        # --F: 5x10 dots, not available with N = 1
_SET_CGRAM = const(0x40)  # Set CGRAM address: 0x40 | 8 * code + row
_SET_DDRAM = const(0x80)  # Set DDRAM address: 0x80 | address

# Power-on reset nibbles, sent while the chip may still be in 8-bit mode (figure 24).
_RESET_NIBBLE = const(0x3)  # (Function set | DL) >> 4 = 0x30 >> 4: "8-bit", forces sync
_FOUR_BIT_NIBBLE = const(0x2)  # Function set >> 4 = 0x20 >> 4: switch to 4-bit

# Waits of figure 24, in ms (sleep_ms granularity rounds each one up).
_POWER_ON_MS = const(50)  # > 40 ms after Vcc rises to 2.7 V (> 15 ms at 4.5 V)
_RESET1_MS = const(5)  # > 4.1 ms after the first 0x3
_RESET2_MS = const(1)  # > 100 us after the second 0x3 (and 37 us after the others)
_CLEAR_MS = const(3)  # clear runs 1.52 ms at fosc = 270 kHz, 2.16 ms at 190 kHz (the
# slow end): 2 ms plus the next write's 72 us at 400 kHz lost that write (docs/twin.md)
# Other instructions run 37 us (41 us for data writes) and need no sleep: the next frame's
# first E fall comes after stop, start, address and 2 bytes = 29 clocks = 72 us at 400 kHz
# (290 us at the PCF8574's rated 100 kHz), more than 53 us = 37 us x 270 / 190 kHz, the
# slowest oscillator.

# DDRAM map in 2-line mode (datasheet, "Display Data RAM"): line 1 is 0x00-0x27, line 2
# 0x40-0x67; rows 3 and 4 of a 4-row panel continue lines 1 and 2 at +cols (20x4: 0x14, 0x54).
_LINE2 = const(0x40)
_LINE_CELLS = const(40)

_BLANK = const(0x20)  # A00 ROM space
_QMARK = const(0x3F)  # A00 ROM '?': shown for characters the ROM cannot draw
_YEN = const(0x5C)  # A00 ROM draws the ASCII backslash code as a yen sign
_LAST_ASCII = const(0x7D)  # '}': 0x7E and 0x7F are arrows in the A00 ROM
_ROM_RIGHT = const(0x7E)  # A00 ROM right arrow
_ROM_LEFT = const(0x7F)  # A00 ROM left arrow
_CGRAM_LAST = const(0x07)  # codes 0..7 are the 8 user glyphs
_EXEC_SLOW_US = const(59)  # 41 us x 270 / 190 kHz: a data write at the slowest oscillator
_MERGE_GAP = const(1)  # unchanged cells rewritten rather than starting a new run
_ENODEV = const(19)  # errno MicroPython raises when an I2C address does not acknowledge


class Hd44780:
    """The HD44780 protocol: instructions, DDRAM rows, CGRAM glyphs and a row cache.

    A transport subclass supplies ``_write_command(cmd)``, ``_write_data(byte)`` and
    ``_write_init_nibble(nibble)``, then calls ``_init_display()``. Geometry: ``rows`` 2 or
    4, ``cols`` 8..40 with ``cols * rows <= 80`` (16x2, 20x2, 20x4); anything else raises
    ``ValueError`` before any bus traffic.
    """

    def __init__(self, cols=16, rows=2):
        if rows not in (2, 4) or cols < 8 or cols * rows > 2 * _LINE_CELLS:
            raise ValueError("unsupported LCD geometry %rx%r (16x2, 20x2, 20x4)" % (cols, rows))
        self.cols = cols
        self.rows = rows
        # Row r starts at 0x40 * (r & 1) + cols * (r >> 1): 0x00, 0x40, 0x00+cols, 0x40+cols.
        self._starts = bytes(_LINE2 * (r & 1) + cols * (r >> 1) for r in range(rows))
        self._shown = [bytearray(cols) for _ in range(rows)]  # DDRAM codes on each row
        self._want = [bytearray(b" " * cols) for _ in range(rows)]  # what the firmware asked
        self._next = bytearray(cols)  # scratch: the row being encoded
        self._glyphs = [None] * (_CGRAM_LAST + 1)  # CGRAM glyphs defined, for a resync
        self._note = None  # encoded notice shown on the last row, or None
        self.error = None  # the bus error that stopped writes until recover(), or None
        self.frames = 0  # screens shown (show() calls): who drew last can tell
        self.resyncs = 0  # resynchronisations done (scheduled and after errors)

    def _sync(self):
        """Initialisation by instruction (figure 24) to 4-bit, 2 lines, display on, no
        clear: after it the chip takes instructions in step whatever state it was in."""
        # Three 0x3 nibbles put the chip in 8-bit mode from any state (8-bit, or 4-bit
        # waiting for either nibble); 0x2 then selects the 4-bit interface.
        self._write_init_nibble(_RESET_NIBBLE)
        timing.sleep_ms(_RESET1_MS)
        self._write_init_nibble(_RESET_NIBBLE)
        timing.sleep_ms(_RESET2_MS)
        self._write_init_nibble(_RESET_NIBBLE)
        timing.sleep_ms(_RESET2_MS)
        self._write_init_nibble(_FOUR_BIT_NIBBLE)
        timing.sleep_ms(_RESET2_MS)
        # Function set must come first: after any other instruction, N and F are fixed.
        self._write_command(_FUNCTION_SET | _FUNC_2LINE)

    def _init_display(self):
        """Reset by instruction (datasheet figure 24), then 2 lines, cleared, display on."""
        timing.sleep_ms(_POWER_ON_MS)
        self._sync()
        self._write_command(_DISPLAY_CTRL)  # display off while memory is undefined
        self.clear()
        self._write_command(_ENTRY_MODE | _ENTRY_INC)
        self._write_command(_DISPLAY_CTRL | _DISPLAY_ON)  # cursor and blink off

    def resync(self):
        """Re-synchronise the display and redraw it from the firmware's own buffer:
        :meth:`_sync`, entry mode, display on, every defined CGRAM glyph and every row
        (the notice included). About 11 ms of sleeps plus 5 + 8 x 9 + rows bus writes
        (each row one run). Raises the bus's OSError (``error`` is then set again); on
        success ``error`` is cleared."""
        self.error = None
        try:
            self._sync()
            self._write_command(_ENTRY_MODE | _ENTRY_INC)
            self._write_command(_DISPLAY_CTRL | _DISPLAY_ON)
            # garbled bytes may have run a display shift (0x18/0x1C), which only a clear
            # or return home undoes: the rows would show shifted after the redraw
            self._write_command(_HOME)
            timing.sleep_ms(_CLEAR_MS)
            for slot in range(_CGRAM_LAST + 1):
                if self._glyphs[slot] is not None:
                    self._send_glyph(slot, self._glyphs[slot])
            for r in range(self.rows):
                self._forget(r)  # a glitch the driver cannot see: rewrite it all
                self._put_row(r, self._view(r))
        except OSError as e:
            self._lost(e)
            raise
        self.resyncs += 1

    def note(self, text):
        """Show ``text`` on the last row over the screen (a notice: "LCD bus cleared"),
        or with None put the screen's own last row back. Never raises."""
        if text is None:
            self._note = None
        else:
            self._encode(text)
            self._note = bytearray(self._next)
        self._refresh(self.rows - 1)

    def _view(self, r):
        """The codes row ``r`` must show: the notice on the last row, else the buffer."""
        if self._note is not None and r == self.rows - 1:
            return self._note
        return self._want[r]

    def _lost(self, e):
        """A bus error: remember it, forget what the display holds (all rows resent)."""
        self.error = e
        for r in range(self.rows):
            self._forget(r)

    def _refresh(self, r):
        # send row r when what it must show differs from what the display holds
        view = self._view(r)
        if self.error is None and view != self._shown[r]:
            try:
                self._put_row(r, view)
            except OSError as e:
                self._lost(e)

    def clear(self):
        """Blank the whole display (instruction 0x01, 1.52 ms; kept out of the render path)."""
        self._write_command(_CLEAR)
        timing.sleep_ms(_CLEAR_MS)
        for r in range(self.rows):
            for i in range(self.cols):
                self._shown[r][i] = _BLANK
                self._want[r][i] = _BLANK

    def write_row(self, row, text):
        """Write ``text`` on ``row`` (0-based), padded with blanks or cut to ``cols``.

        The whole row whatever the display holds: one DDRAM address set, then ``cols``
        data writes (auto-increment moves along), one bus write on a PCF8574 backpack.
        ``text`` follows the module's text contract. Raises ``ValueError`` for a bad row.
        """
        if not 0 <= row < self.rows:
            raise ValueError("LCD row %r outside 0..%d" % (row, self.rows - 1))
        self._encode(text)
        self._keep(row)
        self._forget(row)  # written whatever the display holds
        self._refresh(row)

    def show(self, lines):
        """Show a screen: ``lines[r]`` on row r (missing rows blank), sending only the
        characters that differ from what the display already holds, in runs (one bus
        write each on a PCF8574 backpack: a 2-row screen changed everywhere is 2 writes).

        Raises ``ValueError`` when there are more lines than rows.
        """
        n = len(lines)
        if n > self.rows:
            raise ValueError("%d lines for a %d-row LCD" % (n, self.rows))
        self.frames += 1
        for r in range(self.rows):
            self._encode(lines[r] if r < n else "")
            self._keep(r)
            self._refresh(r)

    def define_char(self, slot, rows8):
        """Load a 5x8 glyph into CGRAM ``slot`` (0..7), shown by the character ``chr(slot)``.

        ``rows8``: 8 ints, top row first, each 0..0x1F with bit 4 the left column
        (datasheet table 5). Raises ``ValueError`` before sending anything if the slot or a
        row is out of range. Rows already showing ``chr(slot)`` change at once.
        """
        if not 0 <= slot <= _CGRAM_LAST:
            raise ValueError("CGRAM slot %r outside 0..7" % (slot,))
        if len(rows8) != 8:
            raise ValueError("a 5x8 glyph has 8 rows, got %d" % len(rows8))
        for bits in rows8:
            if not 0 <= bits <= 0x1F:
                raise ValueError("glyph row 0x%X is wider than 5 dots (bits 4..0)" % bits)
        self._glyphs[slot] = bytes(rows8)
        if self.error is None:
            try:
                self._send_glyph(slot, rows8)
            except OSError as e:
                self._lost(e)

    def _send_glyph(self, slot, rows8):
        self._write_command(_SET_CGRAM | (slot << 3))
        for bits in rows8:
            self._write_data(bits)

    def _encode(self, text):
        # Map text to A00 ROM codes in self._next, padded with blanks (no allocation).
        buf = self._next
        n = len(text)
        for i in range(self.cols):
            c = ord(text[i]) if i < n else _BLANK
            if c > _LAST_ASCII or c == _YEN:
                c = _ROM_RIGHT if c == 0x2192 else _ROM_LEFT if c == 0x2190 else _QMARK
            elif _CGRAM_LAST < c < _BLANK:
                c = _QMARK
            buf[i] = c

    def _keep(self, row):
        # the encoded row becomes what the firmware wants on ``row``
        want = self._want[row]
        buf = self._next
        for i in range(self.cols):  # a loop, not want[:] = buf: a slice object allocates
            want[i] = buf[i]

    def _put_row(self, row, buf):
        """Send the characters of ``buf`` that differ from what ``row`` shows, in runs:
        each run is one DDRAM address set and its data (:meth:`_write_run`). Runs closer
        than ``_MERGE_GAP + 1`` cells are joined: rewriting one unchanged cell (4 bytes) is
        cheaper than a new transaction with its own address set (5 bytes, start and stop).
        What the display holds is known for a run only once it all went."""
        shown = self._shown[row]
        cols = self.cols
        i = 0
        while i < cols:
            if buf[i] == shown[i]:
                i += 1
                continue
            end = i + 1  # one past the last changed cell of the run
            j = end
            while j < cols and j - end <= _MERGE_GAP:
                if buf[j] != shown[j]:
                    end = j + 1
                j += 1
            for k in range(i, end):
                shown[k] = 0xFF  # unknown while being written
            self._write_run(self._starts[row] + i, buf, i, end)
            for k in range(i, end):
                shown[k] = buf[k]
            i = end

    def _write_run(self, addr, buf, start, end):
        """DDRAM address set to ``addr``, then the codes ``buf[start:end]`` (the address
        counter moves along). The transport may pack them into fewer bus writes."""
        self._write_command(_SET_DDRAM | addr)
        for i in range(start, end):
            self._write_data(buf[i])

    def _forget(self, r):
        # the display's row r is unknown: the next _put_row rewrites every cell
        shown = self._shown[r]
        for i in range(self.cols):
            shown[i] = 0xFF  # never a code the encoder makes


class Lcd(Hd44780):
    """An HD44780 LCD on a PCF8574 backpack: ``Lcd(i2c, addr=0x27, cols=16, rows=2)``.

    ``i2c`` is a ``machine.I2C`` (or anything with ``writeto(addr, buf)``); ``addr`` 0x27 for
    the PCF8574T, 0x3F for the PCF8574AT. Construction writes the port once to check the
    backpack answers (``DeviceNotFound("no LCD backpack at 0x27")`` otherwise), then runs
    the datasheet reset: about 60 ms of ``timing.sleep_ms``. Backlight starts on.
    ``reopen``: a callable that clears the bus and returns a new I2C object (the board's
    ``boards.reopen_i2c``), used by :meth:`recover`. ``freq``: the bus clock in Hz (the
    board's ``I2C_FREQ``), which sets the frame length of a run (:func:`frame_bytes`).
    """

    def __init__(self, i2c, addr=DEFAULT_ADDR, cols=16, rows=2, reopen=None, freq=100000):
        Hd44780.__init__(self, cols, rows)
        self.reopen = reopen
        self._i2c = i2c
        self._addr = addr
        self._buf = bytearray(4)  # one frame: E high and E low for each nibble
        self._mv = memoryview(self._buf)
        self._step = frame_bytes(freq)
        # a run: address set + up to cols data bytes, one frame each, in one write; the
        # views of each length are made once, so a render allocates nothing
        run = memoryview(bytearray(self._step * (cols + 1)))
        self._run = run
        self._runs = [run[:self._step * n] for n in range(cols + 2)]
        self._bl = 1 << SHIFT_BACKLIGHT
        self._buf[0] = self._bl  # E low, lamp on: a harmless first port state
        try:
            i2c.writeto(addr, self._mv[:1])
        except OSError as e:
            if e.args and e.args[0] == _ENODEV:
                raise DeviceNotFound("no LCD backpack at 0x%02X" % addr) from None
            raise
        self._init_display()

    def backlight(self, on):
        """Switch the backlight; one port write with E low, so the HD44780 sees nothing.
        A bus error is kept in ``error`` (the next recover() sends the lamp state)."""
        self._bl = (1 << SHIFT_BACKLIGHT) if on else 0
        self._buf[0] = self._bl
        if self.error is None:
            try:
                self._i2c.writeto(self._addr, self._mv[:1])
            except OSError as e:
                self._lost(e)

    def recover(self):
        """After a bus error: clear the bus and get a new I2C object through ``reopen``
        (UM10204 3.1.16), then :meth:`resync` (which also resends the backlight state
        with every frame). Raises OSError while the bus or the LCD still fails."""
        if self.reopen is not None:
            try:
                self._i2c = self.reopen()
            except OSError as e:
                self._lost(e)
                raise
        self.resync()

    def _write_command(self, cmd):
        self._write_byte(cmd, 0)

    def _write_data(self, value):
        self._write_byte(value, MASK_RS)

    def _write_byte(self, value, rs):
        # The PCF8574 puts each byte of a write on its port in turn (datasheet, write
        # mode), so the four port states of one byte travel in one transaction; the
        # HD44780 latches D7..D4 on each E fall, high nibble first.
        self._frame(self._run, 0, value, rs)
        self._i2c.writeto(self._addr, self._runs[1])

    def _write_run(self, addr, buf, start, end):
        # The address set and the run's data bytes as back-to-back frames of one write:
        # 5 + 4 x n bytes on the wire instead of (n + 1) x 5 and as many starts and stops.
        step = self._step
        self._frame(self._run, 0, _SET_DDRAM | addr, 0)
        at = step
        for i in range(start, end):
            self._frame(self._run, at, buf[i], MASK_RS)
            at += step
        self._i2c.writeto(self._addr, self._runs[end - start + 1])

    def _frame(self, b, at, value, rs):
        # one instruction or data byte at b[at:at + step]: [hi|E, hi, lo|E, lo, lo...]
        hi = rs | self._bl | ((value >> 4) << SHIFT_DATA)
        lo = rs | self._bl | ((value & 0x0F) << SHIFT_DATA)
        b[at] = hi | MASK_E
        b[at + 1] = hi
        b[at + 2] = lo | MASK_E
        for k in range(at + 3, at + self._step):
            b[k] = lo  # E stays low: the wait for the instruction to run

    def _write_init_nibble(self, nibble):
        # 8-bit mode during the reset: one E pulse carries one whole instruction.
        b = self._buf
        b[0] = self._bl | (nibble << SHIFT_DATA) | MASK_E
        b[1] = self._bl | (nibble << SHIFT_DATA)
        self._i2c.writeto(self._addr, self._mv[:2])


def frame_bytes(freq):
    """Port bytes per instruction inside a run at an I2C clock of ``freq`` Hz: 4 (the two
    nibbles, E high then low), plus as many repeats of the last port state as it takes for
    the instruction to finish before the next one's first E fall.

    HD44780U datasheet, table 6: an instruction runs 37 us (a data write 37 + 4 us) at
    fosc = 270 kHz, so up to 59 us at the slowest oscillator (190 kHz). The next E fall
    comes 2 + pad bytes of 9 clocks later: 180 us at 100 kHz (no pad), 45 us at 400 kHz
    (one pad byte: 67.5 us). Raises ValueError for a clock outside 10 kHz..1 MHz."""
    if not 10000 <= freq <= 1000000:
        raise ValueError("I2C clock %r Hz outside 10 kHz..1 MHz" % (freq,))
    clocks = (_EXEC_SLOW_US * freq + 999999) // 1000000  # clocks the instruction needs
    pad = 0
    while (2 + pad) * 9 < clocks:
        pad += 1
    return 4 + pad

"""How a PCF8574 "I2C backpack" wires its 8-bit port to an HD44780 character LCD.

One place for the wiring, imported by the driver (``device/drivers/hd44780.py``) and by the
chip model (``host_sim/chips/hd44780.py``), so the fake cannot drift from the driver
(python_lcd's 0x10 vs 0x14 bug, STYLE.md item 3). Mapping from docs/twin.md "HD44780U",
the same as python_lcd's ``machine_i2c_lcd.py`` and Wokwi's LCD1602 model::

    P0 RS   P1 R/W   P2 E   P3 backlight   P4..P7 D4..D7
"""

from core.compat import const

MASK_RS = const(0x01)  # P0 -> RS: 0 = instruction register, 1 = data register
MASK_RW = const(0x02)  # P1 -> R/W: 0 = write; our driver never reads (busy flag unused)
MASK_E = const(0x04)  # P2 -> E: the HD44780 latches D7..D4 on its 1 -> 0 edge
SHIFT_BACKLIGHT = const(3)  # P3 -> backlight transistor, 1 = lit
SHIFT_DATA = const(4)  # P4..P7 -> D4..D7: a nibble sits in the port's high half
DEFAULT_ADDR = const(0x27)  # PCF8574T with A0..A2 open; PCF8574AT backpacks answer at 0x3F

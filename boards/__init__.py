"""One module per board: pin maps and ``build()``, which returns the hardware bundle.

Only board modules touch ``machine``. ``build(..., machine=None)`` imports the real module
on a board; the desktop twin passes its emulated one.
"""

from collections import namedtuple

# What a board gives the firmware: reader drivers by seat (or one central reader), the LCD
# driver, buttons (prev, next, ok) as Pins, the buzzer Pin (or None), the link UART (or
# None) and the folder where the journal lives.
Hardware = namedtuple("Hardware", ("readers", "lcd", "buttons", "buzzer", "link", "storage"))

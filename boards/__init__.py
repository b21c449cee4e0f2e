"""One module per board: pin maps and ``build()``, which returns the hardware bundle.

Only board modules touch ``machine``. ``build(..., machine=None)`` imports the real module
on a board; the desktop twin passes its emulated one.
"""

from collections import namedtuple

# What a board gives the firmware: reader drivers by seat (or one central reader), the LCD
# driver, buttons (prev, next, ok) as Pins, the buzzer Pin (or None), the link UART (or
# None) and the folder where the journal lives.
Hardware = namedtuple("Hardware", ("readers", "lcd", "buttons", "buzzer", "link", "storage"))


def assemble(board, machine, seats, lcd_cols, lcd_rows, link):
    """The hardware bundle every board builds the same way from its pin constants
    (``board``: the board module: SPI_ID, SCK, MOSI, MISO, READER_CS, SPI_BAUD, I2C_ID, SDA,
    SCL, I2C_FREQ, LCD_ADDR, BUTTONS, BUZZER, STORAGE, NAME, RX_GAIN) over ``machine``; ``link``:
    the board's link UART, already opened (the UART constructors differ between ports).
    Raises ValueError for more seats than chip selects, the driver's DeviceNotFound when
    the LCD does not answer. A reader that does not answer starts offline (the table loop
    reports it and retries it, ``device.pads``); the I2C bus is cleared first
    (:func:`reopen_i2c`), since a reset in the middle of a transfer can leave the LCD's
    backpack holding SDA low."""
    from device.drivers.hd44780 import Lcd
    from device.drivers.mfrc522 import MFRC522
    if not 1 <= seats <= len(board.READER_CS):
        raise ValueError("the %s board wires 1..%d readers, not %r"
                         % (board.NAME, len(board.READER_CS), seats))
    Pin = machine.Pin
    spi = machine.SPI(board.SPI_ID, baudrate=board.SPI_BAUD, polarity=0, phase=0,
                      sck=Pin(board.SCK), mosi=Pin(board.MOSI), miso=Pin(board.MISO))
    readers = [MFRC522(spi, Pin(board.READER_CS[i], Pin.OUT, value=1), required=False,
                       rx_gain=board.RX_GAIN) for i in range(seats)]

    def reopen():
        return reopen_i2c(board, machine)

    lcd = Lcd(reopen(), board.LCD_ADDR, lcd_cols, lcd_rows, reopen=reopen, freq=board.I2C_FREQ)
    buttons = tuple(Pin(p, Pin.IN, Pin.PULL_UP) for p in board.BUTTONS)
    return Hardware(readers, lcd, buttons, Pin(board.BUZZER, Pin.OUT, value=0), link,
                    board.STORAGE)


def reopen_i2c(board, machine):
    """The board's LCD bus as a new ``machine.I2C``, after a bus clear on its pins
    (``device.drivers.i2c_bus``, NXP UM10204 3.1.16). Raises OSError(110) (ETIMEDOUT)
    when SDA is still held low after it."""
    from device.drivers.i2c_bus import bus_clear
    Pin = machine.Pin
    if not bus_clear(Pin, board.SDA, board.SCL):
        raise OSError(110)
    return machine.I2C(board.I2C_ID, sda=Pin(board.SDA), scl=Pin(board.SCL),
                       freq=board.I2C_FREQ)

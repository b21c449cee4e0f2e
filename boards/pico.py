"""Raspberry Pi Pico (RP2040): pins, buses and drivers of a trickref table controller.

Wiring (docs/wiring.md): up to 6 MFRC522 readers share SPI0 (SCK GP18, MOSI GP19,
MISO GP16), each with its own chip select; a PCF8574-backed HD44780 LCD on I2C0 (SDA GP4,
SCL GP5, 100 kHz as the PCF8574 is rated, address 0x27); buttons previous/next/OK on
GP10/GP11/GP12 to ground with pull-ups; a buzzer on GP15; the serial link to a host on
UART0 (TX GP0, RX GP1, 115200 8N1, through any USB-serial adapter; the USB port stays the
REPL).
"""

from boards import assemble

SPI_ID = 0
SCK, MOSI, MISO = 18, 19, 16
READER_CS = (17, 20, 21, 22, 26, 27)  # chip select of the reader at seat 0..5
SPI_BAUD = 1000000  # 1 MHz: long pad cables; the MFRC522 allows 10 MHz
# MFRC522 receiver gain (RFCfgReg RxGain, datasheet 9.3.3.6): the reset value, 33 dB. A card
# lies flat on its pad, so no range is wanted beyond the reset one; more gain would also
# hear cards on the neighbouring pads and more noise (docs/twin.md "RF on the table").
RX_GAIN = 33
I2C_ID = 0
SDA, SCL = 4, 5
# 100 kHz: the PCF8574 is rated for standard mode only (NXP PCF8574 datasheet: fSCL max
# 100 kHz). A backpack built on a PCA8574 (rated 400 kHz) may set 400000: the
# LCD driver pads its frames for the HD44780's execution time (docs/performance.md).
I2C_FREQ = 100000
LCD_ADDR = 0x27  # PCF8574T with A0..A2 open (0x3F on a PCF8574A backpack)
BUTTONS = (10, 11, 12)  # previous, next, OK
BUZZER = 15
STORAGE = "/data"
# Watchdog (machine.WDT): reset when the loop has not run for 5 s (rp2040: at most 8388 ms; MicroPython
# docs, machine.WDT). The longest legitimate pause of the loop is a journal compaction.
WDT_MS = 5000
NAME = "Pico"
LINK_UART = 0  # UART0 on GP0 (TX) / GP1 (RX)
LINK_TX, LINK_RX = 0, 1
LINK_BAUD = 115200


def build(seats=3, lcd_cols=16, lcd_rows=2, machine=None):
    """Build the hardware bundle for ``seats`` reader pads and a ``lcd_cols``x``lcd_rows``
    LCD. Raises the drivers' DeviceNotFound when a reader or the LCD does not answer."""
    if machine is None:
        import machine
    import sys
    link = machine.UART(LINK_UART, LINK_BAUD, tx=machine.Pin(LINK_TX), rx=machine.Pin(LINK_RX))
    return assemble(sys.modules[__name__], machine, seats, lcd_cols, lcd_rows, link)  # pins above

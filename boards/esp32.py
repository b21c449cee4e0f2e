"""ESP32 DevKitC (ESP32-WROOM-32 module): pins, buses and drivers of a trickref table controller.

Wiring (same parts as the Pico board, docs/hardware.md):

- up to 6 MFRC522 readers on VSPI, MicroPython ``SPI(2)``, at its native IO_MUX pins
  (SCK GPIO18, MOSI GPIO23, MISO GPIO19), each with its own chip select: GPIO5, 4, 13, 25,
  26, 27 for seats 0..5. GPIO5 is VSPI's own CS0 and a strapping pin that must be high at
  boot: an idle chip select is high, so it is safe. Kept clear: GPIO6-11 (the module's
  flash), GPIO12 (strapping: flash voltage), GPIO0/2/15 (strapping), GPIO1/3 (UART0, the
  REPL), GPIO34-39 (inputs without pull-ups).
- a PCF8574-backed HD44780 LCD on hardware ``I2C(0)`` at the DevKitC's usual I2C pins
  (SDA GPIO21, SCL GPIO22), 100 kHz (the PCF8574's rating), address 0x27.
- buttons previous/next/OK on GPIO32/33/14 to ground with the internal pull-ups.
- the serial link to a host on UART2 (TX GPIO16, RX GPIO34, 115200 8N1).
- a buzzer (through a transistor) on GPIO17. On a WROVER module GPIO16/17 belong to the
  PSRAM: move it to a free pin there.

Sources: Espressif ESP32 datasheet, "Strapping Pins" and the IO_MUX table (VSPI default
pins); MicroPython ESP32 quick reference (hardware SPI id 2 = VSPI, I2C id 0 with any pins).
"""

from boards import assemble

SPI_ID = 2  # VSPI
SCK, MOSI, MISO = 18, 23, 19  # VSPI IO_MUX pins: no GPIO matrix delay
READER_CS = (5, 4, 13, 25, 26, 27)  # chip select of the reader at seat 0..5
SPI_BAUD = 1000000  # 1 MHz: long pad cables; the MFRC522 allows 10 MHz
# MFRC522 receiver gain (RFCfgReg RxGain, datasheet 9.3.3.6): the reset value, 33 dB. A card
# lies flat on its pad, so no range is wanted beyond the reset one; more gain would also
# hear cards on the neighbouring pads and more noise (docs/twin.md "RF on the table").
RX_GAIN = 33
I2C_ID = 0
SDA, SCL = 21, 22
# 100 kHz: the PCF8574 is rated for standard mode only (NXP PCF8574 datasheet: fSCL max
# 100 kHz). A backpack built on a PCA8574 (rated 400 kHz) may set 400000: the
# LCD driver pads its frames for the HD44780's execution time (docs/performance.md).
I2C_FREQ = 100000
LCD_ADDR = 0x27  # PCF8574T with A0..A2 open (0x3F on a PCF8574A backpack)
BUTTONS = (32, 33, 14)  # previous, next, OK
BUZZER = 17
STORAGE = "/data"
# Watchdog (machine.WDT): reset when the loop has not run for 5 s (esp32: any; MicroPython
# docs, machine.WDT). The longest legitimate pause of the loop is a journal compaction.
WDT_MS = 5000
NAME = "ESP32"
LINK_UART = 2  # UART2: TX GPIO16, RX GPIO34 (input-only pins suit an RX line)
LINK_TX, LINK_RX = 16, 34
LINK_BAUD = 115200


def build(seats=3, lcd_cols=16, lcd_rows=2, machine=None):
    """Build the hardware bundle for ``seats`` reader pads and a ``lcd_cols``x``lcd_rows``
    LCD (a ``boards.Hardware``). Raises ValueError for more seats than chip selects, the
    drivers' DeviceNotFound when a reader or the LCD does not answer."""
    if machine is None:
        import machine
    import sys
    link = machine.UART(LINK_UART, LINK_BAUD, tx=LINK_TX, rx=LINK_RX)
    return assemble(sys.modules[__name__], machine, seats, lcd_cols, lcd_rows, link)  # pins above

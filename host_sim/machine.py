"""A ``machine``-compatible surface (Pin, SPI, I2C) over emulated chips, plus a virtual clock.

Only the methods the drivers call exist (MicroPython docs: machine.Pin, machine.SPI,
machine.I2C). Chips attach to a bus:

- SPI chips implement ``spi_select()``, ``spi_deselect()`` and ``spi_exchange(byte) -> byte``;
  they attach with ``spi.attach(chip, cs_pin)`` and are selected while that pin is low.
- I2C chips implement ``i2c_write(data: bytes)`` and ``i2c_read(n) -> bytes``; they attach
  with ``i2c.attach(addr, chip)``. A write to an address nobody answers raises
  ``OSError(19)`` (ENODEV), as MicroPython does on a missing ACK.

Every bus counts the bytes it moved (``bytes_moved``) and the wire time they took at the
bus clock (``wire_us``), for the benchmarks.

An I2C bus with a virtual clock keeps a timeline in µs: each transaction takes its wire
time and each advance of the clock between transactions adds to it (on a board
``writeto`` blocks while the bytes go out, and a ``sleep_ms`` starts after it). A chip
with a ``bus_timing`` attribute (the HD44780 model) is told when each byte lands, for its
busy flag (docs/twin.md "HD44780U").

Faults (issue 27), for the tests of a board that heals itself:

- ``machine.WDT(timeout=ms)`` / ``.feed()`` run on the virtual clock: once started, any
  ``sleep_ms``/``advance`` past the last feed plus the timeout raises :class:`WatchdogReset`
  (a ``BaseException``: the firmware's ``except Exception`` cannot swallow a reset), as the
  MCU resets; ``machine.reset()`` raises :class:`BoardReset`.
- ``I2C.stick_sda(bits)``: a slave holds SDA low in the middle of a byte (it missed clocks);
  every transaction then fails with ``OSError(110)`` (ETIMEDOUT) until SCL has been
  clocked ``bits`` times with SDA released and a STOP sent (NXP UM10204 3.1.16, "Bus
  clear"), done with ``machine.Pin`` on the bus's SDA/SCL pins.
- ``I2C.hang()``: the I2C controller hangs: the next transaction never returns (the
  virtual clock runs on inside it) until the board resets; only the watchdog gets out.
"""

_ENODEV = 19  # errno MicroPython raises when an I2C address does not acknowledge
_ETIMEDOUT = 110  # errno of a bus transaction that timed out (SDA or SCL held low)
_HANG_STEP_MS = 10  # a hung transaction burns virtual time in steps of this


class WatchdogReset(BaseException):
    """The watchdog was not fed in time: the MCU resets (raised from the virtual clock)."""


class BoardReset(BaseException):
    """``machine.reset()``: the firmware restarts the board."""


class VirtualClock:
    """Milliseconds that advance only when told: ``sleep_ms`` and ``advance`` move it.

    Drivers and the loop read it through ``device.timing.use(clock)``, so tests are
    repeatable and never wait for real time.
    """

    def __init__(self, start_ms=0):
        self.now_ms = start_ms
        self.watchdog = None  # the started WDT, checked each time the clock moves

    def ticks_ms(self):
        """The current virtual time in ms (wraps at 2**30 like MicroPython's ticks)."""
        return self.now_ms % (1 << 30)

    def sleep_ms(self, ms):
        """Advance the clock by ``ms`` (what a driver's delay costs on the board)."""
        self.advance(ms)

    def advance(self, ms):
        """Advance the clock by ``ms``; raises WatchdogReset when a started watchdog
        expires on the way."""
        self.now_ms += ms
        wdt = self.watchdog
        if wdt is not None and self.now_ms - wdt.fed_ms > wdt.timeout:
            self.watchdog = None  # the reset stops it, as on the chip
            raise WatchdogReset("watchdog: not fed for %d ms (timeout %d ms)"
                                % (self.now_ms - wdt.fed_ms, wdt.timeout))


class WDT:
    """``machine.WDT(id=0, timeout=5000)`` on a virtual clock: started at construction,
    fed by ``feed()``; cannot be stopped (MicroPython docs, machine.WDT). ``max_ms``: the
    port's limit (rp2040: 8388 ms), a longer timeout raises ValueError as the port does."""

    def __init__(self, clock, timeout=5000, max_ms=None):
        if timeout <= 0 or (max_ms is not None and timeout > max_ms):
            raise ValueError("WDT timeout %r ms outside 1..%s" % (timeout, max_ms))
        self.clock = clock
        self.timeout = timeout
        self.fed_ms = clock.now_ms
        self.feeds = 0
        clock.watchdog = self

    def feed(self):
        """Restart the countdown."""
        self.fed_ms = self.clock.now_ms
        self.feeds += 1


class Pin:
    """A GPIO pin. Watchers (chip models) are called with the new level on every change."""

    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self._value = 1 if pull == Pin.PULL_UP else 0
        self._watchers = []
        if value is not None:
            self._value = 1 if value else 0

    def init(self, mode=-1, pull=-1, value=None):
        """Reconfigure the pin, as ``machine.Pin.init``: an input with a pull-up reads 1
        until something pulls it low (a button to ground)."""
        if mode != -1:
            self.mode = mode
        if value is not None:
            self.value(value)
        elif pull == Pin.PULL_UP:
            self.value(1)
        elif pull == Pin.PULL_DOWN:
            self.value(0)

    def value(self, v=None):
        """Read the level, or drive it to ``v`` and notify the watchers on a change."""
        if v is None:
            return self._value
        v = 1 if v else 0
        if v != self._value:
            self._value = v
            for w in self._watchers:
                w(v)
        return None

    def on(self):
        """Drive the pin high."""
        self.value(1)

    def off(self):
        """Drive the pin low."""
        self.value(0)

    def __call__(self, v=None):
        return self.value(v)

    def watch(self, callback):
        """Call ``callback(level)`` on every change of level (emulator hook)."""
        self._watchers.append(callback)

    def __repr__(self):
        return "Pin(%r)" % (self.id,)


class SPI:
    """An SPI controller; chips are selected by their chip-select pin going low."""

    def __init__(self, id=0, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        self.id = id
        self.baudrate = baudrate
        self._selected = None
        self.bytes_moved = 0
        self.wire_us = 0.0

    def init(self, baudrate=None, **kw):
        """Change the clock rate (other settings are accepted and ignored)."""
        if baudrate:
            self.baudrate = baudrate

    def attach(self, chip, cs_pin):
        """Wire ``chip`` to this bus behind ``cs_pin`` (active low)."""

        def on_cs(level):
            if level == 0:
                self._selected = chip
                chip.spi_select()
            elif self._selected is chip:
                chip.spi_deselect()
                self._selected = None

        cs_pin.watch(on_cs)

    def _exchange(self, out):
        self.bytes_moved += 1
        self.wire_us += 8e6 / self.baudrate
        chip = self._selected
        return chip.spi_exchange(out) if chip is not None else 0xFF

    def write(self, buf):
        """Clock out ``buf``; what comes back on MISO is dropped."""
        for b in buf:
            self._exchange(b)

    def read(self, nbytes, write=0x00):
        """Clock ``nbytes`` while sending ``write``; return what came back."""
        return bytes(self._exchange(write) for _ in range(nbytes))

    def readinto(self, buf, write=0x00):
        """Fill ``buf`` with bytes clocked in while sending ``write``."""
        for i in range(len(buf)):
            buf[i] = self._exchange(write)

    def write_readinto(self, write_buf, read_buf):
        """Full duplex: send ``write_buf`` and store what comes back in ``read_buf``."""
        for i in range(len(write_buf)):
            read_buf[i] = self._exchange(write_buf[i])


class I2C:
    """An I2C controller with chips attached by 7-bit address."""

    def __init__(self, id=0, scl=None, sda=None, freq=400000, timeout=50000, clock=None):
        self.id = id
        self.freq = freq
        self._chips = {}
        self.bytes_moved = 0
        self.wire_us = 0.0
        self.clock = clock
        self.stuck_bits = 0  # SCL pulses the slave still waits for while it holds SDA low
        self.hung = False
        self.bus_clears = 0  # STOPs sent by GPIO (a bus clear ends with one)
        self.freed = 0  # stuck SDA lines released by clocking SCL
        self._scl = self._sda = None
        self._master_sda = 1  # the level the master drives on SDA (1 = released)
        self._t_us = 0.0  # when the last transaction left the wire (bus timeline, us)
        self._t_ms = None  # the virtual clock at the last transaction

    def wire(self, scl, sda):
        """Watch the bus's SCL and SDA pins (bus clear by GPIO); once per bus."""
        if self._scl is not None or scl is None or sda is None:
            return
        self._scl, self._sda = scl, sda
        scl.watch(self._on_scl)
        sda.watch(self._on_sda)

    def stick_sda(self, bits=5):
        """Fault: a slave holds SDA low, waiting for ``bits`` more SCL clocks (1..9)."""
        self.stuck_bits = bits
        if self._sda is not None:
            self._sda._value = 0  # what a GPIO read of the line now sees

    def hang(self):
        """Fault: the next transaction never returns (until the board resets)."""
        self.hung = True

    def reset_controller(self):
        """The MCU reset: the controller's own state (a hang) is gone; slaves keep theirs."""
        self.hung = False

    def _on_scl(self, level):
        if level == 0 and self.stuck_bits and self._master_sda:
            self.stuck_bits -= 1  # the slave shifts out one more bit on each clock
            if not self.stuck_bits:
                self._sda._value = self._master_sda  # its byte is over: SDA released
                self.freed += 1

    def _on_sda(self, level):
        self._master_sda = level
        if self.stuck_bits:
            self._sda._value = 0  # the slave still pulls the line low
        elif level == 1 and self._scl is not None and self._scl.value():
            self.bus_clears += 1  # a STOP: SDA rising while SCL is high

    def _check_bus(self):
        while self.hung:
            if self.clock is None:
                raise RuntimeError("I2C hang without a clock would never end")
            self.clock.advance(_HANG_STEP_MS)
        if self.stuck_bits:
            raise OSError(_ETIMEDOUT)

    def attach(self, addr, chip):
        """Put ``chip`` on the bus at 7-bit address ``addr``."""
        self._chips[addr] = chip

    def scan(self):
        """The addresses that acknowledge, ascending."""
        self._check_bus()
        return sorted(self._chips)

    def _chip(self, addr, nbytes):
        self._check_bus()
        # 9 clocks per byte (8 data + ACK) plus the address byte, start and stop.
        self.bytes_moved += nbytes + 1
        clk_us = 1e6 / self.freq
        wire = (9 * (nbytes + 1) + 2) * clk_us
        self.wire_us += wire
        chip = self._chips.get(addr)
        start = self._bus_now_us()
        self._t_us = start + wire
        if chip is None:
            raise OSError(_ENODEV)
        if hasattr(chip, "bus_timing") and self.clock is not None:
            # first data byte ends after START (1 clock), the address and itself (9 + 9)
            chip.bus_timing = (start + 19 * clk_us, 9 * clk_us)
        return chip

    def _bus_now_us(self):
        """When the next transaction starts, on the bus's own timeline: the wire time of
        every transaction plus every advance of the virtual clock between them. On a
        board ``writeto`` blocks for its wire time and a ``sleep_ms`` starts after it;
        the virtual clock does not move during a write, so the bus keeps that time."""
        if self.clock is not None:
            now = self.clock.now_ms
            if self._t_ms is not None and now > self._t_ms:
                self._t_us += (now - self._t_ms) * 1000.0
            self._t_ms = now
        return self._t_us

    def writeto(self, addr, buf, stop=True):
        """Write ``buf`` to the chip at ``addr``; return the number of bytes acknowledged."""
        self._chip(addr, len(buf)).i2c_write(bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        """Write the buffers of ``vector`` back to back in one transaction."""
        data = b"".join(bytes(v) for v in vector)
        self._chip(addr, len(data)).i2c_write(data)
        return len(data)

    def readfrom(self, addr, nbytes, stop=True):
        """Read ``nbytes`` from the chip at ``addr``."""
        return bytes(self._chip(addr, nbytes).i2c_read(nbytes))

    def readfrom_into(self, addr, buf, stop=True):
        """Read ``len(buf)`` bytes from the chip at ``addr`` into ``buf``."""
        data = self._chip(addr, len(buf)).i2c_read(len(buf))
        buf[:] = data


class NullUart:
    """A UART with nothing connected: never receives, drops what is written."""

    def any(self):
        return 0

    def read(self, n=-1):
        return None

    def write(self, buf):
        return len(buf)


class MemUart:
    """A UART whose two directions are byte buffers: ``rx`` holds what the host sent (a
    test or fuzzer fills it), ``tx`` collects what the board wrote."""

    def __init__(self, data=b""):
        self.rx = bytearray(data)
        self.tx = bytearray()

    def any(self):
        return len(self.rx)

    def read(self, n=-1):
        n = len(self.rx) if n is None or n < 0 else n
        out = bytes(self.rx[:n])
        del self.rx[:n]
        return out or None

    def write(self, b):
        self.tx.extend(b)
        return len(b)


class SimMachine:
    """A stand-in for the ``machine`` module of one emulated board.

    ``clock``: the board's VirtualClock (needed by ``WDT`` and a hung I2C bus).

    ``Pin(id)``, ``SPI(id)`` and ``I2C(id)`` return the same object for the same id, as the
    hardware does, so chips wired with :meth:`attach_spi` / :meth:`attach_i2c` before the
    board module runs see exactly the buses and chip selects the firmware uses.
    """

    PWRON_RESET, HARD_RESET, WDT_RESET, SOFT_RESET = 1, 2, 3, 5  # reset_cause() values

    def __init__(self, clock=None):
        pins = {}
        spis = {}
        i2cs = {}

        class BoardPin(Pin):
            def __new__(cls, id, *args, **kw):
                p = pins.get(id)
                if p is None:
                    p = object.__new__(cls)
                    Pin.__init__(p, id)
                    pins[id] = p
                return p

            def __init__(self, id, mode=-1, pull=-1, value=None):
                self.init(mode, pull, value)

        def spi(id=0, **kw):
            bus = spis.get(id)
            if bus is None:
                bus = spis[id] = SPI(id)
            if kw.get("baudrate"):
                bus.init(baudrate=kw["baudrate"])
            return bus

        def i2c(id=0, **kw):
            bus = i2cs.get(id)
            if bus is None:
                bus = i2cs[id] = I2C(id, clock=clock)
            if kw.get("freq"):
                bus.freq = kw["freq"]
            bus.wire(kw.get("scl"), kw.get("sda"))
            return bus

        def wdt(id=0, timeout=5000):
            if clock is None:
                raise OSError("no watchdog on a board without a virtual clock")
            return WDT(clock, timeout, self.wdt_max_ms)

        def reset():
            raise BoardReset("machine.reset()")

        uarts = {}

        def uart(id=0, baudrate=115200, **kw):
            u = uarts.get(id)
            if u is None:
                u = uarts[id] = NullUart()
            return u

        self.Pin = BoardPin
        self.SPI = spi
        self.I2C = i2c
        self.WDT = wdt
        self.reset = reset
        self.wdt_max_ms = 8388  # rp2040 (MicroPython docs, machine.WDT)
        self.clock = clock
        self.cause = self.PWRON_RESET  # what machine.reset_cause() answers
        self.reset_cause = lambda: self.cause
        self.UART = uart
        self.uarts = uarts
        self.pins = pins
        self.spis = spis
        self.i2cs = i2cs

    def attach_spi(self, bus_id, cs_pin_id, chip):
        """Wire ``chip`` to SPI bus ``bus_id`` behind chip-select pin ``cs_pin_id``."""
        self.SPI(bus_id).attach(chip, self.Pin(cs_pin_id))

    def attach_uart(self, uart_id, uart):
        """Give the firmware ``uart`` (``any/read/write``, e.g. host_sim.link.UartBridge)
        when it opens UART ``uart_id``."""
        self.uarts[uart_id] = uart

    def attach_i2c(self, bus_id, addr, chip):
        """Put ``chip`` on I2C bus ``bus_id`` at 7-bit address ``addr``."""
        self.I2C(bus_id).attach(addr, chip)

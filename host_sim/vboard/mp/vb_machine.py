"""The virtual board's ``machine`` module: MicroPython's side of the bus bridge.

Runs inside the MicroPython unix port (whose own ``machine`` has no Pin, SPI or I2C). The
virtual board's boot script puts this module in ``sys.modules["machine"]``, so the board
module's ``import machine`` gets it and the firmware runs unmodified. Every pin level, SPI
byte and I2C write goes over a loopback TCP socket to the host process, where the desktop
twin's register models (``host_sim/chips``: MFRC522 + NTAG213, PCF8574 + HD44780) sit
behind ``host_sim.machine``'s buses: one set of chip models, no copy to drift.

MicroPython's documented API (docs.micropython.org, library/machine.Pin, machine.SPI,
machine.I2C, machine.UART) is here, so a driver written for a board runs unmodified:
``Pin`` (``init``, ``value``, ``on``/``off``/``high``/``low``/``toggle``, ``irq`` accepted
and never fired, ``mode``, ``pull``), ``SPI``/``SoftSPI`` (``init``, ``deinit``, ``read``,
``readinto``, ``write``, ``write_readinto``), ``I2C``/``SoftI2C`` (``init``, ``deinit``,
``scan``, ``readfrom``, ``readfrom_into``, ``writeto``, ``writevto``, ``readfrom_mem``,
``readfrom_mem_into``, ``writeto_mem``), ``UART``, ``freq``, ``unique_id``, ``idle``,
``reset_cause``. On a board ``machine`` is built in and costs no heap; here every method
is heap, and the memory figures (tools/mem_report.py) include this module.

Wire protocol (the host end is ``host_sim/vboard/bus.py``; little-endian): every request
is a 5-byte header ``op, a, b, n_lo, n_hi`` followed by ``n`` payload bytes for the ops
that carry data:

====  ======================  =============================  ===========================
op    a, b                    payload / n                    reply payload
====  ======================  =============================  ===========================
P     pin id, level           none, n = 0                    (no reply)
W     SPI id, 0               bytes clocked out              (no reply)
X     SPI id, 0               bytes clocked out              the n bytes clocked in
R     SPI id, fill byte       none; n = bytes to clock in    the n bytes clocked in
I     I2C id, address         bytes written                  (no reply)
i     I2C id, address         none; n = bytes to read        the n bytes read
S     I2C id, 0               none                           the answering addresses
C     0, 0                    UTF-8 harness command          UTF-8 answer
====  ======================  =============================  ===========================

Every request is sent at once, in order (no batching): a write reaches the chip models
before the next request, so the host's LCD model never lags the firmware and the last
writes of a script arrive. A reply is ``status, len_lo, len_hi, payload``; status 1 carries an
error message (a chip model fault, a lift of a card that is not on the pad), raised here
as ``RuntimeError``. An I2C address that nobody answers raises ``OSError(19)`` (ENODEV)
as MicroPython does: the addresses present are read once per bus with ``S``.

``command(text)`` is not part of MicroPython's ``machine``: it sends a harness command
(``place 0 skat CJ``, ``place 0 blank 04A1B2C3D4E5F6``, ``place 0 image <360 hex digits>``,
``lift 0 skat CJ``, ``lcd``; host_sim/vboard/bus.py) to the host, for scripts that lay
tagged cards on the pads and read the display back.
"""

import os
import socket

_hdr = bytearray(5)
_sock = None
_levels = {}  # pin id -> last level driven or configured


def _link():
    global _sock
    if _sock is None:
        host, port = os.getenv("TRICKREF_VBOARD_BUS").split(":")
        _sock = socket.socket()
        _sock.connect(socket.getaddrinfo(host, int(port))[0][-1])
        _sock.setsockopt(6, 1, 1)  # IPPROTO_TCP, TCP_NODELAY (Linux): round trips
        for pin in _levels:  # a new link: the host's pins take our levels again
            _send(0x50, pin, _levels[pin], None, 0)
    return _sock


def _send(op, a, b, data, n):
    """Send one request now: ``data`` (``n`` bytes) or None for the ops without payload."""
    s = _link()
    h = _hdr
    h[0] = op
    h[1] = a
    h[2] = b
    h[3] = n & 0xFF
    h[4] = n >> 8
    try:
        s.write(h)
        if data is not None and n:
            s.write(data)
    except BaseException:
        # Interrupted between the header and its payload (Ctrl-C): the host would read the
        # next request's bytes as this payload and lose step; drop the link instead.
        _drop()
        raise


def _drop():
    """Close the link; the next request opens a new one."""
    global _sock
    if _sock is not None:
        _sock.close()
    _sock = None


def _call(op, a, b, data, n, into):
    """Send a request that has a reply; fill ``into`` with it, or return it as bytes."""
    try:
        _send(op, a, b, data, n)
        hdr = _sock.read(3)
        k = hdr[1] | (hdr[2] << 8)
        if hdr[0]:
            msg = _sock.read(k)
        elif into is None:
            msg = None
            into = _sock.read(k) if k else b""
        elif k != len(into) or _sock.readinto(into) != k:
            raise OSError(5)
    except BaseException:
        # Interrupted mid-exchange (Ctrl-C) or a broken link: a late answer would be
        # taken for the next one, so drop the link; the next request opens a new one.
        _drop()
        raise
    if hdr[0]:
        raise RuntimeError("virtual board: " + msg.decode())
    return into


class Pin:
    """A GPIO pin. Output levels go to the host (chip selects, NRSTPD); input levels read
    back what was driven or configured (a pulled-up button reads 1)."""

    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None, **kw):
        if not 0 <= id <= 255:
            raise ValueError("virtual board pins are 0..255, not %r" % (id,))
        self.id = id
        self._mode = 0
        self._pull = None
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None, **kw):
        """Reconfigure: drive ``value``, or let a pull resistor set the level."""
        if mode != -1:
            self._mode = mode
        if pull != -1:
            self._pull = pull
        if value is not None:
            self.value(value)
        elif pull is not None and pull > 0:
            _levels[self.id] = 1 if pull == 1 else 0

    def value(self, v=None):
        """Read the level, or drive it to ``v`` (sent to the host when it changes)."""
        if v is None:
            return _levels.get(self.id, 0)
        v = 1 if v else 0
        if _levels.get(self.id) != v:
            _levels[self.id] = v
            _send(0x50, self.id, v, None, 0)  # P

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    high = on
    low = off

    def toggle(self):
        self.value(1 - self.value())

    def mode(self, mode=None):
        if mode is None:
            return self._mode
        self._mode = mode

    def pull(self, pull=None):
        if pull is None:
            return self._pull
        self.init(pull=pull)

    def irq(self, handler=None, trigger=12, **kw):
        """Accepted: no host pin changes level by itself, so it never fires."""
        return None


class _Bus:
    """One SPI or I2C controller; the chips answer on the host. SPI and I2C share this
    class (one class less of heap); I2C knows which addresses answer (op S)."""

    MSB = 0
    LSB = 1

    def __init__(self, id, i2c):
        self.id = id
        self._i2c = i2c
        self._present = None

    def init(self, *args, **kw):
        """Settings (baudrate, pins, freq) are accepted; the models ignore them."""

    def deinit(self):
        self._present = None

    # -- SPI --------------------------------------------------------------------------------

    def write(self, buf):
        """SPI: clock out ``buf``."""
        _send(0x57, self.id, 0, buf, len(buf))  # W

    def read(self, nbytes, write=0):
        """SPI: ``nbytes`` clocked in while sending ``write``."""
        return bytes(self.readinto(bytearray(nbytes), write))

    def readinto(self, buf, write=0):
        """SPI: fill ``buf`` with bytes clocked in while sending ``write``."""
        if len(buf):
            _call(0x52, self.id, write, None, len(buf), buf)  # R
        return buf

    def write_readinto(self, write_buf, read_buf):
        """SPI full duplex: send ``write_buf``, store what comes back in ``read_buf``."""
        _call(0x58, self.id, 0, write_buf, len(write_buf), read_buf)  # X

    # -- I2C --------------------------------------------------------------------------------

    def scan(self):
        """I2C: the addresses that acknowledge."""
        self._present = list(_call(0x53, self.id, 0, None, 0, None))  # S
        return self._present

    def _check(self, addr):
        if self._present is None:
            self.scan()
        if addr not in self._present:
            raise OSError(19)  # ENODEV: no ACK

    def writeto(self, addr, buf, stop=True):
        """I2C: write ``buf`` to the chip at ``addr``; OSError(19) if nobody answers."""
        self._check(addr)
        _send(0x49, self.id, addr, buf, len(buf))  # I
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        """I2C: the buffers of ``vector`` back to back in one transaction."""
        data = b"".join(bytes(v) for v in vector)
        self.writeto(addr, data, stop)
        return len(data)

    def readfrom_into(self, addr, buf, stop=True):
        """I2C: fill ``buf`` from the chip at ``addr``."""
        self._check(addr)
        _call(0x69, self.id, addr, None, len(buf), buf)  # i

    def readfrom(self, addr, nbytes, stop=True):
        """I2C: ``nbytes`` from the chip at ``addr``."""
        buf = bytearray(nbytes)
        self.readfrom_into(addr, buf)
        return bytes(buf)

    def _mem(self, memaddr, addrsize):
        return bytes((memaddr >> s) & 0xFF for s in range(addrsize - 8, -1, -8))

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        """I2C: ``memaddr`` (``addrsize`` bits, MSB first) then ``buf``, one transaction."""
        self.writeto(addr, self._mem(memaddr, addrsize) + bytes(buf))

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        """I2C: write ``memaddr``, then read ``len(buf)`` bytes (repeated start)."""
        self.writeto(addr, self._mem(memaddr, addrsize), False)
        self.readfrom_into(addr, buf)

    def readfrom_mem(self, addr, memaddr, nbytes, addrsize=8):
        """I2C: write ``memaddr``, then read ``nbytes``."""
        buf = bytearray(nbytes)
        self.readfrom_mem_into(addr, memaddr, buf, addrsize)
        return bytes(buf)


class UART:
    """The link UART: not wired on the virtual board (its REPL is the link to the host),
    so nothing arrives and what is written is dropped."""

    def __init__(self, id=0, baudrate=115200, **kw):
        self.id = id

    def init(self, *args, **kw):
        pass

    def deinit(self):
        pass

    def any(self):
        return 0

    def read(self, n=-1):
        return None

    def readinto(self, buf, n=-1):
        return None

    def readline(self):
        return None

    def write(self, buf):
        return len(buf)


def SPI(id=0, *args, **kw):
    """``machine.SPI(id, baudrate=..., sck=..., ...)``: the bus ``id`` (settings ignored)."""
    return _Bus(id, False)


def I2C(id=0, *args, **kw):
    """``machine.I2C(id, scl=..., sda=..., freq=...)``: the bus ``id``; its answering
    addresses are read from the host on first use (op S)."""
    return _Bus(id, True)


def SoftSPI(*args, **kw):
    """``machine.SoftSPI(...)``: bit-banged on a board; here the bus 0 of the host."""
    return _Bus(0, False)


def SoftI2C(*args, **kw):
    """``machine.SoftI2C(scl, sda, ...)``: bit-banged on a board; here I2C bus 0."""
    return _Bus(0, True)


PWRON_RESET, HARD_RESET, WDT_RESET, DEEPSLEEP_RESET, SOFT_RESET = 1, 2, 3, 4, 5


def freq(*args):
    """CPU clock in Hz (the rp2040's default; setting it is accepted)."""
    return 125000000


def unique_id():
    return b"vboard00"


def idle():
    pass


def reset_cause():
    return PWRON_RESET


def command(text):
    """A harness command for the host (``place SEAT DECK CODE``, ``place SEAT blank UID``,
    ``place SEAT image HEX``, ``lift ...``, ``lcd``, ``clear``); returns its answer.
    RuntimeError with the host's reason if refused."""
    data = text.encode()
    return _call(0x43, 0, 0, data, len(data), None).decode()  # C

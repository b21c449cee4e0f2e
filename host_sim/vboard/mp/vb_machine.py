"""The virtual board's ``machine`` module: MicroPython's side of the bus bridge.

Runs inside the MicroPython unix port (whose own ``machine`` has no Pin, SPI or I2C). The
virtual board's boot script puts this module in ``sys.modules["machine"]``, so the board
module's ``import machine`` gets it and the firmware runs unmodified. Every pin level, SPI
byte and I2C write goes over a loopback TCP socket to the host process, where the desktop
twin's register models (``host_sim/chips``: MFRC522 + NTAG213, PCF8574 + HD44780) sit
behind ``host_sim.machine``'s buses: one set of chip models, no copy to drift.

Only what the drivers call is here (``Pin(id, mode, pull, value)``, ``init``, ``value``,
calling the pin; ``SPI(...).write/readinto/write_readinto``; ``I2C(...).writeto``): on a board
``machine`` is built in and costs no heap, here every method is heap, and the memory
figures (tools/mem_report.py) include this module. (The bus also serves SPI/I2C reads and
scans, ops ``R``, ``i``, ``S``, for a driver that needs them.)

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

Ops without a reply are batched and sent with the next op that needs one (a register read
is one round trip). A reply is ``status, len_lo, len_hi, payload``; status 1 carries an
error message (a chip model fault, a lift of a card that is not on the pad), raised here
as ``RuntimeError``. An I2C address that nobody answers raises ``OSError(19)`` (ENODEV)
as MicroPython does: the addresses present are read once per bus with ``S``.

``command(text)`` is not part of MicroPython's ``machine``: it sends a harness command
(``place 0 skat CJ``, ``lift 0 skat CJ``, ``lcd``) to the host, for scripts that lay tagged
cards on the pads and read the display back.
"""

import os
import socket

_BATCH = 256  # bytes of queued requests before they are sent anyway
_out = bytearray(_BATCH + 5)
_fill = 0  # bytes queued in _out
_sock = None
_levels = {}  # pin id -> last level driven or configured


def _queue(op, a, b, data, n):
    """Queue one request: ``data`` (``n`` bytes) or None for the ops without payload."""
    global _fill, _sock
    if _sock is None:
        host, port = os.getenv("TRICKREF_VBOARD_BUS").split(":")
        _sock = socket.socket()
        _sock.connect(socket.getaddrinfo(host, int(port))[0][-1])
        _sock.setsockopt(6, 1, 1)  # IPPROTO_TCP, TCP_NODELAY (Linux): round trips
        for pin in _levels:  # a new link: the host's pins take our levels again
            _queue(0x50, pin, _levels[pin], None, 0)
    size = 0 if data is None else n
    if _fill + 5 + size > _BATCH:
        _sock.write(memoryview(_out)[:_fill])
        _fill = 0
    o = _out
    i = _fill
    o[i] = op
    o[i + 1] = a
    o[i + 2] = b
    o[i + 3] = n & 0xFF
    o[i + 4] = n >> 8
    if size > _BATCH - 5:  # a long payload goes out on its own
        _sock.write(memoryview(o)[:i + 5])
        _sock.write(data)
        _fill = 0
        return
    o[i + 5:i + 5 + size] = data if size else b""
    _fill = i + 5 + size


def _call(op, a, b, data, n, into):
    """Send a request that has a reply; fill ``into`` with it, or return it as bytes."""
    global _fill, _sock
    _queue(op, a, b, data, n)
    try:
        _sock.write(memoryview(_out)[:_fill])
        _fill = 0
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
        _sock.close()
        _sock = None
        _fill = 0
        raise
    if hdr[0]:
        raise RuntimeError("virtual board: " + msg.decode())
    return into


class Pin:
    """A GPIO pin. Output levels go to the host (chip selects); input levels read back
    what was configured (a pulled-up button reads 1)."""

    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        if not 0 <= id <= 255:
            raise ValueError("virtual board pins are 0..255, not %r" % (id,))
        self.id = id
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        """Reconfigure: drive ``value``, or let a pull resistor set the level."""
        if value is not None:
            self.value(value)
        elif pull > 0:
            _levels[self.id] = 1 if pull == 1 else 0

    def value(self, v=None):
        """Read the level, or drive it to ``v`` (sent to the host when it changes)."""
        if v is None:
            return _levels.get(self.id, 0)
        v = 1 if v else 0
        if _levels.get(self.id) != v:
            _levels[self.id] = v
            _queue(0x50, self.id, v, None, 0)  # P

    __call__ = value


class _Bus:
    """One SPI or I2C controller; the chips answer on the host. SPI and I2C share this
    class (one class less of heap): SPI uses ``write``, ``readinto``, ``write_readinto``;
    I2C uses ``writeto`` and knows which addresses answer."""

    def __init__(self, id, present):
        self.id = id
        self._present = present

    def write(self, buf):
        """SPI: clock out ``buf``."""
        _queue(0x57, self.id, 0, buf, len(buf))  # W

    def readinto(self, buf, write=0):
        """SPI: fill ``buf`` with bytes clocked in while sending ``write``."""
        _call(0x52, self.id, write, None, len(buf), buf)  # R

    def write_readinto(self, write_buf, read_buf):
        """SPI full duplex: send ``write_buf``, store what comes back in ``read_buf``."""
        _call(0x58, self.id, 0, write_buf, len(write_buf), read_buf)  # X

    def writeto(self, addr, buf, stop=True):
        """I2C: write ``buf`` to the chip at ``addr``; OSError(19) if nobody answers."""
        if addr not in self._present:
            raise OSError(19)  # ENODEV: no ACK
        _queue(0x49, self.id, addr, buf, len(buf))  # I
        return len(buf)


class UART:
    """The link UART: not wired on the virtual board (its REPL is the link to the host),
    so nothing arrives and what is written is dropped."""

    def __init__(self, id=0, baudrate=115200, **kw):
        self.id = id

    def any(self):
        return 0

    def read(self, n=-1):
        return None

    def write(self, buf):
        return len(buf)


def SPI(id=0, **kw):
    """``machine.SPI(id, baudrate=..., sck=..., ...)``: the bus ``id`` (settings ignored)."""
    return _Bus(id, None)


def I2C(id=0, **kw):
    """``machine.I2C(id, scl=..., sda=..., freq=...)``: the bus ``id``, its answering
    addresses read from the host once (op S)."""
    return _Bus(id, _call(0x53, id, 0, None, 0, None))


def command(text):
    """A harness command for the host (``place SEAT DECK CODE``, ``lift SEAT DECK CODE``,
    ``lcd``, ``clear``); returns its answer. RuntimeError with the host's reason if refused."""
    data = text.encode()
    return _call(0x43, 0, 0, data, len(data), None).decode()  # C

"""The host end of the virtual board's bus bridge: the desktop twin's chip models behind a
loopback socket.

``BusServer(board="pico", seats=3, cols=16, rows=2)`` wires one MFRC522 model per seat pad
and the PCF8574 + HD44780 model to a ``host_sim.machine.SimMachine`` exactly where
``boards/<board>.py`` puts them (``SPI_ID``, ``READER_CS``, ``I2C_ID``, ``LCD_ADDR``), then
serves the requests of ``host_sim/vboard/mp/vb_machine.py`` (the protocol table is in that
module's docstring) on ``127.0.0.1``. The chip models are the ones ``host_sim.board.SimBoard``
uses, so the firmware under MicroPython meets the same registers as on the desktop.

Harness commands (op ``C``; also callable here as methods):

- ``place SEAT DECK CODE`` / ``lift SEAT DECK CODE``: the NTAG213 sticker of that card
  (``host_sim.board.TaggedDeck``, the desktop twin's UIDs) enters / leaves the pad's field;
- ``place SEAT blank UID`` (a factory-blank NTAG213, UID 14 hex digits), ``place SEAT image
  HEX`` (any 180-byte NTAG213 memory, 360 hex digits; the UID is read from pages 0-2) and
  ``lift SEAT uid UID``: tags that are not deck cards, e.g. for another driver's writes;
- ``lcd``: the visible rows, ``\\n``-joined, suit glyphs as Unicode;
- ``clear``: take every card off every pad;
- ``fault reader SEAT off|on``: that pad's reader loses power / comes back at reset values;
  ``fault nibble N``: a spurious E pulse latches nibble N into the HD44780;
  ``fault brownout``: every chip resets together (issue 27, ``host_sim/faults.py``).

One MicroPython process talks to the server at a time; when it goes (a soft reset, the end
of a run) the next one may connect and finds the chips as they were, as on a board.
"""

import importlib
import socket
import threading

from core.cards import deck_named
from core.errors import BadTag
from host_sim.board import TaggedDeck, glyph_map
from host_sim.chips.hd44780 import Hd44780Model
from host_sim.chips.mfrc522 import Mfrc522
from host_sim.chips.ntag import Ntag213
from host_sim.machine import SimMachine

_WITH_PAYLOAD = b"WXIC"
_WITH_REPLY = b"XRiSC"
HOST = "127.0.0.1"  # loopback only: the bridge has no authentication


class BusError(Exception):
    """A request the bus cannot carry out (unknown op, bad harness command)."""


class BusServer:
    """Chip models for ``seats`` pads and a ``cols`` x ``rows`` LCD on ``board``'s pins.

    ``start()`` listens on ``127.0.0.1`` (``port`` 0 = any free port) and returns the
    ``host:port`` string that ``TRICKREF_VBOARD_BUS`` must hold; ``stop()`` closes it.
    ``pads``, ``lcd_model`` and ``machine`` are the models, for tests and tools.
    """

    def __init__(self, board="pico", seats=3, cols=16, rows=2):
        mod = importlib.import_module("boards." + board)
        if not 1 <= seats <= len(mod.READER_CS):
            raise ValueError("board %s wires 1..%d readers, not %r"
                             % (board, len(mod.READER_CS), seats))
        self.board = board
        self.machine = SimMachine()
        self.pads = [Mfrc522() for _ in range(seats)]
        for seat, chip in enumerate(self.pads):
            self.machine.attach_spi(mod.SPI_ID, mod.READER_CS[seat], chip)
        self.lcd_model = Hd44780Model(cols, rows, glyph_map())
        self.machine.attach_i2c(mod.I2C_ID, mod.LCD_ADDR, self.lcd_model)
        self._decks = {}
        self._lock = threading.Lock()
        self._listener = None
        self._conn = None
        self._thread = None
        self._stopping = False
        self.requests = 0  # requests served, for the benchmarks
        self.address = None

    # -- harness ----------------------------------------------------------------------------

    def _tag(self, deck, code):
        tagged = self._decks.get(deck)
        if tagged is None:
            tagged = self._decks[deck] = TaggedDeck(deck_named(deck))
        return tagged.tag(tagged.deck.parse(code))

    def place(self, seat, deck, code):
        """Lay card ``code`` of ``deck`` on ``seat``'s pad; ``deck`` "blank" (``code`` the
        UID) or "image" (``code`` the 180-byte memory in hex) lays any NTAG213."""
        with self._lock:
            self.pads[seat].place(self._any_tag(deck, code))

    def _any_tag(self, kind, arg):
        if kind not in ("blank", "image"):
            return self._tag(kind, arg)
        try:
            raw = bytes.fromhex(arg)
            if kind == "blank":
                return Ntag213(raw)
            return Ntag213(raw[0:3] + raw[4:8], memory=raw)
        except (ValueError, BadTag) as e:  # bad hex, a UID not of 7 bytes, not 180 bytes
            raise BusError("bad %s tag %r: %s" % (kind, arg[:40], e)) from None

    def lift(self, seat, deck, code):
        """Take card ``code`` of ``deck`` off ``seat``'s pad (``deck`` "uid": the tag whose
        UID is ``code`` in hex); BusError if it is not there."""
        with self._lock:
            pad = self.pads[seat]
            if deck == "uid":
                tags = [t for t in pad.tags if t.uid.hex() == code.lower()]
                tag = tags[0] if tags else None
            else:
                tag = self._tag(deck, code)
            if tag not in pad.tags:
                raise BusError("%s is not on pad %d" % (code, seat))
            pad.remove(tag)

    def clear(self):
        """Take every card off every pad."""
        with self._lock:
            for pad in self.pads:
                for tag in list(pad.tags):
                    pad.remove(tag)

    def lcd_lines(self):
        """The LCD's visible rows (suit glyphs as Unicode)."""
        with self._lock:
            return self.lcd_model.lines()

    def _command(self, text):
        words = text.split()
        if words and words[0] in ("place", "lift") and len(words) == 4:
            try:
                seat = int(words[1])
            except ValueError:
                raise BusError("seat must be a number: %r" % text) from None
            if not 0 <= seat < len(self.pads):
                raise BusError("no pad %d (pads 0..%d)" % (seat, len(self.pads) - 1))
            getattr(self, words[0])(seat, words[2], words[3])
            return "ok"
        if words == ["lcd"]:
            return "\n".join(self.lcd_lines())
        if words == ["clear"]:
            self.clear()
            return "ok"
        if words[:1] == ["fault"]:
            with self._lock:
                return self._fault(words[1:], text)
        raise BusError("unknown harness command %r (place/lift SEAT DECK CODE, place SEAT "
                       "blank|image HEX, lift SEAT uid UID, lcd, clear, fault ...)" % text)

    def _fault(self, words, text):
        try:
            if words[0] == "reader" and words[2] in ("off", "on"):
                chip = self.pads[int(words[1])]
                chip.power_off() if words[2] == "off" else chip.power_on()
            elif words[0] == "nibble":
                self.lcd_model.spurious_nibble(int(words[1]))
            elif words == ["brownout"]:
                for chip in self.pads:
                    chip.power_off()
                    chip.power_on()
                self.lcd_model.power_cycle()
            else:
                raise ValueError(text)
        except (IndexError, ValueError):
            raise BusError("bad fault command %r (fault reader SEAT off|on, fault nibble N, "
                           "fault brownout)" % text) from None
        return "ok"

    # -- serving ----------------------------------------------------------------------------

    def start(self, port=0):
        """Listen on 127.0.0.1:``port`` and serve in a thread; returns ``"host:port"``."""
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind((HOST, port))
        self._listener.listen(1)
        self.address = "%s:%d" % (HOST, self._listener.getsockname()[1])
        self._thread = threading.Thread(target=self._accept_loop, name="vboard-bus",
                                        daemon=True)
        self._thread.start()
        return self.address

    def stop(self, timeout=2.0):
        """Close the listener and the current link; waits at most ``timeout`` s."""
        self._stopping = True
        for s in (self._listener, self._conn):
            if s is not None:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()
        if self._thread is not None:
            self._thread.join(timeout)

    def _accept_loop(self):
        while not self._stopping:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._conn = conn
            try:
                self._serve(conn)
            except OSError:
                pass
            finally:
                conn.close()
                self._conn = None

    def _serve(self, conn):
        rd = conn.makefile("rb")
        pending = None  # first error of a request that has no reply, told with the next reply
        while True:
            hdr = rd.read(5)
            if len(hdr) < 5:
                return  # the MicroPython process went away
            op, a, b = hdr[0], hdr[1], hdr[2]
            n = hdr[3] | (hdr[4] << 8)
            data = rd.read(n) if op in _WITH_PAYLOAD else b""
            if len(data) < (n if op in _WITH_PAYLOAD else 0):
                return
            self.requests += 1
            try:
                if pending is not None and op in _WITH_REPLY:
                    raise pending
                with self._lock:
                    out = self._do(op, a, b, n, data)
            except Exception as e:  # a chip model fault: the firmware sees RuntimeError
                if op not in _WITH_REPLY:
                    pending = pending or e
                    continue
                pending = None
                msg = ("%s: %s" % (type(e).__name__, e)).encode()[:1024]
                conn.sendall(bytes((1, len(msg) & 0xFF, len(msg) >> 8)) + msg)
                continue
            if op in _WITH_REPLY:
                conn.sendall(bytes((0, len(out) & 0xFF, len(out) >> 8)) + out)

    def _do(self, op, a, b, n, data):
        m = self.machine
        if op == 0x50:  # P: pin level
            m.Pin(a).value(b)
        elif op == 0x57:  # W: SPI write
            m.SPI(a).write(data)
        elif op == 0x58:  # X: SPI full duplex
            buf = bytearray(n)
            m.SPI(a).write_readinto(data, buf)
            return bytes(buf)
        elif op == 0x52:  # R: SPI read with a fill byte
            buf = bytearray(n)
            m.SPI(a).readinto(buf, b)
            return bytes(buf)
        elif op == 0x49:  # I: I2C write
            m.I2C(a).writeto(b, data)
        elif op == 0x69:  # i: I2C read
            return m.I2C(a).readfrom(b, n)
        elif op == 0x53:  # S: I2C scan
            return bytes(m.I2C(a).scan())
        elif op == 0x43:  # C: harness command
            self._lock.release()  # the harness methods take the lock themselves
            try:
                return self._command(data.decode()).encode()
            finally:
                self._lock.acquire()
        else:
            raise BusError("unknown bus op 0x%02X" % op)
        return b""

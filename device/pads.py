"""The seat pads: polling the readers round robin, debouncing, and read faults.

``Pads.poll(now_ms)`` looks at one pad per call (so a tick never blocks on six readers) and
returns at most one :data:`Read`: a new card on a pad (``kind == CARD``), or a fault the
table must hear about (``COLLISION``, ``READ_ERROR``); transient faults are retried
silently up to ``READ_RETRIES`` polls.

Debounce: a card counts once, until it leaves the pad. After a card is read its tag is
halted, and a halted tag does not answer the REQA that looks for new cards, so a card laid
on top of others (a central pad, a trick left lying) is read alone. A pad is occupied while
some tag answers WUPA (which also wakes halted tags), and free again after ``LIFT_POLLS``
empty polls in a row.
"""

from collections import namedtuple

from core.compat import const
from device import timing
from device.drivers.errors import NfcCollision, NfcError

LIFT_POLLS = const(2)  # empty polls in a row before a pad counts as cleared
READ_RETRIES = const(3)  # transient read faults tolerated before telling the table
POLL_MS = const(4)  # a full round of the pads at most every 4 ms: 250 Hz per pad

CARD = "card"
COLLISION = "collision"
READ_ERROR = "read-error"

# One outcome of a poll: ``kind``, ``pad`` index, ``uid`` and ``data`` (the 16 bytes of
# page 4) for a card, ``error`` (the NfcError) for a fault.
Read = namedtuple("Read", ("kind", "pad", "uid", "data", "error"))


class Pads:
    """Round-robin, debounced polling of ``readers`` (drivers with ``read_card()`` and
    ``tag_present()``)."""

    def __init__(self, readers):
        if not readers:
            raise ValueError("at least one reader pad is needed")
        self.readers = readers
        n = len(readers)
        self.uid = [None] * n  # UID of the tag resting on each pad, or None
        self._misses = bytearray(n)
        self._faults = bytearray(n)
        self._empty = bytearray(n)  # empty polls in a row (saturates at 255)
        self._next = 0
        self._last = None

    def occupied(self):
        """True while any pad still has a card on it."""
        for u in self.uid:
            if u is not None:
                return True
        return False

    def poll(self, now_ms):
        """Poll the next pad if its period has passed; returns a Read or None."""
        if self._last is not None and \
                timing.ticks_diff(now_ms, self._last) < POLL_MS // len(self.readers):
            return None
        self._last = now_ms
        pad = self._next
        self._next = (pad + 1) % len(self.readers)
        reader = self.readers[pad]
        try:
            got = reader.read_card()
        except NfcCollision as e:
            return Read(COLLISION, pad, None, None, e)
        except NfcError as e:  # CRC, NAK, timeout, protocol: usually a card half placed
            self._empty[pad] = 0
            self._faults[pad] += 1
            if self._faults[pad] < READ_RETRIES:
                return None
            self._faults[pad] = 0
            return Read(READ_ERROR, pad, None, None, e)
        if got is None:
            # after a fault the tag stays silent for one poll (it fell back to IDLE), so
            # faults are forgiven only after LIFT_POLLS empty polls in a row
            if self._empty[pad] < 255:
                self._empty[pad] += 1
            if self._empty[pad] >= LIFT_POLLS:
                self._faults[pad] = 0
            if self.uid[pad] is not None:
                self._check_lifted(pad, reader)
            return None
        self._empty[pad] = 0
        self._faults[pad] = 0
        self._misses[pad] = 0
        if got[0] == self.uid[pad]:
            # the same tag again: it flickered at the edge of the field (lost power, came
            # back IDLE) without the pad ever reading empty; it still counts once
            return None
        self.uid[pad] = got[0]
        return Read(CARD, pad, got[0], got[1], None)

    def _check_lifted(self, pad, reader):
        try:
            present = reader.tag_present()
        except NfcError:
            present = True  # something answers garbled: still a card there
        if present:
            self._misses[pad] = 0
            return
        self._misses[pad] += 1
        if self._misses[pad] >= LIFT_POLLS:
            self.uid[pad] = None
            self._misses[pad] = 0

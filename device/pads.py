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

A reader that stops answering (``DeviceNotFound``: its cable worked loose, a brown-out
reset it) is first re-initialised at once (``revive``: a brown-out leaves the chip
answering but with its registers at reset values); if it stays silent the pad goes
offline (``NO_READER``, told once), is retried every ``RETRY_MS``, and when it answers
again it is re-initialised and reported back (``READER_BACK``). Nothing is ever read from
an offline pad, and what the pad held is kept: a card that lay there all along is not read
twice (same UID), a card laid while it was offline is read when it comes back.

A card lying across two pads sits in both fields (docs/twin.md "RF on the table"): the pad
that polls first would read it for its seat. So before a new card is reported, the pad
halts it and asks every other online pad whether that UID answers there too
(``holds``: WUPA, SELECT by UID, HLTA); if one does the card is reported as ``BETWEEN``
with those pads, never as a card, and it stays halted (counted once, like a card) until
it is lifted: laid again on one pad it is read afresh. This costs, per card about to be
reported, the HLTA moved before the verdict (300 us timer, its answer not awaited) and
one WUPA per other empty pad (300 us timer): +1.8 ms wire time to the verdict with 3
pads, +2.3 ms with 4 (tests/bench/bench_board.py, docs/twin.md); an empty poll costs
nothing more.
"""

from collections import namedtuple

from core.compat import const
from device import timing
from device.drivers.errors import NfcCollision, NfcError

LIFT_POLLS = const(2)  # empty polls in a row before a pad counts as cleared
READ_RETRIES = const(3)  # transient read faults tolerated before telling the table
POLL_MS = const(4)  # a full round of the pads at most every 4 ms: 250 Hz per pad
RETRY_MS = const(500)  # an offline reader is tried again twice a second

CARD = "card"
COLLISION = "collision"
READ_ERROR = "read-error"
NO_READER = "no-reader"  # the pad's reader stopped answering
READER_BACK = "reader-back"  # ...and answers again, re-initialised
BETWEEN = "between-pads"  # one card answers on two pads: credited to neither

# One outcome of a poll: ``kind``, ``pad`` index, ``uid`` and ``data`` (the 16 bytes of
# page 4) for a card, ``error`` (the NfcError) for a fault; for BETWEEN ``data`` is the
# tuple of the other pads the card also answers on.
Read = namedtuple("Read", ("kind", "pad", "uid", "data", "error"))


class Pads:
    """Round-robin, debounced polling of ``readers`` (drivers with ``read_card(known,
    halt)``, ``halt()``, ``tag_present()`` and ``holds(uid)``, as
    ``device.drivers.mfrc522.MFRC522``).

    ``known(uid) -> bool`` (None: every card is read): a card known by its UID alone (an
    audited deck) comes back with ``data`` None, its READ skipped. ``defer_halt``: the
    read tag stays selected until :meth:`release` (the table loop halts it after the LCD).
    """

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
        self.offline = [None] * n  # per pad: None, or the ticks_ms of the next retry
        self.revived = 0  # readers re-initialised after they stopped answering
        self.known = None  # known(uid) -> True: the card is known by its UID, READ skipped
        self.defer_halt = False  # True: the caller halts a read tag with release()
        self._held = -1  # pad whose tag was read and awaits its HLTA, or -1

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
        if self.offline[pad] is not None:
            return self._retry(pad, reader, now_ms)
        try:
            got = reader.read_card(self.known, not self.defer_halt)
        except OSError as e:  # DeviceNotFound: the chip itself does not answer
            return self._lost(pad, reader, now_ms, e)
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
        if self.defer_halt:
            self._held = pad
        if got[0] == self.uid[pad]:
            # the same tag again: it flickered at the edge of the field (lost power, came
            # back IDLE) without the pad ever reading empty; it still counts once
            return None
        self.uid[pad] = got[0]
        others = self._also_on(pad, got[0])
        if others:
            return Read(BETWEEN, pad, got[0], others, None)
        return Read(CARD, pad, got[0], got[1], None)

    def _also_on(self, pad, uid):
        """The other online pads in whose field the tag ``uid``, just read on ``pad``,
        also answers (a card across pads), as a tuple. The tag is halted on ``pad`` first:
        a selected (ACTIVE) tag would take the other pads' WUPA as an error and stay
        silent. A reader that fails here is skipped (its own poll finds out); a garbled
        answer counts as the card being there (``holds``)."""
        if len(self.readers) == 1:
            return ()
        self._held = -1
        try:
            self.readers[pad].halt(False)  # 300 us timer: the answer is not awaited
        except OSError:
            pass
        found = []
        for other, reader in enumerate(self.readers):
            if other == pad or self.offline[other] is not None:
                continue
            try:
                if reader.holds(uid):
                    found.append(other)
            except OSError:
                continue
        return tuple(found)

    def release(self):
        """With ``defer_halt``: send the HLTA to the tag the last poll read (after the LCD
        shows its verdict: the HLTA's 1 ms of silence, ISO/IEC 14443-3 6.4.3, is then off
        the card-to-verdict path). Nothing to do otherwise. Never raises: a reader that
        fails here is found by its next poll."""
        pad = self._held
        if pad < 0:
            return
        self._held = -1
        try:
            self.readers[pad].halt()
        except OSError:
            pass

    def _lost(self, pad, reader, now_ms, error):
        """The reader of ``pad`` did not answer: re-initialise it at once (a brown-out
        reset it), else take the pad offline and tell the table once."""
        try:
            reader.revive()
            self.revived += 1
            return None
        except OSError:
            self.offline[pad] = timing.ticks_add(now_ms, RETRY_MS)
            return Read(NO_READER, pad, None, None, error)

    def _retry(self, pad, reader, now_ms):
        if timing.ticks_diff(now_ms, self.offline[pad]) < 0:
            return None
        try:
            reader.revive()
        except OSError:
            self.offline[pad] = timing.ticks_add(now_ms, RETRY_MS)
            return None
        self.offline[pad] = None
        self._faults[pad] = 0
        self.revived += 1
        return Read(READER_BACK, pad, None, None, None)

    def _check_lifted(self, pad, reader):
        try:
            present = reader.tag_present()
        except OSError:
            return  # the reader itself failed: the next read_card finds out
        except NfcError:
            present = True  # something answers garbled: still a card there
        if present:
            self._misses[pad] = 0
            return
        self._misses[pad] += 1
        if self._misses[pad] >= LIFT_POLLS:
            self.uid[pad] = None
            self._misses[pad] = 0

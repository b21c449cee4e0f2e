"""The journal: an append-only log on the board's flash that survives a power cut.

Every change to the game (the game header, each deal's header, every action the referee
accepted, undos, deal and game ends) is appended as one record and flushed *before* it is
shown. On boot :meth:`Journal.recover` reads the records back (streaming them into a
:class:`Resumer`, in core.journal_replay and reachable from here, so the file is never held
in RAM at once), and the result groups them into the current game's deals so the firmware
rebuilds the referee by replaying the open deal's actions (``Referee.replay``), exactly as
undo does::

    j = Journal("/journal.bin")
    res = Resumer()
    _, report = j.recover(sink=res.add)      # report: what a power cut tore off, if any
    state = res.result()                     # Resume(game, deals, over, game_over)
    ...
    j.append(ACTION, ("play", (seat, card)))  # before the LCD shows the card

File layout (all integers little-endian)::

    "TRJ2"                                   file magic, 4 bytes (format 2)
    record*:
      LEN   u16   bytes of KIND + SEQ + PAYLOAD (3 .. MAX_RECORD)
      KIND  u8    1 game, 2 deal-start, 3 act, 4 undo, 5 deal, 6 game-over, 7 sheet
      SEQ   u16   the record's number in the file: 0, 1, 2... (wrapping at 65536)
      PAYLOAD     one value in the codec below
      CRC   u32   CRC-32 of LEN, KIND, SEQ and PAYLOAD

Format 1 (magic "TRJ1", older firmware) has no SEQ; it is read, and appended to in its own
layout until a compaction rewrites it as format 2. Sequence numbers make a duplicated
record visible: a record with the SEQ and CRC of the one before it is skipped (counted in
``Report.duplicates``, never applied twice); any other SEQ out of order means records are
missing (a gap) and raises BadRecord, so the boot sets the file aside rather than guess.

Write-ahead (issue 16): ``append`` writes, flushes and reads the record back; a write that
fails or does not read back raises OSError and is cut off the file again, so the file holds
exactly the records appended without error and the caller refuses the action. A new file
(compaction, repair, the export snapshot) is read back before it replaces anything.
``set_aside`` moves a journal the boot cannot replay to a side file ``<path>.N.bad`` and
starts again from its proven prefix. The ``opener`` hook (default ``open``) lets the twin's
flash model (host_sim.flash) inject full, failing, torn and rotten writes.

A power cut leaves at worst one torn record at the end; flash wear or a stray write may
corrupt one in the middle. Reading stops at the first record that is torn (the file ends
inside it) or corrupt (bad length, CRC mismatch): that record and everything after it are
dropped and reported (:class:`Report`), never a record before it. A record with a good CRC
that does not decode is not damage but a bug or another firmware's file: it raises
BadRecord and the file is left alone.

Payload: one value in the value codec of :mod:`core.codec`; CRC: :mod:`core.crc32`.

Record kinds: the named constants below, the one place their names live. They are short
strings in the API (what ``device.controller`` writes, what ``core.journal_replay``
groups) and stored as the KIND byte: the name's index in KINDS + 1 (docs/records.md "The
board's journal"). Their data (the journal checks only ``act``):

- GAME ``"game"``: the game header, e.g. ``[name, players, [[option, value]...]]``; a new
  game and score sheet start.
- DEAL ``"deal-start"`` (optional): a deal's header, e.g. ``{"deal": 1, "dealer": 0,
  "seed": None}``. Without it a deal starts with its first action.
- ACTION ``"act"``: ``[verb, args]``, one entry of ``Referee.actions``.
- UNDO ``"undo"``: the deal's last action was taken back (``Referee.undo``); data ignored.
- DEAL_OVER ``"deal"``: the deal is over and booked; data: its score-sheet row (kept by
  compaction, so put the row there).
- GAME_OVER ``"game-over"``: the game's sheet is closed; data: a summary (totals).
- SHEET ``"sheet"``: a checkpoint of the game's score sheet, written only by a compaction
  (``core.journal_checkpoint.checkpoint``) in place of the booked deals' records: data, the
  game flow's rows (``booked_rows``), one flat list per booked deal, from which the sheet
  is rebuilt exactly (``rebook``). It follows its game's GAME record, before any deal.
"""

from collections import namedtuple

from core.codec import decode, encode  # noqa: F401 (core.journal.decode: tests, tools)
from core.compat import const, unload
from core.crc32 import crc32
from core.errors import BadRecord

MAGIC = b"TRJ2"  # file magic: "trickref journal", format 2 (records carry a SEQ)
MAGIC_V1 = b"TRJ1"  # format 1 (no SEQ): still read, and appended to in its own layout
MAX_RECORD = const(4096)  # largest KIND + PAYLOAD; a LEN above it is damage, not data
_HEAD = const(3)  # LEN u16 + KIND u8
_SEQ = const(2)  # SEQ u16 (format 2)
_CRC = const(4)  # CRC-32 u32

# Record kinds (see above): what callers write, e.g. ``journal.append(ACTION, [verb, args])``.
GAME = "game"
DEAL = "deal-start"
ACTION = "act"
UNDO = "undo"
DEAL_OVER = "deal"
GAME_OVER = "game-over"
SHEET = "sheet"
KINDS = (GAME, DEAL, ACTION, UNDO, DEAL_OVER, GAME_OVER, SHEET)  # KIND byte = index + 1

Record = namedtuple("Record", ("kind", "data"))


def encode_record(kind, data, seq=None):
    """The bytes of one journal record: format 2 (LEN, KIND, SEQ, PAYLOAD, CRC) with
    sequence number ``seq`` (an int, taken modulo 65536), or format 1 (no SEQ) when
    ``seq`` is None. Raises BadRecord on an unknown kind (not one of KINDS), an ACTION that
    is not ``(verb, args)``, or a record over MAX_RECORD."""
    code = 0
    for i in range(len(KINDS)):
        if KINDS[i] == kind:
            code = i + 1
    if not code:
        raise BadRecord("unknown journal record kind %r (known: %s)" % (kind, ", ".join(KINDS)))
    if kind == ACTION and not (isinstance(data, (tuple, list)) and len(data) == 2
                               and isinstance(data[0], str)
                               and isinstance(data[1], (tuple, list))):
        raise BadRecord("an action record is (verb, args), not %r" % (data,))
    payload = encode(data)
    n = len(payload) + 1 + (0 if seq is None else _SEQ)
    if n > MAX_RECORD:
        raise BadRecord("journal record of %d bytes is over the %d-byte limit"
                        % (n, MAX_RECORD))
    rec = bytearray((n & 0xFF, n >> 8, code))
    if seq is not None:
        rec.append(seq & 0xFF)
        rec.append((seq >> 8) & 0xFF)
    rec.extend(payload)
    rec.extend(crc32(rec).to_bytes(4, "little"))
    return bytes(rec)


class Report:
    """What :meth:`Journal.read` found: ``kept`` good bytes (the magic and every complete
    record), ``dropped`` bytes after them, ``reason`` why (None when nothing was dropped),
    ``records`` the number of records kept, ``duplicates`` the records skipped as copies of
    the one before them (format 2). ``ok`` is True when nothing was dropped. ``inside``:
    the bad record is damage, not a torn write (a whole record whose CRC does not check,
    or a bad length with bytes other than zeros after it); ``side``: where
    :meth:`Journal.recover` kept the whole file then."""

    def __init__(self, kept, dropped, reason, records, duplicates=0, inside=False):
        self.kept = kept
        self.dropped = dropped
        self.reason = reason
        self.records = records
        self.duplicates = duplicates  # records skipped as copies of the one before
        self.inside = inside
        self.side = None

    @property
    def ok(self):
        return self.dropped == 0

    def __repr__(self):
        dup = "; %d duplicated records skipped" % self.duplicates if self.duplicates else ""
        if self.ok:
            return "journal: %d records, %d bytes, %s%s" % (
                self.records, self.kept, "not intact" if dup else "intact", dup)
        side = "; the whole file kept in %s" % self.side if self.side else ""
        return ("journal: %d records kept (%d bytes); %d bytes dropped at byte %d: %s%s%s"
                % (self.records, self.kept, self.dropped, self.kept, self.reason, dup, side))

    __str__ = __repr__


class Journal:
    """The append-only journal file at ``path`` (``/journal.bin`` on the board).

    ``opener``: ``open`` (the default) or a stand-in with its signature (the twin's flash
    model). ``offset``: while ``read``/``recover`` stream records into a sink, the end
    offset of the record being passed (the boot notes the last one it could prove).
    ``append(kind, data)`` writes one record, flushes it and reads it back before
    returning (write, then show). ``recover()`` is the boot step: it finishes or discards
    an interrupted compaction, reads the records and cuts a torn or corrupt tail off the
    file so the next record follows the last good one. ``read()`` only reads. ``compact()`` rewrites the
    file atomically (temporary file, then rename). ``hold_io``: True keeps the reading and
    upkeep code (core.journal_io) loaded between calls (the booking's reads and rewrite
    load it once; whoever sets it unloads it).

    Runs on MicroPython: only ``open``, ``os.stat``, ``os.rename``, ``os.remove``.
    """

    def __init__(self, path, opener=None):
        self.path = path
        self.tmp = path + ".new"  # compaction / repair target, renamed over ``path``
        self._open = opener or open  # the twin's flash model injects faults through this
        self._f = None  # append handle, opened on first append
        self._size = None  # good bytes in the file; None until recover() has run
        self.offset = 0  # while reading: the end offset of the record given to the sink
        self._seq = 0  # the next record's SEQ; None for a format 1 file
        self._export = None  # (handle, size) of the journal export under way (snapshot)
        self.hold_io = False  # True: core.journal_io stays loaded between calls

    # -- boot and reading

    def read(self, sink=None):
        """Read every complete record; returns ``(records, report)``.

        ``records``: list of :class:`Record` ``(kind, data)``. ``report``: a
        :class:`Report`; a torn or corrupt tail is dropped and described there,
        the records before it are all returned. With ``sink`` (a callable, e.g.
        ``Resumer().add``) each record is passed to it as it is read and ``records`` stays
        empty, so a long evening's journal is never held in RAM at once. A missing file
        reads as an empty journal; a file that is there but cannot be opened raises the
        OSError (never read as empty). Raises BadRecord when the file is not a trickref journal
        (other magic) or a record with a good CRC does not decode (and whatever ``sink``
        raises); the file is never modified by ``read``.
        """
        return _io_call("read", self, sink)

    def recover(self, sink=None):
        """Boot step: read the journal and make the file safe to append to.

        An interrupted compaction is settled first (the old file wins unless it is gone).
        If a tail was dropped, the good bytes are copied to a new file that replaces the
        old one, so the next record follows the last good one. A torn last record (a power
        cut in its write: the file ends inside it, or zeros follow) is simply cut; a
        damaged record (whole but its CRC wrong, or a bad length with records after it: a
        flipped bit, even in the last record, which may be the checkpoint that holds every
        booked deal) first moves the whole file aside as :meth:`set_aside` does
        (``report.side``), so nothing the board wrote is deleted.
        Returns ``(records, report)`` as :meth:`read` (``sink`` as there); raises BadRecord
        and OSError as :meth:`read` (nothing is changed then), OSError also when the flash
        cannot hold the side file (the journal is left as it was).
        """
        return _io_call("recover", self, sink)

    def set_aside(self, keep=0):
        """Move the whole file to a side file (``<path>.N.bad``, N the first free number)
        and start the journal again from its first ``keep`` bytes (the records the boot
        could prove; 0: an empty journal). Nothing is deleted: ``trickref journal`` reads
        the side file. Returns the side file's path (None when there is no journal).
        Raises OSError when the flash cannot hold the copy (the journal is then left as it
        was). The kept bytes go to ``<path>.N.keep`` first: a power cut before the
        journal's rename leaves the journal (set aside again at boot), one after it is
        finished by :meth:`recover`, whose report then names the side file."""
        return _io_call("set_aside", self, keep)

    # -- writing

    def append(self, kind, data):
        """Append one record, flush it and read it back before returning (write, verify,
        then show).

        ``kind``: one of KINDS (``"game"``, ``"deal-start"``, ``"act"``, ``"undo"``,
        ``"deal"``, ``"game-over"``); ``data``: a codec value (``"act"``: ``[verb,
        args]``). Returns the file size after the record (its end offset). Raises BadRecord,
        writing nothing, when the record cannot be encoded. Raises OSError (errno 28 flash
        full, 5 write error, or the file system's) when the record is not on flash as
        written: whatever landed of it is cut off again (at the latest by the next append,
        which runs :meth:`recover`), so the file holds exactly the records appended
        without error. The first append of a Journal runs :meth:`recover` if the caller
        has not.
        """
        if self._size is None:
            self.recover()
        start = self._size
        if start < len(MAGIC):
            self._seq = 0
        rec = encode_record(kind, data, self._seq)
        if start < len(MAGIC):
            rec = MAGIC + rec
        try:
            if self._f is None:
                self._f = self._open(self.path, "ab")
            self._f.write(rec)
            self._f.flush()  # MicroPython: lfs_file_sync / f_sync; the record is on flash
            self._verify(start, rec)
        except OSError:
            self._undo_write(start)
            raise
        self._size = start + len(rec)
        if self._seq is not None:
            self._seq = (self._seq + 1) & 0xFFFF
        return self._size

    def _verify(self, start, rec):
        # Read the record back: a write the flash took wrongly (a rotten bit, a short write
        # reported as done) is an error now, not a surprise at the next boot.
        with self._open(self.path, "rb") as f:
            f.seek(start)
            got = f.read(len(rec) + 1)
        if got != rec:
            raise OSError(5, "journal record did not read back as written")

    def _undo_write(self, start):
        # After a failed append: cut the file back to ``start`` good bytes now; if even that
        # fails (flash full), the next append's recover() cuts the torn tail.
        _io_call("undo_write", self, start)

    def size(self):
        """Bytes of good journal (magic and complete records); reads the file if needed."""
        if self._size is None:
            return self.read()[1].kept
        return self._size

    def chunk(self, offset, n):
        """Up to ``n`` raw bytes of the journal from ``offset`` (b"" past the end): the
        link's journal export reads the file through this, from offset 0 on.

        An export is a snapshot: the read at offset 0 copies the journal's good bytes to
        ``<path>.exp`` and later reads come from that copy (removed after the last byte),
        so records booked or compacted meanwhile never splice into it. When the flash
        cannot hold the copy, the live file is read up to the size it had at offset 0 (new
        records never show; a compaction meanwhile ends the export early). The reading code
        stays loaded while an export runs.
        """
        from core import journal_io
        data = journal_io.chunk(self, offset, n)
        if not data:
            unload("core.journal_io")
        return data

    def compact(self, records=None):
        """Rewrite the journal as ``records`` (default: :func:`squeeze` of what is in it),
        atomically: a temporary file is written and flushed, then renamed over the journal,
        so a power cut leaves either the old journal or the new one. Returns the new size.
        Raises OSError (nothing changed) when the flash cannot take the new file.
        """
        return _io_call("compact", self, records)

    def close(self):
        """Close the append handle (the next append reopens it)."""
        if self._f is not None:
            self._f.close()
            self._f = None


# ---------------------------------------------------------------------------- replay

# Grouping records for a replay (Resumer, resume, actions_since_last_deal, squeeze and
# their DealLog / Resume tuples) lives in core.journal_replay: the firmware needs none of
# it until a game ends (squeeze, for compact), and a loaded module is heap on a board. The
# names stay reachable here, loaded on first use.
_REPLAY = tuple(["Resumer", "resume", "actions_since_last_deal", "squeeze", "DealLog",
                 "Resume"])


def _io_call(name, journal, arg):
    # core.journal_io's ``name(journal, arg)``: the module is loaded for the call and
    # unloaded after it, unless a journal export is under way (it reads through it).
    from core import journal_io
    try:
        return getattr(journal_io, name)(journal, arg)
    finally:
        if journal._export is None and not journal.hold_io:
            unload("core.journal_io")


def __getattr__(name):
    if name == "checkpoint" or name == "Checkpointer":  # the booking's own module
        from core import journal_checkpoint
        return getattr(journal_checkpoint, name)
    if name in _REPLAY:
        from core import journal_replay
        return getattr(journal_replay, name)
    raise AttributeError("module 'core.journal' has no attribute %r" % (name,))

"""The journal's reading and upkeep (:class:`core.journal.Journal` calls these): the boot's
read and repair, setting a journal aside, compaction and the link's journal export.

Split from core/journal.py (issue 19, docs/performance.md "32-bit heap"): the table
appends a record per card, but reads the file only at boot, when a game ends (compaction)
and when a host exports the journal; a module loaded is heap on a board, so this one is
imported for those steps and unloaded after them (``core.compat.unload``). The file
layout and the rules for torn and corrupt records are in core/journal.py's docstring.
Every function takes the Journal ``j`` as its first argument and is one of its methods'
bodies (same arguments, results and errors; see the method's docstring there).
"""

import gc
import os

from core.crc32 import crc32
from core.codec import decode
from core.errors import BadRecord
from core.compat import SMALL_HEAP, const
from core.journal import (KINDS, MAGIC, MAGIC_V1, MAX_RECORD, SHEET, Record, Report,
                          encode_record)

# The record's fixed parts, as in core/journal.py (a ``_`` const is folded into the code
# that uses it, so it cannot be imported from there).
_HEAD = const(3)  # LEN u16 + KIND u8
_SEQ = const(2)  # SEQ u16 (format 2)
_CRC = const(4)  # CRC-32 u32
_SHEET_CODE = KINDS.index(SHEET) + 1  # the KIND byte of a sheet checkpoint


def _stat_size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def _exists(path):
    return _stat_size(path) >= 0


def _rename(src, dst):
    # CPython on Windows refuses to rename over a file; os.replace does it everywhere.
    getattr(os, "replace", os.rename)(src, dst)


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def read(j, sink=None):
    """The body of :meth:`core.journal.Journal.read` (its docstring). The next record's
    SEQ is left as it was: only :func:`recover` sets it from the file (a read that fails
    or stops short midway would otherwise number the next append wrongly, 0 after an
    error, and the boot would set the journal aside for a gap)."""
    seq = j._seq
    try:
        return _load(j, sink)
    finally:
        j._seq = seq


def _load(j, sink):
    # read() that sets the journal's next SEQ from the file (recover's read)
    records = []
    try:
        f = j._open(j.path, "rb")
    except OSError:
        if _exists(j.path):  # there but not readable (a flash error): never "empty", or
            raise  # the next append would start a journal over the evening's records
        return records, Report(0, 0, None, 0)
    try:
        return _read(j, f, records, sink)
    finally:
        f.close()


def _read(j, f, records, sink):
    # One header buffer and one body buffer, reused (grown only for a longer record):
    # reading at boot leaves the records and little else on the heap.
    size = _stat_size(j.path)
    head = f.read(len(MAGIC))
    j._seq = 0
    if len(head) < len(MAGIC):
        if MAGIC[:len(head)] != head and MAGIC_V1[:len(head)] != head:
            raise BadRecord("%s is not a trickref journal (starts %r)" % (j.path, head))
        return records, Report(0, len(head), "torn file header" if head else None, 0)
    if head != MAGIC and head != MAGIC_V1:
        raise BadRecord("%s is not a trickref journal (magic %r, expected %r)"
                        % (j.path, head, MAGIC))
    skip = _SEQ if head == MAGIC else 0  # SEQ bytes before the payload
    seq = 0 if skip else None  # the SEQ due next
    last_crc = -1
    dups = 0
    pos = len(MAGIC)
    count = 0
    reason = None
    inside = False
    hdr = bytearray(_HEAD)
    buf = bytearray(64)
    mv = memoryview(buf)  # one view per buffer: fewer small objects between the records
    while True:
        got = f.readinto(hdr)
        if not got:
            break
        if got < _HEAD:
            reason = "torn record header"
            break
        n = hdr[0] | (hdr[1] << 8)
        if n < 1 + skip or n > MAX_RECORD:
            reason = "bad record length %d" % n
            inside = _more(f, buf)
            break
        need = n - 1 + _CRC
        if need > len(buf):
            buf = bytearray(need)
            mv = memoryview(buf)
        got = f.readinto(mv[:need]) or 0
        if got < need:
            reason = "torn record (%d of %d bytes)" % (_HEAD + got, _HEAD + need)
            # a sheet checkpoint is never appended (a compaction writes it, read back
            # whole before it replaced the journal), so no power cut tears it: one that
            # ends short has a damaged length and holds every booked deal, kept aside
            if hdr[2] == _SHEET_CODE:
                reason = "sheet checkpoint's length %d past the end" % n
                inside = True
            break
        k = n - 1
        want = buf[k] | (buf[k + 1] << 8) | (buf[k + 2] << 16) | (buf[k + 3] << 24)
        if crc32(mv[:k], crc32(hdr)) != want:
            # a whole record that does not check is kept aside even as the last one: a
            # bit flipped in the checkpoint a booking rewrote (read back whole before it
            # replaced the journal, so never torn) held every booked deal; a torn write
            # ends short (above) or in a cluster's zeros (a bad length 0)
            reason = "CRC mismatch in record %d" % count
            inside = True
            break
        code = hdr[2]
        if code < 1 or code > len(KINDS):
            raise BadRecord("journal record %d at byte %d: unknown kind %d with a good CRC"
                            % (count, pos, code))
        kind = KINDS[code - 1]
        if skip:
            got = buf[0] | (buf[1] << 8)
            if got != seq:
                if got == (seq - 1) & 0xFFFF and want == last_crc:
                    dups += 1  # the record before, written twice: never applied twice
                    pos += _HEAD + need
                    continue
                raise BadRecord("journal record %d at byte %d: sequence number %d where "
                                "%d was due: records are missing" % (count, pos, got, seq))
            seq = (seq + 1) & 0xFFFF
            last_crc = want
        try:
            data = decode(buf, skip, k)
        except BadRecord as e:
            raise BadRecord("journal record %d at byte %d: %s" % (count, pos, e))
        j.offset = pos + _HEAD + need
        if sink is None:
            records.append(Record(kind, data))
            if SMALL_HEAP and not count & 15:  # the list grows in one block: keep the
                gc.collect()  # heap from filling with each record's garbage between them
        else:
            sink(Record(kind, data))
        count += 1
        pos += _HEAD + need
    j._seq = seq
    return records, Report(pos, size - pos if reason else 0, reason, count, dups, inside)


def _more(f, buf):
    # True when a byte other than 0 follows in ``f``: the bad record is not a torn last
    # write (which ends the file, or is followed by a FAT cluster's zeros) but damage
    # with the board's later records after it, which recover must not delete.
    while True:
        got = f.readinto(buf)
        if not got:
            return False
        if any(buf[:got]):
            return True


def recover(j, sink=None):
    """The body of :meth:`core.journal.Journal.recover` (its docstring)."""
    j.close()
    _remove(j.path + ".exp")  # an export's snapshot a reset cut short: only a copy
    if _exists(j.tmp):
        if _exists(j.path):
            _remove(j.tmp)  # rename not done: the old file is still the journal
        else:
            _rename(j.tmp, j.path)  # cut between unlink and rename (FAT)
    side = _settle_aside(j)
    records, report = _load(j, sink)
    j._size = report.kept
    if side is not None:  # told as the set-aside the power cut interrupted would have
        report.side = side
        report.dropped = _stat_size(side) - report.kept
        report.reason = "kept aside before a power cut"
    if report.inside:  # records may follow the damaged one: the whole file kept aside
        report.side = set_aside(j, report.kept)
    elif not report.ok:
        j._size = _rewrite_prefix(j, report.kept)
    return records, report


def _settle_aside(j):
    # A set-aside cut by the power (set_aside: the proven records go to ``<path>.N.keep``,
    # the journal is renamed to ``<path>.N.bad``, then the kept file to the journal).
    # Before the journal's rename the kept file is dropped (the boot finds the damage
    # again); after it the kept file becomes the journal and the side file's path is
    # returned, so the boot tells what went aside. None when no set-aside was under way.
    n = 1
    while True:
        keep, side = "%s.%d.keep" % (j.path, n), "%s.%d.bad" % (j.path, n)
        if _exists(keep):
            if _exists(j.path):
                _remove(keep)
                return None
            _rename(keep, j.path)
            return side
        if not _exists(side):
            return None
        n += 1


def _same(j, path, parts):
    # Raises OSError(5) unless the file at ``path`` holds exactly ``parts`` (bytes
    # objects, in order): a new file is read back before it replaces the journal.
    with j._open(path, "rb") as f:
        for part in parts:
            if f.read(len(part)) != part:
                raise OSError(5, "%s did not read back as written" % path)
        if f.read(1):
            raise OSError(5, "%s is longer than written" % path)


def _rewrite_prefix(j, kept):
    # Returns the size of the new file.
    _copy(j, j.path, j.tmp, kept)
    _rename(j.tmp, j.path)
    return max(kept, len(MAGIC))


def _copy(j, src_path, dst_path, n):
    # The first ``n`` bytes of ``src_path`` to a new ``dst_path`` (the magic when n is
    # shorter than it), flushed.
    with j._open(dst_path, "wb") as out:
        if n < len(MAGIC):
            out.write(MAGIC)
        else:
            _each_chunk(j, src_path, n, out.write)
        out.flush()
    try:  # read back: the copy must equal its source before it replaces anything
        if n < len(MAGIC):
            _same(j, dst_path, [MAGIC])
        else:
            with j._open(dst_path, "rb") as dst:
                def same(chunk):
                    if dst.read(len(chunk)) != chunk:
                        raise OSError(5, "%s did not read back as written" % dst_path)
                _each_chunk(j, src_path, n, same)
    except OSError:
        _remove(dst_path)
        raise


def _each_chunk(j, path, n, fn):
    # fn(chunk) over the first n bytes of the file at path, 512 bytes at a time.
    with j._open(path, "rb") as src:
        left = n
        while left:
            chunk = src.read(min(left, 512))
            if not chunk:
                break
            fn(chunk)
            left -= len(chunk)


def set_aside(j, keep=0):
    """Move the whole file to a side file (``<path>.N.bad``, N the first free number)
    and start the journal again from its first ``keep`` bytes (the records the boot
    could prove; 0: an empty journal). Nothing is deleted: ``trickref journal`` reads
    the side file. Returns the side file's path. Raises OSError when the flash cannot
    hold the copy (the journal is then left as it was)."""
    j.close()
    n = 1
    while _exists("%s.%d.bad" % (j.path, n)):
        n += 1
    side = "%s.%d.bad" % (j.path, n)
    if not _exists(j.path):
        return None
    kept = "%s.%d.keep" % (j.path, n)  # not the compaction's ``.new``: a power cut
    _copy(j, j.path, kept, keep)  # between the renames is finished and told at boot
    _rename(j.path, side)
    _rename(kept, j.path)
    j._size = None  # the next append reads the kept records (their SEQ) again
    return side


def chunk(j, offset, n):
    """Up to ``n`` raw bytes of the journal from ``offset`` (b"" past the end): the
    link's journal export reads the file through this, from offset 0 on.

    An export is a snapshot: the read at offset 0 copies the journal's good bytes to
    ``<path>.exp`` and later reads come from that copy (removed after the last byte),
    so records booked or compacted meanwhile never splice into it. When the flash
    cannot hold the copy, the live file is read up to the size it had at offset 0 (new
    records never show; a compaction meanwhile ends the export early).
    """
    if offset == 0 or j._export is None:
        _end_export(j)
        size = j.size()
        src = j.path + ".exp"
        try:
            _copy(j, j.path, src, size)
        except OSError:
            _remove(src)
            src = j.path
        j._export = (src, size)
    src, size = j._export
    data = b""
    if offset < size:
        try:
            with j._open(src, "rb") as f:
                f.seek(offset)
                data = f.read(min(n, size - offset))
        except OSError:
            data = b""
    if not data:
        _end_export(j)
    return data


def _end_export(j):
    if j._export is not None and j._export[0] != j.path:
        _remove(j._export[0])
    j._export = None


def compact(j, records=None):
    """The body of :meth:`core.journal.Journal.compact` (its docstring)."""
    if records is None:
        from core.journal_replay import squeeze
        records = squeeze(recover(j)[0])
    data = [encode_record(records[i][0], records[i][1], i)  # BadRecord before any write
            for i in range(len(records))]
    j.close()
    size = len(MAGIC)
    try:
        with j._open(j.tmp, "wb") as out:
            out.write(MAGIC)
            for rec in data:
                out.write(rec)
                size += len(rec)
            out.flush()
        data.insert(0, MAGIC)
        _same(j, j.tmp, data)
    except OSError:
        _remove(j.tmp)
        raise
    _rename(j.tmp, j.path)
    if j._export is not None and j._export[0] == j.path:
        j._export = (j.path, 0)  # an export reading the live file ends here, not spliced
    j._size = size
    j._seq = len(records) & 0xFFFF
    return size


def undo_write(j, start):
    # After a failed append: cut the file back to ``start`` good bytes now; if even that
    # fails (flash full), the next append's recover() cuts the torn tail.
    j.close()
    j._size = None
    try:
        j._size = start
        if _stat_size(j.path) != start:
            j._size = None
            j._size = _rewrite_prefix(j, start)
    except OSError:
        pass

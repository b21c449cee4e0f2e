"""CRC-32 (IEEE 802.3, as ``zlib.crc32``): the checksum of journal records and host frames.

Reflected polynomial 0xEDB88320, preset and final XOR 0xFFFFFFFF; catalogue check value
CRC-32("123456789") = 0xCBF43926 (Greg Cook's CRC catalogue, "CRC-32/ISO-HDLC"). Computed
with a 16-entry nibble table split in 16-bit halves so that MicroPython on a 32-bit board
never leaves small ints (no heap allocation per byte). Used by core.journal (docs/records.md)
and core.protocol (docs/protocol.md).
"""


def _nibble_tables():
    # T[i] = CRC register after shifting nibble i through 4 steps of the reflected
    # 0xEDB88320 division, split into high and low 16-bit halves.
    hi = []
    lo = []
    for i in range(16):
        c = i
        for _ in range(4):
            c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
        hi.append(c >> 16)
        lo.append(c & 0xFFFF)
    return tuple(hi), tuple(lo)


_T_HI, _T_LO = _nibble_tables()
del _nibble_tables  # used once: its code need not stay on the heap


def crc32(data, crc=0):
    """CRC-32 (IEEE 802.3, as ``zlib.crc32``) of ``data``, continuing from ``crc``.

    ``data``: bytes, bytearray or memoryview. Returns an int 0 .. 0xFFFFFFFF; pass it back
    as ``crc`` to continue over more data (``crc32(b, crc32(a)) == crc32(a + b)``).
    Check value: ``crc32(b"123456789") == 0xCBF43926`` (the CRC catalogue's CRC-32).
    """
    hi = (crc >> 16) ^ 0xFFFF
    lo = (crc & 0xFFFF) ^ 0xFFFF
    th = _T_HI
    tl = _T_LO
    for b in data:
        lo ^= b
        # Two nibble steps per byte: register >> 4, XOR the table entry of the nibble out.
        i = lo & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tl[i]
        hi = (hi >> 4) ^ th[i]
        i = lo & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tl[i]
        hi = (hi >> 4) ^ th[i]
    return ((hi ^ 0xFFFF) << 16) | (lo ^ 0xFFFF)

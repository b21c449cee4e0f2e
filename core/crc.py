"""CRC_A of ISO/IEC 14443-3 Type A: the one checksum the NFC driver and the chip models share.

CRC-16/ISO-14443-A: polynomial x^16 + x^12 + x^5 + 1 (0x1021, processed reflected as 0x8408),
preset 0x6363, no final XOR, sent low byte first (docs/twin.md "ISO/IEC 14443-3", with its
test vectors: ``50 00`` -> ``57 CD``, ``30 04`` -> ``26 EE``).
"""

CRC_A_PRESET = 0x6363  # ISO/IEC 14443-3 Annex B: initial register content for Type A


def crc_a(data, n=-1, crc=CRC_A_PRESET):
    """CRC_A of the first ``n`` bytes of ``data`` (all of it when ``n`` is -1), as an int.

    ``data`` is any indexable of byte values (bytes, bytearray, memoryview); nothing is
    allocated, so the driver can check an answer in its receive buffer. ``crc`` is the
    preset (the MFRC522 model passes the one its ModeReg selects). On air the result goes
    low byte first: ``crc & 0xFF``, then ``crc >> 8``.
    """
    if n < 0:
        n = len(data)
    for i in range(n):
        # Byte-wise form of the reflected 0x8408 shift register (ISO/IEC 14443-3 Annex B).
        b = (data[i] ^ crc) & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = (crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)
    return crc

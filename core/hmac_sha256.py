"""HMAC-SHA256 (RFC 2104 with SHA-256, as RFC 4231 tests it) on ``hashlib.sha256`` alone.

MicroPython's ``hashlib`` has ``sha256`` but no ``hmac`` module; this is the whole of RFC
2104 section 2: ``H(K xor opad, H(K xor ipad, text))`` with a 64-byte block, a key longer
than the block hashed first, a shorter one padded with zeros. Used by the serial link's
pairing handshake (docs/protocol.md "Pairing").
"""

import hashlib

BLOCK = 64  # SHA-256 block size in bytes (RFC 2104 "B")
DIGEST = 32  # SHA-256 output in bytes (RFC 2104 "L")


def hmac_sha256(key, msg):
    """The 32-byte HMAC-SHA256 of ``msg`` under ``key`` (both bytes-like; RFC 2104 s. 2).
    Raises TypeError when either is not bytes-like."""
    key = bytes(key)
    msg = bytes(msg)
    if len(key) > BLOCK:
        key = hashlib.sha256(key).digest()
    key = key + bytes(BLOCK - len(key))
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
    inner.update(msg)
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))
    outer.update(inner.digest())
    return outer.digest()


def same(a, b):
    """True when the byte strings ``a`` and ``b`` are equal, compared in time that does not
    depend on where they first differ (a MAC check must not leak the prefix it matched)."""
    if len(a) != len(b):
        return False
    diff = 0
    for i in range(len(a)):
        diff |= a[i] ^ b[i]
    return diff == 0

"""core.hmac_sha256 under MicroPython: the RFC 4231 vectors (``micropython check_hmac.py
VECTORS``, the JSON of tests/data/rfc4231.json), and the board's random challenge source."""

import json
import sys

from core.hmac_sha256 import hmac_sha256, same

with open(sys.argv[1]) as f:
    cases = json.load(f)["cases"]
for c in cases:
    want = c["hmac_sha256"]
    got = hmac_sha256(bytes.fromhex(c["key"]), bytes.fromhex(c["data"]))
    hexed = "".join("%02x" % b for b in got)
    assert hexed[:len(want)] == want, c["case"]
assert same(got, got)
from device.pairing import random_bytes  # noqa: E402
a, b = random_bytes(16), random_bytes(16)
assert len(a) == 16 and a != b
print("%d cases" % len(cases))
print("OK")

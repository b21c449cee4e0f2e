"""Skat rules under MicroPython: every ISS record of tests/data/skat and every value vector."""

import json
import sys

import heap

heap.report("before imports")
from core import iss  # noqa: E402
from core.games import skat  # noqa: E402,F401
import skat_check  # noqa: E402

heap.report("after imports")
sgf = sys.argv[1]
n = 0
with open(sgf) as f:
    for line in f:
        if not line.strip():
            continue
        rec = iss.parse_record(line)
        for known in (True, False):
            bad = skat_check.check_record(rec, known)
            if bad:
                raise SystemExit("MISMATCH " + "; ".join(bad))
            n += 1
        rec = None
with open("tests/vectors/skat_values.json") as f:
    vectors = json.load(f)["vectors"]
for v in vectors:
    bad = skat_check.check_value_vector(v)
    if bad:
        raise SystemExit("MISMATCH " + "; ".join(bad))
    n += 1
heap.report("at end")
print("OK", n)

"""Heap figures for MicroPython runs: bytes in use, after a collection."""

import gc


def report(label):
    """Print ``heap <label>: N`` (bytes allocated after a full collection) and return N."""
    gc.collect()
    n = gc.mem_alloc()
    print("heap %s: %d" % (label, n))
    return n

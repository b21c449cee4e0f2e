"""trickref rules core: pure Python that runs unchanged on CPython and MicroPython.

Nothing here does I/O or imports anything outside ``core``.
"""

"""Small shims so the same source runs on CPython and MicroPython."""

try:
    from micropython import const  # noqa: F401  (MicroPython: folded at compile time)
except ImportError:  # CPython

    def const(x):
        """Return ``x``: CPython stand-in for MicroPython's compile-time ``const``."""
        return x

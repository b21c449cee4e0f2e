"""Small shims so the same source runs on CPython and MicroPython."""

import sys

# A board's heap (MicroPython): worth a collection while a list grows, or unloading a
# module once used. On CPython both cost time and save nothing (a full collection takes
# milliseconds; a module unloaded is executed again at its next import).
SMALL_HEAP = sys.implementation.name == "micropython"

try:
    from micropython import const  # noqa: F401  (MicroPython: folded at compile time)
except ImportError:  # CPython

    def const(x):
        """Return ``x``: CPython stand-in for MicroPython's compile-time ``const``."""
        return x


def unload(name):
    """Forget the module ``name`` (``"core.journal_io"``): drop it from ``sys.modules``
    and from its package, so its code, constants and objects are garbage once nothing else
    holds them (issue 19: a module is heap on a board; docs/performance.md "32-bit
    heap"). The next import loads it again. A module not loaded is no error."""
    if sys.modules.pop(name, None) is None:
        return
    i = name.rfind(".")
    parent = sys.modules.get(name[:i]) if i > 0 else None
    if parent is not None:
        try:
            delattr(parent, name[i + 1:])
        except (AttributeError, TypeError):
            pass

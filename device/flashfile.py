"""Small files on the board's flash written whole or not at all.

A file the board reads back at boot (the deck's audited tag registry, the boot counter, the
table's settings, the paired hosts' keys, a Wi-Fi board's message numbers) is never written
in place: a power cut in the middle of the write would leave a torn file (a damaged
registry, a count "12" cut to "1"). :func:`keep` writes a temporary ``<path>.new`` and
renames it over the old file (littlefs and MicroPython's FAT replace the old file in the
rename, as the journal's checkpoint relies on), so a cut leaves the old file or the new
one. MicroPython: only ``open``, ``os.rename``, ``os.remove``.
"""


def keep(path, data):
    """Write ``data`` (str: a text file; bytes or bytearray: a binary one) to ``path``
    whole or not at all (``path + ".new"``, then renamed over ``path``). Raises OSError
    when the flash refuses the write or the rename: the old file stands and no ``.new``
    is left behind. A power cut leaves the old file (and perhaps a partial ``.new``,
    overwritten by the next keep) or the new one."""
    import os
    tmp = path + ".new"
    try:
        with open(tmp, "wb" if isinstance(data, (bytes, bytearray)) else "w") as f:
            f.write(data)
        getattr(os, "replace", os.rename)(tmp, path)  # CPython on Windows: os.replace
    except OSError:
        drop(tmp)
        raise


def drop(path):
    """Remove the file ``path``; nothing happens when it is missing or will not go."""
    try:
        import os
        os.remove(path)
    except OSError:
        pass

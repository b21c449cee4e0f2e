"""Boot-loop guard: failed boots counted on flash, safe mode after too many in a row.

``BootGuard(folder, tries=BOOT_TRIES)`` keeps ``<folder>/boot.txt``: the number of boots
started since the last one that ran ``device.supervisor.STABLE_MS`` without failing, and
the reason of the last failure. ``firmware/main.py`` calls :meth:`begin` first thing (the
attempt is counted before anything can fail), :meth:`failed` with the reason when the
build raised, and :meth:`stable` once the loop has run long enough. When :meth:`begin`
returns a count above ``tries`` the board starts in safe mode: the journal is set aside
(:func:`set_aside`, for export with ``trickref journal``), the controller starts on its
menu and the reason shows on the LCD.

The file is text (``"<count>\\n<reason>"``), written whole or not at all (a temporary file
renamed over it: device/flashfile.py); an unreadable one counts as 0 boots (a guard
must never be the reason a board does not start).
"""

from core.compat import const
from device.flashfile import keep

BOOT_TRIES = const(3)  # boots in a row that may fail before safe mode
JOURNAL = "journal.bin"
ASIDE = "journal-aside.bin"


class BootGuard:
    """The boot counter in ``folder`` (the board's storage, created if missing)."""

    def __init__(self, folder, tries=BOOT_TRIES):
        self.folder = folder
        self.path = folder + "/boot.txt"
        self.tries = tries
        self.count = 0
        self.reason = ""
        self.write_error = None  # the OSError of the last write that flash refused

    def read(self):
        """``(count, reason)`` from flash; ``(0, "")`` when missing or unreadable (a
        negative count reads as 0)."""
        try:
            with open(self.path) as f:
                text = f.read()
            parts = text.split("\n", 1)
            return max(0, int(parts[0])), parts[1] if len(parts) > 1 else ""
        except (OSError, ValueError):
            return 0, ""

    def _write(self, count, reason):
        # Whole or not at all (device/flashfile.py): written in place, a power cut in the
        # write left "1" of "12\n..." (the boot loop's count and reason gone). A flash
        # that refuses the write (full, worn) must not stop the boot: this count is then
        # lost (kept in ``write_error``, the old file stands), never the board.
        try:
            _mkdir(self.folder)
            keep(self.path, "%d\n%s" % (count, reason))
            self.write_error = None
        except OSError as e:
            self.write_error = e

    def begin(self, external=False):
        """Count this boot; returns True when it must start in safe mode (more than
        ``tries`` boots in a row did not get to run stably). ``external``: this boot
        follows a reset from outside (power on, the reset pin, a brown-out:
        ``firmware/main.py`` asks ``machine.reset_cause()``); the boots before it that
        recorded no failure were then cut by the power, not failed, and do not count (a
        loose plug cut four times in a minute sent the game to safe mode)."""
        self.count, self.reason = self.read()
        if external and not self.reason:
            self.count = 0
        self.count += 1
        self._write(self.count, self.reason)
        return self.count > self.tries

    def failed(self, reason):
        """Record why this boot failed (shown by the safe mode)."""
        self.reason = reason
        self._write(self.count, reason)

    def stable(self):
        """This boot runs: the next one starts counting from zero."""
        self.count = 0
        self.reason = ""
        self._write(0, "")


def set_aside(folder):
    """Move ``<folder>/journal.bin`` to ``journal-aside.bin`` (``journal-aside.2.bin``,
    ``.3``... when an earlier safe mode's file is still there: it is another game's, never
    replaced), so the next controller starts on its menu; the file stays for export.
    Returns the new path, or None when there was no journal. Raises OSError when flash
    refuses."""
    import os
    src = folder + "/" + JOURNAL
    try:
        os.stat(src)
    except OSError:
        return None
    dst = folder + "/" + ASIDE
    n = 1
    while True:
        try:
            os.stat(dst)
        except OSError:
            break  # a free name
        n += 1
        dst = "%s/%s.%d.bin" % (folder, ASIDE[:-4], n)
    os.rename(src, dst)
    return dst


def _mkdir(folder):
    import os
    try:
        os.mkdir(folder)
    except OSError:
        pass  # it exists

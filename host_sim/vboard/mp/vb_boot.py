"""Boot script of the virtual board (MicroPython): make ``import machine`` give the bridge.

The unix port's own ``machine`` has no Pin, SPI or I2C; ``vb_machine`` forwards them to
the host's chip models. Imported before the REPL starts (``micropython -i -c "import
vb_boot; vb_boot.own_root()"``) and by scripts that play a deal without a REPL.
"""

import sys

import vb_machine

sys.modules["machine"] = vb_machine


def own_root():
    """Make the folder the board started in its whole filesystem, as a board's flash is:
    ``/`` is that folder (:class:`_Root` mounted there), so the firmware's ``/data``
    (``boards.pico.STORAGE``: the journal, the boot count, the paired hosts) lands in it
    and not in the host's ``/data``. The bridge modules are imported first (their folder
    is outside), and ``sys.path`` entries inside the folder become the board's paths
    (``<root>/lib`` -> ``/lib``)."""
    import os
    import vb_play  # noqa: F401  (kept in sys.modules: scripts import it by name)
    here = os.getcwd()
    os.umount("/")
    os.mount(_Root(here), "/")
    os.chdir("/")
    inside = []
    for p in sys.path:
        if p.startswith(here + "/"):
            inside.append(p[len(here):])
        elif not p.startswith("/"):  # "", ".frozen": relative to the root, as they were
            inside.append(p)
    sys.path[:] = inside


class _Root:
    """The folder ``here`` as a filesystem (the unix port's ``os.VfsPosix(here)``), with
    ``rename`` done on the host's paths: VfsPosix with a root builds both of rename's
    paths in one buffer, so it renames the new name onto itself and fails with ENOENT
    (MicroPython issue 7389) where the journal's checkpoint and the pairing file rename."""

    def __init__(self, here):
        import os
        self.here = here
        self.fs = os.VfsPosix(here)
        self.host = os.VfsPosix()  # no root: each path is used as it is given

    def __getattr__(self, name):  # mount, umount, getcwd, statvfs...
        return getattr(self.fs, name)

    def _inside(self, path):
        """``path`` made absolute within the folder; ``..`` above its root raises
        OSError(EACCES): VfsPosix joins its root and any path, so ``/../x`` was the host's
        file beside the board's folder."""
        if not path.startswith("/"):  # relative to the folder's own current directory
            path = self.fs.getcwd().rstrip("/") + "/" + path
        parts = []
        for p in path.split("/"):
            if p == "..":
                if not parts:
                    raise OSError(13, "outside the board's filesystem: %s" % path)
                parts.pop()
            elif p and p != ".":
                parts.append(p)
        return "/" + "/".join(parts)

    def _host(self, path):
        return self.here + self._inside(path)

    def open(self, path, mode="r"):
        return self.fs.open(self._inside(path), mode)

    def stat(self, path):
        return self.fs.stat(self._inside(path))

    def remove(self, path):
        return self.fs.remove(self._inside(path))

    def mkdir(self, path):
        return self.fs.mkdir(self._inside(path))

    def rmdir(self, path):
        return self.fs.rmdir(self._inside(path))

    def chdir(self, path):
        return self.fs.chdir(self._inside(path))

    def rename(self, old, new):
        self.host.rename(self._host(old), self._host(new))

    def ilistdir(self, path="."):
        """Each entry as a board's littlefs gives it, ``(name, type, inode, size)``:
        VfsPosix leaves the size out, so ``mpremote fs ls`` showed 0 for every file."""
        path = self._inside(path)
        base = path.rstrip("/") + "/"
        for e in self.fs.ilistdir(path):
            size = self.fs.stat(base + e[0])[6] if e[1] == 0x8000 else 0
            yield (e[0], e[1], e[2], size)

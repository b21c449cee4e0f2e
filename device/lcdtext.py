"""Text for a character LCD (16x2 or 20x4): rows fitted to the display, seats named.

The one place the firmware pads and cuts rows (menus, screens, the controller's notices)
and names a seat, so every screen agrees. MicroPython's ``str`` has no ``ljust``: rows
are padded by hand.
"""


def fit(lines, cols, rows):
    """``lines`` (any number of str) as exactly ``rows`` rows of ``cols`` characters:
    cut when longer, padded with blanks when shorter, blank rows added."""
    out = []
    for i in range(rows):
        t = lines[i] if i < len(lines) else ""
        out.append((t + " " * cols)[:cols])
    return out


def file_rows(name, cols=16):
    """A file name as rows of at most ``cols`` characters, cut before its dots
    (``"journal.bin.1.bad"`` -> ``"journal.bin.1"``, ``".bad"``): a side file's name the
    players copy off the board (device/resume.py, firmware/main.py's safe mode)."""
    out = [""]
    for part in name.replace(".", "\n.").split("\n"):
        if out[-1] and len(out[-1]) + len(part) > cols:
            out.append("")
        out[-1] += part
    return out


def seat_label(seat):
    """How players are named on the LCD: ``"P1"`` for table seat 0 (players count from
    1; docs/usage.md)."""
    return "P%d" % (seat + 1)

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


def seat_label(seat):
    """How players are named on the LCD: ``"P1"`` for table seat 0 (players count from
    1; docs/usage.md)."""
    return "P%d" % (seat + 1)

"""The table controller's screen modes (device.controller dispatches to them).

Each mode that owns the buttons and pads on its own is an object in a module of this
package, imported only when the mode is entered (a loaded module is heap: issue 19):

- ``enter()`` shows the mode's first screen and returns its MODE_* code;
- ``press(button)`` and ``tick(now_ms)`` return what comes next: None (stay), ``MAIN``
  (back to the main menu) or a list of lines (shown as a scrollable list).

``scan``: the deck audit and tag writing; ``pair``: pairing a host. The MODE_* codes are
what ``Controller.view().mode`` and the link's "mode" state key report.
"""

from core.compat import const

MODE_MAIN = const(1)
MODE_TABLE = const(2)
MODE_CHOICE = const(3)
MODE_RESULT = const(4)
MODE_SHEET = const(5)
MODE_AUDIT = const(6)
MODE_WRITE = const(7)
MODE_PAIR = const(8)

# What a mode's press or tick returns to go back to the main menu.
MAIN = "main"

"""The table controller's screen modes (device.controller dispatches to them).

Each mode is an object in a module of this package, imported only when the mode is
entered (a loaded module is heap: issue 19):

- ``enter()`` shows the mode's first screen;
- ``press(button)`` and ``tick(now_ms)`` return ``(events, next)``: the game events, and
  what comes next: None (stay), ``"main"`` (the main menu), ``"table"`` (what the deal
  needs next: ``Controller.enter_table``), a list of lines (shown as a scrollable list)
  or another mode object;
- ``code``: the MODE_* code of device.controller (``Controller.view().mode``, the link's
  "mode" state key); ``redraw()``, where a mode has it, shows it again after a host
  request was settled.

``menu``: menus (the main menu, a required choice, the table menu); ``main``: the main
menu and the setup menus (dropped from the heap when a deal starts); ``table``: card
play; ``sheet``: a scrollable list and a deal's result; ``scan``: the deck audit and tag
writing; ``pair``: pairing a host. Nothing is defined here: a package module is heap
from the first import on.
"""

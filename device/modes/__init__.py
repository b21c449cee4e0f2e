"""The table controller's screen modes (device.controller dispatches to them).

Each mode that owns the buttons and pads on its own is an object in a module of this
package, imported only when the mode is entered (a loaded module is heap: issue 19):

- ``enter()`` shows the mode's first screen;
- ``press(button)`` and ``tick(now_ms)`` return what comes next: None (stay), ``"main"``
  (back to the main menu) or a list of lines (shown as a scrollable list).

``scan``: the deck audit and tag writing; ``pair``: pairing a host. The controller keeps
the MODE_* code of the mode entered (``Controller.view().mode``, the link's "mode" state
key). Nothing is defined here: a package module is heap from the first import on.
"""

"""What the table controller shows the outside: a plain record, read by the link, the
simulator and tests instead of the controller's private fields.

Loaded when a view is first asked for (a host query, the simulator), not at boot.
"""

from collections import namedtuple

# ``mode``: the MODE_* code of device.controller; ``name``: the mode in a word
# (MODE_NAMES: the link's "mode" state key, docs/protocol.md); ``game``: the flow's NAME
# or None; ``flow``: the game's flow module (device/flows); ``match``: its Match (score
# sheet) or None;
# ``app``: the table loop (device.app.App) of the deal in play or None; ``deal``: the
# referee's deal or None; ``seating``: the deal's device.seating.Seating or None;
# ``players``: the game's player count (0 outside a game); ``result``: the finished
# deal's result while the LCD shows it; ``lines``: the rows of the last list the LCD
# showed (a deal's result, a sheet, a report; None before any); ``last_sheet``: the final sheet of the last finished
# game; ``last_event``: the last event of the deal in play (its App's; None outside a deal).
View = namedtuple("View", ("mode", "name", "game", "flow", "match", "app", "deal",
                           "seating", "players", "result", "lines", "last_sheet",
                           "last_event"))

# MODE_* code -> the mode in a word (device.controller's modes, in their order); MODE_SHEET
# is any list on the LCD (a score sheet, a report, "paired:"): "list".
MODE_NAMES = ("", "main", "table", "choice", "result", "list", "audit", "write", "pair")


def cursor_item(ctl):
    """The menu item under the cursor of controller ``ctl`` (a ``device.menu.Item``) while
    a menu is on the LCD, else None (a host's request over it, a screen that is no menu).
    Its English ``label`` is the item's stable key: scripts and the simulator choose items
    by it while the LCD shows them in the table's language. Here, not in the controller:
    only a host-side reader asks (the board's heap, issue 19)."""
    ask = ctl.host_ask
    if ask is not None and ask.active():
        return None
    stack = getattr(ctl._mode, "stack", None)
    if stack is None:
        return None
    m = stack.top
    return m.items[m.cursor]


def table_menu_open(ctl):
    """True while a menu the table opened itself is on the LCD during a game (the table
    menu: OK during play, a long OK at a deal's first menu), not one the deal waits for:
    what the board waits for is then that menu, whatever the deal's turn."""
    mode = ctl._mode
    return ctl.app is not None and getattr(mode, "stack", None) is not None and \
        getattr(mode, "required", True) is False


def view_of(ctl):
    """The :data:`View` of controller ``ctl`` (``Controller.view``)."""
    app = ctl.app
    match = ctl.match
    return View(ctl.mode, MODE_NAMES[ctl.mode],
                ctl.flow.NAME if ctl.flow is not None else None, ctl.flow, match, app,
                app.referee.deal if app is not None else None,
                ctl.seating if app is not None else None,
                ctl.players if match is not None else 0, ctl.result, ctl._list,
                ctl.last_sheet, app.last_event if app is not None else None)

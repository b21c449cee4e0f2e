"""What the table controller shows the outside: a plain record, read by the link, the
simulator and tests instead of the controller's private fields.

Loaded when a view is first asked for (a host query, the simulator), not at boot.
"""

from collections import namedtuple

# ``mode``: the MODE_* code of device.controller (the link's "mode" state key sends it);
# ``name``: the mode in a word (MODE_NAMES); ``game``: the flow's NAME or None; ``flow``:
# the game's flow module (device/flows); ``match``: its Match (score sheet) or None;
# ``app``: the table loop (device.app.App) of the deal in play or None; ``deal``: the
# referee's deal or None; ``seating``: the deal's device.seating.Seating or None;
# ``players``: the game's player count (0 outside a game); ``result``: the finished
# deal's result while the LCD shows it; ``lines``: the rows of the last list the LCD
# showed (a deal's result, a sheet, a report; None before any); ``last_sheet``: the final sheet of the last finished
# game; ``last_event``: the last event of the deal in play (its App's; None outside a deal).
View = namedtuple("View", ("mode", "name", "game", "flow", "match", "app", "deal",
                           "seating", "players", "result", "lines", "last_sheet",
                           "last_event"))

# MODE_* code -> the mode in a word (device.controller's modes, in their order).
MODE_NAMES = ("", "main", "table", "choice", "result", "sheet", "audit", "write", "pair")


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

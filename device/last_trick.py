"""The deal's last trick on the LCD before its result (issue 20).

When the last trick of a deal is taken on the pads (the last card laid, or the Skat's skat
scanned after the last trick), the table first sees that trick, who took it and its
points (``device.screens.Screens.last_trick``), for :data:`HOLD_MS`; then the result.
A deal a proven violation ends (a revoke found with the option ``violations=decide``)
holds the violation's screen the same way (``Screens.revoke``: who, what, in which
trick, the card that shows it), and its result names it (``Screens.decided_by``).
NEXT or PREV shows the result at once; OK and a long OK act as on the result (book the
deal, take the last card back), so a table that knows the result already loses nothing.
A deal ended by a choice (a claim, a resignation, all passed) or resumed after a power cut
shows its result at once: no trick ended it. Why this and not a press: docs/languages.md
"The last trick".
"""

from core.compat import const
from core.events import RevokeFound
from device import timing

HOLD_MS = const(3000)  # how long the last trick stays before the result (ms)


def _revoked(events):
    for ev in events:
        if isinstance(ev, RevokeFound):
            return True
    return False


class LastTrick:
    """The hold of the last trick's screen over the result; ``until`` (a ``ticks_ms``
    value) while it is held, else None."""

    def __init__(self):
        self.until = None

    def start(self, app, now_ms, events):
        """Hold from ``now_ms`` (ms) what ended the deal in ``events`` (the table loop's
        events of one tick): a proven violation's screen (``app`` already shows it:
        "P2 revoke in T5" / "shown by \x01J"), else ``app``'s (a ``device.app.App``) last
        trick; False, nothing held, when neither."""
        self.until = None
        if not _revoked(events):
            lines = app.screens.last_trick()
            if lines is None:
                return False
            app.show(lines)
        self.until = timing.ticks_add(now_ms, HOLD_MS)
        return True

    def held(self):
        """True while the last trick is on the LCD in place of the result."""
        return self.until is not None

    def due(self, now_ms):
        """True when the hold has run out at ``now_ms``: the result is shown now."""
        return self.until is not None and timing.ticks_diff(now_ms, self.until) >= 0

    def end(self):
        """Stop holding (the result is shown, or the table moved on)."""
        self.until = None

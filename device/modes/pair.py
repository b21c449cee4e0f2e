"""Mode "Pair host": a fresh pairing code on the LCD until a host proves it (the link
says so: device.link, device.pairing) or a button ends it (docs/protocol.md "Pairing")."""

from device.modes import MAIN, MODE_PAIR


class PairMode:
    """Pairing on ``link`` (a ``device.link.Link``); ``show(lines)`` puts rows on the LCD."""

    def __init__(self, link, show):
        self.link = link
        self.show = show

    def enter(self):
        """Open the pairing window and show its code; returns MODE_PAIR."""
        code = self.link.pairing.open()
        self.show(["pair code:", code + " OK:end"])
        return MODE_PAIR

    def press(self, button):
        """Any button closes the window: back to the main menu."""
        self.link.pairing.close()
        return MAIN

    def tick(self, now_ms):
        """The link settles pairing itself (device.controller shows its outcome)."""
        return None

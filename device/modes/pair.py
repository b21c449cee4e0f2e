"""Mode "Pair host": a fresh pairing code on the LCD until a host proves it (the link
says so: device.link, device.pairing) or a button ends it (docs/protocol.md "Pairing")."""


from device.controller import MODE_PAIR


class PairMode:
    """Pairing on ``link`` (a ``device.link.Link``); ``show(lines)`` puts rows on the LCD."""

    code = MODE_PAIR

    def __init__(self, link, show):
        self.link = link
        self.show = show

    def enter(self):
        """Open the pairing window and show its code."""
        from device.words import say
        code = self.link.pairing.open()
        self.show([say("pair code:"), say("%s OK:end") % code])

    def press(self, button):
        """Any button closes the window: ``([], "main")``, back to the main menu."""
        self.link.pairing.close()
        return [], "main"

    def tick(self, now_ms):
        """The link settles pairing itself (device.controller shows its outcome)."""
        return [], None

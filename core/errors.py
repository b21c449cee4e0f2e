"""The project's exception family: one small class per kind of bad input.

Every error carries the offending value in its message. ``core`` raises these; the device
turns them into refusal events and never lets them escape its loop.
"""


class TrickrefError(ValueError):
    """Base class of every error the rules core raises on bad input.

    A ``ValueError`` so callers that expect one still catch it (MicroPython allows only
    one built-in base, so the family hangs off this single class).
    """


class BadCard(TrickrefError):
    """A card code or card number that is not in the deck (``"ZZ"``, ``"1O"``, 99)."""


class BadTag(TrickrefError):
    """Tag memory that does not hold a trickref card: blank, foreign NDEF, truncated TLV."""


class BadRecord(TrickrefError):
    """A game record (ISS line, vector, journal record) that cannot be parsed."""


class IllegalPlay(TrickrefError):
    """A play or choice the rules forbid.

    ``reason`` is a short code from ``core.events`` (``NOT_YOUR_TURN``, ``MUST_FOLLOW``, ...),
    ``detail`` a sentence a player can read.
    """

    def __init__(self, reason, detail=""):
        super().__init__("%s: %s" % (reason, detail) if detail else reason)
        self.reason = reason
        self.detail = detail


class NotSaved(TrickrefError):
    """An accepted action whose journal record could not be written (flash full, write
    error): the action must not change the table. ``reason`` is ``"flash-full"`` or
    ``"write-error"`` (codes of ``core.events``), ``detail`` the file system's words."""

    def __init__(self, reason, detail=""):
        super().__init__("%s: %s" % (reason, detail) if detail else reason)
        self.reason = reason
        self.detail = detail

"""The table's own refusal codes (the rules' codes are in ``core.events`` and the game
modules); their words per language are in :mod:`device.words`."""

from core.events import Refused

CLEAR_PADS = "clear-pads"  # refusal: the last trick still lies on the pads
LIFT_CARD = "lift-card"  # refusal: a card taken back (undo) still lies on its pad
TAG_REWRITTEN = "tag-rewritten"  # the tag's text names another card than its UID is bound to
TWO_TAGS = "two-tags"  # a second tag claims a card another tag already is
NOT_BOUND = "not-bound"  # the deck was audited and this tag is not one of its cards
INTERNAL = "internal"  # the loop caught a fault of its own: shown, the table goes on
# The heap ran out in the middle of an action, which may have left the deal half-changed:
# the Supervisor restarts the board, which resumes from its journal as after a power cut
# (with a heap no longer fragmented). Write-ahead: every action it took is on flash.
OUT_OF_MEMORY = "out-of-memory"


def loop_fault(e):
    """The ``Refused(-1, -1, reason, detail)`` for exception ``e`` caught by the firmware
    loop: OUT_OF_MEMORY for a MemoryError, else INTERNAL; ``detail`` its message."""
    return Refused(-1, -1, OUT_OF_MEMORY if isinstance(e, MemoryError) else INTERNAL, str(e))


def fault_lines(fault):
    """The two LCD lines for a :func:`loop_fault` refusal (English: a fault of the firmware
    itself, for whoever services the board; the message cut to 20 characters)."""
    if fault.reason == OUT_OF_MEMORY:
        return "out of memory", "restarting"
    return "internal error", fault.detail[:20]

"""The drivers' failure convention (STYLE.md item 8), in one place for every driver.

- A chip that does not answer at construction: :class:`DeviceNotFound` (an ``OSError``,
  as the bus itself raises), with the bus and address in the message.
- Card readers: "no card in the field" is a normal ``None``; field faults raise the closed
  :class:`NfcError` family, which the firmware loop turns into events.
"""


class DeviceNotFound(OSError):
    """A chip did not answer on its bus at construction (message names bus and address)."""


class NfcError(Exception):
    """Base of the field faults: something answered, but not a clean card read."""


class NfcTimeout(NfcError):
    """A tag that was in the middle of an exchange stopped answering."""


class NfcCollision(NfcError):
    """Two or more tags answered at once; ``bit`` is the first collision bit (1-based)."""

    def __init__(self, msg, bit=0):
        super().__init__(msg)
        self.bit = bit


class NfcCrcError(NfcError):
    """An answer whose CRC_A (or anticollision BCC) does not match its bytes."""


class NfcNak(NfcError):
    """The tag answered a 4-bit NAK; ``code`` is 0x0 invalid argument, 0x1 CRC/parity,
    0x5 EEPROM write error (NTAG21x datasheet 9.3)."""

    def __init__(self, code, command):
        super().__init__("tag NAK 0x%X to %s" % (code, command))
        self.code = code


class NfcProtocolError(NfcError):
    """A garbled, short or unexpected answer (parity/protocol error, wrong length,
    inconsistent SAK) or a tag that is not an NFC Forum Type 2 tag."""

"""I2C bus clear: free an SDA line a slave holds low, with plain GPIO.

A slave that missed clocks (a reset of the master mid-transfer, noise on SCL) waits in the
middle of a byte and keeps SDA low; no START can be sent and every transaction times out.
NXP UM10204 (I2C-bus specification, rev. 7) 3.1.16 "Bus clear": "the master should send
nine clock pulses. The device that held the bus LOW should release it sometime within those
nine clocks", then a STOP. Done here with ``machine.Pin`` in open-drain mode on the bus's
pins, before the board creates its I2C object again (which takes the pins back).

Timing: each ``Pin.value`` call under MicroPython takes several microseconds, longer than
the standard-mode half period (UM10204 table 10: tLOW 4.7 us, tHIGH 4.0 us), so no delay
is added between edges.
"""

from core.compat import const

_CLOCKS = const(9)  # UM10204 3.1.16: nine clock pulses


def bus_clear(Pin, sda_id, scl_id):
    """Clock SCL (up to 9 pulses, until SDA reads high) with SDA released, then send a
    STOP. ``Pin``: the ``machine.Pin`` class; ``sda_id``, ``scl_id``: the bus's pins.
    Returns True when SDA is high at the end (the bus is free), False when it is still
    held low (a slave that is dead or unpowered: the caller reports it)."""
    sda = Pin(sda_id, Pin.OPEN_DRAIN, value=1)
    scl = Pin(scl_id, Pin.OPEN_DRAIN, value=1)
    for _ in range(_CLOCKS):
        if sda.value():
            break
        scl.value(0)
        scl.value(1)
    # STOP: SDA rises while SCL is high
    scl.value(0)
    sda.value(0)
    scl.value(1)
    sda.value(1)
    return bool(sda.value())

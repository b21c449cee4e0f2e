"""The emulated board (CPython): wire time from a card laid to the verdict on the LCD, empty
pad polling, and whole deals per second through menus, pads and LCD.

The board's buses count what they carry (host_sim/machine.py): the SPI bus its bytes at the
Pico's SPI clock (``boards.pico.SPI_BAUD``, 1 MHz) as ``wire_us``; the I2C bus its bytes
with start, address, ACK and stop at its clock, 9 clocks a byte plus 2 (``wire_us``); each
MFRC522 model its RF frames at 106 kbit/s plus the frame delay (``air_us``) and the time
its timer ran waiting for tags that did not answer (``timer_us``: 1 ms per silent REQA or
HLTA with the driver's TReload). The firmware does these one after the other (no DMA, no
interrupts), so their sum is the wire part of the latency; the LCD's own execution (37 µs
an instruction) overlaps the next I2C frame (at least 117 µs at 400 kHz) and adds nothing.

I2C time scales with the clock: the figures at 100 kHz are the bus's clock count at 400 kHz
divided by 100 kHz (the same bytes, four times longer).

A probe wraps the SimBoard of a ``host_sim.autoplay`` table player (its ``place``, ``lift``
and ``run``, the steps every card goes through) and runs the firmware one tick at a time:

- *verdict*: from the moment a trick-ending card is laid (deals' last tricks excluded:
  their tick also renders the result) to the end of the firmware tick whose events hold
  the TrickTaken, i.e. once the LCD shows the taker;
- *own read*: that tick alone (the pad's REQA, anticollision, SELECT, READ, HLTA, then the
  screens), the part that does not depend on where the round robin stood;
- *ready*: verdict plus the wire time from lifting that card (the table clears the trick)
  to the LCD's "pads clear": after it the next card is read.
"""

import time

from boards import pico
from host_sim import board as simboard
from host_sim.autoplay import table_player

GAMES = (("skat", 3), ("magistr", 4), ("tarot", 4), ("zhopa", 4))
_TICK = simboard.TICK_MS


SPI_FLOOR_HZ = 10000000  # the MFRC522's rated SPI clock (datasheet 8.1.2: 10 Mbit/s)


def counters(board):
    """``[spi_us, air_us, timer_us, i2c_us, spi_bytes]`` of ``board`` so far (I2C at the
    board's own clock)."""
    spi = board.machine.SPI(pico.SPI_ID)
    i2c = board.machine.I2C(pico.I2C_ID)
    air = 0.0
    timer = 0.0
    for chip in board.pads:
        air += chip.air_us
        timer += chip.timer_us
    return [spi.wire_us, air, timer, i2c.wire_us, spi.bytes_moved]


def _delta(now, then):
    return [a - b for a, b in zip(now, then)]


def wire_us(d):
    """Wire µs of a counter delta: SPI, RF air, RF timer and I2C, one after the other."""
    return d[0] + d[1] + d[2] + d[3]


def lcd_floor_us(before, after, i2c_hz):
    """I2C µs of the least traffic that turns the LCD rows ``before`` into ``after``: per
    row that changes, one write (address byte, start and stop) of one DDRAM address set
    and each changed character, 4 port bytes each (hardware.md 2.3)."""
    us = 0.0
    for old, new in zip(before, after):
        changed = sum(1 for a, b in zip(old, new) if a != b)
        if changed:
            us += (9 * (1 + 4 * (1 + changed)) + 2) * 1e6 / i2c_hz
    return us


class Probe:
    """Records wire-time deltas of every trick-ending card on a TablePlayer's board. The
    verdict's end is the moment the table loop releases the pads (``Pads.release``, the
    deferred HLTA): the LCD already shows the taker. With several pads the tag was halted
    before the verdict (the between-pads check, device/pads.py) and nothing is sent then.
    ``close()`` undoes the probe's hook on ``Pads.release``."""

    def __init__(self, player):
        from device.pads import Pads
        b = self.board = player.board
        self._place, self._lift, self._run = b.place, b.lift, b.run
        b.place, b.lift, b.run = self.place, self.lift, self.run
        self.placed = None
        self.lifted = None
        self.verdicts = []  # [verdict delta, own-read delta, ready delta or None, floor us]
        self._pending = None
        self.placements = 0
        self._halted = None
        self._release = Pads.release
        probe = self

        def release(pads):
            if probe._halted is None:
                probe._halted = counters(probe.board)
            return probe._release(pads)
        Pads.release = release

    def close(self):
        from device.pads import Pads
        Pads.release = self._release

    def place(self, pad, tag):
        self._place(pad, tag)
        self.placements += 1
        self.placed = counters(self.board)

    def lift(self, pad, tag):
        self._lift(pad, tag)
        if self._pending is not None:
            self.lifted = counters(self.board)

    def run(self, ms):
        b = self.board
        hz = b.machine.I2C(pico.I2C_ID).freq
        events = []
        end = b.clock.now_ms + ms
        while b.clock.now_ms < end:
            before = counters(b)
            rows = b.lcd_lines()
            self._halted = None
            got = self._run(_TICK)
            events.extend(got)
            names = [type(e).__name__ for e in got]
            if self.placed is not None and "TrickTaken" in names:
                now = self._halted or counters(b)
                if "DealOver" not in names and "Awaiting" not in names:
                    own = _delta(now, before)
                    floor = own[4] * 8e6 / SPI_FLOOR_HZ + own[1] + \
                        lcd_floor_us(rows, b.lcd_lines(), hz)
                    self._pending = [_delta(now, self.placed), own, None, floor]
                    self.verdicts.append(self._pending)
                self.placed = None
            if self.lifted is not None and b.lcd_lines()[0].startswith("pads clear"):
                self._pending[2] = _delta(counters(b), self.lifted)
                self._pending = self.lifted = None
        return events


def _summary(us):
    us = sorted(us)
    if not us:
        return {"n": 0, "mean": 0, "max": 0}
    return {"n": len(us), "mean": sum(us) / len(us), "max": us[-1]}


def verdicts(game, players, deals, seed=1, i2c_hz=pico.I2C_FREQ):
    """Wire-time figures of ``deals`` deals of ``game`` on the emulated board (µs), with the
    LCD's bus at ``i2c_hz`` (the board's I2C_FREQ; the driver's frames follow it), and the
    floor of each trick-ending card: its own tag's frames on the air (REQA to READ), their
    SPI bytes at the MFRC522's 10 MHz, and only the LCD characters that change."""
    saved = pico.I2C_FREQ
    pico.I2C_FREQ = i2c_hz
    try:
        tp = table_player(game, players, seed=seed)
    finally:
        pico.I2C_FREQ = saved
    probe = Probe(tp)
    try:
        tp.play(deals)
    finally:
        probe.close()
    vs = probe.verdicts
    ready = [v for v in vs if v[2] is not None]
    out = {"game": game, "players": players, "cards": probe.placements, "i2c_hz": i2c_hz,
           "verdict": _summary([wire_us(v[0]) for v in vs]),
           "own": _summary([wire_us(v[1]) for v in vs]),
           "floor": _summary([v[3] for v in vs]),
           "own_ratio": _summary([wire_us(v[1]) / v[3] for v in vs]),
           "verdict_ratio": _summary([wire_us(v[0]) / v[3] for v in vs]),
           "ready": _summary([wire_us(v[0]) + wire_us(v[2]) for v in ready])}
    parts = [0.0] * 5
    for v in vs:
        parts = [a + b for a, b in zip(parts, v[1])]
    n = max(1, len(vs))
    out["own_parts"] = {"spi_us": parts[0] / n, "air_us": parts[1] / n,
                        "timer_us": parts[2] / n, "i2c_us": parts[3] / n,
                        "spi_bytes": parts[4] / n}
    return out


def empty_polls(readers=6, ms=1200):
    """Wire µs of one poll of an empty pad, with ``readers`` pads and a Skat deal waiting."""
    from core.cards import SKAT
    from core.games import skat
    b = simboard.SimBoard(seats=readers)
    b.start(lambda: skat.Game().new_deal(), SKAT)
    b.run(100)
    c0 = counters(b)
    x0 = sum(p.exchanges for p in b.pads)
    b.run(ms)
    polls = sum(p.exchanges for p in b.pads) - x0  # one REQA per empty poll
    d = _delta(counters(b), c0)
    return {"readers": readers, "polls": polls, "wire_us": wire_us(d) / polls,
            "spi_us": d[0] / polls, "timer_us": d[2] / polls, "air_us": d[1] / polls}


def throughput(game, players, deals, seed=1):
    """Whole deals through the emulated board (menus, pads, LCD, journal-less), timed."""
    t0 = time.perf_counter()
    tp = table_player(game, players, seed=seed)
    results = tp.play(deals)
    dt = time.perf_counter() - t0
    bad = [r for r in results if r[0] != r[1]]
    if bad:
        raise AssertionError("%s: the board scored a deal unlike the rules core: %r"
                             % (game, bad[0]))
    return {"game": game, "deals": len(results), "seconds": dt,
            "virtual_s": tp.board.clock.now_ms / 1000.0}

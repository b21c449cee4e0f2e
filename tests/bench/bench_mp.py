"""The MicroPython side of the benchmarks (also runs under CPython, for the same figures).

Usage (``tools/bench.py`` runs it; each game in its own process, as a board loads one)::

    micropython -X heapsize=128K tests/bench/bench_mp.py rules GAME DEALS ROUNDS
    micropython -X heapsize=128K tests/bench/bench_mp.py alloc GAME DEALS
    micropython -X heapsize=128K tests/bench/bench_mp.py verdict GAME DEALS
    micropython -X heapsize=128K tests/bench/bench_mp.py poll READERS POLLS
    micropython -X heapsize=128K tests/bench/bench_mp.py loop READERS TICKS

with ``MICROPYPATH`` = tests/bench, the ``.mpy`` tree of ``tests/mpy.build_mpy()`` and the
repository root. Every figure is one line ``<what> <game> key=value ...`` on stdout:

- ``rules``: ``bench_rules.measure`` (deals, cards, best µs).
- ``alloc``: heap bytes allocated per card by ``Deal.play`` on the table's deal (hands
  unknown, as the referee holds them), garbage collection off while measuring
  (``gc.mem_alloc`` counts 16-byte blocks): the mean over the first and the last third of
  each deal's cards, the largest single card, the deal's last card apart (it also builds
  the deal's result), and the heap in use after the deals.
- ``verdict``: the firmware's referee loop (``device.app.App``) over stub readers and a
  stub I2C bus under the real HD44780 driver: for each trick-ending card, the µs of the
  ``tick`` that reads it (tag decode, referee, screens, LCD encoding) and of the
  ``Referee.card`` call inside it; median and largest.
- ``poll``: µs of one ``Pads.poll`` of an empty pad through the real MFRC522 driver over a
  stub SPI bus whose chip never hears a tag (every register access returns at once), so
  the figure is the driver's own compute per empty poll.
- ``loop``: the firmware's real loop (``firmware/main.py``, with its 1 ms sleeps) over the
  same empty pads: wall µs of a number of ticks, each polling one pad.

The stubs cost next to nothing, so what is timed is our code; the wire time those bus
transactions take is measured by the emulated board (tests/bench/bench_board.py).
"""

import gc
import sys

import bench_rules
from bench_rules import ticks_diff, ticks_us


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0


def rules(game, deals, rounds):
    d, c, us = bench_rules.measure(game, deals, rounds)
    print("rules %s deals=%d cards=%d us=%d" % (game, d, c, us))


def alloc(game, deals):
    driver = bench_rules.DRIVERS[game](1)
    first = []
    last = []
    ends = []
    worst = 0
    for _ in range(deals):
        shadow = driver.start()
        table = driver.blind()
        for verb, args in driver.setup:
            getattr(table, verb)(*args)
        per = []
        rng = driver.rng
        ending = 0
        while not shadow.is_over():
            seat = shadow.current_seat()
            legal = shadow.legal_cards(seat)
            card = legal[rng.next32() % len(legal)]
            shadow.play(seat, card)
            gc.collect()
            gc.disable()
            before = gc.mem_alloc()
            table.play(seat, card)
            used = gc.mem_alloc() - before
            gc.enable()
            if shadow.is_over():  # the deal's last card also builds its result
                ending = used
            else:
                per.append(used)
                if used > worst:
                    worst = used
        driver.finish(shadow)
        third = len(per) // 3
        if third:
            first.extend(per[:third])
            last.extend(per[-third:])
        shadow = table = None
        ends.append(ending)
    gc.collect()
    print("alloc %s cards=%d first_mean=%d last_mean=%d max=%d last_card=%d heap_after=%d"
          % (game, len(first) + len(last), sum(first) // max(1, len(first)),
             sum(last) // max(1, len(last)), worst, max(ends), gc.mem_alloc()))


class StubI2C:
    """An I2C bus whose every write is acknowledged at once (the LCD's backpack)."""

    def writeto(self, addr, buf, stop=True):
        return len(buf)


class StubClock:
    """Virtual milliseconds for device.timing, so the LCD's reset waits cost nothing."""

    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms


class StubReader:
    """A pad: ``place(card data)`` makes one ``read_card`` return it, then the tag sits
    halted (present, silent) until ``lift()``."""

    def __init__(self):
        self.tag = None
        self.fresh = False

    def place(self, uid, page4):
        self.tag = (uid, page4)
        self.fresh = True

    def lift(self):
        self.tag = None

    def read_card(self, known=None, halt=True):
        if self.fresh:
            self.fresh = False
            return self.tag
        return None

    def halt(self, confirm=True):
        pass

    def tag_present(self):
        return self.tag is not None

    def holds(self, uid):
        return self.tag is not None and self.tag[0] == uid


def verdict(game, deals):
    from core.cards import DECKS
    from core.referee import Referee
    from core.tags import encode_card
    from device import timing
    from device.app import App
    from device.drivers.hd44780 import Lcd

    driver = bench_rules.DRIVERS[game](1)
    deck = driver.game.deck if hasattr(driver.game, "deck") else DECKS["skat"]
    timing.use(StubClock())
    n = bench_rules.PLAYERS[game]
    readers = [StubReader() for _ in range(n)]
    lcd = Lcd(StubI2C(), 0x27, 16, 2)
    timed = [0]

    class TimedReferee(Referee):
        def card(self, seat, card):
            t0 = ticks_us()
            events = Referee.card(self, seat, card)
            timed[0] = ticks_diff(ticks_us(), t0)
            return events

    ticks = []
    refs = []
    now = 0
    for _ in range(deals):
        shadow = driver.start()
        app = App(readers, lcd, TimedReferee(driver.blind), deck)
        for verb, args in driver.setup:
            app.choose(verb, *args)
        rng = driver.rng
        while not shadow.is_over() and shadow.current_seat() >= 0:
            seat = shadow.current_seat()
            legal = shadow.legal_cards(seat)
            card = legal[rng.next32() % len(legal)]
            shadow.play(seat, card)
            readers[seat].place(b"\x04\x00\x00\x00\x00\x00" + bytes((card & 0xFF,)),
                                encode_card(deck, card))
            events = []
            for _ in range(4 * n):  # the pad's turn comes within one round
                now += 2
                t0 = ticks_us()
                events = app.tick(now)
                us = ticks_diff(ticks_us(), t0)
                if events:
                    break
            names = [type(e).__name__ for e in events]
            if "Refused" in names:
                raise AssertionError("%s: the referee refused a legal card: %r" % (game, events))
            if "TrickTaken" in names and "DealOver" not in names and "Awaiting" not in names:
                ticks.append(us)
                refs.append(timed[0])
            readers[seat].lift()
            for _ in range(4 * n):  # let every pad count as lifted
                now += 2
                app.tick(now)
        driver.finish(shadow)
        app = shadow = None
        gc.collect()
    print("verdict %s cards=%d tick_median=%d tick_max=%d referee_median=%d referee_max=%d"
          % (game, len(ticks), _median(ticks), max(ticks), _median(refs), max(refs)))


class StubPin:
    """A chip-select pin (the driver only sets it)."""

    OUT = 1

    def init(self, mode=-1, value=None):
        pass

    def __call__(self, v=None):
        return None

    def value(self, v=None):
        return None


class EmptyPadSpi:
    """SPI to an MFRC522 with no tag in its field: VersionReg 0x92, CommandReg idle, and
    ComIrqReg always showing TimerIRq (the chip's timer ran out: nobody answered)."""

    _ANSWERS = {0x37: 0x92, 0x04: 0x01}  # VersionReg, ComIrqReg

    def write(self, buf):
        pass

    def readinto(self, buf, write=0):
        for i in range(len(buf)):
            buf[i] = 0

    def write_readinto(self, out, into):
        into[1] = self._ANSWERS.get((out[0] >> 1) & 0x3F, 0)


def poll(readers, polls):
    from device import timing
    from device.drivers.mfrc522 import MFRC522
    from device.pads import Pads

    timing.use(StubClock())
    spi = EmptyPadSpi()
    pads = Pads([MFRC522(spi, StubPin()) for _ in range(readers)])
    best = -1
    now = 0
    for _ in range(5):
        t0 = ticks_us()
        for _ in range(polls):
            now += 4
            if pads.poll(now) is not None:
                raise AssertionError("an empty pad read something")
        us = ticks_diff(ticks_us(), t0)
        if best < 0 or us < best:
            best = us
    print("poll readers=%d polls=%d us=%d" % (readers, polls, best))


class Bundle:
    """The parts of a board's hardware bundle that ``main.build_app`` uses."""

    def __init__(self, readers, lcd):
        self.readers = readers
        self.lcd = lcd


def loop(readers, ticks):
    """The firmware's own loop (``firmware/main.py`` ``loop``, its 1 ms sleeps included,
    real time) over an App waiting for a Skat card, with every pad empty: the wall µs of
    ``ticks`` ticks, each polling one pad. The wire time of the empty polls is the emulated
    board's (bench_board.empty_polls), added by tools/bench.py."""
    from device.drivers.hd44780 import Lcd
    from device.drivers.mfrc522 import MFRC522
    sys.path.append(__file__.rsplit("/", 3)[0] + "/firmware")
    import main as firmware

    spi = EmptyPadSpi()
    app = firmware.build_app(Bundle([MFRC522(spi, StubPin()) for _ in range(readers)],
                                    Lcd(StubI2C(), 0x27, 16, 2)))
    firmware.loop(app, 50)  # warm up
    best = -1
    for _ in range(3):
        t0 = ticks_us()
        firmware.loop(app, ticks)
        us = ticks_diff(ticks_us(), t0)
        if best < 0 or us < best:
            best = us
    print("loop readers=%d ticks=%d us=%d" % (readers, ticks, best))


def main(argv):
    what = argv[1]
    if what == "rules":
        rules(argv[2], int(argv[3]), int(argv[4]))
    elif what == "alloc":
        alloc(argv[2], int(argv[3]))
    elif what == "verdict":
        verdict(argv[2], int(argv[3]))
    elif what == "poll":
        poll(int(argv[2]), int(argv[3]))
    elif what == "loop":
        loop(int(argv[2]), int(argv[3]))
    else:
        raise SystemExit("unknown benchmark %r" % (what,))


if __name__ == "__main__":
    main(sys.argv)

"""Faults of a real table injected into a deal played on the emulated board (issue 27).

``fault_run(game, players, seed, flash, fault, at)`` plays one deal of ``game`` with
``host_sim.autoplay`` on a board booted as ``firmware/main.py`` boots it (boot guard,
journal in ``flash``, Supervisor and watchdog) and injects ``fault`` while the ``at``-th
card is laid. The players behave as at a table: a card is left on its pad until the
board has taken it (a reader that is out, a board that restarts), then lifted.

Faults (``FAULTS``):

- ``reader``: the pad's reader loses power (its cable) before the card is laid, for
  ``OUTAGE_MS``, then comes back with its registers at reset values;
- ``sda``: the LCD backpack holds SDA low mid-byte just before the card is read (UM10204
  3.1.16: the board must clear the bus);
- ``nibble``: a spurious E pulse latches one nibble into the HD44780 before the card is
  read: the next writes are assembled from the wrong halves;
- ``brownout``: every chip resets together once the card is taken, while it still lies
  on its pad (it must not count twice); the MCU keeps running; ``brownout-restart``: the
  MCU resets too and boots from its journal;
- ``hang``: the I2C controller hangs at the card's LCD write; only the watchdog resets
  the board, which resumes from its journal;
- ``reset``: the MCU resets at tick ``at_tick`` of the card (0 = just before the card is
  laid), wherever the firmware stands;
- ``memory``: the heap runs out while the rules take the card (a MemoryError from the
  deal's ``play``, after the card's record is on flash): the Supervisor restarts the
  board, which resumes from its journal.

The returned :class:`FaultRun` holds the deal's results (shadow vs firmware), the final
sheet, the board, and ``seen``: the LCD rows at the moments the fault should show.
"""

from core.events import Refused
from device.pads import NO_READER
from host_sim.autoplay import table_player
from host_sim.machine import WatchdogReset

FAULTS = ("reader", "sda", "nibble", "brownout", "brownout-restart", "hang", "reset",
          "memory")
OUTAGE_MS = 1200  # how long a pad's reader stays out
TAKE_MS = 12000  # longest a player waits for the board to take a card (a watchdog reset)


class FaultRun:
    """One deal with one fault; see the module docstring."""

    def __init__(self, game, players, seed, flash, fault=None, at=3, at_tick=0):
        if fault is not None and fault not in FAULTS:
            raise ValueError("unknown fault %r (known: %s)" % (fault, ", ".join(FAULTS)))
        self.player = table_player(game, players, seed=seed, flash=flash, boot=True)
        self.board = self.player.board
        self.fault = fault
        self.at = at
        self.at_tick = at_tick
        self.cards = 0
        self.seen = {}  # moment -> LCD rows
        self.in_step = {}  # moment -> the LCD shows what the firmware's buffer holds
        self.player.lay = self.lay

    def play(self):
        """Play the deal; returns ``(results, sheet lines)``."""
        p = self.player
        results = p.play(1)
        ctl = p.ctl
        return results, list(ctl.flow.sheet_lines(ctl.match)) if ctl.match else \
            list(ctl.last_sheet or [])

    def look(self, moment):
        """Note the LCD rows and whether the display is in step with the firmware."""
        self.seen[moment] = self.board.lcd_lines()
        self.in_step[moment] = lcd_in_step(self.board)

    def lay(self, pad, card):
        """Lay ``card`` on ``pad`` as the autoplayer does, with the fault when due."""
        p, b = self.player, self.board
        self.cards += 1
        fault = self.fault if self.cards == self.at else None
        tag = p.tags.tag(card)
        pad = p.pad(pad)
        resets = len(b.resets)
        events = []
        if fault == "reset":
            self._reset_at(b.ticks + self.at_tick)
        elif fault == "reader":
            b.pads[pad].power_off()
        elif fault == "sda":
            b.machine.I2C(0).stick_sda(5)
        elif fault == "nibble":
            b.lcd_model.spurious_nibble(0x5)
        elif fault == "hang":
            b.machine.I2C(0).hang()
        elif fault == "memory":
            _out_of_memory_once(p.ctl.app.referee.deal)
        b.place(pad, tag)
        events += b.run(60)
        if fault == "reader":
            events += b.run(300)
            self.look("outage")
            b.pads[pad].power_on()
        elif fault in ("sda", "nibble"):
            self.look("glitch")
        waited = 0
        while not played(p.ctl, card) and waited < TAKE_MS:
            events += b.run(20)
            waited += 20
        if fault == "reader":
            self.look("back")
        if fault in ("brownout", "brownout-restart"):  # the card still lies on its pad
            b.brown_out(restart=fault == "brownout-restart")
            self.look("brownout")
            events += b.run(60)
        p.lift_card(pad, card, events)
        events += b.run(60)
        if fault is not None:
            self.look("after")
            events += b.run(3200)  # a scheduled re-sync, a notice's time
            self.look("settled")
        b.on_tick = None
        rebooted = len(b.resets) > resets  # cards lying on the pads were read again
        return [e for e in events if not isinstance(e, Refused) or not rebooted and
                e.reason != NO_READER]

    def _reset_at(self, tick):
        def hook(board):
            if board.ticks >= tick:
                board.on_tick = None
                raise WatchdogReset("injected at tick %d" % tick)
        self.board.on_tick = hook


def _out_of_memory_once(deal):
    """The next ``deal.play`` raises MemoryError (as MicroPython does when no block of the
    heap is large enough); the one after plays as before."""
    def play(*args):
        del deal.play  # the class's own play again
        raise MemoryError("memory allocation failed, allocating 48 bytes")
    deal.play = play


def played(ctl, card):
    """True when the deal in play (or just over) has taken ``card``."""
    app = getattr(ctl, "app", None)
    if app is None:
        return False
    return any(verb == "play" and args[-1] == card for verb, args in app.referee.actions)


def lcd_in_step(board):
    """True when every LCD row shows exactly what the firmware's screen buffer holds."""
    lcd = board.hw.lcd
    return all(bytes(board.lcd_model.row_codes(r)) == bytes(lcd._view(r))
               for r in range(lcd.rows))

"""The simulator's hands on the three buttons: menu choices entered press by press.

When the computer enters something at the table (the game to start, a Skat contract for a
computer declarer, a recorded game's auction result), it does it the way a person does:
it presses the emulated buttons (PREV, NEXT, OK pins of the board) and reads the LCD back
from the HD44780 model to find the menu item, one press at a time, over the frames. The
firmware sees nothing but pins.

``Operator(board)``: queue steps with :meth:`choose`, :meth:`press`, :meth:`ok_while`,
:meth:`call`; call :meth:`step` every frame after the firmware ran.
"""

from collections import deque

from host_sim.board import on_item  # the one menu-item reader

PREV, NEXT, OK = 0, 1, 2  # board.hw.buttons order
HOLD_MS = 60  # a press: longer than the firmware's 20 ms debounce
GAP_MS = 60  # released between presses
LONG_MS = 900  # OK held this long is BACK (device.buttons LONG_MS = 800)
MAX_NEXT = 80  # NEXT presses before a menu item is declared missing

class Operator:
    """Presses the board's buttons to carry out queued steps, one press at a time."""

    def __init__(self, board, log=None):
        self.board = board
        self.log = log or (lambda text: None)
        self.queue = deque()
        self._held = None  # button held now
        self._release_at = 0
        self._free_at = 0
        self._tries = 0
        self._now = 0
        self.failed = None  # the label last looked for in vain

    def busy(self):
        """True while steps are queued, a button is held, or the last release is still
        settling (the firmware acts on a release only after its debounce time)."""
        return bool(self.queue) or self._held is not None or self._now < self._free_at

    def clear(self):
        """Drop the queued steps (a held button is still released)."""
        self.queue.clear()

    def choose(self, *labels):
        """Queue: for each label, press NEXT until the cursor row shows it, then OK."""
        for label in labels:
            self.queue.append(("choose", label))

    def press(self, button, hold_ms=HOLD_MS):
        """Queue one press of ``button`` (PREV, NEXT, OK) held ``hold_ms``."""
        self.queue.append(("press", button, hold_ms))

    def ok_while(self, condition, limit=12):
        """Queue: press OK while ``condition()`` holds, at most ``limit`` times (takes the
        first item of each menu, e.g. every option's default)."""
        self.queue.append(("ok_while", condition, limit))

    def call(self, fn):
        """Queue a function call (runs when the steps before it are done)."""
        self.queue.append(("call", fn))

    def _down(self, button, now_ms, hold_ms):
        self.board.hw.buttons[button].value(0)
        self._held = button
        self._release_at = now_ms + hold_ms

    def step(self, now_ms):
        """Advance by one frame at virtual time ``now_ms``."""
        self._now = now_ms
        if self._held is not None:
            if now_ms >= self._release_at:
                self.board.hw.buttons[self._held].value(1)
                self._held = None
                self._free_at = now_ms + GAP_MS
            return
        if now_ms < self._free_at or not self.queue:
            return
        head = self.queue[0]
        kind = head[0]
        if kind == "press":
            self.queue.popleft()
            self._down(head[1], now_ms, head[2])
        elif kind == "call":
            self.queue.popleft()
            head[1]()
        elif kind == "ok_while":
            if head[2] <= 0 or not head[1]():
                self.queue.popleft()
            else:
                self.queue[0] = ("ok_while", head[1], head[2] - 1)
                self._down(OK, now_ms, HOLD_MS)
        elif kind == "choose":
            label = head[1]
            if on_item(self.board, label):
                self.queue.popleft()
                self._tries = 0
                self._down(OK, now_ms, HOLD_MS)
            elif self._tries >= MAX_NEXT:
                self.failed = label
                self.log("menu item %r not found (LCD %r)" % (label, self.board.lcd_lines()))
                self.queue.clear()
                self._tries = 0
            else:
                self._tries += 1
                self._down(NEXT, now_ms, HOLD_MS)

"""Test helpers for a host on the emulated board's link: a host speaking frames on an
in-memory UART (:class:`Host`), a console paired with a running SimBoard (the code taken
from the board's pairing, as a player reads it off the LCD)."""

import os
import threading
import time

from core import protocol as P
from device.pairing import proof, session_key
from host_sim.console import KeyStore, signed


def in_thread(fn):
    """Run ``fn`` in a thread; returns ``(thread, box)``: box["value"] or box["error"]."""
    box = {}

    def run():
        try:
            box["value"] = fn()
        except BaseException as e:  # handed back to the test
            box["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t, box


def run_until(board, done, step_ms=10, seconds=15.0):
    """Run the board's firmware ``step_ms`` (virtual) at a time, letting the host's thread
    run between steps, until ``done()`` or ``seconds`` of real time; returns ``done()``."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        board.run(step_ms)
        time.sleep(0.002)
    return done()


def pair_console(con, board, ctl, keys_path):
    """Pair ``con`` with the board of controller ``ctl`` (its menu's "Pair host": the code
    its LCD shows); returns the KeyStore."""
    keys = KeyStore(keys_path)
    code = ctl.link.pairing.open()
    t, box = in_thread(lambda: con.pair(code, keys, 5.0))
    run_until(board, lambda: not t.is_alive())
    if "error" in box:
        raise box["error"]
    return keys


class Host:
    """A host on the board's in-memory UART: sends frames, reads the board's answers."""

    def __init__(self, uart, name="host-a", first_seq=0):
        self.uart = uart
        self.name = name
        self.w = P.FrameWriter(first_seq)
        self.r = P.FrameReader()
        self.seen = []  # every frame the board sent, in order
        self.key = None
        self.session = None  # after a login: frames that need it are signed with it

    def send(self, ftype, value=None):
        seq = self.w.seq
        self.uart.rx += self.w.frame(ftype, signed(self.session, seq, ftype, value))
        return seq

    def read(self):
        got = self.r.feed(bytes(self.uart.tx))
        self.uart.tx.clear()
        self.seen += got
        return got

    def ask(self, board, ftype, value=None, ms=40):
        """Send a command, run the board ``ms``; returns the board's reply to it."""
        seq = self.send(ftype, value)
        board.run(ms)
        for f in self.read():
            if isinstance(f, P.Frame) and 0x40 <= f.type < 0x50 and f.value[0] == seq:
                return f
        raise AssertionError("no reply to %s" % P.type_name(ftype))

    def confirm(self, seq):
        """The EV_CONFIRM for request ``seq`` seen so far, or None."""
        self.read()
        for f in self.seen:
            if f.type == P.EV_CONFIRM and f.value[0] == seq:
                return f.value
        return None

    def hello(self, board):
        nonce = os.urandom(16)
        ch = self.ask(board, P.C_HELLO, (self.name, nonce))
        assert ch.type == P.R_CHALLENGE, ch
        return self.name.encode() + nonce + ch.value[1], ch

    def pair(self, board, code):
        msg, _ = self.hello(board)
        got = self.ask(board, P.C_PROVE, ("pair", proof(code, b"pair", msg)))
        if got.type == P.R_PAIRED:
            self.key = proof(code, b"key", msg)
            self.session = session_key(self.key, msg)
        return got

    def login(self, board):
        msg, _ = self.hello(board)
        got = self.ask(board, P.C_PROVE, ("login", proof(self.key, b"login", msg)))
        if got.type == P.R_PAIRED:
            self.session = session_key(self.key, msg)
        return got

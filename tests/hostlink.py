"""Test helpers for a host on the emulated board's link: pair a console with a running
SimBoard (the code taken from the board's pairing, as a player reads it off the LCD)."""

import threading
import time

from host_sim.console import KeyStore


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

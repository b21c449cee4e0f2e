"""Long fuzz run of the serial link: ``python tools/fuzz_link.py --frames 1000000``.

The same properties as tests/test_protocol.py's hypothesis test (``check_stream``: the
FrameReader never raises, lets only genuine frames through, finds every intact frame,
whatever the chunking), over streams made with a seeded ``random.Random`` so a long run is
cheap and repeatable (``--seed``). Each stream is also fed to the board's ``device.link``
over an in-memory UART: its ``poll`` must never fault, and every request it raises for the
table must come from a genuine command frame. Prints progress and a summary; exit status 0
when every stream passed, 1 on the first failure (with its seed and stream number).
"""

import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from core import protocol as P  # noqa: E402
from device.link import Link  # noqa: E402
from host_sim.machine import MemUart  # noqa: E402
from test_protocol import check_stream, mutate  # noqa: E402

_TYPES = [t for t, _ in P.TYPES]
_MUTATIONS = ("flip", "delete", "insert", "cut", "len")


def _value(rng):
    k = rng.randrange(7)
    if k == 0:
        return None
    if k == 1:
        return rng.randrange(-1000, 10 ** 6)
    if k == 2:
        return "".join(rng.choice("abcCJSDH\u2663 ") for _ in range(rng.randrange(20)))
    if k == 3:
        return (rng.randrange(-1, 256), "x" * rng.randrange(8))
    if k == 4:
        return [rng.randrange(78) for _ in range(rng.randrange(12))]
    if k == 5:
        return (rng.randrange(256), bytes(rng.randrange(256) for _ in range(rng.randrange(60))))
    return {"game": "skat", "deal": rng.randrange(30)}


def _segment(rng):
    k = rng.random()
    frame = (rng.randrange(256), rng.choice(_TYPES), _value(rng))
    if k < 0.45:
        return "frame", frame
    if k < 0.85:
        return "mutated", (frame, (rng.choice(_MUTATIONS), rng.randrange(300),
                                   rng.randrange(1, 256)))
    n = rng.randrange(30)
    return "garbage", bytes(0xA5 if rng.random() < 0.1 else rng.randrange(256)
                            for _ in range(n))


def _check_link(segments):
    """Feed the stream to device.link.Link; returns the number of polls."""
    parts = []
    genuine = set()
    for kind, spec in segments:
        if kind == "garbage":
            parts.append(spec)
            continue
        (seq, t, v), mut = (spec, None) if kind == "frame" else spec
        try:
            data = P.encode_frame(seq, t, v)
        except Exception:
            continue
        if mut is not None:
            data = mutate(data, *mut)
        parts.append(data)
    stream = b"".join(parts)
    reader = P.FrameReader()
    for f in reader.feed(stream) + reader.flush():  # the command frames really on the line
        if isinstance(f, P.Frame) and f.type in (P.C_UNDO, P.C_NEW_GAME):
            genuine.add(f.seq)
    uart = MemUart(stream)
    link = Link(uart, state=lambda: {"game": "skat"}, sheet=lambda: (["a"], [[1]]),
                journal=lambda off, n: b"TRJ1"[off:off + n])
    polls = 0
    now = 0
    while uart.rx or polls < 3 or link._export is not None:
        req = link.poll(now)
        now += 150  # past IDLE_MS: partial frames are flushed between polls
        polls += 1
        if req is not None:
            if req.seq not in genuine:
                raise AssertionError("request %r from a frame that was not sent" % (req,))
            link.resolve(False, "fuzz")
        if polls > 100000:
            raise AssertionError("link never drained the stream")
    if link.faults:
        raise AssertionError("link fault: %s" % link.last_fault)
    for item in P.FrameReader().feed(bytes(uart.tx)):
        if not isinstance(item, P.Frame):
            raise AssertionError("the board sent a bad frame: %r" % (item,))
    return polls


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=100000, help="frames to generate")
    ap.add_argument("--seed", type=int, default=1, help="random seed (repeatable runs)")
    ap.add_argument("--no-link", action="store_true", help="only the FrameReader checks")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    done = streams = 0
    t0 = time.monotonic()
    while done < args.frames:
        segments = [_segment(rng) for _ in range(rng.randrange(20, 60))]
        cuts = [rng.randrange(3000) for _ in range(rng.randrange(12))]
        try:
            done += check_stream(segments, cuts)
            if not args.no_link:
                _check_link(segments)
        except Exception as e:
            print("FAIL seed %d stream %d: %s: %s" % (args.seed, streams, type(e).__name__, e))
            return 1
        streams += 1
        if streams % 500 == 0:
            print("%d frames, %d streams, %.0f s" % (done, streams, time.monotonic() - t0),
                  flush=True)
    print("OK %d frames in %d streams, seed %d, %.1f s"
          % (done, streams, args.seed, time.monotonic() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())

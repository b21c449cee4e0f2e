"""A sample of the adversarial host suite (tests/test_host_adversarial.py) under
MicroPython: device.link with device.pairing over an in-memory UART, the board's code and
nonces from the port's own random source, HMAC-SHA256 on its hashlib.

Checks: an unpaired host gets the public state and `not-paired` for the journal and undo;
a wrong pairing code is denied; the right one pairs; a replayed login proof is denied; a
fresh login works; a request without the session's signature is refused (whoever is on the
line after the host logged in cannot use its login); a declined request makes the host
wait; a second host's hello ends the session and cancels the pending request.
"""

import heap

heap.report("before imports")
from core import protocol as P  # noqa: E402
from device.link import BACKOFF_MS, Link  # noqa: E402
from device.pairing import Pairing, proof, random_bytes, session_key, sign  # noqa: E402

heap.report("after imports")


class Uart:
    def __init__(self):
        self.rx = bytearray()
        self.tx = bytearray()

    def any(self):
        return len(self.rx)

    def read(self, n):
        out = bytes(self.rx[:n])
        self.rx = self.rx[n:]
        return out or None

    def write(self, b):
        self.tx.extend(b)
        return len(b)


uart = Uart()
link = Link(uart, state=lambda: {"game": "skat", "players": 3, "deal": 2, "seat": 1},
            journal=lambda o, n: b"", pairing=Pairing(None), check=lambda r: None)
w = P.FrameWriter()
now = [0]


def ask(t, v=None, session=None):
    seq = w.seq
    if session is not None:  # signed as the logged-in host's (device.pairing.sign)
        v = [v, sign(session, seq, t, v)]
    uart.rx.extend(w.frame(t, v))
    for _ in range(8):
        now[0] += 10
        link.poll(now[0])
    got = P.FrameReader().feed(bytes(uart.tx))
    uart.tx = bytearray()
    for f in got:
        if 0x40 <= f.type < 0x50 and f.value[0] == seq:
            return f, got
    raise AssertionError("no reply to %d" % t)


def hello(name):
    nonce = random_bytes(16)
    f, _ = ask(P.C_HELLO, (name, nonce))
    assert f.type == P.R_CHALLENGE, f
    return name.encode() + nonce + f.value[1]


f, _ = ask(P.Q_STATE)
assert f.value[1] == {"game": "skat", "players": 3, "deal": 2}, f
for t in (P.Q_JOURNAL, P.C_UNDO):
    assert ask(t)[0].value[1] == P.E_NOT_PAIRED
code = link.pairing.open()
msg = hello("mp-host")
assert ask(P.C_PROVE, ("pair", proof("%06d" % ((int(code) + 1) % 1000000), b"pair", msg))
           )[0].value[1] == P.E_DENIED
msg = hello("mp-host")
assert ask(P.C_PROVE, ("pair", proof(code, b"pair", msg)))[0].type == P.R_PAIRED
key = proof(code, b"key", msg)
msg = hello("mp-host")
old = proof(key, b"login", msg)
assert ask(P.C_PROVE, ("login", old))[0].type == P.R_PAIRED
hello("mp-host")
assert ask(P.C_PROVE, ("login", old))[0].value[1] == P.E_DENIED  # replayed
msg = hello("mp-host")
assert ask(P.C_PROVE, ("login", proof(key, b"login", msg)))[0].type == P.R_PAIRED
session = session_key(key, msg)
assert ask(P.Q_STATE)[0].value[1]["seat"] == 1
assert ask(P.C_UNDO)[0].value[1] == P.E_NOT_PAIRED  # not signed: not the host's
assert ask(P.C_UNDO, None, session_key(key, b"other"))[0].value[1] == P.E_NOT_PAIRED
f, _ = ask(P.C_UNDO, None, session)
assert f.type == P.R_PENDING
link.resolve(False, "declined at the table")
assert ask(P.C_UNDO, None, session)[0].value[1:] == (P.E_WAIT, "5")
now[0] += BACKOFF_MS
f, _ = ask(P.C_UNDO, None, session)
assert f.type == P.R_PENDING
seq = f.value[0]
f, got = ask(P.C_HELLO, ("intruder", random_bytes(16)))
assert [g.value[2:] for g in got if g.type == P.EV_CONFIRM and g.value[0] == seq] == [
    (False, "cancelled: another host said hello")]
assert link.host is None and ask(P.Q_JOURNAL)[0].value[1] == P.E_NOT_PAIRED
heap.report("after the handshakes")

# the hosts' file in the folder given (argv[1]): written whole (no temporary left), a key
# saved, the store read back
import os  # noqa: E402
import sys  # noqa: E402

if len(sys.argv) > 1:
    store = sys.argv[1] + "/hosts.bin"
    kept = Pairing(store)
    assert sorted(os.listdir(sys.argv[1])) == ["hosts.bin"], os.listdir(sys.argv[1])
    kept.open()
    nonce = random_bytes(16)
    assert kept.check_pair("mp-host", b"mp-host" + nonce, proof(kept.code, b"pair",
                                                                b"mp-host" + nonce))
    assert kept.error is None and Pairing(store).key("mp-host") == kept.key("mp-host")
print("OK")

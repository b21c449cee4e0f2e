"""Which hosts the table trusts: the pairing code on the LCD, the keys kept on flash.

Handshake (docs/protocol.md "Pairing"): the host sends its id and a 16-byte nonce
(C_HELLO), the board answers with its own nonce (R_CHALLENGE); ``msg`` is then
``host id (UTF-8) + host nonce + board nonce``. To *pair*, the host proves it read the code
the board shows: ``HMAC-SHA256(code, b"pair" + msg)``; both sides then derive the host's key
``HMAC-SHA256(code, b"key" + msg)``, which the board keeps on flash. To *log in* later:
``HMAC-SHA256(key, b"login" + msg)``. Every challenge allows one proof; ``PAIR_TRIES``
wrong pairing proofs close the code (the table must open a new one).

A proof opens a *session*: both sides derive ``session = HMAC-SHA256(key, b"session" +
msg)``, and every frame that changes the table or reads the journal (new-game, undo,
export-journal) carries its signature (:func:`sign`), so whoever is on the line after the
host logged in (its cable unplugged, another plugged in) cannot use its login.

Random bytes: ``os.urandom`` (CPython, the MicroPython unix port, RP2040 and ESP32 ports);
where a port lacks it, ``random.getrandbits`` seeded from the tick counter.
"""

from core.codec import decode, encode
from core.compat import const
from core.errors import BadRecord

NONCE = const(16)  # bytes of each side's challenge nonce
MAC = const(32)  # bytes of a proof (HMAC-SHA256)
ID_MAX = const(32)  # characters of a host id
PAIR_TRIES = const(3)  # wrong pairing proofs before the code is withdrawn
MAX_HOSTS = const(8)  # keys kept; pairing a ninth host forgets the oldest
CODE_DIGITS = const(6)  # the code on the LCD: 6 digits, 3 tries: 3 chances in a million


def random_bytes(n):
    """``n`` unpredictable bytes for nonces and codes (``os.urandom``; else
    ``random.getrandbits`` seeded from the tick counter, on ports without it)."""
    try:
        import os
        return bytes(os.urandom(n))
    except (ImportError, AttributeError, NotImplementedError, OSError):
        import random
        from device import timing
        random.seed(timing.ticks_ms())
        return bytes(random.getrandbits(8) for _ in range(n))


def proof(secret, purpose, msg):
    """The 32-byte proof ``HMAC-SHA256(secret, purpose + msg)``; ``secret`` a code (str)
    or key (bytes), ``purpose`` b"pair", b"key" or b"login" (module docstring)."""
    if isinstance(secret, str):
        secret = secret.encode()
    from core.hmac_sha256 import hmac_sha256  # loaded when a host proves (issue 19)
    return hmac_sha256(secret, purpose + msg)


def session_key(key, msg):
    """The 32-byte key of the session a proof opened: ``HMAC-SHA256(key, b"session" +
    msg)``, ``key`` the host's kept key, ``msg`` the proof's handshake bytes."""
    return proof(key, b"session", msg)


def sign(session, seq, ftype, value):
    """The 16-byte signature of a frame's payload ``value`` (any codec value) sent as
    frame ``seq`` of type ``ftype`` in ``session``: ``HMAC-SHA256(session, bytes((seq,
    ftype)) + encode(value))``, first 16 bytes. The frame's payload is then ``[value,
    signature]`` (docs/protocol.md "Pairing")."""
    return proof(session, b"", bytes((seq & 0xFF, ftype)) + encode(value))[:16]


class Pairing:
    """The board's paired hosts, kept in the file ``path`` (None: in RAM only).

    ``board_id``: 8 random bytes made once, so a host knows which of its keys to use.
    ``code``: the pairing code while the table shows it, else None. A file that cannot be
    read starts an empty store (``error`` says why); nothing is guessed from it. ``error``
    says why the keys on flash are not the ones in RAM: a file unread, a write the flash
    refused; None again once a save succeeds (the file then holds every key).
    """

    def __init__(self, path=None):
        self.path = path
        self.code = None
        self.tries = 0
        self.error = None
        self.hosts = []  # [host id, key] pairs, oldest first
        self.board_id = None
        self._load()
        if self.board_id is None:
            unread = self.error
            self.board_id = random_bytes(8)
            self._save()
            # the new id's save does not make the lost keys good: why they are gone stays
            self.error = self.error or unread

    def open(self):
        """Start pairing: a fresh code (shown on the LCD) accepts PAIR_TRIES proofs."""
        n = int.from_bytes(random_bytes(4), "little") % (10 ** CODE_DIGITS)
        self.code = ("%0" + str(CODE_DIGITS) + "d") % n
        self.tries = 0
        return self.code

    def close(self):
        """Stop pairing: the code is withdrawn."""
        self.code = None

    def key(self, host_id):
        """The key of ``host_id``, or None when it is not paired."""
        for h, k in self.hosts:
            if h == host_id:
                return k
        return None

    def check_pair(self, host_id, msg, mac):
        """True when ``mac`` proves the code shown now; the host's key is then kept and the
        code withdrawn. A wrong proof counts; PAIR_TRIES of them withdraw the code."""
        if self.code is None:
            return False
        from core.hmac_sha256 import same
        if not same(proof(self.code, b"pair", msg), mac):
            self.tries += 1
            if self.tries >= PAIR_TRIES:
                self.close()
            return False
        key = proof(self.code, b"key", msg)
        self.hosts = [hk for hk in self.hosts if hk[0] != host_id][-(MAX_HOSTS - 1):]
        self.hosts.append([host_id, key])
        self.close()
        self._save()
        return True

    def check_login(self, host_id, msg, mac):
        """True when ``mac`` proves ``host_id``'s kept key."""
        key = self.key(host_id)
        from core.hmac_sha256 import same
        return key is not None and same(proof(key, b"login", msg), mac)

    def forget(self):
        """Forget every paired host (the menu's "Forget hosts")."""
        self.hosts = []
        self._save()

    def _load(self):
        if self.path is None:
            return
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError:
            return  # never paired
        try:
            v = decode(data, 0, len(data))
            bid, hosts = v["id"], v["hosts"]
            if not isinstance(bid, bytes) or len(bid) != 8:
                raise BadRecord("board id is not 8 bytes")
            for h in hosts:
                if not (isinstance(h[0], str) and isinstance(h[1], bytes) and len(h[1]) == MAC):
                    raise BadRecord("a host entry is not (id, 32-byte key)")
            self.board_id = bid
            self.hosts = [[h[0], h[1]] for h in hosts]
        except (BadRecord, KeyError, TypeError, IndexError) as e:
            self.error = "paired hosts unreadable: %s" % e

    def _save(self):
        # whole or not at all (device/flashfile.py keep: a power cut leaves the old keys);
        # a write the flash refuses leaves the old file and no temporary one, and never
        # stops a pairing: the keys stay in RAM until the next boot, ``error`` says why
        if self.path is None:
            return
        data = encode({"id": self.board_id, "hosts": [tuple(h) for h in self.hosts]})
        from device.flashfile import keep
        try:
            keep(self.path, data)
        except OSError as e:
            self.error = "paired hosts not saved: %s" % e
            return
        self.error = None  # the file holds every key now: an earlier failure is over

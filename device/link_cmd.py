"""The board's answers to a host's commands (device/link.py's ``Link.poll`` calls
:func:`command` for each good frame): pairing (C_HELLO, C_PROVE), the state query, the
score-sheet and journal exports, and the new-game and undo requests the table settles.

Split from device/link.py (issue 19, docs/performance.md "32-bit heap"): a table sends its
events whether or not a host listens, but answers only when a host has spoken, so this
code is loaded with the first bytes a host sends. The rules for each command are in
device/link.py's docstring and docs/protocol.md.
"""

from core import protocol as P
from device import timing
from device.link import JOURNAL_CHUNK, NEW_GAME, PUBLIC_STATE, UNDO, Request, _text


def _bad(link, frame, detail):
    link.errors += 1
    link.send(P.R_ERROR, (frame.seq, P.E_BAD_PAYLOAD, _text(detail)))

def command(link, frame, now_ms):
    """Answer one good ``frame`` (core.protocol.Frame) from the host on ``link`` (a
    device.link.Link) at ``now_ms``; returns the new :class:`device.link.Request` when a
    state-changing command is to be shown at the table, else None. A frame that is not a
    command, or not allowed to an unpaired host, or a bad payload, is answered R_ERROR
    (docs/protocol.md)."""
    t = frame.type
    seq = frame.seq
    if not P.is_command(t):
        link.errors += 1
        link.send(P.R_ERROR, (seq, P.E_NOT_A_COMMAND, P.type_name(t)))
        return None
    if link.host is not None:
        link._host_seen = now_ms
    if t == P.C_HELLO:
        return _hello(link, frame)
    if t == P.C_PROVE:
        return _prove(link, frame, now_ms)
    if t in P.SIGNED:
        if link.host is None:
            link.send(P.R_ERROR, (seq, P.E_NOT_PAIRED, "%s needs a paired host: pair "
                                  "from the board's menu, then log in" % P.type_name(t)))
            return None
        frame = _signed(link, frame)
        if frame is None:
            return None
    if t == P.C_NEW_GAME or t == P.C_UNDO:
        return _request(link, frame, now_ms)
    if frame.value is not None:
        _bad(link, frame, "%s takes no payload" % P.type_name(t))
        return None
    if t == P.Q_STATE:
        if link.state is None:
            link.send(P.R_ERROR, (seq, P.E_INTERNAL, "no state on this board"))
            return None
        try:
            st = link.state()
            if link.host is None:
                st = dict((k, st[k]) for k in PUBLIC_STATE if k in st)
        except Exception as e:
            link._fault(e)
            link.send(P.R_ERROR, (seq, P.E_INTERNAL, _text(link.last_fault)))
            return None
        if not link.send(P.R_STATE, (seq, st)):
            link.send(P.R_ERROR, (seq, P.E_INTERNAL, _text(link.last_fault)))
        return None
    # Q_SHEET, Q_JOURNAL: exports, one at a time
    if link._export is not None:
        link.send(P.R_ERROR, (seq, P.E_BUSY, "export %d still running" % link._export_seq))
        return None
    source = link.sheet if t == P.Q_SHEET else link.journal
    if source is None:
        link.send(P.R_ERROR, (seq, P.E_INTERNAL, "no %s on this board" % P.type_name(t)))
        return None
    link._export = (_sheet_frames(link, seq) if t == P.Q_SHEET
                    else _journal_frames(link, seq))
    link._export_seq = seq
    return None

def _request(link, frame, now_ms):
    seq = frame.seq
    if frame.type == P.C_UNDO:
        cmd, args = UNDO, None
        if frame.value is not None:
            _bad(link, frame, "undo takes no payload")
            return None
    else:
        cmd, args = NEW_GAME, frame.value
        if isinstance(args, str):
            args = {"game": args}
        if not isinstance(args, dict) or not isinstance(args.get("game"), str):
            _bad(link, frame, "new-game needs {\"game\": name, ...}")
            return None
    p = link.pending
    if p is not None:
        if p.seq == seq and p.command == cmd and p.args == args:  # sent again
            link.send(P.R_PENDING, (seq, cmd))
        else:
            link.send(P.R_ERROR, (seq, P.E_BUSY, "%s %d waits for the table"
                                  % (p.command, p.seq)))
        return None
    if link._wait_until is not None:
        left = timing.ticks_diff(link._wait_until, now_ms)
        if left > 0:
            link.send(P.R_ERROR, (seq, P.E_WAIT, "%d" % ((left + 999) // 1000)))
            return None
        link._wait_until = None
    req = Request(seq, cmd, args)
    why = "no table to ask" if link.check is None else link.check(req)
    if why is not None:
        link.send(P.R_ERROR, (seq, P.E_INVALID, _text(why)))
        return None
    link.pending = req
    link._pending_since = now_ms
    link.send(P.R_PENDING, (seq, cmd))
    return link.pending

def _signed(link, frame):
    """``frame`` with its payload ``[value, signature]`` unwrapped to ``value`` when the
    signature is the logged-in host's session's (device.pairing.sign), else None and
    the host told: whoever is on the line after a host logged in cannot use its login
    (docs/protocol.md "Threat model")."""
    v = frame.value
    if isinstance(v, (list, tuple)) and len(v) == 2 and isinstance(v[1], bytes) and \
            link._session is not None:
        from core.hmac_sha256 import same
        from device.pairing import sign
        if same(sign(link._session, frame.seq, frame.type, v[0]), v[1]):
            return P.Frame(frame.seq, frame.type, v[0])
    link.errors += 1
    link.send(P.R_ERROR, (frame.seq, P.E_NOT_PAIRED, "%s not signed by the logged-in "
                          "host's session: log in again" % P.type_name(frame.type)))
    return None


def _hello(link, frame):
    """C_HELLO (host id, 16-byte nonce): a host introduces itself; whoever was logged
    in is not any more (one line, one host), and a request it left waiting is
    cancelled. Answers R_CHALLENGE with a fresh board nonce."""
    v = frame.value
    if not (isinstance(v, (list, tuple)) and len(v) == 2 and isinstance(v[0], str)
            and 0 < len(v[0]) <= 32 and isinstance(v[1], bytes) and len(v[1]) == 16):
        _bad(link, frame, "hello-host needs (host id of 1..32 chars, 16-byte nonce)")
        return None
    if link.pairing is None:
        link.send(P.R_ERROR, (frame.seq, P.E_INTERNAL, "this board cannot pair"))
        return None
    from device.pairing import random_bytes
    link.host = link._session = None
    if link.pending is not None:
        link.resolve(False, "cancelled: another host said hello")
    nonce = random_bytes(16)
    link._challenge = (v[0], v[1], nonce)
    link.send(P.R_CHALLENGE, (frame.seq, nonce, link.pairing.board_id,
                              link.pairing.code is not None))
    return None

def _prove(link, frame, now_ms):
    """C_PROVE ("pair" or "login", 32-byte MAC): one proof per challenge."""
    v = frame.value
    if not (isinstance(v, (list, tuple)) and len(v) == 2 and v[0] in ("pair", "login")
            and isinstance(v[1], bytes) and len(v[1]) == 32):
        _bad(link, frame, "prove needs (\"pair\" or \"login\", 32-byte MAC)")
        return None
    ch = link._challenge
    link._challenge = None
    if ch is None:
        link.send(P.R_ERROR, (frame.seq, P.E_DENIED, "no challenge: send hello first"))
        return None
    host_id = ch[0]
    msg = host_id.encode() + ch[1] + ch[2]
    ok = link.pairing.check_pair(host_id, msg, v[1]) if v[0] == "pair" \
        else link.pairing.check_login(host_id, msg, v[1])
    if not ok:
        link.errors += 1
        link.send(P.R_ERROR, (frame.seq, P.E_DENIED, "%s proof does not match" % v[0]))
        return None
    from device.pairing import session_key
    link.host = host_id
    link._session = session_key(link.pairing.key(host_id), msg)
    link._host_seen = now_ms
    if v[0] == "pair":
        link.paired = host_id
    link.send(P.R_PAIRED, (frame.seq, host_id, v[0]))
    return None

def _sheet_frames(link, seq):
    columns, rows = link.sheet()
    yield P.R_SHEET_HEAD, (seq, list(columns))
    n = 0
    for r in rows:
        yield P.R_SHEET_ROW, (seq, list(r))
        n += 1
    yield P.R_END, (seq, n)

def _journal_frames(link, seq):
    # only what journal_end() allows: the open deal's records stay on the board
    end = link.journal_end() if link.journal_end is not None else None
    offset = 0
    while end is None or offset < end:
        n = JOURNAL_CHUNK if end is None else min(JOURNAL_CHUNK, end - offset)
        chunk = link.journal(offset, n)
        if not chunk:
            break
        yield P.R_JOURNAL, (seq, offset, bytes(chunk))
        offset += len(chunk)
    link.journal(offset, 0)  # the snapshot ends here: its copy removed, its code unloaded
    yield P.R_END, (seq, offset)

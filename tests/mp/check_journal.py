"""Journal, frames and the board's link under MicroPython.

Usage: ``micropython check_journal.py JOURNAL`` where JOURNAL is the journal CPython wrote
for ISS 6997010 played at the table (tests/test_journal.py: GAME, DEAL, the actions with
one misplaced card taken back, DEAL_OVER, GAME_OVER). In three stages, so the 128 KB heap
of the 64-bit unix port holds them (a board runs the modules frozen, from flash):

1. journal: the CRC-32 and codec vectors of tests/vectors/link_journal.json; read JOURNAL,
   write the same records again (the bytes must be equal: one format on both sides), cut
   the file at every byte offset and check that exactly the complete records are read,
   recover a torn tail, compact the finished game;
2. resume: the boot path: replay the journal's deal into a fresh Skat referee and check
   the result and the score-sheet row (grand won by forehand, +48; Seeger-Fabian 98);
3. link: frame vectors, frames through garbage whole and byte by byte, device.link over an
   in-memory UART (state query, undo pending then confirmed, sheet export).
"""

import json
import os
import sys

import heap

heap.report("before imports")
from core import journal  # noqa: E402
from core.journal import DEAL_OVER, GAME, GAME_OVER, UNDO, Journal, Record  # noqa: E402

heap.report("after importing the journal")
n = 0


def drop(*names):
    """Unload modules (sys.modules and the parent package's attribute) to free the heap."""
    for name in names:
        sys.modules.pop(name, None)
        pkg, _, attr = name.rpartition(".")
        try:
            delattr(sys.modules[pkg], attr)
        except (AttributeError, KeyError):
            pass


def check(cond, what):
    global n
    if not cond:
        raise SystemExit("MISMATCH " + what)
    n += 1


# -- 1. journal
with open("tests/vectors/link_journal.json") as f:
    vec = json.load(f)
for v in vec["crc32"]:
    check(journal.crc32(v["text"].encode()) == int(v["crc"], 16), "crc32 " + v["text"])
for v in vec["codec"]:
    value = eval(v["repr"])
    data = journal.encode(value)
    check(data.hex() == v["hex"], "encode " + v["repr"])
    back = journal.decode(data)
    check(back == value and type(back) is type(value), "decode " + v["repr"])
frame_vectors = vec["frames"]
vec = value = back = data = None

recs, report = Journal(sys.argv[1]).read()
check(report.ok and len(recs) > 60, "CPython's journal reads intact: %r" % (report,))
check(recs[0].kind == GAME and recs[-1].kind == GAME_OVER, "game header and end")
check(Record(UNDO, None) in recs, "the undo is journaled")
row = recs[-2].data
path = "/tmp/trickref_mp_%s.bin" % os.urandom(4).hex()
cut_path = path + ".cut"
try:
    j = Journal(path)
    ends = [j.append(k, d) for k, d in recs]
    j.close()
    with open(path, "rb") as f:
        full = f.read()
    with open(sys.argv[1], "rb") as f:
        check(f.read() == full, "MicroPython writes the same bytes as CPython")
    check(ends[-1] == len(full), "end offsets")
    heap.report("after writing the journal")
    # A power cut at every byte. The records read are compared one by one as they stream
    # out (read(sink=...)), as the boot does: no list of them is built per cut.
    seen = [0, True]

    def same(rec):
        i = seen[0]
        if i >= len(recs) or rec != recs[i]:
            seen[1] = False
        seen[0] = i + 1

    mv = memoryview(full)
    for cut in range(len(full) + 1):
        with open(cut_path, "wb") as f:
            f.write(mv[:cut])
        seen[0], seen[1] = 0, True
        _, report = Journal(cut_path).read(sink=same)
        k = 0
        while k < len(ends) and ends[k] <= cut:
            k += 1
        kept = ends[k - 1] if k else (4 if cut >= 4 else 0)
        if not (seen[1] and seen[0] == k and report.records == k and report.kept == kept
                and report.dropped == cut - kept):
            check(False, "cut at %d" % cut)
        n += 1
    got = mv = None
    heap.report("after the cuts")
    # recover a torn tail, then compact the finished game
    with open(cut_path, "wb") as f:
        f.write(full[:ends[10] + 3])
    got, report = Journal(cut_path).recover()
    check(got == recs[:11] and report.dropped == 3, "recover")
    check(os.stat(cut_path)[6] == ends[10], "torn tail cut off")
    Journal(path).compact()
    got, report = Journal(path).read()
    check([r.kind for r in got] == [GAME, DEAL_OVER, GAME_OVER] and got[1].data == row,
          "compact keeps the score sheet")
finally:
    for p in (path, cut_path, path + ".new", cut_path + ".new"):
        try:
            os.remove(p)
        except OSError:
            pass
actions = journal.actions_since_last_deal(recs[:-2])  # as if cut before the row
check(journal.resume(recs[:-2]).deals[0].head == {"deal": 1, "dealer": 2, "seed": None},
      "open deal header")
got = full = ends = recs = report = None
heap.report("after the journal stage")

# -- 2. resume: the boot path replays the journal's deal
from core.games import skat, skat_sheet  # noqa: E402
from core.referee import Referee  # noqa: E402

heap.report("after importing the game")
ref = Referee(lambda: skat.Game().new_deal())
ref.replay(actions)
check(ref.actions == actions and ref.deal.is_over(), "replay to the end of the deal")
res = ref.deal.result()
check(res.declarer == 0 and res.value == 48 and res.won, "ISS 6997010: grand won, +48")
sheet = skat_sheet.ScoreSheet(3)
check(sheet.add(res, (0, 1, 2)) == row == (1, 0, 48, (48, 0, 0), (98, 0, 0)), "sheet row")
ref = res = sheet = actions = Referee = skat = skat_sheet = None
drop("core.referee", "core.games.skat", "core.games.skat_sheet", "core.games.skat_values",
     "core.games.skat_options", "core.games", "core.tricks")
heap.report("after the resume stage")

# -- 3. link
from core import protocol as P  # noqa: E402
from core.cards import SKAT  # noqa: E402
from device.link import Link  # noqa: E402

heap.report("after importing the link")
for v in frame_vectors:
    data = bytes.fromhex(v["hex"])
    check(P.encode_frame(v["seq"], v["type"], eval(v["repr"])) == data, "frame " + v["hex"])
    check(P.decode_frame(data) == P.Frame(v["seq"], v["type"], eval(v["repr"])), "decode frame")
w = P.FrameWriter()
sent = [(P.EV_CARD, (0, "CJ")), (P.EV_TRICK, (0, ["CJ", "S9", "DJ"], 4, "\u2663U highest trump")),
        (P.EV_ROW, (["game", "value"], [1, 48])), (P.Q_STATE, None), (P.R_JOURNAL, (1, 0, b"TRJ1"))]
stream = b"noise\xa5\x28" + b"".join(w.frame(t, v) for t, v in sent) + b"\xa5\xf0junk"
r = P.FrameReader()
got = r.feed(stream) + r.flush()
frames = [g for g in got if isinstance(g, P.Frame)]
check([(f.type, f.value) for f in frames] == sent, "frames through garbage")
r = P.FrameReader()
got = []
for b in stream:
    got += r.feed(bytes((b,)))
got += r.flush()
check([g for g in got if isinstance(g, P.Frame)] == frames, "byte by byte")


class Uart:
    def __init__(self):
        self.rx = b""
        self.tx = b""

    def any(self):
        return len(self.rx)

    def read(self, k):
        out, self.rx = self.rx[:k], self.rx[k:]
        return out or None

    def write(self, b):
        self.tx += b
        return len(b)


uart = Uart()
link = Link(uart, deck=SKAT, state=lambda: {"game": "skat", "deal": 1},
            sheet=lambda: (["game", "value"], [[1, 48]]), check=lambda req: None)
link.host = "mp-host"  # logged in (the handshake itself: check_pairing.py), and its
link._session = b"s" * 32  # session's key: the undo is signed with it (device.pairing)
from device.pairing import sign  # noqa: E402
host = P.FrameWriter(40)
# a stray byte, then a false start byte (the two are line noise: one R_ERROR)
uart.rx = b"\x00\xa5" + host.frame(P.Q_STATE) + \
    host.frame(P.C_UNDO, [None, sign(link._session, 41, P.C_UNDO, None)]) + host.frame(P.Q_SHEET)
req = None
for t in range(6):
    req = link.poll(t * 10) or req
check(req is not None and req.command == "undo" and req.seq == 41, "undo pending")
link.resolve(True)
answers = [(f.type, f.value) for f in P.FrameReader().feed(uart.tx) if isinstance(f, P.Frame)]
check(answers == [(P.R_ERROR, (-1, "garbage", "1 bytes outside any frame")),
                  (P.R_STATE, (40, {"game": "skat", "deal": 1})), (P.R_PENDING, (41, "undo")),
                  (P.R_SHEET_HEAD, (42, ["game", "value"])), (P.R_SHEET_ROW, (42, [1, 48])),
                  (P.R_END, (42, 1)), (P.EV_CONFIRM, (41, "undo", True, ""))],
      "link answers %r" % (answers,))
check(link.faults == 0 and link.errors == 2, "link faults %d errors %d"
      % (link.faults, link.errors))
link = uart = host = r = got = frames = stream = sent = answers = w = None

heap.report("at end")
print("OK", n)

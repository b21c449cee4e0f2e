"""The serial link end to end: the board's device.link over an in-memory UART, then over
host_sim's UART bridge opened by pyserial (``socket://127.0.0.1:PORT``) and by the
``trickref console`` command, with ISS 6997010 played at the table as the scripted deal.
"""

import csv
import queue
import socket
import threading
import time

import pytest
import serial
from hypothesis import given, settings
from hypothesis import strategies as st

from core import protocol as P
from core.cards import SKAT
from core.events import CardPlayed, DealOver, Refused, TrickTaken, Turn, Undone
from core.games import skat, skat_sheet
from core.journal import Journal
from core.referee import Referee
from device.pairing import Pairing, proof, session_key
from device.link import BACKOFF_MS, CONFIRM_MS, EXPORT_FRAMES, NEW_GAME, UNDO, Link, Request, flat_row
from host_sim.cli import main
from host_sim.console import Console, ConsoleError, KeyStore, signed
from host_sim import machine
from host_sim.link import UartBridge
from test_journal import game_records, iss_record, table_actions, write_journal

COLUMNS = ["game", "declarer", "value", "P1", "P2", "P3", "SF P1", "SF P2", "SF P3"]


class MemUart(machine.MemUart):
    """The in-memory UART, plus the frames the board wrote."""

    def sent(self):
        """Frames the board wrote since the last call."""
        got = P.FrameReader().feed(bytes(self.tx))
        self.tx.clear()
        assert all(isinstance(g, P.Frame) for g in got), got
        return got


def _host(*frames, session=None):
    """Frames from a host, numbered from 10; ``session``: signed as its login's."""
    w = P.FrameWriter(10)
    return b"".join(w.frame(t, signed(session, w.seq, t, v)) for t, v in frames)


def _frame(uart, seq, ftype, value=None):
    """One host frame ``seq``, signed with the session ``pair`` left on ``uart``."""
    return P.encode_frame(seq, ftype, signed(getattr(uart, "session", None), seq, ftype,
                                             value))


def _link(uart, **kw):
    kw.setdefault("state", lambda: {"game": "skat", "deal": 1, "seat": 0})
    kw.setdefault("pairing", Pairing(None))
    kw.setdefault("check", lambda req: None)
    return Link(uart, deck=SKAT, **kw)


def pair(link, uart, now=0, host="test-host"):
    """Pair ``host`` with ``link`` as docs/protocol.md says (the table opens a code, the
    host proves it); returns the host's key. The board's frames are consumed."""
    code = link.pairing.open()
    w = P.FrameWriter(200)
    nonce = bytes(range(16))
    uart.rx += w.frame(P.C_HELLO, (host, nonce))
    link.poll(now)
    ch = [f for f in P.FrameReader().feed(bytes(uart.tx)) if f.type == P.R_CHALLENGE][-1]
    msg = host.encode() + nonce + ch.value[1]
    uart.rx += w.frame(P.C_PROVE, ("pair", proof(code, b"pair", msg)))
    link.poll(now)
    got = P.FrameReader().feed(bytes(uart.tx))
    uart.tx.clear()
    assert got[-1].type == P.R_PAIRED and link.host == host, got
    key = proof(code, b"key", msg)
    uart.session = session_key(key, msg)  # what the host signs its requests with
    return key


# ---------------------------------------------------------------------------- device.link

def test_state_query_and_bad_frames_change_nothing():
    uart = MemUart()
    link = _link(uart)
    uart.rx += _host((P.Q_STATE, None))
    assert link.poll(0) is None
    # an unpaired host sees the public facts only
    assert uart.sent() == [P.Frame(0, P.R_STATE, (10, {"game": "skat", "deal": 1}))]
    uart.rx += b"\r\nnoise\xa5\xff" + _host((P.Q_STATE, 5), (P.EV_CARD, (0, "CJ")))
    assert link.poll(1) is None and link.pending is None
    sent = uart.sent()
    assert [(f.type, f.value[0], f.value[1]) for f in sent] == [
        (P.R_ERROR, -1, P.E_GARBAGE), (P.R_ERROR, 10, P.E_BAD_PAYLOAD),
        (P.R_ERROR, 11, P.E_NOT_A_COMMAND)]
    # 4 errors seen (the garbage and the too-long 0xA5 0xFF are both noise: one answer)
    assert link.errors == 4 and link.faults == 0


def test_line_noise_gives_at_most_one_error_per_poll():
    uart = MemUart()
    link = _link(uart)
    uart.rx += (b"\xa5\xf5" + b"\x00" * 10) * 5
    link.poll(0)
    assert len(uart.sent()) == 1


def test_undo_waits_for_the_table_then_confirms():
    """Undo from the host is only pending until the table's button; repeats of the same
    frame get the same answer, other commands meanwhile are busy."""
    uart = MemUart()
    link = _link(uart)
    pair(link, uart)
    uart.rx += _host((P.C_UNDO, None), session=uart.session)
    req = link.poll(0)
    assert req == Request(10, UNDO, None) and link.pending == req
    assert uart.sent() == [P.Frame(2, P.R_PENDING, (10, "undo"))]
    uart.rx += _frame(uart, 10, P.C_UNDO) + _frame(uart, 11, P.C_NEW_GAME, "skat")
    assert link.poll(5) is None and link.poll(6) is None  # 64 bytes read a poll
    assert [(f.type, f.value[:2]) for f in uart.sent()] == [(P.R_PENDING, (10, "undo")),
                                                            (P.R_ERROR, (11, P.E_BUSY))]
    assert link.resolve(True) == req and link.pending is None
    assert uart.sent() == [P.Frame(5, P.EV_CONFIRM, (10, "undo", True, ""))]
    assert link.resolve(True) is None


def test_new_game_declined_and_expiry():
    uart = MemUart()
    link = _link(uart)
    pair(link, uart)
    uart.rx += _host((P.C_NEW_GAME, "magistr"), session=uart.session)
    assert link.poll(0) == Request(10, NEW_GAME, {"game": "magistr"})
    link.resolve(False, "cancelled at the table")
    assert uart.sent()[-1].value == (10, "new-game", False, "cancelled at the table")
    t = BACKOFF_MS  # a declined host waits before it asks again
    uart.rx += _frame(uart, 12, P.C_NEW_GAME, {"game": "skat", "players": 4})
    assert link.poll(t).args == {"game": "skat", "players": 4}
    link.poll(t + CONFIRM_MS - 1)
    assert link.pending is not None
    link.poll(t + CONFIRM_MS)
    assert link.pending is None
    last = uart.sent()[-1]
    assert last.type == P.EV_CONFIRM and last.value[:3] == (12, "new-game", False)
    assert link.host is None  # silent for SESSION_MS: the host must log in again
    pair(link, uart, t + CONFIRM_MS)
    uart.rx += _frame(uart, 13, P.C_NEW_GAME, {"players": 4})  # no game named
    assert link.poll(t + CONFIRM_MS + 1) is None
    assert uart.sent()[-1].value[:2] == (13, P.E_BAD_PAYLOAD)


def test_sheet_export_goes_out_a_few_frames_per_poll(data_dir):
    """The score sheet of ISS 6997010 + ISS 9 (tests/test_skat_sheet.py's rows)."""
    from core import iss
    sheet = skat_sheet.ScoreSheet(3)
    for gid in ("6997010", "9"):
        sheet.add(iss.replay(iss_record(data_dir, gid)).result(), (0, 1, 2))
    uart = MemUart()
    link = _link(uart, sheet=lambda: (COLUMNS, [flat_row(r) for r in sheet.rows]))
    uart.rx += _host((P.Q_SHEET, None))
    got = []
    for t in range(10):
        link.poll(t)
        frames = uart.sent()
        assert len(frames) <= EXPORT_FRAMES
        got += frames
    assert [f.type for f in got] == [P.R_SHEET_HEAD, P.R_SHEET_ROW, P.R_SHEET_ROW, P.R_END]
    assert got[1].value == (10, [1, 0, 48, 48, 0, 0, 98, 0, 0])
    assert got[2].value == (10, [2, 2, -96, 48, 0, -96, 138, 40, -146])
    assert got[3].value == (10, 2)


def test_an_export_asked_as_soon_as_the_last_one_ended_is_not_busy(data_dir, tmp_path):
    """A host that asks again the moment R_END arrived (a club host taking the sheet, then
    the journal) was told ``busy: export N still running``: the export counted as running
    until the poll after its R_END. Each request is answered in full, none refused."""
    from core import iss
    sheet = skat_sheet.ScoreSheet(3)
    sheet.add(iss.replay(iss_record(data_dir, "6997010")).result(), (0, 1, 2))
    records, _ = game_records(iss_record(data_dir))
    path = str(tmp_path / "journal.bin")
    data, _ = write_journal(path, records)
    uart = MemUart()
    link = _link(uart, sheet=lambda: (COLUMNS, [flat_row(r) for r in sheet.rows]),
                 journal=Journal(path).chunk)
    pair(link, uart)
    t = 0
    for seq, ftype in ((20, P.Q_SHEET), (21, P.Q_SHEET), (22, P.Q_JOURNAL), (23, P.Q_SHEET)):
        uart.rx += _frame(uart, seq, ftype)
        got = []
        while not any(f.type == P.R_END for f in got):  # asks again as soon as it ends
            assert t < 100, got
            link.poll(t)
            t += 1
            got += uart.sent()
        assert [f.type for f in got if f.type == P.R_ERROR] == [], (seq, got)
        assert got[-1].type == P.R_END and got[-1].value[0] == seq
    assert got[-1].value == (23, 1) and link._export is None


def test_journal_export_is_the_file_byte_for_byte(data_dir, tmp_path):
    records, _ = game_records(iss_record(data_dir))
    path = str(tmp_path / "journal.bin")
    data, _ = write_journal(path, records)
    j = Journal(path)
    uart = MemUart()
    link = _link(uart, journal=j.chunk)
    pair(link, uart)
    uart.rx += _host((P.Q_JOURNAL, None), (P.Q_JOURNAL, None), session=uart.session)
    got = []
    for t in range(20):
        link.poll(t)
        got += uart.sent()
    busy = [f for f in got if f.type == P.R_ERROR]
    assert [b.value[:2] for b in busy] == [(11, P.E_BUSY)]  # one export at a time
    chunks = [f.value for f in got if f.type == P.R_JOURNAL]
    assert b"".join(c[2] for c in chunks) == data
    assert [c[1] for c in chunks] == list(range(0, len(data), 192))
    assert [f.value for f in got if f.type == P.R_END] == [(10, len(data))]


def test_events_carry_card_codes():
    uart = MemUart()
    link = _link(uart)
    cj, s9, dj = SKAT.parse("CJ"), SKAT.parse("S9"), SKAT.parse("DJ")
    assert link.send_event(CardPlayed(0, cj))
    assert link.send_event(TrickTaken(0, (cj, s9, dj), 4, "highest trump: CJ"))
    assert link.send_event(Refused(1, -1, "unknown-tag", "blank tag"))
    assert link.send_event(Undone(0, cj))
    assert not link.send_event(Turn(1)) and not link.send_event(DealOver(None))
    link.screen(["P1 \u2663U", "grand"])
    assert [(f.type, f.value) for f in uart.sent()] == [
        (P.EV_CARD, (0, "CJ")), (P.EV_TRICK, (0, ["CJ", "S9", "DJ"], 4, "highest trump: CJ")),
        (P.EV_REFUSED, (1, None, "unknown-tag", "blank tag")), (P.EV_UNDONE, (0, "CJ")),
        (P.EV_SCREEN, ["P1 \u2663U", "grand"])]
    assert link.send_event(Refused(1, 99, "not-in-deck", "x" * 500))  # long text is cut
    assert len(uart.sent()[0].value[3]) == 60


def test_faults_never_escape_poll():
    class BrokenUart(MemUart):
        def read(self, n):
            raise OSError(5, "EIO")

    def bad_state():
        raise RuntimeError("flash busy")

    uart = MemUart()
    link = _link(uart, state=bad_state)
    uart.rx += _host((P.Q_STATE, None), (P.Q_SHEET, None))
    link.poll(0)
    assert [f.value[:2] for f in uart.sent()] == [(10, P.E_INTERNAL), (11, P.E_INTERNAL)]
    assert link.faults == 1 and "flash busy" in link.last_fault
    broken = BrokenUart()
    broken.rx += b"x"
    link = _link(broken)
    assert link.poll(0) is None and link.faults == 1


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.lists(st.one_of(st.binary(max_size=20),
                          st.tuples(st.integers(0, 255), st.integers(0, 0x60),
                                    st.binary(max_size=8)).map(
                              lambda t: P.encode_frame(t[0], P.C_UNDO)[:4] + t[2])),
                max_size=20))
def test_random_input_raises_nothing_and_requests_nothing(chunks):
    """Garbage and broken undo frames never raise and never reach the table."""
    uart = MemUart()
    link = _link(uart)
    for i, c in enumerate(chunks):
        uart.rx += c
        assert link.poll(i * 200) is None
    assert link.pending is None and link.faults == 0


# ---------------------------------------------------------------------------- over TCP

class Board:
    """The firmware loop in a thread: polls the link every millisecond and runs the jobs
    the test hands it between polls (the link is used from that one thread only)."""

    def __init__(self, uart, **kw):
        self.link = _link(uart, **kw)
        self.jobs = queue.Queue()
        self.requests = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        while not self._stop.is_set():
            req = self.link.poll(int(time.monotonic() * 1000))
            if req is not None:
                self.requests.append(req)
            try:
                self.jobs.get_nowait()()
            except queue.Empty:
                time.sleep(0.001)

    def do(self, fn, timeout=5.0):
        """Run ``fn`` on the board thread and wait for it."""
        done = threading.Event()
        box = []

        def job():
            try:
                box.append(fn())
            except Exception as e:  # hand it to the test instead of killing the loop
                box.append(e)
            done.set()

        self.jobs.put(job)
        assert done.wait(timeout), "board job timed out"
        if isinstance(box[0], Exception):
            raise box[0]
        return box[0]

    def stop(self):
        self._stop.set()
        self._thread.join(2.0)


@pytest.fixture
def bridge():
    b = UartBridge()
    yield b
    b.close()
    assert not b._thread.is_alive()


def _play(board, data_dir):
    """Play ISS 6997010 on the board's referee, sending every event; returns the sheet."""
    steps, _ = table_actions(iss_record(data_dir))
    sheet = skat_sheet.ScoreSheet(3)

    def play():
        link = board.link
        link.hello("skat")
        link.deal_started(1, 2)
        ref = Referee(lambda: skat.Game().new_deal())
        for kind, data in steps:
            events = ref.act(data[0], *data[1]) if kind == "act" else ref.undo()
            for ev in events:
                link.send_event(ev)
                if isinstance(ev, DealOver):
                    row = sheet.add(ev.result, (0, 1, 2))
                    link.deal_over(1, "grand won +%d" % ev.result.value)
                    link.row(COLUMNS, flat_row(row))
        return sheet

    return board.do(play)


def test_pyserial_talks_to_the_board(bridge, data_dir, tmp_path):
    """pyserial's socket:// handler: the host gets the deal's events as they happen and
    an answer to its state query."""
    sheet = skat_sheet.ScoreSheet(3)
    board = Board(bridge, sheet=lambda: (COLUMNS, [flat_row(r) for r in sheet.rows]))
    try:
        port = serial.serial_for_url(bridge.url, timeout=0.05)
        con = Console(port)
        deadline = time.monotonic() + 5
        while not bridge.connected() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert con.query_state(3.0) == {"game": "skat", "deal": 1}  # unpaired: public
        keys = KeyStore(str(tmp_path / "keys.json"))
        con.pair(board.do(board.link.pairing.open), keys)
        assert con.query_state(3.0) == {"game": "skat", "deal": 1, "seat": 0}
        assert KeyStore(keys.path).boards == keys.boards and len(keys.boards) == 1
        sheet.rows = _play(board, data_dir).rows
        got = []
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not any(
                isinstance(f, P.Frame) and f.type == P.EV_ROW for f in got):
            got += con.take(0.2)
        frames = [f for f in got if isinstance(f, P.Frame)]
        assert frames == got  # nothing broken on the way
        types = [f.type for f in frames]
        assert types[:2] == [P.EV_HELLO, P.EV_DEAL]
        assert types.count(P.EV_CARD) == 31 and types.count(P.EV_TRICK) == 10  # + misplay
        assert types.count(P.EV_UNDONE) == 1
        first_trick = next(f for f in frames if f.type == P.EV_TRICK)
        assert first_trick.value[:3] == (0, ["CJ", "S9", "DJ"], 4)  # two jacks: 2 + 0 + 2
        assert frames[-1].value == (COLUMNS, [1, 0, 48, 48, 0, 0, 98, 0, 0])
        columns, rows = con.export_sheet(3.0)
        assert (columns, rows) == (COLUMNS, [[1, 0, 48, 48, 0, 0, 98, 0, 0]])
        port.close()
    finally:
        board.stop()


def test_console_command_exports_the_sheet_as_csv(bridge, data_dir, tmp_path, capsys):
    """``trickref console URL --export-csv FILE`` writes the referee's score sheet."""
    board = Board(bridge)
    try:
        sheet = _play(board, data_dir)
        board.link.sheet = lambda: (COLUMNS, [flat_row(r) for r in sheet.rows])
        path = str(tmp_path / "sheet.csv")
        assert main(["console", bridge.url, "--export-csv", path, "--query"]) == 0
        with open(path, newline="") as f:
            rows = list(csv.reader(f))
        assert rows == [COLUMNS] + [[str(c) for c in flat_row(r)] for r in sheet.rows]
        out = capsys.readouterr().out
        assert "state: deal=1, game=skat\n" in out and "1 row written" in out  # public
    finally:
        board.stop()


def test_a_keys_file_that_does_not_read_is_kept_not_written_over(tmp_path):
    """A keys file that is not the console's JSON (damaged, or edited by hand) is read as
    no keys; pairing then wrote a new file over it, losing every other board's key. Now
    the old file is kept as ``keys.json.bad`` and the new key is written alone."""
    path = tmp_path / "keys.json"
    damaged = '{"host": "h1", "boards": {"aa11": "00ff"'  # cut short
    path.write_text(damaged)
    keys = KeyStore(str(path))
    assert keys.boards == {} and keys.damaged
    keys.keep(bytes.fromhex("bb22"), bytes(32))
    assert (tmp_path / "keys.json.bad").read_text() == damaged
    assert KeyStore(str(path)).boards == {"bb22": "00" * 32}
    assert not KeyStore(str(tmp_path / "none.json")).damaged  # no file: nothing damaged


def paired(pairing, host):
    """``host`` proves the code ``pairing`` opens for it (device/pairing.py): True when the
    board took its key."""
    msg = host.encode() + bytes(32)
    return pairing.check_pair(host, msg, proof(pairing.open(), b"pair", msg))


def test_paired_hosts_the_flash_refuses_leave_the_old_file_and_no_temporary(tmp_path,
                                                                           monkeypatch):
    """A host paired and kept; the flash then refuses the next host's keys (full): the
    old file stands, the board says why (``error``) and goes on with both keys in RAM,
    and no temporary file is left on the flash (``hosts.bin.tmp`` stayed, in the space
    a full flash has least of)."""
    import errno
    from test_registry_cuts import writes_fail
    path = str(tmp_path / "hosts.bin")
    pairing = Pairing(path)
    assert paired(pairing, "h1")
    before = (tmp_path / "hosts.bin").read_bytes()
    writes_fail(monkeypatch, OSError(errno.ENOSPC, "No space left on device"), land=3)
    assert paired(pairing, "h2")
    monkeypatch.undo()
    assert pairing.error.startswith("paired hosts not saved")
    assert pairing.key("h2") is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hosts.bin"]
    assert (tmp_path / "hosts.bin").read_bytes() == before
    again = Pairing(path)
    assert again.key("h1") == pairing.key("h1") and again.key("h2") is None


def test_a_save_that_succeeds_clears_the_error_of_one_the_flash_refused(tmp_path,
                                                                        monkeypatch):
    """The flash refused a host's key (full: ``error`` says so); room was made and the
    next host's pairing saved every key. ``error`` still said "paired hosts not saved"
    though the file held them all; a save that succeeds clears it."""
    import errno
    from test_registry_cuts import writes_fail
    path = str(tmp_path / "hosts.bin")
    pairing = Pairing(path)
    writes_fail(monkeypatch, OSError(errno.ENOSPC, "No space left on device"))
    assert paired(pairing, "h1")
    monkeypatch.undo()
    assert pairing.error == "paired hosts not saved: [Errno 28] No space left on device"
    assert paired(pairing, "h2")
    assert pairing.error is None
    again = Pairing(path)
    assert again.error is None and [h for h, _ in again.hosts] == ["h1", "h2"]


def test_an_unreadable_hosts_file_is_told_after_the_new_board_id_is_saved(tmp_path):
    """A damaged hosts file starts an empty store with a new board id, saved at once:
    that save does not clear why the keys are gone (``error``); the next pairing's does."""
    path = tmp_path / "hosts.bin"
    path.write_bytes(b"\x00garbage")
    pairing = Pairing(str(path))
    assert pairing.error.startswith("paired hosts unreadable: ") and pairing.hosts == []
    assert paired(pairing, "h1") and pairing.error is None


def test_a_temporary_hosts_file_of_older_firmware_is_removed_at_boot(tmp_path, monkeypatch):
    """Firmware before atomic writes (device/flashfile.py) wrote ``hosts.bin.tmp`` and
    renamed it; a power cut or a full flash left it there. It went only when the hosts
    were first read (a host's hello, the pairing menu), so on a table no host talks to it
    held flash space for good. The boot removes it, without loading device.pairing (issue
    19: read when first needed), and ``hosts.bin``'s keys stay, never the temporary's."""
    import sys
    from host_sim.board import SimBoard
    from host_sim.machine import MemUart
    path = str(tmp_path / "hosts.bin")
    pairing = Pairing(path)
    assert paired(pairing, "h1")
    (tmp_path / "hosts.bin.tmp").write_bytes(b"\x01half a file")
    monkeypatch.delitem(sys.modules, "device.pairing")  # as a board boots: not loaded yet
    board = SimBoard(3, flash=str(tmp_path), link=MemUart())
    board.boot()
    board.run(100)
    assert "device.pairing" not in sys.modules
    assert sorted(p.name for p in tmp_path.iterdir()) == ["boot.txt", "hosts.bin"]
    again = Pairing(path)
    assert again.error is None and again.key("h1") == pairing.key("h1")


def test_console_query_with_a_key_the_board_forgot_says_the_public_state(bridge, tmp_path,
                                                                          capsys):
    """``--query`` logs in where this host holds keys (the state then names its seat); a
    key the board no longer knows (its menu's "Forget hosts") or keys only of other
    boards made the whole command fail, though the state is public. Now the console says
    why the login failed and prints the public state."""
    board = Board(bridge)
    try:
        board.do(lambda: board.link.hello("skat"))
        port = serial.serial_for_url(bridge.url, timeout=0.05)
        keys = KeyStore(str(tmp_path / "keys.json"))
        Console(port).pair(board.do(board.link.pairing.open), keys)
        port.close()
        board.do(board.link.pairing.forget)
        assert main(["console", bridge.url, "--query", "--seconds", "0",
                     "--keys", keys.path]) == 0
        out, err = capsys.readouterr()
        assert "state: deal=1, game=skat\n" in out and "seat" not in out
        assert "login proof does not match; the public state only" in err
        with open(keys.path) as f:
            other = f.read().replace(next(iter(keys.boards)), "00" * 8)
        with open(keys.path, "w") as f:
            f.write(other)  # keys of another board only
        assert main(["console", bridge.url, "--query", "--seconds", "0",
                     "--keys", keys.path]) == 0
        out, err = capsys.readouterr()
        assert "state: deal=1, game=skat\n" in out
        assert "not paired with board" in err and "the public state only" in err
        with open(keys.path, "w") as f:  # a damaged file: the board's key is not hex
            f.write('{"host": "h1", "boards": {"%s": "zz"}}' % next(iter(keys.boards)))
        assert main(["console", bridge.url, "--query", "--seconds", "0",
                     "--keys", keys.path]) == 0
        out, err = capsys.readouterr()
        assert "state: deal=1, game=skat\n" in out
        assert "is not a hex key: pair again" in err and "the public state only" in err
    finally:
        board.stop()


def test_console_live_view_and_csv(bridge, data_dir, tmp_path, capsys):
    """The live view prints the deal's events as readable lines and keeps --csv equal to
    the sheet as rows are booked."""
    sheet = skat_sheet.ScoreSheet(3)
    board = Board(bridge, sheet=lambda: (COLUMNS, [flat_row(r) for r in sheet.rows]))

    def later():
        deadline = time.monotonic() + 5
        while not bridge.connected() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.3)  # let the console fetch the (empty) sheet first
        sheet.rows = _play(board, data_dir).rows

    t = threading.Thread(target=later)
    t.start()
    path = str(tmp_path / "live.csv")
    try:
        assert main(["console", bridge.url, "--csv", path, "--seconds", "1.5"]) == 0
    finally:
        t.join(5)
        board.stop()
    out = capsys.readouterr().out.splitlines()
    assert "board up: protocol 2, game skat" in out and "deal 1 starts, dealer P3" in out
    assert "P1 plays CJ" in out and "P1 takes back SA" in out
    # ISS 6997010 trick 1: CJ S9 DJ, the club jack (Kreuz-Unter) is the highest trump;
    # without --lang every card is the wire's code, in the reason too (it said "♣U")
    assert "P1 takes CJ S9 DJ (4 points): CJ highest trump" in out
    assert "P2 takes CT CA DK (25 points): CA top of suit" in out  # the last trick
    assert not [l for l in out if "\u2663" in l or "\u2660" in l], out
    assert sum(1 for l in out if " takes " in l and "points" in l) == 10
    assert "deal 1 over: grand won +48" in out
    with open(path, newline="") as f:
        assert list(csv.reader(f)) == [COLUMNS, ["1", "0", "48", "48", "0", "0", "98", "0", "0"]]


def test_console_confirmed_undo(bridge, tmp_path):
    """Host asks for undo; the table presses OK: the host learns it was done."""
    board = Board(bridge)
    try:
        port = serial.serial_for_url(bridge.url, timeout=0.05)
        con = Console(port)
        keys = KeyStore(str(tmp_path / "keys.json"))
        with pytest.raises(ConsoleError, match="not-paired"):
            con.command(P.C_UNDO, None, 5.0)
        con.pair(board.do(board.link.pairing.open), keys)
        result = []
        t = threading.Thread(target=lambda: result.append(con.command(P.C_UNDO, None, 5.0)))
        t.start()
        deadline = time.monotonic() + 5
        while not board.requests and time.monotonic() < deadline:
            time.sleep(0.01)
        assert board.requests and board.requests[0].command == UNDO
        board.do(lambda: board.link.resolve(True))
        t.join(5)
        assert result == [(True, "")]
        port.close()
    finally:
        board.stop()


def test_console_errors_are_bounded_and_clear(bridge, capsys):
    """No board polling: the console gives up after --timeout with exit 1; a URL that
    cannot be opened exits 2."""
    t0 = time.monotonic()
    assert main(["console", bridge.url, "--query", "--timeout", "0.5"]) == 1
    assert time.monotonic() - t0 < 3
    assert "no complete answer to query-state" in capsys.readouterr().err
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    free = s.getsockname()[1]
    s.close()
    assert main(["console", "socket://127.0.0.1:%d" % free, "--query"]) == 2
    assert "cannot open" in capsys.readouterr().err
    with pytest.raises(ConsoleError):
        Console(serial.serial_for_url("loop://", timeout=0.05)).query_state(0.3)


def test_a_request_the_link_cannot_carry_is_a_console_error():
    """A command whose payload the frame cannot carry (a new-game with setup answers over
    the 240-byte payload once signed, a value the codec has no type for) raised core's
    BadRecord from the frame writer out of Console.command; now ConsoleError naming the
    command and why, nothing sent and no sequence number used up."""
    port = serial.serial_for_url("loop://", timeout=0.05)
    con = Console(port)
    con.session = bytes(32)  # logged in: the payload is [value, 16-byte signature]
    setup = {"game": "skat", "players": 3, "note": "x" * 187}
    with pytest.raises(ConsoleError) as e:
        con.command(P.C_NEW_GAME, setup, 0.3)
    assert str(e.value) == ("cannot send new-game to the board: frame payload of 241 "
                            "bytes is over the 240-byte limit")
    with pytest.raises(ConsoleError) as e:
        con.command(P.C_NEW_GAME, {"game": "skat", "players": 1.5}, 0.3)
    assert str(e.value) == ("cannot send new-game to the board: cannot encode 1.5 (a "
                            "float) in the value codec")
    assert port.in_waiting == 0 and con.send(P.Q_STATE) == 0
    port.close()


def test_console_with_a_host_name_too_long_to_send_says_so(bridge, tmp_path, capsys):
    """A keys file whose host name (edited by hand) makes the hello frame longer than the
    link carries: ``--pair`` and ``--query`` ended in a BadRecord traceback. Now --pair
    says why and exits 1; --query says the login failed and prints the public state."""
    board = Board(bridge)
    try:
        board.do(lambda: board.link.hello("skat"))
        path = tmp_path / "keys.json"
        path.write_text('{"host": "%s", "boards": {"%s": "%s"}}'
                        % ("h" * 300, "00" * 8, "ab" * 32))
        assert main(["console", bridge.url, "--pair", "123456", "--keys", str(path)]) == 1
        out, err = capsys.readouterr()
        assert err == ("error: cannot send hello-host to the board: frame payload of 323 "
                       "bytes is over the 240-byte limit\n")
        assert main(["console", bridge.url, "--query", "--seconds", "0",
                     "--keys", str(path)]) == 0
        out, err = capsys.readouterr()
        assert "state: deal=1, game=skat\n" in out
        assert err == ("note: cannot send hello-host to the board: frame payload of 323 "
                       "bytes is over the 240-byte limit; the public state only\n")
    finally:
        board.stop()


# ---------------------------------------------------------------------------- bridge

def test_bridge_one_host_at_a_time_and_fifo_limits():
    with UartBridge(rx_limit=16) as b:
        assert b.url.startswith("socket://127.0.0.1:") and b.port > 0
        b.write(b"lost")  # nobody listening: gone, as on a real UART
        assert b.tx_dropped == 4
        first = socket.create_connection(("127.0.0.1", b.port), timeout=2)
        deadline = time.monotonic() + 2
        while not b.connected() and time.monotonic() < deadline:
            time.sleep(0.01)
        second = socket.create_connection(("127.0.0.1", b.port), timeout=2)
        assert second.recv(10) == b""  # refused: closed at once
        second.close()
        first.sendall(b"x" * 40)
        deadline = time.monotonic() + 2
        while b.rx_overruns < 24 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert b.any() == 16 and b.rx_overruns == 24
        assert b.read(10) == b"x" * 10 and b.read() == b"x" * 6 and b.read(1) is None
        b.write(b"hello")
        assert first.recv(5) == b"hello"
        first.close()
        deadline = time.monotonic() + 2
        while b.connected() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not b.connected() and b.connections == 1
    assert not b._thread.is_alive()


def test_console_exports_the_journal(bridge, data_dir, tmp_path, capsys):
    """``--export-journal FILE`` writes the board's journal byte for byte (ISS 6997010's
    game, 69 records) and reads it back; ``--hex`` traces the frames."""
    records, _ = game_records(iss_record(data_dir))
    path = str(tmp_path / "journal.bin")
    data, _ = write_journal(path, records)
    board = Board(bridge, journal=Journal(path).chunk)
    out_path = str(tmp_path / "export.bin")
    keys = str(tmp_path / "keys.json")
    try:  # unpaired: refused; paired from the menu's code: the journal comes
        assert main(["console", bridge.url, "--export-journal", out_path, "--keys", keys]) == 1
        assert "not paired with board" in capsys.readouterr().err
        code = board.do(board.link.pairing.open)
        assert main(["console", bridge.url, "--pair", code, "--keys", keys]) == 0
        assert main(["console", bridge.url, "--export-journal", out_path, "--hex",
                     "--keys", keys]) == 0
    finally:
        board.stop()
    with open(out_path, "rb") as f:
        assert f.read() == data
    out = capsys.readouterr().out
    assert "journal: %d bytes, %d records" % (len(data), len(records)) in out
    # export-journal, SEQ 2 (after hello, prove), its payload [None, signature] (signed
    # with the session's key), HCK = LEN ^ SEQ ^ TYPE ^ 0x5A
    from core.codec import encode
    n = len(encode([None, bytes(16)]))
    assert "> a5 %02x 02 03 %02x" % (n, n ^ 0x02 ^ 0x03 ^ 0x5A) in out, out


def test_link_feed_for_the_traffic_panel(bridge):
    """host_sim.console.LinkFeed: the sim's side panel reads the board's frames as lines
    without blocking."""
    from host_sim.console import LinkFeed, open_port
    board = Board(bridge)
    port = open_port(bridge.url)
    try:
        feed = LinkFeed(port)
        assert feed.poll() == []  # nothing sent yet: returns at once
        deadline = time.monotonic() + 5
        while not bridge.connected() and time.monotonic() < deadline:
            time.sleep(0.01)
        board.do(lambda: board.link.send_event(CardPlayed(2, SKAT.parse("HT"))))
        lines = []
        deadline = time.monotonic() + 5
        while not lines and time.monotonic() < deadline:
            lines = feed.poll()
            time.sleep(0.01)
        assert lines == ["P3 plays HT"]
    finally:
        port.close()
        board.stop()

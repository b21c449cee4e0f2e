"""Issue 7: nothing lost on a power cut, for one whole game of each of the four games.

The journal of a game played on the emulated board is cut at every byte offset of every
append (the file as it stood then: it is checkpointed after each booked deal); the state
rebuilt from what is left must equal the state the board had when the last complete record
was written. At the record boundaries the whole firmware boots on the cut journal; from
cut points the game is resumed and must end exactly as the uninterrupted run. Finally the
demo process is killed at random moments and restarted until it finishes.
"""

import os
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest

from core.journal import Journal, encode_record
from device import flows
from device.controller import MODE_RESULT, MODE_TABLE
from device.resume import reader
from host_sim.autoplay import table_player
from host_sim.board import SimBoard

GAMES = [("skat", 3, 2, 5), ("magistr", 3, 2, 3), ("tarot", 4, 2, 4), ("zhopa", 3, 2, 9)]


class SpyJournal(Journal):
    """A Journal that records every append as ``(file, start, end, before, after)``: the
    file's bytes after it, where the record lies in them, and the board's state without
    and with the record. The board writes ahead (the record, then RAM), so ``after`` is
    the board's state with the record applied (``state_with``). A power cut can tear only
    an append: a checkpoint's new file replaces the journal whole (``compact``), counted in
    ``compactions``."""

    def __init__(self, path):
        Journal.__init__(self, path)
        self.appends = []
        self.state = None  # the state the file holds now
        self.compactions = 0
        self.controller = None

    def append(self, kind, data):
        state = state_with(self.controller, kind, data)
        start = self.size()
        end = Journal.append(self, kind, data)
        with open(self.path, "rb") as f:
            self.appends.append((f.read(), start, end, self.state, state))
        self.state = state
        return end

    def compact(self, records=None):
        self.compactions += 1
        return Journal.compact(self, records)


def state_with(ctl, kind, data):
    """``board_state`` once the record ``(kind, data)`` being written takes effect."""
    if kind == "game":
        flow = flows.load(data[0])
        return (flow.NAME, tuple(flow.sheet_lines(flow.new_match(data[1], dict(data[2])))),
                ())
    if kind == "act":
        name, sheet, acts = board_state(ctl, kind)
        return name, sheet, acts + _norm([(data[0], tuple(data[1]))])
    if kind == "undo":
        name, sheet, acts = board_state(ctl, kind)
        return name, sheet, acts[:-1]
    return board_state(ctl, kind)  # deal: booked in RAM just before its record


def board_state(ctl, kind=None):
    """What must survive a power cut: the game, its sheet, the open deal's actions."""
    if ctl is None or ctl.match is None:
        return None
    acts = () if kind in ("game", "deal") or ctl.app is None else \
        tuple(ctl.app.referee.actions)
    return (ctl.flow.NAME, tuple(ctl.flow.sheet_lines(ctl.match)), _norm(acts))


def _norm(acts):
    # the journal keeps lists where the referee had tuples: compare by value
    return tuple((v, tuple(tuple(a) if isinstance(a, list) else a for a in args))
                 for v, args in acts)


def rebuilt_state(path):
    """The state the boot code rebuilds from the journal file at ``path``."""
    rules, res = reader()
    Journal(path).recover(sink=res.add)
    if rules.flow is None:
        return None
    return (rules.flow.NAME, tuple(rules.flow.sheet_lines(rules.match)),
            _norm(res.open_actions()))


def _played(tmp_path, game, players, deals, seed):
    path = str(tmp_path / "journal.bin")
    spy = SpyJournal(path)
    p = table_player(game, players, seed=seed, journal=spy)
    orig = p.board.power_on

    def power_on(**kw):
        ctl = orig(**kw)
        spy.controller = ctl
        return ctl

    p.board.power_on = power_on
    results = p.play(deals)
    assert len(results) == deals and all(a == b for a, b in results)
    assert p.ctl.match is not None  # still running: no compaction moved the bytes
    return path, spy, p


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data)


@pytest.mark.parametrize("game,players,deals,seed", GAMES)
def test_every_byte_offset(tmp_path, game, players, deals, seed):
    """Truncated at any byte of any append (in the file as it stood then, checkpointed
    after every booked deal), the journal rebuilds the last complete record's state; the
    final checkpoint rebuilds the final state."""
    path, spy, _ = _played(tmp_path, game, players, deals, seed)
    assert len(spy.appends) > 50 and spy.compactions == deals
    assert rebuilt_state(path) == spy.state
    cut = str(tmp_path / "cut.bin")
    for data, start, end, before, after in spy.appends:
        for offset in range(start, end + 1):
            _write(cut, data[:offset])
            assert rebuilt_state(cut) == (after if offset == end else before), offset


@pytest.mark.parametrize("game,players,deals,seed", GAMES)
def test_board_boots_on_a_cut_journal(tmp_path, game, players, deals, seed):
    """At each record boundary and one byte short of it, the whole firmware boots on the
    cut journal and stands exactly where the board stood after the last whole record."""
    path, spy, p = _played(tmp_path, game, players, deals, seed)
    cut = str(tmp_path / "cut.bin")
    for data, start, end, before, after in spy.appends:
        for offset in (end - 1, end):
            _write(cut, data[:offset])
            board = SimBoard(players)
            ctl = board.power_on(journal=Journal(cut))
            assert board_state(ctl, "deal" if ctl.app is None or not
                               ctl.app.referee.actions else "act") == \
                (after if offset == end else before), offset
            if offset < end and start > 0:
                report = ctl.journal_report
                assert report.dropped > 0 and report.reason  # the torn tail is reported


@pytest.mark.parametrize("game,players,deals,seed", GAMES)
def test_resumed_game_ends_as_the_uninterrupted_one(tmp_path, game, players, deals, seed):
    """Cut at random offsets, boot, play on: the deals and the sheet end up identical."""
    path, spy, p = _played(tmp_path, game, players, deals, seed)
    final = board_state(p.ctl)
    rng = random.Random(seed)
    for k in sorted(rng.sample(range(len(spy.appends)), 4)):
        data, start, end, _, _ = spy.appends[k]
        offset = rng.randint(start, end)
        cut = str(tmp_path / ("cut%d.bin" % k))
        _write(cut, data[:offset])
        q = table_player(game, players, seed=seed, journal=Journal(cut))
        results = q.play(deals, resume=True)
        assert all(a == b for a, b in results)
        assert board_state(q.ctl) == final, offset


def _demo(flash, out):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    return subprocess.Popen(
        [sys.executable, "-m", "host_sim", "demo", "--game", "magistr", "--deals", "24",
         "--flash", flash, "--png", os.path.join(flash, "t.png")],
        stdout=out, stderr=subprocess.STDOUT, env=env)


def _summary(text):
    return [l for l in text.splitlines() if l.startswith("sheet")]


def test_killed_demo_resumes_and_ends_the_same(tmp_path):
    """`trickref demo --flash DIR` (a whole Magistr game) killed at random moments
    (SIGKILL, no chance to clean up) and started again until it finishes: its final sheet
    equals an uninterrupted run's."""
    ref_dir = str(tmp_path / "ref")
    t0 = time.time()
    with open(str(tmp_path / "ref.txt"), "w") as out:
        assert _demo(ref_dir, out).wait(120) == 0
    span = time.time() - t0
    with open(str(tmp_path / "ref.txt")) as f:
        want = _summary(f.read())
    assert len(want) > 5 and any(l.startswith("sheet    | Game over ") for l in want)
    flash = str(tmp_path / "flash")
    rng = random.Random(7)
    kills = 0
    for attempt in range(12):
        log = str(tmp_path / ("run%d.txt" % attempt))
        with open(log, "w") as out:
            proc = _demo(flash, out)
            try:
                code = proc.wait(rng.uniform(0.2, span) if kills < 5 else 120)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                kills += 1
                continue
        assert code == 0
        with open(log) as f:
            assert _summary(f.read()) == want
        break
    else:
        pytest.fail("the demo never finished")
    assert kills >= 1
    shutil.rmtree(flash)


def test_a_board_resumed_mid_trick_shows_the_trick_not_the_title(tmp_path):
    """Power back on in the middle of a trick: the LCD says where play stands, the trick
    and how many of its cards lie on the pads, and who plays ("T2: 1 played" / "play:
    P3"), as after an undo; it showed the game's title ("Magistr"), which tells the
    players nothing about the cards in front of them."""
    path, spy, _ = _played(tmp_path, "magistr", 3, 1, 3)
    cut = str(tmp_path / "cut.bin")
    seen = 0
    for data, _start, end, _before, _after in spy.appends:
        _write(cut, data[:end])
        board = SimBoard(3)
        ctl = board.power_on(journal=Journal(cut))
        deal = ctl.app.referee.deal if ctl.app is not None else None
        if deal is None or not getattr(deal, "trick", None) or ctl.mode != MODE_TABLE:
            continue
        seat = ctl.app.referee.current_seat()
        assert board.lcd_lines() == [
            ("T%d: %d played" % (deal.tricks_done + 1, len(deal.trick))).ljust(16),
            ("play: %s" % ctl.seating.label(seat)).ljust(16)]
        seen += 1
    assert seen >= 10  # every card within a trick of the deal, each a resume


def _magistr_until(tmp_path, stop):
    """Magistr for 3 (seed 3) on a board with a journal, its first deal's script run up
    to the step ``stop(step, index)`` says to stop at; returns the journal's path."""
    path = str(tmp_path / "journal.bin")
    p = table_player("magistr", 3, seed=3, journal=Journal(path))
    steps = list(p.script(1))
    p.power_on()
    p.board.run(50)
    for i, st in enumerate(steps):
        if stop(st, i):
            break
        p._run_step(st)
    p.board.controller.journal.close()
    return path


def test_a_boot_notice_over_a_result_does_not_book_it_unseen(tmp_path):
    """A power cut while OK's booking record was written: the board comes back on the
    deal's result with "resumed / 10 bytes lost" over it. The first OK booked the deal
    whose result nobody had seen again (and a wrong last card could no longer be taken
    back); now it shows the result, and the next OK books it."""
    path = _magistr_until(tmp_path, lambda st, i: st[0] == "result")
    with open(path, "ab") as f:
        f.write(encode_record("deal", ["Deal 1 over"], 0)[:10])
    board = SimBoard(3)
    ctl = board.power_on(journal=Journal(path))
    board.run(50)
    assert board.lcd_lines() == ["resumed         ", "10 bytes lost   "]
    assert ctl.mode == MODE_RESULT
    board.press(2)  # OK
    assert ctl.mode == MODE_RESULT and ctl.match.number() == 1
    assert board.lcd_lines() == [line.ljust(16) for line in ctl._list[:2]]
    board.press(2)  # OK, the result seen: booked
    assert ctl.match.number() == 2


def test_a_boot_notice_over_the_table_gives_way_to_any_press(tmp_path):
    """A power cut while the tenth card's record was written: "resumed / 20 bytes lost"
    stayed on the LCD through NEXT, PREV and any wait; only OK and "Back to play" showed
    where play stands. Now any press brings the table's screen back (which it does not
    act on), as the next card would."""
    path = _magistr_until(tmp_path, lambda st, i: i == 12)
    with open(path, "rb") as f:
        cut = f.read()[:-3]
    for button in (0, 1, 2):
        with open(path, "wb") as f:  # each boot cuts the torn record: cut again
            f.write(cut)
        board = SimBoard(3)
        ctl = board.power_on(journal=Journal(path))
        board.run(50)
        assert board.lcd_lines() == ["resumed         ", "20 bytes lost   "]
        acts = len(ctl.app.referee.actions)
        board.press(button)
        assert ctl.mode == MODE_TABLE and len(ctl.app.referee.actions) == acts
        seat = ctl.app.referee.current_seat()
        assert board.lcd_lines()[1].rstrip().endswith(ctl.seating.label(seat)), \
            board.lcd_lines()
        ctl.journal.close()

"""Issue 20: what the simulator prints when a run ends, and how a headless run ends."""

import pytest

pygame = pytest.importorskip("pygame")

from host_sim.cli import main  # noqa: E402
from host_sim.ui.app import SimApp  # noqa: E402


def _run_deals(sim, n, limit=40000):
    for _ in range(limit):
        if len(sim.results) >= n:
            return
        sim.run(frames=20)
    raise AssertionError("%d deals not over after %d frames" % (n, limit * 20))


def test_end_of_run_summary_names_each_deals_declarer():
    """Skat's dealer rotates after every deal: each summary names the declarer as the
    LCD did when the deal ended (the Skat list books the declarer's table seat)."""
    sim = SimApp("skat", 3, seed=11, human=(), fixed_dt=17, think_ms=60, collect_ms=120)
    try:
        _run_deals(sim, 3)
        sim.run(frames=200)  # the third deal booked too
        rows = sim.ctl.match.sheet.rows
        played = [(i, r) for i, r in enumerate(sim.results[:len(rows)])
                  if r.status == "played"]
        assert len(played) >= 2
        for i, r in played:
            assert sim.summaries[i][0].startswith("P%d " % (rows[i][1] + 1)), \
                (i, sim.summaries[i], rows[i])
        # formatting old results with today's seats names another seat for some deal
        today = [sim._marked(sim.flow.result_lines(r, sim.ctl.match))[0] for _, r in played]
        assert today != [sim.summaries[i][0] for i, _ in played]
    finally:
        sim.close()


def test_headless_run_with_a_human_seat_is_refused(capsys):
    """Nobody can play P1 without a window: the run is refused instead of waiting."""
    assert main(["sim", "--headless", "--game", "tarot", "--players", "4"]) == 2
    err = capsys.readouterr().err
    assert "P1" in err and "--human none" in err


def test_ctrl_c_ends_cleanly_with_the_screenshot(tmp_path, capsys, monkeypatch):
    """Ctrl-C in the middle of a run: no traceback, the summary and the screenshot."""
    step = SimApp.step

    def step_then_interrupt(sim, dt_ms=None):
        if sim.frame >= 30:
            raise KeyboardInterrupt
        return step(sim, dt_ms)

    monkeypatch.setattr(SimApp, "step", step_then_interrupt)
    shot = tmp_path / "cut.png"
    assert main(["sim", "--headless", "--human", "none", "--size", "900x600",
                 "--screenshot", str(shot)]) == 130
    out = capsys.readouterr().out
    assert "interrupted after 30 frames" in out and "screenshot: %s" % shot in out
    assert pygame.image.load(str(shot)).get_size() == (900, 600)


def test_sigterm_ends_a_run_as_ctrl_c_does(tmp_path):
    """Found by a new user: `timeout` or `kill` (SIGTERM) did not stop the simulator, SDL
    made it a window close ("press Esc again to quit"). Now a real SIGTERM to a real
    process ends the run with its summary and screenshot, exit status 143."""
    import os
    import signal
    import subprocess
    import sys
    import time
    shot, status = tmp_path / "term.png", tmp_path / "status.json"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen(
        [sys.executable, "-u", "-m", "host_sim", "sim", "--headless", "--human", "none",
         "--frames", "100000000", "--size", "900x600", "--screenshot", str(shot),
         "--status", str(status)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        for _ in range(600):  # the status file is written once frames run
            if status.exists() or proc.poll() is not None:
                break
            time.sleep(0.1)
        assert status.exists(), proc.communicate(timeout=5)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143, (out, err)
    assert "interrupted after" in out and "screenshot: %s" % shot in out
    assert "Traceback" not in err
    assert pygame.image.load(str(shot)).get_size() == (900, 600)


def test_the_sigterm_handler_is_set_around_the_window_run_only(tmp_path, monkeypatch):
    """`trickref sim` sets its SIGTERM handler (a run ends as Ctrl-C does, above) for the
    window's run only: a table script (--script) and the README's pictures (--shots) run
    with the handler they were started with, and the window's run gives it back."""
    import signal
    from host_sim import script
    from host_sim.commands import sim as command
    seen = {}

    def note(what):
        seen[what] = signal.getsignal(signal.SIGTERM)
        return 0
    monkeypatch.setattr(script, "run_script", lambda *a, **k: note("script"))
    monkeypatch.setattr(command, "make_shots", lambda *a, **k: note("shots"))
    monkeypatch.setattr(SimApp, "run", lambda sim, *a, **k: note("window"))
    started = signal.getsignal(signal.SIGTERM)
    table = tmp_path / "table.txt"
    table.write_text("ok\n")
    assert main(["sim", "--script", str(table)]) == 0
    assert main(["sim", "--shots", str(tmp_path / "shots")]) == 0
    assert main(["sim", "--headless", "--human", "none", "--frames", "1"]) == 0
    assert seen["script"] is started and seen["shots"] is started
    assert seen["window"] is not started
    with pytest.raises(command.Terminated):
        seen["window"](signal.SIGTERM, None)
    assert signal.getsignal(signal.SIGTERM) is started

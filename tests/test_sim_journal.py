"""Issue 20: the simulator's journal exported as game records (``trickref sim
--export-journal FILE``, the J key), the same JSON lines ``trickref journal --jsonl``
writes, which ``trickref replay`` replays on the emulated board."""

import json
import re

import pytest

pygame = pytest.importorskip("pygame")

from host_sim.cli import main  # noqa: E402
from host_sim.ui import journal_export  # noqa: E402
from host_sim.ui.app import SimApp  # noqa: E402


def test_export_journal_flag_writes_the_deal_that_replays(tmp_path, capsys):
    out = tmp_path / "deals.jsonl"
    assert main(["sim", "--headless", "--human", "none", "--game", "zhopa", "--seed", "3",
                 "--size", "800x600", "--export-journal", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "journal: 1 deal written to %s" % out in printed, printed
    lines = [json.loads(t) for t in out.read_text().splitlines()]
    assert len(lines) == 1
    deal = lines[0]
    assert (deal["game"], deal["players"], deal["deal"]) == ("zhopa", 2, 1)
    # the headless run stops when the deal is over, before its result is confirmed at the
    # table: the journal holds the whole deal as the deal in progress (booked on OK)
    assert deal["actions"][:3] == [["lead", [0]], ["bid", [1, True]], ["bid", [0, True]]]
    assert len(deal["actions"]) == 39 and deal["unfinished"]
    assert main(["replay", str(out)]) == 0
    assert capsys.readouterr().out.startswith("zhopa deal 1: played [")


def test_j_key_exports_what_the_journal_holds_so_far(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sim = SimApp("magistr", 2, seed=5, human=(), fixed_dt=17, think_ms=60, collect_ms=120,
                 size=(800, 600), journal=str(tmp_path / "journal.bin"))
    try:
        for _ in range(400):
            sim.run(frames=20)
            if sim.fw_deal is not None and attr_len(sim.fw_deal) >= 3:
                break
        sim.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0,
                                      unicode="j", scancode=0))
        path = tmp_path / journal_export.key_path(sim)
        lines = [json.loads(t) for t in path.read_text().splitlines()]
        assert len(lines) == 1 and lines[0]["game"] == "magistr"
        assert lines[0].get("unfinished") and len(lines[0]["actions"]) >= 3
        assert "journal: 1 deal written to" in sim.status_line()
    finally:
        sim.close()


def attr_len(deal):
    """Cards played so far in a bank game's deal (its history of plays)."""
    return len(getattr(deal, "history", ()) or ())


def test_no_journal_is_said_not_raised(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sim = SimApp("magistr", 2, seed=5, human=(), fixed_dt=17, size=(800, 600))
    try:
        assert journal_export.on_key(sim).startswith("journal not exported: this "
                                                     "simulator keeps no journal")
        with pytest.raises(ValueError):
            journal_export.export(sim, str(tmp_path / "x.jsonl"))
    finally:
        sim.close()


def test_an_export_after_a_checkpoint_carries_the_sheet_and_replays(tmp_path, capsys):
    """Booking a deal checkpoints the journal (the booked deals' actions are compacted
    into the sheet), so an export in deal 3 holds deal 3 only. Zhopa's deal 3 depends on
    the deals before (who leads, the banks): the line carries the checkpoint's booked rows,
    equal to what the board booked, and the replay plays deal 3 on them (without them:
    "name who holds the lowest diamond first")."""
    out = tmp_path / "deals.jsonl"
    assert main(["sim", "--headless", "--human", "none", "--game", "zhopa",
                 "--computer", "plain", "--size", "800x600", "--frames", "7000",
                 "--export-journal", str(out)]) == 0
    printed = capsys.readouterr().out
    booked = {}  # deal -> points per seat, as the board said: "P1 116/44 sheds"
    for l in printed.splitlines():
        m = re.match(r"deal (\d+): Deal \d+ over \| (.*)", l)
        if m:
            booked[int(m.group(1))] = [int(n) for n in re.findall(r"P\d (-?\d+)/", m.group(2))]
    assert sorted(booked) == [1, 2], printed
    line = json.loads(out.read_text().splitlines()[0])
    assert (line["deal"], line["unfinished"]) == (3, True) and line["actions"]
    assert [row[4] for row in line["sheet"]] == [booked[1], booked[2]]  # the points field
    assert main(["replay", "--json", str(out)]) == 0
    replayed = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (replayed["deal"], replayed["status"]) == (3, "unfinished")

    del line["sheet"]  # the export as it was: the replay cannot know who leads
    out.write_text(json.dumps(line) + "\n")
    assert main(["replay", str(out)]) == 1
    assert "name who holds the lowest diamond first" in capsys.readouterr().out

    line["sheet"] = []  # a forged sheet that does not account for the deals before
    out.write_text(json.dumps(line) + "\n")
    assert main(["replay", str(out)]) == 1
    assert "deal 3: its sheet holds 0 booked deals, 2 expected" in capsys.readouterr().out

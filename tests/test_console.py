"""Issue 7: `trickref console` against a running emulated board: it shows the events of a
scripted deal as they happen and exports the score sheet as CSV equal to the board's. A
host command that would change the score needs a button press at the table."""

import csv
import io
import contextlib

import pytest

from core import protocol as P
from device.flows import skat as skat_flow
from host_sim.autoplay import table_player
from host_sim.cli import main
from device.host_request import REACT_MS
from device.link import BACKOFF_MS
from host_sim.console import Console, ConsoleError, open_port
from hostlink import in_thread as _in_thread, pair_console, run_until


def test_console_shows_the_deal_and_exports_the_sheet(tmp_path):
    p = table_player("skat", 3, seed=4, link=True)
    url = p.board.uart.url
    out = io.StringIO()
    csv_path = str(tmp_path / "sheet.csv")

    def watch():
        with contextlib.redirect_stdout(out):
            return main(["console", url, "--seconds", "4"])

    watcher, box = _in_thread(watch)
    import time
    time.sleep(0.5)  # the console is connected before the deal starts
    results = p.play(2)
    watcher.join(10)
    assert box.get("value") == 0, box
    text = out.getvalue()
    # every card of both deals, the tricks and the deal ends were shown live
    assert text.count(" plays ") == 60, text[:2000]
    # seats as the table names them: the first trick is led from P2 (forehand, left of
    # the dealer P1)
    lines = text.splitlines()
    assert lines[1] == "deal 1 starts, dealer P1" and lines[2].startswith("P2 plays ")
    assert "deal 2 starts, dealer P2" in lines
    assert text.count(" takes ") >= 20  # the tricks with their taker and reason
    assert text.count("sheet row:") == 2  # each deal's row of the list

    exporter, box = _in_thread(lambda: main(["console", url, "--export-csv", csv_path]))
    while exporter.is_alive():
        p.board.run(20)  # the firmware keeps running and answers the export
    assert box.get("value") == 0, box
    with open(csv_path, newline="") as f:
        rows = list(csv.reader(f))
    columns, want = skat_flow.sheet_table(p.ctl.match)
    assert rows[0] == columns
    assert [[int(c) if c.lstrip("-").isdigit() else c for c in r] for r in rows[1:]] == want
    assert len(want) == 2 and [r[2] for r in want] == [fw.value for _, fw in results]


def test_host_undo_needs_the_table(tmp_path):
    """An undo sent from the host is only pending until OK is pressed at the table; a
    declined one changes nothing."""
    p = table_player("magistr", 3, seed=6, link=True)
    p.start()
    game = p.ctl.match.game
    hands = game.deal_cards(1, p.deal_rng)
    shadow = game.new_deal(0, hands, 1)
    p.board.choose("P%d" % (shadow.first + 1))
    seat = shadow.current_seat()
    card = shadow.legal_cards(seat)[0]
    p.lay(seat, card)
    con = Console(open_port(p.board.uart.url))
    pair_console(con, p.board, p.ctl, str(tmp_path / "keys.json"))

    def ask():
        return con.command(P.C_UNDO, None, timeout=20)

    asker, box = _in_thread(ask)
    assert run_until(p.board, lambda: p.board.lcd_lines()[0].startswith("host asks:"))
    assert p.ctl.app.referee.deal.history == [(seat, card)]  # nothing changed yet
    p.board.press(0)  # PREV: declined at the table
    assert run_until(p.board, lambda: not asker.is_alive())
    assert box["value"] == (False, "declined at the table")
    assert p.ctl.app.referee.deal.history == [(seat, card)]
    p.board.run(BACKOFF_MS)  # a declined host waits before it asks again
    asker, box = _in_thread(ask)
    assert run_until(p.board, lambda: p.board.lcd_lines()[0].startswith("host asks:"))
    p.board.run(REACT_MS)  # the table reads the prompt
    p.board.press(2)  # OK: confirmed
    assert run_until(p.board, lambda: not asker.is_alive())
    assert box["value"] == (True, "")
    assert p.ctl.app.referee.deal.history == [], box
    con.port.close() if hasattr(con, "port") else None


class _AttachedLate:
    """A console attached to a Tarot board after its hello: the only way it learns the
    game is its state query (public to an unpaired host)."""

    def __init__(self, game):
        self.game = game
        self.asked = 0
        self.frames = [P.Frame(7, P.EV_TRICK, (1, ["21", "1", "EX"], 9, "trump 21"))]

    def query_state(self, timeout):
        self.asked += 1
        return {"game": self.game, "players": 4, "deal": 1}

    def take(self, timeout):
        out, self.frames = self.frames, []
        return out


def _watch(con, extra=()):
    import argparse
    from host_sim.commands import console as cmd
    args = argparse.Namespace(pair=None, query=False, export_csv=None, export_journal=None,
                              csv=None, seconds=0.05, timeout=1.0, keys=None)
    for k, v in extra:
        setattr(args, k, v)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cmd._run(con, args) == 0
    return out.getvalue()


def test_console_attached_after_hello_halves_tarot_points(tmp_path):
    # the board counts Tarot in half-points (core/games/tarot_score.py): 9 half-points
    # are the 21 (4.5) of the trick; the console learns the game from the state query
    con = _AttachedLate("tarot")
    text = _watch(con, [("keys", str(tmp_path / "keys.json"))])
    assert con.asked == 1
    assert "P2 takes 21 1 EX (4.5 points)" in text, text
    skat = _watch(_AttachedLate("skat"), [("keys", str(tmp_path / "keys.json"))])
    assert "(9 points)" in skat, skat


def test_console_names_cards_in_players_words(tmp_path):
    # issue 20: the Grün-Daus (ISS "SA", seed 003's German-suited deck) is "GD", never
    # "♠D"; the tournament deck's look in German writes it "♠A"; tarot's Excuse "Exc"
    con = _AttachedLate("skat")
    con.frames = [P.Frame(7, P.EV_TRICK, (1, ["SA", "S7", "HJ"], 11, "♠D top of suit"))]
    keys = ("keys", str(tmp_path / "keys.json"))
    text = _watch(con, [keys, ("lang", "de")])
    assert "P2 macht den Stich GD G7 HU (11 Punkte): GD höchste Farbe" in text, text
    con = _AttachedLate("skat")
    con.frames = [P.Frame(7, P.EV_TRICK, (1, ["SA", "S7", "HJ"], 11, "♠D top of suit"))]
    text = _watch(con, [keys, ("lang", "de"), ("look", ["skat=french"])])
    assert "P2 macht den Stich ♠A ♠7 ♥B (11 Punkte): ♠A höchste Farbe" in text, text
    text = _watch(_AttachedLate("tarot"), [keys, ("lang", "en")])
    assert "P2 takes 21 1 Exc (4.5 points)" in text, text
    con = _AttachedLate("skat")
    with pytest.raises(ConsoleError, match="no 'nouveau' look"):
        _watch(con, [keys, ("look", ["skat=nouveau"])])


def test_console_query_sets_the_game(tmp_path):
    con = _AttachedLate("tarot")
    text = _watch(con, [("keys", str(tmp_path / "keys.json")), ("query", True)])
    assert con.asked == 1  # the --query answer names the game: no second question
    assert "game=tarot" in text and "(4.5 points)" in text, text


def test_an_undone_bid_or_scan_is_named_not_shown_as_a_question_mark():
    """Found by a new user: the link panel said "P4 takes back ?" for a bid taken back and
    "table takes back ?" for the skat's scan (EV_UNDONE carries no card for them,
    device/link.py); a card taken back is still named."""
    from core import protocol as P
    from host_sim.console import describe
    assert describe(P.Frame(5, P.EV_UNDONE, (3, None))) == "P4 takes back a bid or choice"
    assert describe(P.Frame(6, P.EV_UNDONE, (-1, None))) == "the table takes back the last scan"
    assert describe(P.Frame(7, P.EV_UNDONE, (1, "SK"))) == "P2 takes back SK"


class _Recorded:
    """A console reading the frames a board sent (recorded from its UART), then nothing."""

    def __init__(self, frames):
        self.frames = list(frames)

    def query_state(self, timeout):
        return {"game": "skat", "players": 3, "deal": 1}

    def take(self, timeout):
        out, self.frames = self.frames, []
        return out


def _skat_revoke_frames():
    """Skat on the emulated board (seed 1: P1 deals, forehand sits at P2), its link's
    frames tapped: P2's grand hand; P1 lays S9 before P2 has led (refused); P3
    (middlehand) plays H7 on the led SA and S8 in trick 2: the revoke of trick 1 is
    proven."""
    from core.cards import SKAT
    p = SKAT.parse
    t = table_player("skat", 3, seed=1, link=True)
    sent = bytearray()
    t.board.uart.on_tx = sent.extend  # a tap, as the simulator's panel reads the link
    t.start()
    for label in ("P2 declarer", "18", "Hand game", "Grand", "Plain hand"):
        t.board.choose(label)
    for pad, code in ((0, "S9"), (1, "SA"), (2, "H7"), (0, "S7"), (1, "SK"), (2, "S8")):
        t.lay(pad, p(code))
    return P.FrameReader().feed(bytes(sent))


def test_console_names_seats_and_tricks_as_the_table_does(tmp_path):
    """A refusal's and a revoke's detail name the seats the LCD names (P1 = the first pad;
    the rules core writes Skat's deal seats, forehand first: "P1 plays now, not P3",
    "P2 did not follow suit"), and the revoke's trick is counted from 1 as the LCD's
    "P3 revoke in T1" (the wire's 0 was printed as it came); with --lang the detail's
    cards in players' words too."""
    frames = _skat_revoke_frames()
    keys = ("keys", str(tmp_path / "keys.json"))
    text = _watch(_Recorded(frames), [keys])
    assert "P1 refused S9: not-your-turn P2 plays now, not P1" in text, text
    assert "P3 revoke found: S8 in trick 1: revoke P3 did not follow suit in trick 1 " \
        "but holds S8" in text, text  # the wire's code, as the line's own card (was ♠8)
    text = _watch(_Recorded(frames), [keys, ("lang", "de")])
    assert "P3 Farbe nicht bedient: G8 im Stich 1: nicht bedient P3 did not follow suit " \
        "in trick 1 but holds G8" in text, text  # the code in the LCD's words (was revoke)
    assert "P1 abgewiesen G9: nicht dran P2 plays now, not P1" in text, text


def test_a_revoke_before_the_play_is_said_so():
    """A violation proven before the first trick (Tarot's écart: trick -1 on the wire)
    is not "in trick 0"."""
    from host_sim.console import describe
    frame = P.Frame(9, P.EV_REVOKE, (1, "HK", -1, "bad-ecart", "P2 laid away HK"))
    assert describe(frame, "tarot") == \
        "P2 revoke found: HK before the play: bad-ecart P2 laid away HK"


def test_console_csv_follows_a_new_game_of_the_same_game(tmp_path):
    """`--csv FILE` keeps FILE equal to the board's score sheet. A new Skat list started
    at the table (its columns the same as the last one's) had its rows appended under
    the old list's: FILE held two rows where the board's sheet holds one. The board's
    hello names the new game: the console starts the sheet afresh."""
    p = table_player("skat", 3, seed=4, link=True)
    url = p.board.uart.url
    path = str(tmp_path / "live.csv")
    p.start()

    def all_passed():
        p.board.choose("All passed")
        p.board.run(3500)
        p.board.press(2)  # the result: OK books it

    watcher, box = _in_thread(lambda: main(["console", url, "--csv", path,
                                            "--seconds", "6"]))
    assert run_until(p.board, lambda: p.board.uart.connected())
    p.board.run(1000)  # the console fetches the (empty) sheet first
    all_passed()
    p.board.press(2, hold_ms=900)  # deal 2's bidding: a long press, the table menu
    p.board.choose("Main menu")
    p._choose_game()  # a new list of the same game
    all_passed()
    run_until(p.board, lambda: not watcher.is_alive())
    assert box.get("value") == 0, box
    columns, want = skat_flow.sheet_table(p.ctl.match)
    assert len(want) == 1
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == columns
    assert [[int(c) for c in r] for r in rows[1:]] == want


class _Impostor(_AttachedLate):
    """A 'board' on the line sending well-framed events whose payloads are not the
    protocol's shapes (a stranger posing as a board, or another firmware)."""

    def __init__(self, frames):
        _AttachedLate.__init__(self, "tarot")
        self.frames = frames

    def export_sheet(self, timeout):
        return [], []


@pytest.mark.parametrize("value", [{"game": "skat"}, {}, "skat", 7, None, []])
def test_a_hello_or_state_of_another_shape_does_not_crash_the_console(tmp_path, value):
    """A hello (or a state answer) whose payload is a dict, a str or a number used to
    raise KeyError out of ``game_of`` and end `trickref console` (and the simulator's
    link panel) with a traceback; docs/protocol.md: a malformed frame is never a crash.
    It names no game: the game in play stays, and the console goes on to the next frame
    (the Tarot trick after it is still counted in half-points)."""
    from host_sim.console import game_of
    for t in (P.EV_HELLO, P.R_STATE):
        assert game_of(P.Frame(1, t, value), "tarot") == "tarot"
    con = _Impostor([P.Frame(3, P.EV_HELLO, value), P.Frame(4, P.R_STATE, value),
                     P.Frame(7, P.EV_TRICK, (1, ["21", "1", "EX"], 9, "trump 21"))])
    text = _watch(con, [("keys", str(tmp_path / "keys.json")),
                        ("csv", str(tmp_path / "live.csv"))])
    assert "P2 takes 21 1 EX (4.5 points)" in text, text

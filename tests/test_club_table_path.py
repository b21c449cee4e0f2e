"""The club host attacked from the tables' side (docs/club.md): what a table sends, or a
forged or garbled message on a table's own topic, must never stop the evening's store or
its pages; the standings stay the boards' own lists. Tables are the emulated boards of
host_sim.club.tables, their publishers' messages captured and handed to the club host as
the broker delivers them (``ClubHost._on_message``), and a Wi-Fi board's link
(device/mqtt_link.py) over a recording stand-in for umqtt.simple."""

import json
from types import SimpleNamespace

import pytest

from core.journal import Journal
from device.mqtt_link import MqttLink, Numbering
from host_sim.autoplay import table_player
from host_sim.club import standings
from host_sim.club.host import ClubHost
from host_sim.club.publisher import TablePublisher
from host_sim.club.store import Store
from host_sim.club.tables import EmulatedTable, TapUart
from host_sim.club.web import snapshot


class Capture:
    """A table's TablePublisher whose publishes are kept in ``out`` ([(topic, bytes)])."""

    def __init__(self, table):
        self.pub = TablePublisher(table)
        self.out = []
        publish = self.pub.client.publish

        def keep(topic, payload=None, qos=0, retain=False):
            self.out.append((topic, payload if isinstance(payload, bytes) else
                             payload.encode()))
            return publish(topic, payload, qos, retain)
        self.pub.client.publish = keep


def _host():
    return ClubHost(Store(":memory:"))


def _deliver(host, items):
    for topic, payload in items:
        host._on_message(None, None, SimpleNamespace(topic=topic, payload=payload))


def _msg(**kw):
    m = {"v": 1, "table": "T9", "game": "skat", "deal": 1, "seq": 1, "kind": "card",
         "payload": {"seat": 0, "card": "CJ"}, "ms": 1}
    m.update(kw)
    return json.dumps(m).encode()


@pytest.mark.parametrize("bad", [
    _msg(seq=2 ** 64), _msg(deal=2 ** 64), _msg(ms=2 ** 64),
    _msg(kind="status", payload={"status": "playing", "last_seq": "x"}),
    _msg(kind="status", payload={"status": "playing", "last_seq": [1]})])
def test_a_garbled_message_is_refused_and_the_host_goes_on(bad):
    """One well-formed JSON message with a number SQLite cannot hold (2**64), or a status
    whose last_seq is no number, raised out of paho's callback: its network thread ended
    and nothing more was stored, and the broker, never acknowledged, handed the message
    to the restarted host again. Now it is listed in ``bad`` and the next is stored."""
    host = _host()
    _deliver(host, [("club/T9/events", bad), ("club/T9/events", _msg(seq=5))])
    assert len(host.bad) == 1 and host.store.count() == 1


def test_a_skat_list_without_seeger_fabian_is_skipped_not_fatal():
    """A Skat table with the board's option seeger off books rows without the SF columns:
    every page failed ("'SF P1' is not in list"). Now that list is left out of the
    ranking and named in "Lists not ranked"; the other tables' lists are served."""
    cap = Capture("T1")
    EmulatedTable("T1", "skat", 3, 3, cap.pub).play(1)
    host = _host()
    _deliver(host, cap.out)
    n = Numbering("T3")
    cols = ["game", "declarer", "value", "P1", "P2", "P3"]
    msgs = [n.message("hello", {"protocol": 2, "game": "skat"}, 1),
            n.message("row", {"columns": cols, "cells": [1, 1, 27, 27, 0, 0]}, 2)]
    _deliver(host, [("club/T3/events", json.dumps(m).encode()) for m in msgs])
    lists = json.loads(snapshot(host.changes)[1])["lists"]
    assert {r[1][:2] for r in lists["skat"]["rows"]} == {"T1"}
    assert [r[:3] for r in lists["skipped"]["rows"]] == [["T3", 1, "skat"]]
    assert "seeger" in lists["skipped"]["rows"][0][3]


@pytest.mark.parametrize("players", [5, 6])
def test_a_skat_table_of_five_or_six_is_ranked(players):
    """The board plays Skat at 5 and 6 (dealers sitting out); the ranking had series
    lengths for 3 and 4 only and every page failed (KeyError 5). A series at such a
    table is 60 or 72 games (core.games.skat_series, docs/rules/skat.md)."""
    cap = Capture("T5")
    t = EmulatedTable("T5", "skat", players, 1, cap.pub)
    t.play(1)
    host = _host()
    _deliver(host, cap.out)
    rows = json.loads(snapshot(host.changes)[1])["lists"]["skat"]["rows"]
    sf = t._match.sheet.sf
    assert sorted(r[2] for r in rows) == sorted(sf) and len(rows) == players


def test_forged_rows_are_skipped_and_the_other_lists_served():
    """A table (its own topic, so the broker let it through) sends a Skat row without
    the totals and a Zhopa row without banks: each list is skipped, never guessed at."""
    cap = Capture("T1")
    table = EmulatedTable("T1", "skat", 3, 3, cap.pub)
    table.play(1)
    host = _host()
    _deliver(host, cap.out)
    _deliver(host, [
        ("club/T8/events", _msg(table="T8", kind="hello", payload={"protocol": 2,
                                                                   "game": "skat"})),
        ("club/T8/events", _msg(table="T8", seq=2, kind="row",
                                payload={"columns": ["game", "P1"], "cells": [1, 999]})),
        ("club/T7/events", _msg(table="T7", game="zhopa", kind="row",
                                payload={"columns": ["deal"], "cells": [1]})),
        ("club/T6/events", _msg(table="T6", game="tarot", kind="row",
                                payload={"columns": ["deal", "total P1"],
                                         "cells": [1, "lots"]}))])
    lists = json.loads(snapshot(host.changes)[1])["lists"]
    assert sorted(r[2] for r in lists["skat"]["rows"]) == sorted(table._match.sheet.sf)
    assert sorted(r[0] for r in lists["skipped"]["rows"]) == ["T6", "T7", "T8"]


def test_the_tables_list_shows_the_game_in_play_after_a_new_game():
    """T1 plays 4 Skat deals, then starts Tarot and books one deal: the Tables list read
    "tarot, 4" (the highest deal ever stored) or, without status messages, "skat, 4".
    It shows the newest message's game and deal (docs/club.md: the deal in play)."""
    cap = Capture("T1")
    EmulatedTable("T1", "skat", 3, 3, cap.pub).play(4)
    EmulatedTable("T1", "tarot", 4, 2, cap.pub).play(1)
    for only_events in (False, True):
        host = _host()
        _deliver(host, [x for x in cap.out if not only_events or x[0].endswith("/events")])
        (t,) = host.store.tables()
        assert t["game"] == "tarot" and t["deal"] in (1, 2), t


def test_the_tables_list_served_moves_with_the_cards():
    """During deal 2 the served Tables list (/standings.json, /csv/tables.csv) kept deal
    1 and the message count of the last booking; it is now the store's."""
    cap = Capture("T1")
    EmulatedTable("T1", "skat", 3, 3, cap.pub).play(2)
    host = _host()
    rows = [i for i, (_, p) in enumerate(cap.out) if b'"kind":"row"' in p]
    _deliver(host, cap.out[:rows[0] + 2])
    host.changes.lists()  # the page drew it
    _deliver(host, cap.out[rows[0] + 2:rows[0] + 12])  # cards of deal 2
    served = host.changes.lists()[1]["tables"][1]
    store = [[t["table"], t["status"], t["game"], t["deal"], t["last_seq"]]
             for t in host.store.tables()]
    assert served == store and served[0][3] == 2


def test_seating_the_next_series_keeps_the_names_of_the_first():
    """docs/rules/skat.md "Club series": seats are drawn for each series. T1 plays with
    Anna, Bernd, Clara; the host then seats Dora, Emil, Fritz for the next series. The
    first series' points moved to Dora, Emil and Fritz (the current seats named every
    list); they stay Anna's, Bernd's and Clara's."""
    cap = Capture("T1")
    host = _host()
    for n in ("Anna", "Bernd", "Clara", "Dora", "Emil", "Fritz"):
        host.store.add_player(n)
    host.assign("T1", ["Anna", "Bernd", "Clara"])
    table = EmulatedTable("T1", "skat", 3, 3, cap.pub)
    table.play(2)
    _deliver(host, cap.out)
    host.assign("T1", ["Dora", "Emil", "Fritz"])  # the next series' draw
    ranking = {r[1]: r[2] for r in standings.skat(standings.sheets(host.store), 2)[1]}
    assert [ranking[n] for n in ("Anna", "Bernd", "Clara")] == list(table._match.sheet.sf)
    assert not {"Dora", "Emil", "Fritz"} & set(ranking)


class _Client:
    """umqtt.simple's MQTTClient, recording what is published."""

    def __init__(self, out):
        self.out = out

    def set_callback(self, f):
        pass

    def set_last_will(self, *a):
        pass

    def connect(self, clean_session=True):
        pass

    def subscribe(self, *a):
        pass

    def check_msg(self):
        pass

    def disconnect(self):
        pass

    def publish(self, topic, msg, retain=False, qos=0):
        self.out.append((topic.decode() if isinstance(topic, bytes) else topic, msg))


def test_a_wifi_board_resumed_after_a_power_cut_goes_on_counting(tmp_path):
    """A Wi-Fi board (device/mqtt_link.py, its numbers kept on flash: ``keep``) books 2
    Skat deals, loses power, resumes its game from the journal and books 2 more. Its
    count started again at 1 (the club host dropped the 52 later messages as duplicates)
    and it no longer knew its game (rows of game null, in no list): the club had 2 games.
    The club's list is now the board's own 4 rows."""
    out = []
    journal, keep = str(tmp_path / "journal.bin"), str(tmp_path / "club.seq")

    def board():
        link = MqttLink(_Client(out), "W1", lambda: 1000, keep=keep)
        link.start()
        uart = TapUart(lambda f: link.tap(f.type, f.value))
        return table_player("skat", 3, seed=3, link=uart, journal=Journal(journal))

    board().play(2)
    again = board()  # the power cut: the board boots on its journal
    again.play(4, resume=True)
    cols, rows = again.ctl.flow.sheet_table(again.ctl.match)
    host = _host()
    _deliver(host, out)
    assert host.duplicates == 0
    lists = [(s.game, s.columns, s.rows) for s in standings.sheets(host.store)]
    assert lists == [("skat", cols, [list(r) for r in rows])] and len(rows) == 4


@pytest.mark.parametrize("data", [b"\xff\xff\xff\xff", b"\x00\x00\x00\x00", b"12 sk\xc3 3 0\n",
                                  b"", b"7 skat 2"])
def test_a_keep_file_that_is_no_line_counts_from_the_start(tmp_path, data):
    """Flash garbage in the keep file (not UTF-8, not four fields) stopped the board's
    link from being made (UnicodeError); it is read as no file."""
    keep = tmp_path / "club.seq"
    keep.write_bytes(data)
    link = MqttLink(_Client([]), "W1", lambda: 1000, keep=str(keep))
    assert link.numbering.seq == 0 and link.numbering.game is None


def _two_messages_kept(tmp_path):
    """A Wi-Fi board's link whose numbers (2 messages of a Skat game) are kept in
    ``club.seq`` in ``tmp_path``; returns the file's path and the link."""
    from core import protocol as P
    keep = str(tmp_path / "club.seq")
    link = MqttLink(_Client([]), "W1", lambda: 1000, keep=keep)
    link.start()
    link.tap(P.EV_HELLO, [2, "skat"])
    link.tap(P.EV_DEAL, [1, 0])
    return keep, link


def _last_numbers(keep):
    """``(count, game)`` a board booting on the keep file ``keep`` goes on from."""
    again = MqttLink(_Client([]), "W1", lambda: 1000, keep=keep)
    return again.numbering.seq, again.numbering.game


def test_a_power_cut_inside_the_keep_write_keeps_the_last_numbers(tmp_path, monkeypatch):
    """The numbers were written over the file in place: a power cut after the truncation
    left it empty and the board counted from 1 again. A new file renamed over the old
    one leaves the last numbers whole."""
    import builtins

    from core import protocol as P
    keep, link = _two_messages_kept(tmp_path)
    real_open = builtins.open

    def cut(path, mode="r", *a, **kw):
        f = real_open(path, mode, *a, **kw)
        if "w" in mode and str(path).startswith(keep):
            f.close()  # truncated (or created empty), then the power goes
            raise KeyboardInterrupt("power cut")
        return f
    monkeypatch.setattr(builtins, "open", cut)
    with pytest.raises(KeyboardInterrupt):
        link.tap(P.EV_CARD, [0, 5])
    monkeypatch.setattr(builtins, "open", real_open)
    assert _last_numbers(keep) == (2, "skat")


def test_numbers_the_flash_refuses_leave_the_last_ones_and_no_temporary(tmp_path,
                                                                         monkeypatch):
    """The flash refuses a keep write (full): the link counts the error, the last
    numbers kept stand, and no temporary ``club.seq.new`` is left on the flash."""
    import errno

    from core import protocol as P
    from test_registry_cuts import writes_fail
    keep, link = _two_messages_kept(tmp_path)
    errors = link.errors
    writes_fail(monkeypatch, OSError(errno.ENOSPC, "No space left on device"), land=2)
    link.tap(P.EV_CARD, [0, 5])
    monkeypatch.undo()
    assert link.errors == errors + 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.seq"]
    assert _last_numbers(keep) == (2, "skat")


@pytest.mark.parametrize("game", ["skat", "tarot", "magistr", "zhopa"])
def test_a_row_whose_columns_are_no_names_is_skipped(game):
    """A forged row with numbers for column names broke every page (AttributeError in
    the rankings); the row is skipped like any malformed row."""
    cap = Capture("T1")
    table = EmulatedTable("T1", "skat", 3, 3, cap.pub)
    table.play(1)
    host = _host()
    _deliver(host, cap.out)
    _deliver(host, [("club/T8/events", _msg(table="T8", game=game, kind="row",
                                            payload={"columns": [1, 2, 3],
                                                     "cells": [1, 2, 3]}))])
    lists = json.loads(snapshot(host.changes)[1])["lists"]
    assert sorted(r[2] for r in lists["skat"]["rows"]) == sorted(table._match.sheet.sf)


def test_a_list_played_before_any_seating_keeps_its_table_names():
    """T1 books two games with nobody seated (ranked as T1 P1..P3); then Dora, Emil and
    Fritz are seated for the next series: the finished list stays T1 P1..P3."""
    cap = Capture("T1")
    host = _host()
    for n in ("Dora", "Emil", "Fritz"):
        host.store.add_player(n)
    EmulatedTable("T1", "skat", 3, 3, cap.pub).play(2)
    _deliver(host, cap.out)
    host.assign("T1", ["Dora", "Emil", "Fritz"])
    ranking = {r[1] for r in standings.skat(standings.sheets(host.store), 2)[1]}
    assert ranking == {"T1 P1", "T1 P2", "T1 P3"}


@pytest.mark.parametrize("line", [b"9223372036854775807 skat 1 0\n", b"-5 skat 1 0\n",
                                  b"3 skat 99999999999999999999 0\n"])
def test_a_keep_file_with_an_impossible_count_counts_from_the_start(tmp_path, line):
    """A keep line whose count no JSON reader holds exactly (or negative) is no line of
    ours: going on from 2**63 - 1 made every later message one the club host refuses
    (beyond SQLite's integers), a table lost in silence."""
    keep = tmp_path / "club.seq"
    keep.write_bytes(line)
    link = MqttLink(_Client([]), "W1", lambda: 1000, keep=str(keep))
    assert link.numbering.seq == 0 and link.numbering.game is None


def _evening(game, players, seed, deals, options):
    """An emulated table ``T1`` with ``options`` plays ``deals`` deals; its messages go to
    a club host: returns the table, its (shadow, firmware) results and the stored list."""
    cap = Capture("T1")
    t = EmulatedTable("T1", game, players, seed, cap.pub, options=options)
    results = t.play(deals)
    host = _host()
    _deliver(host, cap.out)
    stored = [s for s in standings.sheets(host.store) if s.table == "T1"][-1]
    assert (stored.columns, stored.rows) == (t.sheet()[0], [list(r) for r in t.sheet()[1]])
    assert [a == b for a, b in results] == [True] * deals  # the board judged as the plan
    return t, results, stored.rows


def test_an_emulated_tarot_table_at_five_plays_the_mort():
    """Option keys as ``trickref sim --option``: ``{"five": "mort"}`` stopped at once
    (LookupError: menu item 'five' not found), and a plan made with the default rules
    (a called king, 15 cards each) could not be played on a board set to the mort. Now
    the four after the dealer play each deal (18 cards each): the dealer's mark is 0,
    the taker wins or pays three defenders alone (no partner), as the store books it."""
    t, results, rows = _evening("tarot", 5, 1, 4, {"five": "mort"})
    assert [len(r.trick_winners) for r, _ in results] == [18] * 4
    assert [r.partner for r, _ in results] == [None] * 4
    assert rows == [
        [1, 3, "prise", 0, 38, -114, 38, 38, 0, 38, -114, 38, 38],
        [2, 5, "garde", 92, 0, 92, 92, -276, 92, 38, -22, 130, -238],
        [3, 2, "prise", 64, -192, 0, 64, 64, 156, -154, -22, 194, -174],
        [4, 1, "prise", -117, 39, 39, 0, 39, 39, -115, 17, 194, -135]]
    # the mort moves on after each deal someone took: P1, P2, P3, P4 sat out
    assert [r[3 + d] for d, r in enumerate(rows)] == [0, 0, 0, 0]


def test_an_emulated_skat_table_plays_kontra_and_re():
    """House rule ``kontra`` (docs/rules/skat.md "Kontra and Re"): the defenders say
    Kontra and the declarer Re from the table menu before the first card; the booked
    value is doubled by each. Seed 1: game 2 with Kontra, won: 36 x 2 = +72; game 3 with
    Kontra and Re, lost: -144 x 4 = -576."""
    _, results, rows = _evening("skat", 3, 1, 3, {"kontra": "on"})
    assert [r.levels[2:] for r, _ in results] == [(), ("kontra",), ("kontra", "re")]
    assert rows == [[1, 2, -144, 0, -144, 0, 40, -194, 40],
                    [2, 1, 72, 72, -144, 0, 162, -194, 40],
                    [3, 1, -576, -504, -144, 0, -464, -154, 80]]


def test_an_emulated_skat_table_plays_a_ramsch_when_all_pass():
    """House rule ``ramsch``: a deal all three pass is played as a Ramsch; its loser
    (most card points, here P3 with 58) is booked as declarer with -58 and no
    Seeger-Fabian bonus; game 2 is an ordinary grand hand."""
    _, results, rows = _evening("skat", 3, 1, 2, {"ramsch": "ramsch"})
    assert [r.status for r, _ in results] == ["ramsch", "played"]
    assert rows == [[1, 3, -58, 0, 0, -58, 0, 0, -58],
                    [2, 1, 120, 120, 0, -58, 170, 0, -58]]


def test_an_emulated_table_refuses_an_unknown_option_or_value():
    """As everywhere else (device.flows.check_options), a name or value the game does not
    offer is an error naming it, before the board is powered on."""
    with pytest.raises(ValueError, match="maybe"):
        EmulatedTable("T1", "skat", 3, 1, Capture("T1").pub, options={"kontra": "maybe"})
    with pytest.raises(ValueError, match="five"):
        EmulatedTable("T1", "tarot", 4, 1, Capture("T1").pub, options={"five": "mort"})


def test_an_emulated_tarot_table_shows_a_poignee_and_its_row_counts_it():
    """The emulated tables never announced: no emulated row held a poignée. Now a seat
    holding one shows its largest from the table menu before its first card, the trumps
    scanned on the board (host_sim.autoplay.TarotPlayer). Seed 34, 4 players: P3 takes
    and with the chien holds eleven trumps: shows his lowest ten, a simple poignée (FFT
    p.7, 13 would be a double); the attack wins, so the prime, 20 from each defender, is
    the attack's. The row the club stores is the board's own: the marks carry it."""
    from core.cards import TAROT, TRUMP
    from core.games import tarot
    from core.rng import Rng
    cap = Capture("T1")
    table = EmulatedTable("T1", "tarot", 4, 34, cap.pub)
    steps = []
    run_step = table.player._run_step
    table.player._run_step = lambda step: (steps.append(step), run_step(step))[1]
    (shadow, board), = table.play(1)
    hands, chien = tarot.split_pack(Rng(34).shuffle(list(range(78))), 4)  # as dealt
    trumps = sorted(c for c in hands[2] + chien if TAROT.suit(c) == TRUMP and c != tarot.EX)
    assert len(trumps) == 11 and shadow.taker == 2
    shown = [s for s in steps if s[0] == "ui" and "Poignee P3" in s[1]]
    assert shown == [("ui", ["<OK>", "Poignee P3", "10"], tuple(trumps[:10]), 1)]
    assert board.poignees == shadow.poignees == ((2, 0, 10),)  # P3, attack, ten trumps
    assert shadow.score.poignee == 20  # to the winning camp (FFT p.7)
    assert board.marks == shadow.marks == (-47, -47, 141, -47)
    rows = [json.loads(p) for t, p in cap.out if b'"kind":"row"' in p]
    assert [r["payload"]["cells"][3:7] for r in rows] == [[-47, -47, 141, -47]]

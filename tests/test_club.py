"""The club evening (issue 23, docs/club.md): emulated tables publish through a real
Mosquitto broker (Debian's mosquitto, started here on a free loopback port with a password
file and an ACL), the club host stores every message and rebuilds the standings; the
figures checked are the boards' own lists (the core's sheets)."""

import json
import os
import socket
import sys
import time

import pytest

from core import protocol as P
from host_sim.club import message as M
from host_sim.club import standings
from host_sim.club.broker import acl_text
from host_sim.club.publisher import TablePublisher
from host_sim.club.store import Store

from club.evening import (CLUB_PASSWORD, password, start_broker, start_club, store_matches,
                          stored_rows, table, wait_for)

TABLES = tuple("t%d" % i for i in range(1, 14))  # each test its own tables


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    b = start_broker(tmp_path_factory.mktemp("mosquitto"), TABLES + ("dev1", "B1"),
                     bridges=("roomB",))
    yield b
    b.stop()


def frame(ftype, value):
    return P.Frame(0, ftype, value)


# --- messages and store ------------------------------------------------------------------

def test_a_row_frame_becomes_a_numbered_message():
    from device.mqtt_link import Numbering, payload_of
    n = Numbering("t1")
    kind, payload = payload_of(P.EV_HELLO, (1, "skat"))
    assert n.message(kind, payload, 5)["deal"] == 1
    kind, payload = payload_of(P.EV_DEAL_OVER, (1, "P2 wins"))
    m = n.message(kind, payload, 6)
    assert (m["seq"], m["deal"], m["game"]) == (2, 1, "skat")
    kind, payload = payload_of(P.EV_CARD, (0, "CJ"))
    m = n.message(kind, payload, 7)
    assert (m["seq"], m["deal"], m["payload"]) == (3, 2, {"seat": 0, "card": "CJ"})
    assert M.decode(M.encode(m)) == m
    assert payload_of(P.EV_SCREEN, ["a", "b"]) is None
    assert payload_of(P.EV_CARD, (0,)) is None  # wrong shape: not guessed at


@pytest.mark.parametrize("data, why", [
    (b"{", "not JSON"), (b"[]", "not a JSON object"),
    (b'{"v":1,"table":"t1","deal":1,"seq":0,"kind":"card","payload":{},"ms":1}', "seq"),
    (b'{"v":1,"table":"t/1","deal":1,"seq":1,"kind":"card","payload":{},"ms":1}', "table"),
    (b'{"v":1,"table":"t1","deal":1,"seq":1,"kind":"bid","payload":{},"ms":1}', "kind"),
    (b'{"v":2,"table":"t1","deal":1,"seq":1,"kind":"card","payload":{},"ms":1}', "version"),
])
def test_bad_messages_are_refused_with_the_reason(data, why):
    with pytest.raises(M.BadMessage, match=why):
        M.decode(data)


def test_store_drops_duplicates_and_shows_gaps(tmp_path):
    st = Store(str(tmp_path / "c.db"))
    assert st._all("PRAGMA journal_mode")[0][0] == "wal"
    msg = {"table": "t1", "game": "skat", "deal": 1, "kind": "card",
           "payload": {"seat": 0, "card": "CJ"}, "ms": 1}
    assert st.add(dict(msg, seq=1), 0) is True
    assert st.add(dict(msg, seq=1), 0) is False
    assert st.add(dict(msg, seq=4), 0) is True
    assert st.gaps() == {"t1": [2, 3]}
    assert st.count() == 2


def test_roster_and_seats_refuse_unknown_or_twice_seated_names(tmp_path):
    st = Store(str(tmp_path / "c.db"))
    for n in ("Anna", "Bernd", "Clara"):
        st.add_player(n)
    with pytest.raises(ValueError, match="not on the roster: Zoe"):
        st.assign("t1", ["Anna", "Zoe", "Clara"])
    with pytest.raises(ValueError, match="seated twice"):
        st.assign("t1", ["Anna", "Anna", "Clara"])
    st.assign("t1", ["Clara", "Anna", "Bernd"])
    assert st.seats() == {"t1": ["Clara", "Anna", "Bernd"]}


@pytest.mark.parametrize("n, sizes", [(3, [3]), (4, [4]), (6, [3, 3]), (7, [4, 3]),
                                      (9, [3, 3, 3]), (13, [4, 3, 3, 3]), (16, [4] * 4)])
def test_skat_tables_of_four_first_then_three(n, sizes):
    assert sorted(standings.table_sizes(n), reverse=True) == sizes
    drawn = standings.draw_seats(["p%d" % i for i in range(n)], seed=1)
    assert sorted(len(t) for t in drawn) == sorted(sizes)
    assert sorted(x for t in drawn for x in t) == sorted("p%d" % i for i in range(n))


def test_five_players_cannot_sit_at_skat_tables():
    with pytest.raises(ValueError, match="5 players"):
        standings.table_sizes(5)


def test_acl_lets_a_table_write_only_its_own_topics():
    acl = acl_text("club")
    assert "pattern write club/%u/events" in acl
    assert "pattern write club/%u/state" in acl
    assert "topic write club/+/events" not in acl


# --- an evening through Mosquitto ---------------------------------------------------------

def test_short_evening_store_equals_the_tables_lists(broker, tmp_path):
    club = start_club(broker.port, tmp_path / "club.db")
    st = club.store
    for n in ("Anna", "Bernd", "Clara", "Dora", "Emil", "Fritz", "Gert"):
        st.add_player(n)
    club.assign("t1", ["Anna", "Bernd", "Clara"])
    club.assign("t2", ["Dora", "Emil", "Fritz", "Gert"])
    tables = [table("t1", "skat", 3, 3, broker.port), table("t2", "skat", 4, 5, broker.port),
              table("t3", "tarot", 4, 2, broker.port), table("t4", "zhopa", 3, 1, broker.port)]
    try:
        assert wait_for(lambda: all(t.publisher.seats is not None for t in tables[:2]))
        assert tables[0].publisher.seats["seats"] == ["Anna", "Bernd", "Clara"]
        for t in tables:
            t.play(3)
        assert wait_for(lambda: store_matches(st, tables)), (st.gaps(), club.bad)
        assert club.bad == [] and club.duplicates == 0
        # Skat: each named player's Seeger-Fabian total is the board's own
        ranking = {r[1]: r for r in standings.skat(standings.sheets(st))[1]}
        for t, names in ((tables[0], ["Anna", "Bernd", "Clara"]),
                         (tables[1], ["Dora", "Emil", "Fritz", "Gert"])):
            sheet = t._match.sheet
            assert [ranking[n][2] for n in names] == list(sheet.sf)
            assert [ranking[n][3] for n in names] == list(sheet.totals)
            assert all(ranking[n][4] == 3 for n in names)
        # Tarot: the totals per player after the rounds, unnamed seats as "t3 Pn"
        tarot = {r[1]: r[2] for r in standings.tarot(standings.sheets(st))[1]}
        assert [tarot["t3 P%d" % (p + 1)] for p in range(4)] == list(tables[2]._match.totals)
        assert sum(tarot.values()) == 0  # FFT marks sum to zero
        status = {r["table"]: r for r in st.tables()}
        assert status["t1"]["status"] == "playing" and status["t1"]["deal"] >= 3
    finally:
        for t in tables:
            t.publisher.stop()
        club.stop()


def _one_table(broker, tmp_path, name, tid, game, players, seed, deals):
    """A club host ``club-NAME`` and table ``tid`` that played ``deals`` deals, the store
    equal to the table's list."""
    club = start_club(broker.port, tmp_path / "club.db", client_id="club-" + name)
    t = table(tid, game, players, seed, broker.port)
    t.play(deals)
    assert wait_for(lambda: store_matches(club.store, [t]))
    return club, t


def test_a_series_counts_only_its_fixed_number_of_games(broker, tmp_path):
    club, t = _one_table(broker, tmp_path, "series", "t5", "skat", 3, 11, 4)
    try:
        rows = standings.skat(standings.sheets(club.store), series_games=2)[1]
        sf_after_2 = t._match.sheet.rows[1][4]
        assert sorted(r[2] for r in rows) == sorted(sf_after_2)
        assert all(r[4] == 2 for r in rows)
    finally:
        t.publisher.stop()
        club.stop()


def _at_frames(publisher, actions):
    """Run ``actions[n]()`` just before the table's ``n``-th frame is published."""
    feed, count = publisher.feed, [0]

    def hooked(frame):
        count[0] += 1
        if count[0] in actions:
            actions[count[0]]()
        return feed(frame)

    publisher.feed = hooked


def test_broker_restart_and_a_table_reconnecting_lose_and_double_nothing(broker, tmp_path):
    club = start_club(broker.port, tmp_path / "club.db", client_id="club-restart")
    tables = [table("t6", "tarot", 3, 7, broker.port), table("t7", "skat", 3, 8, broker.port)]
    drop = tables[1].publisher.client
    first_pid = broker.proc.pid
    _at_frames(tables[0].publisher, {40: broker.restart})  # mid-deal: sessions persisted
    cut = lambda: drop.socket().shutdown(socket.SHUT_RDWR)  # noqa: E731 (Wi-Fi gone)
    _at_frames(tables[1].publisher, {10: cut, 90: cut})
    try:
        for t in tables:
            t.play(2)
        assert wait_for(lambda: store_matches(club.store, tables), 30), club.store.gaps()
        assert club.bad == []
        assert broker.proc.pid != first_pid  # it was restarted mid-evening
    finally:
        for t in tables:
            t.publisher.stop()
        club.stop()


def test_a_table_cannot_publish_on_another_tables_topic(broker, tmp_path):
    club = start_club(broker.port, tmp_path / "club.db", client_id="club-acl")
    liar = TablePublisher("t8", port=broker.port, password=password("t8"))
    liar.client.connect(liar.host, liar.port)
    liar.client.loop_start()
    try:
        fake = M.encode({"v": 1, "table": "t1", "game": "skat", "deal": 1, "seq": 999,
                         "kind": "row", "payload": {"columns": ["game"], "cells": [1]},
                         "ms": 1})
        liar.client.publish(M.topic("t1", "events"), fake, 1).wait_for_publish(5)
        liar.client.publish(M.topic("t8", "events"), fake, 1).wait_for_publish(5)
        assert wait_for(lambda: club.bad, 5)
        time.sleep(0.5)
        assert club.store.count() == 0  # t1's topic: denied by the ACL; t4's: refused
        assert "another table's topic" in club.bad[0][1]
    finally:
        liar.client.disconnect()
        liar.client.loop_stop()
        club.stop()


def test_a_wrong_password_is_refused_by_the_broker(broker):
    import paho.mqtt.client as mqtt
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="t1-intruder")
    c.username_pw_set("t1", "guess")
    refused = []
    c.on_connect = lambda cl, u, f, reason, p=None: refused.append(reason.is_failure)
    c.connect("127.0.0.1", broker.port)
    c.loop_start()
    try:
        assert wait_for(lambda: refused, 5) and refused[0] is True
    finally:
        c.loop_stop()


def test_two_rooms_bridged_into_one_league(broker, tmp_path):
    room_b = start_broker(tmp_path / "roomB", ("B1",))
    room_b.bridge_to(broker.port, "roomB", password("roomB"))
    room_b.restart(0)
    club = start_club(broker.port, tmp_path / "league.db", client_id="club-league")
    t = table("B1", "skat", 3, 4, room_b.port)
    try:
        t.play(2)
        assert wait_for(lambda: store_matches(club.store, [t]), 30), club.store.gaps()
    finally:
        t.publisher.stop()
        club.stop()
        room_b.stop()


def test_a_wifi_board_publishes_through_umqtt_simple(broker, tmp_path):
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "club"))
    from umqtt.simple import MQTTClient

    from device.mqtt_link import MqttLink
    club = start_club(broker.port, tmp_path / "club.db", client_id="club-umqtt")
    client = MQTTClient("dev1", "127.0.0.1", broker.port, user="dev1",
                        password=password("dev1"), keepalive=30)
    link = MqttLink(client, "dev1", lambda: int(time.time() * 1000))
    try:
        assert link.start()
        link.tap(P.EV_HELLO, (1, "skat"))
        link.tap(P.EV_CARD, (0, "CJ"))
        link.tap(P.EV_SCREEN, ["lcd", "row"])  # not a club event
        row = (["game", "declarer", "value", "P1", "P2", "P3", "SF P1", "SF P2", "SF P3"],
               [1, 1, 24, 24, 0, 0, 74, 0, 0])
        link.tap(P.EV_ROW, row)
        assert link.pending == [] and link.numbering.seq == 3
        assert wait_for(lambda: club.store.count() == 3), (club.store.count(), club.bad)
        kinds = [m["kind"] for m in club.store.messages("dev1")]
        assert kinds == ["hello", "card", "row"]
        assert stored_rows(club.store, "dev1") == (row[0], [row[1]])
        client.sock.close()  # the Wi-Fi drops: the broker sends the last will
        assert wait_for(lambda: [r["status"] for r in club.store.tables()
                                 if r["table"] == "dev1"] == ["offline"])
    finally:
        club.stop()


def test_club_command_exports_every_list_as_csv(broker, tmp_path):
    from host_sim.cli import main
    club, t = _one_table(broker, tmp_path, "csv", "t9", "tarot", 4, 3, 2)
    try:
        t.publisher.stop()
        assert wait_for(lambda: ["offline"] == [r["status"] for r in club.store.tables()
                                                if r["table"] == "t9"])
    finally:
        club.stop()
    out = tmp_path / "csv"
    assert main(["club", "--db", str(tmp_path / "club.db"), "--export-csv", str(out)]) == 0
    lines = (out / "tarot.csv").read_text().splitlines()
    assert lines[0] == "rank,player,points,deals"
    totals = list(t._match.totals)
    assert sorted(int(l.split(",")[2]) for l in lines[1:]) == sorted(totals)
    # two deals booked: the third started (the board's deal message), as its state says
    assert [l for l in (out / "tables.csv").read_text().splitlines()
            if l.startswith("t9,")] == ["t9,offline,tarot,3,%d" % t.publisher.seq]


# --- the standings page in headless Chromium ----------------------------------------------
# Debian's chromium driven by playwright (headless, a fresh user data dir per run).

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def _page_lists(page):
    """``{list name: [[cell texts]]}`` of the page's tables (header row first)."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        'section')].map(s => [s.id.slice(5), [...s.querySelectorAll('tr')].map(
        r => [...r.children].map(c => c.textContent))]))""")


def _as_text(columns, rows):
    return [[str(c) for c in columns]] + [["" if v is None else str(v) for v in r]
                                          for r in rows]


def test_the_page_shows_the_store_and_updates_within_a_second(broker, tmp_path):
    from playwright.sync_api import sync_playwright

    from host_sim.club.web import StandingsServer
    club = start_club(broker.port, tmp_path / "club.db", client_id="club-page")
    for n in ("Anna", "Bernd", "Clara", "Dora"):
        club.store.add_player(n)
    club.assign("t10", ["Anna", "Bernd", "Clara", "Dora"])
    server = StandingsServer(club.changes).start()
    t = table("t10", "tarot", 4, 2, broker.port)
    shots = os.environ.get("TRICKREF_CLUB_SHOTS") or str(tmp_path)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch_persistent_context(
                str(tmp_path / "chromium"), executable_path="/usr/bin/chromium", headless=True,
                args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 720})
            page = browser.new_page()
            page.goto(server.url)
            page.wait_for_selector("#list-tables")
            t.play(2)
            assert wait_for(lambda: store_matches(club.store, [t]))
            version = club.changes.version
            page.wait_for_function("v => drawn.length && drawn[drawn.length - 1].version "
                                   ">= v", arg=version, timeout=5000)
            shown = _page_lists(page)
            lists = standings.all_lists(club.store)
            for name in ("tarot", "tarot-rounds"):
                assert shown[name] == _as_text(*lists[name])
            assert [r[1] for r in shown["tarot"][1:]] != []
            assert set(r[1] for r in shown["tarot"][1:]) == {"Anna", "Bernd", "Clara", "Dora"}
            # each booked deal reached the screen within a second of its row leaving the table
            drawn = page.evaluate("drawn")
            rows = club.store.messages("t10", kinds=("row",))
            assert len(rows) == 2
            for m in rows:
                first = min(d["at"] for d in drawn if d["at"] >= m["ms"])
                assert first - m["ms"] < 1000, (first - m["ms"], m)
            page.screenshot(path=os.path.join(shots, "club_projector.png"), full_page=True)
            phone = browser.new_page()
            phone.set_viewport_size({"width": 390, "height": 844})
            phone.goto(server.url)
            phone.wait_for_selector("#list-tarot")
            phone.screenshot(path=os.path.join(shots, "club_phone.png"), full_page=True)
            csv = page.request.get(server.url + "csv/tarot.csv").text()
            assert csv.splitlines()[1:] == [",".join(map(str, r))
                                            for r in lists["tarot"][1]]
            assert page.request.post(server.url).status == 405  # read-only
            browser.close()
    finally:
        t.publisher.stop()
        server.stop()
        club.stop()


def test_one_laptop_club_runs_on_the_embedded_broker(tmp_path):
    from host_sim.club.broker import EmbeddedBroker, free_port
    from host_sim.club.host import ClubHost
    from host_sim.club.tables import EmulatedTable
    broker = EmbeddedBroker("127.0.0.1", free_port()).start()
    club = ClubHost(Store(str(tmp_path / "club.db")), port=broker.port).start()
    t = None
    try:
        assert club.connected.wait(10)
        t = EmulatedTable("solo", "zhopa", 3, 2,
                          TablePublisher("solo", port=broker.port).start())
        t.play(2)
        assert wait_for(lambda: store_matches(club.store, [t]))
        banks = standings.zhopa_results(standings.sheets(club.store))[1]
        assert sorted(r[4] for r in banks) == sorted(t.sheet()[1][-1][-3:])
    finally:
        if t is not None:
            t.publisher.stop()
        club.stop()
        broker.stop()


def test_club_command_seats_roster_players_and_pushes_them_to_the_table(broker, tmp_path):
    from host_sim.cli import main
    roster = tmp_path / "members.txt"
    roster.write_text("Anna\nBernd\n\nClara\n", encoding="utf-8")
    pub = TablePublisher("t11", port=broker.port, password=password("t11")).start()
    try:
        args = ["club", "--broker", "127.0.0.1:%d" % broker.port, "--password",
                CLUB_PASSWORD, "--db", str(tmp_path / "club.db"), "--http", "0",
                "--roster", str(roster), "--seconds", "0.5"]
        assert main(args + ["--seat", "t11=Clara,Anna,Zoe"]) == 2  # Zoe: not a member
        assert main(args + ["--seat", "t11=Clara,Anna,Bernd"]) == 0
        assert wait_for(lambda: pub.seats is not None)
        assert pub.seats == {"table": "t11", "seats": ["Clara", "Anna", "Bernd"]}
        assert Store(str(tmp_path / "club.db")).roster() == ["Anna", "Bernd", "Clara"]
    finally:
        pub.stop()


def test_the_club_command_refuses_a_player_seated_at_two_tables(tmp_path, capsys):
    """One start's --seat options are the room's seating: Anna at t11 and t12 would have
    both tables' lists summed under her name; refused before anything is stored."""
    from host_sim.cli import main
    roster = tmp_path / "members.txt"
    roster.write_text("Anna\nBernd\nClara\nDora\nEmil\n", encoding="utf-8")
    db = tmp_path / "club.db"
    args = ["club", "--db", str(db), "--roster", str(roster), "--export-csv",
            str(tmp_path / "out")]
    assert main(args + ["--seat", "t11=Anna,Bernd,Clara", "--seat", "t12=Dora,Anna,Emil"]) == 2
    assert "Anna is seated at t11 and at t12" in capsys.readouterr().err
    assert main(args + ["--seat", "t11=Anna,Bernd,Clara", "--seat", "t11=Dora,Emil,Anna"]) == 2
    assert "t11 is seated twice" in capsys.readouterr().err
    assert Store(str(db)).seats() == {}


def _members(tmp_path, text, seat=False):
    """A roster file of ``text`` and a store whose roster is Anna, Bernd and Clara
    (seated at t11 with ``seat``): ``(roster file, store file)``."""
    roster = tmp_path / "members.txt"
    roster.write_text(text, encoding="utf-8")
    db = tmp_path / "club.db"
    store = Store(str(db))
    for n in ("Anna", "Bernd", "Clara"):
        store.add_player(n)
    if seat:
        store.assign("t11", ["Anna", "Bernd", "Clara"])
    store.close()
    return roster, db


def test_the_club_commands_export_only_reads_the_store(tmp_path, capsys):
    """``--export-csv`` writes the lists of the evening stored: given with ``--seat`` or
    ``--roster`` it saved the roster file's names into the store (and dropped the
    seating without a word); a mistyped ``--db`` made an empty store and wrote empty
    lists. Now both are refused (exit 2, naming why) and nothing is written; an export
    alone leaves the store's roster and seating as they were."""
    from host_sim.cli import main
    roster, db = _members(tmp_path, "Anna\nBernd\nClara\nDora\n", seat=True)
    out = tmp_path / "out"
    export = ["club", "--db", str(db), "--export-csv", str(out)]
    assert main(export + ["--seat", "t11=Clara,Anna,Bernd"]) == 2
    assert "--export-csv only reads the store" in capsys.readouterr().err
    assert main(export + ["--roster", str(roster)]) == 2
    assert "--export-csv only reads the store" in capsys.readouterr().err
    assert not out.exists()
    missing = tmp_path / "evening.db"
    assert main(["club", "--db", str(missing), "--export-csv", str(out)]) == 2
    assert "no store at %s" % missing in capsys.readouterr().err
    assert not missing.exists() and not out.exists()
    assert main(export) == 0
    assert (out / "tables.csv").exists() and (out / "skat.csv").exists()
    again = Store(str(db))
    assert again.roster() == ["Anna", "Bernd", "Clara"]
    assert again.seats() == {"t11": ["Anna", "Bernd", "Clara"]}


def test_the_club_commands_seat_draw_reads_the_roster_file_without_storing_it(tmp_path,
                                                                               capsys):
    """``--roster FILE --draw-seats``: the draw among the store's roster and the file's
    names (as before), but the file is no longer saved into the store, and a store that
    is not there is not made; ``--seat`` with ``--draw-seats`` is refused."""
    from host_sim.cli import main
    roster, db = _members(tmp_path, "Emil\nFritz\nGerd\nHanna\n")
    draw = ["club", "--db", str(db), "--roster", str(roster), "--draw-seats", "--seed", "7"]
    assert main(draw) == 0
    names = ["Anna", "Bernd", "Clara", "Emil", "Fritz", "Gerd", "Hanna"]
    tables = standings.draw_seats(names, 7)
    assert [len(t) for t in tables] == [4, 3]
    assert capsys.readouterr().out.splitlines() == [
        "table %d: %s" % (i + 1, ", ".join(t)) for i, t in enumerate(tables)]
    assert Store(str(db)).roster() == ["Anna", "Bernd", "Clara"]
    missing = tmp_path / "none.db"
    assert main(["club", "--db", str(missing), "--roster", str(roster), "--draw-seats",
                 "--seed", "7"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1  # one table of 4
    assert not missing.exists()
    assert main(draw + ["--seat", "t11=Anna,Bernd,Clara"]) == 2
    assert "--draw-seats only reads the store" in capsys.readouterr().err
    assert Store(str(db)).seats() == {}


def test_the_club_command_notes_a_player_still_seated_at_a_table_not_seated_again(tmp_path):
    from host_sim.commands.club import _still_seated
    store = Store(str(tmp_path / "club.db"))
    for n in ("Anna", "Bernd", "Clara", "Dora", "Emil"):
        store.add_player(n)
    store.assign("t11", ["Anna", "Bernd", "Clara"])
    assert _still_seated(store, [("t12", ["Dora", "Anna", "Emil"])]) == [
        "note: Anna is still seated at t11 (its earlier seating): seat t11 again when its "
        "series is over"]
    assert _still_seated(store, [("t11", ["Dora", "Bernd", "Clara"]),
                                 ("t12", ["Anna", "Emil", "Bernd"])]) == []


def test_the_boards_mqtt_link_runs_under_micropython():
    """tests/mp/check_mqtt_link.py: device.link taps its frames into device.mqtt_link under
    the MicroPython unix port; the messages are those the desktop words and numbers."""
    from mpy import run_mp

    from device.mqtt_link import Numbering, payload_of
    out = run_mp("check_mqtt_link.py")
    msgs = [l.split(" ", 7) for l in out.splitlines() if l.startswith("msg ")]
    state = [m for m in msgs if m[1] == "club/T01/state"]
    events = [m for m in msgs if m[1] == "club/T01/events"]
    # "playing", retained at QoS 1, at the first connection and again at the reconnection
    assert [(m[2], m[3], json.loads(m[7])["status"]) for m in state] == \
        [("True", "1", "playing")] * 2
    n = Numbering("T01")
    want = [n.message(*payload_of(t, v), 1000) for t, v in (
        (P.EV_HELLO, (2, "skat")), (P.EV_CARD, (0, "CJ")),
        (P.EV_ROW, (["game", "P1"], [1, 24])))]
    assert [(int(m[4]), m[5], int(m[6]), json.loads(m[7])) for m in events] == \
        [(w["seq"], w["kind"], w["deal"], w["payload"]) for w in want]
    assert "will club/T01/state offline" in out


def test_the_simulator_and_a_wired_board_publish_through_the_cli(broker, tmp_path,
                                                                  monkeypatch):
    """``trickref sim --mqtt`` publishes the emulated table; ``trickref console URL
    --mqtt`` bridges a board's serial link (here the emulated board's socket)."""
    import threading

    from host_sim.autoplay import table_player
    from host_sim.cli import main
    club = start_club(broker.port, tmp_path / "club.db", client_id="club-cli")
    try:
        monkeypatch.setenv("TRICKREF_TABLE_PASSWORD", password("t12"))
        assert main(["sim", "--game", "tarot", "--players", "4", "--seed", "2", "--human",
                     "none", "--computer", "plain", "--headless", "--screenshot", str(tmp_path / "s.png"),
                     "--mqtt", "127.0.0.1:%d" % broker.port, "--table", "t12"]) == 0
        # one deal played out (the run ends on its result, before OK books it): 4 players
        # lay 18 cards each, 18 tricks
        assert wait_for(lambda: len(club.store.messages("t12", kinds=("trick",))) == 18)
        assert len(club.store.messages("t12", kinds=("card",))) == 72
        player = table_player("skat", 3, seed=9, link=True)
        monkeypatch.setenv("TRICKREF_TABLE_PASSWORD", password("t3"))
        watch = threading.Thread(target=main, args=(
            ["console", player.board.uart.url, "--seconds", "12", "--mqtt",
             "127.0.0.1:%d" % broker.port, "--table", "t3"],))
        watch.start()
        assert wait_for(player.board.uart.connected, 10)
        player.play(2)
        cols, rows = player.ctl.flow.sheet_table(player.ctl.match)
        assert wait_for(lambda: stored_rows(club.store, "t3") == (cols, [list(r) for r in
                                                                        rows]), 15)
        watch.join(30)
    finally:
        club.stop()


def test_magistr_ratings_are_the_boards_deal_points_summed(tmp_path):
    """Standings rebuilt from a store filled without a broker: the messages a table's
    publisher made (kept for resends) stored directly."""
    from host_sim.club.tables import EmulatedTable
    pub = TablePublisher("m1")  # never started: it only words and numbers the messages
    t = EmulatedTable("m1", "magistr", 3, 4, pub)
    t.play(3)
    st = Store(str(tmp_path / "club.db"))
    for seq in sorted(pub.sent):
        assert st.add(M.decode(pub.sent[seq]), 0)
    assert stored_rows(st, "m1") == (t.sheet()[0], [list(r) for r in t.sheet()[1]])
    match = t._match
    ratings = {r[1]: r for r in standings.magistr(standings.sheets(st))[1]}
    for p in range(3):
        assert ratings["m1 P%d" % (p + 1)][2] == sum(r.points[p] for r in match.rows)
        assert ratings["m1 P%d" % (p + 1)][3] == sum(r.tricks[p] for r in match.rows)
        assert ratings["m1 P%d" % (p + 1)][4] == len(match.rows) == 3


def test_a_table_run_again_goes_on_counting_and_books_its_deal(broker, tmp_path, monkeypatch):
    """Two headless ``trickref sim --mqtt`` runs at one table: each run's deal is booked
    (its row reaches the club before the run ends) and the second run goes on counting
    (the table's count file), so the club keeps both rows instead of dropping the second
    run's messages as duplicates. ISkO values: seed 3 P1 wins a diamonds game +27, seed 5
    P2 loses a clubs game -96 (the simulator's own summary lines)."""
    from host_sim.cli import main
    club = start_club(broker.port, tmp_path / "club.db", client_id="club-again")
    try:
        monkeypatch.setenv("TRICKREF_TABLE_PASSWORD", password("t13"))
        for seed in (3, 5):
            assert main(["sim", "--game", "skat", "--seed", str(seed), "--human", "none",
                         "--computer", "plain", "--headless",
                         "--mqtt", "127.0.0.1:%d" % broker.port, "--table", "t13"]) == 0
        assert wait_for(lambda: len(club.store.messages("t13", kinds=("row",))) == 2)
        values = [m["payload"]["cells"] for m in club.store.messages("t13", kinds=("row",))]
        assert [v[2] for v in values] == [27, -96], values
        seqs = [m["seq"] for m in club.store.messages("t13")]
        assert seqs == sorted(set(seqs)) and len(seqs) > 80  # one count across both runs
    finally:
        club.stop()

"""Issue 14: the table scores what the rulebook scores when a Skat deal ends early.

Hands unknown (the board, ``trickref replay``): after an early end of a suit or grand game
the board asks the declarer to lay the cards left in his hand, an ouvert hand is laid at
the declaration, so matadors count the declarer's 10 cards and the original skat (ISkO
5.2.1). Proven revokes are decided as ISkO 4.1-4.2 say, or only reported (option)."""

import os

import pytest

from core import iss
from core.cards import SKAT
from core.errors import BadRecord
from core.events import Awaiting, RevokeFound
from core.games import skat
from host_sim.scenario import SkatAtTheTable, SkatReplay

p = SKAT.parse
# ISS R[...] of the three records: value, matadors, declarer points, tricks, schneider
SERVER = {"13577": (-192, 1, 13, 0), "9000021": (-216, 2, 10, 0), "9000022": (96, 2, 116, 9)}


@pytest.fixture(scope="module")
def records(data_dir):
    with open(os.path.join(data_dir, "skat", "early_end_records.sgf")) as f:
        return iss.read_records(f.read())


def test_trickref_replay_gives_the_servers_values(data_dir, replay_json):
    """`trickref replay --json` of the issue's records: m:1 v:-192; m:2 v:-216; m:2 v:+96."""
    status, out = replay_json(os.path.join(data_dir, "skat", "early_end_records.sgf"))
    assert status == 0
    got = {o["id"]: (o["value"], o["matadors"], o["declarer_points"], o["declarer_tricks"])
           for o in out}
    assert got == SERVER
    assert all(o["agrees_with_record"] for o in out)


@pytest.mark.parametrize("known", [True, False], ids=["hands-known", "hands-unknown"])
def test_core_replay_agrees(records, known):
    for r in records:
        res = iss.replay(r, known).result()
        assert (res.value, res.matadors, res.declarer_points, res.declarer_tricks) == \
            SERVER[r.id], r.id


def test_the_whole_firmware_from_the_menus(records):
    """The same records played as a table drives the product: menus, pads, the open hand
    and the hand left scanned when the board asks."""
    for r in records:
        out = SkatAtTheTable(r).run()
        assert (out["value"], out["matadors"], out["declarer_points"],
                out["declarer_tricks"]) == SERVER[r.id], r.id


def test_lcd_says_why_it_asks_for_the_hand(records):
    """After both defenders resign (9000022) the LCD names the reason and asks for the 9
    cards left; the open hand of 13577 is asked at the declaration."""
    rec = [r for r in records if r.id == "9000022"][0]
    rep = SkatReplay(rec)
    seen = []
    rep._scan_after_play_orig = rep._scan_after_play

    def spy():
        seen.append(rep.board.lcd_lines())
        rep._scan_after_play_orig()
    rep._scan_after_play = spy
    rep.run()
    assert seen[0][0].strip() == "resigned" and seen[0][1].strip() == "lay hand (9)"
    rec = [r for r in records if r.id == "13577"][0]
    rep = SkatReplay(rec)
    asked = []
    orig = rep._lay_open_hand

    def spy2():
        if rep.awaiting is not None:
            asked.append(rep.board.lcd_lines())
        orig()
    rep._lay_open_hand = spy2
    rep.run()
    assert asked[0][0].strip() == "ouvert declared" and asked[0][1].strip() == \
        "lay hand (10)"


_SKAT_ASKED = """
import os, sys
from core import iss
from core.events import Awaiting
from device import words
from host_sim.scenario import SkatReplay
words.set_language(sys.argv[1])
with open(os.path.join("tests", "data", "skat", "early_end_records.sgf")) as f:
    rec = [r for r in iss.read_records(f.read()) if r.id == "13577"][0]
rep = SkatReplay(rec)
seen, event = [], rep._event
def spy(ev, lines):
    event(ev, lines)
    if isinstance(ev, Awaiting) and ev.verb == "set_skat":
        seen.append([l.rstrip() for l in lines])
rep._event = spy
rep.run()
print(seen[0], "device.flows.skat" in sys.modules)
"""


@pytest.mark.parametrize("lang,why,ask", [("en", "schwarz missed", "scan skat (2)"),
                                          ("de", "Schwarz verfehlt", "Skat scannen (2)")])
def test_the_reason_has_words_without_the_skat_flow(lang, why, ask):
    """`trickref replay --table` plays a record on a board that never loads the Skat flow
    (host_sim.scenario.SkatReplay): ISS 13577's ouvert, its schwarz lost in trick 1, asks
    for the skat saying why in words, in a fresh process (words registered by the flow
    were missing there: "schwarz-trick")."""
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", _SKAT_ASKED, lang], cwd=root,
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "%r False" % ([why, ask],)


def _declared(contract="G", decl=0, violations="decide"):
    d = skat.Game(violations=violations).new_deal()
    d.enter_auction(decl, 18)
    if contract.endswith("H") or "O" in contract:
        return d, d.declare(decl, contract)
    d.pick_up(decl)
    return d, d.declare(decl, contract, [p("D7"), p("D8")])


def test_show_hand_refuses_wrong_cards_and_changes_nothing():
    d, _ = _declared()
    d.play(0, p("CA")), d.play(1, p("C7")), d.play(2, p("C8"))
    d.resign(0)
    assert d.phase == skat.PHASE_REST and d.cards_left() == 9
    from core.errors import IllegalPlay
    for bad in ([p("CJ")] * 9, [p("CA")] + [p(c) for c in "SJ HJ DJ SA ST SK SQ S9".split()],
                [p(c) for c in "CJ SJ HJ DJ SA ST SK SQ".split()],
                [p("D7")] + [p(c) for c in "CJ SJ HJ SA ST SK SQ S9".split()]):
        with pytest.raises((IllegalPlay, BadRecord)):
            d.show_hand(bad)
        assert d.phase == skat.PHASE_REST and d.shown is None
    ev = d.show_hand([p(c) for c in "CJ SJ HJ DJ SA ST SK SQ S9".split()])
    res = ev[-1].result  # the discard was given: the skat is known, the deal is booked
    # the declarer resigned after trick 1 (11 points): the rest goes to the defenders;
    # grand with 4, game, schneider = 6 x 24 = 144, lost: -288
    assert (res.matadors, res.declarer_points, res.value, res.won) == (4, 11, -288, False)


def test_ouvert_play_is_checked_against_the_open_hand():
    d, ev = _declared("GO")
    assert ev == [Awaiting("show_hand", 10)] and d.phase == skat.PHASE_SHOW
    hand = [p(c) for c in "CJ SJ CA CT CK SA ST HA HT DA".split()]
    assert d.show_hand(hand)[0].seat == 0
    from core.errors import IllegalPlay
    with pytest.raises(IllegalPlay) as e:
        d.play(0, p("H7"))  # not in the open hand
    assert e.value.reason == "not-in-hand"
    d.play(0, p("HA"))
    with pytest.raises(IllegalPlay) as e:
        d.play(1, p("HT"))  # a defender cannot play a card of the open hand
    assert e.value.reason == "not-in-hand"
    d = _declared("GO")[0]
    d.show_hand(hand)
    d.play(0, p("HA")), d.play(1, p("H7"))
    d.play(2, p("H8"))
    d.play(0, p("CA")), d.play(1, p("C7")), d.play(2, p("C8"))
    d.play(0, p("ST")), d.play(1, p("S7"))
    ev = d.play(2, p("HJ"))  # a defender trumps: grand ouvert (schwarz announced) ends
    assert ev[-1] == Awaiting("set_skat", 2)  # the open hand is known: no hand asked
    res = d.set_skat([p("D7"), p("D8")])[-1].result
    # grand with 2, game, hand, schneider, announced, schwarz, announced, ouvert: 9 x 24
    assert (res.matadors, res.value) == (2, -432)
    with pytest.raises(IllegalPlay):
        _declared("GO")[0].play(0, p("CA"))  # no lead before the hand is laid


def test_defender_revoke_wins_the_declared_game():
    """ISkO 4.1-4.2: a defender's revoke ends the game, won for the declarer at the
    declared game's value: grand hand with 1 = with 1, game, hand = 3 x 24 = 72."""
    d, _ = _declared("GH")
    d.play(0, p("SA")), d.play(1, p("H7")), d.play(2, p("S7"))  # middlehand shows no leaves
    d.play(0, p("SK"))
    ev = d.play(1, p("S8"))  # ...and holds leaves: the revoke is proven, the game ends
    assert [type(e) for e in ev][-2:] == [RevokeFound, Awaiting]
    assert ev[-1] == Awaiting("show_hand", 8) and d.end_reason == skat.REVOKE
    assert iss.end_words(d) == "revoke P2"  # middlehand, the rules' seats from forehand
    ev = d.show_hand([p(c) for c in "CJ DA DT DK DQ D9 D8 D7".split()])
    res = d.set_skat([p("HA"), p("HT")])[-1].result
    assert (res.won, res.matadors, res.value, res.levels) == \
        (True, 1, 72, ("with 1", "game", "hand"))
    assert d.violation == (1, "revoke", 0)


def test_declarer_revoke_found_in_his_laid_hand_loses():
    """The declarer failed to follow hearts; the hand he lays after the defenders resign
    holds a heart: his revoke is proven and the game is lost (ISkO 4.1-4.2), declared
    value doubled: grand hand without 4 = 6 x 24 = 144, lost -288."""
    d, _ = _declared("GH")
    d.play(0, p("CA")), d.play(1, p("CT")), d.play(2, p("C7"))
    d.play(0, p("CK")), d.play(1, p("CJ")), d.play(2, p("C8"))  # middlehand trumps
    d.play(1, p("HA")), d.play(2, p("H7")), d.play(0, p("DA"))  # the declarer: no heart?
    d.resign(1), d.resign(2)
    assert d.phase == skat.PHASE_REST and d.cards_left() == 7
    ev = d.show_hand([p(c) for c in "H9 DT DK DQ D9 D8 D7".split()])
    assert isinstance(ev[0], RevokeFound) and ev[0].seat == 0 and ev[0].trick == 2
    res = d.set_skat([p("SA"), p("ST")])[-1].result
    assert (res.won, res.matadors, res.value) == (False, -4, -288)
    assert d.violation == (0, "revoke", 2)


def test_report_only_plays_on():
    d, _ = _declared("GH", violations="report")
    d.play(0, p("SA")), d.play(1, p("H7")), d.play(2, p("S7"))
    d.play(0, p("SK"))
    ev = d.play(1, p("S8"))
    assert isinstance(ev[1], RevokeFound) and d.phase == skat.PHASE_PLAY
    assert d.violation is None


def test_bad_violations_option_names_it():
    with pytest.raises(BadRecord) as e:
        skat.Game(violations="lenient")
    assert "lenient" in str(e.value)


def test_the_board_names_a_decided_revoke_and_asks_for_the_hand():
    """On the emulated board (cards read from their tags): middlehand shows no leaves in
    trick 1 and plays a leaves card in trick 2; the game ends (ISkO 4.1-4.2), the LCD
    names the seat and the violation and asks the declarer for the 8 cards left; with
    them and the skat the board books +72 (grand hand with 1, won)."""
    from host_sim.board import SimBoard, TaggedDeck
    board = SimBoard(3)
    tags = TaggedDeck(SKAT)
    app = board.start(lambda: skat.Game().new_deal(), SKAT)
    app.choose("enter_auction", 0, 18)
    app.choose("declare", 0, "GH", None)
    for seat, code in ((0, "SA"), (1, "H7"), (2, "S7"), (0, "SK")):
        board.play_card(seat, tags.tag(p(code)))
    events = board.play_card(1, tags.tag(p("S8")))
    assert [type(e).__name__ for e in events][-2:] == ["RevokeFound", "Awaiting"]
    assert [r.strip() for r in board.lcd_lines()] == ["P2 revoke in T1", "lay hand (8)"]
    for code in "CJ DA DT DK DQ D9 D8 D7 HA HT".split():
        events = board.play_card(0, tags.tag(p(code)))
    res = [e for e in events if type(e).__name__ == "DealOver"][0].result
    assert (res.won, res.matadors, res.value) == (True, 1, 72)


def test_a_declarer_who_resigns_a_null_loses_it():
    """A null hand (35, ISkO 5.1) the declarer resigns after one card: no trick moves in
    null, so the game was judged by tricks alone and booked as won, +35 for giving up.
    It is lost: -70 (a lost game counts double, ISkO 5.3; docs/rules/skat.md). Both
    defenders resigning a null still wins it."""
    for resigner, won, value in ((0, False, -70), (None, True, 35)):
        deal = skat.Game().new_deal()  # hands unknown, as at the table
        deal.enter_auction(0, 18)
        deal.declare(0, "NH")
        deal.play(0, p("D7"))
        if resigner is None:
            assert deal.resign(1) == []
            deal.resign(2)
        else:
            deal.resign(resigner)
        deal.set_skat([p("C7"), p("C8")])
        res = deal.result()
        assert (res.won, res.value, res.declarer_tricks) == (won, value, 0)


def test_a_resigned_null_is_booked_lost_on_the_board():
    """The same on the emulated board, through its menus and pads: P2 (forehand) plays a
    null hand, leads one card and resigns in the table menu; the skat is scanned and the
    list books -70 (it booked +35)."""
    from host_sim.autoplay import table_player
    pl = table_player("skat", 3, seed=1)
    pl.start()
    b = pl.board
    for label in ("P2 declarer", "23", "Hand game", "Null", "Null"):
        b.choose(label)
    b.play_card(1, pl.tags.tag(p("D7")))
    b.press(2)
    b.choose("P2 resigns")
    for code in ("C7", "C8"):
        b.play_card(1, pl.tags.tag(p(code)))
    b.run(4000)
    res = pl.ctl.result
    assert res is not None and (res.won, res.value) == (False, -70), b.lcd_lines()
    assert b.lcd_lines()[1].strip().endswith("-70"), b.lcd_lines()


# A grand after the pick-up (bid 18), forehand the declarer with the four Unter (CJ SJ
# left in his hand, HJ DJ put in the skat). He takes the first two tricks (42); the
# defenders take the next five (63: the game is theirs, ISkO 5.2.2: the declarer can no
# longer reach 61). In trick 8 rearhand lays H9 on C9 while holding CQ, which he plays in
# trick 9: the revoke is proven then.
_DECIDED_THEN_REVOKE = (
    (0, "SA"), (1, "S8"), (2, "ST"), (0, "HA"), (1, "HT"), (2, "H8"),
    (0, "D7"), (1, "DA"), (2, "DT"), (1, "CA"), (2, "CT"), (0, "C7"),
    (1, "HK"), (2, "HQ"), (0, "H7"), (1, "SK"), (2, "SQ"), (0, "S7"),
    (1, "DK"), (2, "DQ"), (0, "D8"), (1, "C9"), (2, "H9"), (0, "C8"),
    (1, "CK"), (2, "CQ"))


def test_a_revoke_after_the_game_is_decided_does_not_turn_it():
    """ISkO 4.1.4: a violation committed *before the game is decided* loses it for the
    offending party; 4.1.3: when the game is already decided, the party that decided it
    wins with the card points it took until then. Here the defenders had 63 before
    rearhand's revoke: the declarer stays lost, with his 42 + 4 (the skat) = 46 points:
    grand with 4, game = 5 x 24 = 120, lost -240. Played on the emulated board, hands
    unknown: it booked +120, won for the declarer by the defenders' revoke."""
    from host_sim.board import SimBoard, TaggedDeck
    board = SimBoard(3)
    tags = TaggedDeck(SKAT)
    app = board.start(lambda: skat.Game().new_deal(), SKAT)
    app.choose("enter_auction", 0, 18)
    app.choose("pick_up", 0)
    app.choose("declare", 0, "G", None)
    for seat, code in _DECIDED_THEN_REVOKE:
        events = board.play_card(seat, tags.tag(p(code)))
    assert [type(e).__name__ for e in events][-2:] == ["RevokeFound", "Awaiting"]
    for code in "CJ SJ HJ DJ".split():  # his hand left, then the skat
        events = board.play_card(0, tags.tag(p(code)))
    res = [e for e in events if type(e).__name__ == "DealOver"][0].result
    assert (res.won, res.matadors, res.declarer_points, res.value) == (False, 4, 46, -240)


def test_the_declarers_revoke_after_his_win_is_decided_keeps_it_won():
    """The mirror case (ISkO 4.1.3-4.1.4): forehand's grand after the pick-up takes the
    first three tricks (63 with the skat's 2 to come: decided), then lays D8 on a heart
    while holding H7, which he plays in trick 6. He wins with his 65 points: grand with
    4, game = +120 (it was booked lost at the declared value, -240)."""
    d = skat.Game().new_deal()
    d.enter_auction(0, 18)
    d.pick_up(0)
    d.declare(0, "G")
    for seat, code in ((0, "SA"), (1, "S8"), (2, "ST"), (0, "HA"), (1, "HT"), (2, "H8"),
                       (0, "DA"), (1, "DT"), (2, "D7"), (0, "C7"), (1, "CA"), (2, "C8"),
                       (1, "HK"), (2, "HQ"), (0, "D8"), (1, "SK"), (2, "SQ")):
        d.play(seat, p(code))
    ev = d.play(0, p("H7"))
    assert isinstance(ev[1], RevokeFound) and (ev[1].seat, ev[1].trick) == (0, 4)
    d.show_hand([p(c) for c in "CJ SJ HJ CQ".split()])
    res = d.set_skat([p("DJ"), p("C9")])[-1].result
    assert (res.won, res.matadors, res.declarer_points, res.value) == (True, 4, 65, 120)


def test_a_revoke_before_the_decision_still_decides():
    """Unchanged: before the decision the offender's party loses (the declared value):
    the same deal with the declarer's revoke in trick 3, when he had 42 (and the skat's
    2), is lost -240."""
    d = skat.Game().new_deal()
    d.enter_auction(0, 18)
    d.pick_up(0)
    d.declare(0, "G")
    for seat, code in ((0, "SA"), (1, "S8"), (2, "ST"), (0, "HA"), (1, "HT"), (2, "H8"),
                       (0, "C7"), (1, "CA"), (2, "C8"), (1, "HK"), (2, "HQ"),
                       (0, "D8"), (1, "SK"), (2, "SQ")):
        d.play(seat, p(code))
    ev = d.play(0, p("H7"))
    assert isinstance(ev[1], RevokeFound) and (ev[1].seat, ev[1].trick) == (0, 3)
    d.show_hand([p(c) for c in "CJ SJ HJ CQ DA".split()])
    res = d.set_skat([p("DJ"), p("C9")])[-1].result
    assert (res.won, res.value) == (False, -240)


def test_the_boards_journal_export_replays_to_the_servers_values(records, tmp_path):
    """`trickref replay` of the board's own journal records of each deal (all of them,
    as a journal export taken before the booking's checkpoint holds them): the ouvert
    hand laid at the declaration (13577) and the hand left laid after a resignation
    (9000022) are actions of the record (``show_hand``) that the replay enters, not cards
    the board still waits to be scanned (the ouvert record replayed as "unfinished,
    tricks played: 0", or its 10th card refused as a hand laid out of turn)."""
    from core.journal import Journal
    from host_sim import records as rec

    class Kept(Journal):  # every record the board writes, whatever the booking squeezes
        def append(self, kind, data):
            self.kept.append((kind, data))
            return Journal.append(self, kind, data)

    for r in records:
        journal = Kept(str(tmp_path / ("%s.bin" % r.id)))
        journal.kept = []
        SkatAtTheTable(r, journal=journal).run()
        lines = rec.from_journal(journal.kept)
        assert len(lines) == 1, r.id
        out = list(rec.replay(lines))
        assert [o["status"] for o in out] == ["played"], r.id
        res = out[0]["result"]
        assert (res["value"], res["matadors"], res["declarer_points"],
                res["declarer_tricks"]) == SERVER[r.id], (r.id, res)

"""Issue 17: a stranger with a USB cable at a club table. Each case is an attack (or a
mistake) from the host side against the WHOLE firmware (the Controller with its menus,
flows, journal and link) on the emulated board, the link an in-memory UART so every byte
and every virtual millisecond is under the test's control. docs/protocol.md "Threat model"
says what each case defends; tests/mp/check_pairing.py runs a sample under MicroPython.
"""

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import protocol as P
from core.games import bank
from core.journal import Journal
from device import words
from device.buttons import NEXT, OK
from device.host_check import booked_end
from device.host_request import REACT_MS
from device.link import BACKOFF_MAX_MS, BACKOFF_MS, CONFIRM_MS, SESSION_MS
from device.pairing import PAIR_TRIES, proof
from host_sim.autoplay import table_player
from host_sim.board import SimBoard
from host_sim.console import Console, ConsoleError, KeyStore, csv_cell, describe, write_csv
from host_sim.machine import MemUart
from hostlink import Host
from test_journal import game_records, iss_record, write_journal

MAGISTR_OWN = {"game": "magistr", "players": 3, "variant": "own",
               "trump0": 0, "trump1": 1, "trump2": 2}


def _main_menu(p):
    """From play: OK opens the table menu, then "Main menu"."""
    p.board.press(2)
    p.board.choose("Main menu")
    assert p.board.lcd_lines()[0].startswith("trickref"), p.board.lcd_lines()


def _code_from_menu(p):
    """Choose "Pair host" in the main menu; the code as the LCD shows it."""
    b = p.board
    _main_menu(p)
    b.choose("Pair host")
    top, row = b.lcd_lines()
    assert top.startswith("pair code:"), (top, row)
    return row[:6]


def _in_play(journal=None):
    """Magistr for 3 on a 3-pad board, deal 1 in play (its leader named); no host yet."""
    uart = MemUart()
    p = table_player("magistr", 3, seed=6, link=uart, journal=journal)
    p.start()
    game = p.ctl.match.game
    shadow = game.new_deal(0, game.deal_cards(1, p.deal_rng), 1)
    p.board.choose("P%d" % (shadow.first + 1))
    p.shadow = shadow
    p.uart = uart
    return p


def _magistr(journal=None):
    """:func:`_in_play`, and a paired host."""
    p = _in_play(journal)
    uart = p.uart
    host = Host(uart)
    host.pair(p.board, p.ctl.link.pairing.open())
    p.board.run(20)
    p.board.press(2)  # "paired" screen: OK, back to the table
    assert p.ctl.link.host == "host-a"
    return p, host


def _lay_next(p):
    seat = p.shadow.current_seat()
    card = p.shadow.legal_cards(seat)[0]
    p.shadow.play(seat, card)
    return p.lay(seat, card)


def _asking(p):
    return p.board.lcd_lines()[0].startswith("host asks:")


# ---------------------------------------------------------------- 1, 5: bad requests

@pytest.mark.parametrize("args, why", [
    ("magistr", "players"),  # only a name
    ({"game": "skat", "players": 99}, "not 99"),
    ({"game": "skat", "players": [1]}, "not [1]"),
    ({"game": "magistr", "players": 3, "variant": "bogus"}, "variant"),
    ({"game": "magistr", "players": 3, "variant": "one"}, "trump0"),  # partial
    (dict(MAGISTR_OWN, extra=1), "unknown option extra"),
    ({"game": "tarot", "players": 5, "excuse_last": "other-camp"}, "needs 5 pads"),
    ({"game": "skat", "players": 4}, "needs 4 pads"),  # the menu refuses them too
    ({"game": "chess", "players": 2}, "no game called 'chess'"),
])
def test_a_bad_new_game_never_reaches_the_table(args, why):
    p, host = _magistr()
    match, lcd = p.ctl.match, p.board.lcd_lines()
    got = host.ask(p.board, P.C_NEW_GAME, args)
    assert got.type == P.R_ERROR and got.value[1] == P.E_INVALID and why in got.value[2]
    assert not _asking(p) and p.board.lcd_lines() == lcd
    p.board.press(2)  # an OK at the table opens the table menu, as always
    assert p.ctl.match is match and p.ctl.flow.NAME == "magistr"
    p.board.press(2, hold_ms=900)  # back to play: a card is judged as before
    assert not any(e.reason == "internal" for e in _lay_next(p) if hasattr(e, "reason"))
    # nothing was shown, so nothing was declined: no backoff, a good request is shown
    got = host.ask(p.board, P.C_NEW_GAME, MAGISTR_OWN)
    assert got.type == P.R_PENDING and _asking(p)


def test_a_valid_new_game_confirmed_starts_it():
    p, host = _magistr()
    args = {"game": "magistr", "players": 2, "variant": "two", "pair": [0, 3]}
    seq = host.ask(p.board, P.C_NEW_GAME, args).value[0]
    p.board.run(REACT_MS)  # the table reads the prompt
    p.board.press(2)
    assert host.confirm(seq) == (seq, "new-game", True, "")
    assert p.ctl.flow.NAME == "magistr" and p.ctl.players == 2
    rules = p.ctl.match.game.rules
    assert rules.variant == bank.TWO and list(rules.suit_class) == [1, 0, 0, 1]  # C+S


# ---------------------------------------------------------------- 2: the confirmation

def test_a_laid_card_cancels_the_request():
    p, host = _magistr()
    match = p.ctl.match
    seq = host.ask(p.board, P.C_NEW_GAME, MAGISTR_OWN).value[0]
    assert _asking(p)
    _lay_next(p)
    assert host.confirm(seq)[2:] == (False, "cancelled: the table played on")
    assert not _asking(p)
    p.board.press(2)  # meant for the table menu: it opens, no new game
    assert p.ctl.match is match and p.board.lcd_lines()[0].startswith("Table")
    assert p.ctl.link.pending is None


@pytest.mark.parametrize("command", [P.C_NEW_GAME, P.C_UNDO])
def test_a_request_the_result_covers_is_cancelled_not_taken_by_the_booking_ok(command):
    """A host asks while the deal's last trick is held (3 s). When the hold ran out the
    result was drawn over the prompt with the request still armed, and the OK the table
    pressed to book the deal started the host's new game (the deal never booked) or
    took the last card back. Now the request is cancelled as the result is drawn, and
    that OK books the deal."""
    p, host = _magistr()
    while not p.shadow.is_over():
        _lay_next(p)
    assert p.ctl.last_trick.held()
    seq = host.ask(p.board, command, MAGISTR_OWN if command == P.C_NEW_GAME else None)
    assert seq.type == P.R_PENDING and _asking(p)
    p.board.run(3500)
    assert host.confirm(seq.value[0])[2:] == (False, "cancelled: the table moved on")
    assert p.board.lcd_lines()[0].startswith("Deal 1 over")
    p.board.press(2)  # the table's OK: the deal is booked
    assert p.ctl.match.number() == 2 and len(p.ctl._link_sheet()[1]) == 1


def test_a_request_the_cleared_pads_cover_is_cancelled():
    """A host asks while a trick's cards still lie on the pads; the players lift them and
    "pads clear / lead: P1" was drawn over the prompt, the request still armed: an OK
    meant for the table menu started the new game. Now lifting the cards cancels it."""
    from core.events import TrickTaken
    p, host = _magistr()
    match = p.ctl.match
    laid, events = [], []
    while not any(isinstance(e, TrickTaken) for e in events):  # one trick, left lying
        seat = p.shadow.current_seat()
        card = p.shadow.legal_cards(seat)[0]
        p.shadow.play(seat, card)
        p.board.place(seat, p.tags.tag(card))
        events = p.board.run(60)
        laid.append((seat, card))
    seq = host.ask(p.board, P.C_NEW_GAME, MAGISTR_OWN).value[0]
    assert _asking(p)
    for seat, card in laid:
        p.board.lift(seat, p.tags.tag(card))
    p.board.run(200)
    assert host.confirm(seq)[2:] == (False, "cancelled: the table moved on"), \
        p.board.lcd_lines()
    p.board.press(2)
    assert p.ctl.match is match and p.board.lcd_lines()[0].startswith("Table")


def test_an_export_with_a_deal_open_leaves_no_copy_and_no_code(tmp_path):
    """A journal export while a deal is open stops at the last booked record, before the
    end of its snapshot: the snapshot's copy (journal.bin.exp: the open deal's records
    too) stayed on flash and the reading code in RAM until the next export. Now the
    copy goes with the export's last frame, and a copy a reset left is removed at boot."""
    import sys
    path = str(tmp_path / "journal.bin")
    p, host = _magistr(Journal(path))
    for _ in range(4):
        _lay_next(p)
    seq = host.send(P.Q_JOURNAL)
    p.board.run(400)
    got = [f for f in host.read() if f.type in (P.R_JOURNAL, P.R_END)]
    assert got[-1].type == P.R_END and got[-1].value[0] == seq
    assert got[-1].value[1] < os.path.getsize(path)  # the open deal's records stay
    assert sorted(os.listdir(str(tmp_path))) == ["journal.bin"]
    assert "core.journal_io" not in sys.modules
    with open(path + ".exp", "wb") as f:  # a snapshot a reset cut short
        f.write(b"TRJ2")
    p.ctl.journal.close()
    again = SimBoard(3).power_on(journal=Journal(path))
    assert again.app is not None and sorted(os.listdir(str(tmp_path))) == ["journal.bin"]


def test_whoever_is_on_the_line_after_a_login_cannot_use_it():
    """The club's console logs in and leaves the port; a stranger plugs in and sends no
    hello. Any frame kept the session alive, so the stranger had the host's powers (the
    journal export, requests at the table) for as long as it kept talking. Now every
    frame that changes the table or reads the journal must be signed with the session's
    key, which only the host that proved its key can derive (docs/protocol.md)."""
    p, host = _magistr()
    stranger = Host(p.uart, name="stranger", first_seq=100)
    for t, v in ((P.C_NEW_GAME, MAGISTR_OWN), (P.C_UNDO, None), (P.Q_JOURNAL, None)):
        got = stranger.ask(p.board, t, v)
        assert got.type == P.R_ERROR and got.value[1] == P.E_NOT_PAIRED, got
        assert "not signed" in got.value[2]
        forged = stranger.ask(p.board, t, [v, bytes(16)])  # a signature it made up
        assert forged.type == P.R_ERROR and forged.value[1] == P.E_NOT_PAIRED
    assert not _asking(p) and p.ctl.link.pending is None
    assert p.ctl.link.host == "host-a"  # the host's own session is untouched
    assert host.ask(p.board, P.C_NEW_GAME, MAGISTR_OWN).type == P.R_PENDING


def test_expiry_cancels_on_both_sides():
    p, host = _magistr()
    match = p.ctl.match
    seq = host.ask(p.board, P.C_UNDO).value[0]
    p.board.run(CONFIRM_MS)
    assert host.confirm(seq)[2] is False and "within 60 s" in host.confirm(seq)[3]
    assert not _asking(p)
    before = list(p.ctl.app.referee.deal.history)
    p.board.press(2)  # a later OK does not perform it
    assert p.ctl.app.referee.deal.history == before and p.ctl.match is match


def test_a_press_begun_before_the_prompt_does_not_confirm():
    p, host = _magistr()
    _lay_next(p)
    pin = p.board.hw.buttons[2]
    pin.value(0)  # OK held down...
    p.board.run(100)
    seq = host.send(P.C_UNDO)  # ... when the request comes
    p.board.run(200)
    assert _asking(p)
    pin.value(1)  # that release answers nothing
    p.board.run(100)
    assert _asking(p) and host.confirm(seq) is None
    assert len(p.ctl.app.referee.deal.history) == 1
    p.board.run(REACT_MS)
    p.board.press(2)  # a press that starts after the prompt was read confirms
    assert host.confirm(seq)[2:] == (True, "")
    assert p.ctl.app.referee.deal.history == []


def test_undo_with_nothing_to_undo_is_not_accepted():
    uart = MemUart()
    p = table_player("magistr", 3, seed=6, link=uart)
    p.start()  # deal 1 waits for its leader: nothing to undo
    host = Host(uart)
    host.pair(p.board, p.ctl.link.pairing.open())
    got = host.ask(p.board, P.C_UNDO)
    assert got.type == P.R_ERROR and got.value[1:] == (P.E_INVALID, "nothing to undo")


class _FullJournal:
    """A journal whose flash fills up: ``full`` makes every append raise."""

    def __init__(self):
        self.full = False
        self.records = []

    def append(self, kind, data):
        if self.full:
            raise OSError(28, "no space left on flash")
        self.records.append((kind, data))


def test_a_new_game_the_journal_refuses_leaves_the_game_as_it_was():
    journal = _FullJournal()
    p, host = _magistr(journal=journal)
    _lay_next(p)
    match, sheet = p.ctl.match, p.ctl.flow.sheet_lines(p.ctl.match)
    journal.full = True
    seq = host.ask(p.board, P.C_NEW_GAME, MAGISTR_OWN).value[0]
    p.board.run(REACT_MS)
    p.board.press(2)
    ok, detail = host.confirm(seq)[2:]
    assert ok is False and "no space" in detail
    assert p.ctl.match is match and p.ctl.flow.sheet_lines(match) == sheet
    assert len(p.ctl.app.referee.deal.history) == 1


# ---------------------------------------------------------------- 3: nagging

def test_a_nagging_host_cannot_take_the_table():
    """The host asks again every 100 ms; the table declines each prompt. Prompts come ever
    more rarely (5, 10, 20, 40, 60 s waits) and the table plays its cards meanwhile."""
    p, host = _magistr()
    prompts = waits = 0
    t = 0
    while t < 180000:
        seq = host.send(P.C_UNDO)
        p.board.run(100)
        t += 100
        host.read()
        replies = [f for f in host.seen if f.type == P.R_ERROR and f.value[0] == seq]
        waits += bool(replies and replies[0].value[1] == P.E_WAIT)
        if _asking(p):
            prompts += 1
            p.board.press(0)  # declined
            host.send(P.Q_STATE)  # the nagging host stays logged in
        elif p.shadow.current_seat() >= 0 and t % 2000 == 0:
            assert not any(getattr(e, "reason", "") == "internal" for e in _lay_next(p))
    # prompts at 0, 5, 15, 35, 75, 135 s (the wait doubles up to 60 s): 6 in 3 minutes
    assert prompts == 6 and waits > 1500
    assert p.ctl.link.backoff_ms == BACKOFF_MAX_MS
    assert len(p.ctl.app.referee.deal.history) > 20  # the table played on


def test_an_accepted_request_resets_the_wait():
    p, host = _magistr()
    _lay_next(p)
    _lay_next(p)
    seq = host.ask(p.board, P.C_UNDO).value[0]
    p.board.press(0)
    assert host.ask(p.board, P.C_UNDO).value[1:] == (P.E_WAIT, "5")
    p.board.run(BACKOFF_MS)
    seq = host.ask(p.board, P.C_UNDO).value[0]
    p.board.run(REACT_MS)
    p.board.press(2)
    assert host.confirm(seq)[2] is True and p.ctl.link.backoff_ms == BACKOFF_MS
    assert host.ask(p.board, P.C_UNDO).type == P.R_PENDING


# ---------------------------------------------------------------- 4: pairing, privacy

def test_unpaired_hosts_see_public_facts_only():
    uart = MemUart()
    p = table_player("magistr", 3, seed=6, link=uart)
    p.start()
    stranger = Host(uart, "stranger")
    st_ = stranger.ask(p.board, P.Q_STATE)
    assert st_.value[1] == {"game": "magistr", "players": 3, "deal": 1}
    for t in (P.Q_JOURNAL, P.C_UNDO):
        got = stranger.ask(p.board, t)
        assert got.type == P.R_ERROR and got.value[1] == P.E_NOT_PAIRED
    got = stranger.ask(p.board, P.C_NEW_GAME, MAGISTR_OWN)
    assert got.value[1] == P.E_NOT_PAIRED and not _asking(p)
    assert stranger.ask(p.board, P.Q_SHEET).type == P.R_SHEET_HEAD  # booked scores
    # a proof without a code shown, a proof without a challenge: denied
    msg, ch = stranger.hello(p.board)
    assert ch.value[3] is False
    assert stranger.ask(p.board, P.C_PROVE, ("pair", proof("000000", b"pair", msg))
                        ).value[1] == P.E_DENIED
    assert stranger.ask(p.board, P.C_PROVE, ("login", bytes(32))).value[1:2] == (P.E_DENIED,)


def test_pairing_from_the_menu_and_forgetting():
    p = _in_play()
    code = _code_from_menu(p)
    host = Host(p.uart)
    assert host.pair(p.board, code).value[1:] == ("host-a", "pair")
    assert p.board.lcd_lines()[0].startswith("paired:")
    assert p.ctl.link.pairing.code is None  # the code is used up
    # a replayed proof is worthless: the board's nonce is new each time
    msg, _ = host.hello(p.board)
    old = proof(host.key, b"login", msg)
    assert host.ask(p.board, P.C_PROVE, ("login", old)).type == P.R_PAIRED
    host.hello(p.board)
    assert host.ask(p.board, P.C_PROVE, ("login", old)).value[1] == P.E_DENIED
    assert host.login(p.board).type == P.R_PAIRED
    p.board.run(SESSION_MS)  # silent too long: logged out
    assert host.ask(p.board, P.Q_JOURNAL).value[1] == P.E_NOT_PAIRED
    p.board.press(2)  # the "paired" screen: OK, back to play
    _main_menu(p)
    p.board.choose("Forget hosts")
    assert p.board.lcd_lines()[0].startswith("hosts forgotten")
    assert host.login(p.board).value[1] == P.E_DENIED


def test_wrong_codes_withdraw_the_pairing_code():
    p = _in_play()
    code = _code_from_menu(p)
    thief = Host(p.uart, "thief")
    wrong = "%06d" % ((int(code) + 1) % 1000000)
    for _ in range(PAIR_TRIES):
        assert thief.pair(p.board, wrong).value[1] == P.E_DENIED
    assert p.board.lcd_lines()[0].startswith("pairing failed")
    assert thief.pair(p.board, code).value[1] == P.E_DENIED  # even the right one, now


PAIRING_WORDS = {  # as the LCD writes them: code screen, paired, forgotten, failed
    "en": (("pair code:", "OK:end"), ("paired:", "OK: back"),
           ("hosts forgotten:", "1 key", "0 keys"), ("pairing failed:", "3 wrong codes")),
    "de": (("Kopplungscode:", "OK:Ende"), ("gekoppelt:", "OK: zurueck"),
           ("Hosts vergessen:", "1 Schluessel", "0 Schluessel"),
           ("nicht gekoppelt:", "3 falsche Codes")),
    "fr": (("code couplage:", "OK:fin"), ("couplage ok:", "OK: retour"),
           ("hotes oublies:", "1 cle", "0 cle"), ("echec couplage:", "3 codes faux")),
    "uk": (("kod pary:", "OK:stop"), ("paru stvoreno:", "OK: nazad"),
           ("khosty zabuto:", "1 kliuch", "0 kliuchiv"), ("zbii pary:", "khybni kody: 3")),
}


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_pairing_and_forgetting_hosts_speak_the_tables_language(speak, lang):
    """The pairing code, "paired:", "pairing failed:" and "Forget hosts"'s list were
    English on every table, and forgetting one host said "1 keys": each now in the
    table's language, its counts agreeing (device.words.plural), within 16 columns."""
    speak(lang)
    (code_top, code_end), (paired, back), (forgot, one, none), (failed, tries) = \
        PAIRING_WORDS[lang]
    p = _in_play()
    b = p.board
    _main_menu(p)
    b.choose("Pair host")
    code = p.ctl.link.pairing.code
    assert b.lcd_lines() == [code_top.ljust(16), (code + " " + code_end).ljust(16)]
    assert Host(p.uart).pair(b, code).value[1:] == ("host-a", "pair")
    assert p.ctl._list == [paired, "host-a", back]
    b.press(2)
    for said in (one, none):  # the host paired, then nobody
        _main_menu(p)
        b.choose("Forget hosts")
        assert p.ctl._list == [forgot, said, back]
        assert b.lcd_lines() == [forgot.ljust(16), said.ljust(16)]
        b.press(2)
    _main_menu(p)
    b.choose("Pair host")
    wrong = "%06d" % ((int(p.ctl.link.pairing.code) + 1) % 1000000)
    thief = Host(p.uart, "thief")
    for _ in range(PAIR_TRIES):
        thief.pair(b, wrong)
    assert b.lcd_lines() == [failed.ljust(16), tries.ljust(16)]


def test_a_second_host_ends_the_first_ones_session():
    p, a = _magistr()
    _lay_next(p)
    seq = a.ask(p.board, P.C_UNDO).value[0]
    b = Host(a.uart, "host-b", first_seq=100)
    b.hello(p.board)  # one line: b reads what the board says to whoever listens
    assert [f.value[2:] for f in b.seen if f.type == P.EV_CONFIRM and f.value[0] == seq] \
        == [(False, "cancelled: another host said hello")]
    assert not _asking(p) and p.ctl.link.host is None
    assert b.ask(p.board, P.Q_JOURNAL).value[1] == P.E_NOT_PAIRED
    assert a.login(p.board).type == P.R_PAIRED  # a knows its key: back in


def _records(data):
    path = "/tmp/_export_%d.trj" % os.getpid()
    with open(path, "wb") as f:
        f.write(data)
    try:
        return Journal(path).read()[0]
    finally:
        os.remove(path)


def _export(host, board):
    seq = host.send(P.Q_JOURNAL)
    board.run(400)
    host.read()
    return b"".join(f.value[2] for f in host.seen
                    if f.type == P.R_JOURNAL and f.value[0] == seq)


def test_the_open_deal_stays_on_the_board(tmp_path):
    """Mid-deal, even a paired host gets the booked records only (here the game record):
    the open deal's actions (every card, and in Tarot the écart) stay on the board; once
    the deal is booked they are exported."""
    journal = Journal(str(tmp_path / "journal.trj"))
    p, host = _magistr(journal=journal)
    for _ in range(4):
        _lay_next(p)
    data = _export(host, p.board)
    assert [r[0] for r in _records(data)] == ["game"]
    with open(journal.path, "rb") as f:
        full = f.read()
    assert [r[0] for r in _records(full)].count("act") == 5  # the leader, 4 cards


def test_booked_end_on_a_real_journal(data_dir, tmp_path):
    """ISS 6997010 as the table journals it: cut after every record, the export ends at
    the last game / deal / game-over record."""
    records, _ = game_records(iss_record(data_dir))
    path = str(tmp_path / "j.trj")
    data, ends = write_journal(path, records)
    j = Journal(path)
    assert booked_end(j.chunk) == len(data)  # ends with game-over: all booked
    kinds = [r[0] for r in records]
    assert kinds[0] == "game" and kinds[-2:] == ["deal", "game-over"]
    offsets = [4] + list(ends)  # where each record starts, then the end of the last
    first_act = offsets[1]
    for cut in (first_act, offsets[10], offsets[-3], offsets[-3] + 5):
        with open(path, "wb") as f:
            f.write(data[:cut])
        assert booked_end(Journal(path).chunk) == first_act
    assert booked_end(lambda o, n: b"") == 0


# ---------------------------------------------------------------- 6: host tools

_values = st.recursive(
    st.none() | st.booleans() | st.integers(-300, 300) | st.text(max_size=8)
    | st.binary(max_size=20),
    lambda c: st.lists(c, max_size=4) | st.tuples(c, c) | st.dictionaries(
        st.text(max_size=4), c, max_size=3), max_leaves=8)


class _EvilBoard:
    """A port whose board answers every command with frames drawn by hypothesis: the
    right ref_seq or not, any type, any shape."""

    def __init__(self, draw):
        self.draw = draw
        self.out = bytearray()
        self.timeout = 0
        self.w = P.FrameWriter()

    @property
    def in_waiting(self):
        return len(self.out)

    def write(self, data):
        f = P.decode_frame(bytes(data))
        for _ in range(self.draw(st.integers(1, 4))):
            t = self.draw(st.sampled_from([t for t, _ in P.TYPES if t >= 0x40]))
            head = self.draw(st.sampled_from([f.seq, f.seq, -1, "x"]))
            v = self.draw(st.one_of(_values, st.tuples(st.just(head), _values),
                                    st.tuples(st.just(head), _values, _values, _values)))
            try:
                self.out += self.w.frame(t, v)
            except Exception:
                pass
        if self.draw(st.booleans()):
            self.out += self.draw(st.binary(max_size=30))

    def read(self, n):
        data = bytes(self.out[:n])
        del self.out[:n]
        return data


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_console_never_crashes_on_any_reply(tmp_path_factory, data):
    con = Console(_EvilBoard(data.draw))
    keys = KeyStore(str(tmp_path_factory.mktemp("k") / "keys.json"))
    calls = (lambda: con.query_state(0.05), lambda: con.export_sheet(0.05),
             lambda: con.export_journal(0.05), lambda: con.command(P.C_UNDO, None, 0.05),
             lambda: con.login(keys, 0.05), lambda: con.pair("123456", keys, 0.05))
    for call in calls:
        try:
            call()
        except ConsoleError:
            pass
    for item in con.backlog:
        assert isinstance(describe(item), str)


class _RefusingBoard:
    """A port whose board refuses every command with the error ``code`` and ``detail``
    (any codec values: a lying board's)."""

    def __init__(self, code, detail):
        self.code, self.detail, self.out, self.timeout = code, detail, bytearray(), 0
        self.w = P.FrameWriter()

    @property
    def in_waiting(self):
        return len(self.out)

    def write(self, data):
        seq = P.decode_frame(bytes(data)).seq
        self.out += self.w.frame(P.R_ERROR, (seq, self.code, self.detail))

    def read(self, n):
        data = bytes(self.out[:n])
        del self.out[:n]
        return data


@pytest.mark.parametrize("code,detail,said", [
    ("denied", "login proof does not match",
     "board refused query-state (request #0, denied): login proof does not match"),
    ("busy", "", "board refused query-state (request #0, busy)"),
    ("x", (1, 2), "board refused query-state (request #0, x): (1, 2)"),
    ([7], 0, "board refused query-state (request #0, [7]): 0")])
def test_a_refusal_is_said_whatever_the_board_puts_in_it(code, detail, said):
    """A refusal names the command, the request, the board's code and its detail, and a
    detail that is not text (a tuple: the console used to raise TypeError on it) or is 0
    is said as it is."""
    con = Console(_RefusingBoard(code, detail))
    with pytest.raises(ConsoleError) as e:
        con.query_state(0.5)
    assert str(e.value) == said


def test_csv_cells_are_escaped(tmp_path):
    path = str(tmp_path / "sheet.csv")
    write_csv(path, ["game", "=cmd"], [[1, "=HYPERLINK(\"x\")"], [-96, "+1"], [None, "@A1"],
                                      ["-2", "\tx"], [True, "ok"]])
    with open(path) as f:
        text = f.read()
    assert text.splitlines() == ["game,'=cmd", "1,\"'=HYPERLINK(\"\"x\"\")\"", "-96,'+1",
                                 ",'@A1", "'-2,'\tx", "True,ok"]
    assert csv_cell(-96) == -96 and csv_cell("-96") == "'-96"


# ---------------------------------------------------------------- under MicroPython

def test_a_sample_under_micropython(tmp_path):
    """tests/mp/check_pairing.py: pairing, replay, backoff, a second host, the hosts'
    file in ``tmp_path`` (written whole, no temporary left), on the
    MicroPython unix port with the modules compiled to .mpy as a board loads them."""
    from mpy import run_mp
    out = run_mp("check_pairing.py", str(tmp_path))
    assert "OK" in out


def _tarot_at_ecart(tmp_path):
    """FFT Tarot for 3 (journal on flash) up to the écart: the board asks the taker to
    scan it. Returns ``(player, host, steps, index of the écart step)``."""
    uart = MemUart()
    journal = Journal(str(tmp_path / "journal.trj"))
    p = table_player("tarot", 3, seed=3, link=uart, journal=journal)
    p.board.power_on(journal=journal)
    p.board.run(50)
    steps = list(p.script(1))
    i = next(i for i, s in enumerate(steps) if s[0] == "ui" and s[2])  # the écart scan
    for step in steps[:i]:
        p._run_step(step)
    p.board.choose(steps[i][1][0])
    return p, Host(uart), steps, i


def test_a_card_scanned_for_the_ecart_cancels_the_request(tmp_path):
    """A scanned card makes no event until the écart is complete; it is table input all
    the same, and cancels the host's request."""
    p, host, steps, i = _tarot_at_ecart(tmp_path)
    host.pair(p.board, p.ctl.link.pairing.open())
    p.board.run(20)
    p.board.press(2)  # the "paired" screen; back to the deal: it asks for the écart
    p.board.choose(steps[i][1][0])
    seq = host.ask(p.board, P.C_UNDO).value[0]
    assert _asking(p)
    p.board.play_card(0, p.tags.tag(steps[i][2][0]))
    assert host.confirm(seq)[2:] == (False, "cancelled: the table played on")
    assert not _asking(p)


def test_the_tarot_ecart_stays_on_the_board(tmp_path):
    """FFT Tarot for 3: the taker's écart is scanned at the table. Mid-deal a paired host's
    export holds no action (no écart), and a card refused during the scan is not named to
    the host; once the deal is booked the export holds its sheet checkpoint."""
    from core.cards import TAROT
    p, host, steps, i = _tarot_at_ecart(tmp_path)
    ecart = steps[i][2]
    trump21 = TAROT.parse("21")  # never a legal discard (FFT: no trump, king or oudler)
    for c in (trump21,) + tuple(ecart[1:]):
        p.board.play_card(0, p.tags.tag(c))
    host.read()
    refused = [f.value for f in host.seen if f.type == P.EV_REFUSED]
    assert refused and all(v[1] is None and "21" not in v[3] for v in refused), refused
    for c in ecart:
        p.board.play_card(0, p.tags.tag(c))
    host.pair(p.board, p.ctl.link.pairing.open())
    p.board.run(20)
    p.board.press(2)
    assert [r[0] for r in _records(_export(host, p.board))] == ["game"]
    for step in steps[i + 1:]:
        p._run_step(step)
    host.login(p.board)
    recs = _records(_export(host, p.board))
    # booked, the deal is checkpointed: the export holds the game and its sheet (one row),
    # the deal's actions (and the écart) are gone from the board
    assert [r[0] for r in recs] == ["game", "sheet"] and len(recs[1][1]) == 1
    assert recs[1][1][0] == p.ctl.flow.booked_rows(p.ctl.match)[0]


def test_a_journal_game_the_board_cannot_seat_is_refused(tmp_path):
    """A journal from a bigger table (Tarot for 5) on a 3-pad board: refused at boot, as
    the menu refuses it, and nothing is guessed: no game in play, the reason reported
    to the host and on the LCD until OK (it was drawn over at once by the main menu), in
    the table's language."""
    from host_sim.board import SimBoard
    path = str(tmp_path / "journal.trj")
    Journal(path).append("game", ["tarot", 5, [["excuse_last", "other-camp"]]])
    b = SimBoard(3, link=MemUart())
    ctl = b.power_on(journal=Journal(path))
    assert ctl.match is None and ctl.flow is None
    assert "tarot for 5: 3 pads" in ctl.journal_report
    assert b.lcd_lines() == ["journal refused ", "tarot for 5:    "]
    ctl.press(NEXT)
    assert b.lcd_lines() == ["tarot for 5:    ", "3 pads here     "]
    ctl.press(OK)
    assert b.lcd_lines()[0].startswith("trickref")  # the main menu
    words.set_language("de")
    try:
        b.power_on(journal=Journal(path))
        assert b.lcd_lines() == ["falsches Journal", "tarot fuer 5:   "]
    finally:
        words.set_language("en")
    b4 = SimBoard(5, link=MemUart())  # the table it came from resumes it
    assert b4.power_on(journal=Journal(path)).match is not None


def test_wrong_phase_and_floods():
    """While the table pairs another host, no request is shown; a flood of requests and
    hellos in one burst leaves one prompt at most and the table in play."""
    p, host = _magistr()
    _lay_next(p)
    _main_menu(p)
    p.board.choose("Pair host")
    got = host.ask(p.board, P.C_UNDO)
    assert got.value[1:] == (P.E_INVALID, "the table is busy (pairing)")
    p.board.press(2)  # ends pairing: the main menu
    p.board.choose("Continue game")
    seqs = [host.send(P.C_UNDO) for _ in range(60)]
    p.board.run(400)
    host.read()
    answers = [f for f in host.seen if f.type in (P.R_PENDING, P.R_ERROR)
               and f.value[0] in seqs]
    assert [f.type for f in answers].count(P.R_PENDING) == 1
    assert {f.value[1] for f in answers if f.type == P.R_ERROR} == {P.E_BUSY}
    assert _asking(p)
    p.board.press(0)
    for _ in range(40):
        host.send(P.C_HELLO, ("flood", bytes(16)))
    p.board.run(400)
    assert not _asking(p) and p.ctl.link.host is None  # logged out: it must log in again
    assert len(p.ctl.app.referee.deal.history) == 1
    assert not any(getattr(e, "reason", "") == "internal" for e in _lay_next(p))



@pytest.mark.parametrize("settle", ["hello", "decline"])
def test_a_request_settled_under_the_held_last_trick_leaves_no_prompt(settle):
    """A host asks while the deal's last trick is held (3 s); the request is settled
    before the hold runs out (another host says hello, or PREV declines it). The LCD kept
    asking "undo last? OK/<>" (the result's redraw draws nothing while the trick is held),
    and the OK a player pressed to take the last card back booked the deal. Now the held
    trick comes back: what the LCD shows is what OK answers."""
    p, host = _magistr()
    while not p.shadow.is_over():
        _lay_next(p)
    held = p.board.lcd_lines()
    assert p.ctl.last_trick.held() and held[0].startswith("Last trick"), held
    seq = host.ask(p.board, P.C_UNDO).value[0]
    assert _asking(p)
    if settle == "hello":
        other = Host(p.uart, "host-b", first_seq=100)
        other.hello(p.board)
        said = [f.value[2:] for f in other.seen if f.type == P.EV_CONFIRM]
        assert said == [(False, "cancelled: another host said hello")]
    else:
        p.board.press(0)
        assert host.confirm(seq)[2:] == (False, "declined at the table")
    assert p.ctl.link.pending is None and not _asking(p)
    assert p.board.lcd_lines() == held
    p.board.run(3500)  # the hold runs out: the result, not booked
    assert p.board.lcd_lines()[0].startswith("Deal 1 over") and p.ctl.match.number() == 1


def test_a_deal_booked_before_a_power_cut_was_told_to_the_host(tmp_path):
    """OK books Skat's "All passed": its DEAL_OVER record is on flash, then the power
    goes in the checkpoint's rewrite. The board boots with the deal booked (its row on
    the sheet), but the host never got its deal-over and row: they were sent after the
    checkpoint. Now they go as soon as the record is on flash."""
    from device.flows import skat as skat_flow
    from host_sim.flash import FaultyFlash, PowerCut
    path = str(tmp_path / "journal.trj")
    uart, flash = MemUart(), FaultyFlash()
    p = table_player("skat", 3, seed=4, link=uart, journal=Journal(path, flash.open))
    p.start()
    p.board.choose("All passed")
    p.board.run(3500)
    assert p.board.lcd_lines()[0].startswith("All passed")
    uart.tx.clear()
    flash.fault, flash.at = "tear", flash.writes + 1  # the write after the deal's record
    with pytest.raises(PowerCut):
        p.board.press(2)
    told = [(f.type, f.value) for f in P.FrameReader().feed(bytes(uart.tx))]
    again = SimBoard(3, link=MemUart()).power_on(journal=Journal(path))
    columns, rows = skat_flow.sheet_table(again.match)
    assert rows == [[1, 0, 0, 0, 0, 0, 0, 0, 0]]  # booked
    assert told == [(P.EV_DEAL_OVER, (1, "All passed / no game")), (P.EV_ROW, (columns, rows[0]))]


def test_a_game_started_before_a_power_cut_was_told_to_the_host(tmp_path):
    """A new game chosen while a game is open: its record is on flash, then the power
    goes while the journal is compacted (the open game's deal dropped). The board boots
    into the new game; the host never got its hello (sent after the compaction), so it
    still read the old game's sheet. Now the hello goes once the record is on flash."""
    from host_sim.flash import FaultyFlash, PowerCut
    path = str(tmp_path / "journal.trj")
    uart, flash = MemUart(), FaultyFlash()
    p = table_player("skat", 3, seed=4, link=uart, journal=Journal(path, flash.open))
    p.start()
    p.board.choose("All passed")
    p.board.run(3500)
    p.board.press(2)  # deal 1 booked
    assert p.ctl.match.number() == 2
    p.board.press(2, hold_ms=900)  # the bidding: a long press opens the table menu
    p.board.choose("Main menu")
    p.board.choose("New game")
    p.board.choose("Skat")
    p.board.choose("3")
    while not any(l.strip().endswith("Start") for l in p.board.lcd_lines()):
        p.board.press(2)
    uart.tx.clear()
    flash.fault, flash.at = "tear", flash.writes + 1  # the write after the game's record
    with pytest.raises(PowerCut):
        p.board.choose("Start")
    told = [(f.type, f.value) for f in P.FrameReader().feed(bytes(uart.tx))]
    again = SimBoard(3, link=MemUart()).power_on(journal=Journal(path))
    assert again.match is not None and again.match.number() == 1
    assert told == [(P.EV_HELLO, (P.VERSION, "skat"))]


def test_the_host_hears_each_deal_start():
    """docs/protocol.md: the board sends `deal` (deal number, dealer seat) as a deal
    starts; the firmware never sent it (only the tests' own links did), so a host never
    saw "deal 2 starts, dealer P2". Skat for 3: P1 deals the first game, P2 the second."""
    uart = MemUart()
    p = table_player("skat", 3, seed=4, link=uart)
    p.start()
    p.board.choose("All passed")
    p.board.run(3500)
    p.board.press(2)  # booked: the second game starts
    got = [(f.type, f.value) for f in P.FrameReader().feed(bytes(uart.tx))
           if f.type in (P.EV_HELLO, P.EV_DEAL, P.EV_DEAL_OVER)]
    assert got == [(P.EV_HELLO, (P.VERSION, "skat")), (P.EV_DEAL, (1, 0)),
                   (P.EV_DEAL_OVER, (1, "All passed / no game")), (P.EV_DEAL, (2, 1))]
    assert describe(P.Frame(9, P.EV_DEAL, got[-1][1])) == "deal 2 starts, dealer P2"


def test_an_ok_already_on_its_way_does_not_answer_the_host():
    """The deal's result is on the LCD and a player reaches for OK to book it; a host
    times its new game so that the prompt appears just before the press begins. That OK
    (begun 100 ms after the prompt: no one reads "new game?" that fast) started the
    host's game, and the deal was never booked. Now a press begun within REACT_MS of the
    prompt answers nothing; a press after the table has read it does."""
    p, host = _magistr()
    while not p.shadow.is_over():
        _lay_next(p)
    p.board.run(3500)  # the last trick's hold: the result
    assert p.board.lcd_lines()[0].startswith("Deal 1 over")
    seq = host.send(P.C_NEW_GAME, MAGISTR_OWN)
    p.board.run(10)
    assert _asking(p)
    p.board.run(100)
    p.board.press(2)  # meant to book the deal
    assert _asking(p) and host.confirm(seq) is None
    assert p.ctl.match.number() == 1 and len(p.ctl._link_sheet()[1]) == 0
    p.board.run(REACT_MS)
    p.board.press(0)  # read, and declined
    assert host.confirm(seq)[2:] == (False, "declined at the table")
    p.board.press(2)  # the table's OK books the deal
    assert p.ctl.match.number() == 2 and len(p.ctl._link_sheet()[1]) == 1


def test_the_sheet_of_a_finished_game_is_exported(tmp_path):
    """Zhopa ends after its third deal (P1 shed its banks); the LCD shows the final sheet.
    The host asked for the sheet then (the evening's natural moment for `trickref console
    --export-csv`) and got no columns and no rows: the board dropped the game's match.
    Now it answers the finished game's sheet, the rows its events carried, until the
    next game starts. After a reboot on the closed game's journal (compacted: its last
    deal kept as lines, not cells) it sends no sheet rather than a sheet short of a row."""
    path = str(tmp_path / "journal.trj")
    uart = MemUart()
    p = table_player("zhopa", 3, seed=1, link=uart, journal=Journal(path))
    assert len(p.play(30)) == 3 and p.ctl.match is None
    host = Host(uart)
    booked = [f.value for f in host.read() if f.type == P.EV_ROW]
    assert len(booked) == 3

    def sheet(board):
        seq = host.send(P.Q_SHEET)
        board.run(200)
        got = [f.value[1] for f in host.read() if f.type in (P.R_SHEET_HEAD, P.R_SHEET_ROW)
               and f.value[0] == seq]
        return got[0], got[1:]

    assert sheet(p.board) == (booked[0][0], [cells for _, cells in booked])
    p.ctl.journal.close()
    again = SimBoard(3, link=uart)
    again.power_on(journal=Journal(path))
    assert sheet(again) == ([], [])

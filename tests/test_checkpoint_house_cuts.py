"""House rules through the journal and its per-deal checkpoint, cut at every byte: Skat
with Kontra and Re (option ``kontra``, core/games/skat_kontra.py: the doubled values are
in the checkpoint's rows) and French Tarot at five with the partner's share
``partner=personal`` (core/games/tarot_house.py: the primes are each player's own, in the
rows' marks).

Each game is played once through the board (the Skat evening as a table script, the Tarot
deals with known hands through the controller's entry points) and its journal records
measured as host_sim.flash.Reference measures a table player's game. Then the journal is
cut at every byte of every record as it stood when the record was written (the file
checkpointed after each booking): the boot rebuilds the state the board had after the
last whole record. From the records of every choice (auction, contract, Kontra, Re, the
call, the poignée), every booking and every tenth card, the board boots on the cut
journal and plays on to the same final sheet; each booking's checkpoint is cut at its
record boundaries too (tests/test_checkpoint_faults.py ``booking_cuts``).
"""

import os

import pytest

from core.cards import SKAT
from core.compat import unload
from core.games import tarot
from core.journal import Journal
from device.controller import Controller
from host_sim.board import SimBoard
from host_sim.flash import Reference, board_state
from host_sim.script import run_script
from test_checkpoint_faults import (_quick_collections, booking_cuts, bookings,  # noqa: F401
                                    boot, deals, ends_the_game, fresh)
from device.resume import reader
from test_powercut import _norm
from test_skat_home_evening import _tricks
from test_tarot import card
from test_tarot_partner_share import HANDS, SHOWN

# Three deals of the Kontra worked example's hands (docs/rules/skat.md, test_skat_kontra):
# P2's grand hand with Kontra and Re (+672), P3's with Kontra (+336), P2's lost as
# middlehand with Kontra and Re (-1344), then P2's fourth deal begun with a Kontra.
_GRAND = ["choose 18", "choose Hand game", "choose Grand", "choose Plain hand", "ok"]
KONTRA_EVENING = (
    ["choose P2 declarer"] + _GRAND + ["choose P3 Kontra", "ok", "choose P2 Re"] +
    _tricks((2, 3, 1)) + ["play 1 C8", "play 1 C7", "expect won Re +672", "ok"] +
    ["choose P3 declarer"] + _GRAND + ["choose P1 Kontra"] +
    _tricks((3, 1, 2)) + ["play 2 C8", "play 2 C7", "expect won K +336", "ok"] +
    ["choose P2 declarer"] + _GRAND + ["choose P1 Kontra", "ok", "choose P2 Re"] +
    _tricks((1, 2, 3)) + ["play 3 C8", "play 3 C7", "ok"] +
    ["choose P2 declarer"] + _GRAND + ["choose P3 Kontra", "play 2 CJ", "play 3 SQ"])
KONTRA_SHEET = ["P1     0 SF   40", "P2  -672 SF -672", "P3   336 SF  426"]


class _Log(Journal):
    """A journal keeping every record it wrote, in order."""

    def __init__(self, path, opener=None):
        Journal.__init__(self, path, opener)
        self.log = []

    def append(self, kind, data):
        end = Journal.append(self, kind, data)
        self.log.append((kind, data))
        return end


def _skat_kontra(folder):
    journal = _Log(os.path.join(folder, "played.bin"))
    board = run_script("\n".join(KONTRA_EVENING), "skat", 3, out=lambda line: None,
                       options={"kontra": "on"}, journal=journal)
    assert board.controller.flow.sheet_lines(board.controller.match) == KONTRA_SHEET
    return journal.log


def _tarot_deal(ctl, dealer, cards_out, announce=True):
    """One deal of test_tarot_partner_share's hands on the board (cards seen only as laid,
    as at the table), a shadow deal with the hands choosing: P1 bids a garde sans and calls
    the king of hearts (P3's), shows his poignée at his first card (``announce``) and keeps
    the Petit for his last. ``cards_out``: stop after that many cards (None: play out)."""
    shadow = tarot.Game(5, partner="personal").new_deal(dealer, HANDS)

    def act(verb, *args):
        events = ctl.choose(verb, args)
        assert not [e for e in events if type(e).__name__ == "Refused"], (verb, args, events)
        getattr(shadow, verb)(*args)

    while shadow.phase == tarot.PHASE_BIDDING:
        s = shadow.current_seat()
        act("bid", s, tarot.GARDE_SANS if s == 0 else tarot.PASS)
    act("call", 0, card("HK"))
    played = 0
    while not shadow.is_over() and (cards_out is None or played < cards_out):
        s = shadow.current_seat()
        if announce and s == 0 and shadow.tricks_done == 0:
            act("announce", 0, tarot.POIGNEE, SHOWN)
            announce = False
        legal = shadow.legal_cards(s)
        act("play", s, ([c for c in legal if c != tarot.PETIT] or legal)[0])
        played += 1
    return shadow


def _tarot_five_personal(folder):
    journal = _Log(os.path.join(folder, "played.bin"))
    ctl = Controller(SimBoard(5).hw, journal=journal)
    ctl.start_game("tarot", 5, {"partner": "personal"})
    _tarot_deal(ctl, 0, None)
    ctl.next_deal()
    # test_tarot_partner_share's deal: the contract's 260 shared, the primes P1's own
    assert list(ctl.match.totals) == [760, -320, 200, -320, -320]
    _tarot_deal(ctl, 1, None, announce=False)
    ctl.next_deal()
    _tarot_deal(ctl, 2, None)
    ctl.next_deal()
    _tarot_deal(ctl, 3, 7)  # the fourth deal open: bids, the call, the poignée, 7 cards
    assert deals(ctl) == 3
    return journal.log


GAMES = {"skat-kontra": ("skat", 3, _skat_kontra),
         "tarot-five-personal": ("tarot", 5, _tarot_five_personal)}


@pytest.fixture(scope="module")
def house_refs(tmp_path_factory):
    cache = {}

    def get(name):
        if name not in cache:
            game, players, play = GAMES[name]
            folder = str(tmp_path_factory.mktemp(name))
            cache[name] = Reference.from_steps(game, players, play(folder), folder)
        return cache[name]
    return get


def _appended(ref, i, folder):
    """The journal file just after step ``i``'s record was written (before a booking's
    checkpoint): ``(bytes, start, end)`` of the record in it."""
    path = os.path.join(folder, "appended.bin")
    fresh(path, ref.files[i])
    j = Journal(path)
    start = j.size()
    end = j.append(*ref.steps[i])
    j.close()
    with open(path, "rb") as f:
        return f.read(), start, end


def rebuilt_state(path):
    """The state the boot code rebuilds from the journal file at ``path`` (as
    tests/test_powercut.py's, the reading code held loaded between the thousands of cuts:
    loading it afresh for each is most of the sweep's time)."""
    rules, res = reader()
    journal = Journal(path)
    journal.hold_io = True
    journal.recover(sink=res.add)
    if rules.flow is None:
        return None
    return (rules.flow.NAME, tuple(rules.flow.sheet_lines(rules.match)),
            _norm(res.open_actions()))


def _resumes(ref, i):
    """Whether the play-on from step ``i``'s record boundaries is run: every choice and
    booking, every tenth card."""
    kind, data = ref.steps[i]
    return i > 0 and (kind != "act" or data[0] != "play" or i % 10 == 0)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_house_rule_journal_cut_at_every_byte_resumes_the_same_game(house_refs, name,
                                                                      tmp_path):
    ref = house_refs(name)
    assert bookings(ref) and ref.steps[-1][0] == "act"  # a deal open at the end
    folder = str(tmp_path)
    cut = os.path.join(folder, "journal.bin")
    bytes_cut = resumed = 0
    for i in range(len(ref.steps)):
        data, start, end = _appended(ref, i, folder)
        before = ref.states[i - 1] if i else None
        for offset in range(start, end + 1):
            fresh(cut, data[:offset])
            assert rebuilt_state(cut) == (ref.states[i] if offset == end else before), \
                (i, offset)
            bytes_cut += 1
        if not _resumes(ref, i):
            continue
        for offset, at in ((end - 1, i), (end, i + 1)):
            fresh(cut, data[:offset])
            board = SimBoard(ref.players)
            ctl = board.power_on(journal=Journal(cut))
            assert board_state(ctl) == ref.states[at - 1], (i, offset)
            assert "internal" not in " ".join(board.lcd_lines())
            ends_the_game(ref, cut, ctl, at)
            resumed += 1
    unload("core.journal_io")  # held by rebuilt_state
    assert bytes_cut > 3000 and resumed > 40
    assert booking_cuts(ref, cut, None) >= 5 * len(bookings(ref))


def test_the_kontra_rows_rebuild_the_doubled_list():
    """The checkpoint of the Kontra evening holds each deal's doubled value, and the list
    rebuilt from it (Seeger-Fabian: +50 a won game, -50 and +40 to each opponent a lost
    one) is the list the table booked."""
    import tempfile
    folder = tempfile.mkdtemp()
    log = _skat_kontra(folder)
    records = Journal(os.path.join(folder, "played.bin")).read()[0]
    assert [r.kind for r in records][:2] == ["game", "sheet"]
    # table seats: P2 +672 (Re), P3 +336 (Kontra), P2 -1344 (Kontra, Re, lost)
    assert records[1].data == [[1, 672], [2, 336], [1, -1344]]
    assert [d for k, d in log if k == "act" and d[0] in ("kontra", "re")] == \
        [["kontra", [1]], ["re", [0]], ["kontra", [1]], ["kontra", [0]], ["re", [1]],
         ["kontra", [1]]]
    ctl = SimBoard(3).power_on(journal=Journal(os.path.join(folder, "played.bin")))
    assert ctl.flow.sheet_lines(ctl.match) == KONTRA_SHEET
    assert ctl.app.referee.deal.doubles == 1  # the open deal's Kontra replayed
    assert SKAT.code(ctl.app.referee.deal.history[0][1]) == "CJ"

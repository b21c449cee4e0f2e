"""The link's state query (docs/protocol.md "Frame types", R_STATE) tells a logged-in host
what the table does: the deal in play as the score sheet numbers it, the seat on turn as
the card events number seats (0-based, P1 is seat 0), the mode in a word.

A paired host on the emulated board's in-memory UART asks it between the steps of whole
deals played as a table plays them (menus, pads, hands unknown to the firmware)."""

import pytest

from core import protocol as P
from host_sim.autoplay import table_player
from host_sim.console import describe
from host_sim.machine import MemUart
from hostlink import Host

MODES = ("main", "table", "choice", "result", "list", "audit", "write", "pair")


def _state(p, host):
    got = host.ask(p.board, P.Q_STATE)
    assert got.type == P.R_STATE
    return got.value[1]


def _new_events(host, seen, ftype):
    """The values of the ``ftype`` frames the board sent since ``seen`` frames."""
    host.read()
    return [f.value for f in host.seen[seen:] if f.type == ftype]


@pytest.mark.parametrize("game,players", [("skat", 3), ("skat", 4), ("tarot", 4),
                                          ("magistr", 3), ("zhopa", 3)])
def test_the_state_names_the_deal_the_seat_on_turn_and_the_mode(game, players):
    """Before each card the state's seat is the seat of the card event that card sends;
    its deal is the number the deal-over event then gives (the sheet's: Skat said 0
    every time, seats were the deal's, Skat's forehand 0 wherever he sat); after the
    pairing's "paired" list, in the main menu, at the result: the mode's word."""
    uart = MemUart()
    p = table_player(game, players, seed=2, link=uart)
    p.power_on()
    p.board.run(50)
    host = Host(uart)
    host.pair(p.board, p.ctl.link.pairing.open())
    p.board.run(20)
    assert _state(p, host) == {"game": None, "players": 0, "deal": 0, "seat": -1,
                               "mode": "list"}  # the LCD lists "paired:"
    p.board.press(2)
    assert _state(p, host)["mode"] == "main"
    deal, cards = 1, 0
    for step in p.script(3):
        st = _state(p, host) if step[0] != "start" else None
        seen = len(host.seen)
        p._run_step(step)
        if step[0] == "card":
            assert (st["game"], st["players"], st["deal"], st["mode"]) == \
                (game, players, deal, "table")
            assert _new_events(host, seen, P.EV_CARD)[0][0] == st["seat"]
            cards += 1
        elif step[0] == "result":  # the deal is over: its result on the LCD
            assert (st["deal"], st["mode"], st["seat"]) == (deal, "result", -1)
        elif step[0] == "next":
            assert st["mode"] == "result" and st["deal"] == deal
            assert [v[0] for v in _new_events(host, seen, P.EV_DEAL_OVER)] == [deal]
            deal += 1
    assert deal == 4 and cards > 3 * 3
    assert _state(p, host)["deal"] == 4


def test_the_state_of_a_skat_choice_names_the_declarer_as_the_table_does():
    """Skat, P1 deals: P3 wins the auction; the skat question waits for P3, table seat 2
    (the deal's middlehand, deal seat 1: the state said 1)."""
    uart = MemUart()
    p = table_player("skat", 3, seed=2, link=uart)
    p.start()
    host = Host(uart)
    host.pair(p.board, p.ctl.link.pairing.open())
    p.board.run(20)
    p.board.press(2)  # the "paired" list: OK, back to the deal's menu
    p.board.choose("P3 declarer")
    p.board.choose("18")
    assert p.board.lcd_lines()[0].startswith("P3: skat?")
    assert _state(p, host) == {"game": "skat", "players": 3, "deal": 1, "seat": 2,
                               "mode": "choice"}


def test_the_console_prints_the_state_in_players_words():
    """`trickref console --query`: the seat as the LCD names it, the mode's word; a
    version-1 board's mode number is named too."""
    state = P.Frame(3, P.R_STATE, (1, {"game": "skat", "players": 3, "deal": 4,
                                       "seat": 0, "mode": "table"}))
    assert describe(state) == "state: deal=4, game=skat, mode=table, players=3, seat=P1"
    old = P.Frame(3, P.R_STATE, (1, {"game": "skat", "players": 3, "deal": 1, "seat": -1,
                                     "mode": 5}))
    assert describe(old) == "state: deal=1, game=skat, mode=list, players=3, seat=none"
    assert MODES.index("list") + 1 == 5

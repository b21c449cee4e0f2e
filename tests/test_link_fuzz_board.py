"""Issue 7: garbage and mutated frames on the serial link of a board in the middle of a
deal: the firmware loop never raises and the game never changes (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import protocol as P
from core.cards import SKAT
from host_sim.board import SimBoard, TaggedDeck
from host_sim.machine import MemUart
from hostlink import Host


def _board():
    uart = MemUart()
    b = SimBoard(3, link=uart)
    ctl = b.power_on()
    b.run(40)
    for label in ("New game", "Skat", "3", "decide", "no game", "off", "off",
                  "no limit", "off", "off", "double (ISkO)", "on", "Start",
                  "P2 declarer", "18", "Hand game", "Grand", "Plain hand"):
        b.choose(label)
    deck = TaggedDeck(SKAT)
    b.play_card(1, deck.tag(SKAT.parse("SA")))
    # a paired host: its requests do reach the table (an unpaired one's never would)
    assert Host(uart, "fuzzer", 200).pair(b, ctl.link.pairing.open()).type == P.R_PAIRED
    b.run(20)
    b.press(2)  # the "paired" screen: back to play
    return b, uart, ctl


def _state(ctl):
    deal = ctl.app.referee.deal
    return (tuple(ctl.app.referee.actions), ctl.mode, deal.tricks_done)


_good = [P.encode_frame(7, P.C_UNDO, None),
         P.encode_frame(8, P.C_NEW_GAME, {"game": "skat", "players": 3}),
         P.encode_frame(9, P.Q_STATE, None)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(
    st.binary(min_size=1, max_size=80),
    st.tuples(st.sampled_from(_good), st.integers(0, 40), st.integers(0, 255)).map(
        lambda t: bytes(b ^ (t[2] if i == t[1] % len(t[0]) else 0)
                        for i, b in enumerate(t[0])))), min_size=1, max_size=12))
def test_random_bytes_on_the_link_change_nothing(chunks):
    b, uart, ctl = _board()
    before = _state(ctl)
    for chunk in chunks:
        uart.rx.extend(chunk)
        b.run(20)
    # a state-changing command may now be pending: it waits for the table, and
    # declining it (any button but OK) leaves the game as it was
    if ctl.host_ask.active():
        b.press(0)
    b.run(200)
    assert _state(ctl) == before
    assert ctl.app.referee.deal.history == [(0, SKAT.parse("SA"))]

"""Issue 20: the firmware drives the buzzer (docs/hardware.md BZ1, an active buzzer on
GP15 of the Pico, GPIO17 of the ESP32): a short beep for a card, two for a trick, a tune
for a deal over, a long buzz for a refusal, timed from the loop's ticks on the emulated
board (virtual ms, read from the pin's level changes)."""

from boards import esp32, pico
from core.events import CardPlayed, DealOver, Refused, TrickTaken
from device.buzzer import DEAL_OVER, REFUSED, TRICK, Buzzer, pattern_for
from host_sim.autoplay import table_player
from host_sim.machine import Pin


def _pulses(changes):
    """[(start_ms, length_ms)] of the high pulses in [(ms, level)]."""
    out, up = [], None
    for t, level in changes:
        if level and up is None:
            up = t
        elif not level and up is not None:
            out.append((up, t - up))
            up = None
    return out


def _groups(pulses, gap=200):
    """Pulses closer than ``gap`` ms grouped: [[length, ...], ...]."""
    out = []
    last_end = None
    for start, length in pulses:
        if last_end is None or start - last_end > gap:
            out.append([])
        out[-1].append(length)
        last_end = start + length
    return out


def _watched(game="skat", players=3, seed=4):
    p = table_player(game, players, seed=seed)
    changes = []
    pin = p.board.hw.buzzer
    pin.watch(lambda level: changes.append((p.board.clock.now_ms, level)))
    return p, pin, changes


def test_a_skat_deal_sounds_cards_tricks_and_the_deal_over():
    p, pin, changes = _watched()
    assert pin.id == pico.BUZZER
    results = p.play(1)
    p.board.run(1000)
    assert results[0][1].status == "played"
    pulses = _pulses(changes)
    assert {l for _, l in pulses} == {50, 80, 300}, pulses  # beeps, the tune; no buzz
    # the tune at the deal's end: 80 on, 60 off, 80 on, 60 off, 300 on
    tune = pulses[-3:]
    assert [l for _, l in tune] == [80, 80, 300]
    assert [b[0] - (a[0] + a[1]) for a, b in zip(tune, tune[1:])] == [60, 60]
    # ten tricks: two short beeps 80 ms apart each (the cards in this seeded deal are
    # laid 58-72 ms apart, so an 80 ms gap is a trick's)
    gaps = [b[0] - (a[0] + a[1]) for a, b in zip(pulses[:-3], pulses[1:-3])]
    assert gaps.count(80) == 10, gaps
    assert len(pulses) - 3 >= 30  # and a beep for the other cards


def test_a_refused_card_buzzes_long():
    p, pin, changes = _watched()
    seen = []

    def once(ev, lines):
        if not seen:  # after the first trick: its first card laid again, already played
            seen.append(p.board.clock.now_ms)
            seen.append(p.board.play_card(0, p.tags.tag(ev.cards[0])))

    p.on_trick = once
    p.play(1)
    at, events = seen
    assert [e for e in events if isinstance(e, Refused)], events
    long = [(t, l) for t, l in _pulses(changes) if l >= 380]
    assert len(long) == 1 and at <= long[0][0] and 400 <= long[0][1] < 420, long


def test_patterns_and_their_priority():
    assert pattern_for([CardPlayed(0, 3), TrickTaken(1, (3, 4, 5), 10, "")]) == TRICK
    assert pattern_for([TrickTaken(1, (3, 4, 5), 10, ""), DealOver(None),
                        Refused(0, 3, "not-your-turn", "")]) == REFUSED
    assert pattern_for([DealOver(None)]) == DEAL_OVER
    assert pattern_for([]) is None
    pin = Pin(esp32.BUZZER, Pin.OUT)
    b = Buzzer(pin)
    b.play([DealOver(None)], 0)
    levels = []
    for t in (0, 79, 80, 139, 140, 219, 220, 279, 280, 579, 580, 900):
        b.tick(t)
        levels.append(pin.value())
    # on 80, off 60, on 80, off 60, on 300 ms, then quiet
    assert levels == [1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0]
    Buzzer(None).play([DealOver(None)], 0)  # a board without a buzzer: nothing to do

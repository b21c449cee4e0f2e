"""Issue 7: pad faults emulated in the MFRC522 and NTAG213 models, and what the firmware
does with each: retried, refused with a message, or ignored; never a wrong card."""

import pytest

from core.cards import SKAT
from core.games import skat
from host_sim.board import SimBoard, TaggedDeck

P = SKAT.parse


def grand_hand():
    """A Skat deal in play: forehand declared a grand hand at 18, hands unknown."""
    d = skat.Game().new_deal()
    d.enter_auction(0, 18)
    d.declare(0, "GH")
    return d


@pytest.fixture
def table():
    """A Skat table in play (grand hand by forehand), one pad per seat, hands unknown."""
    b = SimBoard(3)
    b.start(grand_hand, SKAT)
    b.run(20)
    return b, TaggedDeck(SKAT)


def kinds(events):
    return [type(e).__name__ for e in events]


def played(b):
    return list(b.app.referee.deal.history)


# Each pad fault the table is told of, as the LCD says it in each language: two cards on
# pad 1, a card on pad 1 that keeps reading garbage, one card across pads 1 and 2.
FAULT_WORDS = {
    "en": (["P1: 2 cards on", "pad, lift one"], ["P1: read error", "replace the card"],
           ["card between", "P1+P2 lift it"]),
    "de": (["P1: 2 Karten", "eine abheben"], ["P1: Lesefehler", "Karte neu legen"],
           ["Karte zwischen", "P1+P2 abheben"]),
    "fr": (["P1: 2 cartes", "en retirer une"], ["P1: illisible", "reposez la carte"],
           ["carte a cheval", "P1+P2: otez-la"]),
    "uk": (["P1: 2 karty", "znimit odnu"], ["P1: chyt. zbii", "zaminit kartu"],
           ["karta na mezhi", "P1+P2: znimit"]),
}


def lay_faults(b, deck):
    """Lay each fault of FAULT_WORDS in turn on board ``b`` (pads 0 and 1, cards of
    ``deck``, lifted after), yielding its reason after it is read, for the test to look
    at the LCD; nothing is credited."""
    bad = deck.tag(P("DA"))  # garbage at every READ
    bad.fault, bad.fault_cmd, bad.fault_arg, bad.fault_count = "flip", 0x30, 2, 1000
    across = deck.tag(P("CA"))
    for kind, laid in (("collision", [(0, deck.tag(P("SA"))), (0, deck.tag(P("HA")))]),
                       ("read-error", [(0, bad)]),
                       ("between-pads", [(0, across), (1, across)])):
        for pad, t in laid:
            b.place(pad, t)
        b.run(40)
        yield kind
        for pad, t in laid:
            b.lift(pad, t)


@pytest.mark.parametrize("lang", sorted(FAULT_WORDS))
def test_pad_faults_are_told_in_the_tables_language(table, speak, lang):
    """Play's "P1: 2 cards on / pad, lift one", "P1: read error / replace the card" and
    "card between / P1+P2 lift it" were English on every table (written whole before the
    catalogue was asked); they are said in the table's language (device.screens.PadFaults),
    each row within 16 columns, and each fault is still refused, nothing credited."""
    b, deck = table
    speak(lang)
    seen = [[r.rstrip() for r in b.lcd_lines()] for _ in lay_faults(b, deck)]
    assert seen == list(FAULT_WORDS[lang])
    assert played(b) == []


def test_collision_two_tags_refused_then_the_right_card(table):
    """Two cards on one pad: a collision is reported, never a card; lift one and the other
    is read."""
    b, deck = table
    a, c = deck.tag(P("SA")), deck.tag(P("HA"))
    b.place(0, a)
    b.place(0, c)
    ev = b.run(40)
    assert "Refused" in kinds(ev) and [e.reason for e in ev if kinds([e]) == ["Refused"]][0] \
        == "collision"
    assert "2 cards on" in b.lcd_lines()[0] and played(b) == []
    b.lift(0, c)
    b.run(60)
    assert played(b) == [(0, P("SA"))]


def test_three_stacked_tags_are_refused_as_a_collision(table):
    """Three cards stacked on one pad collide on air as two do (docs/twin.md "RF"): the
    firmware refuses with "collision" and credits nothing until only one card is left."""
    b, deck = table
    tags = [deck.tag(P(c)) for c in ("SA", "HA", "DA")]
    for t in tags:
        b.place(0, t)
    ev = b.run(100)
    assert "CardPlayed" not in kinds(ev) and played(b) == []
    assert "collision" in [e.reason for e in ev if kinds([e]) == ["Refused"]]
    b.lift(0, tags[1])
    b.lift(0, tags[2])
    b.run(60)
    assert played(b) == [(0, P("SA"))]


@pytest.mark.parametrize("fault,arg", [("flip", 5), ("short", 3), ("nak", 1)],
                         ids=["crc-error", "short-fifo", "nak"])
def test_transient_read_faults_are_retried(table, fault, arg):
    """A READ answer with a flipped byte (CRC_A fails), cut short, or a NAK: the firmware
    reads again and takes the right card, with no message."""
    b, deck = table
    t = deck.tag(P("SA"))
    t.fault, t.fault_cmd, t.fault_arg = fault, 0x30, arg
    b.place(0, t)
    ev = b.run(80)
    assert played(b) == [(0, P("SA"))]
    assert "Refused" not in kinds(ev)


def test_parity_error_is_retried(table):
    """The reader flags a parity error on an answer: retried, then the right card."""
    b, deck = table
    b.pads[0].next_error = 0x02  # ErrorReg ParityErr with the next answer
    b.place(0, deck.tag(P("SA")))
    ev = b.run(80)
    assert played(b) == [(0, P("SA"))] and "Refused" not in kinds(ev)


def test_persistent_fault_is_refused_with_a_message(table):
    """A tag that keeps answering garbage: after the retries the table is told to replace
    the card; no card is taken. Once it reads cleanly it counts."""
    b, deck = table
    t = deck.tag(P("SA"))
    t.fault, t.fault_cmd, t.fault_arg, t.fault_count = "flip", 0x30, 2, 6
    b.place(0, t)
    ev = b.run(40)
    refusals = [e for e in ev if kinds([e]) == ["Refused"]]
    assert refusals and refusals[0].reason == "read-error"
    assert "read error" in b.lcd_lines()[0]
    b.run(200)
    assert played(b) == [(0, P("SA"))]


def test_lingering_card_counts_once(table):
    """A card left on its pad for seconds is read once (halted after reading)."""
    b, deck = table
    b.place(0, deck.tag(P("SA")))
    ev = b.run(3000)
    assert kinds(ev).count("CardPlayed") == 1 and "Refused" not in kinds(ev)


def test_flickering_card_at_the_edge_counts_once(table):
    """A card at the edge of the field answers every other poll and loses power between:
    it still counts once, and no false refusal ("already played") is shown."""
    b, deck = table
    t = deck.tag(P("SA"))
    t.flicker = True
    b.place(0, t)
    ev = b.run(1000)
    assert kinds(ev).count("CardPlayed") == 1 and "Refused" not in kinds(ev)
    assert played(b) == [(0, P("SA"))]


def test_card_lifted_mid_read(table):
    """The card goes away between its selection and its READ: nothing is taken, the pad is
    free, and the next card is read normally."""
    b, deck = table
    t = deck.tag(P("SA"))
    t.fault, t.fault_cmd, t.fault_count = "mute", 0x30, 1  # the READ is never heard...
    b.place(0, t)
    b.clock.advance(0)
    for _ in range(200):  # ...and the card is lifted as soon as it was selected
        b.run(1)
        if t.fault is None:
            b.lift(0, t)
            break
    ev = b.run(60)
    assert played(b) == [] and "CardPlayed" not in kinds(ev)
    b.place(0, deck.tag(P("SK")))
    b.run(60)
    assert played(b) == [(0, P("SK"))]


def test_random_tag_memory_never_gives_a_wrong_card(table):
    """Garbage in a tag's user memory: refused as an unknown tag, never taken as a card."""
    import random
    from host_sim.chips.ntag import Ntag213
    from core.tags import ntag213_image
    from host_sim.board import tag_uid
    b, deck = table
    rng = random.Random(3)
    for i in range(30):
        uid = tag_uid(SKAT, 1000 + i)
        mem = ntag213_image(uid)
        for k in range(16, 16 + 40):
            mem[k] = rng.randrange(256)
        t = Ntag213(uid, memory=mem)
        ev = b.play_card(0, t)
        assert "CardPlayed" not in kinds(ev)
    assert played(b) == []


# --- trust: tags rewritten, foreign, or doubled ------------------------------------------

def _rewritten(deck, card, as_card):
    """The sticker of ``card`` rewritten by a phone to say ``as_card`` (same UID)."""
    from core.tags import ntag213_image
    from host_sim.chips.ntag import Ntag213
    uid = deck.tag(card).uid
    return Ntag213(uid, memory=ntag213_image(uid, SKAT, as_card))


def test_rewritten_tag_is_refused(table):
    """A tag seen as SA earlier, now rewritten to say CJ: refused, the trick unchanged."""
    b, deck = table
    b.play_card(0, deck.tag(P("SA")))
    b.play_card(1, deck.tag(P("S7")))
    before = played(b)
    ev = b.play_card(2, _rewritten(deck, P("SA"), P("CJ")))
    assert [e.reason for e in ev if kinds([e]) == ["Refused"]] == ["tag-rewritten"]
    assert "tag rewritten" in b.lcd_lines()[1] and played(b) == before


def test_two_tags_claiming_one_card_are_refused(table):
    """A second sticker also saying SA (another UID): refused; the first SA stands."""
    from host_sim.chips.ntag import Ntag213
    from host_sim.board import tag_uid
    b, deck = table
    b.play_card(0, deck.tag(P("SA")))
    twin = Ntag213(tag_uid(SKAT, P("SA"), b"twin"), SKAT, P("SA"))
    ev = b.play_card(1, twin)
    assert [e.reason for e in ev if kinds([e]) == ["Refused"]] == ["two-tags"]
    assert played(b) == [(0, P("SA"))]


def test_audited_deck_refuses_foreign_tags(tmp_path):
    """After a clean deck audit the registry is saved on the flash; in the next game a tag
    of another deck printed with a valid Skat code (a phone-written sticker) is refused."""
    from host_sim.chips.ntag import Ntag213
    from host_sim.board import tag_uid
    b = SimBoard(3, flash=str(tmp_path))
    b.power_on()
    b.run(40)
    b.choose("Deck audit")
    b.choose("Skat 32")
    deck = TaggedDeck(SKAT)
    for card in range(32):
        b.play_card(card % 3, deck.tag(card))
    b.press(2)
    assert "tags bound" in b.controller.view().lines
    assert (tmp_path / "deck-skat.bin").exists()
    b2 = SimBoard(3, flash=str(tmp_path))
    b2.power_on()
    b2.run(40)
    for label in ("New game", "Skat", "3", "decide", "no game", "off", "off",
                  "no limit", "off", "off", "double (ISkO)", "on", "Start",
                  "P2 declarer", "18", "Hand game", "Grand", "Plain hand"):
        b2.choose(label)
    stranger = Ntag213(tag_uid(SKAT, 5, b"phone"), SKAT, P("HA"))
    ev = b2.play_card(1, stranger)  # P2 is forehand
    assert [e.reason for e in ev if kinds([e]) == ["Refused"]] == ["not-bound"]
    ev = b2.play_card(1, deck.tag(P("HA")))  # the deck's own HA is fine
    assert "CardPlayed" in kinds(ev)


def refusals(events):
    return [e.reason for e in events if kinds([e]) == ["Refused"]]


@pytest.mark.parametrize("pads", [(0, 1), (1, 0), (1, 2), (2, 1), (0, 2), (2, 0)],
                         ids=lambda p: "%d-%d" % p)
def test_card_across_two_pads_is_credited_to_neither(table, pads):
    """A card lying across two pads sits in both fields (docs/twin.md "RF on the table"):
    whichever pad polls first reads it, finds the UID answering on the other pad too and
    refuses it as "between-pads" with words on the LCD, for every pair of pads and either
    order, the seat on turn (0) among them or not. Nothing is credited, however long it
    lies there; lifted and laid on pad 0 alone it is read and credited to seat 0."""
    b, deck = table
    t = deck.tag(P("SA"))
    b.place(pads[0], t)
    b.place(pads[1], t)
    ev = b.run(2000)
    assert refusals(ev) == ["between-pads"] and "CardPlayed" not in kinds(ev)
    first, second = b.lcd_lines()
    assert first.startswith("card between")
    assert sorted(second.split()[0].split("+")) == ["P%d" % (p + 1) for p in sorted(pads)]
    assert played(b) == []
    b.lift(pads[0], t)
    b.lift(pads[1], t)
    assert not t.powered
    b.run(40)
    b.place(0, t)
    ev = b.run(200)
    assert played(b) == [(0, P("SA"))] and refusals(ev) == []


def test_cards_left_on_their_pads_are_never_refused_as_between(table):
    """The normal case: each seat lays its card on its own pad and leaves it there, so
    every later check finds halted cards on the other pads, none with the new UID; all
    three are credited, no refusal."""
    b, deck = table
    for seat, code in enumerate(("SA", "S7", "S8")):
        b.place(seat, deck.tag(P(code)))
        ev = b.run(60)
        assert refusals(ev) == []
    assert played(b) == [(0, P("SA")), (1, P("S7")), (2, P("S8"))]


def test_between_check_costs_one_wupa_per_empty_pad(table):
    """The cost of the check, measured on the twin's counters: an accepted card on a
    table whose other two pads are empty adds the HLTA sent before the verdict (its answer
    not awaited: a 300 us timer, (11 + 1) x 25 us, instead of the 1 ms the deferred HLTA
    waits after the LCD) and one unanswered WUPA per other pad (300 us timer each)."""
    b, deck = table
    b.run(40)  # only empty polls from here: their cost is subtracted
    before = [(c.timer_us, c.exchanges) for c in b.pads]
    b.place(0, deck.tag(P("SA")))
    b.run(1)  # the tick that reads pad 0
    assert played(b) == [(0, P("SA"))]
    other = [(c.timer_us - t, c.exchanges - x) for c, (t, x) in zip(b.pads[1:], before[1:])]
    for timer_us, exchanges in other:
        assert exchanges == 1 and timer_us == pytest.approx(300, abs=1)
    # pad 0: REQA, 2 x (anticollision, SELECT), READ answered; only the HLTA timed out
    assert b.pads[0].timer_us - before[0][0] == pytest.approx(300, abs=1)
    assert b.pads[0].exchanges - before[0][1] == 1 + 4 + 1 + 1


def test_low_rx_gain_loses_a_far_card_and_the_board_gain_reads_it(table):
    """RFCfgReg RxGain (MFRC522 datasheet 9.3.3.6) as a range factor (docs/twin.md "RF on
    the table"): the board's gain, 33 dB, decodes a card at 0.9 of the reset range; with
    the driver set to 18 dB (range 0.75) the same card never answers and nothing is
    credited, while a card lying on the pad still is."""
    from device.drivers.mfrc522 import MFRC522
    b, deck = table
    assert [c.rx_gain() for c in b.pads] == [33, 33, 33]  # written by the driver
    far = deck.tag(P("SA"))
    b.pads[0].place(far, distance=0.9)
    b.run(100)
    assert played(b) == [(0, P("SA"))]
    reader = b.hw.readers[1]
    reader.rx_gain = 18
    reader.reset()
    assert b.pads[1].rx_gain() == 18 and b.pads[1].regs[0x26] == 0x28
    far = deck.tag(P("S7"))
    b.pads[1].place(far, distance=0.9)
    ev = b.run(300)
    assert played(b) == [(0, P("SA"))] and "CardPlayed" not in kinds(ev)
    b.pads[1].remove(far)
    b.pads[1].place(deck.tag(P("S8")), distance=0.0)
    b.run(100)
    assert played(b) == [(0, P("SA")), (1, P("S8"))]
    with pytest.raises(ValueError):
        MFRC522(b.machine.SPI(0), b.machine.Pin(17), rx_gain=20)


def test_card_slid_from_between_onto_one_pad_waits_to_be_lifted(table):
    """A refused card slid fully onto pad 0 without ever leaving a field stays halted:
    it is not read (the LCD asked to lift it), so it is not credited by surprise; lifted
    and laid again it is."""
    b, deck = table
    t = deck.tag(P("SA"))
    b.place(0, t)
    b.place(1, t)
    b.run(200)
    b.lift(1, t)  # slid onto pad 0: pad 0's field powered it all along
    ev = b.run(500)
    assert played(b) == [] and "CardPlayed" not in kinds(ev)
    assert b.lcd_lines()[0].startswith("card between")
    b.lift(0, t)
    b.run(40)
    b.place(0, t)
    b.run(200)
    assert played(b) == [(0, P("SA"))]

"""Issue 7: pad faults emulated in the MFRC522 and NTAG213 models, and what the firmware
does with each: retried, refused with a message, or ignored; never a wrong card."""

import pytest

from core.cards import SKAT
from core.games import skat
from host_sim.board import SimBoard, TaggedDeck

P = SKAT.parse


@pytest.fixture
def table():
    """A Skat table in play (grand hand by forehand), one pad per seat, hands unknown."""
    def deal():
        d = skat.Game().new_deal()
        d.enter_auction(0, 18)
        d.declare(0, "GH")
        return d
    b = SimBoard(3)
    b.start(deal, SKAT)
    b.run(20)
    return b, TaggedDeck(SKAT)


def kinds(events):
    return [type(e).__name__ for e in events]


def played(b):
    return list(b.app.referee.deal.history)


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
    assert "tags bound: saved" in b.controller._list
    assert (tmp_path / "deck-skat.bin").exists()
    b2 = SimBoard(3, flash=str(tmp_path))
    b2.power_on()
    b2.run(40)
    for label in ("New game", "Skat", "3", "decide", "no game", "off", "off", "Start",
                  "P2 declarer", "18", "Hand game", "Grand", "Plain hand"):
        b2.choose(label)
    stranger = Ntag213(tag_uid(SKAT, 5, b"phone"), SKAT, P("HA"))
    ev = b2.play_card(1, stranger)  # P2 is forehand
    assert [e.reason for e in ev if kinds([e]) == ["Refused"]] == ["not-bound"]
    ev = b2.play_card(1, deck.tag(P("HA")))  # the deck's own HA is fine
    assert "CardPlayed" in kinds(ev)


def test_card_across_two_pads_is_read_by_one_of_them_once(table):
    """A card lying across pads 0 and 1 sits in both fields (docs/twin.md "RF on the
    table"): both fields power it, the pad that polls first reads and halts it, the other
    pad's REQA finds it halted. So it is taken once, for one of the two seats, never a third
    and never twice; here seat 1's pad wins, out of turn, and the card is refused. The
    firmware cannot tell a card across two pads from a card on one (see the report)."""
    b, deck = table
    t = deck.tag(P("SA"))
    b.place(0, t)
    b.place(1, t)
    ev = b.run(2000)
    assert [e.reason for e in ev if kinds([e]) == ["Refused"]] == ["not-your-turn"]
    assert played(b) == []
    b.lift(1, t)
    assert t.powered  # still in pad 0's field
    b.lift(0, t)
    assert not t.powered
    b.place(0, t)
    b.run(200)
    assert played(b) == [(0, P("SA"))]

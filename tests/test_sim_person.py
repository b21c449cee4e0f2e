"""Issue 26 (the parts left): the simulator as a person plays it with the mouse alone.

Every step is a pygame mouse event posted to the queue (``tests/simperson.py``): a click
on the emulated buttons, a hold of OK, a drag of a card; the firmware sees only pins and
tags. Values checked are the firmware's own (its events, its LCD) and the rules core's.
"""

import pygame
import pytest

from core.events import CardPlayed, RevokeFound, Undone
from device.controller import MODE_MAIN, MODE_TABLE
from host_sim.ui.app import CONFIRM_MS, NOTE_MS, SimApp
from simperson import NEXT, OK, MousePerson, Seat, play_cards

DT = 16


def test_new_game_asks_before_it_abandons_the_deal_in_play():
    """Item 1: mid-deal (Skat seed 1, P2 declares, play begun), OK on the firmware's
    "Start" is refused once with the question on the status line and a red LED; after
    CONFIRM_MS the question lapses and is asked again; OK twice starts the new game,
    whose deal counter restarts at 1."""
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=DT, collect_ms=160)
    you = MousePerson(sim, DT)
    try:
        you.until(lambda: you.shows("P2 declarer"))
        you.choose("P2 declarer")  # the auction result, as the table reports it
        you.choose("18")
        you.until(lambda: sim.ctl.mode == MODE_TABLE and sim.turn_pad() >= 0, limit=4000)
        match = sim.ctl.match
        you.click(OK)  # the table menu
        you.choose("Main menu")
        you.choose("New game")
        for label in ["Skat", "3"] + sim.option_labels:
            you.choose(label)
        assert you.shows("Start") and sim.starts_over()
        you.click(OK)
        assert sim.ctl.match is match and sim.ctl.mode == MODE_MAIN
        assert "press OK again to abandon deal 1 of Skat" in sim.status_line()
        assert sim.signals.led(sim.now) == "red"
        you.frames(max(CONFIRM_MS, NOTE_MS) // DT + 2)  # the question lapses
        assert "abandon" not in sim.status_line()
        you.click(OK)
        assert sim.ctl.match is match  # asked again
        you.click(OK)
        you.frames(5)
        assert sim.ctl.match is not match and sim.ctl.mode != MODE_MAIN
        assert "deal 1 " in sim.status_line()
    finally:
        sim.close()


def _skat_p2_declares(practice=True):
    """Skat seed 1, a person at P1 reports the auction with the mouse: P2 declares at 18
    (a computer: it takes the skat, discards and declares itself)."""
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=DT, collect_ms=160,
                 practice=practice)
    you = MousePerson(sim, DT)
    you.until(lambda: you.shows("P2 declarer"))
    you.choose("P2 declarer")
    you.choose("18")
    return sim, you


def test_link_panel_names_seats_and_tricks_as_the_table_does():
    """Item 2: "as at the table" (practice off) P1 does not follow suit; when a later card
    proves the revoke the link panel names P1 (the pad, not the deal seat) and the trick
    counted from 1 (the wire's 0-based values renumbered); every card line names the pad
    the card was laid on."""
    sim, you = _skat_p2_declares(practice=False)
    try:
        bad = []

        def revoke(legal, hand):
            if not bad and sim.fw_deal.trick:
                wrong = [c for c in hand if c not in legal]
                if wrong:
                    bad.append((wrong[0], sim.fw_deal.tricks_done + 1))
                    return wrong[0]
            return legal[0]
        play_cards(sim, you, 0, lambda: any(isinstance(e, RevokeFound)
                                            for e in sim.events), pick=revoke)
        you.frames(3)
        card, trick = bad[0]
        found = [e for e in sim.events if isinstance(e, RevokeFound)][0]
        assert sim.pad_of(found.seat) == 0 and found.trick + 1 == trick
        assert sim.seat_of(0) != 0  # deal seats differ from pads: the renumbering matters
        lines = list(sim.traffic.lines)
        rev = [ln for ln in lines if "revoke found" in ln]
        assert rev and rev[0].startswith("P1 revoke found: ") and \
            (" in trick %d: " % trick) in rev[0], rev
        assert "P1 did not follow suit in trick %d" % trick in rev[0], rev
        plays = [ln for ln in lines if " plays " in ln]
        cards = [e for e in sim.events if isinstance(e, CardPlayed)]
        assert len(plays) == len(cards)
        assert [ln.split(" plays ")[0] for ln in plays] == \
            ["P%d" % (sim.pad_of(e.seat) + 1) for e in cards]
    finally:
        sim.close()


def test_at_five_the_chien_is_shown_only_after_the_king_is_called():
    """French Tarot, 5 computers (seed 3): the taker calls a king before the chien is
    turned up (FFT p.12: a called card that lies in the chien leaves the taker alone, so
    nobody has seen it at the call). The simulator noted "Chien shown: ..." as soon as
    the bids were over, while the LCD still asked "P1 calls"; now the chien's note comes
    with the call made, and never before it."""
    from core.games import tarot
    sim = SimApp("tarot", 5, seed=3, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
    you = MousePerson(sim, 17)
    seen = []
    try:
        def watch():
            sh = sim.shadow
            phase = getattr(sh, "phase", 0)
            seen.append((phase, bool(sim.adapter.chien)))
            return phase >= tarot.PHASE_ECART or phase == tarot.PHASE_PLAY
        you.until(watch, limit=20000)
        you.frames(2)
        assert (tarot.PHASE_CALL, False) in seen  # the call was asked for, chien unseen
        assert (tarot.PHASE_CALL, True) not in seen
        assert sim.shadow.called is not None and sim.adapter.chien.startswith("Chien shown")
    finally:
        sim.close()


def test_tarot_chien_result_in_words_and_seats_counter_clockwise():
    """Item 3: French Tarot, 4 computers (seed 3): P4 takes at prise; the chien is shown
    in words once the bids are over (FFT p.6: turned face up at prise and garde); the
    result's breakdown names contract, oudlers and the points they need, points made,
    petit au bout, poignée, chelem and each seat's mark, the firmware's and the rules
    core's values (seed 3 plays out as P4 prise, 3 oudlers, 36 needed, 53 made, petit
    au bout to the attack, marks -52 -52 -52 +156); on screen P2 sits on P1's right
    (counter-clockwise, docs/rules/tarot.md), at Skat on P1's left."""
    from core.cards import TAROT
    sim = SimApp("tarot", 4, seed=3, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
    you = MousePerson(sim, 17)
    try:
        you.until(lambda: bool(sim.results), limit=20000)
        you.frames(2)
        # the Marseille look (the deck's default): hearts are coupes, spades épées
        chien = "Chien shown: C5 T4 C4 E10 T10 T8"
        assert [TAROT.short(c) if TAROT.suit(c) == 4 else TAROT.code(c)
                for c in sim.dealt_talon] == ["H5", "4", "H4", "ST", "10", "8"]
        assert sim.adapter.talon_caption(sim) == chien
        assert any(chien in ln for ln in sim.traffic.lines)
        r = sim.results[0]
        assert (r.taker, r.contract, r.oudlers, r.score.target, r.attack_points) == \
            (3, 1, 3, 36, 106)
        assert sim.result_shown() == [
            "Contract: P4 prise",
            "Oudlers: 3, so 36 points needed",
            "Points made: 53 (counted 53): made by 17",
            "Petit au bout won by the attack: 10 x 1 = 10 from each defender",
            "Poignée: none",
            "Chelem: none",
            "Marks: P1 -52  P2 -52  P3 -52  P4 +156",
            "The Excuse played to the last trick goes to the attack"]
        assert list(r.marks) == [-52, -52, -52, 156]
        pads = sim.layout.pads
        assert pads[1].centerx > pads[0].centerx + 100  # P2 to P1's right
        assert pads[3].centerx < pads[0].centerx - 100  # P4 to P1's left
        assert "counter-clockwise" in sim.adapter.direction_words
    finally:
        sim.close()
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=DT)
    try:
        assert sim.layout.pads[1].centerx < sim.layout.pads[0].centerx - 100  # P2 left
    finally:
        sim.close()


def test_the_petit_au_bout_line_reads_as_a_card_player_says_it():
    """Found by a new user: "Petit au bout: defence, -20 a defender" read oddly. The line
    now says which camp won it and what the FFT prime is (p.6-8: 10 x the contract's
    multiplier, to the camp that took the last trick with the Petit, counted per
    defender). French Tarot, 5 players, seed 7: P2's garde (x2) with P3 called, made by
    13, P2 shows a poignée of 8 (FFT p.7, 20 to the attack that wins, never multiplied),
    the defence takes the Petit in the last trick: each defender pays
    (25 + 13) x 2 = 76 less the prime of 20 and with the poignée's 20, so -76 each, P2
    +152, P3 +76."""
    sim = SimApp("tarot", 5, seed=7, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
    try:
        sim.lazy_draw = True
        sim.run(frames=20000, until=lambda s: bool(s.results))
        r = sim.results[0]
        assert (r.contract, r.petit_au_bout, r.score.multiplier, r.score.diff) == (2, 1, 2, 13)
        assert sim.breakdowns[0][3] == \
            "Petit au bout won by the defence: 10 x 2 = 20 to each defender"
        assert r.score.petit_au_bout == -20 and r.score.poignee == 20
        assert r.score.per_defender == 76 - 20 + 20
        assert sim.breakdowns[0][6] == "Marks: P1 -76  P2 +152  P3 +76  P4 -76  P5 -76"
    finally:
        sim.close()


@pytest.mark.parametrize("fps", [30, 60])
def test_one_long_press_takes_back_one_card(fps):
    """Item 5, "one long press took back two cards": held with the mouse on OK and with
    the Enter key, at 30 and 60 frames a second (frame times 33 and 16 ms, as
    ``SimApp.step`` advances the firmware), for 0.9 s, 1.7 s and 2.6 s (past two
    ``LONG_MS``): each press takes back exactly one card (one ``Undone``), no table menu
    opens on the release, and the computer plays its card again after the release."""
    dt = 1000 // fps
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=dt, collect_ms=160, practice=True)
    you = MousePerson(sim, dt)
    try:
        you.until(lambda: you.shows("P2 declarer"))
        you.choose("P2 declarer")
        you.choose("18")
        for hold_ms, by_key in ((900, False), (1700, True), (2600, False), (2600, True)):
            play_cards(sim, you, 0, lambda: sim.turn_pad() == 0 and
                       bool(sim.fw_deal.history) and
                       sim.pad_of(sim.fw_deal.history[-1][0]) != 0)
            seat, card = sim.fw_deal.history[-1]
            before = len(sim.events)
            if by_key:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                     mod=0, unicode="", scancode=0))
                you.frames(-(-hold_ms // dt))
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN,
                                                     mod=0, unicode="", scancode=0))
                you.frames(8)
            else:
                you.button(OK, hold_ms)
            got = sim.events[before:]
            assert [(e.seat, e.card) for e in got if isinstance(e, Undone)] == [(seat, card)]
            assert sim.ctl.mode == MODE_TABLE  # the release opened no menu
            you.until(lambda: any(isinstance(e, CardPlayed) for e in sim.events[before:]))
            assert [e for e in sim.events[before:] if isinstance(e, Undone)] == \
                [e for e in got if isinstance(e, Undone)]
            you.until(lambda: sim.turn_pad() == 0)
            play_cards(sim, you, 0, lambda: sim.turn_pad() != 0)  # on to a new card
    finally:
        sim.close()


def test_whole_skat_deal_with_the_mouse_alone_and_undo():
    """Item 4 (Skat): a person at P1 plays a whole deal (seed 1) by mouse events only: the
    auction result and contract entered with clicks, the skat discard dragged into the
    box when P1 declares, every card dragged, the skat scanned at the end; undo by OK
    held 900 ms: a computer's card (it plays again), the person's own card, and the skat
    scan after the result (the skat is asked for again). The booked result is the rules
    core's for the same cards (the shadow deal, every hand known) and its value follows
    ISkO 5.1 (base value times the levels)."""
    result, undone, shadow, said = _whole_deal("skat", 3, 1, 0)
    assert len(said) == 1  # the end taken back and played again: one deal in the summary
    assert [u[:2] for u in undone] == [("comp", "play"), ("own", "play"),
                                       ("end", "set_skat")]
    assert result.status == "played" and result == shadow
    base = {0: 12, 1: 11, 2: 10, 3: 9, 4: 24}[result.contract.kind]  # ISkO 5.1
    assert result.value == base * result.multiplier * (1 if result.won else -2)


def _whole_deal(game, players, seed, pad):
    """One deal played by ``tests/simperson.Seat`` at ``pad`` with one undo of each kind:
    ``(booked result, undone, the shadow deal's result when it was booked, the results
    the simulator's summary lists)``."""
    sim = SimApp(game, players, seed=seed, human={pad}, fixed_dt=DT, collect_ms=160,
                 think_ms=200)
    try:
        seat = Seat(sim, MousePerson(sim, DT), pad, undo=1)
        shadow = []
        result = seat.play_deal(on_result=lambda: shadow.append(sim.shadow.result()))
        assert len(sim.results) == len(sim.summaries) == len(sim.breakdowns)
        return result, seat.undone, shadow[-1], list(sim.summaries)
    finally:
        sim.close()


def test_whole_tarot_deal_with_the_mouse_alone_and_undo():
    """Item 4 (French Tarot): a person at P4 (4 players, seed 3) bids prise with clicks,
    gets the chien, drags the écart into the talon box (no king, no oudler: FFT p.6) and
    plays every card by mouse events only; OK held 900 ms takes back a computer's card
    (it plays again), the person's own card and the last card of the deal on the result.
    The booked result is the rules core's for the same cards (every hand known)."""
    result, undone, shadow, said = _whole_deal("tarot", 4, 3, 3)
    assert len(said) == 1
    assert [u[:2] for u in undone] == [("comp", "play"), ("own", "play"), ("end", "play")]
    assert (result.taker, result.contract) == (3, 1)  # P4, prise
    assert result == shadow
    assert sum(result.marks) == 0 and result.marks[3] == -3 * result.marks[0]


def _bank_deal(game, seed):
    """A person at P1 plays deal 1 of ``game`` (3 players, ``seed``: P1 holds the lowest
    diamond) with the mouse alone, one undo of each kind: ``(result, seat, shadow)``."""
    sim = SimApp(game, 3, seed=seed, human={0}, fixed_dt=DT, collect_ms=160, think_ms=200)
    try:
        seat = Seat(sim, MousePerson(sim, DT), 0, undo=1)
        shadow = []
        result = seat.play_deal(on_result=lambda: shadow.append(sim.shadow.result()))
        return result, seat, shadow[-1]
    finally:
        sim.close()


def test_whole_magistr_deal_with_the_mouse_alone_and_undo():
    """Item 4 (Magistr, seed 2): P1 holds the lowest diamond, so the firmware's question
    "who leads?" of deal 1 is P1's to answer (docs/rules/magistr.md "First deal") and is
    answered with clicks; every card dragged; OK held 900 ms takes back a computer's card
    (it plays again), the person's own card and the last card on the result. The booked
    result is the rules core's for the same cards; the first leader is P1, each seat
    loses a point a trick taken and no card is left."""
    result, seat, shadow = _bank_deal("magistr", 2)
    assert seat.chose == ["P1"]
    assert sorted(u[:2] for u in seat.undone) == [("comp", "play"), ("end", "play"),
                                                 ("own", "play")]  # P1 leads: own first
    assert result == shadow and result.leader == 0
    assert list(result.points) == [-t for t in result.tricks]  # a point lost a trick
    assert result.total == sum(result.points) and result.remaining == 0


def test_whole_zhopa_deal_with_the_mouse_alone_and_undo():
    """Item 4 (Zhopa, seed 2): P1 answers "who leads?" (the lowest diamond, zhopa.md) and
    bids go or no with clicks (A39: each player bids once before the first lead), drags
    every card, takes back a computer's card, the own card and the last card; the booked
    result is the rules core's, the bid booked is the one clicked and P1's target is the
    one the menu showed (``Game.target``, zhopa.md A39)."""
    result, seat, shadow = _bank_deal("zhopa", 2)
    assert seat.chose[0] == "P1" and len(seat.chose) == 2, seat.chose
    go = seat.chose[1].startswith("Go")
    assert sorted(u[:2] for u in seat.undone) == [("comp", "play"), ("end", "play"),
                                                 ("own", "play")]  # P1 leads: own first
    assert result == shadow and result.leader == 0 and result.bids[0] == int(go)
    from core.games.zhopa import Game
    target = Game(3).target(go)
    assert "(%d)" % target in seat.chose[1] and result.targets[0] == target


def _said_until_play(sim, limit=4000):
    """Frames until a card may be played; the notes said on the way (``sim.note``), and
    the table's bids caption seen at each new bid."""
    said, captions = [], []
    orig = sim.note

    def note(text):
        said.append(text)
        orig(text)
    sim.note = note
    you = MousePerson(sim, 17)
    for _ in range(limit):
        n = len(sim.adapter.bids)
        you.frames()
        if len(sim.adapter.bids) != n:
            captions.append(sim.adapter.bids_caption())
        if sim.turn_pad() >= 0:
            return said, captions
    raise AssertionError("no play: %r" % said)


@pytest.mark.parametrize("smart", [False, True])
def test_computer_skat_auction_is_said_bid_by_bid(smart):
    """Item 7 (the rest): three computers (Skat seed 11) bid as ISkO 3.1 runs the auction
    (middlehand to forehand, then rearhand), each bid a note of its own (side panel,
    status line) one ``think_ms`` apart, the table's caption showing the last ones, all
    before the result is entered; the declarer and bid entered are the auction's last
    bid. Plain computers: the declarer says 18 and the others pass; smart ones bid to
    their own limits (``Computer.skat_limits``)."""
    from host_sim.players.computer import Computer
    from host_sim.players.skat_bid import auction
    sim = SimApp("skat", 3, seed=11, human=(), fixed_dt=17, think_ms=60, collect_ms=120)
    sim.computer = Computer("smart" if smart else "plain", 11)
    try:
        said, captions = _said_until_play(sim)
        entered = [s for s in said if s.startswith("computer enters: ")]
        d = sim.fw_deal
        bids = sim.adapter.bids
        assert bids and entered, said
        assert said.index(bids[-1]) < said.index(entered[0])  # all said before entered
        declarer = "P%d" % (sim.pad_of(d.declarer) + 1)
        says = [b for b in bids if " says " in b]
        assert says[-1] == "%s says %d" % (declarer, d.bid_value)
        assert entered[0] == "computer enters: %s declarer, %d" % (declarer, d.bid_value)
        names = {"P%d" % (sim.pad_of(s) + 1): s for s in range(3)}
        first = bids[0].split()[0]
        assert names[first] == 1  # middlehand speaks first (ISkO 3.1)
        assert sum(1 for b in bids if b.endswith(" passes")) == 2
        if smart:
            limits = sim.computer.skat_limits()
            assert len(bids) == len(auction(limits)[2])
        else:
            assert d.bid_value == 18 and len(says) == 1
        assert captions[-1] == "Bids: " + ", ".join(bids[-4:])
    finally:
        sim.close()


def test_computer_tarot_bids_are_said_in_turn():
    """Item 7 (Tarot): four computers (seed 3) each say their bid in turn, from the
    dealer's right (FFT p.5, docs/rules/tarot.md, counter-clockwise): P2, P3 pass, P4
    bids prise, P1 passes; the taker and contract booked are the highest bid's (seed 3:
    P4 prise, as in the chien test above), the table caption shows all four."""
    sim = SimApp("tarot", 4, seed=3, human=(), fixed_dt=17, think_ms=60, collect_ms=100)
    try:
        said, captions = _said_until_play(sim)
        bids = sim.adapter.bids
        assert len(bids) == 4 and [b.split()[0] for b in bids] == \
            ["P%d" % (sim.pad_of(s) + 1) for s in _tarot_order(sim)]
        assert bids == ["P2 passes", "P3 passes", "P4 bids Prise", "P1 passes"]
        assert sim.fw_deal.taker == 3 and sim.fw_deal.contract == 1
        assert captions[-1] == "Bids: " + ", ".join(bids)
    finally:
        sim.close()


def _tarot_order(sim):
    d = sim.fw_deal
    first = d.first_bidder if hasattr(d, "first_bidder") else (d.dealer + 1) % 4
    return [(first + i) % 4 for i in range(4)]


def _tarot_taker_at_not_scanned():
    """Tarot, 4 players, seed 3: P1 (the person) bids Garde and the board's écart menu is
    on "Not scanned" (it opens on "Scan 6 cards"); returns ``(sim, you)``."""
    sim = SimApp("tarot", 4, seed=3, human={0}, fixed_dt=DT, collect_ms=160, think_ms=200)
    you = MousePerson(sim, DT)
    you.until(lambda: sim.board.lcd_lines()[0].startswith("P1 bids") and
              not sim.operator.busy())
    you.choose("Garde")
    you.until(lambda: sim.board.lcd_lines()[0].startswith("P1 ecart"))
    if not you.shows("Not scanned"):
        you.click(NEXT)
    return sim, you


def test_tarot_not_scanned_waits_for_the_ecart_in_the_chien_box():
    """Found by a new user (Tarot, 4 players, seed 3, P1 taker at garde): "Not scanned"
    with nothing in the Chien box started the play with 24 cards in P1's hand and the
    shadow deal lost. Now OK on it is refused with what to do, the board stays in the
    écart menu; with the six cards laid in the box the same OK starts the play, P1 holds
    18 cards and the chien box the écart."""
    from host_sim.ui.games import tarot_ecart
    sim, you = _tarot_taker_at_not_scanned()
    try:
        assert you.shows("Not scanned")
        you.click(OK)
        assert sim.board.lcd_lines()[0].startswith("P1 ecart")
        assert sim.signals.buzz(sim.now).startswith("BZZZ")
        assert "P1: drag 6 cards into the Chien box, then choose Not scanned" in \
            sim.status_line()
        assert len(sim.tableau.hand(0)) == 24
        ecart = tarot_ecart(sim.tableau.hand(0), 6)
        for c in ecart:
            you.drag(c, sim.talon_centre())
        you.click(OK)
        you.until(lambda: sim.ctl.mode == MODE_TABLE)
        assert len(sim.tableau.hand(0)) == 18
        assert sorted(sim.tableau.talon()) == sorted(ecart)
        assert sorted(sim.shadow.ecart) == sorted(ecart)
    finally:
        sim.close()


@pytest.mark.parametrize("game,players,lcd", [("skat", 3, (16, 2)), ("tarot", 4, (16, 2)),
                                              ("tarot", 5, (20, 4))])
def test_a_small_window_keeps_the_buttons_and_the_hand_in_view(game, players, lcd):
    """Found by a new user: a window asked at 600x400 opened at 800x520 while the table
    was laid out for 900x600 (host_sim.ui.layout.MIN_SIZE), so the OK button stood off the
    right edge and the hand below the bottom. The window is now never smaller than its
    layout: the three buttons, the LCD and every card of the person's hand lie inside it."""
    sim = SimApp(game, players, seed=1, human={0}, fixed_dt=DT, size=(600, 400), lcd=lcd)
    try:
        MousePerson(sim, DT).until(lambda: sim.tableau.hand(0) and
                                   sim.card_rect(sim.tableau.hand(0)[-1]) is not None)
        screen = sim.screen.get_rect()
        assert screen.size == sim.layout.size == (900, 600)
        for rect in list(sim.layout.buttons) + [sim.layout.lcd]:
            assert screen.contains(rect), rect
        hand = sim.tableau.hand(0)
        assert hand and all(screen.contains(sim.card_rect(c)) for c in hand)
        sim._resized((700, 450))  # a window dragged smaller snaps back to the minimum
        assert sim.screen.get_size() == (900, 600)
    finally:
        sim.close()


def test_no_lead_offered_while_the_last_trick_is_collected():
    """Found by a new user: while a trick just taken still lay on the pads (the board takes
    no lead before it reads every pad clear), the status line said "to play: P1", the hand
    was outlined as legal, and a card dropped then was refused by the board ("clear the
    pads") and stayed on the pad. Now (Skat seed 1, P1 takes a trick, collect pause of
    1,500 ms) the status line says to wait, nothing is outlined, a card dropped is sent
    back to the hand with the reason and the board never sees it; after the collection
    the same card is P1's lead."""
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=DT, collect_ms=1500)
    you = MousePerson(sim, DT)
    try:
        you.until(lambda: you.shows("P2 declarer"))
        you.choose("P2 declarer")
        you.choose("18")
        play_cards(sim, you, 0, lambda: sim.turn_pad() == 0 and sim._trick_on_pads(),
                   limit=20000)
        assert "P1: wait, the last trick is being collected" in sim.status_line()
        assert sim.legal_highlight() == ()
        card = sim.shadow.legal_cards(sim.seat_of(0))[0]
        played = len([e for e in sim.events if isinstance(e, CardPlayed)])
        you.drag(card, sim.pad_centre(0))
        assert card in sim.tableau.hand(0)
        assert "refused: wait, the last trick is being collected" in sim.signals.buzz(sim.now)
        you.until(lambda: not sim._trick_on_pads() and sim.tableau.pads_clear())
        you.until(lambda: "to play: P1" in sim.status_line())  # the refusal lapses
        assert card in sim.legal_highlight()
        you.drag(card, sim.pad_centre(0))
        you.until(lambda: len([e for e in sim.events if isinstance(e, CardPlayed)]) > played)
        assert [e.card for e in sim.events if isinstance(e, CardPlayed)][played] == card
    finally:
        sim.close()


def test_at_a_computer_declarers_result_two_long_presses_reach_the_last_card():
    """Found by a new user (Skat seed 1, P2 declares, a person at P1): on the result every
    long press took back the skat's scan and the simulator scanned it again within a
    second, so nobody could go further back. A scan taken back now waits as a bid taken
    back does (``auction.UNDO_PAUSE_MS``): the first long press takes back the scan, the
    second the deal's last card, which goes back to its owner's hand."""
    from device.controller import MODE_RESULT
    sim, you = _skat_p2_declares()
    try:
        play_cards(sim, you, 0, lambda: sim.ctl.mode == MODE_RESULT, limit=40000)
        assert "the deal is over: OK books it" in sim.status_line()  # what OK does, at once
        last = [e for e in sim.events if isinstance(e, CardPlayed)][-1]
        before = len(sim.events)
        you.long_press()
        you.long_press()
        undone = [e for e in sim.events[before:] if isinstance(e, Undone)]
        assert [u.card for u in undone] == [-1, last.card]
        assert last.card in sim.tableau.hand(sim.pad_of(last.seat))
    finally:
        sim.close()


def test_the_holder_of_the_lowest_diamond_is_told_and_a_wrong_answer_refused():
    """Found by a new user: Zhopa's deal 1 asked the person "Low diamond:" while the
    other hands lay face down, so they could not know they held the lowest, and any
    answer was taken. Zhopa, 3 players, seed 2 (P1 dealt 8D JS TD 6D): the status line
    names the card and the answer; in practice mode OK on P2 is refused with it (the board
    cannot check: it knows no hands); P1 is taken and P1 leads."""
    sim = SimApp("zhopa", 3, seed=2, human={0}, fixed_dt=DT, collect_ms=160, think_ms=200)
    you = MousePerson(sim, DT)
    try:
        you.until(lambda: sim.board.lcd_lines()[0].startswith("Low diamond"))
        hint = "P1 (you): you hold the lowest diamond dealt, D6: choose P1, then lead"
        assert hint in sim.status_line()
        you.click(NEXT)
        assert you.shows("P2")
        you.click(OK)
        assert sim.board.lcd_lines()[0].startswith("Low diamond")
        assert sim.signals.buzz(sim.now).startswith("BZZZ")
        you.choose("P1")
        you.until(lambda: not sim.board.lcd_lines()[0].startswith("Low diamond"))
        assert sim.fw_deal.first == 0
    finally:
        sim.close()


def _garble_the_lcd(sim, you):
    """A spurious E pulse latches one nibble into the HD44780 (host_sim.faults "nibble"):
    the menu's next redraw (PREV then NEXT: the cursor back where it was) is assembled
    from the wrong halves and the LCD shows no cursor mark (nor the item); the
    firmware's cursor is where it was. Returns the item's key under the cursor."""
    from device.view import cursor_item
    key = cursor_item(sim.ctl).label
    sim.board.lcd_model.spurious_nibble()
    you.click(0)  # PREV
    you.click(NEXT)
    assert not any(r.startswith(">") for r in sim.board.lcd_lines()), sim.board.lcd_lines()
    assert cursor_item(sim.ctl).label == key
    return key


def test_the_ecart_and_the_lowest_diamond_checks_read_the_cursor_not_the_lcd():
    """The two person steps the board cannot check read the item under the menu's cursor
    by its key (host_sim.board.on_item, as the operator does), not the LCD's rows: with
    the LCD garbled by a spurious nibble (a glitch of its backpack) they still hold.
    Tarot (4 players, seed 3, P1 taker at garde): OK on "Not scanned" with the Chien box
    empty is refused, P1 keeps 24 cards and the board its écart menu. Zhopa (3 players,
    seed 2, P1 holds the lowest diamond): OK on P2 is refused with the hint."""
    from core.games import tarot
    sim, you = _tarot_taker_at_not_scanned()
    try:
        assert _garble_the_lcd(sim, you) == "Not scanned"
        you.click(OK)
        assert sim.fw_deal.phase == tarot.PHASE_ECART and len(sim.tableau.hand(0)) == 24
        assert sim.signals.buzz(sim.now).startswith("BZZZ")
        assert "P1: drag 6 cards into the Chien box, then choose Not scanned" in \
            sim.status_line()
    finally:
        sim.close()
    sim = SimApp("zhopa", 3, seed=2, human={0}, fixed_dt=DT, collect_ms=160, think_ms=200)
    you = MousePerson(sim, DT)
    try:
        you.until(lambda: sim.board.lcd_lines()[0].startswith("Low diamond"))
        you.click(NEXT)
        assert _garble_the_lcd(sim, you) == "P2"
        you.click(OK)
        assert sim.fw_deal.waiting_for_leader()
        assert sim.signals.buzz(sim.now).startswith("BZZZ")
        assert "you hold the lowest diamond dealt, D6: choose P1, then lead" in \
            sim.status_line()
    finally:
        sim.close()


def _caption_clear_of_the_table(sim):
    """The caption box as drawn (the talon's captions, the auction's answers): every
    answer button clear of every pad; the box on the felt (inside the table, below the
    status line), its rows and buttons inside it, clear of every card drawn (hands,
    talon, pads), every pad, the talon, each name and each hand's room. Returns the words
    of its rows, in order."""
    lay = sim.layout
    for r, _i in sim.answer_rects:
        assert not any(r.colliderect(p) for p in lay.pads), (r, lay.pads)
    box = sim.caption_rect
    assert box is not None and lay.felt.contains(box), (box, lay.felt)
    drawn = [r for _w, r in sim.caption_rows] + [r for r, _i in sim.answer_rects]
    assert all(box.contains(r) for r in drawn), (box, drawn)
    hands = [lay.hand_rect(p) for p in range(sim.players) if sim.tableau.hand(p)]
    for r in list(sim.card_rects.values()) + lay.pads + [lay.talon] + sim.name_rects + hands:
        assert not box.colliderect(r), (box, r)
    return " ".join(w for w, _r in sim.caption_rows)


@pytest.mark.parametrize("size", [(900, 600), (1280, 800), (1600, 1000)])
def test_the_auction_answers_and_the_captions_lie_clear_of_the_seats(size):
    """Found by a new user: at the smallest window (900x600) the Skat auction's answer
    buttons and the "Bids" line lay over pad P1, and the Bids caption ran off the
    table's edge. The caption box (chien, bids, direction of play, the auction's question
    and answers) is placed by the layout on the felt clear of the seats, whole (every
    word of every line drawn), at the smallest size and larger: Skat seed 1 at P1's
    question (3 players), at P2's (6 players, three sit out); French Tarot seed 1 with 4
    and 5 players once the bids are over (the chien shown, four bids, the direction)."""
    from core.games import tarot
    from host_sim.ui import auction
    from host_sim.ui.render import fixed_words
    for game, players, human in (("skat", 3, {0}), ("skat", 6, {1}), ("tarot", 4, ()),
                                 ("tarot", 5, ())):
        sim = SimApp(game, players, seed=1, human=human, fixed_dt=DT, think_ms=200,
                     size=size)
        you = MousePerson(sim, DT)
        try:
            if game == "skat":
                you.until(lambda: len(sim.adapter.bids) >= (7 if players == 3 else 1) and
                          bool(auction.question(sim)), limit=3000)
                you.frames(1)
                assert len(sim.answer_rects) == 2
                lines = [sim.adapter.bids_caption(), fixed_words(sim.adapter.direction_words),
                         auction.question(sim)]
            else:
                you.until(lambda: getattr(sim.fw_deal, "phase", 0) > tarot.PHASE_BIDDING and
                          bool(sim.adapter.talon_caption(sim)), limit=3000)
                you.frames(1)
                lines = [sim.adapter.talon_caption(sim), sim.adapter.bids_caption(),
                         fixed_words(sim.adapter.direction_words)]
            assert sim.screen.get_size() == sim.layout.size == size
            assert _caption_clear_of_the_table(sim) == " ".join(lines)
        finally:
            sim.close()
    assert lines[1] == "Bids: P3 passes, P4 bids Prise, P5 passes, P1 passes"


@pytest.mark.parametrize("size", [(900, 600), (1280, 800)])
def test_the_tarot_result_box_leaves_every_name_readable(size):
    """Found by a new user: French Tarot's result box, centred on the table, covered
    P2's name ("P2 computer - taker prise", 4 players at 900x600), the seat its marks
    line names. The box is placed by the layout clear of every seat's name (and of the
    captions), in smaller type when the table is crowded: seed 2 with 4 and 5 players,
    every line of the breakdown shown."""
    from device.controller import MODE_RESULT
    for players in (4, 5):
        sim = SimApp("tarot", players, seed=2, human=(), fixed_dt=17, think_ms=60,
                     collect_ms=120, size=size)
        try:
            sim.lazy_draw = True
            sim.run(frames=60000, until=lambda s: s.ctl.mode == MODE_RESULT and s.results)
            sim.draw()
            box = sim.result_rect
            assert len(sim.result_shown()) == 8 and box is not None
            assert sim.layout.felt.contains(box), (box, sim.layout.felt)
            assert len(sim.name_rects) == players
            for name in sim.name_rects + [sim.caption_rect]:
                assert not box.colliderect(name), (box, name)
        finally:
            sim.close()


def _speak(lang):
    """The table in ``lang``: the simulator's sentences (gettext) and the LCD's words
    (conftest puts both back in English after the test)."""
    from device import words
    from host_sim import i18n
    i18n.set_language(lang)
    words.set_language(lang)


def _words(rows):
    """The words of rows drawn as ``[(words, rect)]``, in order."""
    return " ".join(w for w, _r in rows).split()


def _apart(rects):
    """True when no two of ``rects`` overlap."""
    return all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("lang", ["en", "de", "fr", "uk"])
def test_every_hint_is_read_whole_at_the_smallest_window(lang):
    """Found by a new user: at 900x600 the key hints under the table ran off at its edge
    ("| F..."), and the panel's keys hint ran out of the panel in German and Ukrainian.
    Every word of both is drawn (the table's hints wrapped between their parts, the keys
    between words): each row inside the drawn table (the felt and its edge) or inside the
    panel's margins, the table's rows clear of every card drawn, the panel's between the
    buttons and the link panel's title, no two rows over each other."""
    from host_sim.ui.render import keys_hint, table_hint
    _speak(lang)
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=DT, size=(900, 600))
    try:
        MousePerson(sim, DT).until(lambda: len(sim.tableau.hand(0)) == 10 and
                                   len(sim.card_rects) >= 32)
        lay = sim.layout
        assert sim.screen.get_size() == lay.size == (900, 600)
        table = lay.table.inflate(-8, -8)  # the table as drawn: the felt and its edge
        rows = [r for _w, r in sim.hint_rows]
        parts = [w for w in _words(sim.hint_rows) if w != "|"]  # broken between parts
        assert parts == [w for w in table_hint().split() if w != "|"]
        assert all(table.contains(r) for r in rows), (table, sim.hint_rows)
        assert not [(c, r) for c, r in sim.card_rects.items() for h in rows
                    if r.colliderect(h)]
        assert _apart(rows)
        inside = lay.panel.inflate(-32, 0)
        rows = [r for _w, r in sim.keys_rows]
        assert _words(sim.keys_rows) == keys_hint().split()
        assert all(inside.contains(r) and r.top > lay.buttons[0].bottom and
                   r.bottom <= lay.traffic_title[1] for r in rows), (inside, sim.keys_rows)
        assert _apart(rows)
        if lang == "uk":  # the words that were cut
            assert len(sim.hint_rows) == 2 and len(sim.keys_rows) == 2
    finally:
        sim.close()


def _names_clear(sim, lay):
    """Every seat's name line as drawn: inside the table (``Layout.seats``: below the
    status line, above the hints, the hands' distance from the sides), its rows inside
    it, clear of every pad, the talon when drawn, every card drawn and every other seat's
    name. Returns each seat's words."""
    talon = [lay.talon] if sim.tableau.talon() or sim.adapter.talon_label else []
    cards = list(sim.card_rects.values())
    for p, (name, rows) in enumerate(zip(sim.name_rects, sim.name_rows)):
        assert lay.seats.contains(name), (p, name, lay.seats)
        assert all(name.contains(r) for _w, r in rows), (p, name, rows)
        for r in lay.pads + talon + cards + sim.name_rects[:p] + sim.name_rects[p + 1:]:
            assert not name.colliderect(r), (p, name, r)
    return [" ".join(w for w, _r in rows) for rows in sim.name_rows]


@pytest.mark.parametrize("game,players,seed,right", [("skat", 3, 1, 2), ("tarot", 4, 2, 1)])
def test_every_seats_name_and_trick_count_stay_on_the_table(game, players, seed, right):
    """Found by a new user: a right-hand seat's name with its count ("7 tricks (took the
    last trick)") ran off the table's edge, and at 900x600 Skat's declarer's line at the
    left ran over the right-hand seat's name. At the end of a deal (Skat seed 1: P2 the
    declarer takes the last trick; French Tarot seed 2, 4 players: P2, the taker, on P1's
    right, takes it) at 900x600, 1280x800 and 1600x1000 every seat's name and count are
    drawn whole (every word) inside the table, clear of the pads, the talon, the cards and
    each other (:func:`_names_clear`)."""
    from device.controller import MODE_RESULT
    sim = SimApp(game, players, seed=seed, human=(), fixed_dt=17, think_ms=60,
                 collect_ms=100, size=(900, 600))
    try:
        sim.lazy_draw = True
        sim.run(frames=60000, until=lambda s: s.ctl.mode == MODE_RESULT and s.results)
        sim.collect_now()
        taker = sim.last_taker
        hands = sim.layout.hand_centre
        assert hands[right][0] > hands[0][0] + 100  # on P1's right
        for size in ((900, 600), (1280, 800), (1600, 1000)):
            sim._resized(size)
            sim.draw()
            said = _names_clear(sim, sim.layout)
            for p in range(players):
                seat = sim.seat_of(p)
                note = sim.adapter.seat_note(sim, seat)
                tricks = len(sim.tableau.pile(p)) // players
                words = "P%d computer%s" % (p + 1, " - " + note if note else "")
                words += " %d trick%s" % (tricks, "" if tricks == 1 else "s") if tricks else ""
                words += " (took the last trick)" if p == taker else ""
                assert said[p].split() == words.split(), (size, said[p], words)
        assert taker == (1 if game == "skat" else right)
        assert "took the last trick" in said[taker]
    finally:
        sim.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr", "uk"])
def test_the_status_line_loses_nothing_at_the_smallest_window(lang):
    """Found by a new user: at 900x600 the status line wrapped into two rows and the second
    was cut, losing "| P3 passes" during the Skat auction. The status band at the top of
    the table now holds the rows the longest line said takes at that width (three at
    900x600; ``Layout.status``), and every word of the line is drawn: Skat seed 1, P1's
    first question with P3's pass just said, in every language; each row inside the band
    (within the table, above the felt, clear of every seat's name and card)."""
    from host_sim.ui import auction
    _speak(lang)
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=DT, think_ms=200, size=(900, 600))
    you = MousePerson(sim, DT)
    try:
        you.until(lambda: bool(auction.question(sim)) and bool(sim.adapter.bids))
        said = sim.adapter.bids[-1]
        line = sim.status_line()
        assert line.endswith("| " + said) and auction.question(sim) in line, line
        lay = sim.layout
        assert lay.status.h == 3 * 16 and lay.status.bottom <= lay.felt.top
        assert lay.table.inflate(-8, -8).contains(lay.status)
        assert _words(sim.status_rows) == line.split()
        rows = [r for _w, r in sim.status_rows]
        assert all(lay.status.contains(r) for r in rows), (lay.status, sim.status_rows)
        assert len(rows) > 1 and _apart(rows)
        for r in sim.name_rects + list(sim.card_rects.values()):
            assert not any(r.colliderect(row) for row in rows), r
    finally:
        sim.close()


def tarot_primes_deals():
    """Deals of the rules core (core.games.tarot, every card the first legal one) whose
    primes the breakdown names, each ``(game, result)``: P1's garde sans at five with P3
    called, P1's 8-trump poignée, the petit au bout to the attack, FFT and
    ``partner=personal`` (tests/test_tarot_partner_share.py); at four, P1 holding 18
    trumps takes every trick unannounced; P2, a defender, shows 10 trumps and the defence
    takes every trick; at five P1 shows 10 trumps and P2, a defender, 8, FFT and under the
    house rule ``poignees=20-40-60``; the announced chelem failed
    (tests/test_tarot_chelem_excuse.py)."""
    from core.games import tarot
    from test_tarot import cards, make_hands, start
    from test_tarot_chelem_excuse import _announced_chelem_led_excuse
    from test_tarot_partner_share import HANDS, SHOWN

    def play(deal, shows=None, keep=None):
        shows = shows or {}
        while not deal.is_over():
            s = deal.current_seat()
            if s in shows and deal.tricks_done == 0 and s not in [x for x, _ in deal.poignees]:
                deal.announce(s, tarot.POIGNEE, cards(shows[s]) if isinstance(shows[s], str)
                              else shows[s])
            legal = deal.legal_cards(s)
            deal.play(s, ([c for c in legal if c != keep] or legal)[0])
        return deal.game, deal.result()

    out = [play(start(5, HANDS, 0, 0, call="HK", partner=partner), {0: SHOWN},
                keep=tarot.PETIT) for partner in ("fft", "personal")]
    out.append(play(start(4, make_hands(4, {0: " ".join(str(t) for t in range(4, 22))}),
                          1, 0)))
    defender = "12 13 14 15 16 17 18 19 20 21"
    out.append(play(start(4, make_hands(4, {1: defender + " 1 EX"}), 1, 0), {1: defender}))
    hands = make_hands(5, {0: defender + " SK CK", 1: "1 2 3 4 5 6 7 8", 2: "HK"})
    for rule in ("fft", "20-40-60"):
        out.append(play(start(5, hands, 4, 0, call="HK", poignees=rule),
                        {0: defender, 1: "1 2 3 4 5 6 7 8"}))
    deal, result = _announced_chelem_led_excuse()
    return out + [(deal.game, result)]


def test_the_poignee_and_chelem_lines_read_as_the_petit_au_bout_line():
    """Found by a new user: the breakdown's poignée and chelem lines read "+20 a defender",
    and under the house rule partner=personal the poignée line said "+0 a defender". They
    now read as the petit au bout line does: which camp gets the prime, and what it is per
    defender (FFT p.6-7: the poignée's prime to the camp that wins the deal, whoever showed
    it; the chelem's to the camp that made it, 400 announced, 200 unannounced, 200 to each
    defender when the defence takes every trick, 200 a defender when an announced one
    fails); with partner=personal the poignée is the prime of the player who showed it.
    Each line checked against the rules core's own prime (``Score.poignee``,
    ``Score.chelem``) for the deals of :func:`tarot_primes_deals`."""
    from core.cards import TAROT
    from host_sim.ui.words import tarot_result_words
    said, primes = [], []
    for game, r in tarot_primes_deals():
        lines = tarot_result_words(r, lambda s: "P%d" % (s + 1), TAROT, game)
        said.append(lines[3:6])
        primes.append((r.score.poignee, r.score.chelem))
    assert primes == [(20, 0), (0, 0), (0, 200), (-20, -200), (50, 200), (60, 200),
                      (0, -200)]  # the core's, per defender
    fft, own, slam, defence, two, house, failed = said
    assert fft == [
        "Petit au bout won by the attack: 10 x 4 = 40 from each defender",
        "Poignée P1 8 trumps (attack) won by the attack, which wins the deal: "
        "20 from each defender",
        "Chelem: none"]
    assert own[:2] == [
        "Petit au bout: 10 x 4 = 40, the prime of the player of the Petit (house rule)",
        "Poignée P1 8 trumps (attack): 20, the prime of the player who showed it "
        "(house rule)"]
    assert slam[1:] == ["Poignée: none",
                        "Chelem made by the attack, unannounced: 200 from each defender"]
    assert defence[1:] == [
        "Poignée P2 10 trumps (defence) won by the defence, which wins the deal: "
        "20 to each defender",
        "Chelem made by the defence: 200 to each defender"]
    assert two[1] == ("Poignée P1 10 trumps (attack), P2 8 trumps (defence) won by the "
                      "attack, which wins the deal: 30 + 20 = 50 from each defender")
    assert house[1] == two[1].replace("30 + 20 = 50", "40 + 20 = 60")
    assert failed[2] == "Chelem announced and not made: 200 to each defender"


def test_the_auctions_result_is_entered_whatever_the_lcd_shows():
    """The simulator enters the Skat auction's result on the board only from the board's
    own "Auction result" menu (a person who opened the winning-bid list is taken back up
    first); it knew that menu by the LCD's first row, and now by the item under the
    cursor (``host_sim.board.on_item``), the one mechanism the operator and the person's
    checks use. Skat seed 1, a person at P1: at P1's first question a brown-out resets
    the LCD module (``Hd44780Model.power_cycle``: blank, the firmware's menu unchanged);
    P1, asked to bid over 22, passes with a click, and the auction's result is entered on
    the board as it was said (P2 declarer at 22): no long press (no ``Undone``). Before,
    the blank first row read as a submenu and the simulator pressed OK long, frame after
    frame, and never entered it."""
    from core.games import skat
    from device.view import cursor_item
    from host_sim.ui import auction
    sim = SimApp("skat", 3, seed=1, human={0}, fixed_dt=DT, think_ms=200)
    you = MousePerson(sim, DT)
    try:
        you.until(lambda: bool(auction.question(sim)) and bool(sim.answer_rects))
        sim.board.lcd_model.power_cycle()
        you.frames(2)
        assert not "".join(sim.board.lcd_lines()).strip()  # nothing on the LCD
        assert cursor_item(sim.ctl).label == "P2 declarer"
        a = sim.auction
        before = len(sim.events)
        rect = [r for r, i in sim.answer_rects if i == 1][0]  # Pass
        post = pygame.event.post
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
        you.until(lambda: sim.fw_deal.phase != skat.PHASE_AUCTION, limit=1500)
        labels = a.result_labels()
        assert a.entered and labels == ["P2 declarer", "22"]
        d = sim.fw_deal
        assert ["P%d declarer" % (sim.pad_of(d.declarer) + 1), str(d.bid_value)] == labels
        assert not [e for e in sim.events[before:] if isinstance(e, Undone)]
    finally:
        sim.close()


def test_the_status_line_says_how_to_leave_the_score_sheet():
    """Found by a person: the score sheet opened from the table menu (OK during play)
    left the status line with nothing to do (no word of the sheet), and holding OK,
    "back" everywhere else, went to the main menu, not the table. The line now says what
    the sheet's buttons do (device/modes/sheet.py: OK back to the game, BACK the main
    menu), and OK does take the person back to the deal."""
    from device.controller import MODE_SHEET
    sim, you = _skat_p2_declares()
    try:
        you.until(lambda: sim.ctl.mode == MODE_TABLE and sim.turn_pad() >= 0, limit=4000)
        you.click(OK)  # the table menu
        you.choose("Score sheet")
        assert sim.ctl.mode == MODE_SHEET
        assert "OK: back to the game, hold OK: main menu" in sim.status_line(), \
            sim.status_line()
        assert "to play" not in sim.status_line()
        you.click(OK)
        assert sim.ctl.mode == MODE_TABLE
    finally:
        sim.close()

"""Issue 26 (the part left): a person bids with the computers, and takes bids back.

Skat: the board is told the auction's result only; with a person at the table the
simulator holds the auction bid by bid (ISkO 3.1, host_sim/ui/auction.py): each computer
answers from its own ten cards, the person answers only for their own seat with the two
buttons drawn on the table, and the result is entered on the board's buttons. Tarot: the
board asks each bid in turn. Every step is a pygame mouse event (tests/simperson.py); a long
press is OK held 900 ms with the mouse.
"""

import pygame

from core.events import Undone
from device.controller import MODE_CHOICE, MODE_TABLE
from host_sim.players.skat_bid import auction as isko_auction
from host_sim.ui import auction
from host_sim.ui.app import SimApp
from host_sim.ui.operator import NEXT, OK
from host_sim.ui.games import contract_words
from simperson import MousePerson

DT = 16
THINK = 200


def _skat(seed, human=(0,)):
    sim = SimApp("skat", 3, seed=seed, human=set(human), fixed_dt=DT, collect_ms=160,
                 think_ms=THINK)
    said = []
    orig = sim.note

    def note(text):
        said.append(text)
        sim.said_at[text] = sim.now
        orig(text)
    sim.said_at = {}
    sim.note = note
    return sim, MousePerson(sim, DT), said


def _click_answer(you, label):
    """Click the auction's answer button whose label starts with ``label``."""
    sim = you.sim
    a = auction.of(sim)
    labels = [lab for lab, _ in a.options()]
    i = [k for k, lab in enumerate(labels) if lab.startswith(label)][0]
    rect = [r for r, k in sim.answer_rects if k == i][0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    you.frames(2)
    return labels[i]


def _until_question(you, limit=3000):
    you.until(lambda: bool(auction.question(you.sim)) and bool(you.sim.answer_rects),
              limit=limit)
    return auction.question(you.sim)


def _limits(sim, person_limit):
    hands = sim.dealt_hands
    limits = [auction.plain_limit(h) for h in hands]
    limits[sim.seat_of(0)] = person_limit
    return limits


def test_computers_bid_and_the_person_answers_for_their_own_seat_only():
    """Skat seed 1, plain computers, the person at P1 (rearhand: P2 is forehand, P3
    middlehand). The plain computers bid to twice their planned suit's base value (ISkO
    5.1: P2 clubs 24, P3 spades 22); P3 bids to P2 (18, 20, 22, held each time), P3 passes,
    and only then is P1 asked: "bid over 22, or pass?". P1 clicks Pass; the auction is the
    one ISkO 3.1 gives for these limits (host_sim.players.skat_bid.auction), said move by
    move one think time apart, and the board is told its result (P2 declarer, 22); the
    computer declarer's contract is then its own, shown in words beside its seat."""
    sim, you, said = _skat(1)
    try:
        you.until(lambda: len(sim.adapter.bids) == 1)
        assert "auction: P2's word" in sim.status_line()  # P3 said 18 to P2
        q = _until_question(you)
        assert q == "P1 (you): bid over 22, or pass?"
        assert [sim.pad_of(s) + 1 for s in range(3)] == [2, 3, 1]
        assert _limits(sim, 0) == [24, 22, 0]
        before = list(sim.adapter.bids)
        assert before == ["P3 says 18", "P2 holds", "P3 says 20", "P2 holds", "P3 says 22",
                          "P2 holds", "P3 passes"]
        assert sim.ctl.mode == MODE_CHOICE and not sim.ctl.app.referee.actions
        assert "bid over 22" in sim.status_line()
        assert [lab for lab, _ in auction.of(sim).options()] == ["Say 23", "Pass"]
        _click_answer(you, "Pass")
        you.until(lambda: sim.ctl.mode == MODE_TABLE and sim.turn_pad() >= 0, limit=4000)
        declarer, bid, moves = isko_auction(_limits(sim, 0))
        name = lambda s: "P%d" % (sim.pad_of(s) + 1)  # noqa: E731
        assert sim.adapter.bids == [auction.said(m, name) for m in moves]
        assert "the table enters: P2 declarer, 22" in said
        d = sim.fw_deal
        assert (d.declarer, d.bid_value) == (declarer, bid) == (0, 22)
        assert d.contract is not None
        note = sim.adapter.seat_note(sim, d.declarer)
        assert note.startswith("declarer: ") and note.endswith(", bid 22")
        assert "P2 declares %s, skat picked up, bid 22" % contract_words(d.contract) in said
    finally:
        sim.close()


def test_long_press_takes_back_bids_and_a_computer_bids_again():
    """Skat seed 1, the person at P1: at P1's question a long press takes back P3's pass
    (P3's word again; the question gone); P3 says it again only after the pause that lets
    a second long press go further back (``UNDO_PAUSE_MS``). P1 then says 23, 24, 27 (P2
    holds 23 and 24, its limit, and passes 27): the board is told P1 declarer at 27. A
    long press in the skat question takes that result back on the board (its journal's
    undo, device/modes/menu.py) and the auction reopens with P1's "27" taken back."""
    sim, you, said = _skat(1)
    try:
        _until_question(you)
        n = len(sim.adapter.bids)
        you.long_press()
        assert sim.adapter.bids[-1] == "P2 holds" and len(sim.adapter.bids) == n - 1
        assert "taken back: P3 passes" in said
        assert not auction.question(sim)
        _until_question(you)
        assert sim.said_at["P3 passes"] - sim.said_at["taken back: P3 passes"] >= \
            auction.UNDO_PAUSE_MS
        assert sim.adapter.bids[-1] == "P3 passes"
        for bid in ("23", "24", "27"):
            assert _click_answer(you, "Say") == "Say " + bid
            if bid != "27":
                _until_question(you)
        you.until(lambda: sim.ctl.mode == MODE_CHOICE and sim.fw_deal.phase == 2)
        assert sim.adapter.bids[-3:] == ["P2 holds", "P1 says 27", "P2 passes"]
        assert (sim.fw_deal.declarer, sim.fw_deal.bid_value) == (sim.seat_of(0), 27)
        assert sim.board.lcd_lines()[0].startswith("P1: skat?")
        before = len(sim.events)
        you.long_press()
        undone = [e for e in sim.events[before:] if isinstance(e, Undone)]
        assert len(undone) == 1 and sim.fw_deal.phase == 1  # the board's auction again
        assert not sim.ctl.app.referee.actions
        assert "taken back: P2 passes" in said
        you.long_press()  # within the pause: the auction goes one more bid back
        assert "taken back: P1 says 27" in said
        assert _until_question(you) == "P1 (you): bid over 24, or pass?"
        assert sim.adapter.bids[-2:] == ["P1 says 24", "P2 holds"]
    finally:
        sim.close()


def test_tarot_bids_taken_back_with_a_person_at_the_table():
    """French Tarot, 4 players, seed 3, the person at P4 (bids in turn from the dealer's
    right, FFT p.5: P2, P3, P4, P1). The computers P2 and P3 pass; at P4's menu a long press
    takes back P3's pass on the board (one Undone, P3's menu again, the bid gone from the
    list); P3 bids again, after the pause. P4 clicks Prise and at once holds OK: the
    computers wait while it is held, the long press takes back P4's own Prise (P4's menu
    again); P4 then bids Garde, P1 passes and P4, taker at garde, is asked for the écart."""
    sim = SimApp("tarot", 4, seed=3, human={3}, fixed_dt=DT, collect_ms=160, think_ms=THINK)
    you = MousePerson(sim, DT)
    try:
        you.until(lambda: you.sim.board.lcd_lines()[0].startswith("P4 bids") and
                  not sim.operator.busy())
        assert sim.adapter.bids == ["P2 passes", "P3 passes"]
        assert 'P4 (you): "P4 bids" on the board: < > choose, OK enters, hold OK: back' in \
            sim.status_line()  # what the board waits for, and how to answer it
        before = len(sim.events)
        you.long_press()
        assert [(sim.pad_of(e.seat), e.card) for e in sim.events[before:]
                if isinstance(e, Undone)] == [(2, -1)]
        assert sim.board.lcd_lines()[0].startswith("P3 bids")
        assert sim.adapter.bids == ["P2 passes"]
        sim.traffic.pull()  # the link panel names what was taken back (it said "P3 takes back ?")
        assert any("P3 takes back a bid or choice" in str(line) for line in sim.traffic.lines)
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P4 bids") and
                  not sim.operator.busy())
        assert sim.adapter.bids == ["P2 passes", "P3 passes"]
        you.choose("Prise")  # P1's pass is said at once, entered a think time later
        assert sim.adapter.bids[:3] == ["P2 passes", "P3 passes", "P4 bids Prise"]
        you.long_press()
        assert sim.board.lcd_lines()[0].startswith("P4 bids")
        assert sim.adapter.bids == ["P2 passes", "P3 passes"]
        assert [a for a in sim.ctl.app.referee.actions] == [("bid", (1, "pass")),
                                                              ("bid", (2, "pass"))]
        you.choose("Garde")
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P4 ecart"))  # P4's écart
        assert sim.fw_deal.taker == 3 and sim.fw_deal.contract == 2
        assert "P4 (you): drag 6 cards into the Chien box, then choose Not scanned" in \
            sim.status_line()
        assert sim.adapter.bids == ["P2 passes", "P3 passes", "P4 bids Garde", "P1 passes"]
    finally:
        sim.close()


def test_the_discard_and_the_ecart_put_away_by_clicks():
    """Found by a new user: a click on a card (the README's "click a card: lay it on its
    pad") while discarding laid it on the pad, not in the skat box. Now a click during
    the Skat discard (seed 3, P1 declares at 22) and the Tarot écart (seed 3, P4 takes)
    puts the card into the talon box; the deals book the rules core's results."""
    for game, players, pad, bid_to in (("skat", 3, 0, 22), ("tarot", 4, 3, 0)):
        result, undone, shadow, seat = _deal_with_every_undo(game, players, 3, pad,
                                                             bid_to=bid_to, tap=True)
        assert ("discard", "declare" if game == "skat" else "discard") in \
            [u[:2] for u in undone]
        assert result == shadow


def _deal_with_every_undo(game, players, seed, pad, bid_to=0, tap=False):
    """A whole deal by ``tests/simperson.Seat`` at ``pad``, one undo of every kind: a bid,
    the discard (Skat contract, Tarot écart), a computer's card, one's own card, the last
    step of the deal. ``(booked result, undone, shadow's result, seat)``."""
    from simperson import Seat
    sim = SimApp(game, players, seed=seed, human={pad}, fixed_dt=DT, collect_ms=160,
                 think_ms=300)
    try:
        seat = Seat(sim, MousePerson(sim, DT), pad, undo=1, steps=("bid", "discard"),
                    bid_to=bid_to, tap=tap)
        shadow = []
        result = seat.play_deal(on_result=lambda: shadow.append(sim.shadow.result()))
        return result, seat.undone, shadow[-1], seat
    finally:
        sim.close()


def test_whole_skat_deal_as_declarer_with_undo_at_every_step():
    """Done when (Skat): seed 3, the person at P1 (rearhand) with the mouse alone. In the
    auction P3 says 18 and P2 passes; at P1's question a long press takes back P2's pass
    (P2 passes again after the pause); P1 says 20 (P3 holds) and 22 (P3, bidding to 20,
    passes): P1 declares at 22. P1 picks up the skat, drags two cards into the skat box,
    chooses the contract; a long press takes the contract back, the two cards come back
    from the box and are laid away again; every card dragged; a computer's card and P1's
    own taken back; the skat scanned at the end taken back on the result. The booked result
    is the rules core's for the same cards."""
    result, undone, shadow, seat = _deal_with_every_undo("skat", 3, 3, 0, bid_to=22)
    assert [u[:2] for u in undone] == [("bid", "auction"), ("discard", "declare"),
                                       ("comp", "play"), ("own", "play"),
                                       ("end", "set_skat")]
    assert undone[0][3] == "P2 passes"
    assert seat.chose[:3] == ["Say 20", "Say 22", "Pick up skat"]
    assert (result.declarer, result.bid) == (2, 22)  # P1 sits at rearhand (deal seat 2)
    assert result.status == "played" and result == shadow


def test_whole_tarot_deal_as_taker_with_undo_at_every_step():
    """Done when (French Tarot): 4 players, seed 3, the person at P4. At P4's bid a long
    press takes back P3's pass (P3 passes again after the pause); P4 bids Prise, gets the
    chien, drags the écart into the box and enters it; a long press takes the écart back
    (the écart menu again, the six cards back in the hand, laid away again); every card
    dragged; a computer's card, P4's own and the last card taken back. The booked result is
    the rules core's for the same cards."""
    result, undone, shadow, seat = _deal_with_every_undo("tarot", 4, 3, 3)
    assert [u[:2] for u in undone] == [("bid", "bid"), ("discard", "discard"),
                                       ("comp", "play"), ("own", "play"), ("end", "play")]
    assert undone[0][2] == 2  # P3's bid (deal seat 2) taken back
    assert (result.taker, result.contract) == (3, 1) and result == shadow


def test_zhopa_go_or_no_said_for_every_seat():
    """Zhopa seed 2, the person at P1 (A39: each player bids go or no once before the first
    lead): the computers' bids are said as they are made and the person's own, clicked on
    the board, joins the list; the list follows the board's bids seat by seat."""
    from simperson import Seat
    sim = SimApp("zhopa", 3, seed=2, human={0}, fixed_dt=DT, collect_ms=160, think_ms=THINK)
    try:
        seat = Seat(sim, MousePerson(sim, DT), 0)
        for _ in range(3000):
            if sim.ctl.mode == MODE_TABLE and sim.turn_pad() >= 0:
                break
            if not seat._choice():
                seat.you.frames()
        bids = [args for verb, args in sim.ctl.app.referee.actions if verb == "bid"]
        assert len(bids) == 3 and len(sim.adapter.bids) == 3
        assert sim.adapter.bids == ["P%d %s" % (sim.pad_of(s) + 1, "goes" if go else "says no")
                                    for s, go in bids]
        mine = [b for b in sim.adapter.bids if b.startswith("P1 ")]
        assert mine == ["P1 " + ("goes" if seat.chose[-1].startswith("Go") else "says no")]
    finally:
        sim.close()


def test_a_person_sitting_out_leaves_the_auction_to_the_computers():
    """Skat at 4 (the dealer sits out, ISkO 2.1): the person at P1 deals deal 1 and sits
    out; the three computers bid and play on without waiting for them (before, the menus
    waited for a person who had no say)."""
    sim = SimApp("skat", 4, seed=1, human={0}, fixed_dt=DT, collect_ms=160, think_ms=100)
    try:
        you = MousePerson(sim, DT)
        you.until(lambda: sim.turn_pad() >= 0, limit=3000)
        assert sim.seat_of(0) == -1 and sim.adapter.bids and auction.of(sim) is None
        assert sim.turn_pad() != 0
    finally:
        sim.close()


def test_the_pick_up_taken_back_to_play_hand():
    """Skat seed 3: P1 says 20 and 22 and declares; "Pick up skat" brings the skat into
    P1's hand (12 cards). OK is kept from the board until two cards are laid away, but a
    long press still takes the pick-up back: the board asks "P1: skat?" again, the two
    skat cards go back into the box and P1 holds the ten dealt cards; P1 then plays a
    hand game and the skat stays in the box."""
    sim, you, said = _skat(3)
    try:
        for _ in range(2):
            _until_question(you)
            _click_answer(you, "Say")
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P1: skat?"))
        dealt = sorted(sim.dealt_hands[sim.seat_of(0)])
        you.choose("Pick up skat")
        you.until(lambda: len(sim.tableau.hand(0)) == 12)
        assert sim.board.lcd_lines()[0].startswith("P1 discard 2")
        before = len(sim.events)
        you.long_press()
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P1: skat?"), limit=200)
        undone = [e for e in sim.events[before:] if isinstance(e, Undone)]
        assert len(undone) == 1 and undone[0].card == -1
        assert sorted(sim.tableau.hand(0)) == dealt
        assert sorted(sim.tableau.talon()) == sorted(sim.dealt_talon)
        assert "P1 puts the skat back" in said
        you.choose("Hand game")
        you.choose("Schellen")
        you.choose("Plain hand")
        you.until(lambda: sim.ctl.mode == MODE_TABLE and sim.turn_pad() >= 0)
        assert sim.fw_deal.contract.hand and sorted(sim.tableau.hand(0)) == dealt
        assert sorted(sim.tableau.talon()) == sorted(sim.dealt_talon)
    finally:
        sim.close()


def test_board_buttons_pressed_during_the_auction_do_not_stop_it():
    """Skat seed 1: while the computers bid, the person presses the board's OK (the board's
    "Winning bid" list for "P1 declarer" opens, as a table reporting the result by hand
    would); they then answer Pass on the screen: the simulator first goes back up to
    "Auction result" (a long press goes up a level in a submenu) and enters the result."""
    sim, you, said = _skat(1)
    try:
        you.until(lambda: len(sim.adapter.bids) == 1)
        you.click(2)  # OK on the board
        assert sim.board.lcd_lines()[0].startswith("Winning bid")
        _until_question(you)
        _click_answer(you, "Pass")
        you.until(lambda: sim.ctl.mode == MODE_TABLE and sim.turn_pad() >= 0, limit=4000)
        assert (sim.fw_deal.declarer, sim.fw_deal.bid_value) == (0, 22)
        assert "the table enters: P2 declarer, 22" in said
    finally:
        sim.close()


def test_a_persons_keys_do_not_move_a_computers_bid():
    """French Tarot, 4 players, seed 3, the person at P4. While P2's bid menu is on the
    board (P2 a computer, which enters its bid with the board's buttons), the person
    presses NEXT and clicks OK: both are refused with a word on the table, and P2's and
    P3's passes reach the board as the computers said them (found by a new user: a NEXT
    during P4's bid moved its cursor, the panel said "P4 passes", the board took Prise)."""
    sim = SimApp("tarot", 4, seed=3, human={3}, fixed_dt=DT, collect_ms=160, think_ms=THINK)
    you = MousePerson(sim, DT)
    try:
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P2 bids"))
        shown = sim.board.lcd_lines()
        assert "P2 (computer) answers on the board" in sim.status_line()  # never blank
        you.click(NEXT)
        assert sim.signals.buzz(sim.now) == \
            "BZZZ (P2's choice: the computer answers (hold OK: back))"
        assert "P2's choice: the computer answers (hold OK: back)" in sim.status_line()
        you.click(OK)
        you.until(lambda: sim.board.lcd_lines()[0].startswith("P4 bids") and
                  not sim.operator.busy())
        assert sim.adapter.bids == ["P2 passes", "P3 passes"]
        assert list(sim.ctl.app.referee.actions) == [("bid", (1, "pass")), ("bid", (2, "pass"))]
        assert shown[0].startswith("P2 bids")
    finally:
        sim.close()


def test_the_status_line_and_the_lcd_agree_while_the_auction_is_held():
    """Found by a new user: while the window asked "P1 (you): bid over 22, or pass?", the
    board's LCD already showed "Auction result / >P2 declarer", which read as an answer.
    The LCD is the board's own (a real board shows the same menu while a table bids aloud:
    it waits for the result, its cursor on forehand's line); nothing is entered before the
    auction is over, and the status line says so in the LCD's words, in the table's
    language, from the computers' first bid to the person's question; once the result is
    entered it no longer does. Skat seed 1, the person at P1, English then German."""
    from device import words
    from host_sim import i18n
    for lang, title, says in (
            ("en", "Auction result", '"Auction result" on the board waits for the end of '
                                     'the auction'),
            ("de", "Reizergebnis", '„Reizergebnis" am Gerät wartet auf das Ende des '
                                   'Reizens')):
        words.set_language(lang)
        i18n.set_language(lang)
        sim, you, said = _skat(1)
        try:
            you.until(lambda: len(sim.adapter.bids) == 1)
            assert sim.board.lcd_lines()[0].startswith(title)
            assert auction.status(sim).endswith("   " + says) and says in sim.status_line()
            _until_question(you)
            rows = sim.board.lcd_lines()
            assert rows[0].startswith(title) and rows[1].startswith(">P2 ")
            assert not sim.ctl.app.referee.actions  # the board was told nothing yet
            assert auction.status(sim) == auction.question(sim) + "   " + says
            assert says in sim.status_line()
            _click_answer(you, "Pass" if lang == "en" else "Passe")
            you.until(lambda: sim.ctl.app.referee.actions, limit=4000)
            assert says not in sim.status_line()
        finally:
            sim.close()
            words.set_language("en")
            i18n.set_language("en")

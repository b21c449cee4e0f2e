"""Issue 8: the table controller as players meet it, run headless on the emulated board.

Every game is driven through the menus (buttons) and the pads (tags), and its score must
equal the rules core's result for the same cards (a shadow deal that knows the hands).
"""

import re

import pytest

from core.cards import FRENCH36, SKAT, TAROT
from core.games import magistr, skat
from core.rng import Rng
from core.tags import ntag213_image
from core.vocab import Vocabulary
from host_sim.autoplay import table_player
from host_sim.board import SimBoard, TaggedDeck, lcd_cells, tag_uid
from host_sim.chips.ntag import Ntag213


@pytest.mark.parametrize("game,players,deals", [
    ("skat", 3, 4), ("skat", 4, 4), ("tarot", 3, 2), ("tarot", 4, 3), ("tarot", 5, 2)])
def test_scripted_deals_score_as_the_rules_core(game, players, deals):
    """Each deal played through menus and pads scores exactly as the core with the hands."""
    p = table_player(game, players, seed=11)
    results = p.play(deals)
    assert len(results) == deals
    for shadow, firmware in results:
        assert firmware == shadow


@pytest.mark.parametrize("players", [2, 3, 4])
def test_magistr_whole_game(players):
    """All 24 deals through the menus and pads; every row equals the core's (the board's
    sheet checks every control sum as it books a deal) and the final sheet (totals, places)
    equals a core Match fed the same deals."""
    p = table_player("magistr", players, seed=5)
    results = p.play(24)
    assert len(results) == 24
    core_match = magistr.Match(magistr.Game(players), 0)
    for shadow, firmware in results:
        assert firmware == shadow
        core_match.record(shadow)
    assert core_match.is_over()
    # the final sheet: the board's equals the sheet of the core's match
    from device.flows import magistr as flow
    assert p.ctl.last_sheet[-len(flow.sheet_lines(core_match)):] == \
        flow.sheet_lines(core_match)
    zdi, grvi, kvvi = core_match.totals()
    assert ("P1 %+4d %2dtr #%d" % (grvi[0], zdi[0], core_match.places()[0])) in \
        p.ctl.last_sheet
    # and it is on the LCD, read back from the display's DDRAM
    assert p.board.lcd_lines()[0].startswith("Deal 24 over")
    assert p.ctl.mode == 5  # MODE_SHEET


def test_transcript_of_a_skat_deal():
    """The LCD frames of a deal, read back from the HD44780: the menus, each card with its
    suit glyph, the trick verdicts and the result."""
    p = table_player("skat", 3, seed=3)
    p.play(1)
    frames = [" | ".join(f) for f in p.board.transcript]
    text = "\n".join(frames)
    # after the pick-up the contract menu's title asks for the discard (issue 26)
    assert "Auction result" in text and "Winning bid" in text and " discard 2" in text
    assert sum(1 for f in frames if " takes " in f) >= 1
    assert "scan skat (2)" in text
    shadow, fw = p.results[0]
    verdict = "overbid" if fw.overbid else ("won" if fw.won else "lost")
    assert any(("%s %+d" % (verdict, fw.value)) in f for f in frames)
    # cards are shown with their suit glyph (CGRAM read back as the German-suited deck's
    # marks, core/vocab.py: "P2 EU" for the Eichel-Unter), never a French suit sign
    assert re.search(r"P\d [EGHS](7|8|9|10|U|O|K|D)\b", text), text
    assert not any(ch in text for ch in "♣♠♥♦")


@pytest.mark.parametrize("central", [False, True], ids=["pad-per-seat", "central-pad"])
@pytest.mark.parametrize("size", [(16, 2), (20, 4)], ids=["16x2", "20x4"])
def test_pad_modes_and_lcd_sizes(central, size):
    """Both pad modes and both LCD sizes play a Skat deal and a Magistr deal correctly."""
    for game, players in (("skat", 3), ("magistr", 3)):
        p = table_player(game, players, seed=2, central=central, cols=size[0], rows=size[1])
        for shadow, firmware in p.play(1):
            assert firmware == shadow
        assert all(len(l) == size[0] for l in p.board.lcd_lines())
        assert len(p.board.lcd_lines()) == size[1]


# --- refusals: each reason produced by the faulty card, the state unchanged ---------------

def _skat_table(hands=None, skat_cards=None):
    """A Skat table past the auction: P1 (forehand) declares a grand; returns the board."""
    b = SimBoard(3)
    b.start(lambda: _declared(hands, skat_cards), SKAT)
    b.run(20)
    return b


def _declared(hands, skat_cards):
    d = skat.Game().new_deal(0, hands, skat_cards)
    d.enter_auction(0, 18)
    if hands is None:
        d.declare(0, "GH")
    else:
        d.declare(0, "GH")
    return d


def _state(b):
    d = b.app.referee.deal
    return (list(d.history), list(d.trick), d.tricks_done, bytes(d.seen), d.to_play())


def _refusal(events):
    return [e for e in events if type(e).__name__ == "Refused"]


def test_refused_not_your_turn():
    b = _skat_table()
    deck = TaggedDeck(SKAT)
    before = _state(b)
    ev = b.play_card(1, deck.tag(SKAT.parse("SA")))  # forehand leads, not middlehand
    assert _refusal(ev)[0].reason == "not-your-turn"
    assert "not your turn" in b.lcd_lines()[1]
    assert _state(b) == before


def test_refused_card_already_played():
    b = _skat_table()
    deck = TaggedDeck(SKAT)
    b.play_card(0, deck.tag(SKAT.parse("SA")))
    before = _state(b)
    ev = b.play_card(1, deck.tag(SKAT.parse("SA")))
    assert _refusal(ev)[0].reason == "already-played"
    assert "already played" in b.lcd_lines()[1]
    assert _state(b) == before


def test_refused_not_in_this_deck():
    b = _skat_table()
    before = _state(b)
    ev = b.play_card(0, TaggedDeck(TAROT).tag(TAROT.parse("21")))
    assert _refusal(ev)[0].reason == "not-in-deck"
    assert "not in this deck" in b.lcd_lines()[1]
    assert _state(b) == before


@pytest.mark.parametrize("memory", ["blank", "foreign"])
def test_refused_unknown_tag(memory):
    """A blank sticker, or one rewritten with another NDEF text by a phone."""
    b = _skat_table()
    uid = tag_uid(SKAT, 99)
    image = ntag213_image(uid)
    if memory == "foreign":
        text = b"\x03\x0b\xd1\x01\x07\x54\x02en" + b"hello" + b"\xfe"
        image[16:16 + len(text)] = text
    before = _state(b)
    ev = b.play_card(0, Ntag213(uid, memory=image))
    assert _refusal(ev)[0].reason == "unknown-tag"
    assert "unknown tag" in b.lcd_lines()[1]
    assert _state(b) == before


def test_must_follow_suit_when_hands_are_known():
    """With the hands known (a deal scanned in advance), a failure to follow is refused."""
    cards = Rng(21).shuffle(list(range(32)))
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    b = _skat_table(hands, cards[30:32])
    deal = b.app.referee.deal
    deck = TaggedDeck(SKAT)
    # find a lead after which seat 1 holds the suit but also another card
    lead = next(c for c in deal.hands[0] if any(
        deal.trick_suits[x] == deal.trick_suits[c] for x in deal.hands[1]) and any(
        deal.trick_suits[x] != deal.trick_suits[c] for x in deal.hands[1]))
    b.play_card(0, deck.tag(lead))
    wrong = next(x for x in deal.hands[1] if deal.trick_suits[x] != deal.trick_suits[lead])
    before = _state(b)
    ev = b.play_card(1, deck.tag(wrong))
    assert _refusal(ev)[0].reason == "must-follow-suit"
    assert "must follow suit" in b.lcd_lines()[1]
    assert _state(b) == before


def test_revoke_shown_by_a_later_card():
    """Hands unknown: P2 discards a heart on a leaves lead, later plays leaves: the revoke
    is named on the LCD and recorded; the card itself is accepted (it is legal now)."""
    b = _skat_table()
    deck = TaggedDeck(SKAT)
    p = SKAT.parse
    for seat, code in ((0, "SA"), (1, "H7"), (2, "S7")):
        b.play_card(seat, deck.tag(p(code)))
    b.play_card(0, deck.tag(p("SK")))
    ev = b.play_card(1, deck.tag(p("S8")))
    revokes = [e for e in ev if type(e).__name__ == "RevokeFound"]
    assert len(revokes) == 1 and revokes[0].seat == 1 and revokes[0].trick == 0
    assert b.lcd_lines()[0].startswith("P2 revoke in T1")


def test_trick_stays_on_the_pads_until_cleared():
    """With one pad per seat the next trick starts only when the pads are empty."""
    b = _skat_table()
    deck = TaggedDeck(SKAT)
    tags = [deck.tag(SKAT.parse(c)) for c in ("SA", "S7", "S8")]
    for seat, t in enumerate(tags):
        b.place(seat, t)
        b.run(40)
    assert b.app.referee.deal.tricks_done == 1
    nxt = deck.tag(SKAT.parse("SK"))
    b.place(1, nxt)  # P1 took the trick... but a card lands while the trick still lies
    ev = b.run(40)
    assert _refusal(ev)[0].reason == "clear-pads"
    b.lift(1, nxt)
    for seat, t in enumerate(tags):
        b.lift(seat, t)
    b.run(40)
    assert "pads clear" in b.lcd_lines()[0]
    b.play_card(0, nxt)
    assert b.app.referee.deal.history[-1] == (0, SKAT.parse("SK"))


def test_long_press_undoes_the_last_card():
    """Long OK takes back the last card; the deal is as before it, and it is journaled."""
    class Log:
        def __init__(self):
            self.records = []

        def append(self, kind, data):
            self.records.append((kind, data))

    p = table_player("magistr", 3, seed=8, journal=Log())
    p.start()
    game = p.ctl.match.game
    hands = game.deal_cards(1, p.deal_rng)
    shadow = game.new_deal(0, hands, 1)
    p.board.choose("P%d" % (shadow.first + 1))
    seat = shadow.current_seat()
    card = shadow.legal_cards(seat)[0]
    p.lay(seat, card)
    deal = p.ctl.app.referee.deal
    assert deal.history == [(seat, card)]
    p.board.press(2, hold_ms=900)
    assert p.ctl.app.referee.deal.history == []
    kinds = [k for k, _ in p.journal.records]
    assert kinds[0] == "game" and kinds[-1] == "undo"
    assert ("act", ["play", [seat, card]]) in p.journal.records
    # the same card can be laid again and counts
    p.lay(seat, card)
    assert p.ctl.app.referee.deal.history == [(seat, card)]


def audit_board():
    """A 3-pad board just powered on, its Skat deck's audit chosen in the main menu."""
    b = SimBoard(3)
    b.power_on()
    b.run(40)
    b.choose("Deck audit")
    b.choose("Skat 32")
    return b


def test_deck_audit_finds_missing_duplicate_and_foreign():
    """Scan a whole deck: missing, duplicate (two tags claiming one card) and foreign tags."""
    b = audit_board()
    deck = TaggedDeck(SKAT)
    for card in range(31):  # DA (card 31) is missing
        b.play_card(card % 3, deck.tag(card))
    twin = Ntag213(tag_uid(SKAT, 0, b"twin"), SKAT, 0)  # a second tag claiming C7
    b.play_card(0, twin)
    b.play_card(1, TaggedDeck(FRENCH36).tag(0))
    b.press(2)
    report = b.controller.view().lines
    assert report[0] == "31/32 cards ok"
    # the cards as the LCD names them in the deck's look (Prager: Schellen-Daus, Eichel-7:
    # the suit's CGRAM glyph and the rank), not their codes DA and C7
    label = Vocabulary(SKAT).lcd
    assert "- " + label(SKAT.parse("DA")) in report and "duplicates 1" in report
    assert "- " + label(SKAT.parse("C7")) in report and "foreign 1" in report
    assert report[2:5] == ["- \x03D", "duplicates 1", "- \x007"]


def test_write_tags_makes_a_deck():
    """Write mode: blank stickers laid one after another get the deck's card codes."""
    b = SimBoard(3)
    b.power_on()
    b.run(40)
    b.choose("Write tags")
    b.choose("Skat 32")
    blanks = [Ntag213(tag_uid(SKAT, c, b"blank"), memory=ntag213_image(
        tag_uid(SKAT, c, b"blank"))) for c in range(3)]
    for t in blanks:
        b.play_card(0, t)
    from core.tags import decode_card
    assert [decode_card(bytes(t.mem[16:32])) for t in blanks] == \
        [("skat", 0), ("skat", 1), ("skat", 2)]
    assert b.lcd_lines()[0].startswith("Blank tag for")
    # the fourth card, the Eichel-10 (code CT), asked for as the LCD names it: glyph, 10
    assert b.lcd_lines()[1][1:] == "10  (4/32)     "


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_zhopa_whole_game_through_the_board(players):
    """Seeded Zhopa games run to their end on the board (bids in the menus, cards on the
    pads); every deal and the banks equal the rules core's for the same cards."""
    p = table_player("zhopa", players, seed=players)
    results = p.play(300)
    from device.flows import zhopa as flow
    core_match = flow.new_match(players, {})  # the same defaults the menus start with
    for shadow, firmware in results:
        assert firmware == shadow
        core_match.record(shadow)
    assert core_match.is_over() and p.ctl.match is None  # the game is over on the board
    assert p.ctl.last_sheet[-len(flow.sheet_lines(core_match)):] == \
        flow.sheet_lines(core_match)
    assert p.ctl.view().lines[0].startswith("Deal %d over" % len(results))
    assert any(l.startswith("won: ") for l in p.ctl.view().lines)


def test_main_py_builds_the_whole_firmware(tmp_path):
    """firmware/main.py (what a board runs at boot) builds the controller with its journal
    on the board's flash; after a power cut the same main resumes the game."""
    import importlib.util
    import os
    spec = importlib.util.spec_from_file_location(
        "board_main", os.path.join(os.path.dirname(os.path.dirname(__file__)), "firmware",
                                   "main.py"))
    main = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(main)
    b = SimBoard(3, flash=str(tmp_path / "flash"))
    ctl = main.build_controller(b.hw)
    b.loop = b.controller = ctl
    b.run(40)
    for label in ("New game", "Magistr", "3", "Own trumps", "Clubs", "Diamonds", "Hearts",
                  "Start", "P2"):
        b.choose(label)
    assert os.path.exists(str(tmp_path / "flash" / "journal.bin"))
    b2 = SimBoard(3, flash=str(tmp_path / "flash"))  # power cut: a new board, same flash
    ctl2 = main.build_controller(b2.hw)
    assert ctl2.match is not None and ctl2.app.referee.actions == [("lead", (1,))]


@pytest.mark.parametrize("game,players,expected", [
    ("magistr", 3, ["Low diamond:", "D1 All -1", " takes ", "Deal 1 over"]),
    ("zhopa", 4, ["Low diamond:", "goes? ", "Go (", " takes ", "Deal 1 over"]),
    ("tarot", 4, ["P2 bids", " takes ", "made "]),
    ("tarot", 5, ["P2 bids", "calls", "Roi ", "ecart", "scan 3 cards", " takes "]),
])
def test_transcripts_of_each_game(game, players, expected):
    """The LCD frames of a whole deal of each game, read back from the HD44780: the
    game's questions, the tricks' verdicts and the result screen appear in order."""
    p = table_player(game, players, seed=11)
    shadow, firmware = p.play(1)[0]
    assert firmware == shadow
    text = "\n".join(" | ".join(f) for f in p.board.transcript)
    at = 0
    for piece in expected:
        i = text.find(piece, at)
        if piece == "made " and i < 0:  # the taker may also go down
            i = text.find("down ", at)
        assert i >= 0, (piece, text[at:at + 400])
        at = i


def test_long_press_on_the_result_reopens_the_deal():
    """The deal's last card was wrong: a long OK on the result screen takes it back; the
    same card laid again gives the same result, booked with OK."""
    p = table_player("magistr", 3, seed=8)
    steps = list(p.script(1))
    last_card = [s for s in steps if s[0] == "card"][-1]
    p.board.power_on()
    p.board.run(50)
    for step in steps:
        if step[0] in ("result", "next"):
            break
        p._run_step(step)
    assert p.ctl.mode == 4 and p.ctl.result is not None  # MODE_RESULT
    before = p.ctl.result
    p.board.press(2, hold_ms=900)
    deal = p.ctl.app.referee.deal
    assert not deal.is_over() and p.ctl.result is None
    assert deal.history[-1] != (last_card[1], last_card[2])
    p._run_step(last_card)
    assert p.ctl.result == before


def test_undo_of_a_card_left_on_its_pad_asks_its_seat_to_lift_it():
    """Issue 26: an undo takes back P2's card while it still lies on P2's pad; the
    reader reports a card only when it arrives, so the LCD asks P2 to lift it, refuses other
    cards meanwhile, and once the pad is clear says who plays; the same card then counts."""
    b = _skat_table()
    deck = TaggedDeck(SKAT)
    lead, second = deck.tag(SKAT.parse("SA")), deck.tag(SKAT.parse("S7"))
    b.place(0, lead)  # the cards stay on the pads as at a real table
    b.run(60)
    b.place(1, second)
    b.run(60)
    assert b.app.referee.deal.history[-1] == (1, SKAT.parse("S7"))
    b.app.undo()  # what the controller's long press of OK calls
    b.run(40)
    assert b.app.referee.deal.history == [(0, SKAT.parse("SA"))]
    assert b.lcd_lines()[0].startswith("P2 lift G7")  # Grün-7: German marks
    assert b.lcd_lines()[1].startswith("then play again")
    b.place(2, deck.tag(SKAT.parse("S8")))  # another pad: not until P2 lifted
    ev = b.run(60)
    assert _refusal(ev)[0].reason == "lift-card"
    assert b.app.referee.deal.history == [(0, SKAT.parse("SA"))]
    b.lift(2, deck.tag(SKAT.parse("S8")))
    b.lift(1, second)
    b.run(40)
    assert b.lcd_lines() == ["T1: 1 played    ", "play: P2        "]  # P1's SA still lies
    b.play_card(1, second)
    assert b.app.referee.deal.history[-1] == (1, SKAT.parse("S7"))


def test_a_refused_undo_keeps_the_card_to_lift():
    """The first card of the deal taken back while it still lies on its pad, then a
    second undo, refused (nothing left to take back): the board still waits for that card
    to be lifted (it forgot it, so a card laid meanwhile was judged and the pad's
    clearing went unseen), then says who leads."""
    b = _skat_table()
    deck = TaggedDeck(SKAT)
    lead = deck.tag(SKAT.parse("SA"))
    b.place(0, lead)
    b.run(60)
    b.app.undo()
    assert b.lcd_lines()[0].startswith("P1 lift")
    assert _refusal(b.app.undo())[0].detail == "nothing to undo"
    other = deck.tag(SKAT.parse("S8"))
    b.place(1, other)
    ev = b.run(60)
    assert _refusal(ev)[0].reason == "lift-card"
    b.lift(1, other)
    b.lift(0, lead)
    b.run(40)
    assert b.lcd_lines() == ["pads clear      ", "lead: P1        "]
    b.play_card(0, lead)
    assert b.app.referee.deal.history == [(0, SKAT.parse("SA"))]


def _card_left_on_its_pad(game, players, nth=2):
    """A TablePlayer of ``game`` whose deal's cards before the ``nth`` were laid and
    lifted and whose ``nth`` card still lies on its pad (as at a real table); returns it
    and that card's ``(pad, card)``."""
    p = table_player(game, players, seed=4)
    p.start()
    cards = 0
    for step in p.script(1):
        if step[0] == "start":
            continue
        if step[0] == "card":
            cards += 1
            if cards == nth:
                p.board.place(p.pad(step[1]), p.tags.tag(step[2]))
                p.board.run(60)
                return p, (p.pad(step[1]), step[2])
        p._run_step(step)
    raise AssertionError("the deal ended before its card %d" % nth)


@pytest.mark.parametrize("game,players", [("magistr", 3), ("zhopa", 4), ("tarot", 4),
                                          ("skat", 3)])
def test_a_long_press_undo_keeps_the_lift_instruction_until_the_card_is_lifted(game,
                                                                                 players):
    """A long OK takes back the card still lying on its pad: the LCD asks its seat to
    lift it and keeps asking (the table's screen drew over it at once, so the board
    refused cards with "lift card first" while the LCD said "play: P3") until the pad is
    clear; then who plays, and the same card laid again counts."""
    p, (pad, card) = _card_left_on_its_pad(game, players)
    b = p.board
    assert p.ctl.app.referee.deal.history[-1][1] == card
    ev = b.press(2, hold_ms=900)
    undone = [e for e in ev if type(e).__name__ == "Undone"]
    assert len(undone) == 1 and undone[0].card == card
    assert card not in [c for _, c in p.ctl.app.referee.deal.history]
    screens = p.ctl.app.screens
    lift = [lcd_cells(l, screens.vocab) for l in screens.lift_card(undone[0].seat, card)]
    assert b.lcd_lines() == lift
    b.run(500)
    assert p.ctl.view().name == "table" and b.lcd_lines() == lift
    b.lift(pad, p.tags.tag(card))
    b.run(60)
    who = p.ctl.seating.label(undone[0].seat)
    assert b.lcd_lines()[1].strip().endswith(": " + who), b.lcd_lines()
    p.lay(pad, card)
    assert p.ctl.app.referee.deal.history[-1][1] == card


@pytest.mark.parametrize("game,players,title", [
    ("magistr", 3, "D1 All -1"), ("zhopa", 4, "Zhopa deal 1"), ("tarot", 4, "French Tarot"),
    ("skat", 3, "Skat")])
def test_lifting_the_deals_first_card_taken_back_shows_the_deals_opening_again(
        game, players, title):
    """A long OK takes back the deal's first card, still on its pad; once it is lifted
    the LCD said "pads clear" / "lead: P2", a screen of a trick just cleared, where the
    deal is back at its start. It shows the deal's opening screen again (the table's
    intro, as when play started: "D1 All -1" / "play: P2"), and the card laid again
    counts."""
    p, (pad, card) = _card_left_on_its_pad(game, players, nth=1)
    b = p.board
    ev = b.press(2, hold_ms=900)
    undone = [e for e in ev if type(e).__name__ == "Undone"]
    assert len(undone) == 1 and p.ctl.app.referee.deal.history == []
    assert b.lcd_lines()[0].startswith(p.ctl.seating.label(undone[0].seat) + " lift ")
    b.lift(pad, p.tags.tag(card))
    b.run(60)
    who = p.ctl.seating.label(undone[0].seat)
    assert b.lcd_lines() == [(title + " " * 16)[:16], ("play: " + who + " " * 16)[:16]]
    p.lay(pad, card)
    assert p.ctl.app.referee.deal.history[-1][1] == card


def test_a_card_laid_for_a_scan_asked_while_a_card_taken_back_lies_on_its_pad_is_refused():
    """Tarot for 4: a long OK takes back P2's first card, still on its pad, and the
    table menu's "Poignee P2" asks for 10 trumps. The scan was looked at before the lift:
    "scan 10 cards" covered "P2 lift ...", and a card laid was collected while the card
    taken back still lay there. The lift comes first: the LCD keeps asking for it, a card
    laid is refused ("lift card first"), and once the pad is clear cards are collected."""
    p, (pad, card) = _card_left_on_its_pad("tarot", 4, nth=1)
    b = p.board
    b.press(2, hold_ms=900)
    lift = b.lcd_lines()
    assert lift[0].startswith("P2 lift ") and lift[1] == "then play again "
    b.press(2)  # the table menu
    b.choose("Poignee P2")
    b.choose("10")
    assert p.ctl.app.scan_wanted() == ("announce", 10) and b.lcd_lines() == lift
    other = TAROT.parse("21")
    ev = b.play_card(2, p.tags.tag(other))
    assert [e.reason for e in ev if type(e).__name__ == "Refused"] == ["lift-card"]
    assert b.lcd_lines()[1] == "lift card first " and p.ctl.app.scan_wanted()[1] == 10
    b.lift(pad, p.tags.tag(card))
    b.run(60)
    b.play_card(2, p.tags.tag(other))
    assert p.ctl.app.scan_wanted() == ("announce", 9)
    assert b.lcd_lines()[0] == "scanned 1 of 10 "


def test_a_mode_is_loaded_when_entered_and_the_setup_menus_dropped_at_the_deal():
    """Issue 15: each screen mode's module is imported when the mode is entered; the main
    menu and setup menus (device/modes/main.py) leave the heap when a deal starts, and
    come back with the main menu."""
    import sys
    from device.buttons import BACK, OK
    for name in ("device.modes.main", "device.modes.table", "device.modes.sheet"):
        sys.modules.pop(name, None)
    board = SimBoard(3)
    ctl = board.power_on()
    assert ctl.view().name == "main"
    assert "device.modes.main" in sys.modules and "device.modes.table" not in sys.modules
    ctl.start_game("skat", 3)
    assert "device.modes.main" not in sys.modules
    assert ctl.view().name == "choice"  # the first bid: a required choice
    ctl.press(BACK)  # a required choice cannot be left
    assert ctl.view().name == "choice"
    assert "device.modes.sheet" not in sys.modules
    ctl.press(OK)  # the first bid entered
    while ctl.view().name == "choice":
        ctl.press(OK)
    assert ctl.view().name == "table" and "device.modes.table" in sys.modules
    ctl.press(OK)  # the table menu
    assert ctl.view().name == "choice" and board.lcd_lines()[0].startswith("Table")
    ctl.press(BACK)  # leaves it
    assert ctl.view().name == "table"


def test_deck_audit_speaks_the_tables_language(speak):
    """The audit's screens and report in the table's language (they were English on
    every table): German here, the cards by their LCD labels."""
    speak("de")
    b = audit_board()
    assert b.lcd_lines()[1] == "Karten auflegen " and b.lcd_lines()[0].startswith("Pruefung: ")
    deck = TaggedDeck(SKAT)
    b.play_card(0, deck.tag(0))
    assert b.lcd_lines()[0][1:] == "7 ok           " and b.lcd_lines()[1] == "1 von 32        "
    b.play_card(1, TaggedDeck(FRENCH36).tag(0))
    assert b.lcd_lines()[0] == "Fremdes Deck    "
    b.press(2)
    report = b.controller.view().lines
    assert report[:2] == ["1/32 Karten ok", "fehlen 31"] and report[-1] == "fremd 1"


@pytest.mark.parametrize("lang,more", [("en", "and 11 more     "), ("de", "und 11 weitere  "),
                                       ("uk", "i shche 11      ")])
def test_deck_audit_says_how_many_more_cards_are_missing(speak, lang, more):
    """The report names at most 20 missing cards, and said nothing of the others: 31
    missing, 20 listed, the 11 left unsaid. It says how many more, in the table's
    language, on the LCD's 16 columns, after the 20 and before the duplicates."""
    speak(lang)
    b = audit_board()
    b.play_card(0, TaggedDeck(SKAT).tag(0))
    b.press(2)
    report = b.controller.view().lines
    assert len(report) == 2 + 20 + 1 + 2 and max(len(l) for l in report) <= 16
    for _ in range(21):  # scroll the list down to the 20th card listed and the next line
        b.press(1)
    assert b.lcd_lines()[1] == more and report[22] == more.rstrip()


@pytest.mark.parametrize("lang,out,back", [
    ("en", ["pad 3: no reader", "retrying...     "], ["pad 3: back     ", "lay every card  "]),
    ("de", ["Feld 3 Leser aus", "neuer Versuch..."], ["Feld 3: zurueck ", "Karten auflegen "]),
])
def test_deck_audit_names_a_pad_whose_reader_does_not_answer(speak, lang, out, back):
    """The deck audit is the wiring check (docs/wiring.md), but a pad whose MFRC522 did
    not answer said nothing there (only play said "pad 3: no reader"): the card laid on it
    was simply not read. The audit names the pad, in the table's language, as play does,
    and says when its reader answers again; a card laid on it then is audited."""
    speak(lang)
    b = audit_board()
    b.pads[2].power_off()
    b.run(400)
    assert b.lcd_lines() == out
    b.pads[2].power_on()
    b.run(600)
    assert b.lcd_lines() == back
    b.play_card(2, TaggedDeck(SKAT).tag(0))
    assert b.lcd_lines()[1].startswith("1 ")  # "1 of 32", "1 von 32"


@pytest.mark.parametrize("lang", ["en", "de", "fr", "uk"])
@pytest.mark.parametrize("purpose", ["Deck audit", "Write tags"])
def test_deck_audit_and_tag_writer_tell_each_pad_fault(speak, lang, purpose):
    """The deck audit is the wiring check (docs/wiring.md), but two cards on one pad, a
    card that does not read and one card across two pads said nothing there or in the tag
    writer (the LCD kept "lay every card"): both tell them as play does, in the table's
    language (device.screens.PadFaults); a card laid after is audited."""
    from test_pad_faults import FAULT_WORDS, lay_faults
    speak(lang)
    b = SimBoard(3)
    b.power_on()
    b.run(40)
    b.choose(purpose)
    b.choose("Skat 32")
    seen = [[r.rstrip() for r in b.lcd_lines()] for _ in lay_faults(b, TaggedDeck(SKAT))]
    assert seen == list(FAULT_WORDS[lang])
    if purpose == "Deck audit":
        b.play_card(2, TaggedDeck(SKAT).tag(0))
        assert b.lcd_lines()[1].startswith("1 ")  # "1 of 32", "1 von 32"


@pytest.mark.parametrize("game", ["Magistr", "Zhopa"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_common_trump_starts_a_game(game, players, tmp_path):
    """Seed 000 "Варіанти гри", variant 3 (one trump suit for everybody): chosen in the
    setup menus it never started ("internal error / object of type ..." at Start: the
    rules were given the suit where they take a list of one suit). Now the deal starts,
    hearts trumps for every seat."""
    from core.journal import Journal
    b = SimBoard(players)
    ctl = b.power_on(journal=Journal(str(tmp_path / "j.bin")))
    for label in ("New game", game, str(players), "One common", "Hearts"):
        b.choose(label)
    b.choose("Start")
    assert ctl.match is not None and ctl.app is not None, b.lcd_lines()
    rules = ctl.match.game.rules
    for code, trump in (("AH", 1), ("AS", 0), ("6H", 1)):
        card = FRENCH36.parse(code)
        assert [rules.trump_class(s, card) for s in range(players)] == [trump] * players
    assert "internal" not in " ".join(b.lcd_lines())


def test_own_trumps_offer_each_seat_only_a_suit_no_seat_before_has(tmp_path):
    """Own trumps (variant 1): each seat's menu offers only the suits the seats before it
    did not take. P1 and P2 could both take clubs, and Start then showed "internal error /
    two seats share" (a rules refusal shown as a firmware fault)."""
    b = SimBoard(3)
    ctl = b.power_on()
    for label in ("New game", "Magistr", "3", "Own trumps", "Clubs"):
        b.choose(label)
    with pytest.raises(LookupError):
        b.choose("Clubs", limit=8)  # P2's menu: diamonds, hearts, spades
    b.choose("Spades")
    b.choose("Diamonds")  # P3: diamonds or hearts
    b.choose("Start")
    assert list(ctl.match.game.rules.seat_suit) == [0, 3, 1]  # C D H S: 0 1 2 3


def test_a_deck_audit_during_a_game_binds_that_games_tags_at_once(tmp_path):
    """A Skat evening under way with a deck the board learns as it goes; the club audits
    the deck from the main menu (a sticker was replaced) and goes back to the game. The
    registry the clean audit saved was used only from the next boot: the game went on
    with the learned one. Now the game takes it at once: strict, a foreign tag refused."""
    p = table_player("skat", 3, seed=1, flash=str(tmp_path / "flash"), boot=True)
    p.start()
    b, ctl = p.board, p.ctl
    assert ctl.strict is False
    b.press(2, hold_ms=900)  # nothing entered yet: the table menu
    b.choose("Main menu")
    b.choose("Deck audit")
    b.choose("Skat 32")
    for card in range(32):
        b.play_card(card % 3, p.tags.tag(card))
    b.press(2)
    assert "tags bound" in ctl.view().lines
    assert ctl.strict is True and ctl.app.strict is True
    assert ctl.app.registry is ctl.registry and ctl.registry.card_for(
        p.tags.tag(SKAT.parse("CJ")).uid) == SKAT.parse("CJ")
    b.press(2)  # OK on the report: back to the deal, its auction as it was
    assert b.lcd_lines()[0].startswith("Auction result") and ctl.app.strict is True


def _cgram_marks(b, deck):
    """The marks CGRAM slots 0..3 of the board's LCD show, read in ``deck``'s look."""
    from device.glyphs import glyph_map
    gm = glyph_map(deck.name)
    return [gm.get(b.lcd_model.cgram_char(s), "?") for s in range(4)]


def test_tag_writer_and_audit_show_their_decks_suit_glyphs(tmp_path):
    """Write tags and Deck audit name each card by its suit's CGRAM glyph, but nothing
    loaded the deck's glyphs: after power-on the writer asked for '▯7 (1/32)' (a blank
    CGRAM), after a Skat game a French deck's cards were shown with the German suits' marks.
    The scan modes load their deck's glyphs; back at the table the game's are loaded again."""
    b = SimBoard(3)
    b.power_on()
    b.run(40)
    b.choose("Write tags")
    b.choose("Skat 32")
    eichel = Vocabulary(SKAT).suit_marks[0]
    assert b.lcd_lines()[1] == eichel + "7  (1/32)      "
    # a Skat evening is under way; the club audits its French deck from the main menu
    p = table_player("skat", 3, seed=1, flash=str(tmp_path / "flash"), boot=True)
    p.start()
    b = p.board
    assert _cgram_marks(b, SKAT) == list(Vocabulary(SKAT).suit_marks)
    b.press(2, hold_ms=900)
    b.choose("Main menu")
    b.choose("Deck audit")
    b.choose("French 36")
    first = TaggedDeck(FRENCH36).tag(0)
    b.play_card(0, first)
    french = Vocabulary(FRENCH36)
    assert b.lcd_lines()[0] == (french.suit_marks[0] + "6 ok").ljust(16)
    b.press(2)  # the report
    assert b.controller.view().lines[2] == "- " + french.lcd(1)
    assert _cgram_marks(b, FRENCH36) == list(french.suit_marks)
    b.press(2)  # OK: back to the deal, in the Skat deck's glyphs again
    assert b.lcd_lines()[0].startswith("Auction result")
    assert _cgram_marks(b, SKAT) == list(Vocabulary(SKAT).suit_marks)

"""Issue 22 "Done when": a home evening of Skat with Ramsch, Kontra/Re and Bock rounds
played through the emulated board (menus, pads, LCD), with the list each house rule
gives. The deals are the worked examples of docs/rules/skat.md."""

from host_sim.script import run_script
from test_skat_kontra import FOREHAND, MIDDLE, REAR

OPTIONS = {"ramsch": "ramsch", "kontra": "on", "bock": "on"}


def _tricks(pads):
    """Script lines laying the example's ten tricks; ``pads``: the pads of forehand,
    middlehand and rearhand."""
    lines = []
    for cards in zip(FOREHAND.split(), MIDDLE.split(), REAR.split()):
        lines += ["play %d %s" % (pad, card) for pad, card in zip(pads, cards)]
    return lines


def test_ramsch_then_grand_hand_with_kontra_re_opening_a_bock_round():
    script = (
        # deal 1, dealer P1: all pass, the Ramsch of example 1 (forehand P2)
        ["choose All passed", "expect play: P2"] + _tricks((2, 3, 1)) +
        ["play 1 C8", "play 1 C7", "expect Ramsch P2 109p", "expect Jungfr. -218", "ok"] +
        # deal 2, dealer P2: forehand P3 plays the grand hand, P1 says Kontra, P3 Re
        ["choose P3 declarer", "choose 18", "choose Hand game", "choose Grand",
         "choose Plain hand", "ok", "choose P1 Kontra", "ok", "choose P3 Re"] +
        _tricks((3, 1, 2)) + ["play 2 C8", "play 2 C7", "expect won Re B +1344", "ok"])
    board = run_script("\n".join(script), "skat", 3, out=lambda line: None,
                       options=OPTIONS)
    match = board.controller.match
    # Ramsch -218 on P2; grand hand 168 x 4 (Re) x 2 (Bock) = 1344 on P3
    assert match.sheet.totals == [0, -218, 1344]
    assert match.sheet.sf == [0, -218, 1394]
    assert match.doubled == [False, True] and match.bock_rounds.left == 2


# --- the same evening in the simulator's window (pygame, mouse events as a person's) ---

def _stacked(hands):
    """The simulator's deal for the example: ``hands`` (forehand, middlehand, rearhand
    codes) by deal seat, the skat C8 C7."""
    from core.cards import SKAT
    return [SKAT.parse_many(h) for h in hands], SKAT.parse_many("C8 C7")


def test_the_same_evening_in_the_simulator_window_with_the_mouse(monkeypatch):
    """Three persons at the simulator (SDL dummy driver), options ramsch, kontra, bock:
    every auction word clicked on the answer buttons under the skat (the simulator enters
    the result on the board), the grand hand's contract, P1's Kontra and P3's Re chosen on
    the board's buttons (OK, then the item), every card dragged onto its pad, the skat
    dragged onto a pad when the board asks for it, each result booked with OK. The deck
    is stacked as the board test's. Deal 1: all pass, Ramsch, P2 -218 (109 points,
    Jungfrau); deal 2: P3's grand hand 168 x 4 (Re) x 2 (Bock) = +1344; the list
    0, -218, +1344, Seeger-Fabian 0, -218, +1394, as the board's."""
    from device.controller import MODE_RESULT, MODE_TABLE
    from host_sim.ui import auction
    from host_sim.ui.app import SimApp
    from simperson import OK, MousePerson, my_turn, post
    import pygame
    dt = 16
    deals = iter([_stacked((FOREHAND, MIDDLE, REAR))] * 2)
    sim = SimApp("skat", 3, seed=1, human={0, 1, 2}, fixed_dt=dt, collect_ms=120,
                 think_ms=60, options=OPTIONS)
    shuffled = sim.adapter.deal  # after the evening's two deals
    monkeypatch.setattr(sim.adapter, "deal", lambda match, n, rng, first=False:
                        next(deals, None) or shuffled(match, n, rng, first))
    you = MousePerson(sim, dt)
    # each deal's auction words (0: say/hold, 1: pass) in the order asked, and the board
    # menu steps once it is in play: deal 2, middlehand P1 says 18, P3 holds, P1 and P2
    # pass; P3 declares grand hand, P1 says Kontra, P3 Re
    evening = (([1, 1, 1], [], []),
               ([0, 0, 1, 1], ["Hand game", "Grand", "Plain hand"], ["P1 Kontra", "P3 Re"]))
    try:
        for k, (words, contract, doubles) in enumerate(evening):
            words, contract, doubles = list(words), list(contract), list(doubles)
            for _ in range(20000):
                if sim.ctl.mode == MODE_RESULT and len(sim.results) == k + 1:
                    you.click(OK)  # booked
                    you.until(lambda: sim.ctl.mode != MODE_RESULT)
                    break
                if auction.question(sim) and sim.answer_rects:
                    n = len(sim.adapter.bids)
                    rect = [r for r, i in sim.answer_rects if i == words[0]][0]
                    words.pop(0)
                    post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
                    post(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
                    you.until(lambda: len(sim.adapter.bids) > n, limit=60)
                    continue
                if contract and sim.adapter.choice_owner(sim) == 2:
                    you.choose(contract.pop(0))
                    continue
                if sim.awaiting is not None and not sim._scanning:
                    pad = max(sim.pad_of(sim.shadow.declarer), 0)
                    for c in sim.adapter.final_scan(sim, sim.awaiting.count):
                        you.drag(c, sim.pad_centre(pad))
                        you.frames(3)
                    continue
                if doubles and sim.ctl.mode == MODE_TABLE and sim.fw_deal.doubles == \
                        2 - len(doubles) and not sim.fw_deal.history:
                    you.click(OK)  # the table menu
                    you.choose(doubles.pop(0))
                    continue
                pad = sim.turn_pad()
                if pad >= 0 and my_turn(sim, pad):
                    hand = sim.tableau.hand(pad)
                    legal = [c for c in sim.shadow.legal_cards(sim.seat_of(pad))
                             if c in hand]
                    you.drag(legal[0], sim.pad_centre(pad))
                    continue
                you.frames()
            else:
                raise AssertionError("deal %d not over: %r" % (k + 1, sim.board.lcd_lines()))
            assert not (words or contract or doubles), (words, contract, doubles)
        match = sim.ctl.match
        first, second = sim.results[:2]
        assert (first.status, first.value, first.declarer_points) == ("ramsch", -218, 109)
        # the deal's value 168 x 4 (Re) = 672, doubled again on the list (the Bock round)
        assert (second.won, second.value) == (True, 672)
        assert second.levels[-2:] == ("kontra", "re")
        # the window's result panel said what the board's LCD says in the board test
        assert sim.summaries[:2] == [["Ramsch P2 109p", "Jungfr. -218"],
                                     ["P3 GH 109p 9t", "won Re B +1344"]]
        assert sim.flow.sheet_lines(match) == ["P1     0 SF    0", "P2  -218 SF -218",
                                               "P3  1344 SF 1394", "Bock games 2"]
        assert match.sheet.totals == [0, -218, 1344]
        assert match.sheet.sf == [0, -218, 1394]
        assert match.doubled == [False, True] and match.bock_rounds.left == 2
    finally:
        sim.close()

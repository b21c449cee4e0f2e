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

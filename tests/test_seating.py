"""Issue 15: seating as data (device/seating.py), the one seat label and the one LCD fit
(device/lcdtext.py), and the controller's public view (device/view.py)."""

from device import flows
from device.lcdtext import fit, seat_label
from device.seating import Seating, for_deal
from host_sim.autoplay import table_player


def test_fit_cuts_pads_and_fills_rows():
    """A row longer than the display is cut, a short one padded, missing rows blank."""
    assert fit(["Start French Tarot?", "ok"], 16, 3) == [
        "Start French Tar", "ok" + " " * 14, " " * 16]
    assert fit([], 20, 4) == [" " * 20] * 4


def test_seat_label_counts_from_one():
    assert [seat_label(s) for s in range(4)] == ["P1", "P2", "P3", "P4"]


def test_skat_four_players_first_deal_the_dealer_sits_out():
    """ISkO: forehand sits left of the dealer; with four players the dealer sits out
    (docs/rules/skat.md). Deal 1 is dealt by P1: P2 is forehand, P1 has no deal seat."""
    flow = flows.load("skat")
    match = flow.new_match(4, {})
    seating = for_deal(flow, match, None, 4)
    assert seating.seats == (-1, 0, 1, 2)
    assert [seating.label(s) for s in range(3)] == ["P2", "P3", "P4"]
    assert [seating.table_seat(s) for s in range(3)] == [1, 2, 3]


def test_a_rules_sentence_names_its_seats_as_the_table_does():
    """The rules core writes a deal's seats "P<n>" from its first seat (Skat: forehand);
    the board names them as its pads (here P1 deals a four-player table: forehand P2,
    middlehand P3, rearhand P4). Only a whole "P<number>" is a seat."""
    flow = flows.load("skat")
    seating = for_deal(flow, flow.new_match(4, {}), None, 4)
    assert seating.name_seats("P1 plays now, not P3") == "P2 plays now, not P4"
    assert seating.name_seats("P2's misère, Petit, P2x, xP2: P3") == \
        "P3's misère, Petit, P2x, xP2: P4"
    assert seating.name_seats("no seat") == "no seat" and seating.name_seats(None) is None


def test_tables_agree_with_the_flow_for_every_pad():
    """The tables built once give what the flow's pad_seat gives, both ways."""
    for name, players in (("skat", 3), ("tarot", 5), ("magistr", 4), ("zhopa", 3)):
        flow = flows.load(name)
        match = flow.new_match(players, {})
        seating = for_deal(flow, match, None, players)
        for pad in range(players):
            seat = flow.pad_seat(match, None, pad)
            assert seating.seat(pad) == seat
            if seat >= 0:
                assert seating.table_seat(seat) == pad


def test_pad_n_is_seat_n_and_a_seat_no_pad_holds():
    """A bare table loop: pad n is seat n; a seat beyond the pads keeps its number (a
    central pad's table)."""
    s = Seating(range(3))
    assert [s.seat(p) for p in range(3)] == [0, 1, 2]
    assert s.table_seat(4) == 4 and s.label(4) == "P5"
    assert Seating([0]).label(2) == "P3"


def test_view_after_a_skat_deal_names_the_next_deals_seating():
    """After deal 1 is booked the dealer is P2 (ISkO: the deal passes to the left): in
    deal 2 forehand sits at P3 and P2 sits out; the view says so, and shows the booked
    result's rows."""
    p = table_player("skat", 4, seed=11)
    shadow, _ = p.play(1)[0]
    v = p.ctl.view()
    assert (v.game, v.players, v.name) == ("skat", 4, "choice")
    assert v.seating.seats == (2, -1, 0, 1)
    assert v.seating.label(0) == "P3"
    # deal 1's result, as the LCD listed it: the declarer named by deal 1's seating
    # (forehand at P2) and the rules core's value
    assert v.lines[0].startswith("P%d " % (shadow.declarer + 2))
    assert v.lines[1].endswith("%+d" % shadow.value)
    assert v.deal is v.app.referee.deal and v.deal.history == []

"""Scripted scans: a real game record turned into what happens at the table.

An ISS Skat record becomes choices entered on the device (the bids, the contract, claims and
resignations: what the menus enter) and card placements on the right seat's pad at the
right moment, played through the emulated board and its unmodified firmware. The board
does not see the hands: as at a real table, it learns each card when it lands on a pad and
asks for the skat to be scanned at the end.
"""

from core import iss
from core.cards import SKAT
from core.errors import BadRecord
from core.events import Awaiting, Refused, TrickTaken
from core.games import skat
from host_sim.board import SimBoard, TaggedDeck


class SkatReplay:
    """Replay one IssRecord on a SimBoard; ``run()`` returns the replay dict.

    ``on_trick(n, lines)`` is called after every trick with the LCD rows read back from the
    emulated HD44780 (suit glyphs as Unicode).
    """

    def __init__(self, record, board=None, on_trick=None, deck=None):
        self.record = record
        self.board = board or SimBoard(seats=3)
        self.deck = deck or TaggedDeck(SKAT)
        self.on_trick = on_trick
        self.tricks = 0
        self.awaiting = None
        self.last_trick = {}  # seat -> card of the last trick (what lies on the pads)

    def _deal(self):
        app = self.board.controller.app if self.board.controller else self.board.app
        return app.referee.deal

    def _event(self, ev, lines):
        if isinstance(ev, TrickTaken):
            self.tricks += 1
            self.last_trick = dict(self._deal().history[-len(ev.cards):])
            if self.on_trick is not None:
                self.on_trick(self.tricks, self.board.lcd_lines())
        elif isinstance(ev, Awaiting):
            self.awaiting = ev

    def run(self):
        """Play the record through the board; returns the JSON-ready result dict.

        Strict: a move the rules refuse (an unknown card, a card out of turn, a bid off the
        ladder, a bad contract), a token that is no ISS move, or a record that ends before
        its game is over raises BadRecord naming the move; nothing is skipped silently."""
        b = self.board
        app = b.start(lambda: skat.Game().new_deal(), SKAT, on_event=self._event)
        rec = self.record
        self.concealed = False
        for n, (actor, action) in enumerate(rec.moves, 1):
            deal = app.referee.deal
            text = "%s %s" % (actor, action)
            try:
                move = iss.parse_move(actor, action)
            except BadRecord as e:
                raise iss.RecordError(rec.id, n, text, str(e))
            if deal.is_over() or self.awaiting is not None:
                raise iss.RecordError(rec.id, n, text, "after the end of the game (%s)"
                                      % iss.end_words(deal))
            events = self._move(app, move)
            for ev in events:
                if isinstance(ev, Refused):
                    raise iss.RecordError(rec.id, n, text, "refused: %s"
                                          % (ev.detail or ev.reason))
        deal = app.referee.deal
        if self.awaiting is not None:
            # The table scans the skat on forehand's pad, card after card.
            for card in iss.final_skat(rec):
                b.play_card(0, self.deck.tag(card))
        elif not deal.is_over():
            raise BadRecord("ISS %s: the moves end before the game is over" % rec.id)
        out = replay_dict(rec.id, deal.result())
        out["agrees_with_record"] = agrees(out, rec)
        return out

    def _move(self, app, move):
        """Carry out one parsed ISS move (``core.iss.parse_move``) on the board as a table
        does; returns the events. What a table does not scan (the skat shown to the
        declarer, the discard, the cards shown with ouvert or a claim) changes nothing."""
        kind = move[0]
        if self.concealed and kind not in ("abandon", "resign"):
            raise BadRecord("the card before is hidden (??): no trick can be judged after it")
        if kind == "abandon":
            return app.choose("abandon", move[1])
        if kind in ("skat", "discard"):
            return []
        if kind == "concealed":
            self.concealed = True  # nothing lands on a pad
            return []
        seat = move[1]
        if kind == "play":
            return self.board.play_card(seat, self.deck.tag(move[2]))
        if kind == "bid":
            return app.choose("bid", seat, move[2])
        if kind == "declare":
            return app.choose("declare", seat, move[2], None)  # the discard is not scanned
        verb = {"hold": "hold", "pass": "pass_", "pick_up": "pick_up", "claim": "claim",
                "resign": "resign"}[kind]
        return app.choose(verb, seat)


def agrees(out, record):
    """Whether the replay's value, matadors, points and tricks equal the record's R[...]
    (None when the record has no result to compare: passed, aborted without a value)."""
    r = record.result
    if "passed" in r:
        return out["status"] == "passed"
    if out["value"] is None or "v" not in r:
        return None
    try:
        want = (int(r["v"]), int(r["m"]), int(r["p"]), int(r["t"]))
    except (KeyError, ValueError):
        return None
    return want == (out["value"], out["matadors"], out["declarer_points"],
                    out["declarer_tricks"])


def replay_dict(gid, res):
    """The stable ``trickref replay --json`` object for a Skat Result."""
    out = {"id": gid, "status": res.status, "declarer": res.declarer,
           "contract": skat.contract_code(res.contract) if res.contract else None,
           "trick_winners": list(res.trick_winners),
           "declarer_points": res.declarer_points, "declarer_tricks": res.declarer_tricks,
           "value": res.value, "matadors": res.matadors, "won": res.won,
           "overbid": res.overbid, "schneider": res.schneider, "schwarz": res.schwarz}
    if res.status == "passed":
        out["declarer"] = None
    return out


class SkatAtTheTable:
    """The same record played the way a table drives the product: the whole firmware
    (``device.controller``) from power-on, the game chosen in the menus, the auction's
    result and the contract entered with the buttons, claims and resignations in the table
    menu, the cards on the pads, the skat scanned after the last trick
    (``host_sim.autoplay.IssSkatPlayer``). ``run()`` returns the same dict as SkatReplay."""

    def __init__(self, record, journal=None, on_trick=None):
        from host_sim.autoplay import IssSkatPlayer
        self.record = record
        self.player = IssSkatPlayer(record, journal=journal)
        self.player.on_trick = on_trick
        self.board = self.player.board

    def run(self, resume=False):
        """Play the record; returns the replay dict of the board's result."""
        results = self.player.play(1, resume=resume)
        fw = results[-1][1] if results else self.board.controller.result
        return replay_dict(self.record.id, fw)

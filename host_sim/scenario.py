"""Scripted scans: a real game record turned into what happens at the table.

An ISS Skat record becomes choices entered on the device (the bids, the contract, claims and
resignations: what the menus enter) and card placements on the right seat's pad at the
right moment, played through the emulated board and its unmodified firmware. The board
does not see the hands: as at a real table, it learns each card when it lands on a pad and
asks for the skat to be scanned at the end.
"""

from core import iss
from core.cards import SKAT
from core.events import Awaiting, TrickTaken
from core.games import skat
from host_sim.board import SimBoard, TaggedDeck


def _is_card(token):
    return len(token) == 2 and token[0] in "CSHD" and token[1] in "AKQJT987"


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
        """Play the record through the board; returns the JSON-ready result dict."""
        b = self.board
        app = b.start(lambda: skat.Game().new_deal(), SKAT, on_event=self._event)
        rec = self.record
        for actor, action in rec.moves:
            deal = app.referee.deal
            if deal.is_over() or self.awaiting is not None:
                break
            if actor == "w":
                if action[:3] in ("TI.", "LE."):
                    app.choose("abandon", int(action[3:]))
                continue
            seat = int(actor)
            parts = action.split(".")
            head = parts[0]
            if head.isdigit():
                app.choose("bid", seat, int(head))
            elif head in ("y", "p", "s", "SC", "RE"):
                verb = {"y": "hold", "p": "pass_", "s": "pick_up", "SC": "claim",
                        "RE": "resign"}[head]
                app.choose(verb, seat)
            elif _is_card(head) and len(parts) == 1 and deal.phase == skat.PHASE_PLAY:
                b.play_card(seat, self.deck.tag(SKAT.parse(head)))
            elif not _is_card(head):
                app.choose("declare", seat, head, None)  # the discard is not scanned
        if self.awaiting is not None:
            # The table scans the skat on forehand's pad, card after card.
            for card in iss.final_skat(rec):
                b.play_card(0, self.deck.tag(card))
        return replay_dict(rec.id, app.referee.deal.result())


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

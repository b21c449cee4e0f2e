"""The Skat auction bid by bid when a person sits at the table with computers.

The board is told the auction's result only (device/flows/skat.py "Auction result": the
declarer and the winning bid), as a table reports it. In the simulator the auction itself
is held first, as ISkO 3.1 runs it: middlehand bids to forehand, who holds or passes; the
survivor listens to rearhand; when both passed without a bid, forehand may still bid 18.
Each computer answers for its own seat from its own ten cards (``limit``: the smart
bidder's plan, host_sim/players/skat_bid.py, or the plain :func:`plain_limit`), one
move every ``think_ms``, each said in words ("P2 says 18", "P1 holds", "P3 passes") on the
status line, in the side panel and on the table; a person answers for their own seat
only, with the two buttons drawn on the table ("Hold 20" / "Pass", "Say 22" / "Pass"; with
the bids, as near the skat as the table has room: host_sim/ui/render.py).
When the auction is over the simulator enters its result on the board's buttons
("P2 declarer", "20", or "All passed"). Meanwhile the board's LCD shows what a real
board shows while a table bids aloud: its own "Auction result" menu, open since the deal
began, its cursor on the first choice (forehand's "P2 declarer"); that row is no answer
(nothing is entered before the auction is over), and the status line says so in the LCD's
words (:func:`status`: '"Auction result" on the board waits for the end of the auction').

Undo (a long press of OK): during the auction it takes back the last move said; once the
result is entered, the board's own undo takes the result back (device/modes/menu.py) and
the auction reopens with its last move taken back. A computer whose move was taken back
says it again after ``UNDO_PAUSE_MS`` (room for another long press to go further back).

The moves are checked and the turn is read through the rules core's own auction
(``core.games.skat.Deal`` with ``bid``, ``hold`` and ``pass_``, hands unknown).
"""

from core.games import skat
from host_sim.i18n import _
from host_sim.players import skat_bid
from host_sim.ui.words import label_words

UNDO_PAUSE_MS = 2000  # after an undo the computers wait this long before they speak again


# the bidding ladder's step above a bid (core.games.skat.BID_LADDER), None above its top
next_bid = skat_bid._next_bid


def plain_limit(hand):
    """The plain computer's highest bid for its ten cards ``hand``: 0 (pass) unless its
    plan (``host_sim.ui.games.skat_plan``: the kind with most trumps, strength = trumps x 2
    + Daus + tens) reaches 10, else the planned game "with or without one, game two": the
    kind's base value x 2 (ISkO 5.1: clubs 24, spades 22, hearts 20, diamonds 18, grand
    48)."""
    from host_sim.ui.games import skat_plan
    kind, strength = skat_plan(hand)
    if strength < 10:
        return 0
    return 2 * skat.BASE_VALUES[kind]


def computer_move(seat, limit, bid, listening):
    """The move of a computer bidding up to ``limit`` at ``seat``: listening to a bid it
    holds while ``bid`` <= ``limit``; bidding it says the next step while it is within
    ``limit`` (the same rule as host_sim/players/skat_bid.auction)."""
    if listening:
        return ("hold", seat) if bid <= limit else ("pass", seat)
    step = next_bid(bid)
    return ("bid", seat, step) if step is not None and step <= limit else ("pass", seat)


class SkatAuction:
    """One deal's auction. ``persons``: deal seats a person answers for; ``limits``: a
    callable ``limit(seat)`` for the computers' seats; ``name(seat)``: the seat as the
    table names it ("P2"). Raises IllegalPlay (core.errors) on a move the rules refuse."""

    def __init__(self, persons, limits, name):
        self.persons = set(persons)
        self.limits = limits
        self.name = name
        self.moves = []
        self.entered = False  # the result was entered on the board
        self.ready_at = 0  # virtual ms before which no computer speaks
        self._deal = skat.Deal()

    def _replay(self):
        d = skat.Deal()
        for m in self.moves:
            _apply(d, m)
        self._deal = d

    def play(self, move):
        """Apply ``move`` (``("bid", seat, value)``, ``("hold", seat)``, ``("pass", seat)``);
        returns it in words."""
        _apply(self._deal, move)
        self.moves.append(move)
        return said(move, self.name)

    def undo(self):
        """Take back the last move; returns it in words ("" when there was none)."""
        if not self.moves:
            return ""
        move = self.moves.pop()
        self.entered = False
        self._replay()
        return said(move, self.name)

    def over(self):
        """True once the auction has ended (a declarer, or all passed)."""
        return self._deal.phase != skat.PHASE_AUCTION

    def waiting(self):
        """The deal seat whose word it is, or -1 when the auction is over."""
        return -1 if self.over() else self._deal.current_seat()

    def bid(self):
        """The highest bid said so far (0 before any)."""
        return self._deal.bid_value

    def listening(self):
        """True when the seat whose word it is answers a bid ("hold" or "pass")."""
        last = self.moves[-1] if self.moves else None
        return bool(last and last[0] == "bid" and last[1] != self.waiting() and
                    self._deal._duels_done < 2)

    def options(self):
        """The answers open to the seat whose word it is: ``[(label, move), ...]``
        ("Hold 20" or "Say 22", then "Pass"); [] when the auction is over."""
        seat = self.waiting()
        if seat < 0:
            return []
        if self.listening():
            first = (_("Hold %d") % self.bid(), ("hold", seat))
        else:
            step = next_bid(self.bid())
            first = (_("Say %d") % step, ("bid", seat, step))
        return [first, (_("Pass"), ("pass", seat))]

    def question(self):
        """The question to the person whose word it is, in words, or ""."""
        seat = self.waiting()
        if seat not in self.persons:
            return ""
        if self.listening():
            return _("%s (you): %s says %d - hold or pass?") % (
                self.name(seat), self.name(self.moves[-1][1]), self.bid())
        if self.bid():
            return _("%s (you): bid over %d, or pass?") % (self.name(seat), self.bid())
        return _("%s (you): bid 18, or pass?") % self.name(seat)

    def computer(self, for_person=False):
        """The move of the computer whose word it is (None: a person's turn, or over);
        ``for_person``: a person's too (the A key: the computer answers for them)."""
        seat = self.waiting()
        if seat < 0 or (seat in self.persons and not for_person):
            return None
        return computer_move(seat, self.limits(seat), self.bid(), self.listening())

    def result_labels(self):
        """The board's menu labels for the result ("P2 declarer", "20") or ("All passed",);
        None before the end."""
        if not self.over():
            return None
        d = self._deal
        if d.declarer < 0:
            return ["All passed"]
        return [_declarer(self.name(d.declarer)), str(d.bid_value)]

    def menu_labels(self):
        """The items of the board's "Auction result" menu by their keys (device/flows/
        skat.py ``prompt``): each seat's "P2 declarer", then "All passed"."""
        return [_declarer(self.name(s)) for s in range(3)] + ["All passed"]


def _declarer(who):
    """The board's menu item naming seat ``who`` ("P2") the declarer: its key."""
    return "%s declarer" % who


def _apply(deal, move):
    if move[0] == "bid":
        deal.bid(move[1], move[2])
    elif move[0] == "hold":
        deal.hold(move[1])
    else:
        deal.pass_(move[1])


def said(move, name):
    """An auction move in the words said at the table: "P2 says 18", "P1 holds",
    "P3 passes" (``name(seat)`` names the seat)."""
    who = name(move[1])
    if move[0] == "bid":
        return _("%s says %d") % (who, move[2])
    return (_("%s holds") if move[0] == "hold" else _("%s passes")) % who


# --- the simulator's side -------------------------------------------------------------

def active(sim):
    """True when the auction is the simulator's to hold now: Skat, the board's "Auction
    result" menu open, a person in the deal, no record to follow (the A key answers once
    for the person at their turn)."""
    from device.controller import MODE_CHOICE
    d = sim.fw_deal
    if sim.flow.NAME != "skat" or d is None or sim.ctl.view().mode != MODE_CHOICE or \
            getattr(d, "phase", None) != skat.PHASE_AUCTION or not sim.humans or \
            getattr(sim.adapter, "on_record", False) or sim.dealt_hands is None:
        return False
    return bool(_persons(sim))


def _persons(sim):
    return {sim.seat_of(p) for p in sim.humans} - {-1}


def _limits(sim):
    """``limit(seat)`` for the computers: the smart bidders' plans (each from its own ten
    cards) or :func:`plain_limit`."""
    hands = sim.dealt_hands
    comp = getattr(sim, "computer", None)
    if comp is not None and comp.smart:
        comp.skat_auction(hands)
        limits = comp.skat_limits()
        return lambda seat: limits[seat]
    return lambda seat: plain_limit(hands[seat])


def of(sim):
    """The auction of the deal in play (made when first asked), or None when it is not
    the simulator's to hold (:func:`active`)."""
    if not active(sim):
        return None
    a = getattr(sim, "auction", None)
    if a is None:  # SimApp forgets it when a deal starts
        a = SkatAuction(_persons(sim), _limits(sim), lambda s: "P%d" % (sim.pad_of(s) + 1))
        a.ready_at = sim.now + sim.think_ms
        sim.auction = a
    return a


def drive(sim):
    """One frame of the auction (from ``SimApp._decide`` in a choice menu): the computer
    whose word it is speaks when its think time is up, and once the auction is over its
    result is entered on the board's buttons. True while the auction is the simulator's
    (the choice menu is then not the computer's to answer), False otherwise."""
    a = of(sim)
    if a is None:
        return False
    if a.entered or sim.operator.busy() or sim.ok_held() or sim.now < a.ready_at:
        return True
    labels = a.result_labels()
    if labels is not None and not _at_top(sim, a):  # a person opened a submenu on the board:
        from host_sim.ui.operator import LONG_MS, OK  # a long press goes up one level
        sim.operator.press(OK, LONG_MS)
        return True
    if labels is not None:
        a.entered = True
        sim.note(_("the table enters: %s") % ", ".join(map(label_words, labels)))
        sim.operator.choose(*labels)
        return True
    move = a.computer(for_person=sim._auto_once)
    if move is not None:
        if move[1] in a.persons:
            sim._auto_once = False  # the A key answered once for the person
        _say(sim, a, move)
    return True


def _at_top(sim, a):
    """True when the board's menu cursor stands in the "Auction result" menu of auction
    ``a`` itself (on a seat's "P2 declarer" or on "All passed"), not in the winning-bid
    list a person opened with its buttons: read by the item's key under the cursor
    (``host_sim.board.on_item``, ``device.view.cursor_item``), as the operator and the
    person's checks read the menus, whatever the LCD shows (its language, a glitch of its
    bus)."""
    from host_sim.board import on_item
    return any(on_item(sim.board, label) for label in a.menu_labels())


def _lcd_title():
    """The title of the board's "Auction result" menu as its LCD shows it (the table's
    language in the LCD's alphabet: "Reizergebnis", "Pidsumok torhu")."""
    from device.menu import _say as said_on_lcd
    return said_on_lcd("Auction result")


def _say(sim, a, move):
    words = a.play(move)
    sim.adapter.bids.append(words)
    sim.note(words)
    a.ready_at = sim.now + sim.think_ms


def answer(sim, i):
    """The person's click on answer ``i`` of :meth:`SkatAuction.options` (0: hold or say,
    1: pass); ignored when it is not a person's word."""
    a = of(sim)
    if a is None or a.entered or a.waiting() not in a.persons:
        return
    options = a.options()
    if 0 <= i < len(options):
        _say(sim, a, options[i][1])


def question(sim):
    """The question to the person now, in words ("" when none)."""
    a = of(sim)
    return a.question() if a is not None and not a.entered else ""


def status(sim):
    """The auction on the status line: the question to the person, or whose word it is
    ("auction: P3's word"), then what the board does meanwhile, in the LCD's own words:
    its "Auction result" menu, open since the deal began, waits for the end of the
    auction (the choice its cursor stands on is no answer: nothing is entered until the
    auction is over); "" when the auction is not the simulator's or is over."""
    a = of(sim)
    if a is None or a.entered or a.over():
        return ""
    q = a.question() or _("auction: %s's word") % a.name(a.waiting())
    return "%s   %s" % (q, _('"%s" on the board waits for the end of the auction')
                        % _lcd_title())


def take_back(sim):
    """A long press of OK while the auction is held (before its result is entered): the
    last move is taken back (said on the status line); the computers wait
    ``UNDO_PAUSE_MS``. True when a move was taken back."""
    a = of(sim)
    if a is None or a.entered:
        return False
    return _taken_back(sim, a)


def reopen(sim):
    """The board took back the auction's result (its own undo, device/modes/menu.py):
    the auction reopens with its last move taken back."""
    a = getattr(sim, "auction", None)
    d = sim.fw_deal
    if a is None or not a.entered or getattr(d, "phase", None) != skat.PHASE_AUCTION:
        return
    _taken_back(sim, a)


def _taken_back(sim, a):
    words = a.undo()
    if not words:
        return False
    if sim.adapter.bids and sim.adapter.bids[-1] == words:
        sim.adapter.bids.pop()
    sim.note(_("taken back: %s") % words)
    a.ready_at = sim.now + UNDO_PAUSE_MS
    return True

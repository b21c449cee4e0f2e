"""What one Skat seat has seen in card play, and deals consistent with it.

A :class:`SkatView` holds the seat's hand, the contract, declarer and bid, every card
played in order with its seat, the skat when the seat knows it (the declarer who picked it
up and laid two away; nobody in a hand game); from these it derives the voids each seat has
shown (a seat that did not follow the effective suit led holds none of it: seed 003
"Играя ход", ISkO 3.3). :meth:`SkatView.sample` deals the unseen cards to the other two
seats and the skat at random, respecting the voids and the number of cards each holds.
"""

from core.games import skat
from host_sim.engine.skat import Position
from host_sim.players.sampling import fill

_ALL = frozenset(range(32))


class SkatView:
    """Seat ``seat``'s view of a Skat deal in card play.

    ``hand``: its cards now; ``contract`` (Contract or ISS string), ``declarer`` 0-2,
    ``bid``; ``history``: ``[(seat, card), ...]`` every card played, in order;
    ``skat``: the two cards laid away when the seat knows them, else None.
    Raises ValueError when the history does not follow the seats' turns.
    """

    def __init__(self, seat, hand, contract, declarer, bid, history, skat_cards=None):
        if isinstance(contract, str):
            contract = skat.parse_contract(contract)
        self.seat = seat
        self.hand = list(hand)
        self.contract = contract
        self.declarer = declarer
        self.bid = bid
        self.history = list(history)
        self.skat = list(skat_cards) if skat_cards else None
        self.suits = skat.trick_tables(contract.kind)[0]
        self._replay()

    @classmethod
    def from_deal(cls, deal, seat):
        """The view of ``seat`` of a referee deal with known hands (``KnownDeal``)."""
        known = deal.skat if (seat == deal.declarer and not deal.contract.hand) else None
        return cls(seat, deal.hands[seat], deal.contract, deal.declarer, deal.bid_value,
                   deal.history, known)

    def _replay(self):
        """Tricks, leader, counts and voids from the history (the engine's trick rule)."""
        pos = Position([[], [], []], self.contract, self.declarer, winners=[0] * 10)
        suits = self.suits
        self.voids = [set(), set(), set()]
        self.played = [0, 0, 0]
        leader = 0
        trick = []
        winners = []
        points = [0, 0, 0]
        taken = [0, 0, 0]
        for seat, card in self.history:
            if seat != (leader + len(trick)) % 3:
                raise ValueError("card %s out of turn in the history" % skat.SKAT.code(card))
            if trick and suits[card] != suits[trick[0]]:
                self.voids[seat].add(suits[trick[0]])
            self.played[seat] += 1
            trick.append(card)
            if len(trick) == 3:
                pos.trick = trick
                pos.leader = leader
                pos.points = points
                pos.tricks = taken
                pos.winners = winners
                leader = pos._close()
                trick = []
        self.leader = leader
        self.trick = trick
        self.winners = winners
        self.points = points
        self.taken = taken

    def unseen(self):
        """The cards this seat has not seen: not in its hand, not played, not a known skat."""
        seen = set(self.hand)
        seen.update(c for _, c in self.history)
        if self.skat:
            seen.update(self.skat)
        return sorted(_ALL - seen)

    def needs(self):
        """How many unseen cards each seat holds (this seat: 0) and the skat."""
        need = [10 - self.played[s] for s in range(3)]
        need[self.seat] = 0
        return need, 0 if self.skat else 2

    def sample(self, rnd, tries=30):
        """One deal consistent with the view: ``(hands, skat)``, this seat's hand as it is.
        ``rnd``: a ``random.Random``. Voids are respected; after ``tries`` dead ends the
        last try's constraints are relaxed (rare: a few cards and many voids); the cards
        are placed by :func:`host_sim.players.sampling.fill`."""
        need, skat_need = self.needs()
        suits = self.suits
        voids = self.voids
        out = fill(self.unseen(), need + [skat_need],
                   lambda p, c: p == 3 or suits[c] not in voids[p], rnd, tries)
        out[self.seat] = list(self.hand)
        return out[:3], out[3] if skat_need else list(self.skat)

    def position(self, hands):
        """An engine Position of this view's play state with ``hands`` (a sample)."""
        return Position(hands, self.contract, self.declarer, self.trick, self.leader,
                        self.points, self.taken, self.winners)

    def trumps_out(self):
        """How many trumps this seat has not seen (suit and grand games; 0 for null)."""
        if self.contract.kind == skat.NULL:
            return 0
        return len([c for c in self.unseen() if self.suits[c] == 4])

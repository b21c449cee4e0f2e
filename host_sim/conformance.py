"""The conformance property (issue 14): a deal played through the table path scores,
field for field, what the rules core scores with the hands known.

The *table path* is what the board runs: the game's flow builds the deal with the cards
unknown (``device.flows.<game>.deal_factory``), every action goes through
``core.referee.Referee`` as the menus and pads send it, and the cards the deal asks for
(``Awaiting``: an ouvert hand, the declarer's hand left after an early end, the skat)
are laid as the players would lay them. The *known-hands core* is the same game's deal
given the dealt hands. Both get the same random choices, legal random cards and random
early ends (Skat: claims, resignations, a player leaving or timing out; the other games
have no early end in their rule sources); a difference raises :class:`Mismatch` naming
the seed and the action.

``run(game, deals, seed)`` plays ``deals`` deals and returns the count of each kind of
end; ``tools/conformance.py`` runs long ones, ``tests/test_conformance.py`` 2,000 per game.
"""

import random

from core.cards import TAROT, TRUMP
from core.events import Awaiting, Refused
from core.games.tarot_score import CHELEM_NAMES
from core.referee import Referee
from core.rng import Rng
from device import flows


class Mismatch(AssertionError):
    """The table path and the known-hands core disagree (or the table refused what the
    core accepted)."""


def random_legal(rng, deal, seat):
    """A card ``seat`` may play now, each legal card alike likely. Tarot: the first legal
    card of the hand in a random order (its ``legal_cards`` checks all 18-24 cards, about
    twice the work); the other games list their legal cards fast."""
    if deal.deck is not TAROT:
        return rng.choice(deal.legal_cards(seat))
    hand = deal.hands[seat]
    for card in rng.sample(hand, len(hand)):
        if deal.legal(seat, card):
            return card
    raise Mismatch("seat %d has no legal card" % seat)


class Pair:
    """One deal twice: ``known`` (the core with the hands) and ``table`` (a Referee over
    the flow's deal, cards unknown). ``lay(verb, count)`` answers the table's requests
    for cards (game-specific)."""

    def __init__(self, known, table, where, lay=None):
        self.known = known
        self.table = table
        self.where = where
        self.lay = lay

    def both(self, verb, *args, table_args=None):
        """Apply ``verb`` to both deals; Mismatch when the table refuses it."""
        getattr(self.known, verb)(*args)
        self.act(verb, *(args if table_args is None else table_args))

    def act(self, verb, *args):
        """Apply ``verb`` to the table's deal and answer what it asks; returns events."""
        events = self.table.act(verb, *args)
        for ev in events:
            if isinstance(ev, Refused):
                raise Mismatch("%s: the table refused %s%r: %s" % (self.where, verb, args,
                                                                  ev.detail))
        for ev in events:
            if isinstance(ev, Awaiting):
                events = events + self.act(ev.verb, self.lay(ev.verb, ev.count))
        return events

    def play_out(self, rng, before=None):
        """Random legal cards from the known hands until the deal ends; ``before(rng,
        seat)`` acts first when it likes (an early end, an announcement) and returns True
        when the deal should be looked at again before a card."""
        known = self.known
        while not known.is_over():
            seat = known.current_seat()
            if before is not None and before(rng, seat):
                continue
            self.both("play", seat, random_legal(rng, known, seat))

    def check(self):
        """Mismatch unless both deals are over with equal results."""
        deal = self.table.deal
        if not deal.is_over():
            raise Mismatch("%s: the core ended the deal, the table did not" % self.where)
        a, b = self.known.result(), deal.result()
        if a != b:
            raise Mismatch("%s: results differ\n core:  %r\n table: %r" % (self.where, a, b))
        return a


# --- Skat ----------------------------------------------------------------------------------

_SKAT_ANNOUNCE = ("", "", "S", "Z", "O")  # hand games: plain, schneider/schwarz ann., ouvert


class BoardTable:
    """The table path down to the pads: the firmware's table loop (``device.app.App``) on
    an emulated board (``host_sim.board.SimBoard``), choices entered as the menus enter
    them, each card laid on its seat's pad and read from its tag, the cards the deal asks
    for laid on a pad. Offers ``act`` and ``deal`` as a Referee does, for :class:`Pair`."""

    SCANNED = ("show_hand", "set_skat")

    def __init__(self, flow, match, players):
        from device.seating import for_deal
        from host_sim.board import SimBoard, TaggedDeck
        self.flow = flow
        self.match = match
        self.board = SimBoard(players)
        self.tags = TaggedDeck(flow.DECK)
        self.app = self.board.start(flow.deal_factory(match), flow.DECK)
        self.app.seating = for_deal(flow, match, self.deal, players)

    @property
    def deal(self):
        return self.app.referee.deal

    def act(self, verb, *args):
        """A choice, a card on its seat's pad, or cards asked for laid on a pad."""
        if verb in self.SCANNED:
            events = []
            for card in args[-1]:
                events += self.board.play_card(0, self.tags.tag(card))
            return events
        if verb == "play":
            for pad in range(self.board_seats()):
                if self.flow.pad_seat(self.match, self.deal, pad) == args[0]:
                    return self.board.play_card(pad, self.tags.tag(args[1]))
        return self.app.choose(verb, *args)

    def board_seats(self):
        return len(self.board.hw.readers)


def _skat_deal(rng, match, where, board=False):
    from core.games import skat
    flow = flows.load("skat")
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    g = match.game
    known = skat.Game(violations=g.violations, ramsch=g.ramsch,
                      kontra=g.kontra).new_deal(0, hands, cards[30:32])
    table = BoardTable(flow, match, 3) if board else Referee(flow.deal_factory(match))
    pair = Pair(known, table, where)
    pair.lay = lambda verb, count: _skat_lay(known, verb, count)
    decl = rng.randrange(3)
    pair.both("enter_auction", decl, rng.choice((18, 18, 20, 23, 24, 36, 48)))
    kind = rng.choice("CSHDGN")
    if rng.random() < 0.35:  # hand game
        mod = "O" if kind == "N" and rng.random() < 0.3 else \
            ("" if kind == "N" else rng.choice(_SKAT_ANNOUNCE))
        code = kind + ("O" if mod == "O" and kind != "N" else "H" + mod)
        if kind == "N" and mod == "O":
            code = "NOH"
        pair.both("declare", decl, code, None)
    else:
        pair.both("pick_up", decl)
        discard = rng.sample(known.hands[decl], 2)
        code = kind + ("O" if kind == "N" and rng.random() < 0.2 else "")
        # the table may scan the discard at the declaration, or the skat at the end
        pair.both("declare", decl, code, discard,
                  table_args=(decl, code, discard if rng.random() < 0.5 else None))
    return pair


def _skat_lay(known, verb, count):
    """What a Skat table lays when asked: the declarer's hand (ouvert, or what is left
    after an early end), or the skat (the discard, or the untouched skat)."""
    if verb == "show_hand":
        return list(known.hands[known.declarer])
    return list(known.skat)


def _skat_early_end(pair, stats):
    def end(rng, seat):
        known = pair.known
        if rng.random() >= 0.025:
            return False
        d = known.declarer
        defenders = [s for s in range(3) if s != d]
        what = rng.randrange(6)
        if what == 0:
            pair.both("resign", d)
            stats["declarer resigns"] = stats.get("declarer resigns", 0) + 1
        elif what in (1, 2):
            if what == 2:
                pair.both("claim", d)
            pair.both("resign", defenders[0])
            if rng.random() < 0.8:
                pair.both("resign", defenders[1])
                stats["defenders resign"] = stats.get("defenders resign", 0) + 1
        elif what == 3:
            pair.both("abandon", rng.choice(defenders))
            stats["defender leaves"] = stats.get("defender leaves", 0) + 1
        elif what == 4:
            pair.both("abandon", d)
            stats["declarer leaves"] = stats.get("declarer leaves", 0) + 1
        else:
            return False
        return True
    return end


def skat_deals(deals, seed, stats, board=False):
    """``deals`` random Skat deals, each checked; the options alternate. ``board``: the
    table path runs on the emulated board, cards read from their tags (slower)."""
    from core.games import skat, skat_sheet
    rng = random.Random(seed)
    for n in range(deals):
        match = skat_sheet.Match(3, violations=("decide", "report")[n % 2])
        pair = _skat_deal(rng, match, "skat seed %d deal %d" % (seed, n), board)
        pair.play_out(rng, _skat_early_end(pair, stats))
        res = pair.check()
        key = res.status if res.status != "played" or pair.known.tricks_done == 10 \
            else "ended early"
        stats[key] = stats.get(key, 0) + 1


# --- Tarot ---------------------------------------------------------------------------------

_CONTRACTS = ("prise", "garde", "garde sans", "garde contre")


def _lawful_ecart(rng, hand, k):
    from core.games import tarot
    plain = [c for c in hand if TAROT.suit(c) < TRUMP and TAROT.rank(c) != 13]
    if len(plain) >= k:
        return rng.sample(plain, k)
    trumps = [c for c in hand if TAROT.suit(c) >= TRUMP and not tarot.is_oudler(c)]
    return plain + rng.sample(trumps, k - len(plain))


def tarot_deals(deals, seed, stats, players=None):
    """``deals`` random Tarot deals (3, 4 and 5 players in turn), each checked."""
    from core.games import tarot
    rng = random.Random(seed)
    flow = flows.load("tarot")
    n = 0
    while n < deals:
        count = players or (3, 4, 5)[n % 3]
        match = flow.new_match(count, {"excuse_slam": ("any", "announced")[n % 2]})
        game = match.game
        pack = list(range(78))
        rng.shuffle(pack)
        hands, _ = tarot.split_pack(pack, count)
        known = game.new_deal(match.dealer, hands)
        if known.is_over():  # a petit sec: announced and annulled, nothing to compare
            continue
        where = "tarot seed %d deal %d" % (seed, n)
        pair = Pair(known, Referee(flow.deal_factory(match)), where)
        taker = rng.randrange(count)
        contract = rng.choice(_CONTRACTS)
        while known.phase == tarot.PHASE_BIDDING:
            s = known.current_seat()
            pair.both("bid", s, contract if s == taker else "pass")
        if known.phase == tarot.PHASE_CALL:
            pair.both("call", taker, TAROT.parse(rng.choice("HSCD") + "K"))
        if known.phase == tarot.PHASE_ECART:
            pair.both("discard", taker, _lawful_ecart(rng, known.hands[taker],
                                                      game.chien_size))
        if rng.random() < 0.05:
            pair.both("announce", taker, tarot.CHELEM, None)
        pair.play_out(rng, _tarot_poignee(pair, count))
        res = pair.check()
        key = "chelem " + CHELEM_NAMES[res.chelem] if res.chelem else "played"
        stats[key] = stats.get(key, 0) + 1
        n += 1


def _tarot_poignee(pair, players):
    """Before its first card, a seat with enough trumps shows a simple poignée (FFT p.7)
    half the time."""
    from core.games import tarot
    need = {3: 13, 4: 10, 5: 8}[players]
    asked = set()

    def before(rng, seat):
        if seat in asked:
            return False
        asked.add(seat)
        trumps = [c for c in pair.known.hands[seat]
                  if TAROT.suit(c) >= TRUMP and c != tarot.EX]
        if len(trumps) >= need and rng.random() < 0.5:
            pair.both("announce", seat, tarot.POIGNEE, rng.sample(trumps, need))
        return False
    return before


# --- Magistr and Zhopa ---------------------------------------------------------------------

def bank_deals(game_name, deals, seed, stats):
    """``deals`` random deals of Magistr or Zhopa, whole games in turn (2-4 players),
    each deal checked and booked on both sheets."""
    rng = random.Random(seed)
    flow = flows.load(game_name)
    n = 0
    while n < deals:
        players = (2, 3, 4)[n % 3] if game_name == "magistr" else (3, 4, 5)[n % 3]
        options = {} if players <= 4 else {"variant": "none"}
        table_match = flow.new_match(players, options)
        core_match = flow.new_match(players, options)
        deal_rng = Rng(seed * 1000 + n)
        while n < deals and not flow.is_match_over(core_match):
            pair = _bank_deal(game_name, rng, deal_rng, core_match, table_match,
                              "%s seed %d deal %d" % (game_name, seed, n))
            pair.play_out(rng)
            res = pair.check()
            core_match.record(res)
            flow.record(table_match, pair.table.deal.result())
            stats["played"] = stats.get("played", 0) + 1
            n += 1


def _bank_deal(game_name, rng, deal_rng, core_match, table_match, where):
    flow = flows.load(game_name)
    game = core_match.game
    number = core_match.number()
    dealer = core_match.next_dealer()
    if game_name == "magistr":
        hands = game.deal_cards(number, deal_rng)
        known = game.new_deal(dealer, hands, number)
    else:
        hands, stock = game.deal_cards(deal_rng)
        known = game.new_deal(dealer, hands, number, None, stock)
    pair = Pair(known, Referee(flow.deal_factory(table_match)), where)
    if number == 1:
        pair.act("lead", game.first_leader(number, dealer, hands))
    if game_name == "zhopa":
        from core.games import zhopa
        while known.phase == zhopa.PHASE_BID:
            pair.both("bid", known.current_seat(), rng.random() < 0.5)
    return pair


GAMES = ("skat", "tarot", "magistr", "zhopa")


def run(game, deals, seed=1, board=False):
    """Play ``deals`` deals of ``game`` both ways; returns ``{end kind: count}``. Raises
    Mismatch at the first difference. ``board`` (Skat): the table path on the emulated
    board, down to the pads and tags."""
    stats = {}
    if game == "skat":
        skat_deals(deals, seed, stats, board)
    elif game == "tarot":
        tarot_deals(deals, seed, stats)
    elif game in ("magistr", "zhopa"):
        bank_deals(game, deals, seed, stats)
    else:
        raise ValueError("no game called %r" % (game,))
    return stats

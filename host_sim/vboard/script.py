"""Deal scripts: what the table does during one deal, written for a MicroPython run to replay.

A script is JSON Lines. The first line says which game and deal to referee::

    {"game": "skat", "game_args": {}, "deal_args": [], "deck": "skat", "seats": 3,
     "id": "6997010", "trick_winners": [0, 0, ...]}

(``core.games.<game>.Game(**game_args).new_deal(*deal_args)``; ``trick_winners`` is what the
desktop referee found, for comparison). Each further line is one table action, in order:
``["choose", verb, [args...]]`` (a menu choice: ``App.choose(verb, *args)``) or ``["card",
seat, deck, code]`` (the card laid on that seat's pad, read, lifted).

Sources:

- :func:`skat_script`: an ISS Skat record played by the desktop twin
  (``host_sim.scenario.SkatReplay`` on ``host_sim.board.SimBoard``); the script is exactly
  what that replay did at the table, so a MicroPython run of it must find the same trick
  winners.
- :func:`magistr_script`, :func:`zhopa_script`, :func:`tarot_script`: a deal dealt with ``core.rng.Rng(seed)``
  and played by CPython's referee with known hands, always the first legal card; the board
  then referees it with unknown hands, as at a real table.

``host_sim/vboard/mp/vb_play.py`` replays a script under MicroPython.
"""

import json

from core.cards import FRENCH36, SKAT, TAROT
from core.events import TrickTaken
from core.rng import Rng
from host_sim.board import SimBoard, TaggedDeck
from host_sim.scenario import SkatReplay


class _RecordingBoard(SimBoard):
    """A SimBoard that notes every menu choice and card placement of the replay."""

    def __init__(self, tagged, seats=3):
        SimBoard.__init__(self, seats)
        self.actions = []
        self._code = {t.uid: tagged.deck.code(c) for c, t in enumerate(tagged.tags)}
        self._deck = tagged.deck.name

    def start(self, new_deal, deck, central=False, on_event=None):
        app = SimBoard.start(self, new_deal, deck, central, on_event)
        choose = app.choose

        def noted(verb, *args):
            self.actions.append(["choose", verb, list(args)])
            return choose(verb, *args)

        app.choose = noted
        return app

    def play_card(self, seat, tag, settle_ms=60):
        self.actions.append(["card", seat, self._deck, self._code[tag.uid]])
        return SimBoard.play_card(self, seat, tag, settle_ms)


def skat_script(record):
    """``(header, actions)`` of ISS ``record`` as the desktop twin replays it."""
    tagged = TaggedDeck(SKAT)
    board = _RecordingBoard(tagged)
    out = SkatReplay(record, board=board, deck=tagged).run()
    header = {"game": "skat", "game_args": {}, "deal_args": [], "deck": SKAT.name,
              "seats": 3, "id": record.id, "trick_winners": out["trick_winners"]}
    return header, board.actions


def _play_out(deal, deck, actions, winners):
    """Play ``deal`` (known hands) to the end, first legal card each time."""
    while not deal.is_over():
        seat = deal.current_seat()
        card = deal.legal_cards(seat)[0]
        actions.append(["card", seat, deck.name, deck.code(card)])
        for ev in deal.play(seat, card):
            if isinstance(ev, TrickTaken):
                winners.append(ev.seat)


def magistr_script(seed=7, players=4, number=2):
    """A Magistr deal (deal ``number``, dealer 0) dealt by ``Rng(seed)``."""
    from core.games import magistr
    game = magistr.Game(players=players)
    hands = game.deal_cards(number, Rng(seed))
    deal = game.new_deal(0, [list(h) for h in hands], number)
    actions, winners = [], []
    _play_out(deal, FRENCH36, actions, winners)
    header = {"game": "magistr", "game_args": {"players": players},
              "deal_args": [0, None, number], "deck": FRENCH36.name, "seats": players,
              "id": "magistr-%d-seed%d" % (number, seed), "trick_winners": winners}
    return header, actions


def zhopa_script(seed=7, players=4, number=2):
    """A Zhopa deal (deal ``number``, dealer 0) dealt by ``Rng(seed)``, the stock refilling
    the hands; every player bids "no" (does not go)."""
    from core.games import zhopa
    game = zhopa.Game(players=players)
    hands, stock = game.deal_cards(Rng(seed))
    deal = game.new_deal(0, [list(h) for h in hands], number, stock=list(stock))
    actions, winners = [], []
    for _ in range(players):
        seat = deal.current_seat()
        actions.append(["choose", "bid", [seat, 0]])
        deal.bid(seat, 0)
    _play_out(deal, FRENCH36, actions, winners)
    header = {"game": "zhopa", "game_args": {"players": players},
              "deal_args": [0, None, number], "deck": FRENCH36.name, "seats": players,
              "id": "zhopa-%d-seed%d" % (number, seed), "trick_winners": winners}
    return header, actions


def tarot_script(seed=7, players=4):
    """A French Tarot deal, dealer 0, dealt by ``Rng(seed)``: the first speaker bids a
    garde sans (no chien, no écart), the others pass."""
    from core.games import tarot
    game = tarot.Game(players=players)
    rng = Rng(seed)
    while True:  # skip deals a petit sec would annul
        hands, _ = tarot.split_pack(rng.shuffle(list(range(78))), players)
        deal = game.new_deal(0, [list(h) for h in hands])
        if not deal.is_over():
            break
    actions, winners = [], []
    for i in range(players):
        seat = deal.current_seat()
        bid = tarot.GARDE_SANS if i == 0 else tarot.PASS
        actions.append(["choose", "bid", [seat, bid]])
        deal.bid(seat, bid)
    _play_out(deal, TAROT, actions, winners)
    header = {"game": "tarot", "game_args": {"players": players}, "deal_args": [0],
              "deck": TAROT.name, "seats": players, "id": "tarot-seed%d" % seed,
              "trick_winners": winners}
    return header, actions


def write(path, header, actions):
    """Write a script as JSON Lines to ``path``."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(header) + "\n")
        for a in actions:
            f.write(json.dumps(a) + "\n")

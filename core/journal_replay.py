"""Records grouped for a replay: what the journal holds, as deals to rebuild.

:class:`Resumer` (streamed, ``Journal.recover(sink=Resumer().add)``), :func:`resume`,
:func:`actions_since_last_deal`, :func:`squeeze` (what compaction keeps) and
:func:`core.journal_checkpoint.checkpoint` (what the per-deal checkpoint keeps: the
booking's own module). Split from
:mod:`core.journal` so that a board loads it only when it is used (compaction at the end of
a game); ``core.journal`` still offers every name here. File format and record kinds: the
docstring of :mod:`core.journal`.
"""

from collections import namedtuple

from core.errors import BadRecord
from core.journal import ACTION, DEAL, DEAL_OVER, GAME, GAME_OVER, SHEET, UNDO, Record

DealLog = namedtuple("DealLog", ("head", "actions", "row", "over"))
Resume = namedtuple("Resume", ("game", "deals", "over", "game_over"))


_BOOKED = (None, (), None, True)  # a deal booked into ``rules``: nothing more kept of it


class Resumer:
    """Groups records, fed one at a time, into the last game's state for a replay at boot.

    ``Journal.recover(sink=resumer.add)`` streams the file through it; ``result()`` then
    gives the :class:`Resume`. Only what a resume needs is kept: the last game's header,
    each deal's header and score-sheet row, and the actions of the open deal (with
    ``keep_actions`` True, those of finished deals too). A deal opens with a DEAL record or
    with its first action, and closes with DEAL_OVER. ``add`` raises BadRecord (naming the
    record's index) on an order the firmware never writes: a record before any GAME,
    anything after GAME_OVER but a new GAME, an undo with nothing to undo, an undo whose
    action count (``[n]``, the deal's actions before it) is not the open deal's (a
    duplicated or lost record), a deal booked without actions after one booked from its
    actions in the same game (a duplicated DEAL_OVER: only compaction writes rows without
    actions, and only for finished games), a DEAL or GAME_OVER while a deal is open, a
    SHEET anywhere but right after its GAME. A SHEET (a checkpoint) stands for its booked
    deals: one finished deal per row, the row as its ``row`` and no actions.

    ``journal``: the :class:`core.journal.Journal` being read (its ``offset``): then
    ``proven`` is the byte offset just after the last record that closed something (a
    game header, a booked deal, a sheet checkpoint, a game over: what a set-aside may keep,
    docs/records.md "The board's journal") and ``proven_deals`` the booked deals there.
    ``rules``: an object rebuilding the game as the records stream by (the board's,
    ``device.resume.Rules``): ``rules.game(data)`` at each GAME, ``rules.booked(actions,
    data)`` at each DEAL_OVER (``actions`` the deal's, ``[]`` for a compacted row),
    ``rules.rebook(row)`` for each row of a SHEET; what they raise stops the replay, and a
    record they refuse is not proven. With ``rules`` a booked deal keeps nothing here, so a
    long evening's journal costs no heap for its finished deals.

    ``over``: the last game's GAME_OVER data (any value the record holds, None included);
    ``game_over``: True once that game has its GAME_OVER, whatever its data.
    """

    def __init__(self, keep_actions=False, journal=None, rules=None):
        self.keep_actions = keep_actions
        self.journal = journal
        self.rules = rules
        self.game = None
        self.deals = []  # [head, actions, row, over] per deal of the last game
        self.over = None  # the GAME_OVER data
        self.game_over = False
        self._played = False  # a deal of this game was booked from its actions
        self.count = 0  # records seen
        self.proven = 0
        self.proven_deals = 0

    def add(self, rec):
        """Take the next record (``(kind, data)``)."""
        i = self.count
        self.count += 1
        kind, data = rec[0], rec[1]
        if kind == GAME:
            if self.rules is not None:
                self.game = None  # until the rules take the header
                self.rules.game(data)
            self.game, self.deals, self.over, self.game_over = data, [], None, False
            self._played = False
            self._prove()
            return
        if self.game is None:
            raise BadRecord("journal record %d (%s) comes before any game header" % (i, kind))
        if self.game_over:
            raise BadRecord("journal record %d (%s) comes after the game is over" % (i, kind))
        deals = self.deals
        open_deal = deals[-1] if deals and not deals[-1][3] else None
        if kind == DEAL:
            if open_deal is not None:
                raise BadRecord("journal record %d: a deal starts while deal %d is open"
                                % (i, len(deals)))
            deals.append([data, [], None, False])
        elif kind == ACTION:
            if open_deal is None:
                open_deal = [None, [], None, False]  # a deal without a header opens here
                deals.append(open_deal)
            open_deal[1].append((data[0], tuple(data[1])))
        elif kind == UNDO:
            self._undo(i, open_deal, data)
        elif kind == DEAL_OVER:
            self._booked(i, open_deal, data)
        elif kind == SHEET:
            if deals or not isinstance(data, list):
                raise BadRecord("journal record %d: a sheet checkpoint must follow its game "
                                "header" % i)
            for row in data:
                if self.rules is None:
                    deals.append([None, [], row, True])
                else:
                    self.rules.rebook(row)
                    deals.append(_BOOKED)
            self._prove()
        elif kind == GAME_OVER:
            if open_deal is not None:
                raise BadRecord("journal record %d: game over while deal %d is open"
                                % (i, len(deals)))
            self.over = data
            self.game_over = True
            self._prove()
        else:
            raise BadRecord("journal record %d has unknown kind %r" % (i, kind))

    def _undo(self, i, open_deal, data):
        if open_deal is None or not open_deal[1]:
            raise BadRecord("journal record %d: undo with no action to take back" % i)
        n = len(open_deal[1])
        if isinstance(data, (list, tuple)) and data and data[0] != n:  # [] (older): unchecked
            raise BadRecord("journal record %d: an undo of action %s where the deal has %d: "
                            "a duplicated or missing record" % (i, data[0], n))
        open_deal[1].pop()

    def _booked(self, i, open_deal, data):
        deals = self.deals
        actions = open_deal[1] if open_deal is not None else []
        if actions:
            self._played = True
        elif self._played:
            raise BadRecord("journal record %d: deal %d booked without an action: a "
                            "duplicated record" % (i, len(deals) + (open_deal is None)))
        if self.rules is not None:
            self.rules.booked(actions, data)
            if open_deal is None:
                deals.append(_BOOKED)
            else:
                deals[-1] = _BOOKED
        elif open_deal is None:
            deals.append([None, [], data, True])  # a row kept by compaction
        else:
            open_deal[2] = data
            open_deal[3] = True
            if not self.keep_actions:
                open_deal[1] = []
        self._prove()

    def _prove(self):
        # the records so far rebuilt: a set-aside keeps the journal up to here
        if self.journal is not None:
            self.proven = self.journal.offset
            self.proven_deals = len(self.deals)

    def open_actions(self):
        """The actions of the open deal of the last game (``[]`` when none is open), with
        undos applied: what ``Referee.replay`` rebuilds the deal in play from."""
        if self.game_over or not self.deals or self.deals[-1][3]:
            return []
        return self.deals[-1][1]

    def result(self):
        """The :class:`Resume` of the records added so far."""
        return Resume(self.game, [DealLog(d[0], d[1], d[2], d[3]) for d in self.deals],
                      self.over, self.game_over)


def resume(records, keep_actions=False):
    """Group ``records`` (a list, as :meth:`Journal.read` returns) with a :class:`Resumer`.

    Returns :class:`Resume` ``(game, deals, over, game_over)``: ``game`` the data of the
    last GAME record (None when the journal has none); ``deals`` a list of :class:`DealLog`
    ``(head, actions, row, over)`` in order (``head``: the DEAL data or None; ``actions``:
    the accepted ``(verb, args)`` with undos applied, ready for ``Referee.replay``, for the
    open deal (every deal with ``keep_actions``); ``row``: the DEAL_OVER data; ``over``:
    True once the deal is over); ``over``: the GAME_OVER data; ``game_over``: True once the
    game is over. Raises BadRecord as :meth:`Resumer.add`.
    """
    r = Resumer(keep_actions)
    for rec in records:
        r.add(rec)
    return r.result()


def actions_since_last_deal(records):
    """The actions of the open deal of the last game, to replay into a fresh Referee
    (``referee.replay(actions)``); ``[]`` when no deal is open (the next deal has not
    started, or the game is over). Raises BadRecord as :func:`resume`."""
    r = Resumer()
    for rec in records:
        r.add(rec)
    return r.open_actions()


def squeeze(records):
    """The records to keep when compacting: each finished game (one with GAME_OVER) shrinks
    to its score sheet (GAME, its SHEET checkpoint, every DEAL_OVER row, GAME_OVER), and so
    does each abandoned
    game (one followed by another GAME: its header and rows, the deal left open
    dropped); the last game, if unfinished, is kept record for record so it still replays
    exactly. Raises BadRecord as :func:`resume` on a record before any GAME."""
    out = []
    start = 0
    for i in range(len(records) + 1):
        if i < len(records) and records[i][0] != GAME:
            if i == 0:
                raise BadRecord("journal record 0 (%s) comes before any game header"
                                % (records[0][0],))
            continue
        seg = records[start:i]
        start = i
        if seg and (seg[-1][0] == GAME_OVER or i < len(records)):
            out.extend(r for r in seg if r[0] in (GAME, SHEET, DEAL_OVER, GAME_OVER))
        else:
            out.extend(seg)
    return [Record(r[0], r[1]) for r in out]

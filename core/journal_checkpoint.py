"""What the per-deal checkpoint keeps (docs/records.md "The board's journal"), streamed:
:class:`Checkpointer` and :func:`checkpoint`.

Apart from core/journal_replay.py (issue 19, docs/performance.md "32-bit heap"): a
booking loads this alone, not the replay's Resumer and squeeze, beside everything a deal
holds (core.journal names both too). Record kinds: the docstring of
:mod:`core.journal`.
"""

from core.errors import BadRecord
from core.journal import DEAL_OVER, GAME, GAME_OVER, SHEET, Record


class Checkpointer:
    """What a per-deal checkpoint keeps, gathered from records fed one at a time in two
    passes over the journal (``Journal.read(sink=c.scan)``, then ``sink=c.add``), so the
    booking never holds the journal as a list, nor the deal just booked (issue 19,
    docs/performance.md "32-bit heap"). The first pass notes where the last game starts
    and where its last DEAL_OVER or SHEET is; the second keeps of the games before it what
    :func:`core.journal_replay.squeeze` keeps (GAME, SHEET, DEAL_OVER, GAME_OVER), of the
    last game its GAME and the records after that point (its open deal).

    ``scan(rec)`` raises BadRecord on a first record that is not a GAME (as
    :func:`core.journal_replay.squeeze`); ``result(rows)`` gives the records
    :func:`checkpoint` returns.
    """

    def __init__(self):
        self.count = 0  # records scanned
        self.game = -1  # index of the last GAME
        self.start = 0  # index of the first record of the last game's open deal
        self.over = False  # the last game has a GAME_OVER
        self.out = []
        self._i = 0  # records added

    def scan(self, rec):
        """First pass: take the next record (``(kind, data)``)."""
        i = self.count
        self.count += 1
        kind = rec[0]
        if kind == GAME:
            self.game, self.start, self.over = i, i + 1, False
        elif self.game < 0:
            raise BadRecord("journal record 0 (%s) comes before any game header" % (kind,))
        elif kind in (SHEET, DEAL_OVER):
            self.start = i + 1
        elif kind == GAME_OVER:
            self.over = True

    def add(self, rec):
        """Second pass: take the next record (the same records as the first pass)."""
        i = self._i
        self._i += 1
        if i < self.game:
            if rec[0] in (GAME, SHEET, DEAL_OVER, GAME_OVER):
                self.out.append(Record(rec[0], rec[1]))
        elif i == self.game or i >= self.start:
            self.out.append(Record(rec[0], rec[1]))

    def result(self, rows):
        """The records to keep: the earlier games' sheets, the last game's GAME, one SHEET
        holding ``rows`` and its open deal's records. Raises BadRecord when no game was
        scanned, the last game is over, or the second pass did not get the records the
        first one did (a read that failed: the file could not be opened, a read error)."""
        if self.game < 0:
            raise BadRecord("no game in the journal to checkpoint")
        if self.over:
            raise BadRecord("the game is over: squeeze it, do not checkpoint it")
        if self._i != self.count:
            raise BadRecord("the journal read %d records in the checkpoint's second pass, "
                            "%d in its first" % (self._i, self.count))
        out = self.out
        k = len(out) - (self.count - self.start)  # the last game's GAME is out[k - 1]
        return out[:k] + [Record(SHEET, rows)] + out[k:]


def checkpoint(records, rows):
    """The records a per-deal checkpoint keeps: the games before the last one squeezed as
    :func:`core.journal_replay.squeeze` does, then the last game's GAME record, one SHEET
    record holding ``rows`` (its flow's ``booked_rows``: the score sheet so far) and the
    records of its open deal (those after its last DEAL_OVER or SHEET), if any.

    ``records``: the journal's records (a list of ``(kind, data)``; streamed: a
    :class:`Checkpointer`). Raises BadRecord when there is no game, or the last game is
    over (a finished game is squeezed, not checkpointed), or as :func:`core.journal_replay.squeeze`.
    """
    c = Checkpointer()
    for rec in records:
        c.scan(rec)
    for rec in records:
        c.add(rec)
    return c.result(rows)

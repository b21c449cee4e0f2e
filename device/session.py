"""What a game keeps across deals and power cuts: journal writes, the rebuild at boot and
the deck's tag registry on flash.

Split from :mod:`device.controller` (issue 15): the controller decides *when* a record is
written or a registry read; this module knows *how*. Journal records and their kinds:
``core.journal`` (GAME, ACTION, UNDO, DEAL_OVER, GAME_OVER, SHEET; docs/records.md "The
board's journal"). Nothing here touches the LCD: errors are raised or returned as lines.
"""

from core.errors import BadRecord, NotSaved, TrickrefError
from core.events import FLASH_FULL, WRITE_ERROR
from core.journal import ACTION, DEAL_OVER, GAME, GAME_OVER, SHEET, UNDO
from core.referee import Referee
from core.tags import DeckRegistry
from device import flows


def save(journal, kind, data):
    """Append one record ``(kind, data)`` to ``journal`` (write-ahead: before the table
    changes); raises NotSaved (reason FLASH_FULL for errno 28 (ENOSPC), else WRITE_ERROR)
    when it is not on flash. ``journal`` None: nothing to do."""
    if journal is None:
        return
    try:
        journal.append(kind, data)
    except OSError as e:
        code = e.args[0] if e.args else 0
        raise NotSaved(FLASH_FULL if code == 28 else WRITE_ERROR, str(e))
    except BadRecord as e:
        raise NotSaved(WRITE_ERROR, str(e))


def act_writer(journal):
    """The referee's ``on_accept(verb, args)`` for ``journal``: each accepted action
    written as an ACTION record before the table changes (``save``; NotSaved refuses it).
    The table loop's path to flash goes referee -> here -> journal, not back through the
    controller."""
    return lambda verb, args: save(journal, ACTION, [verb, list(args)])


def words(err):
    """What the LCD says for a NotSaved ``err``: "flash full" or "write error"."""
    return "flash full" if err.reason == FLASH_FULL else "write error"


# --- which tag is which card: the deck's registry on flash ---------------------------------

def registry_path(storage, deck_name):
    """The file of deck ``deck_name``'s tag registry in folder ``storage`` (None: the
    board has no flash to keep it)."""
    return None if not storage else "%s/deck-%s.bin" % (storage, deck_name)


def load_registry(storage, deck, resume=False):
    """``(registry, strict, problem)`` for a game with ``deck``: the registry saved by a
    clean deck audit (``strict``: other tags are refused), else one learned as tags are
    first seen in this game. The learned one is saved to flash (``deck-<name>.seen.bin``)
    at every new tag and read back on ``resume``, so a sticker rewritten before a power
    cycle is still caught after it; a new game starts learning afresh. ``problem``: None,
    or the LCD lines saying the audited registry on flash is damaged (then learned)."""
    name = deck.name
    path = registry_path(storage, name)
    registry = DeckRegistry(deck)
    if path is None:
        return registry, False, None
    problem = None
    try:
        with open(path, "rb") as f:
            return DeckRegistry.from_bytes(f.read()), True, None
    except OSError:
        pass  # never audited: learn the tags as they come
    except (BadRecord, TrickrefError) as e:
        problem = ["deck registry bad", str(e)]
    seen = registry_path(storage, name + ".seen")
    if resume:
        try:
            with open(seen, "rb") as f:
                registry = DeckRegistry.from_bytes(f.read())
        except (OSError, BadRecord, TrickrefError):
            pass  # none saved yet (or damaged): learn again
    else:
        _drop_file(seen)
    registry.on_bind = lambda reg: _save_file(seen, reg.to_bytes())
    return registry, False, problem


def save_registry(storage, reg):
    """Save ``reg`` (a clean audit's DeckRegistry) as its deck's registry. Returns True
    when saved, False when the board has no flash; raises OSError when the write fails."""
    path = registry_path(storage, reg.deck.name)
    if path is None:
        return False
    with open(path, "wb") as f:
        f.write(reg.to_bytes())
    return True


def _drop_file(path):
    try:
        import os
        os.remove(path)
    except OSError:
        pass


def _save_file(path, data):
    """Write ``data`` to ``path`` atomically (temporary file, then rename); a flash that
    cannot take it leaves the old file (the tags are learned again after a power cycle)."""
    import os
    try:
        with open(path + ".new", "wb") as f:
            f.write(data)
            f.flush()
        os.rename(path + ".new", path)
    except OSError:
        _drop_file(path + ".new")


# --- the rebuild at boot -------------------------------------------------------------------

class Rebuild:
    """A journal sink that rebuilds a game as its records stream by: the match with every
    booked deal replayed into it, and the actions of the deal in progress. ``proven``:
    bytes of the journal up to the last record that rebuilt (a game header, a booked deal
    or a game over), ``proven_deals`` the booked deals there (``journal``: the Journal
    being read, for its ``offset``). ``add`` raises BadRecord on a record it cannot
    rebuild (and whatever the rules raise on an action they refuse).

    Not ``core.journal_replay.Resumer``: the board also needs the proven offset (what a
    set-aside keeps), the undo's action count checked (a duplicated or lost record), and a
    booked deal without actions refused after played ones (a duplicated DEAL_OVER)."""

    def __init__(self, journal=None):
        self.journal = journal
        self.flow = None
        self.match = None
        self.players = 0
        self.acts = []
        self.sheet = None
        self.game_over = False
        self.proven = 0
        self.deals = 0
        self.proven_deals = 0
        self.played = False

    def add(self, rec):
        """Take the next record ``(kind, data)``."""
        kind, data = rec[0], rec[1]
        if kind == GAME:
            name, players, options = data
            self.flow = None  # until the header is known good
            flow = flows.load(name)
            self.match = flow.new_match(players, dict(options))
            self.flow, self.players = flow, players
            self.acts = []
            self.game_over = False
            self.deals = 0
            self.played = False  # a deal of this game was booked from its actions
        elif self.flow is None:
            raise BadRecord("journal: %s before any game" % kind)
        elif self.game_over:
            raise BadRecord("journal: %s after the game is over" % kind)
        elif kind == ACTION:
            self.acts.append((data[0], tuple(data[1])))
            return
        elif kind == UNDO:
            self._undo(data)
            return
        elif kind == DEAL_OVER:
            self._booked(data)
        elif kind == SHEET:
            if self.deals or self.acts:
                raise BadRecord("journal: a sheet checkpoint after deal %d" % self.deals)
            for row in data:
                self.flow.rebook(self.match, row)
            self.deals = len(data)
        elif kind == GAME_OVER:
            self.game_over = True
            self.sheet = data
        else:
            raise BadRecord("journal: record kind %r is not one this firmware writes" % kind)
        if self.journal is not None:
            self.proven = self.journal.offset
            self.proven_deals = self.deals

    def _undo(self, data):
        if not self.acts:
            raise BadRecord("journal: undo with no action to take back")
        if data and data[0] != len(self.acts):  # [] from older firmware: unchecked
            raise BadRecord("journal: an undo of action %s where the deal has %d: a "
                            "duplicated or missing record" % (data[0], len(self.acts)))
        self.acts.pop()

    def _booked(self, data):
        if self.acts:
            referee = Referee(self.flow.deal_factory(self.match))
            referee.replay(self.acts)
            self.flow.record(self.match, referee.deal.result())
            self.played = True
        elif self.played:  # only a compacted, finished game has rows without actions
            raise BadRecord("journal: deal %d booked without an action: a duplicated "
                            "record" % (self.deals + 1))
        self.acts = []
        self.sheet = data
        self.deals += 1

    def finish(self):
        """Called after the last record."""
        return self

"""What a game keeps across deals and power cuts: journal writes and the deck's tag
registry on flash (the journal's compaction and checkpoints between deals:
device/booking.py; the rebuild at boot: device/resume.py).

Split from :mod:`device.controller` (issue 15): the controller decides *when* a record is
written or a registry read; this module knows *how*. Journal records and their kinds:
``core.journal`` (GAME, ACTION, UNDO, DEAL_OVER, GAME_OVER, SHEET; docs/records.md "The
board's journal"). Nothing here touches the LCD: errors are raised or returned as lines.
"""

from core.errors import BadRecord, NotSaved, TrickrefError
from core.events import FLASH_FULL, WRITE_ERROR
from core.journal import ACTION
from core.tags import DeckRegistry
from device.flashfile import drop, keep


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
        drop(seen)
    registry.on_bind = lambda reg: _save_file(seen, reg.to_bytes())
    return registry, False, problem


def save_registry(storage, reg):
    """Save ``reg`` (a clean audit's DeckRegistry) as its deck's registry
    (``deck-<name>.bin``), whole or not at all (device/flashfile.py ``keep``: a power cut
    leaves the old registry or the new one, never a damaged one). Returns True when saved,
    False when the board has no flash; raises OSError when the flash refuses the write
    (the old registry stands, no ``.new`` is left; the deck audit reports it)."""
    path = registry_path(storage, reg.deck.name)
    if path is None:
        return False
    keep(path, reg.to_bytes())
    return True


def _save_file(path, data):
    """Write ``data`` to ``path`` whole or not at all; a flash that cannot take it leaves
    the old file (the tags are learned again after a power cycle)."""
    try:
        keep(path, data)
    except OSError:
        pass

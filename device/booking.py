"""Between two deals: a game started, a deal booked, the next deal dealt, a game closed.

The controller's work that never runs while cards are being played, split from
:mod:`device.controller` so that its code is on the heap only for the moment it runs
(issue 19: ``Controller._between`` loads this module for one call and drops it after, so a
deal in play shares the heap with none of it; docs/performance.md "32-bit heap"). Every
function takes the controller ``ctl`` first; the controller's public methods
(``start_game``, ``next_deal``) call them. The journal's records and their order:
docs/records.md "The board's journal".

Nothing made here may outlive the call and refer back to this module (a lambda, a nested
function): it would hold the module's code on the heap through the deal. Callbacks handed
to the deal are the controller's bound methods.
"""

import gc

from core.compat import SMALL_HEAP, unload
from core.errors import BadRecord, NotSaved
from core.events import Awaiting
from core.journal import DEAL_OVER, GAME, GAME_OVER
from core.referee import Referee
from device import flows, session
from device.words import lcd, reason, say


# The setup menus (the main menu's), which a deal never needs, and on a board the table
# loop's code, which the booking never needs: a booking's checkpoint then reads and
# rewrites the journal in the heap they held, and the next deal loads them again.
_SETUP = ("device.modes.main", "device.language_menu")
_TABLE = ("device.app", "device.seating", "device.modes.table")


def start_game(ctl, name, players, options=None):
    """Start a new game of ``name`` for ``players`` with ``options`` (dict). Write-ahead:
    the game's record is on flash before the table changes. Raises ValueError (an unknown
    game, option name or option value) or TrickrefError (NotSaved: the journal could not
    take it) with the game in play unchanged."""
    flow = flows.load(name)
    flows.check_options(flow, players, options)
    match = flow.new_match(players, options or {})
    try:
        session.save(ctl.journal, GAME, [name, players, sorted((options or {}).items())])
    except NotSaved as e:
        ctl.show(_not_started(e))
        raise
    if ctl.link is not None:  # on flash: the host hears it before the compaction's rewrite
        ctl.link.hello(name)
    ctl.last_table = None
    failed = None
    if ctl.match is not None:  # the game left open is abandoned: keep its sheet only
        failed = compact(ctl.journal)
    ctl.flow, ctl.match, ctl.players = flow, match, players
    load_registry(ctl, resume=False)
    if ctl.link is not None:
        ctl.link.deck = flow.DECK
    new_deal(ctl)
    if failed is not None:  # over the first deal's first screen, until it changes
        ctl.show(failed)


def start(ctl, chosen):
    """The setup menus' "Start" (``chosen``: ``("start", game, players, ((option,
    value), ...))``, device/modes/main.py), taken once the menu's press has returned: the
    menus leave the heap before the game's first deal is built where they were (issue 19).
    A game the journal refuses (NotSaved) brings the main menu back, the LCD saying why
    until the next press; the game in play, if any, is unchanged. Anything else that fails
    brings the main menu back too, and is raised for the loop to show."""
    ctl._mode.stack = None  # cut here: a stale pointer to the mode may outlive the call
    _let_go(ctl, _SETUP)
    try:
        start_game(ctl, chosen[1], chosen[2], dict(chosen[3]))
    except Exception as e:  # the main menu comes back whatever failed (never no mode)
        ctl.main_menu()
        if not isinstance(e, NotSaved):
            raise  # the loop shows why (Controller.tick)
        ctl.over(_not_started(e))


def _not_started(err):
    return [say("game not started"), _why(err)]


def _why(err):
    """What the LCD says for a NotSaved ``err``: "flash full" or "write error", in the
    table's language."""
    return lcd(reason(err.reason))


def resumed(ctl, flow, match, players, acts, last):
    """The game rebuilt at boot (device/resume.py): ``flow``, ``match`` with its booked
    deals, ``players``, ``acts`` the open deal's actions; ``last``: the last booked
    deal's record (its lines then the sheet lines) or None. A game whose last deal was
    booked but not closed (cut before the game-over record) is closed now."""
    ctl.flow, ctl.match, ctl.players = flow, match, players
    if ctl.link is not None:
        ctl.link.deck = flow.DECK
    if flow.is_match_over(match):
        sheet = flow.sheet_lines(match)
        game_over(ctl, last or sheet, sheet)
        return
    load_registry(ctl, resume=True)
    new_deal(ctl, replay=acts)


def new_deal(ctl, replay=None):
    """Start the next deal of ``ctl``'s match; ``replay``: actions to rebuild it
    (resume)."""
    from device.app import App
    from device.seating import for_deal
    flow = ctl.flow
    match = ctl.match
    free_deal(ctl)
    referee = Referee(flow.deal_factory(match))
    events = referee.replay(replay) if replay else []
    referee.on_accept = session.act_writer(ctl.journal)
    # who sits where, asked of the flow once: the table loop, screens and link read it;
    # a central pad's table has a place per player (P1..Pn) though it has one reader
    places = ctl.players if ctl.central else len(ctl.hw.readers)
    ctl.seating = for_deal(flow, match, referee.deal, places)
    if ctl.link is not None and replay is None:  # EV_DEAL: a deal starts (not a resume)
        dealer = getattr(match, "next_dealer", None)
        ctl.link.deal_started(match.number(), dealer() if dealer is not None
                              else getattr(match, "dealer", -1))
    ctl.app = App(ctl.hw.readers, ctl.lcd, referee, flow.DECK, central=ctl.central,
                  registry=ctl.registry, strict=ctl.strict, seating=ctl.seating,
                  result_lines=ctl._result_lines, link=ctl.link)
    for ev in events:  # resumed while the deal waited for cards to be scanned
        if isinstance(ev, Awaiting):
            ctl.app.expect_scan(ev.count, ev.verb)
    ctl.enter_table()


def free_deal(ctl):
    """Drop the finished deal (its App, referee and deal), the mode on screen and the
    setup menus, then collect: the next deal and the deal's booking never share the heap
    with them (issue 19)."""
    ctl.app = None
    _let_go(ctl, _SETUP + _TABLE if SMALL_HEAP else _SETUP)


def _let_go(ctl, modules):
    """The mode on screen dropped and ``modules`` unloaded, then a collection: what they
    held is free before the next step is built."""
    ctl._mode = None
    for name in modules:
        unload(name)
    gc.collect()


def next_deal(ctl, lines, sheet):
    """Book the finished deal (``lines``: its record, ``sheet``: the sheet's lines after
    it; the deal itself already let go by the controller): the DEAL_OVER record first, then
    the journal's checkpoint and the next deal, or the game's end."""
    free_deal(ctl)  # the booking's read and rewrite get the finished deal's heap
    if not book(ctl, DEAL_OVER, lines + sheet):
        return
    flow, match = ctl.flow, ctl.match
    if ctl.link is not None:  # booked: the host hears it before the checkpoint's rewrite
        _tell_host(ctl.link, flow, match, lines)
    over = flow.is_match_over(match)
    failed = None if over else checkpoint(ctl.journal, flow, match)
    ctl.result = None
    if over:
        game_over(ctl, lines + sheet, sheet)
    else:
        new_deal(ctl)
        if failed is not None:  # over the next deal's first screen, until it changes
            ctl.show(failed)


def _tell_host(link, flow, match, lines):
    """The deal just booked, to the host: its verdict (``lines``, the result's first two)
    and its sheet row. Sent once the DEAL_OVER record is on flash and before the
    checkpoint: a power cut during the checkpoint's rewrite kept the deal booked, and the
    host (a --csv file, the club) never heard of it. A function: the sheet's table is
    not on the heap through the checkpoint."""
    columns, rows = flow.sheet_table(match)
    link.deal_over(len(rows), " / ".join(lines[:2]))
    if rows:
        link.row(columns, rows[-1])


def game_over(ctl, last_sheet, sheet):
    """Close the game: the game-over record, the journal compacted to the sheet, the
    final sheet on the LCD. If the record cannot be written the sheet is still shown;
    the next boot closes the game again (device/resume.py). A failed compaction's lines
    (:func:`compact`) come first in the list, where the table sees them."""
    ctl.last_sheet = last_sheet
    if ctl.link is not None:  # the finished game's sheet stays exportable
        ctl.last_table = ctl.flow.sheet_table(ctl.match)
    saved = book(ctl, GAME_OVER, last_sheet, reload=False)
    if ctl.link is not None:
        ctl.link.game_over(" / ".join(sheet[:3]))
    failed = compact(ctl.journal) if saved else None
    ctl.app = None
    ctl.match = None
    ctl.show_list((failed or []) + (ctl.last_sheet if saved else
                  [say("sheet NOT saved:"), say("power on again")] + ctl.last_sheet))


def book(ctl, kind, data, reload=True):
    """Write a booking record after the match already took it in RAM; on failure the
    game is rebuilt from the journal (``reload``: the deal's result is shown again, OK
    retries) and the LCD says why. Returns True when the record is on flash."""
    try:
        session.save(ctl.journal, kind, data)
        return True
    except NotSaved as e:
        if reload:  # RAM set back to what the journal holds: rebuilt as at boot
            ctl.app = ctl.match = ctl.flow = ctl.result = None
            ctl.journal.close()
            if not ctl._resume():
                ctl.main_menu()
        ctl.show([_why(e) + "!", say("OK: book again")])
        return False


def compact(journal):
    """Compact ``journal`` (core.journal_replay.squeeze: finished and abandoned games keep
    their sheets; atomic: temporary file, then rename). Returns None, or the LCD lines
    saying why it failed (then nothing changed). A journal that cannot compact (a log, or
    None): nothing to do."""
    if not hasattr(journal, "compact"):
        return None
    try:
        journal.compact()
    except (OSError, BadRecord) as e:
        return _failed(say("journal compact"), e)
    return None


def checkpoint(journal, flow, match):
    """After a booked deal: compact ``journal`` to the game header and the score sheet of
    ``match`` (its ``flow``'s ``booked_rows``; core.journal_checkpoint.checkpoint),
    atomically as :func:`compact`, so a game that never ends (Skat, Tarot) keeps a bounded
    journal (docs/records.md). A game whose sheet the flow cannot rebuild from rows
    (``booked_rows`` None): nothing to do. The journal is streamed (twice) through a
    core.journal_checkpoint.Checkpointer, not read into a list. Returns None, or the LCD
    lines saying why it failed: the journal still holds the deal's records and replays
    them."""
    if not hasattr(journal, "compact"):
        return None
    try:
        rows = flow.booked_rows(match)
        if rows is None:
            return None
        from core.journal_checkpoint import Checkpointer
        kept = Checkpointer()
        journal.hold_io = True  # the reading code loaded once for the three calls
        # streamed, twice: the journal is never a list and the deal just booked is never
        # held on the heap. Each pass must read the whole file: a pass that stopped at a
        # record it could not read (a bit rotten since it was written) would keep the
        # booked deal's records after the sheet that holds it (booked twice at boot).
        for sink in (kept.scan, kept.add):
            report = journal.read(sink=sink)[1]
            if not report.ok:
                raise BadRecord("journal not read whole: %s" % report)
        journal.compact(kept.result(rows))
    except (OSError, BadRecord) as e:
        return _failed(say("sheet checkpoint"), e)
    finally:  # loaded for the booking only, not held through the next deal
        journal.hold_io = False
        if journal._export is None:
            unload("core.journal_io")
        unload("core.journal_checkpoint")
    return None


def _failed(what, err):
    """The LCD's two lines for a rewrite of the journal (``what``) that failed, nothing
    changed: why within 16 columns, in the table's language: "failed: no space" (errno
    28), "failed: error 5" (the flash's errno), "failed: bad data" (a record the rewrite
    would not copy: BadRecord)."""
    if not isinstance(err, OSError):
        return [what, say("failed: bad data")]
    code = err.args[0] if err.args else 0
    return [what, say("failed: no space") if code == 28 else say("failed: error %s") % code]


def load_registry(ctl, resume=False):
    """The deck's UID registry for the game (``device.session.load_registry``: the
    audited one, strict, else one learned as tags are first seen)."""
    ctl.registry, ctl.strict, problem = session.load_registry(
        ctl.hw.storage, ctl.flow.DECK, resume)
    if problem is not None:
        ctl.show(problem)


def open_link(ctl, journal):
    """The serial link to a host (device/link.py), its paired hosts on flash
    (device/pairing.py, read when a host or the menu first needs them; a stale
    ``hosts.bin.tmp`` of older firmware removed now) and the table's side of its requests
    (device/host_request.py)."""
    from device.host_request import HostAsk
    from device.link import Link
    ctl.host_ask = HostAsk(ctl)
    chunk = getattr(journal, "chunk", None)
    store = "" if not ctl.hw.storage else ctl.hw.storage + "/hosts.bin"
    if store:
        # firmware before device/flashfile.py wrote hosts.bin.tmp and renamed it: one a
        # power cut or a full flash left there is never read and holds flash space. Gone
        # at boot, without device.pairing (read only when a host needs it: issue 19);
        # flashfile is resident already (the boot guard's), this module is dropped after
        from device.flashfile import drop
        drop(store + ".tmp")
    ctl.link = Link(ctl.hw.link, state=ctl._link_state, sheet=ctl._link_sheet,
                    journal=chunk, pairing=store, check=ctl.host_ask.check,
                    journal_end=None if chunk is None else ctl._journal_end)

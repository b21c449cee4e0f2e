"""Resume after a power cut: the game rebuilt from the board's journal at boot.

One path, the tested one: the journal streams through ``core.journal_replay.Resumer``
(the order of records, the undo counts, duplicated bookings, the proven byte offset) with
:class:`Rules` rebuilding the match as the records go by (docs/records.md "The board's
journal"). Loaded at boot and after a booking that did not reach flash
(``device.booking.book``); the controller drops it from the heap once the boot is done.
"""

from core.errors import BadRecord
from core.journal_replay import Resumer
from core.referee import Referee
from device import flows
from device.booking import resumed
from device.lcdtext import file_rows


class Rules:
    """The rules side of a resume (``Resumer(rules=...)``): ``flow`` (device/flows module),
    ``match`` with every booked deal replayed into it, ``players``, and ``sheet`` (the
    data of the last DEAL_OVER record: the deal's lines then the sheet lines; None after a
    checkpoint), ``kept`` (that record is a row compaction kept without its actions: in
    ``sheet`` only, not in ``match``). Raises what ``flows.load`` / the flow / the rules raise on a record they
    cannot take (an unknown game, an option, an action the rules refuse)."""

    def __init__(self):
        self.flow = None
        self.match = None
        self.players = 0
        self.sheet = None
        self.kept = False  # the last booking is a row kept without its actions

    def game(self, data):
        """A GAME record ``[name, players, [[option, value], ...]]``: a fresh match.
        Options are checked as the menus' "Start" checks them (``flows.check_options``):
        an option this firmware does not have (a newer one's) or one answered twice
        raises, never a game resumed under the options it happens to know."""
        name, players, options = data
        self.flow = None  # until the header is known good
        flow = flows.load(name)
        chosen = dict(options)
        if len(chosen) != len(options):
            raise BadRecord("journal: a game header answers an option twice")
        flows.check_options(flow, players, chosen)
        self.match = flow.new_match(players, chosen)
        self.flow, self.players, self.sheet, self.kept = flow, players, None, False

    def booked(self, actions, data):
        """A DEAL_OVER record: the deal replayed from ``actions`` and booked (``[]``: a
        row kept by compaction, already in the sheet lines ``data``). Raises BadRecord when
        the actions do not end the deal: the board books a deal only once it is over.
        ``sheet`` is then the lines the booking makes of the replayed deal (what
        ``Controller.next_deal`` wrote), not the record's ``data``: a summary is only
        trusted where no actions are left to make it from."""
        self.kept = not actions
        if actions:
            referee = Referee(self.flow.deal_factory(self.match))
            referee.replay(actions)
            if not referee.deal.is_over():
                raise BadRecord("journal: a deal booked before it was over (%d actions)"
                                % len(actions))
            lines = self.flow.record(self.match, referee.deal.result())
            data = lines + self.flow.sheet_lines(self.match)
        self.sheet = data

    def rebook(self, row):
        """One row of a SHEET checkpoint (the flow's ``booked_rows``) booked again."""
        self.flow.rebook(self.match, row)


def _closed(ctl, rules, over):
    """A closed game at boot: ``ctl.last_sheet`` is the game-over record's lines when
    they are the lines the board closed the game with (``device.booking.game_over``: its last
    booking's lines, the DEAL_OVER data, or with none since the sheet checkpoint the sheet
    its rows make). Numbers decide, not words: a game closed before the table's language
    changed keeps its lines. Else the record is not believed (it is only a summary of the
    bookings before it): the last sheet is the bookings' lines, and the LCD and
    ``ctl.journal_report`` say so until OK, at every boot while the journal holds it.
    Returns True when the LCD shows that notice, False for the main menu."""
    ctl.last_sheet, believed = closed_sheet(rules, over)
    if ctl.link is not None and not rules.kept:  # a host exports the closed game's
        ctl.last_table = rules.flow.sheet_table(rules.match)  # sheet, when all in rows
    if believed:
        return False
    _tell(ctl, ["sheet rebuilt", "from the deals", "end record", "did not match"],
          "game-over record disagrees with its deals: sheet rebuilt")
    return True


def closed_sheet(rules, over):
    """A closed game's last sheet, as the board shows it: ``(lines, believed)``;
    ``rules`` (:class:`Rules`) fed the game's records, ``over`` its game-over record's
    data. The record's lines when their numbers are those of the last booking (its
    DEAL_OVER lines; with none since the checkpoint, the sheet its rows make), else those
    (``believed`` False)."""
    sheet = rules.sheet
    if _numbers(sheet) is None:  # none since the checkpoint (or not lines): its rows'
        sheet = rules.flow.sheet_lines(rules.match)
    if _numbers(over) == _numbers(sheet) and len(over) == len(sheet):
        return over, True
    return sheet, False


def _numbers(lines):
    """The integers in ``lines`` (a list of str), in order; None when ``lines`` is not a
    list of str."""
    if not isinstance(lines, list):
        return None
    out, digits = [], ""
    for line in lines:
        if not isinstance(line, str):
            return None
        for ch in line + " ":
            if "0" <= ch <= "9":
                digits += ch
                continue
            if digits.lstrip("-"):
                out.append(int(digits))
            digits = "-" if ch == "-" else ""
    return out


def reader(journal=None):
    """A fresh ``(rules, resumer)`` pair: feed ``journal.recover(sink=resumer.add)``."""
    rules = Rules()
    return rules, Resumer(journal=journal, rules=rules)


def boot(ctl):
    """Rebuild ``ctl``'s game (a ``device.controller.Controller``) from its journal.
    Returns True when something is on the LCD (the table resumed, a closed game's sheet,
    or what was set aside), False for the main menu (empty journal, or a finished game:
    its sheet stays in the menu).

    Never raises, whatever the flash holds or does. A journal the flash will not read (an
    OSError: it cannot be opened, a read fails, its torn tail cannot be cut) is left as it
    is and the LCD says so until OK. A journal the boot cannot replay (bad magic, a
    good-CRC record that does not decode or that the rules refuse, an unknown game, a newer
    firmware's record, a duplicated or missing record) is moved whole to a side file and
    the journal starts again from the records it could prove (``Resumer.proven``: the game
    header and every booked deal before the bad record; else nothing), replayed once more.
    The LCD then lists what was kept and set aside until OK is pressed.
    """
    notice = None
    for proven in (True, False):
        rules, res = reader(ctl.journal)
        try:
            resumed = _from(ctl, rules, res)
        except _Unreadable as e:  # the flash would not read the journal (or mend its tail)
            ctl.app = ctl.match = ctl.flow = ctl.result = None
            notice, report = _unreadable(e.args[0]), None
            break
        except Exception as e:  # any flash content: a menu, never a blank LCD
            ctl.app = ctl.match = ctl.flow = ctl.result = None
            notice, report = _set_aside(ctl.journal, res.proven if proven else 0,
                                        res.proven_deals, e, ctl.cols)
            continue
        if notice is None:
            return resumed
        break
    _tell(ctl, notice, report)
    return True


def _said(line):
    """A notice's ``line`` on the LCD: a phrase, or ``(format, value, ...)``, in the
    table's language and the LCD's alphabet (device.words); a format given as ``(one,
    many)`` (:data:`_LOST`) agrees with its count, the first value (``words.plural``)."""
    from device.words import lcd, plural, tr
    if isinstance(line, str):
        return lcd(tr(line))
    fmt = line[0]
    fmt = plural(line[1], fmt[0], fmt[1]) if isinstance(fmt, tuple) else tr(fmt)
    return lcd(fmt % line[1:])


def _english(line):
    if isinstance(line, str):
        return line
    fmt = line[0]
    if isinstance(fmt, tuple):  # (one, many): the English for the count
        fmt = fmt[0] if line[1] == 1 else fmt[1]
    return fmt % line[1:]


# counted lines' formats, (one, many): the catalogues' lines are the many's
_LOST = ("%d byte lost", "%d bytes lost")
_ASIDE = ("%d B aside", "%d B aside")  # a unit, not a noun: 5 digits fit 16 columns
_KEPT = ("kept %d deal", "kept %d deals")


def _tell(ctl, lines, report=None):
    """Show notice ``lines`` (each :func:`_said`) as a list until OK (then the table or
    the main menu); ``ctl.journal_report`` (what a host and ``trickref journal`` read) is
    ``report``, else the lines in English joined by " / ": a report does not change with
    the table's language."""
    ctl.journal_report = report or " / ".join([_english(l) for l in lines])
    ctl.show_list([_said(l) for l in lines] + [_said("OK: go on")])


class _Unreadable(Exception):
    """The journal's read at boot failed on the flash: ``args[0]`` the OSError."""


def _from(ctl, rules, res):
    try:
        _, report = ctl.journal.recover(sink=res.add)
    except OSError as e:
        raise _Unreadable(e)
    ctl.journal_report = report
    if res.game_over or rules.flow is None:
        ctl.last_sheet = None
        if res.game is not None and _closed(ctl, rules, res.over):
            return True
        if report.side:  # damage before anything could be resumed (the game's header)
            _moved(ctl, report, "kept nothing" if rules.flow is None else _kept(rules))
            return True
        return False
    n_pads = len(ctl.hw.readers)
    if not flows.seats_ok(rules.flow, rules.players, n_pads, ctl.central):
        _tell(ctl, ["journal refused", ("%s for %d:", rules.flow.NAME, rules.players),
                    ("%d pads here", n_pads)],
              "journal refused: %s for %d: %d pads" % (rules.flow.NAME, rules.players, n_pads))
        return True  # nothing guessed: no game in play, the main menu after OK
    acts = res.open_actions()
    if rules.flow.is_match_over(rules.match) and acts:
        raise BadRecord("journal: actions after the game's last deal")
    sheet = rules.sheet
    resumed(ctl, rules.flow, rules.match, rules.players, acts, sheet)
    if report.side:  # damage: the whole file kept aside; the deals the sheet kept are
        # told until OK, so a table that booked more knows the side file holds them
        _moved(ctl, report, _kept(rules), "resumed")
        return True
    # over the table's screen or the choice the deal waits for, which stays in play (the
    # next card or press clears it); the journal's Report (ctl.journal_report) says
    # where and why
    if report.dropped:
        said = (_LOST, report.dropped)
    elif report.duplicates:
        said = ("duplicates: %d", report.duplicates)
    else:
        return True
    ctl.over([_said("resumed"), _said(said)])
    return True


def _kept(rules):
    return (_KEPT, len(rules.flow.booked_rows(rules.match)))


def _moved(ctl, report, kept, head="journal moved"):
    """Tell until OK that the journal's damaged file is kept aside (``report.side``):
    ``head``, the bytes after the damage, ``kept`` (what the board went on from), the
    side file."""
    _tell(ctl, [head, (_ASIDE, report.dropped), kept] +
          _side_file(report.side, ctl.cols), report)


def _side_file(path, cols):
    # "side file:" and the file's name (no folder) in rows of an LCD of ``cols`` columns
    return ["side file:"] + [("%s", p) for p in file_rows(path.rsplit("/", 1)[-1], cols)]


def _unreadable(err):
    """The lines for a journal the flash would not open, read or mend at boot (an OSError,
    not its content): nothing is moved or written, the next power-on reads it again. A
    new game in the meantime is refused as any write the flash will not take."""
    code = err.args[0] if err.args else 0
    return ["journal not read", "flash full" if code == 28 else ("read error %s", code),
            "nothing changed", "power on again"]


def _set_aside(journal, keep, deals, err, cols):
    """Move the journal to a side file, keeping its first ``keep`` bytes (the proven
    records, ``deals`` booked deals) as the journal; returns the lines that tell the table
    (the side file's name cut for an LCD of ``cols`` columns).
    Never raises: when the flash cannot hold the copy the whole file is renamed aside
    (nothing kept)."""
    why = str(err) or type(err).__name__
    try:
        side = journal.set_aside(keep)
    except Exception:
        keep = 0
        try:
            side = journal.set_aside(0)
        except Exception as e2:
            side = None
            why = "%s; and %s" % (why, e2)
    kept = (_KEPT, deals) if keep else "kept nothing"
    report = " / ".join(["journal moved", why, _english(kept)] +
                        (["side file:", side.rsplit("/", 1)[-1]] if side else
                         ["nothing moved"]))
    # the LCD: what the players need, in their language; why (a path, a record's error in
    # English, longer than a row) is the report's, for the host and `trickref journal`
    if side is None:
        return ["journal moved", kept, "nothing moved"], report
    return ["journal moved", kept] + _side_file(side, cols), report

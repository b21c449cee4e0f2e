"""The simulator's journal, exported as game records (issue 20).

The emulated board keeps its journal as the real one does (``core.journal.Journal``,
docs/records.md "The board's journal"), in a file of the host standing for its flash:
``trickref sim`` gives ``SimApp`` one in a temporary folder. ``export(sim, path)`` writes
what it holds as JSON lines, the way ``trickref journal FILE --jsonl OUT`` does
(``host_sim.records.journal_lines``, ``write_jsonl``): ``trickref replay OUT`` replays
them on the emulated board. The J key exports to ``key_path(sim)``; ``trickref sim
--export-journal FILE`` exports when the run ends.
"""

from core.errors import TrickrefError
from host_sim.i18n import counted


def export(sim, path):
    """Write the journal of ``sim`` (a SimApp) to ``path`` as JSON lines. Returns the
    number of deals written. Raises ValueError when the simulator keeps no journal,
    OSError or TrickrefError when it cannot be read or ``path`` written."""
    if not getattr(sim, "journal_path", None):
        raise ValueError("this simulator keeps no journal (SimApp(journal=PATH))")
    return write(sim.journal_path, path)


def write(journal_path, path):
    """Write the board's journal at ``journal_path`` to ``path`` as JSON lines; returns the
    number of deals written. Raises OSError or TrickrefError when it cannot be read or
    ``path`` written."""
    from host_sim import records
    _recs, _report, lines = records.journal_lines(journal_path)
    records.write_jsonl(lines, path)
    return len(lines)


def key_path(sim):
    """Where the J key writes: ``trickref-journal-<frame>.jsonl`` in the current folder."""
    return "trickref-journal-%05d.jsonl" % sim.frame


def on_key(sim):
    """The J key: export and say so (or why not) in one line; never raises."""
    path = key_path(sim)
    try:
        n = export(sim, path)
    except (ValueError, OSError, TrickrefError) as e:
        return "journal not exported: %s" % e
    return "journal: %s written to %s" % (counted(n, "deal"), path)

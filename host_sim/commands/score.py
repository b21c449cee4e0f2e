"""``trickref score GAME ...``: score a deal counted by hand, showing the computation.

One sub-subcommand per game, each in its own module ``host_sim/commands/_score_<game>.py``
with ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int`` (the same contract as a
command module, see ``host_sim.cli``). Add a game by adding a line to ``GAMES``.
"""

import importlib

HELP = "score a deal from what the table counted (tarot, skat), with the computation"

# game name -> module implementing it
GAMES = {
    "tarot": "host_sim.commands._score_tarot",
    "skat": "host_sim.commands._score_skat",
}


def add_arguments(parser):
    """Register one subparser per game of ``GAMES``."""
    sub = parser.add_subparsers(dest="game", metavar="GAME")
    sub.required = True
    for name in sorted(GAMES):
        mod = importlib.import_module(GAMES[name])
        p = sub.add_parser(name, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(p)
        p.set_defaults(_score_run=mod.run)


def run(args):
    """Run the chosen game's scorer; returns its exit status."""
    return args._score_run(args)

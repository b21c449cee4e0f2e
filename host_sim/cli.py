"""The ``trickref`` command: one subcommand per module in ``host_sim/commands/``.

Each command module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int`` (the exit status). ``python -m host_sim`` does the same as ``trickref``.
"""

import argparse
import importlib
import pkgutil
import sys

import host_sim.commands


def _command_modules():
    names = sorted(m.name for m in pkgutil.iter_modules(host_sim.commands.__path__)
                   if not m.name.startswith("_"))
    return [(n, importlib.import_module("host_sim.commands." + n)) for n in names]


def build_parser():
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="trickref",
        description="A referee for card games played with NFC-tagged cards (Magistr, Zhopa, "
                    "French Tarot, Skat), its desktop twin and tools.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, mod in _command_modules():
        p = sub.add_parser(name, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv=None):
    """Entry point of the ``trickref`` console script; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return args._run(args) or 0
    except BrokenPipeError:  # `trickref replay ... | head`
        return 0


if __name__ == "__main__":
    sys.exit(main())

"""Subcommands of ``trickref``; each module is one command (see ``host_sim.cli``)."""

"""Computer players by determinized sampling (perfect-information Monte Carlo) on the
playout engines of host_sim/engine/ (docs/players.md). Each player has one interface:
``choose(view) -> action``, ``view`` being what its seat has seen."""

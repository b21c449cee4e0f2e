"""The loop the engine checks share (skat_check, tarot_check): positions compared with
the referee until enough were compared."""

from core.rng import Rng


def compare_positions(compare_one, seed, deals):
    """Call ``compare_one(rng, stepwise)`` (returns ``(compared, mismatch or None)``) on
    one ``core.rng.Rng(seed)`` until ``deals`` positions were compared, every other one
    stepwise; returns ``(deals dealt, [mismatches])``."""
    rng = Rng(seed)
    bad = []
    dealt = 0
    n = 0
    while n < deals:
        done, m = compare_one(rng, stepwise=n % 2 == 1)
        dealt += 1
        n += done
        if m is not None:
            bad.append(m)
    return dealt, bad

"""A tiny deterministic random source for simulated deals and tests.

Why not ``random``: MicroPython's ``random`` has no ``shuffle``/``sample`` and uses a
different generator from CPython, so the same seed would deal different cards on the two
interpreters. This xorshift32 generator (Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8(14),
2003, triple 13/17/5) gives the same sequence everywhere, so a seeded game played under
CPython can be replayed under MicroPython and compared.

Not for anything secret. On 32-bit boards the 32-bit state is a long int (a few small
allocations per draw); the referee itself never shuffles (real cards are dealt by hand).
"""

from core.errors import TrickrefError

_MASK = 0xFFFFFFFF  # the generator's state is 32 bits


class Rng:
    """xorshift32 stream: ``Rng(seed)``; ``below(n)``, ``choice(seq)``, ``shuffle(list)``.

    ``seed`` is any int; 0 is replaced by a fixed non-zero constant (xorshift's zero state
    is a fixed point). Raises TrickrefError for ``below(n)`` with ``n < 1``.
    """

    def __init__(self, seed):
        s = seed & _MASK
        self.state = s if s else 0x9E3779B9  # golden-ratio constant: any non-zero value works

    def next32(self):
        """The next 32-bit value (0 .. 2**32 - 1)."""
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def below(self, n):
        """A value in ``0 .. n - 1`` (modulo bias is below n / 2**32: negligible for decks)."""
        if n < 1:
            raise TrickrefError("below(%r): need n >= 1" % (n,))
        return self.next32() % n

    def choice(self, seq):
        """One element of the non-empty sequence ``seq``."""
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        """Shuffle the list ``items`` in place (Fisher-Yates) and return it."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

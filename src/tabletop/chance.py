"""Counter-based chance: draw number ``n`` of a game with seed ``s`` always uses the same stream.

A game's whole random state is therefore two integers (seed, counter): clones copy it for free, and
results do not depend on PYTHONHASHSEED or on the process. Each draw gets a fresh
:class:`random.Random` seeded from (seed, counter), so a draw may consume any amount of randomness
without shifting later draws.
"""

from __future__ import annotations

import random

_SPREAD = 1 << 32


def stream(seed: int, counter: int) -> random.Random:
    """The random stream of draw number ``counter`` in a game seeded with ``seed``."""
    return random.Random(seed * _SPREAD + counter)


def binomial(rng: random.Random, n: int, p: float) -> int:
    """Number of successes in ``n`` independent trials of probability ``p`` (exact, small n)."""
    r = rng.random
    return sum(1 for _ in range(n) if r() < p)

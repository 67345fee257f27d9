"""Sequential halving over a bot's candidate decisions, shared by the games' search bots.

Rounds of simulations: every surviving candidate is played in the same sampled worlds, then the
better half by mean value goes on, until the budget is spent (Karnin et al. 2013). The worlds are
numbered from one random base (``rng.getrandbits(62)``), so a decision is reproducible from its rng.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

W = TypeVar("W")


def sequential_halving(
    n: int,
    budget: int,
    rng: random.Random,
    world: Callable[[int], W],
    simulate: Callable[[W, int, int], float],
    max_seconds: float | None = None,
    stop_when_thin: bool = False,
) -> int:
    """The index of the best of ``n`` candidates after ``budget`` simulations.

    ``world(seed)`` samples one world (shared by every candidate of a round); ``simulate(world, i,
    seed)`` plays candidate ``i`` in it and returns its value. With ``max_seconds`` the search stops
    once that much wall-clock time has passed. A round whose share of the budget is under one
    simulation per candidate gives each one simulation, or, with ``stop_when_thin``, ends the search
    (unless it is the first round). The best is the most simulated, then the best mean, then the first.
    """
    start = time.perf_counter()
    alive = list(range(n))
    totals = [0.0] * n
    counts = [0] * n
    rounds = max(1, (n - 1).bit_length())
    spent = 0
    seeds = rng.getrandbits(62)
    worlds = 0
    for r in range(rounds):
        share = (budget - spent) // (len(alive) * (rounds - r))
        if share < 1:
            if stop_when_thin and r:
                break
            share = 1  # every candidate gets at least one simulation
        out_of_time = False
        for _ in range(share):
            worlds += 1
            sample = world(seeds + worlds)
            for i in alive:
                totals[i] += simulate(sample, i, seeds + worlds)
                counts[i] += 1
                spent += 1
            if max_seconds is not None and time.perf_counter() - start > max_seconds:
                out_of_time = True
                break
        if out_of_time:
            break
        if len(alive) > 1:
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
    return max(range(n), key=lambda i: (counts[i], totals[i] / max(1, counts[i]), -i))

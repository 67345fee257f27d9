"""Engine speed in CPU time, for comparing two versions on a busy machine (both games).

    PYTHONPATH=src .venv/bin/python benchmarks/engine_cpu_time.py

``bench_engine.py`` and ``bench_los.py`` time the wall clock, which a machine shared with other work
moves by a factor of two; this script times the process's CPU (``time.process_time``) and keeps the
best of several repeats, so that two checkouts run alternately give comparable figures. It prints one
JSON line: random-play decisions/s (the bench loop: ``apply(pending()[0], choice(legal_actions))``,
game creation included) and microseconds per ``clone()`` of mid-game states, per game.
"""

from __future__ import annotations

import json
import random
import time
import timeit
from collections.abc import Callable
from typing import Any

import league_of_six
import wallenstein

REPEATS = 7
CLONES = 2000


def _play(new: Callable[[int], Any], seed: int, limit: int | None = None) -> tuple[Any, int]:
    g = new(seed)
    rng = random.Random(seed)
    n = 0
    while not g.over and (limit is None or n < limit):
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        n += 1
    return g, n


def measure(new: Callable[[int], Any], games: int) -> dict[str, float]:
    seeds = range(games)
    decisions = sum(_play(new, s)[1] for s in seeds)
    seconds = min(
        timeit.repeat(lambda: [_play(new, s) for s in seeds], number=1, repeat=REPEATS, timer=time.process_time)
    )
    mids = [_play(new, s, limit=150)[0] for s in range(3)]
    per_clone = min(
        timeit.repeat(lambda: [g.clone() for g in mids], number=CLONES, repeat=REPEATS, timer=time.process_time)
    ) / (CLONES * len(mids))
    return {"decisions": decisions, "decisions_per_s": decisions / seconds, "clone_us": per_clone * 1e6}


def main() -> None:
    report = {
        "wallenstein": measure(lambda s: wallenstein.new_game(players=4, seed=s, log=False), 10),
        "league_of_six": measure(lambda s: league_of_six.new_game(players=4, seed=s, log=False), 30),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()

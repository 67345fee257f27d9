"""Timing helpers shared by the engine benchmarks (bench_engine.py, bench_los.py): random play, a
mid-game state, a per-call breakdown, games/s and clones/s loops, and a cProfile run.

A game here is anything with the table's Game API (``over``, ``pending``, ``legal_actions``,
``apply``, ``clone``); ``new_game(seed)`` makes one with its event log off.
"""

from __future__ import annotations

import cProfile
import gc
import io
import pstats
import random
import time
from collections.abc import Callable
from typing import Any

NewGame = Callable[[int], Any]


def play_random(new_game: NewGame, seed: int) -> int:
    """One game between uniform random choices (seeded) to the end; returns its decision count."""
    g = new_game(seed)
    choice = random.Random(seed).choice
    n = 0
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, choice(g.legal_actions(seat)))
        n += 1
    return n


def midgame(new_game: NewGame, seed: int) -> Any:
    """The state half-way through the random game of ``seed``."""
    half = play_random(new_game, seed) // 2
    g = new_game(seed)
    rng = random.Random(seed)
    for _ in range(half):
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def breakdown(new_game: NewGame, seeds: list[int]) -> dict[str, Any]:
    """Play the same games with a timer around each engine call, and one clone per decision.

    The clone (discarded) stands for what a search agent does at every node; its cost is reported
    next to ``legal_actions`` and ``apply``. "agent" is pending() plus the random choice and the loop.
    """
    clock = time.perf_counter
    t_new = t_legal = t_apply = t_clone = t_agent = 0.0
    n = 0
    start = clock()
    for seed in seeds:
        t0 = clock()
        g = new_game(seed)
        t_new += clock() - t0
        rng = random.Random(seed)
        while True:
            t0 = clock()
            if g.over:
                break
            seat = g.pending()[0]
            t1 = clock()
            legal = g.legal_actions(seat)
            t2 = clock()
            action = rng.choice(legal)
            t3 = clock()
            g.apply(seat, action)
            t4 = clock()
            g.clone()
            t5 = clock()
            t_agent += (t1 - t0) + (t3 - t2)
            t_legal += t2 - t1
            t_apply += t4 - t3
            t_clone += t5 - t4
            n += 1
    total = clock() - start
    parts = {"new_game": t_new, "legal_actions": t_legal, "apply": t_apply, "clone": t_clone, "agent": t_agent}
    parts["timer/other"] = max(0.0, total - sum(parts.values()))
    calls = {k: max(1, n) for k in parts}
    calls["new_game"] = len(seeds)
    return {
        "decisions": n,
        "seconds": total,
        "parts": {
            k: {"seconds": v, "share": v / total if total else 0.0, "us_per_call": 1e6 * v / calls[k]}
            for k, v in parts.items()
        },
    }


def measure_games(play: Callable[[int], Any], seeds: list[int]) -> dict[str, Any]:
    """Games/s and decisions/s; ``play(seed)`` returns decisions, or (decisions, finished)."""
    gc.collect()
    decisions = unfinished = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        got = play(seed)
        if isinstance(got, tuple):
            got, finished = got
            unfinished += not finished
        decisions += got
    dt = time.perf_counter() - start
    cpu = time.process_time() - cpu  # on a shared machine the CPU time is the steadier figure
    return {
        "games": len(seeds),
        "decisions": decisions,
        "seconds": dt,
        "cpu_seconds": cpu,
        "decisions_per_cpu_s": decisions / cpu if cpu > 0 else 0.0,
        "games_per_s": len(seeds) / dt,
        "decisions_per_s": decisions / dt,
        "decisions_per_game": decisions / len(seeds),
        "unfinished": unfinished,
    }


def measure_clones(states: list[Any], clone: Callable[[Any], Any], seconds: float = 0.4) -> dict[str, Any]:
    """Clones/s of each state in a tight loop for about ``seconds`` each."""
    gc.collect()
    clock = time.perf_counter
    count = 0
    spent = 0.0
    for state in states:
        batch = 50
        start = clock()
        while True:
            for _ in range(batch):
                clone(state)
            count += batch
            if clock() - start >= seconds:
                break
        spent += clock() - start
    return {"clones": count, "clone_seconds": spent, "clone_states": len(states), "clones_per_s": count / spent}


def profile(play: Callable[[int], Any], seeds: list[int], top: int = 25) -> str:
    """cProfile of ``play(seed)`` for each seed: the ``top`` functions by own time."""
    prof = cProfile.Profile()
    prof.enable()
    for seed in seeds:
        play(seed)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()

"""Speed of random League of Six play: games/s, decisions/s, clones/s and a per-call breakdown.

    .venv/bin/python benchmarks/bench_los.py                  # 4 players, 300 games
    .venv/bin/python benchmarks/bench_los.py --players 5 --games 1000
    .venv/bin/python benchmarks/bench_los.py --json
    .venv/bin/python benchmarks/bench_los.py --profile        # plus cProfile, top 25 by tottime

Definitions (as in bench_engine.py for Wallenstein):

* a *decision* is one ``Game.apply`` call; decisions with a single legal option are taken by the
  engine itself and are not counted;
* the random agent takes the pending seat and picks uniformly among its legal actions with a seeded
  ``random.Random``; games/s and decisions/s include creating each game (``log=False``);
* clones/s: ``Game.clone()`` of mid-game states (half-way through a random game) in a tight loop;
* the breakdown plays the same games with a timer around each engine call and one (discarded) clone
  per decision, as a search agent would.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import platform
import pstats
import random
import sys
import time
from typing import Any

import league_of_six

CLONE_STATES = 3
CLONE_SECONDS = 0.4


def play(players: int, seed: int) -> int:
    g = league_of_six.new_game(players=players, seed=seed, log=False)
    rng = random.Random(seed)
    choice = rng.choice
    n = 0
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, choice(g.legal_actions(seat)))
        n += 1
    return n


def midgame(players: int, seed: int) -> league_of_six.Game:
    half = play(players, seed) // 2
    g = league_of_six.new_game(players=players, seed=seed, log=False)
    rng = random.Random(seed)
    for _ in range(half):
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def measure_games(players: int, seeds: list[int]) -> dict[str, Any]:
    start = time.perf_counter()
    decisions = sum(play(players, s) for s in seeds)
    seconds = time.perf_counter() - start
    return {
        "games": len(seeds),
        "decisions": decisions,
        "seconds": seconds,
        "games_per_s": len(seeds) / seconds,
        "decisions_per_s": decisions / seconds,
        "decisions_per_game": decisions / len(seeds),
    }


def measure_clones(players: int) -> dict[str, Any]:
    total = 0
    seconds = 0.0
    for seed in range(CLONE_STATES):
        g = midgame(players, 1000 + seed)
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < CLONE_SECONDS:
            for _ in range(200):
                g.clone()
            n += 200
        seconds += time.perf_counter() - start
        total += n
    return {"clones": total, "seconds": seconds, "clones_per_s": total / seconds}


def breakdown(players: int, seeds: list[int]) -> dict[str, Any]:
    clock = time.perf_counter
    t_new = t_legal = t_apply = t_clone = t_agent = 0.0
    n = 0
    start = clock()
    for seed in seeds:
        t0 = clock()
        g = league_of_six.new_game(players=players, seed=seed, log=False)
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
    calls = {k: n for k in parts}
    calls["new_game"] = len(seeds)
    return {
        "decisions": n,
        "seconds": total,
        "parts": {
            k: {"seconds": v, "share": v / total if total else 0.0, "us_per_call": 1e6 * v / max(1, calls[k])}
            for k, v in parts.items()
        },
    }


def profile(players: int, seeds: list[int], top: int = 25) -> str:
    prof = cProfile.Profile()
    prof.enable()
    for s in seeds:
        play(players, s)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300, help="random games (default 300)")
    ap.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--profile", action="store_true", help="also profile: top 25 functions by tottime")
    args = ap.parse_args(argv)
    seeds = list(range(args.games))
    play(args.players, 10_000)  # warm up caches (component tables)
    report = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "players": args.players,
        "games": measure_games(args.players, seeds),
        "clones": measure_clones(args.players),
        "breakdown": breakdown(args.players, seeds[: max(1, args.games // 3)]),
    }
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        gm, cl = report["games"], report["clones"]
        print(f"League of Six, {args.players} players, random agents, Python {report['python']}")
        print(
            f"  {gm['games_per_s']:,.1f} games/s, {gm['decisions_per_s']:,.0f} decisions/s"
            f" ({gm['decisions_per_game']:.1f} decisions per game)"
        )
        print(f"  {cl['clones_per_s']:,.0f} clones/s (mid-game states)")
        print("  per call (breakdown run, one clone per decision):")
        for name, part in report["breakdown"]["parts"].items():
            print(f"    {name:<14} {part['us_per_call']:8.2f} us/call  {100 * part['share']:5.1f}%")
    if args.profile:
        print(profile(args.players, seeds[: max(1, args.games // 3)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

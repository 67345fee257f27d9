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
import json
import platform
import sys
from collections.abc import Callable

from random_play import breakdown, measure_clones, measure_games, midgame, play_random, profile

import league_of_six

CLONE_STATES = 3
CLONE_SECONDS = 0.4


def new_los(players: int) -> Callable[[int], league_of_six.Game]:
    return lambda seed: league_of_six.new_game(players=players, seed=seed, log=False)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300, help="random games (default 300)")
    ap.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--profile", action="store_true", help="also profile: top 25 functions by tottime")
    args = ap.parse_args(argv)
    seeds = list(range(args.games))
    new = new_los(args.players)

    def play(seed: int) -> int:
        return play_random(new, seed)

    play(10_000)  # warm up caches (component tables)
    mids = [midgame(new, 1000 + s) for s in range(CLONE_STATES)]
    report = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "players": args.players,
        "games": measure_games(play, seeds),
        "clones": measure_clones(mids, lambda g: g.clone(), CLONE_SECONDS),
        "breakdown": breakdown(new, seeds[: max(1, args.games // 3)]),
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
        print(profile(play, seeds[: max(1, args.games // 3)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

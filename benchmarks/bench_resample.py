"""Speed of ``Game.resample(seat, seed)`` (the determinization OpenSpiel's ISMCTS and the bots use)
in both games: resamples per second of CPU time at states along random games.

    .venv/bin/python benchmarks/bench_resample.py             # 4 players, 6 games, 20 states each
    .venv/bin/python benchmarks/bench_resample.py --json

The states are taken every few decisions of random games (seeded), so early and late positions
count alike; each state is resampled for every seat with a few seeds. CPU time
(``time.process_time``): the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import league_of_six
import wallenstein


def states(new_game: Any, games: int, per_game: int) -> list[Any]:
    """Clones of states spread along ``games`` random games."""
    out = []
    for seed in range(games):
        game = new_game(seed)
        rng = random.Random(seed)
        seen = []
        while not game.over:
            seat = game.pending()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            seen.append(game.clone())
        step = max(1, len(seen) // per_game)
        out += seen[::step][:per_game]
    return out


def rate(games: list[Any], seeds: int) -> float:
    """Resamples per CPU second over every state, seat and seed."""
    start = time.process_time()
    n = 0
    for g in games:
        for seat in range(g.players):
            for k in range(seeds):
                g.resample(seat, k)
                n += 1
    return n / (time.process_time() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--states", type=int, default=20, help="states per game")
    ap.add_argument("--seeds", type=int, default=2, help="resamples per state and seat")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    makers = {
        "wallenstein": lambda s: wallenstein.new_game(players=args.players, seed=s, log=False),
        "league_of_six": lambda s: league_of_six.new_game(players=args.players, seed=s, log=False),
    }
    got = {name: round(rate(states(make, args.games, args.states), args.seeds), 1) for name, make in makers.items()}
    if args.json:
        print(json.dumps({"resamples_per_cpu_second": got, **vars(args)}))
        return
    for name, r in got.items():
        print(f"{name}: {r:,.0f} resamples per CPU second ({args.players} players)")


if __name__ == "__main__":
    main()

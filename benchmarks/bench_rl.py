"""Speed of the RL environments against the raw engine, in one run (issue 16).

    .venv/bin/python benchmarks/bench_rl.py                       # both games, 4 players, 20 games each
    .venv/bin/python benchmarks/bench_rl.py --games 50 --repeat 5 --json

For each game, random play over the same seeds:

* engine: decisions/s of the bare loop ``apply(pending[0], random legal action)`` (as bench_engine.py);
* AEC (legal indices): PettingZoo AEC steps/s when the agent reads only ``env.legal_indices(agent)``
  and picks one at random: what the wrapper itself costs (catalogue lookup, mask, bookkeeping);
* AEC (mask only): the same reading ``env.action_mask(agent)`` (a 6,659-entry mask for Wallenstein,
  which the agent scans with ``np.flatnonzero``);
* AEC (full): steps/s with ``env.last()`` every step: the observation vector (``observe(seat)`` and
  the encoder) and the mask, as a learning agent sees them;
* Parallel: decisions/s of the native Parallel env, every live agent observed each step;
* Gym: learner steps/s of ``GymEnv`` against 3 random bots (opponents' decisions not counted), and
  the cost of one observation vector in microseconds: the reference ``encode(observe(seat))`` and
  the environments' path ``SPEC.encode_seat`` (the game's ``encode_game`` straight from the state,
  equal to the reference by test).

The issue's target: the AEC env at least half the engine's decision rate.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from random_play import play_random

import league_of_six
import wallenstein
from league_of_six import rl as los_rl
from wallenstein import rl as w_rl

GAMES: dict[str, tuple[Any, Any]] = {
    "wallenstein": (wallenstein.new_game, w_rl),
    "league_of_six": (league_of_six.new_game, los_rl),
}


def _engine(new_game: Any, players: int, seeds: list[int]) -> tuple[int, float]:
    t = time.perf_counter()
    n = sum(play_random(lambda s: new_game(players=players, seed=s, log=False), s) for s in seeds)
    return n, time.perf_counter() - t


def _aec(rl: Any, players: int, seeds: list[int], full: bool, indices: bool = False) -> tuple[int, float]:
    env = rl.env(players=players)
    n = 0
    t = time.perf_counter()
    for seed in seeds:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            if full:
                obs, _r, term, trunc, _i = env.last()
                mask = obs["action_mask"]
            else:
                term = env.terminations[agent]
                trunc = env.truncations[agent]
            if term or trunc:
                env.step(None)
                continue
            legal = env.legal_indices(agent) if indices else np.flatnonzero(mask if full else env.action_mask(agent))
            env.step(int(legal[int(rng.random() * len(legal))]))
            n += 1
    return n, time.perf_counter() - t


def _parallel(rl: Any, players: int, seeds: list[int]) -> tuple[int, float]:
    env = rl.parallel_env(players=players)
    n = 0
    t = time.perf_counter()
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while env.agents:
            acts = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}
            n += len(env.game.pending())
            obs, _r, _t, _tr, _i = env.step(acts)
    return n, time.perf_counter() - t


def _gym(rl: Any, players: int, seeds: list[int]) -> tuple[int, float]:
    env = rl.GymEnv(players=players)
    n = 0
    t = time.perf_counter()
    for seed in seeds:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            _o, _r, done, _tr, _i = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            n += 1
    return n, time.perf_counter() - t


def _observation_us(new_game: Any, rl: Any, players: int, seed: int, fast: bool = False) -> float:
    g = new_game(players=players, seed=seed, log=False)
    rng = np.random.default_rng(seed)
    spent = 0.0
    calls = 0
    while not g.over:
        seat = g.pending()[0]
        t = time.perf_counter()
        if fast:
            rl.SPEC.encode_seat(g, seat)
        else:
            rl.encode(g.observe(seat))
        spent += time.perf_counter() - t
        calls += 1
        legal = g.legal_actions(seat)
        g.apply(seat, legal[int(rng.integers(len(legal)))])
    return spent / calls * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--only", choices=sorted(GAMES), help="one game only")
    ap.add_argument("--repeat", type=int, default=3, help="runs per row; the fastest counts")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    seeds = list(range(args.games))
    out: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "games": args.games,
        "repeat": args.repeat,
    }
    for name, (new_game, rl) in GAMES.items():
        if args.only and name != args.only:
            continue
        row: dict[str, Any] = {}
        runs: dict[str, Callable[[], tuple[int, float]]] = {
            "engine": lambda: _engine(new_game, args.players, seeds),
            "aec_indices": lambda: _aec(rl, args.players, seeds, full=False, indices=True),
            "aec_mask_only": lambda: _aec(rl, args.players, seeds, full=False),
            "aec_full": lambda: _aec(rl, args.players, seeds, full=True),
            "parallel": lambda: _parallel(rl, args.players, seeds),
            "gym_learner": lambda: _gym(rl, args.players, seeds),
        }
        # On a shared machine other work stretches any one run; the rows take turns and each keeps
        # its fastest of --repeat runs (the least disturbed), so the ratios compare like with like.
        for _ in range(args.repeat):
            for label, run in runs.items():
                n, secs = run()
                if label not in row or n / secs > row[label]["per_s"]:
                    row[label] = {"steps": n, "per_s": round(n / secs)}
        engine = row["engine"]["per_s"]
        for label in ("aec_indices", "aec_mask_only", "aec_full", "parallel"):
            row[label]["vs_engine"] = round(row[label]["per_s"] / engine, 2)
        row["observation_us"] = min(
            round(_observation_us(new_game, rl, args.players, 0), 1) for _ in range(args.repeat)
        )
        if hasattr(rl.SPEC, "encode_seat"):  # absent before the fast path (to measure older trees)
            row["fast_observation_us"] = min(
                round(_observation_us(new_game, rl, args.players, 0, fast=True), 1) for _ in range(args.repeat)
            )
        out[name] = row
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(
        f"{args.games} random games per game, {args.players} players, best of {args.repeat} runs per row,"
        f" Python {out['python']}"
    )
    for name in GAMES:
        if name not in out:
            continue
        row = out[name]
        print(
            f"\n{name}: observation vector: encode(observe) {row['observation_us']} us,"
            f" the environments' encode_seat {row.get('fast_observation_us', '-')} us"
        )
        for label in ("engine", "aec_indices", "aec_mask_only", "aec_full", "parallel", "gym_learner"):
            r = row[label]
            ratio = f"  ({r['vs_engine']:.2f}x engine)" if "vs_engine" in r else ""
            print(f"  {label:14s} {r['per_s']:>8,} steps/s{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

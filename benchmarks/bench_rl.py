"""Speed of the RL environments against the raw engine, in one run (issue 16).

    .venv/bin/python benchmarks/bench_rl.py                       # both games, 4 players, 20 games each
    .venv/bin/python benchmarks/bench_rl.py --games 50 --repeat 5 --json

For each game, random play over the same seeds:

* engine: decisions/s of the bare loop ``apply(pending[0], random legal action)`` (as bench_engine.py);
* AEC (observed): **the issue's measure**, PettingZoo AEC steps/s as a learning agent steps it:
  ``env.last()`` every step (the acting agent's observation vector and mask), the agent reads the
  legal indices off the mask (``mask.view(bool).nonzero()[0]``: the int8 mask viewed as bool, free,
  which numpy scans about seven times faster than int8) and steps one at random;
* AEC (observed, engine's agent): the same, but the agent picks like the engine loop's agent,
  ``random.Random(seed).choice`` over the legal indices read off the mask as a list
  (``mask.view(bool).nonzero()[0].tolist()``): the same kind of random agent on both sides, fewer
  numpy calls than the row above;
* AEC (observed, int8 scan): the same with ``np.flatnonzero(mask)`` on the int8 mask as it comes
  (what a naive agent pays);
* AEC (free vector): as "observed", but the environment hands out a blank vector (one copy) instead
  of encoding: what the AEC protocol, the 6,659-entry mask and the agent's pick cost by themselves;
* AEC (legal indices): PettingZoo AEC steps/s when the agent reads only ``env.legal_indices(agent)``
  and picks one at random: what the wrapper itself costs without observations (catalogue lookup,
  bookkeeping);
* AEC (mask only): the same reading ``env.action_mask(agent)`` (a 6,659-entry mask for Wallenstein,
  which the agent scans with ``np.flatnonzero``);
* Parallel: decisions/s of the native Parallel env, every live agent observed each step;
* Gym: learner steps/s of ``GymEnv`` against 3 random bots (opponents' decisions not counted);
* the CPU cost of one observation vector of the acting seat along a random game, in microseconds:
  the reference ``encode(observe(seat))``, the stateless ``SPEC.encode_seat`` (the game's
  ``encode_game`` straight from the state) and the environments' ``SPEC.encoder()`` (the same with
  a memory between calls); all equal by test.

The issue's target: the AEC env (observed) at least half the engine's decision rate. Every row
reports steps per second of wall clock and per second of this process's CPU time
(``time.process_time``); on a shared machine the CPU-time rates are the steadier ones, and the
ratios to the engine are given for both.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
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


Timing = tuple[int, float, float]  # steps, wall seconds, CPU seconds


def _clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def _since(n: int, start: tuple[float, float]) -> Timing:
    wall, cpu = _clock()
    return n, wall - start[0], cpu - start[1]


def _engine(new_game: Any, players: int, seeds: list[int]) -> Timing:
    t = _clock()
    n = sum(play_random(lambda s: new_game(players=players, seed=s, log=False), s) for s in seeds)
    return _since(n, t)


def _aec(rl: Any, players: int, seeds: list[int], how: str) -> Timing:
    """AEC steps; ``how``: "observed" (last() and the mask viewed as bool), "choice" (as "observed",
    picking with random.Random.choice as the engine loop does), "int8" (last() and the int8 mask
    scanned as it is), "free" (as "observed" with a blank vector instead of the encoder's),
    "mask" (action_mask() only), "indices" (legal_indices() only)."""
    env = rl.env(players=players)
    if how == "free":  # the same loop with an observation vector that costs a copy: the wrapper's floor
        blank = np.zeros(rl.SPEC.obs_size, dtype=np.float32)
        env._encode = lambda _game, _seat: blank.copy()
        how = "observed"
    observed = how in ("observed", "choice", "int8")
    n = 0
    t = _clock()
    for seed in seeds:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        choice = random.Random(seed).choice
        for agent in env.agent_iter():
            if observed:
                obs, _r, term, trunc, _i = env.last()
            else:
                term = env.terminations[agent]
                trunc = env.truncations[agent]
            if term or trunc:
                env.step(None)
                continue
            if how == "choice":
                env.step(choice(obs["action_mask"].view(np.bool_).nonzero()[0].tolist()))
                n += 1
                continue
            if how == "observed":
                legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            elif how == "int8":
                legal = np.flatnonzero(obs["action_mask"])
            elif how == "mask":
                legal = np.flatnonzero(env.action_mask(agent))
            else:
                legal = env.legal_indices(agent)
            env.step(int(legal[int(rng.random() * len(legal))]))
            n += 1
    return _since(n, t)


def _timed(seeds: list[int], episode: Callable[[int], int]) -> Timing:
    """The steps ``episode(seed)`` took over every seed, with the wall and CPU seconds of them all."""
    t = _clock()
    n = sum(episode(seed) for seed in seeds)
    return _since(n, t)


def _parallel(rl: Any, players: int, seeds: list[int]) -> Timing:
    env = rl.parallel_env(players=players)

    def episode(seed: int) -> int:
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        n = 0
        while env.agents:
            acts = {a: int(rng.choice(np.flatnonzero(o["action_mask"].view(np.bool_)))) for a, o in obs.items()}
            n += len(env.game.pending())
            obs, _r, _t, _tr, _i = env.step(acts)
        return n

    return _timed(seeds, episode)


def _gym(rl: Any, players: int, seeds: list[int]) -> Timing:
    env = rl.GymEnv(players=players)

    def episode(seed: int) -> int:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        n = 0
        while not done:
            _o, _r, done, _tr, _i = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            n += 1
        return n

    return _timed(seeds, episode)


def _observation_us(new_game: Any, rl: Any, players: int, seed: int, how: str) -> float:
    """CPU microseconds per observation vector of the acting seat along a random game: ``how`` is
    "reference" (``encode(observe(seat))``), "fast" (``SPEC.encode_seat``, stateless) or "encoder"
    (``SPEC.encoder()``, what the environments use)."""
    g = new_game(players=players, seed=seed, log=False)
    make = getattr(rl.SPEC, "encoder", None)  # (absent before the environments' encoder: older trees)
    encoder = (make() if make is not None else rl.SPEC.encode_seat) if how == "encoder" else None
    rng = np.random.default_rng(seed)
    spent = 0.0
    calls = 0
    while not g.over:
        seat = g.pending()[0]
        t = time.process_time()
        if encoder is not None:
            encoder(g, seat)
        elif how == "fast":
            rl.SPEC.encode_seat(g, seat)
        else:
            rl.encode(g.observe(seat))
        spent += time.process_time() - t
        calls += 1
        legal = g.legal_actions(seat)
        g.apply(seat, legal[int(rng.integers(len(legal)))])
    return spent / calls * 1e6


ROWS = (
    "engine",
    "aec_observed",
    "aec_observed_choice",
    "aec_observed_int8",
    "aec_free_vector",
    "aec_mask_only",
    "aec_indices",
    "parallel",
    "gym_learner",
)


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
        runs: dict[str, Callable[[], Timing]] = {
            "engine": lambda: _engine(new_game, args.players, seeds),
            "aec_observed": lambda: _aec(rl, args.players, seeds, "observed"),
            "aec_observed_choice": lambda: _aec(rl, args.players, seeds, "choice"),
            "aec_observed_int8": lambda: _aec(rl, args.players, seeds, "int8"),
            "aec_free_vector": lambda: _aec(rl, args.players, seeds, "free"),
            "aec_mask_only": lambda: _aec(rl, args.players, seeds, "mask"),
            "aec_indices": lambda: _aec(rl, args.players, seeds, "indices"),
            "parallel": lambda: _parallel(rl, args.players, seeds),
            "gym_learner": lambda: _gym(rl, args.players, seeds),
        }
        # On a shared machine other work stretches any one run; the rows take turns and each keeps
        # its fastest of --repeat runs (the least disturbed), so the ratios compare like with like.
        for _ in range(args.repeat):
            for label, run in runs.items():
                n, wall, cpu = run()
                best = row.setdefault(label, {"steps": n, "per_s": 0, "per_cpu_s": 0})
                best["per_s"] = max(best["per_s"], round(n / wall))
                best["per_cpu_s"] = max(best["per_cpu_s"], round(n / cpu))
        engine = row["engine"]
        for label in ROWS[1:-1]:
            row[label]["vs_engine"] = round(row[label]["per_s"] / engine["per_s"], 2)
            row[label]["vs_engine_cpu"] = round(row[label]["per_cpu_s"] / engine["per_cpu_s"], 2)
        for how in ("reference", "fast", "encoder"):
            row[f"observation_us_{how}"] = min(
                round(_observation_us(new_game, rl, args.players, 0, how), 1) for _ in range(args.repeat)
            )
        out[name] = row
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(
        f"{args.games} random games per game, {args.players} players, best of {args.repeat} runs per row,"
        f" Python {out['python']}; steps/s of wall clock and of CPU time (ratio to the engine)"
    )
    for name in GAMES:
        if name not in out:
            continue
        row = out[name]
        print(
            f"\n{name}: observation vector, CPU us: encode(observe) {row['observation_us_reference']},"
            f" encode_seat {row['observation_us_fast']}, the environments' encoder {row['observation_us_encoder']}"
        )
        for label in ROWS:
            r = row[label]
            by_wall = f"{r['per_s']:>8,}" + (f" ({r['vs_engine']:.2f}x)" if "vs_engine" in r else " " * 8)
            by_cpu = f"{r['per_cpu_s']:>8,}" + (f" ({r['vs_engine_cpu']:.2f}x)" if "vs_engine_cpu" in r else "")
            print(f"  {label:19s} wall {by_wall}   CPU {by_cpu}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

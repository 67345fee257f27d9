"""The learning baseline: MaskablePPO on a game's Gymnasium environment, with a curriculum.

Phase 1 plays against random bots; phase 2 against a mix, drawn per seat and per game, of random,
the heuristic bot and frozen snapshots of the policy itself (one saved every ``snapshot_every`` steps
of phase 2). The learner's seat is drawn at every game. One process (the environments run in a
``DummyVecEnv``), one torch thread, a wall-clock budget after which it stops and saves.

Every finished training game is logged (steps so far, phase, won or not) to ``curve.jsonl``; the
learning curve (``curve.png``) shows the win rate per window of games with its 95% Wilson
interval against steps, per phase. ``policy.zip`` is the final policy: play it with the bot kind
``ppo:path=DIR/policy.zip``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tabletop.agents import Agent
from tabletop.rl.policy import ENV_ATTR, PolicyAgent
from tabletop.rl.spec import RLGame
from tabletop.tournament import wilson

EnvFactory = Callable[..., Any]


class MixedAgent:
    """An opponent drawn afresh for every game from ``members`` (by the game's seat seed)."""

    def __init__(self, members: Sequence[Agent]) -> None:
        self.members = list(members)
        self.current = self.members[0]

    @property
    def needs_observation(self) -> bool:  # a random member needs none: building it costs more than its move
        return bool(getattr(self.current, "needs_observation", True))

    def reset(self, seat: int, seed: int) -> None:
        self.current = self.members[random.Random(seed).randrange(len(self.members))]
        self.current.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        return self.current.act(observation, legal)


def parse_args(argv: Sequence[str] | None, game: str) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog=f"python -m {game}.rl.train", description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=600_000, help="learner decisions in all")
    ap.add_argument("--random-fraction", type=float, default=0.6, help="share of steps against random bots")
    ap.add_argument("--snapshot-every", type=int, default=60_000, help="phase 2: steps between frozen snapshots")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--envs", type=int, default=8, help="environments stepped together (one process)")
    ap.add_argument("--n-steps", type=int, default=256, help="PPO rollout length per environment")
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--epochs", type=int, default=4, help="PPO epochs per rollout")
    ap.add_argument("--net", default="128,128", help="policy net's hidden layers")
    ap.add_argument("--value-net", default="64,64", help="value net's hidden layers")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--reward",
        choices=("win", "vp", "shaped"),
        default="shaped",
        help="win share; VP difference at the end; or shaped: the projected VP margin's change every step"
        " (adds up to the VP difference) plus the win share",
    )
    ap.add_argument(
        "--resume",
        type=Path,
        help="continue from this policy (its step count and, if it lies in a"
        " run folder, its curve and snapshots go on)",
    )
    ap.add_argument("--minutes", type=float, default=24.0, help="wall-clock budget; stops and saves after it")
    ap.add_argument("--out", type=Path, default=Path(f"runs/{game}-ppo"))
    ap.add_argument("--window", type=int, default=200, help="games per point of the learning curve")
    ap.add_argument("--no-progress", action="store_true", help="no progress bar")
    return ap.parse_args(argv)


def _layers(text: str) -> list[int]:
    return [int(n) for n in text.split(",") if n.strip()]


def _hyper(args: argparse.Namespace) -> dict[str, Any]:
    return dict(
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        seed=args.seed,
        device="cpu",
        verbose=0,
    )


def _model(spec: RLGame, args: argparse.Namespace, venv: Any, out: Path, curve_path: Path) -> tuple[Any, list[str]]:
    """A new MaskablePPO, or the one ``--resume`` names (with its curve's earlier lines, and its
    snapshots copied into ``out``)."""
    from sb3_contrib import MaskablePPO

    hyper = _hyper(args)
    if args.resume is None:
        arch = {"pi": _layers(args.net), "vf": _layers(args.value_net)}
        return MaskablePPO("MlpPolicy", venv, policy_kwargs={"net_arch": arch}, **hyper), []
    model = MaskablePPO.load(args.resume, env=venv, **hyper)
    trained_on = getattr(model, ENV_ATTR, spec.name)
    if trained_on != spec.name:
        raise SystemExit(f"{args.resume} was trained on {trained_on}, not {spec.name}: cannot resume it")
    earlier: list[str] = []
    before = args.resume.parent / "curve.jsonl"
    if before.exists() and before.resolve() != curve_path.resolve():
        earlier = before.read_text().splitlines(keepends=True)
    for snap in sorted(args.resume.parent.glob("snapshot_*.zip")):
        if snap.parent.resolve() != out.resolve():
            (out / snap.name).write_bytes(snap.read_bytes())
    return model, earlier


def _curriculum(spec: RLGame, args: argparse.Namespace, model: Any, envs: list[Any], out: Path, curve: Any) -> Any:
    """The callback that logs training games, saves snapshots, switches to phase 2 and stops at
    the wall-clock budget; its ``state`` holds the phase and the snapshot count."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    started = time.monotonic()
    phase1 = int(model.num_timesteps) + int(args.steps * args.random_fraction)
    state = {"phase": 1, "next_snapshot": phase1, "snapshots": len(list(out.glob("snapshot_*.zip")))}

    def heuristic_and_pool() -> None:
        """Phase 2 opponents: per seat and game, random, the heuristic or one of the frozen snapshots."""
        pool = [MaskablePPO.load(p, device="cpu") for p in sorted(out.glob("snapshot_*.zip"))]
        for env in envs:
            table = {}
            for p in range(args.players):
                members: list[Agent] = [spec.make_bot("random", 0), spec.make_bot("heuristic", 0)]
                members += [PolicyAgent(spec, m) for m in pool]
                table[p] = MixedAgent(members)
            env.set_opponents(table)

    class Curriculum(BaseCallback):
        def _on_step(self) -> bool:
            for info, done in zip(self.locals["infos"], self.locals["dones"], strict=True):
                if done and "won" in info:
                    row = {"steps": self.num_timesteps, "phase": state["phase"], "won": info["won"]}
                    curve.write(json.dumps(row) + "\n")
            if self.num_timesteps >= state["next_snapshot"]:
                state["snapshots"] += 1
                setattr(model, ENV_ATTR, spec.name)
                model.save(out / f"snapshot_{state['snapshots']:02d}.zip")
                state["phase"] = 2
                state["next_snapshot"] = self.num_timesteps + args.snapshot_every
                heuristic_and_pool()
            return bool(time.monotonic() - started < args.minutes * 60)

    callback = Curriculum()
    callback.state = state  # type: ignore[attr-defined]
    callback.phase1 = phase1  # type: ignore[attr-defined]
    return callback


def train(spec: RLGame, make_env: EnvFactory, argv: Sequence[str] | None, game: str) -> Path:
    """Train as the module's doc says; returns the saved policy's path."""
    import torch
    from stable_baselines3.common.logger import Logger
    from stable_baselines3.common.vec_env import DummyVecEnv

    args = parse_args(argv, game)
    torch.set_num_threads(1)
    torch.distributions.Distribution.set_default_validate_args(False)  # its checks cost more than the net
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    envs = [
        make_env(players=args.players, learner_seat=None, opponents="random", reward=args.reward)
        for _ in range(args.envs)
    ]
    venv = DummyVecEnv([lambda e=e: e for e in envs])  # type: ignore[misc]
    venv.seed(args.seed)
    curve_path = out / "curve.jsonl"
    model, earlier = _model(spec, args, venv, out, curve_path)
    start_steps = int(model.num_timesteps)
    curve = curve_path.open("w", buffering=1)
    curve.writelines(earlier)
    started, cpu_started = time.monotonic(), time.process_time()
    callback = _curriculum(spec, args, model, envs, out, curve)
    # SB3 otherwise makes an empty tempdir/SB3-<time> folder per run for a logger that writes nothing.
    model.set_logger(Logger(folder=None, output_formats=[]))
    model.learn(
        total_timesteps=args.steps,
        callback=callback,
        progress_bar=not args.no_progress,
        reset_num_timesteps=args.resume is None,
    )
    curve.close()
    policy = out / "policy.zip"
    setattr(model, ENV_ATTR, spec.name)  # saved with the policy: the ppo bot refuses it for another version
    model.save(policy)
    elapsed = time.monotonic() - started
    summary = _summary(spec, args, model, start_steps, callback, elapsed, time.process_time() - cpu_started)
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    plot_curve(curve_path, out / "curve.png", args.window, f"{spec.name}: MaskablePPO win rate in training games")
    print(f"saved {policy} after {summary['steps']} steps in {elapsed / 60:.1f} min; curve in {out / 'curve.png'}")
    return policy


def _summary(
    spec: RLGame, args: argparse.Namespace, model: Any, start_steps: int, callback: Any, elapsed: float, cpu: float
) -> dict[str, Any]:
    import numpy as np

    return {
        "env": spec.name,
        "steps": int(model.num_timesteps),
        "steps_this_run": int(model.num_timesteps) - start_steps,
        "reward": args.reward,
        "resumed_from": str(args.resume) if args.resume else None,
        "seconds": round(elapsed, 1),
        "cpu_seconds": round(cpu, 1),
        "hyperparameters": {
            "envs": args.envs,
            "n_steps": args.n_steps,
            "batch_size": args.batch_size,
            "epochs": args.epochs,
            "net": args.net,
            "value_net": args.value_net,
            "random_fraction": args.random_fraction,
            "snapshot_every": args.snapshot_every,
        },
        "seed": args.seed,
        "players": args.players,
        "phase1_steps": callback.phase1,
        "snapshots": callback.state["snapshots"],
        "torch_threads": 1,
        "numpy": np.__version__,
    }


def curve_points(path: Path, window: int) -> list[dict[str, Any]]:
    """The learning curve: per window of ``window`` training games (one phase each), the last step
    count, the phase, the win rate and its 95% Wilson interval."""
    games = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    points = []
    for phase in (1, 2):
        mine = [g for g in games if g["phase"] == phase]
        for i in range(0, len(mine) - window + 1, window):
            chunk = mine[i : i + window]
            wins = sum(1 for g in chunk if g["won"])
            lo, hi = wilson(wins, len(chunk))
            points.append(
                {
                    "steps": chunk[-1]["steps"],
                    "phase": phase,
                    "games": len(chunk),
                    "win_rate": wins / len(chunk),
                    "lo": lo,
                    "hi": hi,
                }
            )
    return points


def plot_curve(path: Path, png: Path, window: int, title: str) -> None:
    """Draw the curve of :func:`curve_points` (needs matplotlib, the ``[plots]`` extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = curve_points(path, window)
    (png.with_suffix(".json")).write_text(json.dumps(points, indent=1))
    fig, ax = plt.subplots(figsize=(7, 4))
    labels = {1: "vs 3 random", 2: "vs a mix: random, heuristic, frozen snapshots"}
    for phase, colour in ((1, "tab:blue"), (2, "tab:red")):
        pts = [p for p in points if p["phase"] == phase]
        if not pts:
            continue
        xs = [p["steps"] for p in pts]
        ax.plot(xs, [p["win_rate"] for p in pts], color=colour, label=labels[phase])
        ax.fill_between(xs, [p["lo"] for p in pts], [p["hi"] for p in pts], color=colour, alpha=0.2)
    ax.axhline(0.25, color="grey", linestyle=":", label="1 in 4 (chance, 4 players)")
    ax.set_xlabel("learner steps")
    ax.set_ylabel(f"win rate per {window} games (95% CI)")
    ax.set_ylim(0, 1)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)


__all__ = ["MixedAgent", "curve_points", "plot_curve", "train"]

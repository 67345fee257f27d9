"""Training the learned policy: behaviour cloning of a teacher bot, with DAgger rounds.

Round 0 records every seat of games the teacher (default: the heuristic) plays against itself:
at each decision the seat's observation vector (the environments' ``encode_seat``), its legal
catalogue indices and the teacher's choice (a whole plan as the plan cards it stands for, each
with the observation before it, as the datasets write it: ``RLGame.steps``). In every later round
the current policy plays one seat of each game (the seat rotates) against the teacher in the
others, and the teacher labels the learner's own positions with what it would do there (DAgger:
Ross, Gordon and Bagnell 2011), so the policy learns to recover from the positions its own mistakes
lead to, not only the teacher's. The network (:mod:`tabletop.rl.learned`) is trained by
cross-entropy over the legal decisions on the samples of the last ``--keep`` rounds.

Everything is seeded (games, network, batches; one torch thread), so a run is reproducible from
its seed; its length is set in games and passes, not time. ``summary.json`` records the CPU time
(process time), the samples, and per round the learner's win share against the teacher and the
held-out accuracy; ``policy.npz`` is the result (the bot kind ``learned:path=...``).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from tabletop.agents import derive_seed
from tabletop.rl.learned import LearnedAgent, LearnedPolicy
from tabletop.rl.samples import SampleBuffer, Samples, play_recorded
from tabletop.rl.spec import RLGame
from tabletop.tournament import parse_agent


def parse_args(argv: Sequence[str] | None, game: str) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog=f"python -m {game}.rl.imitate", description=__doc__.split("\n\n")[0])
    ap.add_argument("--teacher", default="heuristic", help="the bot imitated (a tournament agent name)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=6, help="round 0 teacher-only, then DAgger rounds")
    ap.add_argument("--games", type=int, default=300, help="games per round")
    ap.add_argument("--first-games", type=int, default=0, help="games of round 0 (default: --games)")
    ap.add_argument("--keep", type=int, default=4, help="rounds whose samples are trained on")
    ap.add_argument("--passes", type=float, default=2.0, help="updates per round: passes over its new samples")
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--hidden", default="256,256", help="the trunk's hidden layers")
    ap.add_argument("--dim", type=int, default=128, help="decision embedding size")
    ap.add_argument("--holdout", type=int, default=20, help="teacher games held out to measure accuracy")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path(f"runs/{game}-learned"))
    args = ap.parse_args(argv)
    if args.rounds < 1 or args.games < 1 or args.passes <= 0 or args.batch < 1 or args.keep < 1:
        ap.error("--rounds, --games, --batch and --keep must be at least 1 and --passes positive")
    return args


def _net(spec: RLGame, args: argparse.Namespace) -> Any:
    from tabletop.rl.learned_net import PolicyNet

    return PolicyNet(spec.obs_size, spec.catalogue, [int(n) for n in args.hidden.split(",") if n.strip()], args.dim)


def _round_games(
    spec: RLGame, args: argparse.Namespace, rnd: int, learner: LearnedAgent | None
) -> tuple[Samples, float | None]:
    """Play round ``rnd``'s games; the samples and the learner's mean win share (None without one)."""
    teacher, options = parse_agent(args.teacher)
    count = (args.first_games or args.games) if rnd == 0 else args.games
    base = derive_seed(args.seed, 1000 + rnd) % 2**31
    buf = Samples.empty()
    shares = []
    for i in range(count):
        seat = i % args.players if learner is not None else None
        part, share = play_recorded(spec, args.players, base + i, (teacher, options), learner, seat)
        buf.extend(part)
        if share is not None:
            shares.append(share)
    return buf, float(np.mean(shares)) if shares else None


def train_round(net: Any, opt: Any, buffer: SampleBuffer, updates: int, batch: int, rng: np.random.Generator) -> float:
    """``updates`` Adam steps on batches drawn from ``buffer``; the mean loss."""
    losses = [net.step(opt, buffer.batch(rng, batch)) for _ in range(updates)]
    return float(np.mean(losses)) if losses else float("nan")


def imitate(spec: RLGame, argv: Sequence[str] | None, game: str) -> Path:
    """Train as the module's doc says; returns the saved policy's path."""
    import torch

    args = parse_args(argv, game)
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    cpu0, wall0 = time.process_time(), time.monotonic()
    net = _net(spec, args)
    opt = net.optimizer(args.lr)
    held = _holdout(spec, args)
    buffer = SampleBuffer(args.keep)
    rounds: list[dict[str, Any]] = []
    learner: LearnedAgent | None = None
    log = (out / "rounds.jsonl").open("w", buffering=1)
    path = out / "policy.npz"
    for rnd in range(args.rounds):
        samples, share = _round_games(spec, args, rnd, learner)
        buffer.add(samples)
        loss = train_round(net, opt, buffer, max(1, int(len(samples) * args.passes / args.batch)), args.batch, rng)
        policy = net.export(spec.name)
        learner = LearnedAgent(spec, policy, greedy=True)
        row = {
            "round": rnd,
            "samples": len(samples),
            "learner_win_share": share,
            "loss": round(loss, 4),
            "holdout_accuracy": round(net.accuracy(held), 4),
            "cpu_s": round(time.process_time() - cpu0, 1),
        }
        rounds.append(row)
        log.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)
        # Saved after every round: a run of N rounds gives the same policy as this round N of a longer one.
        path = _save(spec, net, args, out, rounds, time.process_time() - cpu0, time.monotonic() - wall0)
    log.close()
    return path


def _holdout(spec: RLGame, args: argparse.Namespace) -> Samples:
    """Teacher-only games on seeds no round plays, to measure the imitation's accuracy."""
    teacher = parse_agent(args.teacher)
    buf = Samples.empty()
    for i in range(args.holdout):
        part, _ = play_recorded(spec, args.players, 2**31 + i, teacher, None, None)
        buf.extend(part)
    return buf


def _save(
    spec: RLGame, net: Any, args: argparse.Namespace, out: Path, rounds: list[dict[str, Any]], cpu: float, wall: float
) -> Path:
    summary = {
        "env": spec.name,
        "teacher": args.teacher,
        "cpu_seconds": round(cpu, 1),
        "wall_seconds": round(wall, 1),
        "arguments": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "rounds": rounds,
    }
    policy: LearnedPolicy = net.export(spec.name, {"training": {k: v for k, v in summary.items() if k != "rounds"}})
    path = out / "policy.npz"
    policy.save(path)
    policy.save(out / f"policy-round{len(rounds) - 1:02d}.npz")
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    print(f"saved {path} after {cpu / 60:.1f} CPU minutes ({wall / 60:.1f} wall)", flush=True)
    return path


__all__ = ["imitate", "parse_args", "train_round"]

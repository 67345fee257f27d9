"""Positions for the review's calibration study: the win-chance estimate against how games ended.

Plays self-play games the estimator never saw (seeds from ``--seed``, a range no test or fit uses),
each seat a bot drawn by the game's seed from a mix (the heuristic, or a small ISMCTS), then takes
``--per-game`` positions at random public points of each game and asks the review's curve estimate
(:func:`tabletop.review.curve_point`: the spectator's view, ``--rollouts`` determinized roll-outs) for
every seat's chance. One JSON row per game goes to ``--out`` (resumable: games already there are
skipped): the predictions, each seat's points and VP rank at the position, and the winners.

    nice -n 5 .venv/bin/python research/studies/review_positions.py --game wallenstein --games 250 \\
        --out research/games/review-calibration/wallenstein.jsonl
    nice -n 5 .venv/bin/python research/studies/review_positions.py --game league_of_six --games 250 \\
        --out research/games/review-calibration/league_of_six.jsonl

``research/studies/review_calibration.py`` turns the rows into the reliability diagram and Brier scores.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from tabletop.review import ReviewParts, curve_point, positions
from tabletop.runner import play

MIX: tuple[tuple[str, dict[str, Any]], ...] = (
    ("heuristic", {}),
    ("heuristic", {}),
    ("ismcts", {"simulations": 30}),
)  # the bots a seat is drawn from


def _game(name: str, players: int, seed: int) -> tuple[Any, ReviewParts]:
    """A finished self-play game of ``name`` and the game's review parts."""
    rng = random.Random(f"calibration/{seed}")
    kinds = [rng.choice(MIX) for _ in range(players)]
    if name == "wallenstein":
        import wallenstein
        from wallenstein.bots import make_agent
        from wallenstein.review import PARTS

        g: Any = wallenstein.new_game(players=players, seed=seed)
    else:
        import league_of_six
        from league_of_six.bots import make_agent  # type: ignore[no-redef]
        from league_of_six.review import PARTS  # type: ignore[assignment]

        g = league_of_six.new_game(players=players, seed=seed)
    agents = [make_agent(k, seed=seed * 10 + p, **o) for p, (k, o) in enumerate(kinds)]
    for p, a in enumerate(agents):
        a.reset(p, seed * 10 + p)
    play(g, agents)
    return g, PARTS


def _points(game: Any) -> list[float]:
    s = game.s
    return [float(v) for v in (s.vp if hasattr(s, "vp") else s.influence)]


def _rank(points: list[float]) -> list[int]:
    """Each seat's rank by points now: how many seats have strictly more (0: leading, ties share)."""
    return [sum(q > p for q in points) for p in points]


def rows_of_game(name: str, players: int, seed: int, per_game: int, rollouts: int) -> dict[str, Any]:
    g, parts = _game(name, players, seed)
    steps, last = positions(parts, g.history)
    viewer = parts.viewer(None, players)
    pick = random.Random(f"calibration-pick/{seed}")
    chosen = set(pick.sample(range(len(steps)), min(per_game, len(steps))))
    winners, final = parts.final(last)
    out = []
    for pos in steps:
        viewer.look(pos.game)
        if pos.index not in chosen:
            continue
        point = curve_point(parts, viewer, pos, rollouts, seed, prior=0.0)  # the raw shares
        pts = _points(pos.game)
        out.append(
            {
                "index": pos.index,
                "progress": round(pos.index / len(steps), 4),
                "stage": point.stage.label,
                "chances": point.chances,
                "points": pts,
                "rank": _rank(pts),
            }
        )
    return {"seed": seed, "players": players, "winners": winners, "final": final, "positions": out}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=("wallenstein", "league_of_six"), required=True)
    ap.add_argument("--games", type=int, default=250)
    ap.add_argument("--seed", type=int, default=700_000)
    ap.add_argument("--per-game", type=int, default=6)
    ap.add_argument("--rollouts", type=int, default=24)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if args.out.exists():
        done = {json.loads(line)["seed"] for line in args.out.read_text().splitlines() if line.strip()}
    start = time.process_time()
    for i in range(args.games):
        seed = args.seed + i
        if seed in done:
            continue
        players = 3 + seed % 3
        row = rows_of_game(args.game, players, seed, args.per_game, args.rollouts)
        row["cpu_seconds"] = round(time.process_time() - start, 2)
        with args.out.open("a") as f:
            f.write(json.dumps(row, separators=(",", ":")) + "\n")
    print(f"{args.games} games, {time.process_time() - start:.1f} s of CPU")


if __name__ == "__main__":
    main()

"""CPU per decision of two bot configurations on the same decisions: what an option costs.

The decisions are seat 0's searched ones (a season's plan, a position, a move) of heuristic games,
4 players, 2012 basic game, seeds ``seed`` to ``seed + games - 1``. Each decision is made by a fresh
agent of each configuration (seat 0, the same seed; so a budget bank starts empty), the two in turn,
``rounds`` times; each decision's fastest time per configuration counts (``time.process_time``).
Printed: ms per decision by kind and in all, and the second configuration's over the first's.

    .venv/bin/python research/studies/option_cost.py --games 1 \\
        ismcts:simulations=400 ismcts:simulations=400:opponents=search
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

from study_args import bots_parser

from tabletop.tournament import parse_agent
from wallenstein.actions import Action
from wallenstein.bots import make_agent
from wallenstein.bots.heuristic import heuristic_decisions
from wallenstein.state import MOVE, PLANNING, POSITION

KINDS = {PLANNING: "plan", POSITION: "position", MOVE: "move"}


def decisions(games: int, seed: int) -> list[tuple[str, dict[str, Any], list[Action]]]:
    """Seat 0's plan (a season's first), position and move decisions with a choice, in heuristic games."""
    out = []
    for g, p, legal in heuristic_decisions(games, seed):
        kind = KINDS.get(g.s.phase)
        if p == 0 and kind and len(legal) > 1 and (kind != "plan" or g.s.plan_fill[0] == 0):
            out.append((kind, g.observe(0), legal))
    return out


def main() -> None:
    ap = bots_parser(__doc__, 2, "the two configurations")
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    found = decisions(args.games, args.seed)
    best: list[list[float]] = [[float("inf")] * 2 for _ in found]
    for _ in range(args.rounds):
        for d, (_kind, obs, legal) in enumerate(found):
            for j, name in enumerate(args.names):
                kind, options = parse_agent(name)
                agent = make_agent(kind, 100, **options)
                agent.reset(0, 100)
                start = time.process_time()
                agent.act(obs, legal)
                best[d][j] = min(best[d][j], time.process_time() - start)
    per: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for (kind, _, _), (a, b) in zip(found, best, strict=True):
        for row in (per[kind], per["all"]):
            row[0] += 1
            row[1] += a
            row[2] += b
    print(f"{len(found)} decisions, {args.rounds} rounds; ms per decision (fastest round):")
    print(f"  first:  {args.names[0]}\n  second: {args.names[1]}")
    print("| kind | decisions | first | second | second / first |")
    print("| --- | --- | --- | --- | --- |")
    for kind, (n, a, b) in sorted(per.items(), key=lambda kv: kv[0] == "all"):
        print(f"| {kind} | {n:.0f} | {1000 * a / n:.0f} | {1000 * b / n:.0f} | {b / a:.3f} |")


if __name__ == "__main__":
    main()

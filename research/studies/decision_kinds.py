"""Where a bot's CPU goes: decisions and CPU time per decision kind, per seat, in real games.

Plays games of one line-up (Wallenstein 2012, 4 players, seats rotating as in ``ladder.py --lineup``,
game ``i`` on seed ``seed + i``, agents seeded as in a tournament) and times each decision with
``time.process_time``, classed by the kind of decision the deciding seat faces: a season's plan, a
position, a move, a forced one (a single legal decision), or another phase (the heuristic's).

    .venv/bin/python research/studies/decision_kinds.py --games 2 \\
        ismcts:simulations=1200:evaluation=learned search:simulations=200 search:simulations=200 search:simulations=200
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from study_args import bots_parser

from tabletop.agents import Agent
from tabletop.tournament import seating, watched_game
from wallenstein.bots.tournament import WALLENSTEIN
from wallenstein.edition2002 import PLAN_START
from wallenstein.game import Game
from wallenstein.state import PHASES, PLANNING


def kind(g: Game, seat: int, legal: Sequence[Any]) -> str:
    """The kind of decision ``seat`` faces in ``g``."""
    if len(legal) == 1:
        return "forced"
    s = g.s
    if s.phase == PLANNING:
        return "plan" if s.plan_fill[seat] == (PLAN_START if g.is2002 else 0) else "plan card"
    return PHASES[s.phase]


class Classed:
    """An agent wrapped to add each decision's CPU time to its kind's tally."""

    def __init__(self, agent: Agent, game: Game, seat: int, tally: dict[str, list[float]]) -> None:
        self.agent, self.game, self.seat, self.tally = agent, game, seat, tally
        self.needs_observation = getattr(agent, "needs_observation", True)

    def reset(self, seat: int, seed: int) -> None:
        self.agent.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        k = kind(self.game, self.seat, legal)
        start = time.process_time()
        action = self.agent.act(observation, legal)
        row = self.tally[k]
        row[0] += 1
        row[1] += time.process_time() - start
        return action


def main() -> None:
    args = bots_parser(__doc__, 4, "the line-up").parse_args()
    # name -> kind -> [decisions, CPU seconds]
    tally: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0]))
    for i in range(args.games):
        watched_game(WALLENSTEIN, args.names, args.seed, i, lambda a, g, seat, name: Classed(a, g, seat, tally[name]))
        print(f"game {i} (seed {args.seed + i}) done", flush=True)
    seats = {n: seating(args.names, 0).count(n) for n in args.names}
    for name, kinds in tally.items():
        n_all = sum(r[0] for r in kinds.values())
        t_all = sum(r[1] for r in kinds.values())
        per = args.games * seats[name]  # seat-games
        print(f"\n`{name}`: {n_all / per:.1f} decisions per seat and game, {1000 * t_all / n_all:.0f} ms mean")
        print("| kind | decisions per seat-game | ms per decision | share of CPU |")
        print("| --- | --- | --- | --- |")
        for k, (n, t) in sorted(kinds.items(), key=lambda kv: -kv[1][1]):
            print(f"| {k} | {n / per:.1f} | {1000 * t / n:.0f} | {100 * t / t_all:.0f}% |")


if __name__ == "__main__":
    main()

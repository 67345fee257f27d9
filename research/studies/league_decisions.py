"""Where a League of Six bot's CPU goes, per kind of decision, in head-to-head games.

    .venv/bin/python research/studies/league_decisions.py --games 4 --seed 700 \\
        --bot ismcts:simulations=150:root=halving:confidence=0:expand=16:evaluation=learned:rollout=quick \\
        --opponent search:simulations=64

Plays ``--games`` games (game *i*: seed ``seed + i``, the bot in seat ``i % players``, the opponent in
the others) and prints, per phase of the game (choose a town, offer, respond, rotate the tax tile,
store, civic bonus): decisions per seat and game (the runner asks a seat only where it has a choice),
the mean CPU ms and simulations per decision of the bot and of the opponents, the bot's share of its
CPU, and how often the bot's choice differs from the
heuristic's and from what a shadow copy of the opponent would have chosen in its place (the shadow's
CPU is not counted).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from league_of_six.bots.tournament import LEAGUE
from tabletop.agents import derive_seed
from tabletop.runner import run

Stats = dict[str, list[float]]


class Probe:
    """Wraps a seat's agent: CPU and counts per phase; for the bot, the shadows' choices."""

    def __init__(self, agent: Any, stats: Stats, shadows: Sequence[Any] = ()) -> None:
        self.agent, self.stats, self.shadows = agent, stats, shadows
        self.needs_observation = True

    def reset(self, seat: int, seed: int) -> None:
        self.agent.reset(seat, seed)
        for s in self.shadows:
            s.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        start, sims = time.process_time(), getattr(self.agent, "simulated", 0)
        action = self.agent.act(observation, legal)
        cpu = time.process_time() - start
        row = self.stats[str(observation["phase"])]
        row[0] += 1
        row[1] += len(legal) == 1
        row[2] += cpu
        row[5] += getattr(self.agent, "simulated", 0) - sims
        for k, s in enumerate(self.shadows):
            row[3 + k] += s.act(observation, legal) != action
        return action


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", required=True)
    ap.add_argument("--opponent", required=True)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=700)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    mine: Stats = defaultdict(lambda: [0.0] * 6)
    theirs: Stats = defaultdict(lambda: [0.0] * 6)
    for i in range(args.games):
        seed, bot_seat = args.seed + i, i % args.players
        agents = []
        for seat in range(args.players):
            s = derive_seed(seed, seat)
            if seat == bot_seat:
                shadows = [LEAGUE.make_agent("heuristic", s), LEAGUE.make_agent(args.opponent, s)]
                agents.append(Probe(LEAGUE.make_agent(args.bot, s), mine, shadows))
            else:
                agents.append(Probe(LEAGUE.make_agent(args.opponent, s), theirs))
            agents[-1].reset(seat, s)
        game = LEAGUE.new_game(args.players, seed)
        run(game, agents)
        print(f"game {i} (seed {seed}, bot in seat {bot_seat}): winners {game.result()['winners']}", flush=True)
    others = args.players - 1
    total = [sum(r[0] for r in mine.values()), sum(r[2] for r in mine.values())]
    total_o = [sum(r[0] for r in theirs.values()), sum(r[2] for r in theirs.values())]
    print(
        "| phase | decisions / seat / game | bot ms | opponent ms | bot's share of its CPU"
        " | bot simulations | opponent simulations | differs from heuristic | differs from opponent |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for ph in ("choose", "offer", "respond", "rotate", "store", "bonus"):
        r, o = mine.get(ph), theirs.get(ph)
        if r is None or o is None:
            continue
        many = r[0] - r[1]
        print(
            f"| {ph} | {r[0] / args.games:.1f} | {1000 * r[2] / r[0]:.0f} | {1000 * o[2] / o[0]:.0f}"
            f" | {r[2] / total[1]:.0%} | {r[5] / r[0]:.0f} | {o[5] / o[0]:.0f}"
            f" | {r[3]:.0f} of {many:.0f} | {r[4]:.0f} of {many:.0f} |"
        )
    print(
        f"mean ms per decision: bot {1000 * total[1] / total[0]:.0f}, opponents {1000 * total_o[1] / total_o[0]:.0f}"
        f" ({total_o[0] / args.games / others:.1f} decisions per seat and game)"
    )


if __name__ == "__main__":
    main()

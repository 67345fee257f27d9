"""League of Six bots against each other: win rates with 95% confidence intervals, ms per decision.

    .venv/bin/python benchmarks/bench_los_bots.py --agents heuristic,random,random,random --games 400
    .venv/bin/python benchmarks/bench_los_bots.py --agents search,heuristic,heuristic,heuristic \\
        --games 200 --seed 0 --workers 2 --json
    .venv/bin/python benchmarks/bench_los_bots.py --agents search:simulations=100,heuristic,heuristic,heuristic

A stand-in for the game-agnostic ``tournament`` command (``tabletop.tournament``, not on this branch
yet) with the same conventions, so its numbers can be reproduced there: game ``i`` uses seed
``S + i`` and the stand-in component set; its seats are the agent list rotated by ``i`` (seat ``s``
plays ``agents[(s + i) % P]``); each seat's agent is seeded with ``derive_seed(S + i, seat)``.
Per agent name (seats of one name pooled): ``win_rate`` (a shared win counts ``1/k``; parity is
``1/P``), ``ci95`` (Wilson score interval), ``mean_vp`` (mean final influence) and
``ms_per_decision`` (CPU time per ``act`` call: a loaded machine inflates it less than wall time,
but it still depends on the CPU). Games are independent: the results do not depend on ``--workers``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import league_of_six
from league_of_six.bots import make_agent
from tabletop.agents import Agent, derive_seed
from tabletop.runner import run

Z95 = 1.959963984540054


def parse_agent(name: str) -> tuple[str, dict[str, Any]]:
    """``"kind:key=value:..."`` -> (kind, options); values are int, float or text."""
    kind, *parts = name.split(":")
    options: dict[str, Any] = {}
    for part in parts:
        key, _, raw = part.partition("=")
        value: Any = raw
        for cast in (int, float):
            try:
                value = cast(raw)
                break
            except ValueError:
                continue
        options[key] = value
    return kind.strip(), options


class Timed:
    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.needs_observation = getattr(agent, "needs_observation", True)
        self.decisions = 0
        self.seconds = 0.0

    def reset(self, seat: int, seed: int) -> None:
        self.agent.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        start = time.process_time()
        action = self.agent.act(observation, legal)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return action


def play(task: tuple[tuple[str, ...], int, int]) -> dict[str, Any]:
    agents, seed, index = task
    P = len(agents)
    names = [agents[(s + index) % P] for s in range(P)]
    game_seed = seed + index
    timed = []
    for seat, name in enumerate(names):
        kind, options = parse_agent(name)
        agent_seed = derive_seed(game_seed, seat)
        agent = make_agent(kind, agent_seed, **options)
        agent.reset(seat, agent_seed)
        timed.append(Timed(agent))
    g = league_of_six.new_game(players=P, seed=game_seed, log=False)
    run(g, timed)
    res = g.result()
    return {
        "names": names,
        "influence": res["influence"],
        "winners": res["winners"],
        "decisions": [t.decisions for t in timed],
        "seconds": [t.seconds for t in timed],
    }


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    stats: dict[str, list[float]] = {}
    for r in records:
        share = 1.0 / len(r["winners"])
        for seat, name in enumerate(r["names"]):
            st = stats.setdefault(name, [0.0, 0.0, 0.0, 0.0, 0.0])  # seats, wins, vp, decisions, seconds
            st[0] += 1
            st[1] += share if seat in r["winners"] else 0.0
            st[2] += r["influence"][seat]
            st[3] += r["decisions"][seat]
            st[4] += r["seconds"][seat]
    for name, (n, wins, vp, dec, sec) in stats.items():
        lo, hi = wilson(wins, int(n))
        out[name] = {
            "win_rate": round(wins / n, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_vp": round(vp / n, 3),
            "ms_per_decision": round(1000.0 * sec / dec, 3) if dec else 0.0,
            "seats": int(n),
        }
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--agents", default="search,heuristic,heuristic,heuristic")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--records", help="write each game's record to this JSON-lines file as it ends")
    ap.add_argument("--summarize", help="only summarise a --records file (e.g. of a run cut short)")
    args = ap.parse_args(argv)
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as f:
            done = [json.loads(line) for line in f if line.strip()]
        print(json.dumps({"agents": summary(done), "games": len(done)}))
        return
    agents = tuple(a.strip() for a in args.agents.split(","))
    if not 3 <= len(agents) <= 5:
        sys.exit("League of Six is played by 3 to 5 players")
    for a in set(agents):
        kind, options = parse_agent(a)
        make_agent(kind, 0, **options)  # bad names fail before any game
    tasks = [(agents, args.seed, i) for i in range(args.games)]
    start = time.perf_counter()
    records: list[dict[str, Any]] = []
    out = open(args.records, "w", encoding="utf-8") if args.records else None  # noqa: SIM115

    def keep(rec: dict[str, Any]) -> None:
        records.append(rec)
        if out is not None:  # one line per game as it ends: a long run can be read before it is over
            out.write(json.dumps(rec) + "\n")
            out.flush()

    if args.workers == 1:
        for t in tasks:
            keep(play(t))
    else:
        with ProcessPoolExecutor(max_workers=args.workers, mp_context=get_context("spawn")) as pool:
            for rec in pool.map(play, tasks, chunksize=1):
                keep(rec)
    if out is not None:
        out.close()
    wall = time.perf_counter() - start
    result = summary(records)
    if args.json:
        print(json.dumps({"agents": result, "games": args.games, "seed": args.seed, "wall_s": round(wall, 1)}))
        return
    print(f"League of Six, {len(agents)} players, {args.games} games from seed {args.seed} (stand-in set)")
    for name, r in result.items():
        lo, hi = r["ci95"]
        print(
            f"  {name:28s} win {100 * r['win_rate']:5.1f}%  [{100 * lo:5.1f}, {100 * hi:5.1f}]"
            f"  influence {r['mean_vp']:6.2f}  {r['ms_per_decision']:8.2f} ms/decision"
        )
    print(f"  wall {wall:.1f} s with {args.workers} worker(s)")


if __name__ == "__main__":
    main()

"""What bounds the search bots: simulations per second and the engine costs under them.

    .venv/bin/python benchmarks/bench_search.py              # figures as a table
    .venv/bin/python benchmarks/bench_search.py --json       # the same as JSON
    .venv/bin/python benchmarks/bench_search.py --profile    # plus cProfile of search decisions
    # plus any configured bot, e.g. the 1-s configurations of research/journal.md (third and fourth rounds):
    .venv/bin/python benchmarks/bench_search.py \
        --also ismcts:simulations=300:horizon=year:root=halving:confidence=0:expand=16:evaluation=winter \
        --also ismcts:simulations=1200:horizon=season:root=halving:confidence=0:expand=16:evaluation=learned

Figures (4 players, 2012 basic game, one process):

* engine: ``Game.clone()`` and ``Game.apply()`` (heuristic decisions in roll-outs), ``observe``;
* bot plumbing: ``rebuild`` (a determinization from an observation), one heuristic decision;
* search bots: simulations per second and ms per decision at the default budget, by decision kind,
  measured on the bot's seat of one game against three heuristic bots: today's flat search
  (``search``, heuristic roll-outs to the end of the year) and ISMCTS (``ismcts``, the cheap
  roll-out policy to the end of the season and a static evaluation). A simulation is one
  candidate's roll-out for ``search``, one iteration (world, tree descent, roll-out) for ``ismcts``.

Times are this process's CPU time (``time.process_time``), so a busy machine inflates them much
less than wall-clock time; they still depend on the CPU.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import time
from typing import Any

import wallenstein
from tabletop.runner import run
from wallenstein.bots import make_agent
from wallenstein.bots.heuristic import decide
from wallenstein.bots.ismcts import DEFAULT_SIMULATIONS as ISMCTS_SIMULATIONS
from wallenstein.bots.ismcts import IsmctsAgent
from wallenstein.bots.search import DEFAULT_SIMULATIONS, SearchAgent
from wallenstein.bots.tournament import WALLENSTEIN
from wallenstein.determinize import rebuild

# CPU time of this process: on a shared machine it is close to what a quiet core would take.
CLOCK = time.process_time


def _midgame_states(n: int) -> list[wallenstein.Game]:
    """States taken along heuristic games (every phase where a bot decides)."""
    out = []
    for seed in range(n):
        g = wallenstein.new_game(players=4, seed=seed, log=False)
        rng = random.Random(seed)
        while not g.over:
            for p in g.pending():
                if p in g.pending() and not g.over:
                    if rng.random() < 0.15:
                        out.append(g.clone())
                    g.apply(p, decide(g, p, g.legal_actions(p)))
    return out


def _rate(fn: Any, items: list[Any], seconds: float = 0.5) -> float:
    """Mean seconds per call of ``fn(item)`` cycling over ``items`` for about ``seconds``."""
    n = 0
    start = CLOCK()
    while True:
        for it in items:
            fn(it)
        n += len(items)
        el = CLOCK() - start
        if el > seconds:
            return el / n


def engine_costs() -> dict[str, float]:
    states = _midgame_states(4)
    obs = [(g.observe(g.pending()[0]), g.pending()[0]) for g in states if g.pending()]
    clone_s = _rate(lambda g: g.clone(), states)
    # apply: a whole heuristic roll-out from each state, split into decision time and apply time
    apply_t = decide_t = 0.0
    applies = 0
    for g0 in states:
        g = g0.clone()
        while not g.over:
            for p in g.pending():
                if g.over or p not in g.pending():
                    continue
                legal = g.legal_actions(p)
                t0 = CLOCK()
                act = decide(g, p, legal)
                t1 = CLOCK()
                g.apply(p, act)
                t2 = CLOCK()
                decide_t += t1 - t0
                apply_t += t2 - t1
                applies += 1
    observe_s = _rate(lambda g: g.observe(g.pending()[0]), [g for g in states if g.pending()])
    rebuild_s = _rate(lambda o: rebuild(o[0], random.Random(1), seed=1), obs)
    return {
        "clone_us": 1e6 * clone_s,
        "apply_us": 1e6 * apply_t / applies,
        "observe_us": 1e6 * observe_s,
        "rebuild_us": 1e6 * rebuild_s,
        "heuristic_decision_us": 1e6 * decide_t / applies,
        "rollout_decisions": applies / len(states),
    }


def search_costs(seed: int, simulations: int, kind: str = "search") -> dict[str, Any]:
    """``kind``: "search" or "ismcts" at ``simulations``, or a bot's name with its options."""
    g = wallenstein.new_game(players=4, seed=seed, log=False)
    bot: Any
    if kind == "search":
        bot = SearchAgent(0, 1, simulations=simulations)
    elif kind == "ismcts":
        bot = IsmctsAgent(0, 1, simulations=simulations)
    else:
        bot = WALLENSTEIN.make_agent(kind, 1)
        simulations = bot.settings.iterations if isinstance(bot, IsmctsAgent) else bot.simulations
    times: dict[str, list[float]] = {}

    class Timed:
        needs_observation = True

        def reset(self, seat: int, s: int) -> None:
            bot.reset(seat, s)

        def act(self, o: dict[str, Any], legal: Any) -> Any:
            t = CLOCK()
            a = bot.act(o, legal)
            times.setdefault(o["phase"], []).append(CLOCK() - t)
            return a

    agents: list[Any] = [Timed()] + [make_agent("heuristic", s) for s in range(1, 4)]
    for s, a in enumerate(agents):
        a.reset(s, 10 + s)
    start = CLOCK()
    run(g, agents)
    total = sum(sum(v) for v in times.values())
    decisions = sum(len(v) for v in times.values())
    return {
        "simulations_per_decision": simulations,
        "simulations": bot.simulated,
        "simulations_per_s": bot.simulated / total if total else 0.0,
        "ms_per_decision": 1000 * total / decisions,
        "ms_by_phase": {k: 1000 * sum(v) / len(v) for k, v in times.items()},
        "decisions_by_phase": {k: len(v) for k, v in times.items()},
        "game_seconds": CLOCK() - start,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--simulations", type=int, default=DEFAULT_SIMULATIONS, help="of the flat search")
    ap.add_argument("--ismcts", type=int, default=ISMCTS_SIMULATIONS, help="simulations of ISMCTS")
    ap.add_argument("--also", action="append", default=[], help="a search bot's name with options, measured too")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    prof = cProfile.Profile() if args.profile else None
    eng = engine_costs()
    if prof is not None:
        prof.enable()
    srch = search_costs(args.seed, args.simulations)
    ism = search_costs(args.seed, args.ismcts, "ismcts")
    also = {name: search_costs(args.seed, 0, name) for name in args.also}
    if prof is not None:
        prof.disable()
    if args.json:
        print(json.dumps({"engine": eng, "search": srch, "ismcts": ism, **also}, indent=1))
    else:
        print("Engine and bot plumbing (4 players, mid-game states along heuristic games)")
        print(f"  Game.clone            {eng['clone_us']:8.1f} us")
        print(f"  Game.apply            {eng['apply_us']:8.1f} us  (heuristic roll-out decisions)")
        print(f"  Game.observe          {eng['observe_us']:8.1f} us")
        print(f"  rebuild (determinize) {eng['rebuild_us']:8.1f} us")
        print(f"  heuristic decision    {eng['heuristic_decision_us']:8.1f} us")
        print(f"  roll-out to the end   {eng['rollout_decisions']:8.1f} decisions on average")
        for name, res in (("Flat search", srch), ("ISMCTS", ism), *also.items()):
            print(
                f"{name}, {res['simulations_per_decision']} simulations per decision, one game vs three heuristic bots"
            )
            print(f"  simulations/s         {res['simulations_per_s']:8.1f}")
            print(f"  ms per decision       {res['ms_per_decision']:8.1f}")
            for k, v in res["ms_by_phase"].items():
                print(f"    {k:<10} {v:8.1f} ms  ({res['decisions_by_phase'][k]} decisions)")
        ratio = ism["simulations_per_s"] / srch["simulations_per_s"]
        print(f"ISMCTS / flat search simulations per second: {ratio:.1f}x")
    if prof is not None:
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
        print(out.getvalue())


if __name__ == "__main__":
    main()

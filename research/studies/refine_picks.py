"""Which plan a Wallenstein ismcts plan decision picks with ``refine`` and without (research/journal.md, tenth round).

Positions: seat 0's whole-plan decisions of heuristic games (every other one of the first five per
game), each searched twice with the 1-s configuration's plan budget and the same rng, ``refine=0``
and ``refine=N``; prints the index of the chosen plan among the root's candidates (16 and more: a
plan the refinement added, which today's flat search never considers) and how often the two agree.

    .venv/bin/python research/studies/refine_picks.py --seed 100 --games 6 --refine 4
"""

from __future__ import annotations

import argparse
import random

import wallenstein
from tabletop.ismcts import search
from wallenstein.bots.heuristic import decide
from wallenstein.bots.ismcts import IsmctsAgent, WallensteinParts
from wallenstein.game import Game
from wallenstein.state import PLANNING

# The ninth round's D without the bank (a single decision: nothing to save or spend).
C = {
    "simulations": 1250,
    "horizon": "season",
    "root": "halving",
    "confidence": 0,
    "expand": 16,
    "evaluation": "learned",
    "opponents": "search",
    "candidates": 16,
    "plan_horizon": "year",
    "plans": 0.35,
    "moves": 0.4,
}


def positions(seed: int) -> list[Game]:
    g = wallenstein.new_game(players=4, seed=seed, log=False)
    states: list[Game] = []
    while not g.over and len(states) < 5:
        if g.s.phase == PLANNING and 0 in g.pending() and g.s.plan_fill[0] == 0:
            states.append(g.clone())
        for p in sorted(g.pending()):
            if p in g.pending() and not g.over:
                g.apply(p, decide(g, p, g.legal_actions(p)))
    return states[::2]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--refine", type=int, default=4)
    args = ap.parse_args()
    n = outside = agree = 0
    print("seed year season pick(refine=0) pick(refine=N)")
    for seed in range(args.seed, args.seed + args.games):
        for st in positions(seed):
            picks = []
            for refine in (0, args.refine):
                bot = IsmctsAgent(0, seed, refine=refine, **C)  # type: ignore[arg-type]
                parts = WallensteinParts(bot, st.observe(0), st, bot.plan_horizon)
                rng = random.Random(f"x/{seed}/{st.s.year}/{st.s.season}")
                r = search(parts, 0, rng, bot.budgets["plans"])
                picks.append((r.action, r.root.candidates.index(r.action)))
            n += 1
            outside += picks[1][1] >= int(C["candidates"])
            agree += picks[0][0] == picks[1][0]
            print(seed, st.s.year, st.s.season, picks[0][1], picks[1][1], flush=True)
    print(f"{n} decisions: the refined search picked an added plan in {outside}, the same plan as without in {agree}")


if __name__ == "__main__":
    main()

"""Which plans today's search (the flat ``search`` bot) gives: the heuristic's own, a single change
to it, or another (a noisy heuristic plan), the question behind the ``ismcts`` bot's opponent model
(``opponents=heuristic`` assumes the first, ``opponents=search`` draws from all three kinds).

Heuristic games (Wallenstein 2012, 4 players, seeds 3000..); at each season's planning one seat
(rotating) asks the search for its plan in the same position.

    .venv/bin/python research/studies/search_plan_kinds.py --simulations 200 --games 6   # ~1 min
"""

from __future__ import annotations

import argparse

import wallenstein
from wallenstein.bots.heuristic import decide, plan
from wallenstein.bots.search import SearchAgent, plan_variants
from wallenstein.state import PLANNING


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--simulations", type=int, default=200)
    ap.add_argument("--games", type=int, default=6)
    args = ap.parse_args()
    counts = {"the heuristic's plan": 0, "a single change to it": 0, "another plan": 0}
    for i in range(args.games):
        g = wallenstein.new_game(players=4, seed=3000 + i, log=False)
        seen: set[tuple[int, int]] = set()
        while not g.over:
            s = g.s
            if s.phase == PLANNING and (s.year, s.season) not in seen:
                seen.add((s.year, s.season))
                p = (s.year * 3 + s.season + i) % s.players
                if s.plan_fill[p] == 0:
                    cards = SearchAgent(p, i, simulations=args.simulations).act(g.observe(p), g.legal_actions(p)).cards
                    mine = plan(g, p)
                    kind = (
                        "the heuristic's plan"
                        if cards == mine
                        else "a single change to it"
                        if cards in plan_variants(g, p, mine)
                        else "another plan"
                    )
                    counts[kind] += 1
            q = g.pending()[0]
            g.apply(q, decide(g, q, g.legal_actions(q)))
    total = sum(counts.values())
    print(f"search:simulations={args.simulations}, {total} plans:")
    for kind, n in counts.items():
        print(f"  {kind}: {n} ({100 * n / total:.0f}%)")


if __name__ == "__main__":
    main()

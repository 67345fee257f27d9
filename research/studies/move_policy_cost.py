"""What a move decision costs each way a bot can make it cheaply: the roll-out's ``quick_move``, the
flat search's candidate list (``move_candidates``, which makes the heuristic's move first), and the
``ismcts`` bot's model of a searching rival's move (``fitted_move``, ``opponent_moves=searchfit``).

The positions are every move decision with a choice (2012 edition, 4 players) of heuristic games on
seeds ``seed`` to ``seed + games - 1``; each function is timed over all of them, the three in turn,
``rounds`` times (``time.process_time``), and the fastest round of each is reported, per call.

    .venv/bin/python research/studies/move_policy_cost.py --games 4 --rounds 5
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from wallenstein.actions import Action
from wallenstein.bots.heuristic import DEFAULT, heuristic_decisions
from wallenstein.bots.ismcts import SEARCH_FIT_MOVES
from wallenstein.bots.rollout import fitted_move, quick_move
from wallenstein.bots.search import move_candidates
from wallenstein.game import Game
from wallenstein.state import MOVE


def positions(games: int, seed: int) -> list[tuple[Game, int, list[Action]]]:
    """Every move decision with more than one legal action in heuristic games, as (game, seat, legal)."""
    found = heuristic_decisions(games, seed)
    return [(g.clone(), p, legal) for g, p, legal in found if g.s.phase == MOVE and len(legal) > 1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    found = positions(args.games, args.seed)
    rng = random.Random(0)
    ways: dict[str, Callable[[Game, int, list[Action]], object]] = {
        "quick_move": lambda g, p, legal: quick_move(g, p, legal, DEFAULT),
        "move_candidates": lambda g, p, legal: move_candidates(g, p, legal, DEFAULT),
        "fitted_move": lambda g, p, legal: fitted_move(g, p, legal, DEFAULT, rng, SEARCH_FIT_MOVES),
    }
    best = dict.fromkeys(ways, float("inf"))
    for _ in range(args.rounds):
        for name, way in ways.items():
            start = time.process_time()
            for g, p, legal in found:
                way(g, p, legal)
            best[name] = min(best[name], time.process_time() - start)
    print(f"{len(found)} move decisions, {args.rounds} rounds; fastest round, per call:")
    for name, t in best.items():
        print(f"  {name}: {1e6 * t / len(found):.0f} us ({t / best['quick_move']:.2f} x quick_move)")


if __name__ == "__main__":
    main()

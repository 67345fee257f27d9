"""Where a Wallenstein ismcts bot's budget went: games of a ladder file replayed decision by decision.

The bots are deterministic from their seeds, so a recorded game played again with the same names,
seats and seed is the same game (checked: scores and winners must match the record). During the
replay every tree search of the ``ismcts`` seat is watched: per kind of decision (plans, positions,
moves) how many were searched, how many the ``stop`` rule ended early, how many ran with ``stop``
cleared by ``hold``, and the simulations granted and used on average (research/journal.md, ninth round).

    .venv/bin/python research/studies/bank_stops.py \\
        research/games/wallenstein-budget-allocation/w-1s-bank-a.jsonl --games 2
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import tabletop.ismcts as tree
import tabletop.search_params as searcher
import wallenstein.bots.ismcts as module
from tabletop.ladder import read_records
from tabletop.tournament import play_game
from wallenstein.bots.tournament import WALLENSTEIN


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", type=Path, help="a ladder file (JSON lines)")
    ap.add_argument("--games", type=int, default=1, help="replay the first N games of the file")
    ap.add_argument("--skip", type=int, default=0, help="skip the first N games")
    args = ap.parse_args()
    records = read_records(args.file.read_text().splitlines())[args.skip : args.skip + args.games]
    real, clear = tree.search, tree._clear
    cleared: list[bool] = []
    stats: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))

    def spy_clear(*a: Any) -> bool:
        cleared.append(clear(*a))
        return cleared[-1]

    def spy(parts: module.WallensteinParts, seat: int, rng: random.Random, settings: tree.Settings) -> Any:
        checks = len(cleared)
        result = real(parts, seat, rng, settings)
        if len(result.root.candidates) > 1:
            st = stats[module.KIND_OF_PHASE[parts.base.s.phase]]
            st["searched"] += 1
            st["early"] += any(cleared[checks:])
            st["held"] += settings.stop == 0
            st["granted"] += settings.iterations
            st["used"] += result.iterations
            st["base"] += parts.agent.budgets[module.KIND_OF_PHASE[parts.base.s.phase]].iterations
        return result

    setattr(tree, "_clear", spy_clear)  # noqa: B010 (the watched module's own names, replaced)
    setattr(searcher, "search", spy)  # noqa: B010 (the bots' TreeSearcher calls the search from there)
    for rec in records:
        again = play_game(WALLENSTEIN, rec.names, rec.seed, 0)
        same = again.scores == rec.scores and again.winners == rec.winners
        print(f"seed {rec.seed}: replayed {'the same game' if same else 'A DIFFERENT GAME'} (scores {again.scores})")
    print("\n| kind | searched | ended early by stop | stop cleared by hold | base | granted | used (means) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for kind in ("plans", "positions", "moves"):
        st = stats[kind]
        n = st["searched"] or 1
        print(
            f"| {kind} | {st['searched']:.0f} | {st['early']:.0f} ({st['early'] / n:.0%}) | {st['held']:.0f} "
            f"| {st['base'] / n:.0f} | {st['granted'] / n:.0f} | {st['used'] / n:.0f} |"
        )


if __name__ == "__main__":
    main()

"""How League of Six bots turn the tax tile, against the heuristic, in heuristic games.

    .venv/bin/python research/studies/league_rotations.py --games 6 --seed 900 \\
        --bot ismcts:simulations=150:root=halving:confidence=0:expand=16:rollout=quick \\
        --bot ismcts:simulations=150:root=halving:confidence=0:expand=16:rollout=quick:evaluation=learned

Plays ``--games`` games of four heuristic bots (game *i*: seed ``seed + i``). At every tax-tile
rotation with a choice, each ``--bot`` (a shadow copy per seat that sees the same observations and
is asked the same question; its choice is not played) and the heuristic choose a rotation, and the
rotation's yield is read from the components: guards, horses and goods blocks. Prints, per bot, the
mean yield of its choices and how often it differs from the heuristic (research/journal.md, seventh round).
"""

from __future__ import annotations

import argparse
from typing import Any

from league_of_six.bots.tournament import LEAGUE
from league_of_six.components import GUARD, HORSE
from league_of_six.game import Game
from league_of_six.state import ROTATE
from tabletop.agents import derive_seed

Yield = tuple[int, int, int]


def rotation_yield(g: Game, seat: int, rotation: int) -> Yield:
    """(guards, horses, goods blocks) that turning ``seat``'s town's tax tile to ``rotation`` gives."""
    town = g.s.town_of[seat]
    got = g.comp.gains[town][g.sides[town]][g.s.tile_at[town]][rotation]
    return got[GUARD], got[HORSE], sum(got[:GUARD])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", action="append", required=True, help="a bot to compare (repeatable)")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=900)
    args = ap.parse_args()
    names = ["heuristic", *args.bot]
    chosen: dict[str, list[Yield]] = {n: [] for n in names}
    differs = dict.fromkeys(names, 0)
    for i in range(args.games):
        seed = args.seed + i
        game = LEAGUE.new_game(4, seed)
        seats: list[dict[str, Any]] = []
        for p in range(4):
            seats.append({n: LEAGUE.make_agent(n, derive_seed(seed, p)) for n in names})
            for agent in seats[p].values():
                agent.reset(p, derive_seed(seed, p))
        while not game.over:
            for seat in game.pending():
                legal = game.legal_actions(seat)
                obs = game.observe(seat)
                play = seats[seat]["heuristic"].act(obs, list(legal))
                if len(legal) > 1 and game.s.phase == ROTATE:
                    for n in args.bot:
                        choice = seats[seat][n].act(obs, list(legal))
                        chosen[n].append(rotation_yield(game, seat, choice.a))
                        differs[n] += choice != play
                    chosen["heuristic"].append(rotation_yield(game, seat, play.a))
                else:
                    for n in args.bot:
                        seats[seat][n].observe(obs)  # the shadows' memories follow the game
                game.apply(seat, play)
    total = len(chosen["heuristic"])
    print(f"{total} rotations with a choice in {args.games} heuristic games (seeds {args.seed}..)")
    print("| bot | guards | horses | goods blocks | differs from the heuristic |")
    print("| --- | --- | --- | --- | --- |")
    for n in names:
        mean = [sum(y[k] for y in chosen[n]) / max(1, total) for k in range(3)]
        print(f"| `{n}` | {mean[0]:.2f} | {mean[1]:.2f} | {mean[2]:.2f} | {differs[n]} of {total} |")


if __name__ == "__main__":
    main()

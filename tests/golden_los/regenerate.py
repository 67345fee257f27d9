"""Regenerate the League of Six golden playthroughs (history JSON + narration) in this folder.

    .venv/bin/python tests/golden_los/regenerate.py            # rewrite the files
    .venv/bin/python tests/golden_los/regenerate.py --check    # only report which files would change

Each case is one game between RandomAgents seeded from the game seed (as ``league-of-six watch``
plays it), with the stand-in component set. ``tests/league_of_six/test_los_golden.py`` replays
every case and compares with these files, so a rules change shows up as a readable diff of the
narration. Regenerate only when the change is intended, and read the diff before committing it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from league_of_six import Game, new_game
from league_of_six.narrate import narrate_game
from tabletop.agents import random_agents
from tabletop.golden import GoldenCase, game_files, regenerate
from tabletop.runner import play

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Case(GoldenCase):
    folder: ClassVar[Path] = HERE
    sides: str = "white"

    @property
    def name(self) -> str:
        sides = "" if self.sides == "white" else f"_{self.sides}"
        return f"league_of_six_p{self.players}{sides}_seed{self.seed}"


CASES: tuple[Case, ...] = (Case(3, 1), Case(4, 1), Case(5, 1), Case(4, 2, "yellow"))


def play_case(case: Case) -> Game:
    game = new_game(players=case.players, seed=case.seed, sides=case.sides, log=True)
    return play(game, random_agents(case.players, case.seed))


def expected_files(case: Case) -> dict[Path, str]:
    return game_files(play_case(case), case, narrate_game)


if __name__ == "__main__":
    sys.exit(regenerate(CASES, expected_files, HERE.parent.parent, sys.argv[1:]))

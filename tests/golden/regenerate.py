"""Regenerate the golden playthroughs (history JSON + narration) in this folder.

    .venv/bin/python tests/golden/regenerate.py            # rewrite the files
    .venv/bin/python tests/golden/regenerate.py --check    # only report which files would change

Each case is one game between RandomAgents seeded from the game seed (as ``wallenstein watch``
plays it). ``tests/wallenstein/test_golden.py`` replays every case and compares with these files,
so a change of the rules shows up as a readable diff of the narration. Regenerate only when the
change is intended, and read the diff before committing it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from tabletop.agents import random_agents
from tabletop.golden import GoldenCase, game_files, regenerate
from tabletop.runner import play
from wallenstein import Game, new_game
from wallenstein.narrate import narrate_game

HERE = Path(__file__).resolve().parent


MODULE_TAGS = {"emperors_court": "court", "landsknechte": "landsknechte", "military_leaders": "military_leaders"}


@dataclass(frozen=True)
class Case(GoldenCase):
    folder: ClassVar[Path] = HERE
    setup: str = "lineup"
    modules: tuple[str, ...] = ()
    edition: str = "2012"

    @property
    def name(self) -> str:
        setup = "" if self.setup == "lineup" else f"_{self.setup}"
        mods = "".join(f"_{MODULE_TAGS[m]}" for m in self.modules)
        return f"wallenstein_{self.edition}{mods}_p{self.players}{setup}_seed{self.seed}"


CASES: tuple[Case, ...] = (
    Case(3, 1),
    Case(4, 1),
    Case(5, 1),
    Case(4, 2, "draft"),
    Case(4, 1, modules=("emperors_court",)),
    Case(4, 1, edition="2002"),
    Case(3, 1, edition="2002"),
    Case(5, 2, "draft", edition="2002"),
    Case(3, 3, modules=("landsknechte",)),
    Case(5, 2, modules=("military_leaders",)),
    Case(4, 3, modules=("emperors_court", "landsknechte", "military_leaders")),
    Case(4, 4, "draft", modules=("emperors_court", "landsknechte", "military_leaders")),
)


def play_case(case: Case) -> Game:
    """The case's game, played to its end by RandomAgents seeded from the game seed."""
    game = new_game(
        players=case.players, seed=case.seed, setup=case.setup, edition=case.edition, modules=case.modules, log=True
    )
    return play(game, random_agents(case.players, case.seed))


def expected_files(case: Case) -> dict[Path, str]:
    return game_files(play_case(case), case, narrate_game)


if __name__ == "__main__":
    sys.exit(regenerate(CASES, expected_files, HERE.parent.parent, sys.argv[1:]))

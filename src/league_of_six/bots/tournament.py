"""League of Six's entry to :mod:`tabletop.tournament` and :mod:`tabletop.results`: new games,
agents by name, final standings, the options of a result row and the balance report's facts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league_of_six.bots import make_agent
from league_of_six.facts import game_facts
from league_of_six.game import Game, new_game
from tabletop.agents import Agent
from tabletop.tournament import parse_agent


@dataclass(frozen=True)
class LeagueTournament:
    """The stand-in set by default, or a user's component file (passed to the bots too)."""

    components: str | None = None
    sides: str = "white"

    name = "league_of_six"

    def new_game(self, players: int, seed: int) -> Game:
        return new_game(players=players, seed=seed, components=self.components, sides=self.sides, log=False)

    def logged_game(self, players: int, seed: int) -> Game:
        return new_game(players=players, seed=seed, components=self.components, sides=self.sides, log=True)

    def options(self, players: int) -> dict[str, Any]:
        return {"players": players, "components": self.components, "sides": self.sides}

    def facts(self, game: Any) -> dict[str, Any]:
        return game_facts(game)

    def make_agent(self, name: str, seed: int) -> Agent:
        kind, options = parse_agent(name)
        if self.components is not None and kind != "random":
            options.setdefault("components", self.components)
        return make_agent(kind, seed, **options)

    def ranking(self, game: Any) -> list[tuple[float, ...]]:
        res = game.result()
        return [(float(i), float(g)) for i, g in zip(res["influence"], res["guards"], strict=True)]  # LR-10

    def winners(self, game: Any) -> list[int]:
        return list(game.result()["winners"])


LEAGUE = LeagueTournament()

__all__ = ["LEAGUE", "LeagueTournament"]

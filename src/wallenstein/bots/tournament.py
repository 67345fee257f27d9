"""Wallenstein's entry to :mod:`tabletop.tournament` and :mod:`tabletop.results`: new games, agents
by name, final standings, the options of a result row and the balance report's facts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.agents import Agent
from tabletop.tournament import parse_agent
from wallenstein.bots import make_agent
from wallenstein.facts import game_facts
from wallenstein.game import Game, new_game


@dataclass(frozen=True)
class WallensteinTournament:
    """2012 basic game by default (any edition and modules, as ``new_game`` takes them, and a file of
    printed values); agents are ``kind[:option=value...]`` (see ``make_agent``)."""

    setup: str = "lineup"
    edition: str = "2012"
    modules: tuple[str, ...] = ()
    printed: str | None = None

    name = "wallenstein"

    def new_game(self, players: int, seed: int) -> Game:
        return self._game(players, seed, log=False)

    def logged_game(self, players: int, seed: int) -> Game:
        return self._game(players, seed, log=True)

    def _game(self, players: int, seed: int, log: bool) -> Game:
        return new_game(
            players=players,
            seed=seed,
            setup=self.setup,
            edition=self.edition,
            modules=self.modules,
            printed=self.printed,
            log=log,
        )

    def options(self, players: int) -> dict[str, Any]:
        return {
            "players": players,
            "edition": self.edition,
            "modules": sorted(self.modules),
            "setup": self.setup,
            "printed": self.printed,
        }

    def facts(self, game: Any) -> dict[str, Any]:
        return game_facts(game)

    def make_agent(self, name: str, seed: int) -> Agent:
        kind, options = parse_agent(name)
        return make_agent(kind, seed, **options)

    def ranking(self, game: Any) -> list[tuple[float, ...]]:
        """VP, then the edition's tie-break (W-28): thalers in 2012; palaces, churches, firms in 2002."""
        res = game.result()
        if "buildings" in res:
            return [(float(v), *map(float, b)) for v, b in zip(res["vp"], res["buildings"], strict=True)]
        return [(float(v), float(t)) for v, t in zip(res["vp"], res["thalers"], strict=True)]

    def winners(self, game: Any) -> list[int]:
        return list(game.result()["winners"])


WALLENSTEIN = WallensteinTournament()

__all__ = ["WALLENSTEIN", "WallensteinTournament"]

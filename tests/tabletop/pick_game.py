"""A toy game for the tournament and ladder tests, so small that who should win is known in advance:
every seat, in seat order, picks one number once; the highest pick wins (ties shared) and a seat's
pick is its score. ``PickRules`` is the tournament's view of it (tabletop.tournament.TournamentGame)
but for ``make_agent``: each test brings the bots it needs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar


class PickGame:
    def __init__(self, players: int, choices: Sequence[int]) -> None:
        self.players = players
        self.choices = list(choices)
        self.picks: list[int] = []

    @property
    def over(self) -> bool:
        return len(self.picks) == self.players

    def pending(self) -> list[int]:
        return [] if self.over else [len(self.picks)]

    def legal_actions(self, seat: int) -> list[int]:
        return list(self.choices) if seat in self.pending() else []

    def observe(self, seat: int | None = None) -> dict[str, Any]:
        return {"picks": list(self.picks)}

    def apply(self, seat: int, action: int) -> None:
        self.picks.append(action)


class PickRules:
    """New games with the numbers in ``choices``; the standings by pick."""

    choices: ClassVar[Sequence[int]]

    def new_game(self, players: int, seed: int) -> PickGame:
        return PickGame(players, self.choices)

    def ranking(self, game: Any) -> list[tuple[float, ...]]:
        return [(float(p),) for p in game.picks]

    def winners(self, game: Any) -> list[int]:
        best = max(game.picks)
        return [s for s, p in enumerate(game.picks) if p == best]

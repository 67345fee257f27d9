"""Difficulty levels on the table: one bot per level and game, and what the lobby says of them.

The levels (:class:`tabletop.levels.Level`) come from each game's ``bots`` package with their
measured ratings. Each is registered as a bot named after the level ("beginner", ...), with a
factory per game; the lobby's options list the game's levels with their ratings, which the
lobby shows in the seat choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop.levels import Level
from webtable.registry import BotKind


def register_levels(
    register: Callable[[BotKind], None], game: str, levels: Sequence[Level], make_agent: Callable[..., Any]
) -> None:
    """One bot per level for ``game``, made from its agent name and seated with ``reset``."""
    for level in levels:

        def factory(seat: int, seed: int, _level: Level = level) -> Any:
            agent = _level.make(make_agent, seed)
            agent.reset(seat, seed)
            return agent

        register(BotKind(level.name, level.name.capitalize(), factory, frozenset({game})))


def lobby_levels(levels: Sequence[Level]) -> list[dict[str, Any]]:
    """The lobby's list: bot name, label with the rating, the agent behind it."""
    return [
        {"bot": lv.name, "label": lv.label, "agent": lv.agent, "rating": lv.rating, "interval": list(lv.interval)}
        for lv in levels
    ]


__all__ = ["lobby_levels", "register_levels"]

"""Difficulty levels on the table: one bot per level and game, and what the lobby says of them.

The levels (:class:`tabletop.levels.Level`) come from each game's ``bots`` package with their
measurements (how long each thinks, its win rate against the level below). Each is registered as
a bot named after the level ("beginner", ...), with a factory per game; the lobby's options list
the game's levels with those figures, which the lobby shows in the seat choice.
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


# The bots every game's ``bots`` package makes by kind (``make_agent(kind, seed)``), as the lobby names them.
GAME_BOTS = {"heuristic": "Heuristic", "search": "Search (flat Monte Carlo)", "ismcts": "ISMCTS (tree search)"}


def register_game_bots(
    register: Callable[[BotKind], None], game: str, levels: Sequence[Level], make_agent: Callable[..., Any]
) -> None:
    """A game's own bots: the kinds of ``GAME_BOTS`` made by ``make_agent`` and seated with ``reset``,
    then its difficulty levels (:func:`register_levels`)."""
    for name, label in GAME_BOTS.items():

        def factory(seat: int, seed: int, _name: str = name) -> Any:
            agent = make_agent(_name, seed)
            agent.reset(seat, seed)
            return agent

        register(BotKind(name, label, factory, frozenset({game})))
    register_levels(register, game, levels, make_agent)


def lobby_levels(levels: Sequence[Level]) -> list[dict[str, Any]]:
    """The lobby's list: bot name, label, the agent behind it, its thinking time (CPU ms per
    decision) and its win rate against the level below with the 95% interval (None for the first)."""
    return [
        {
            "bot": lv.name,
            "label": lv.label,
            "agent": lv.agent,
            "ms_per_decision": lv.ms_per_decision,
            "versus_below": list(lv.versus_below) if lv.versus_below is not None else None,
            "games": lv.games,
        }
        for lv in levels
    ]


__all__ = ["GAME_BOTS", "lobby_levels", "register_game_bots", "register_levels"]

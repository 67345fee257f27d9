"""Difficulty levels: the bots a person picks by strength, each with its measured ladder rating.

A game lists its levels (``LEVELS`` in its ``bots`` package): a level names an agent (a bot kind
with options, as in tournaments: ``ismcts:simulations=200``) and the Bradley-Terry rating that
agent got in the game's ladder (docs/bots/wallenstein.md, ``research/studies/ladder.py``) with its 95% interval.
The browser lobby shows the levels with their ratings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.agents import Agent

LEVEL_NAMES = ("beginner", "intermediate", "strong", "strongest")


@dataclass(frozen=True)
class Level:
    name: str  # one of LEVEL_NAMES
    agent: str  # the agent's name (kind[:option=value...])
    rating: float  # the agent's ladder rating (Elo scale, mean 1500)
    interval: tuple[float, float]  # its 95% interval (bootstrap over the ladder's games)

    @property
    def label(self) -> str:
        """What the lobby shows: the level and its measured rating."""
        lo, hi = self.interval
        return f"{self.name.capitalize()} (rating {self.rating:.0f}, 95% {lo:.0f}-{hi:.0f})"

    def make(self, make_agent: Callable[..., Agent], seed: int) -> Agent:
        """A new agent of this level from the game's ``make_agent(kind, seed, **options)``."""
        from tabletop.tournament import parse_agent  # not at import time: the registries load cheaply

        kind, options = parse_agent(self.agent)
        agent: Any = make_agent(kind, seed, **options)
        return agent  # type: ignore[no-any-return]


__all__ = ["LEVEL_NAMES", "Level"]

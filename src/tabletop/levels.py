"""Difficulty levels: the bots a person picks by strength, each measured against the level below.

A game lists its levels (``LEVELS`` in its ``bots`` package), weakest first: a level names an
agent (a bot kind with options, as in tournaments: ``ismcts:preset=learned``), how long it thinks
(CPU ms per decision) and how it did against the level below: its win rate, with the 95% Wilson
interval, in 4-player games against three bots of the level below (seats rotating; parity 25%).
The figures come from the leaderboard's level matches (docs/leaderboard.md, ``python -m
tabletop.leaderboard``); the browser lobby shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.agents import Agent

LEVEL_NAMES = ("beginner", "intermediate", "strong", "strongest")
PARITY = 0.25  # one seat of four


@dataclass(frozen=True)
class Level:
    name: str  # one of LEVEL_NAMES
    agent: str  # the agent's name (kind[:option=value...])
    ms_per_decision: float  # CPU ms per decision, as measured in its level match
    versus_below: tuple[float, float, float] | None = None  # win rate and its 95% interval (None: the first)
    games: int = 0  # games of that match

    @property
    def thinks(self) -> str:
        """How long it thinks per decision, in words a player reads."""
        ms = self.ms_per_decision
        if ms < 10:
            return "at once"
        return f"about {ms / 1000:.1f} s" if ms >= 950 else f"about {ms:.0f} ms"

    @property
    def established(self) -> bool:
        """Whether its interval against the level below lies above parity."""
        return self.versus_below is not None and self.versus_below[1] > PARITY

    @property
    def label(self) -> str:
        """What the lobby shows: the level, how long it thinks, and its measured edge."""
        head = f"{self.name.capitalize()} (thinks {self.thinks}"
        if self.versus_below is None:
            return head + ")"
        win, lo, hi = self.versus_below
        return head + f"; wins {100 * win:.0f}% (95% {100 * lo:.0f}-{100 * hi:.0f}) against the level below)"

    def make(self, make_agent: Callable[..., Agent], seed: int) -> Agent:
        """A new agent of this level from the game's ``make_agent(kind, seed, **options)``."""
        from tabletop.tournament import parse_agent  # not at import time: the registries load cheaply

        kind, options = parse_agent(self.agent)
        agent: Any = make_agent(kind, seed, **options)
        return agent  # type: ignore[no-any-return]


__all__ = ["LEVEL_NAMES", "PARITY", "Level"]

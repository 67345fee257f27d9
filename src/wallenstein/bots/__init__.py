"""Wallenstein bots: ``random``, ``heuristic``, ``search`` and ``ismcts``, all seeing only observations.

    from wallenstein.bots import make_agent
    agents = [make_agent("search", seed=1), make_agent("heuristic", seed=2), ...]

Every bot is a :class:`tabletop.agents.Agent`: the runner gives it ``observe(seat)`` and the legal
actions, nothing else. See docs/bots/wallenstein.md.
"""

from __future__ import annotations

from typing import Any

from tabletop.agents import Agent, AgentFactory, make_from, standard_bots
from tabletop.levels import Level

# Difficulty levels, from the leaderboard (docs/leaderboard.md, "Difficulty levels"): each level against
# three of the level below, 4 players, seats rotating; CPU ms per decision in that match. These lines are
# printed by `python -m tabletop.leaderboard --print-levels` from the stored games (a test compares).
LEVELS: tuple[Level, ...] = (
    Level("beginner", "random", 0.0),
    Level("intermediate", "heuristic", 0.3, (1.0, 0.9124, 1.0), 40),
    Level("strong", "ismcts:preset=learned:simulations=100", 106.8, (0.75, 0.551, 0.88), 24),
    Level("strongest", "ismcts:preset=learned", 1568.7, (0.3956, 0.3013, 0.4983), 91),
)

BOT_KINDS: dict[str, AgentFactory] = standard_bots("wallenstein.bots")


def make_agent(kind: str, seed: int, **options: Any) -> Agent:
    """A new bot of ``kind`` ("random", "heuristic", "search", "ismcts") seeded with ``seed``; the runner's
    ``reset(seat, seed)`` or the tournament sets its seat."""
    return make_from(BOT_KINDS, kind, seed, **options)


__all__ = ["BOT_KINDS", "LEVELS", "make_agent"]

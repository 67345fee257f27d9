"""Wallenstein bots: ``random``, ``heuristic``, ``search`` and ``ismcts``, all seeing only observations.

    from wallenstein.bots import make_agent
    agents = [make_agent("search", seed=1), make_agent("heuristic", seed=2), ...]

Every bot is a :class:`tabletop.agents.Agent`: the runner gives it ``observe(seat)`` and the legal
actions, nothing else. See docs/bots.md.
"""

from __future__ import annotations

from typing import Any

from tabletop.agents import Agent, AgentFactory, make_from, standard_bots
from tabletop.levels import Level

# Difficulty levels: the ladder's bots in the order of their measured ratings (docs/bots.md, "The
# ladder": 20 games of 4 players, 2012 basic game; the middle three overlap within their intervals).
# The ISMCTS measured there is the first version's (no confidence rule, widening 1 for every seat).
LEVELS: tuple[Level, ...] = (
    Level("beginner", "random", 1107.0, (1021.0, 1196.0)),
    Level("intermediate", "ismcts:preset=ladder", 1575.0, (1485.0, 1679.0)),
    Level("strong", "search:simulations=32", 1588.0, (1470.0, 1686.0)),
    Level("strongest", "heuristic", 1681.0, (1577.0, 1794.0)),
)

BOT_KINDS: dict[str, AgentFactory] = standard_bots("wallenstein.bots")


def make_agent(kind: str, seed: int, **options: Any) -> Agent:
    """A new bot of ``kind`` ("random", "heuristic", "search", "ismcts") seeded with ``seed``; the runner's
    ``reset(seat, seed)`` or the tournament sets its seat."""
    return make_from(BOT_KINDS, kind, seed, **options)


__all__ = ["BOT_KINDS", "LEVELS", "make_agent"]

"""League of Six bots: ``random``, ``heuristic``, ``search`` and ``ismcts``, all seeing only observations.

    from league_of_six.bots import make_agent
    agents = [make_agent("search", seed=1), make_agent("heuristic", seed=2), ...]

Every bot is a :class:`tabletop.agents.Agent`: the runner gives it ``observe(seat)`` and the legal
actions, nothing else. A bot remembers what it saw earlier in the game (cards turned up and taken,
guards collected), as a player at the table would. See docs/bots-league-of-six.md.
"""

from __future__ import annotations

from typing import Any

from tabletop.agents import Agent, AgentFactory, make_from, standard_bots
from tabletop.levels import Level

# Difficulty levels: the ladder's bots in the order of their measured ratings (docs/bots.md, "The
# ladder": 20 games of 4 players, stand-in set). The ISMCTS measured there is the first version's
# (no confidence rule, widening 1 for every seat).
LEVELS: tuple[Level, ...] = (
    Level("beginner", "random", 1018.0, (961.0, 1055.0)),
    Level("intermediate", "ismcts:preset=ladder", 1557.0, (1442.0, 1650.0)),
    Level("strong", "heuristic", 1638.0, (1563.0, 1734.0)),
    Level("strongest", "search:simulations=32", 1829.0, (1726.0, 1958.0)),
)

BOT_KINDS: dict[str, AgentFactory] = standard_bots("league_of_six.bots")


def make_agent(kind: str, seed: int, **options: Any) -> Agent:
    """A new bot of ``kind`` ("random", "heuristic", "search", "ismcts") seeded with ``seed``; the runner's
    ``reset(seat, seed)`` or the tournament sets its seat."""
    return make_from(BOT_KINDS, kind, seed, **options)


__all__ = ["BOT_KINDS", "LEVELS", "make_agent"]

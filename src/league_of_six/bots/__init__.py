"""League of Six bots: ``random``, ``heuristic`` and ``search``, all seeing only observations.

    from league_of_six.bots import make_agent
    agents = [make_agent("search", seed=1), make_agent("heuristic", seed=2), ...]

Every bot is a :class:`tabletop.agents.Agent`: the runner gives it ``observe(seat)`` and the legal
actions, nothing else. A bot remembers what it saw earlier in the game (cards turned up and taken,
guards collected), as a player at the table would. See docs/bots-league-of-six.md.
"""

from __future__ import annotations

from typing import Any

from tabletop.agents import Agent, AgentFactory, make_from, standard_bots

BOT_KINDS: dict[str, AgentFactory] = standard_bots("league_of_six.bots")


def _ppo(seed: int, **options: Any) -> Agent:
    """A trained policy, ``ppo:path=model.zip`` (needs the [rl] extra; see docs/rl.md)."""
    from league_of_six.rl.bot import ppo_agent

    agent: Agent = ppo_agent(seed, **options)
    return agent


BOT_KINDS["ppo"] = _ppo


def make_agent(kind: str, seed: int, **options: Any) -> Agent:
    """A new bot of ``kind`` ("random", "heuristic", "search") seeded with ``seed``; the runner's
    ``reset(seat, seed)`` or the tournament sets its seat."""
    return make_from(BOT_KINDS, kind, seed, **options)


__all__ = ["BOT_KINDS", "make_agent"]

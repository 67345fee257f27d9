"""Wallenstein bots: ``random``, ``heuristic`` and ``search``, all seeing only observations.

    from wallenstein.bots import make_agent
    agents = [make_agent("search", seed=1), make_agent("heuristic", seed=2), ...]

Every bot is a :class:`tabletop.agents.Agent`: the runner gives it ``observe(seat)`` and the legal
actions, nothing else. See docs/bots.md.
"""

from __future__ import annotations

from typing import Any

from tabletop.agents import Agent, AgentFactory, make_from, random_agent


def _heuristic(seed: int, **options: Any) -> Agent:
    from wallenstein.bots.heuristic import HeuristicAgent

    return HeuristicAgent(0, seed, **options)


def _search(seed: int, **options: Any) -> Agent:
    from wallenstein.bots.search import SearchAgent

    return SearchAgent(0, seed, **options)


BOT_KINDS: dict[str, AgentFactory] = {"random": random_agent, "heuristic": _heuristic, "search": _search}


def make_agent(kind: str, seed: int, **options: Any) -> Agent:
    """A new bot of ``kind`` ("random", "heuristic", "search") seeded with ``seed``; the runner's
    ``reset(seat, seed)`` or the tournament sets its seat."""
    return make_from(BOT_KINDS, kind, seed, **options)


__all__ = ["BOT_KINDS", "make_agent"]

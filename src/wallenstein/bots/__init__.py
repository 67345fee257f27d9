"""Wallenstein bots: ``random``, ``heuristic`` and ``search``, all seeing only observations.

    from wallenstein.bots import make_agent
    agents = [make_agent("search", seed=1), make_agent("heuristic", seed=2), ...]

Every bot is a :class:`tabletop.agents.Agent`: the runner gives it ``observe(seat)`` and the legal
actions, nothing else. See docs/bots.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.agents import Agent, RandomAgent
from tabletop.errors import IllegalAction


def _random(seed: int, **options: Any) -> Agent:
    if options:
        raise IllegalAction(f"the random agent takes no options, got {sorted(options)}")
    return RandomAgent(0, seed)


def _heuristic(seed: int, **options: Any) -> Agent:
    from wallenstein.bots.heuristic import HeuristicAgent

    return HeuristicAgent(0, seed, **options)


def _search(seed: int, **options: Any) -> Agent:
    from wallenstein.bots.search import SearchAgent

    return SearchAgent(0, seed, **options)


BOT_KINDS: dict[str, Callable[..., Agent]] = {"random": _random, "heuristic": _heuristic, "search": _search}


def make_agent(kind: str, seed: int, **options: Any) -> Agent:
    """A new bot of ``kind`` ("random", "heuristic", "search") seeded with ``seed``; the runner's
    ``reset(seat, seed)`` or the tournament sets its seat."""
    try:
        factory = BOT_KINDS[kind]
    except KeyError:
        raise IllegalAction(f"unknown bot kind {kind!r}; known: {sorted(BOT_KINDS)}") from None
    try:
        return factory(seed, **options)
    except TypeError as exc:
        raise IllegalAction(f"bad options for a {kind} bot: {exc}") from None


__all__ = ["BOT_KINDS", "make_agent"]

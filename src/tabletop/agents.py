"""Agents: whatever takes decisions for a seat, seeing only what that seat may see.

An agent never gets the game object. The runner (:mod:`tabletop.runner`) hands it the seat's
observation (``game.observe(seat)``, plain JSON-ready data) and a copy of the seat's legal actions,
and applies the action it returns. Agents are game-agnostic: an action is whatever the game's
``legal_actions`` lists.

    agent = RandomAgent(seat=0, seed=7)
    action = agent.act(game.observe(0), game.legal_actions(0))
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from tabletop.errors import IllegalAction

A = TypeVar("A")


@runtime_checkable
class Agent(Protocol):
    """Takes the decisions of one seat.

    ``reset(seat, seed)`` prepares the agent for a new game (agents also take ``seat`` and ``seed``
    in their constructor); ``act`` gets the seat's observation and legal actions and returns one of
    them (or another action the game accepts, e.g. a whole plan in Wallenstein).
    """

    def reset(self, seat: int, seed: int) -> None: ...

    # An agent may set ``needs_observation = False`` to receive ``{}`` instead of the observation.

    def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any: ...


def derive_seed(seed: int, seat: int) -> int:
    """A seat's agent seed derived from a game seed: stable across processes and Python versions."""
    digest = hashlib.sha256(f"tabletop-agent/{seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class SeededAgent:
    """What most agents keep: their seat, their seed and a ``random.Random`` of that seed, which
    ``reset(seat, seed)`` starts over for a new game (a subclass resets its own state after calling it)."""

    def __init__(self, seat: int = 0, seed: int = 0) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.rng.seed(seed)

    def require_legal(self, legal: Sequence[Any]) -> None:
        """ValueError when the seat is asked to act with nothing to choose from (a runner's bug)."""
        if not legal:
            raise ValueError(f"seat {self.seat} was asked to act with no legal action")


class RandomAgent(SeededAgent):
    """Picks uniformly among the legal actions, from its own seeded ``random.Random`` (deterministic).

    It looks at nothing but the legal actions, so it tells the runner not to build observations for it.
    """

    needs_observation = False

    def act(self, observation: dict[str, Any], legal: Sequence[A]) -> A:
        self.require_legal(legal)
        return legal[self.rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomAgent(seat={self.seat}, seed={self.seed})"


def random_agents(players: int, seed: int) -> list[RandomAgent]:
    """One RandomAgent per seat, each seeded with ``derive_seed(seed, seat)``."""
    return [RandomAgent(seat, derive_seed(seed, seat)) for seat in range(players)]


__all__ = ["Agent", "RandomAgent", "SeededAgent", "derive_seed", "random_agents"]


AgentFactory = Callable[..., Agent]  # factory(seed, **options) -> a new agent


def random_agent(seed: int, **options: Any) -> Agent:
    """The ``random`` kind of every game's bot registry (it takes no options)."""
    if options:
        raise IllegalAction(f"the random agent takes no options, got {sorted(options)}")
    return RandomAgent(0, seed)


def standard_bots(package: str) -> dict[str, AgentFactory]:
    """A game's bot registry: "random", and "heuristic"/"search"/"ismcts" from ``package``'s
    ``heuristic``, ``search`` and ``ismcts`` modules (``HeuristicAgent``, ``SearchAgent``,
    ``IsmctsAgent``), and "ppo", a trained policy (``ppo:path=model.zip``: the game's
    ``rl.bot.ppo_agent``, which needs the [rl] extra; docs/research/rl.md) and "learned", the policy
    shipped with the game (``rl.bot.learned_agent``: numpy only), each imported when first made so
    that loading the registry stays cheap."""

    def lazy(module: str, cls: str) -> AgentFactory:
        def factory(seed: int, **options: Any) -> Agent:
            agent: Agent = getattr(importlib.import_module(f"{package}.{module}"), cls)(0, seed, **options)
            return agent

        return factory

    return {
        "random": random_agent,
        "heuristic": lazy("heuristic", "HeuristicAgent"),
        "search": lazy("search", "SearchAgent"),
        "ismcts": lazy("ismcts", "IsmctsAgent"),
        "ppo": _rl_factory(package.rpartition(".")[0], "ppo_agent"),
        "learned": _rl_factory(package.rpartition(".")[0], "learned_agent"),
    }


def _rl_factory(game_package: str, name: str) -> AgentFactory:
    """A kind made by ``name`` in the game's ``rl.bot`` module (imported when first made)."""

    def factory(seed: int, **options: Any) -> Agent:
        agent: Agent = getattr(importlib.import_module(f"{game_package}.rl.bot"), name)(seed, **options)
        return agent

    return factory


def make_from(kinds: Mapping[str, AgentFactory], kind: str, seed: int, **options: Any) -> Agent:
    """A new agent of ``kind`` from a game's registry, seeded with ``seed`` (the runner's or the
    tournament's ``reset(seat, seed)`` sets its seat); IllegalAction for an unknown kind or bad options."""
    try:
        factory = kinds[kind]
    except KeyError:
        raise IllegalAction(f"unknown bot kind {kind!r}; known: {sorted(kinds)}") from None
    try:
        return factory(seed, **options)
    except (TypeError, ValueError) as exc:
        raise IllegalAction(f"bad options for a {kind} bot: {exc}") from None

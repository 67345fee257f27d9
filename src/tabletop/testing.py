"""Helpers for testing games built on tabletop (the project's tests use them; so may a new game's).

* :func:`load_script`: a script that is not part of a package (a golden-game regenerator, a tool)
  imported as a module;
* :func:`cli_runner` and :func:`invoke_json`: a game's Typer command line run in-process, with plain
  output (no colours, whatever the environment asks for);
* :func:`play_randomly`: a game played to its end by uniformly random decisions; :func:`random_tally`:
  what a simulation of random agents should report, counted game by game;
* :class:`CheckedAgent` and :func:`seated`: bots that play a test game, each answer checked.

Nothing here is imported by the engines: Typer loads only when a command line is tested.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

from tabletop.agents import Agent, derive_seed

if TYPE_CHECKING:
    import typer
    from typer.testing import CliRunner


def load_script(path: Path, name: str) -> ModuleType:
    """The file ``path`` imported as module ``name`` (registered in ``sys.modules``, as dataclasses
    need while building their classes); a second call returns the module already loaded."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def cli_runner() -> CliRunner:
    """Typer's CliRunner with the variables unset that would make Rich colour its output even though
    it is not writing to a terminal."""
    from typer.testing import CliRunner

    return CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None})


def invoke_json(app: typer.Typer, args: list[str]) -> dict[str, Any]:
    """Run a command that prints one JSON object; it must succeed. Returns the object."""
    result = cli_runner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


G = TypeVar("G", bound=Any)


def play_randomly(game: G, rng: random.Random, after: Callable[[G], object] | None = None) -> G:
    """Play ``game`` to its end: each step a random pending seat takes a random legal decision;
    ``after(game)`` after each step (e.g. an invariants check). Returns the game."""
    while not game.over:
        seat = rng.choice(game.pending())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        if after is not None:
            after(game)
    return game


def random_tally(
    make: Callable[[int], Any], players: int, seed: int, games: int, score: str
) -> tuple[list[float], list[float], int]:
    """Games ``seed .. seed + games - 1`` (``make(game_seed)``) played by random agents seeded from the
    game seed, as the CLI's ``simulate`` plays them: each seat's wins (a shared win split), its mean
    ``score`` (a key of ``result()``), and the decisions taken in all."""
    from tabletop.agents import random_agents
    from tabletop.runner import run

    wins = [0.0] * players
    totals = [0.0] * players
    decisions = 0
    for i in range(games):
        game = make(seed + i)
        decisions += run(game, random_agents(players, seed + i)).decisions
        result = game.result()
        for p in result["winners"]:
            wins[p] += 1 / len(result["winners"])
        totals = [t + r for t, r in zip(totals, result[score], strict=True)]
    return wins, [t / games for t in totals], decisions


class CheckedAgent:
    """Wraps an agent in a test game: it must get a plain dict and list (never the game itself), and
    :meth:`check` judges each answer (here: one of the legal actions; a game's tests add their own
    checks). ``game`` is kept only to check answers against. ``needs_observation`` is the wrapped
    agent's unless ``observe_always``."""

    def __init__(self, agent: Agent, game: Any, observe_always: bool = False) -> None:
        self.agent = agent
        self.game = game
        self.needs_observation = observe_always or getattr(agent, "needs_observation", True)
        self.decisions = 0

    def reset(self, seat: int, seed: int) -> None:
        self.agent.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        assert type(observation) is dict and type(legal) is list
        self.before()
        action = self.agent.act(observation, legal)
        self.check(observation, legal, action)
        self.decisions += 1
        return action

    def before(self) -> None:
        """Called before each decision (e.g. to check the game's invariants)."""

    def check(self, observation: dict[str, Any], legal: Sequence[Any], action: Any) -> None:
        assert action in legal, f"{action} is not among the legal actions {legal}"


def seated(kinds: Sequence[str], players: int, seed: int, make: Callable[[str, int], Agent]) -> list[Agent]:
    """One agent a seat, of ``kinds[seat % len(kinds)]``, made by ``make(kind, seed)`` and reset to its
    seat, each seeded from the game seed (:func:`tabletop.agents.derive_seed`)."""
    agents = []
    for seat in range(players):
        agent = make(kinds[seat % len(kinds)], derive_seed(seed, seat))
        agent.reset(seat, derive_seed(seed, seat))
        agents.append(agent)
    return agents

"""Play a game between agents, giving each agent only what its seat may see.

Game-agnostic: a game is any object with ``over``, ``pending()``, ``legal_actions(seat)``,
``observe(seat)`` and ``apply(seat, action)``. The runner is the only code that touches the game;
an agent gets ``game.observe(seat)`` and a fresh list of ``game.legal_actions(seat)``, never the
game itself, so it cannot peek at secrets or change the game behind the rules' back.

When several seats must decide at once (Wallenstein's secret planning) the runner asks each of them
for one decision per pass, in ascending seat order, checking before each question that the seat is
still pending: the interleaving is deterministic and fair to every seat.

    game = wallenstein.new_game(players=4, seed=1)
    outcome = run(game, random_agents(4, seed=1))
    print(outcome.decisions, game.result())
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from tabletop.agents import Agent


class PlayableGame(Protocol):
    """What the runner needs of a game."""

    @property
    def over(self) -> bool: ...

    def pending(self) -> list[int]: ...

    def legal_actions(self, seat: int) -> list[Any]: ...

    def observe(self, seat: int | None = ...) -> dict[str, Any]: ...

    def apply(self, seat: int, action: Any) -> None: ...


G = TypeVar("G", bound=PlayableGame)

Agents = Sequence[Agent] | Mapping[int, Agent]
StepHook = Callable[[int, Any, int], None]
"""``on_step(seat, action, decision_number)``, called after each decision is applied (numbers from 1)."""


class StuckGame(RuntimeError):
    """The game is not over but nobody has anything to decide (or a decision limit was reached)."""


@dataclass
class Outcome(Generic[G]):
    """A finished run: the game and how many decisions the agents took (in all and per seat)."""

    game: G
    decisions: int = 0
    per_seat: dict[int, int] = field(default_factory=dict)


def _agent_for(agents: Agents, seat: int) -> Agent:
    try:
        return agents[seat]
    except (IndexError, KeyError):
        raise ValueError(f"no agent for seat {seat}") from None


def run(game: G, agents: Agents, on_step: StepHook | None = None, max_decisions: int | None = None) -> Outcome[G]:
    """Play ``game`` to its end with ``agents`` (indexed by seat); returns the game and decision counts."""
    outcome = Outcome(game)
    per_seat = outcome.per_seat
    n = 0
    while not game.over:
        pending = sorted(game.pending())
        if not pending:
            raise StuckGame("the game is not over but no seat has a decision to take")
        for seat in pending:
            if game.over or seat not in game.pending():
                continue  # an earlier decision of this pass settled it
            agent = _agent_for(agents, seat)
            legal = list(game.legal_actions(seat))  # a copy: the agent cannot alter the game's own list
            # An agent that declares it ignores observations (a random baseline) is spared their cost.
            seen = game.observe(seat) if getattr(agent, "needs_observation", True) else {}
            action = agent.act(seen, legal)
            game.apply(seat, action)
            n += 1
            per_seat[seat] = per_seat.get(seat, 0) + 1
            if on_step is not None:
                on_step(seat, action, n)
            if max_decisions is not None and n >= max_decisions and not game.over:
                outcome.decisions = n
                raise StuckGame(f"no end after {n} decisions")
    outcome.decisions = n
    return outcome


def play(game: G, agents: Agents, on_step: StepHook | None = None, max_decisions: int | None = None) -> G:
    """Play ``game`` to its end with ``agents`` (indexed by seat) and return it."""
    return run(game, agents, on_step, max_decisions).game


__all__ = ["Agents", "Outcome", "PlayableGame", "StepHook", "StuckGame", "play", "run"]

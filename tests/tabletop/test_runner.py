"""The runner: agents see only their observation and legal actions; games are reproducible."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

import wallenstein
from tabletop.agents import Agent, RandomAgent, derive_seed, random_agents
from tabletop.runner import StuckGame, play, run


class RecordingAgent:
    """Checks every call against the game it is given by the test (the runner never gives it one)."""

    def __init__(self, seat: int, seed: int, referee: wallenstein.Game) -> None:
        self.seat = seat
        self.referee = referee
        self.rng = random.Random(seed)
        self.calls = 0

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng.seed(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        self.calls += 1
        assert type(observation) is dict
        assert observation == self.referee.observe(self.seat)
        assert observation["seat"] == self.seat
        json.dumps(observation)  # plain data only: no game, no state object inside
        assert isinstance(legal, list)
        assert legal == self.referee.legal_actions(self.seat)
        assert legal is not self.referee.legal_actions(self.seat)  # a copy
        assert self.seat in self.referee.pending()
        choice = legal[self.rng.randrange(len(legal))]
        legal.clear()  # vandalism on the copy must not affect the game
        return choice


@pytest.mark.parametrize(("players", "setup"), [(3, "lineup"), (4, "draft"), (5, "lineup")])
def test_agents_receive_only_their_observation_and_legal_actions(players: int, setup: str) -> None:
    game = wallenstein.new_game(players=players, seed=11, setup=setup, log=False)
    agents = [RecordingAgent(p, 100 + p, game) for p in range(players)]
    outcome = run(game, agents)
    assert game.over
    assert outcome.decisions == sum(a.calls for a in agents) > 0
    assert outcome.per_seat == {p: a.calls for p, a in enumerate(agents)}


def test_random_agent_games_are_reproducible() -> None:
    def one(seed: int) -> wallenstein.Game:
        return play(wallenstein.new_game(players=4, seed=seed), random_agents(4, seed))

    a, b = one(3), one(3)
    assert a.history == b.history
    assert a.log == b.log
    assert a.result() == b.result()
    assert one(4).history != a.history


def test_agent_seeds_matter_and_reset_restarts_the_stream() -> None:
    game = wallenstein.new_game(players=3, seed=0)
    h1 = play(game, [RandomAgent(p, p) for p in range(3)]).history
    h2 = play(wallenstein.new_game(players=3, seed=0), [RandomAgent(p, p + 50) for p in range(3)]).history
    assert h1 != h2
    agent = RandomAgent(0, 9)
    first = [agent.act({}, list(range(100))) for _ in range(20)]
    agent.reset(0, 9)
    assert [agent.act({}, list(range(100))) for _ in range(20)] == first
    assert derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    assert derive_seed(1, 0) == 7137291122460527508  # stable across processes: golden games rely on it


def test_random_agent_is_an_agent_and_refuses_an_empty_choice() -> None:
    assert isinstance(RandomAgent(), Agent)
    with pytest.raises(ValueError, match="no legal action"):
        RandomAgent().act({}, [])


def test_decisions_are_counted_and_match_the_history() -> None:
    steps: list[tuple[int, Any, int]] = []
    game = wallenstein.new_game(players=4, seed=5)
    outcome = run(game, random_agents(4, 5), on_step=lambda seat, action, n: steps.append((seat, action, n)))
    decisions = [entry for entry in game.history if "seat" in entry]
    assert outcome.decisions == len(decisions) == len(steps)
    assert [n for _, _, n in steps] == list(range(1, len(steps) + 1))
    assert [(seat, action.to_json()) for seat, action, _ in steps] == [(d["seat"], d["action"]) for d in decisions]
    assert sum(outcome.per_seat.values()) == outcome.decisions


def test_simultaneous_planning_asks_seats_in_ascending_order() -> None:
    seats: list[int] = []
    game = wallenstein.new_game(players=4, seed=2)
    play(game, random_agents(4, 2), on_step=lambda seat, action, n: seats.append(seat))
    # The first planning: 11 boxes per seat, asked one box per seat per pass, seats in order.
    assert seats[:44] == [0, 1, 2, 3] * 11


class ToyGame:
    """Not Wallenstein: each round both seats name a number at once; three rounds."""

    def __init__(self) -> None:
        self.round = 0
        self.moves: dict[int, int] = {}
        self.trace: list[tuple[int, int]] = []

    @property
    def over(self) -> bool:
        return self.round == 3

    def pending(self) -> list[int]:
        return [] if self.over else [s for s in (1, 0) if s not in self.moves]

    def legal_actions(self, seat: int) -> list[int]:
        return [1, 2, 3] if seat in self.pending() else []

    def observe(self, seat: int | None = None) -> dict[str, Any]:
        return {"round": self.round, "seat": seat}

    def apply(self, seat: int, action: int) -> None:
        assert seat in self.pending() and action in (1, 2, 3)
        self.moves[seat] = action
        self.trace.append((seat, action))
        if len(self.moves) == 2:
            self.round += 1
            self.moves = {}


def test_the_runner_is_game_agnostic() -> None:
    game = ToyGame()
    outcome = run(game, {0: RandomAgent(0, 1), 1: RandomAgent(1, 2)})
    assert game.over and outcome.decisions == 6
    assert [seat for seat, _ in game.trace] == [0, 1] * 3  # ascending, though pending() lists 1 first


def test_the_runner_reports_a_stuck_game_and_a_missing_agent() -> None:
    class Stuck(ToyGame):
        def pending(self) -> list[int]:
            return []

    with pytest.raises(StuckGame):
        play(Stuck(), [RandomAgent(0), RandomAgent(1)])
    with pytest.raises(ValueError, match="no agent for seat 1"):
        play(ToyGame(), [RandomAgent(0)])
    with pytest.raises(StuckGame):
        play(wallenstein.new_game(players=3, seed=0), random_agents(3, 0), max_decisions=10)


def test_agents_that_ignore_observations_are_given_none() -> None:
    """RandomAgent declares needs_observation = False: the runner skips building observations for it."""
    import wallenstein
    from tabletop.agents import RandomAgent
    from tabletop.runner import run

    seen: list[dict[str, Any]] = []

    class Spy(RandomAgent):
        def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
            seen.append(observation)
            return super().act(observation, legal)

    game = wallenstein.new_game(players=3, seed=2, log=False)
    run(game, [Spy(s, s) for s in range(3)], max_decisions=50_000)
    assert seen and all(obs == {} for obs in seen)

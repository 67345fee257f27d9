"""League of Six bots play legal, reproducible games (random, heuristic, search)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

import league_of_six
from league_of_six.actions import Action
from league_of_six.bots import BOT_KINDS, make_agent
from league_of_six.invariants import check
from tabletop.agents import Agent, derive_seed
from tabletop.errors import IllegalAction
from tabletop.runner import run

SMALL_SEARCH = {"simulations": 6, "candidates": 3}
# Tiny budgets per search bot kind: these tests check behaviour, not strength.
SMALL: dict[str, dict[str, Any]] = {"search": SMALL_SEARCH, "ismcts": {"simulations": 6, "candidates": 3, "worlds": 2}}
# The head-to-head configuration (research/journal.md, League of Six, fifth round): learned evaluation, quick roll-out.
LEARNED = {"simulations": 8, "candidates": 3, "worlds": 2, "root": "halving", "confidence": 0, "expand": 2}
SMALL["ismcts-learned"] = {**LEARNED, "evaluation": "learned", "rollout": "quick"}
# The sixth round's budget allocation: clear decisions stop early, close ones spend the savings.
SMALL["ismcts-carry"] = {**SMALL["ismcts-learned"], "simulations": 24, "stop": 0.5, "carry": 2}
# The seventh round's bank in engine steps (what the unspent simulations would have cost).
SMALL["ismcts-steps"] = {**SMALL["ismcts-carry"], "bank": "steps"}


class Checked:
    """Wraps an agent: it must get a plain dict and list, and answer one of the legal actions."""

    def __init__(self, agent: Agent, game: league_of_six.Game) -> None:
        self.agent = agent
        self.game = game  # only to check the answer here, never passed to the agent
        self.needs_observation = getattr(agent, "needs_observation", True)
        self.decisions = 0

    def reset(self, seat: int, seed: int) -> None:
        self.agent.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        assert type(observation) is dict and type(legal) is list
        action: Action = self.agent.act(observation, legal)  # a generic Agent: its answer is checked below
        assert action in legal, f"{action} is not among the legal actions {legal}"
        self.decisions += 1
        check(self.game)
        return action


def _play(kinds: Sequence[str], seed: int, players: int, sides: str = "white") -> league_of_six.Game:
    g = league_of_six.new_game(players=players, seed=seed, sides=sides, log=False)
    agents = []
    for seat in range(players):
        kind = kinds[seat % len(kinds)]
        a = make_agent(kind.split("-")[0], derive_seed(seed, seat), **SMALL.get(kind, {}))
        a.reset(seat, derive_seed(seed, seat))
        agents.append(Checked(a, g))
    run(g, agents)
    check(g)
    return g


@pytest.mark.parametrize("chunk", range(3))
def test_heuristic_plays_only_legal_actions(chunk: int) -> None:
    for i in range(chunk * 20, chunk * 20 + 20):
        players = 3 + i % 3
        kinds = ["heuristic", "random"] if i % 2 else ["heuristic"]
        g = _play(kinds, seed=i, players=players, sides="yellow" if i % 4 == 1 else "white")
        assert g.over


def test_search_plays_only_legal_actions() -> None:
    for i, players in enumerate((3, 4, 5)):
        g = _play(["search", "heuristic", "random"], seed=70 + i, players=players)
        assert g.over


def test_heuristic_beats_random_players() -> None:
    wins = 0
    for i in range(12):
        g = league_of_six.new_game(players=4, seed=200 + i, log=False)
        kinds = ["random"] * 4
        kinds[i % 4] = "heuristic"
        agents = [make_agent(k, derive_seed(200 + i, s)) for s, k in enumerate(kinds)]
        for s, a in enumerate(agents):
            a.reset(s, derive_seed(200 + i, s))
        run(g, agents)
        wins += (i % 4) in g.result()["winners"]
    assert wins >= 9  # parity would be 3 of 12


@pytest.mark.parametrize("kind", ["heuristic", "search", "ismcts", "ismcts-learned", "ismcts-carry", "ismcts-steps"])
def test_same_seed_same_game(kind: str) -> None:
    histories = []
    for _ in range(2):
        g = league_of_six.new_game(players=4, seed=9, log=False)
        options = SMALL.get(kind, {})
        agents = [make_agent(kind.split("-")[0], 100, **options)] + [
            make_agent("heuristic", 100 + s) for s in range(1, 4)
        ]
        for s, a in enumerate(agents):
            a.reset(s, 100 + s)
        while not g.over and g.s.round <= 2:
            seat = g.pending()[0]
            g.apply(seat, agents[seat].act(g.observe(seat), list(g.legal_actions(seat))))
        histories.append(json.dumps(g.history))
    assert histories[0] == histories[1]


def test_make_agent_rejects_unknown_kinds_and_options() -> None:
    assert set(BOT_KINDS) == {"random", "heuristic", "search", "ismcts", "ppo", "learned"}
    with pytest.raises(IllegalAction, match="unknown bot kind"):
        make_agent("oracle", 1)
    with pytest.raises(IllegalAction, match="bad options"):
        make_agent("search", 1, depth=3)
    with pytest.raises(IllegalAction, match="bad options"):
        make_agent("search", 1, simulations=0)
    with pytest.raises(IllegalAction):
        make_agent("random", 1, noise=1)


def test_bots_need_a_users_component_set_to_be_given(tmp_path: Any) -> None:
    data = json.loads(json.dumps(league_of_six.standin().source))
    data["standin"] = False
    data["name"] = "My printed set"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    g = league_of_six.new_game(players=3, seed=4, components=path, log=False)
    seat = g.pending()[0]
    with pytest.raises(ValueError, match="give it to the bot"):
        make_agent("heuristic", 1).act(g.observe(seat), g.legal_actions(seat))
    agents = [make_agent("heuristic", s, components=path) for s in range(3)]
    for s, a in enumerate(agents):
        a.reset(s, s)
    run(g, agents)
    assert g.over

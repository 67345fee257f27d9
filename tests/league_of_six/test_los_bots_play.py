"""League of Six bots play legal, reproducible games (random, heuristic, search)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

import league_of_six
from league_of_six.bots import make_agent
from league_of_six.invariants import check
from tabletop.agents import Agent, derive_seed
from tabletop.runner import run
from tabletop.testing import CheckedAgent, seated

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


class Checked(CheckedAgent):
    """A legal answer to a plain dict and list, and the game's invariants hold after it."""

    def check(self, observation: dict[str, Any], legal: Sequence[Any], action: Any) -> None:
        super().check(observation, legal, action)
        check(self.game)


def _play(kinds: Sequence[str], seed: int, players: int, sides: str = "white") -> league_of_six.Game:
    g = league_of_six.new_game(players=players, seed=seed, sides=sides, log=False)

    def make(kind: str, agent_seed: int) -> Agent:
        return make_agent(kind.split("-")[0], agent_seed, **SMALL.get(kind, {}))

    run(g, [Checked(a, g) for a in seated(kinds, players, seed, make)])
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

"""The ismcts bot: legal, reproducible, sees only its observation, plays every edition and module
set to the end, and beats random players (tiny budgets: these tests check behaviour, not strength)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from test_bots_play import _twin_with_other_secrets

import wallenstein
from tabletop.agents import Agent, derive_seed
from tabletop.errors import IllegalAction
from tabletop.runner import run
from tabletop.tournament import tournament
from wallenstein.actions import Action
from wallenstein.bots import BOT_KINDS, make_agent
from wallenstein.bots.ismcts import IsmctsAgent
from wallenstein.bots.tournament import WallensteinTournament
from wallenstein.edition2002 import PLAN_START
from wallenstein.invariants import check

TINY = {"simulations": 6, "candidates": 3, "model": 2, "worlds": 2}


class Checked:
    """Asserts the bot gets only a dict and a list and answers a decision the game accepts."""

    def __init__(self, agent: Agent, game: wallenstein.Game) -> None:
        self.agent = agent
        self.game = game  # only to check legality here, never passed to the agent
        self.decisions = 0

    def reset(self, seat: int, seed: int) -> None:
        self.agent.reset(seat, seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        assert type(observation) is dict and type(legal) is list
        action = self.agent.act(observation, legal)
        seat = observation["seat"]
        if action.kind == "plan":
            g = self.game
            assert g.phase == "planning" and g.s.plan_fill[seat] == (PLAN_START if g.is2002 else 0)
            g._check_plan(g, seat, action.cards)  # raises IllegalAction if not legal
        else:
            assert action in legal, f"{action} is not among the legal actions"
        self.decisions += 1
        return action


GAMES = [
    ("2012", (), "lineup", 4),
    ("2012", (), "draft", 3),
    ("2002", (), "lineup", 4),
    ("2012", ("emperors_court",), "lineup", 4),
    ("2012", ("landsknechte",), "lineup", 5),
    ("2012", ("military_leaders",), "draft", 4),
    ("2012", ("emperors_court", "landsknechte", "military_leaders"), "lineup", 3),
]


@pytest.mark.parametrize(("edition", "modules", "setup", "players"), GAMES)
def test_plays_every_edition_and_module_set_to_the_end(
    edition: str, modules: tuple[str, ...], setup: str, players: int
) -> None:
    seed = 60 + players
    g = wallenstein.new_game(players=players, seed=seed, edition=edition, modules=modules, setup=setup, log=False)
    kinds = ["ismcts", "heuristic", "random"]
    agents = []
    for seat in range(players):
        kind = kinds[seat % len(kinds)]
        a = make_agent(kind, derive_seed(seed, seat), **(TINY if kind == "ismcts" else {}))
        a.reset(seat, derive_seed(seed, seat))
        agents.append(Checked(a, g))
    run(g, agents)
    check(g)
    assert g.over and agents[0].decisions > 10


def test_same_seed_same_game() -> None:
    histories = []
    for _ in range(2):
        g = wallenstein.new_game(players=4, seed=9, log=False)
        agents = [make_agent("ismcts", 100, **TINY)] + [make_agent("heuristic", 100 + s) for s in range(1, 4)]
        for s, a in enumerate(agents):
            a.reset(s, 100 + s)
        decisions = 0
        while not g.over and g.s.year == 1 and decisions < 50:
            seat = sorted(g.pending())[0]
            g.apply(seat, agents[seat].act(g.observe(seat), list(g.legal_actions(seat))))
            decisions += 1
        histories.append(json.dumps(g.history))
    assert histories[0] == histories[1]


def test_decisions_depend_only_on_what_the_seat_sees() -> None:
    rng = random.Random(11)
    g = wallenstein.new_game(players=4, seed=21, log=False)
    checked = steps = 0
    while not g.over and checked < 6:
        steps += 1
        seat = sorted(g.pending())[0]
        legal = list(g.legal_actions(seat))
        if len(legal) > 1 and steps % 3 == 0:
            twin = _twin_with_other_secrets(g, seat, rng)
            a1, a2 = make_agent("ismcts", 5, **TINY), make_agent("ismcts", 5, **TINY)
            a1.reset(seat, 5)
            a2.reset(seat, 5)
            assert a1.act(g.observe(seat), legal) == a2.act(twin.observe(seat), list(twin.legal_actions(seat)))
            checked += 1
        g.apply(seat, legal[rng.randrange(len(legal))])
    assert checked == 6


def test_budget_options_and_bad_options() -> None:
    assert "ismcts" in BOT_KINDS
    g = wallenstein.new_game(players=4, seed=3, log=False)
    bot = IsmctsAgent(0, 1, simulations=9, worlds=3)
    bot.act(g.observe(0), g.legal_actions(0))
    assert bot.simulated == 9
    slow = IsmctsAgent(0, 1, simulations=100_000, max_seconds=0.05)
    slow.act(g.observe(0), g.legal_actions(0))
    assert 1 <= slow.simulated < 100_000
    for bad in ({"simulations": 0}, {"horizon": "decade"}, {"worlds": 0}, {"max_seconds": -1}, {"depth": 2}):
        with pytest.raises(IllegalAction, match="bad options"):
            make_agent("ismcts", 1, **bad)


def test_small_tournament_against_random_players() -> None:
    spec = WallensteinTournament()
    name = "ismcts:simulations=8:candidates=3:model=2:worlds=2"
    report = tournament(spec, [name, "random", "random", "random"], games=4, seed=0)
    row = report.summary()[name]
    assert row["win_rate"] >= 0.75
    assert row["mean_vp"] > report.summary()["random"]["mean_vp"]

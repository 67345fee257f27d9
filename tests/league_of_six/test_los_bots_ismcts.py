"""The League of Six ismcts bot: legal, reproducible, sees only its observation and memory, plays
every player count to the end and beats random players (tiny budgets: behaviour, not strength)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from test_los_bots_observation import _twin
from test_los_bots_play import Checked

import league_of_six
from league_of_six.bots import make_agent
from league_of_six.bots.ismcts import IsmctsAgent
from league_of_six.bots.tournament import LEAGUE
from league_of_six.invariants import check
from tabletop.agents import Agent, derive_seed
from tabletop.errors import IllegalAction
from tabletop.runner import run
from tabletop.tournament import tournament

TINY = {"simulations": 6, "candidates": 3, "worlds": 2}


@pytest.mark.parametrize(("players", "sides"), [(3, "white"), (4, "yellow"), (5, "white")])
def test_plays_to_the_end_with_only_legal_decisions(players: int, sides: str) -> None:
    seed = 70 + players
    g = league_of_six.new_game(players=players, seed=seed, sides=sides, log=False)
    kinds = ["ismcts", "heuristic", "random"]
    agents = []
    for seat in range(players):
        kind = kinds[seat % 3]
        a = make_agent(kind, derive_seed(seed, seat), **(TINY if kind == "ismcts" else {}))
        a.reset(seat, derive_seed(seed, seat))
        agents.append(Checked(a, g))
    run(g, agents)
    check(g)
    assert g.over and agents[0].decisions > 10


def test_same_seed_same_game() -> None:
    histories = []
    for _ in range(2):
        g = league_of_six.new_game(players=4, seed=9, log=False)
        agents = [make_agent("ismcts", 100, **TINY)] + [make_agent("heuristic", 100 + s) for s in range(1, 4)]
        for s, a in enumerate(agents):
            a.reset(s, 100 + s)
        run(g, agents)
        histories.append(json.dumps(g.history))
    assert histories[0] == histories[1]


def test_decisions_depend_only_on_what_the_seat_sees() -> None:
    rng = random.Random(11)
    g = league_of_six.new_game(players=4, seed=21, log=False)
    bot: Agent = make_agent("ismcts", 5, **TINY)
    bot.reset(0, 5)
    checked = 0
    while not g.over:
        seat = g.pending()[0]
        legal = list(g.legal_actions(seat))
        if seat == 0:
            other = copy.deepcopy(bot)  # the same memory so far: one sees this game, one its twin
            twin = _twin(g, 0)
            mine = bot.act(g.observe(0), legal)
            assert other.act(twin.observe(0), list(twin.legal_actions(0))) == mine
            checked += 1
            g.apply(0, mine)
        else:
            g.apply(seat, legal[rng.randrange(len(legal))])
    assert checked >= 15


def test_budget_options_and_bad_options() -> None:
    g = league_of_six.new_game(players=4, seed=3, log=False)
    seat = g.pending()[0]
    bot = IsmctsAgent(seat, 1, simulations=9, worlds=3)
    bot.reset(seat, 1)
    assert bot.act(g.observe(seat), list(g.legal_actions(seat))) in g.legal_actions(seat)
    assert bot.simulated == 9
    for bad in ({"simulations": 0}, {"horizon": "week"}, {"candidates": 0}, {"max_seconds": 0}, {"depth": 2}):
        with pytest.raises(IllegalAction, match="bad options"):
            make_agent("ismcts", 1, **bad)


def test_small_tournament_against_random_players() -> None:
    name = "ismcts:simulations=8:candidates=3:worlds=2"
    report = tournament(LEAGUE, [name, "random", "random", "random"], games=4, seed=0)
    summary = report.summary()
    assert summary[name]["win_rate"] >= 0.75
    assert summary[name]["mean_vp"] > summary["random"]["mean_vp"]

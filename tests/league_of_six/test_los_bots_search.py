"""The League of Six search bot: its budget, its candidates and its evaluation."""

from __future__ import annotations

import random
from typing import Any

import league_of_six
from league_of_six.bots.heuristic import HeuristicAgent
from league_of_six.bots.search import SearchAgent, evaluate
from league_of_six.state import CHOOSE, ROTATE, STORE


def _positions(seed: int, count: int) -> list[league_of_six.Game]:
    """Games at decisions of the phases the search works on, reached by heuristic play."""
    g = league_of_six.new_game(players=4, seed=seed, log=False)
    agents = [HeuristicAgent(p, p) for p in range(4)]
    out: list[Any] = []
    while not g.over and len(out) < count:
        seat = g.pending()[0]
        if g.s.phase in (CHOOSE, ROTATE, STORE) and len(g.legal_actions(seat)) > 2:
            out.append(g.clone())
        g.apply(seat, agents[seat].act(g.observe(seat), list(g.legal_actions(seat))))
    return out


def test_simulation_budget_is_respected() -> None:
    for budget in (1, 7, 40):
        for g in _positions(3, 6):
            seat = g.pending()[0]
            bot = SearchAgent(seat, 11, simulations=budget, candidates=4)
            bot.reset(seat, 11)
            legal = list(g.legal_actions(seat))
            action = bot.act(g.observe(seat), legal)
            assert action in legal
            # Every candidate gets at least one simulation; beyond that the budget holds.
            assert 1 <= bot.simulated <= max(budget, min(4, len(legal)))
            if budget == 40:
                assert bot.simulated >= 30  # the budget is spent, not wasted


def test_a_time_budget_stops_a_decision_early() -> None:
    g = _positions(5, 1)[0]
    seat = g.pending()[0]
    bot = SearchAgent(seat, 2, simulations=10_000, max_seconds=1e-9, candidates=4)
    bot.reset(seat, 2)
    assert bot.act(g.observe(seat), list(g.legal_actions(seat))) in g.legal_actions(seat)
    assert bot.simulated <= 4  # one sampled world for the candidates, then out of time


def test_same_seed_same_decision_different_seed_may_differ() -> None:
    for g in _positions(8, 4):
        seat = g.pending()[0]
        obs, legal = g.observe(seat), list(g.legal_actions(seat))
        picks = []
        for _ in range(2):
            bot = SearchAgent(seat, 99, simulations=12)
            bot.reset(seat, 99)
            picks.append(bot.act(obs, legal))
        assert picks[0] == picks[1]


def test_evaluation_prefers_the_leader_and_counts_the_win() -> None:
    g = league_of_six.new_game(players=3, seed=1, log=False)
    rng = random.Random(0)
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    winner = g.result()["winners"][0]
    loser = next(p for p in range(3) if p not in g.result()["winners"])
    assert evaluate(g, winner) > 0 > evaluate(g, loser)
    assert evaluate(g, winner) >= 10.0

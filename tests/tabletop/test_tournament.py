"""Tournaments: seat rotation, confidence intervals, ratings, reproducibility, the CLI's JSON."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

import pytest
from pick_game import PickRules

from tabletop.agents import Agent, RandomAgent
from tabletop.errors import IllegalAction
from tabletop.testing import cli_runner
from tabletop.tournament import bradley_terry, parse_agent, seating, tournament, wilson
from wallenstein.bots.tournament import WALLENSTEIN
from wallenstein.cli import app

runner = cli_runner()


# ---------------------------------------------------------------------------- the toy game's bots (pick_game.py)
class Fixed:
    def __init__(self, which: int) -> None:
        self.which = which

    def reset(self, seat: int, seed: int) -> None:
        pass

    def act(self, observation: dict[str, Any], legal: Sequence[int]) -> int:
        return legal[self.which]


class PickTournament(PickRules):
    choices = range(4)

    def make_agent(self, name: str, seed: int) -> Agent:
        kind, _options = parse_agent(name)
        if kind == "high":
            return Fixed(-1)
        if kind == "low":
            return Fixed(0)
        if kind == "random":
            return RandomAgent(0, seed)
        raise IllegalAction(f"unknown agent {name!r}")


# ---------------------------------------------------------------------------- maths
def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(40, 100)
    assert lo == pytest.approx(0.3094, abs=1e-4) and hi == pytest.approx(0.4980, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_bradley_terry_ratings() -> None:
    even = bradley_terry(["a", "b"], [("a", "b", 1.0), ("a", "b", 0.0)] * 5)
    assert even["a"] == pytest.approx(1500) and even["b"] == pytest.approx(1500)
    # 30 wins to 10 plus one virtual draw: the MLE odds are 30.5 / 10.5.
    r = bradley_terry(["a", "b"], [("a", "b", 1.0)] * 30 + [("a", "b", 0.0)] * 10)
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(30.5 / 10.5), abs=0.5)
    assert (r["a"] + r["b"]) / 2 == pytest.approx(1500)
    sweep = bradley_terry(["a", "b"], [("a", "b", 1.0)] * 10)
    assert math.isfinite(sweep["a"]) and sweep["a"] > sweep["b"]


def test_seats_rotate() -> None:
    agents = ["x", "y", "y", "z"]
    assert seating(agents, 0) == ("x", "y", "y", "z")
    assert seating(agents, 1) == ("y", "y", "z", "x")
    seats_of_x = {seating(agents, i).index("x") for i in range(4)}
    assert seats_of_x == {0, 1, 2, 3}


def test_parse_agent_options() -> None:
    assert parse_agent("search:simulations=20:max_seconds=0.5:horizon=season") == (
        "search",
        {"simulations": 20, "max_seconds": 0.5, "horizon": "season"},
    )
    with pytest.raises(IllegalAction):
        parse_agent("search:simulations")
    with pytest.raises(IllegalAction):
        parse_agent(":x=1")


# ---------------------------------------------------------------------------- tournaments
def test_toy_tournament_summary() -> None:
    report = tournament(PickTournament(), ["high", "low", "low"], games=6, seed=3)
    summary = report.summary()
    assert set(summary) == {"high", "low"}
    assert summary["high"]["win_rate"] == 1.0 and summary["low"]["win_rate"] == 0.0
    assert summary["high"]["mean_vp"] == 3.0 and summary["low"]["mean_vp"] == 0.0
    assert summary["high"]["rating"] > 1500 > summary["low"]["rating"]
    lo, hi = summary["high"]["ci95"]
    assert (lo, hi) == (pytest.approx(wilson(6, 6)[0], abs=1e-4), 1.0)
    assert [r.names.index("high") for r in report.records] == [0, 2, 1, 0, 2, 1]


def test_shared_wins_count_fractionally() -> None:
    summary = tournament(PickTournament(), ["high", "high", "low"], games=3).summary()
    assert summary["high"]["win_rate"] == pytest.approx(0.5)  # every game: two highs share the win


def test_results_do_not_depend_on_the_worker_count() -> None:
    agents = ["heuristic", "random", "random"]
    one = tournament(WALLENSTEIN, agents, games=3, seed=11, workers=1)
    two = tournament(WALLENSTEIN, agents, games=3, seed=11, workers=2)
    assert [(r.names, r.keys, r.winners, r.decisions) for r in one.records] == [
        (r.names, r.keys, r.winners, r.decisions) for r in two.records
    ]
    strip = [{k: v for k, v in row.items() if k != "ms_per_decision"} for row in one.summary().values()]
    assert strip == [{k: v for k, v in row.items() if k != "ms_per_decision"} for row in two.summary().values()]


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(IllegalAction, match="unknown bot kind"):
        tournament(WALLENSTEIN, ["heuristic", "nobody", "random"], games=1)
    with pytest.raises(IllegalAction):
        tournament(WALLENSTEIN, ["heuristic", "random", "random"], games=0)


# ---------------------------------------------------------------------------- the command
def test_cli_json_shape() -> None:
    result = runner.invoke(app, ["tournament", "--agents", "heuristic,random,random", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == ["agents"]
    assert set(data["agents"]) == {"heuristic", "random"}
    for row in data["agents"].values():
        assert list(row) == ["win_rate", "ci95", "mean_vp", "rating", "ms_per_decision"]
        assert 0.0 <= row["ci95"][0] <= row["win_rate"] <= row["ci95"][1] <= 1.0
        assert row["ms_per_decision"] >= 0.0
    rates = data["agents"]
    assert rates["heuristic"]["win_rate"] + 2 * rates["random"]["win_rate"] == pytest.approx(1.0)


def test_cli_table_and_errors() -> None:
    result = runner.invoke(app, ["tournament", "--agents", "heuristic,random,random", "--games", "2", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.stdout and "95% CI" in result.stdout
    bad = runner.invoke(app, ["tournament", "--agents", "heuristic,random", "--games", "2"])
    assert bad.exit_code == 2 and "3 to 5 players" in bad.output
    unknown = runner.invoke(app, ["tournament", "--agents", "heuristic,random,oracle", "--games", "2"])
    assert unknown.exit_code == 2 and "unknown bot kind" in unknown.output

"""`league-of-six tournament`: the JSON shape of issue 5, clear errors, and results that do not depend
on the number of worker processes."""

import json
from typing import Any

from typer.testing import CliRunner

from league_of_six.cli import app

runner = CliRunner()


def _run(*args: str) -> dict[str, dict[str, Any]]:
    result = runner.invoke(app, ["tournament", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["agents"]  # type: ignore[no-any-return]


def test_json_has_the_issue_shape_and_the_heuristic_beats_random() -> None:
    agents = _run("--agents", "heuristic,random,random", "--games", "3", "--seed", "5")
    assert sorted(agents) == ["heuristic", "random"]
    for row in agents.values():
        assert sorted(row) == ["ci95", "mean_vp", "ms_per_decision", "rating", "win_rate"]
        lo, hi = row["ci95"]
        assert 0 <= lo <= row["win_rate"] <= hi <= 1
    assert agents["heuristic"]["mean_vp"] > agents["random"]["mean_vp"]


def test_worker_count_does_not_change_the_results() -> None:
    args = ("--agents", "heuristic,random,random", "--games", "3", "--seed", "9")
    one, two = _run(*args, "--workers", "1"), _run(*args, "--workers", "2")
    for name in one:
        for key in ("win_rate", "ci95", "mean_vp", "rating"):
            assert one[name][key] == two[name][key]


def test_bad_agents_are_reported() -> None:
    for agents in ("heuristic,dragon,random", "heuristic,random", "random:depth=3,random,random"):
        result = runner.invoke(app, ["tournament", "--agents", agents, "--games", "1"])
        assert result.exit_code == 2 and "Error:" in result.output

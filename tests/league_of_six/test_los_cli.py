"""The ``league-of-six`` command line, through Typer's CliRunner."""

from __future__ import annotations

from pathlib import Path

import pytest

import league_of_six
from league_of_six.cli import app
from tabletop.testing import cli_runner, invoke_json, random_tally

runner = cli_runner()
EXAMPLES = Path(__file__).resolve().parent / "los_examples_components.json"
GOLDEN = Path(__file__).resolve().parents[1] / "golden_los"


def simulate_json(*args: str) -> dict[str, object]:
    return invoke_json(app, ["simulate", "--json", "--quiet", *args])


def test_simulate_json_matches_games_played_through_the_runner() -> None:
    data = simulate_json("--games", "3", "--players", "5", "--seed", "20")

    def make(game_seed: int) -> league_of_six.Game:
        return league_of_six.new_game(players=5, seed=game_seed, log=False)

    wins, influence, decisions = random_tally(make, 5, 20, 3, "influence")
    assert data["wins"] == pytest.approx(wins)
    assert data["mean_influence"] == pytest.approx(influence)
    assert data["decisions"] == decisions
    assert data["components"] == {"name": league_of_six.standin().name, "set": "stand-in set", "standin": True}


def test_simulate_table_says_stand_in_unless_a_file_is_given() -> None:
    result = runner.invoke(app, ["simulate", "--games", "2", "--players", "3", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "stand-in set" in result.stdout and "Red" in result.stdout
    own = simulate_json("--games", "2", "--components", str(EXAMPLES))
    assert own["components"]["set"] != "stand-in set"  # type: ignore[index]


def test_watch_prints_the_golden_narration_of_the_same_game() -> None:
    result = runner.invoke(app, ["watch", "--seed", "1", "--players", "4"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (GOLDEN / "league_of_six_p4_seed1.txt").read_text(encoding="utf-8")


def test_watch_saves_a_history_that_narrate_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    watched = runner.invoke(app, ["watch", "--seed", "4", "--players", "3", "--history", str(path)])
    assert watched.exit_code == 0, watched.output
    told = runner.invoke(app, ["narrate", str(path)])
    assert told.exit_code == 0 and told.stdout == watched.stdout


def test_bad_components_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "league-of-six-components"}', encoding="utf-8")
    result = runner.invoke(app, ["watch", "--components", str(bad)])
    assert result.exit_code == 2
    assert "missing field" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text("[", encoding="utf-8")
    assert runner.invoke(app, ["narrate", str(broken)]).exit_code == 2

"""The ``wallenstein`` command line, through Typer's CliRunner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import wallenstein
from tabletop.testing import cli_runner, invoke_json, random_tally
from wallenstein.cli import app

runner = cli_runner()
GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def simulate_json(*args: str) -> dict[str, object]:
    return invoke_json(app, ["simulate", "--json", "--quiet", *args])


def test_simulate_json_numbers_are_consistent() -> None:
    data = simulate_json("--games", "4", "--players", "3", "--seed", "7")
    games, players = 4, 3
    assert data["games"] == games and data["players"] == players and data["seed"] == 7
    assert data["setup"] == "lineup"
    wins, rates, vp = data["wins"], data["win_rate"], data["mean_vp"]
    assert isinstance(wins, list) and isinstance(rates, list) and isinstance(vp, list)
    assert len(wins) == len(rates) == len(vp) == len(data["mean_thalers"]) == players  # type: ignore[arg-type]
    assert sum(wins) == pytest.approx(games)
    assert sum(rates) == pytest.approx(1.0)
    assert all(v > 0 for v in vp)
    assert data["mean_decisions"] == pytest.approx(data["decisions"] / games)  # type: ignore[operator]
    assert data["games_per_s"] > 0 and data["decisions_per_s"] > 0  # type: ignore[operator]


def test_simulate_matches_games_played_directly_and_is_reproducible() -> None:
    data = simulate_json("--games", "3", "--players", "4", "--seed", "20", "--setup", "draft")

    def make(game_seed: int) -> wallenstein.Game:
        return wallenstein.new_game(players=4, seed=game_seed, setup="draft", log=False)

    wins, vp, decisions = random_tally(make, 4, 20, 3, "vp")
    assert data["wins"] == pytest.approx(wins)
    assert data["mean_vp"] == pytest.approx(vp)
    assert data["decisions"] == decisions
    again = simulate_json("--games", "3", "--players", "4", "--seed", "20", "--setup", "draft")
    for key in ("wins", "mean_vp", "mean_thalers", "decisions", "shared_wins"):
        assert again[key] == data[key]


def test_simulate_prints_a_table() -> None:
    result = runner.invoke(app, ["simulate", "--games", "2", "--players", "5", "--seed", "1"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for word in ("Red", "Blue", "Yellow", "Purple", "Black", "Mean VP", "games/s", "decisions/s", "per game"):
        assert word in out
    assert "\x1b[" not in out  # not a terminal: no colour codes, no progress bar


def test_watch_narrates_a_whole_game() -> None:
    result = runner.invoke(app, ["watch", "--seed", "1", "--players", "4"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Winner:" in out or "Shared win:" in out
    assert " attacks " in out and "Into the tower" in out
    assert "=== Year 2 ===" in out and "Scoring, year 2:" in out
    # watch plays game 0 of `simulate --seed 1`, as the golden playthrough does
    assert out == (GOLDEN / "wallenstein_2012_p4_seed1.txt").read_text(encoding="utf-8")


def test_watch_draft_and_saved_history_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["watch", "--seed", "2", "--players", "4", "--setup", "draft", "--history", str(path)])
    assert result.exit_code == 0, result.output
    assert "claims" in result.stdout
    game = wallenstein.replay(json.loads(path.read_text(encoding="utf-8")))
    assert game.over
    again = runner.invoke(app, ["narrate", str(path)])
    assert again.exit_code == 0, again.output
    assert again.stdout == result.stdout


def test_narrate_a_golden_history() -> None:
    result = runner.invoke(app, ["narrate", str(GOLDEN / "wallenstein_2012_p3_seed1.history.json")])
    assert result.exit_code == 0, result.output
    assert result.stdout == (GOLDEN / "wallenstein_2012_p3_seed1.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["simulate", "--players", "7"], "--players"),
        (["simulate", "--players", "2", "--json"], "--players"),
        (["watch", "--players", "7"], "--players"),
        (["simulate", "--setup", "swiss"], "swiss"),
        (["watch", "--setup", "swiss"], "swiss"),
        (["simulate", "--games", "0"], "--games"),
        (["simulate", "--seed", "-1"], "--seed"),
        (["simulate", "--players", "four"], "--players"),
    ],
)
def test_bad_options_fail_with_a_message(args: list[str], needle: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    assert isinstance(result.exception, SystemExit)  # a clean exit, not a crash
    assert "Traceback" not in result.output
    assert needle in result.output
    assert "Invalid value" in result.output


def test_narrate_rejects_bad_files(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["narrate", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "Error: cannot read" in missing.output
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    result = runner.invoke(app, ["narrate", str(bad)])
    assert result.exit_code == 2 and "Error:" in result.output and "Traceback" not in result.output
    bad.write_text("{not json", encoding="utf-8")
    result = runner.invoke(app, ["narrate", str(bad)])
    assert result.exit_code == 2 and "not valid JSON" in result.output


def test_importing_the_engine_does_not_import_the_cli_libraries() -> None:
    code = (
        "import sys, wallenstein, wallenstein.narrate, tabletop.runner, tabletop.agents\n"
        "bad = sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'rich', 'click'})\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)

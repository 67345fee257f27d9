"""``watch --agents`` (any bot kind, with options) and ``narrate --row`` (a game of a results file)
in both games' command lines."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from league_of_six.cli import app as league_app
from wallenstein.cli import app as wallenstein_app

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None})


def test_watch_plays_any_agent_kind_with_options() -> None:
    plain = runner.invoke(wallenstein_app, ["watch", "--seed", "2", "--players", "3"])
    named = runner.invoke(wallenstein_app, ["watch", "--seed", "2", "--players", "3", "--agents", "random"])
    assert plain.exit_code == 0 and plain.output == named.output  # the default is the random agents
    mixed = ["watch", "--seed", "2", "--players", "3", "--agents", "ismcts:simulations=4:root=halving,heuristic,random"]
    first = runner.invoke(wallenstein_app, mixed)
    assert first.exit_code == 0, first.output
    assert "Game over" in first.output and first.output != plain.output
    assert runner.invoke(wallenstein_app, mixed).output == first.output  # seeded: the same game again
    league = runner.invoke(league_app, ["watch", "--seed", "1", "--players", "3", "--agents", "search:simulations=2"])
    assert league.exit_code == 0 and "Winner" in league.output


def test_watch_refuses_bad_agents_clearly() -> None:
    for args in (["--agents", "heuristic,random"], ["--agents", "ismcts:nope=1"], ["--agents", "nosuch"]):
        result = runner.invoke(wallenstein_app, ["watch", "--players", "3", *args])
        assert result.exit_code != 0 and "Error" in result.output and "Traceback" not in result.output, args
    missing = runner.invoke(league_app, ["watch", "--agents", "ppo:path=no-such-model.zip"])
    assert missing.exit_code != 0 and "no-such-model" in missing.output


def test_narrate_tells_a_game_of_a_results_file(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    played = runner.invoke(
        wallenstein_app,
        ["tournament", "--agents", "heuristic,random,random", "--games", "2", "--histories", "--out", str(out)],
    )
    assert played.exit_code == 0, played.output
    told = runner.invoke(wallenstein_app, ["narrate", str(out), "--row", "1"])
    assert told.exit_code == 0 and "Game over" in told.output
    assert runner.invoke(wallenstein_app, ["narrate", str(out), "--row", "5"]).exit_code != 0
    bare = tmp_path / "bare.jsonl"
    runner.invoke(league_app, ["tournament", "--agents", "random,random,random", "--games", "1", "--out", str(bare)])
    refused = runner.invoke(league_app, ["narrate", str(bare), "--row", "0"])
    assert refused.exit_code != 0 and "--histories" in refused.output

"""The fixed evaluation protocol (tabletop.evaluate) and its ``evaluate`` command in both games.

Kept cheap: the games here are between the random and heuristic bots (milliseconds each); the
ISMCTS reference's tables are only listed, not played."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from league_of_six.bots.tournament import LEAGUE
from league_of_six.cli import app as league_app
from tabletop.errors import IllegalAction
from tabletop.evaluate import (
    REFERENCES,
    SEED,
    EvalGame,
    Protocol,
    calibrate,
    evaluate,
    game_json,
    performance,
    read_games,
    summary,
)
from wallenstein.bots.tournament import WALLENSTEIN
from wallenstein.cli import app as wallenstein_app

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None})
CHEAP = Protocol(players=(3, 4), references=("random", "heuristic"))
RATINGS = {"random": 1000.0, "heuristic": 1700.0, "ismcts:simulations=50": 1800.0}


def _same(a: list[EvalGame], b: list[EvalGame]) -> bool:
    """Equal games apart from the measured CPU times."""
    strip = [replace(g, record=replace(g.record, seconds=())) for g in a]
    return strip == [replace(g, record=replace(g.record, seconds=())) for g in b]


def test_the_protocol_is_fixed_seeded_and_rotates_the_agents_seat() -> None:
    games = Protocol().games()
    assert len(games) == 3 * (3 + 4 + 5)  # every reference, every player count, each seat once
    tables = {t for t, _ in games}
    assert {(t.players, t.reference) for t in tables} == {(p, r) for p in (3, 4, 5) for r in REFERENCES}
    seeds = [t.seed + i for t, i in games]
    assert len(set(seeds)) == len(seeds) and min(seeds) >= SEED
    for table in tables:
        seats = {(-i) % table.players for t, i in games if t == table}
        assert seats == set(range(table.players))
    assert len(Protocol(quick=True).games()) == 9 and len(Protocol(rounds=2).games()) == 72


def test_bad_protocols_and_agents_fail_before_any_game() -> None:
    for bad in ({"rounds": 0}, {"players": (2,)}, {"references": ("search",)}, {"players": ()}):
        with pytest.raises(IllegalAction):
            Protocol(**bad)
    played: list[EvalGame] = []
    with pytest.raises(IllegalAction):
        evaluate(WALLENSTEIN, "nosuch", CHEAP, on_game=played.append)
    assert played == []


def test_the_same_agent_plays_the_same_games_and_a_resumed_run_plays_only_the_rest() -> None:
    first = evaluate(WALLENSTEIN, "heuristic", CHEAP)
    assert _same(first, evaluate(WALLENSTEIN, "heuristic", CHEAP))
    for g in first:
        assert g.record.names[g.seat] == "heuristic" and len(g.record.names) == g.table.players
    played: list[EvalGame] = []
    resumed = evaluate(WALLENSTEIN, "heuristic", CHEAP, done=first[:5], on_game=played.append)
    assert len(played) == len(first) - 5 and _same(resumed, first)
    assert _same(read_games(game_json(g) for g in first), first)


def test_summary_win_rates_parity_and_a_rating_that_orders_the_bots() -> None:
    heuristic = summary(evaluate(LEAGUE, "heuristic", CHEAP), RATINGS)
    random_bot = summary(evaluate(LEAGUE, "random", CHEAP), RATINGS)
    assert heuristic["all"]["games"] == 14 and set(heuristic["references"]) == {"random", "heuristic"}
    assert heuristic["references"]["random"]["win_rate"] > random_bot["references"]["random"]["win_rate"]
    assert heuristic["references"]["random"]["parity"] == pytest.approx((3 * (1 / 3) + 4 * (1 / 4)) / 7)
    lo, hi = heuristic["rating95"]
    assert lo <= heuristic["rating"] <= hi
    assert heuristic["rating"] > random_bot["rating"]
    assert heuristic["ms_per_decision"] > 0


def test_performance_rating_and_calibration() -> None:
    ratings = {"a": 1500.0, "b": 1700.0}
    assert performance([("a", 0.5), ("b", 0.5)], ratings) == pytest.approx(1600.0, abs=0.5)
    wins = performance([("a", 1.0)] * 10, ratings)
    losses = performance([("a", 0.0)] * 10, ratings)
    assert losses < 1500.0 < wins  # finite: the prior's virtual draw
    games = evaluate(WALLENSTEIN, "random", CHEAP) + evaluate(WALLENSTEIN, "heuristic", CHEAP)
    fitted = calibrate(games)
    assert fitted["random"] == 1000.0 and fitted["heuristic"] > 1200.0


def test_a_file_that_is_not_protocol_games_is_refused() -> None:
    with pytest.raises(IllegalAction, match="line 1"):
        read_games(['{"agent": "x"}'])


def test_evaluate_command_in_both_games(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["evaluate", "heuristic", "--quick", "--players", "3", "--against", "random,heuristic"]
    result = runner.invoke(wallenstein_app, [*args, "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    got = json.loads(result.output)
    assert got["all"]["games"] == 2 and got["protocol"]["quick"] is True
    assert len(out.read_text().splitlines()) == 2
    again = runner.invoke(wallenstein_app, [*args, "--out", str(out), "--json"])  # resumed: nothing to play
    assert json.loads(again.stdout)["all"] == got["all"] and len(out.read_text().splitlines()) == 2
    assert again.stderr == ""  # --json prints the result only
    said = runner.invoke(wallenstein_app, [*args, "--out", str(out)])
    assert f"All 2 games are already in {out}" in said.stderr
    other = runner.invoke(wallenstein_app, ["evaluate", "random", "--quick", "--players", "3", "--out", str(out)])
    assert other.exit_code != 0 and "another agent" in other.output
    table = runner.invoke(league_app, ["evaluate", "random", "--quick", "--players", "3", "--against", "random"])
    assert table.exit_code == 0 and "Rating" in table.output and "95% CI" in table.output


def test_evaluate_command_refuses_bad_input_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    for args in (["nosuch"], ["random", "--players", "2"], ["random", "--against", "search"], ["ismcts:bad=1"]):
        result = runner.invoke(wallenstein_app, ["evaluate", *args, "--quick", "--out", str(out)])
        assert result.exit_code != 0 and "Error" in result.output, args
    assert not out.exists() or out.read_text() == ""


def test_worker_processes_play_the_same_games() -> None:
    small = Protocol(quick=True, players=(3, 4), references=("random",))
    assert _same(evaluate(LEAGUE, "heuristic", small, workers=2), evaluate(LEAGUE, "heuristic", small))

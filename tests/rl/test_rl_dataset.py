"""Datasets of recorded games (tabletop.rl.dataset): written with Minari and read back, every step a
legal catalogue decision with the observation its seat had, whole plans as their plan cards, the same
rows giving the same dataset, and clear refusals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import league_of_six
import wallenstein
from league_of_six import rl as los_rl
from tabletop.agents import random_agents
from tabletop.errors import IllegalAction
from tabletop.results import Study, play_row
from tabletop.rl.dataset import game_episodes, load, row_episodes, write_minari
from tabletop.runner import run
from wallenstein import rl as w_rl
from wallenstein.bots.tournament import WallensteinTournament
from wallenstein.cli import app

pytest.importorskip("minari", reason="datasets need the [rl] extra (minari)")


def _rows(lineup: tuple[str, ...], games: int, seed: int = 4) -> list[dict[str, Any]]:
    study = Study(WallensteinTournament(), lineup, seed, games, facts=False, histories=True)
    return [play_row(study, i) for i in range(games)]


def test_a_dataset_is_written_and_read_back_with_minari(tmp_path: Path) -> None:
    rows = _rows(("heuristic", "random", "heuristic"), 2)
    episodes = list(row_episodes(w_rl.SPEC, wallenstein.Game.replay_steps, rows, "win"))
    written = write_minari(w_rl.SPEC, "wallenstein/test-v0", episodes, "two test games", tmp_path)
    data = load("wallenstein/test-v0", tmp_path)
    assert data.total_episodes == written.total_episodes == 6  # every seat of both games
    assert data.total_steps == sum(len(e.actions) for e in episodes)
    shares: dict[int, float] = {}
    for got, made in zip(data.iterate_episodes(), episodes, strict=True):
        n = len(made.actions)
        assert got.observations.shape == (n + 1, w_rl.SPEC.obs_size)
        assert np.array_equal(got.actions, made.actions)
        masks = got.infos["action_mask"]
        assert all(masks[t][a] == 1 for t, a in enumerate(got.actions))  # every decision was legal then
        assert set(got.infos["seat"]) == {made.seat}
        assert got.terminations[-1] and not got.terminations[:-1].any() and not got.truncations.any()
        assert not got.rewards[:-1].any()
        shares[made.seed] = shares.get(made.seed, 0.0) + float(got.rewards[-1])
    assert shares == pytest.approx({row["seed"]: 1.0 for row in rows})  # the win's shares add up per game


def test_the_observations_are_what_each_seat_saw_and_plans_are_their_cards() -> None:
    """Replaying the history step by step: each recorded vector is the environment's encoding of the
    seat's observation at that decision, and a bot's whole plan appears as its cards, box by box, in
    the order the engine asks for them."""
    (row,) = _rows(("heuristic", "heuristic", "heuristic"), 1, seed=9)
    history = row["history"]
    episodes = game_episodes(w_rl.SPEC, wallenstein.Game.replay_steps, history, row["seed"], "vp")
    game = wallenstein.Game.replay_steps(history).__next__()
    first_plan = next(e["action"] for e in history if e.get("seat") == 0 and e["action"]["type"] == "plan")
    cards = [w_rl.SPEC.catalogue.actions[i] for i in episodes[0].actions[: game.plan_size]]
    assert [a.kind for a in cards] == ["plan_card"] * game.plan_size
    assert [a.to_json()["card"] for a in cards[1:]] == list(first_plan["boxes"].values())
    assert cards[0].to_json()["card"] == first_plan["bid"]
    assert np.array_equal(episodes[0].observations[0], w_rl.SPEC.encode_seat(game, 0))
    assert sum(e.reward for e in episodes) == pytest.approx(0.0)  # "vp": margins are zero-sum


def test_the_same_rows_give_the_same_dataset_and_league_of_six_too() -> None:
    one = list(row_episodes(w_rl.SPEC, wallenstein.Game.replay_steps, _rows(("random",) * 3, 1), "win"))
    two = list(row_episodes(w_rl.SPEC, wallenstein.Game.replay_steps, _rows(("random",) * 3, 1), "win"))
    assert [e.actions for e in one] == [e.actions for e in two]
    assert all(
        np.array_equal(a, b)
        for x, y in zip(one, two, strict=True)
        for a, b in zip(x.observations, y.observations, strict=True)
    )
    g = league_of_six.new_game(players=3, seed=2, log=False)

    run(g, random_agents(3, 2))
    episodes = game_episodes(los_rl.SPEC, league_of_six.Game.replay_steps, g.history, 2, "win")
    assert sum(len(e.actions) for e in episodes) == sum(1 for e in g.history if "seat" in e)
    assert sum(e.reward for e in episodes) == pytest.approx(1.0)


def test_rows_without_histories_and_unfinished_games_are_refused() -> None:
    (row,) = _rows(("random",) * 3, 1)
    bare = {k: v for k, v in row.items() if k != "history"}
    with pytest.raises(IllegalAction, match="--histories"):
        list(row_episodes(w_rl.SPEC, wallenstein.Game.replay_steps, [bare], "win"))
    with pytest.raises(IllegalAction, match="before the end"):
        game_episodes(w_rl.SPEC, wallenstein.Game.replay_steps, row["history"][:40], row["seed"], "win")
    with pytest.raises(IllegalAction, match="reward"):
        game_episodes(w_rl.SPEC, wallenstein.Game.replay_steps, row["history"], row["seed"], "elo")


def test_the_command_line_keeps_histories_and_writes_the_dataset(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "games.jsonl"
    played = runner.invoke(app, ["simulate", "-n", "2", "-p", "3", "--out", str(out), "--histories", "-q"])
    assert played.exit_code == 0, played.output
    made = runner.invoke(app, ["dataset", str(out), "--id", "wallenstein/random-v0", "--path", str(tmp_path / "m")])
    assert made.exit_code == 0, made.output
    assert "wallenstein/random-v0: 6 episodes" in made.output
    again = runner.invoke(app, ["dataset", str(tmp_path / "none.jsonl"), "--id", "x/y-v0"])
    assert again.exit_code != 0

"""A short MaskablePPO run saves a policy that reloads and plays as the ``ppo`` bot (issue 16)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

import league_of_six
from league_of_six.bots import make_agent
from league_of_six.bots.tournament import LEAGUE
from league_of_six.rl.train import main
from tabletop.errors import IllegalAction
from tabletop.rl.table_bots import policy_paths, register_ppo_bots
from tabletop.rl.train import curve_points
from tabletop.tournament import tournament
from wallenstein.bots import make_agent as w_make_agent
from webtable.registry import BotKind


def test_short_training_saves_a_policy_that_plays_in_a_tournament(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "run"
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))  # where SB3 would leave its empty log folders
    policy = main(
        [
            "--steps",
            "2048",
            "--random-fraction",
            "0.5",
            "--snapshot-every",
            "1024",
            "--envs",
            "2",
            "--n-steps",
            "256",
            "--batch-size",
            "256",
            "--window",
            "5",
            "--no-progress",
            "--out",
            str(out),
        ]
    )
    assert policy.exists() and (out / "curve.png").exists()
    assert not list(scratch.glob("SB3-*"))  # no empty log folder left behind per run
    summary = json.loads((out / "summary.json").read_text())
    assert summary["steps"] >= 2048 and summary["env"] == "league_of_six_v2"
    assert summary["snapshots"] >= 1  # phase 2 (heuristic and frozen snapshots) was reached
    points = curve_points(out / "curve.jsonl", 5)
    assert points and all(0 <= p["lo"] <= p["win_rate"] <= p["hi"] <= 1 for p in points)
    report = tournament(LEAGUE, [f"ppo:path={policy}", "random", "random"], games=3, seed=1)
    assert report.games == 3
    assert f"ppo:path={policy}" in report.agents
    # The browser table's lobby offers it when TABLE_PPO_POLICIES names it.
    kinds: list[BotKind] = []
    register_ppo_bots(kinds.append, BotKind, f"league_of_six={policy}")
    assert [(k.name, k.plays("league_of_six"), k.plays("wallenstein")) for k in kinds] == [("ppo", True, False)]
    bot = kinds[0].make("league_of_six", 2, 7)
    game = league_of_six.new_game(players=3, seed=2)
    while not game.over:
        seat = game.pending()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, bot.act(game.observe(seat), list(legal)) if seat == 2 else legal[0])
    with pytest.raises(IllegalAction, match="trained on league_of_six_v2, not wallenstein_v2"):
        w_make_agent("ppo", 1, path=str(policy))
    # A policy of an older version of the game (its observations meant something else) is refused.
    from sb3_contrib import MaskablePPO

    from tabletop.rl.policy import ENV_ATTR

    old = MaskablePPO.load(policy, device="cpu")
    assert getattr(old, ENV_ATTR, None) == "league_of_six_v2"
    setattr(old, ENV_ATTR, "league_of_six_v1")
    old.save(tmp_path / "v1.zip")
    with pytest.raises(IllegalAction, match="trained on league_of_six_v1, not league_of_six_v2"):
        make_agent("ppo", 1, path=str(tmp_path / "v1.zip"))


def test_ppo_bot_kind_needs_a_loadable_path(tmp_path: Path) -> None:
    with pytest.raises(IllegalAction, match="path"):
        make_agent("ppo", 1)
    with pytest.raises(IllegalAction, match="cannot load"):
        make_agent("ppo", 1, path=str(tmp_path / "missing.zip"))


def test_table_policy_setting_is_checked() -> None:
    assert policy_paths("wallenstein=a.zip, league_of_six=b.zip") == {"wallenstein": "a.zip", "league_of_six": "b.zip"}
    assert policy_paths("") == {}
    with pytest.raises(IllegalAction, match="game=path"):
        policy_paths("wallenstein")

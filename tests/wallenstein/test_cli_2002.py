"""The command line's --edition, --modules and --printed options."""

from __future__ import annotations

import json
from pathlib import Path

import wallenstein
from tabletop.agents import random_agents
from tabletop.runner import run
from tabletop.testing import cli_runner
from wallenstein.cli import app

runner = cli_runner()


def test_simulate_2002_matches_direct_games() -> None:
    result = runner.invoke(app, ["simulate", "--json", "-q", "-n", "2", "-p", "5", "-s", "4", "--edition", "2002"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["edition"] == "2002" and data["modules"] == []
    vp = [0] * 5
    for i in range(2):
        g = wallenstein.new_game(5, seed=4 + i, edition="2002", log=False)
        run(g, random_agents(5, 4 + i))
        vp = [a + b for a, b in zip(vp, g.result()["vp"], strict=True)]
    assert data["mean_vp"] == [v / 2 for v in vp]


def test_watch_2002_narrates_with_the_stand_in_and_a_user_table(tmp_path: Path) -> None:
    result = runner.invoke(app, ["watch", "-s", "1", "--edition", "2002"])
    assert result.exit_code == 0, result.output
    assert "Wallenstein (2002 edition)" in result.stdout and "stand-in" in result.stdout
    assert "leader cards are shuffled" in result.stdout
    order = ["Brandenburg", "Kurpfalz", "Sachsen", "Österreich", "Bayern"]
    table = {"winter_loss": [3] * 25, "regions": {k: order for k in ("crop_failure", "good_harvest", "troop_shortage")}}
    f = tmp_path / "printed.json"
    f.write_text(json.dumps({"events_2002": table}), encoding="utf-8")
    result = runner.invoke(app, ["watch", "-s", "1", "--edition", "2002", "--printed", str(f)])
    assert result.exit_code == 0, result.output
    assert "stand-in" not in result.stdout and "lose 3 grain" in result.stdout


def test_modules_and_bad_options_are_reported() -> None:
    result = runner.invoke(app, ["simulate", "-n", "2", "--modules", "landsknechte,military_leaders,emperors_court"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["simulate", "-n", "1", "--edition", "2002", "--modules", "landsknechte"])
    assert result.exit_code == 2 and "2012 edition only" in result.output
    result = runner.invoke(app, ["simulate", "-n", "1", "--modules", "dragons"])
    assert result.exit_code == 2 and "unknown module" in result.output
    result = runner.invoke(app, ["watch", "--edition", "1999"])
    assert result.exit_code != 0
    result = runner.invoke(app, ["simulate", "-n", "1", "--edition", "2002", "--printed", "/no/such/file.json"])
    assert result.exit_code == 2 and "cannot read" in result.output

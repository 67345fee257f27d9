"""The balance report built from a small hand-made results file whose figures are worked out by
hand; and the facts a real game's row carries, checked against the game itself."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

import wallenstein
from league_of_six.cli import app as los_app
from tabletop.agents import random_agents
from tabletop.analysis import diff_ci, figures, group_label, mean_ci
from tabletop.runner import run
from tabletop.testing import cli_runner
from wallenstein.cli import app
from wallenstein.facts import game_facts

runner = cli_runner()


def row(index: int, scores: list[int], winners: list[int], **facts: Any) -> dict[str, Any]:
    return {
        "game": "wallenstein",
        "options": {"players": 3, "edition": "2012", "modules": [], "setup": "lineup", "printed": None},
        "lineup": ["heuristic"] * 3,
        "base_seed": 0,
        "index": index,
        "seed": index,
        "agents": ["heuristic"] * 3,
        "result": {"vp": scores, "thalers": [0, 0, 0], "winners": winners},
        "keys": [[float(s), 0.0] for s in scores],
        "winners": winners,
        "decisions": [10, 10, 10 + index],
        "facts": {"order": [], "items": {}, "events": [], "tower": [], "actions": {}, **facts},
        "wall_s": {"game": 0.1, "seats": [0.0, 0.0, 0.0]},
        "worker": "pid1",
        "host": "h",
    }


# Per-game mean scores: 20/3, 20/3, 6, 5; event "x" in games 0 and 2.
ROWS = [
    row(
        0,
        [10, 5, 5],
        [0],
        order=[[1, 2, 3]],
        items={"tile": [["a"], ["b"], ["a", "b"]]},
        events=["x"],
        tower=[[10, 5], [10, 10], [0, 0]],
        actions={"tax": [3, 1]},
    ),
    row(
        1,
        [4, 8, 8],
        [1, 2],
        order=[[2, 1, 3]],
        items={"tile": [["a"], [], ["b"]]},
        events=["y"],
        tower=[[4, 4], [4, 2], [2, 2]],
        actions={"tax": [2, 0], "palace": [1, 1]},
    ),
    row(
        2,
        [6, 3, 9],
        [2],
        order=[[3, 1, 2]],
        items={"tile": [[], ["a"], ["a"]]},
        events=["x", "y"],
        tower=[[1, 1], [0, 0], [3, 0]],
    ),
    row(
        3, [7, 7, 1], [0, 1], order=[[1, 3, 2]], items={"tile": [[], [], []]}, events=[], tower=[[2, 2], [2, 1], [2, 2]]
    ),
]


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def test_figures_of_the_hand_made_file() -> None:
    t = figures(ROWS)
    # seat 1 wins game 0 and half of game 3; seat 2 half of games 1 and 3; seat 3 half of 1 and all of 2
    assert [r["win_rate"] for r in t["seats"]] == pytest.approx([1.5 / 4, 1 / 4, 1.5 / 4])
    assert [r["mean_score"] for r in t["seats"]] == pytest.approx([27 / 4, 23 / 4, 23 / 4])
    # first-season places: 1st won 1 + 0.5 + 0 + 0.5, 2nd 0 + 0 + 1 + 0, 3rd 0 + 0.5 + 0 + 0.5
    assert [(r["position"], r["win_rate"]) for r in t["positions"]] == [(1, 0.5), (2, 0.25), (3, 0.25)]
    items = {r["label"]: r for r in t["items"]}
    assert items["a"]["n"] == 5 and items["a"]["win_rate"] == pytest.approx(2 / 5)
    assert items["a"]["mean_score"] == pytest.approx((10 + 5 + 4 + 3 + 9) / 5)
    assert items["b"]["n"] == 3 and items["b"]["win_rate"] == pytest.approx(0.5 / 3)
    events = {r["event"]: r for r in t["events"]}
    assert events["x"]["games_with"] == 2 and events["x"]["difference"] == pytest.approx((20 / 3 + 6) / 2 - 35 / 6)
    assert events["x"]["diff_lo"] < events["x"]["difference"] < events["x"]["diff_hi"]
    actions = {r["action"]: r for r in t["actions"]}
    assert actions["tax"]["skip_rate"] == pytest.approx(1 / 6) and actions["palace"]["skip_rate"] == 0.5
    # luck: every seat-game with a cube thrown (10 of 12: 2 + 3 + 2 + 3)
    assert t["luck_correlation"][0]["n"] == 10 and sum(r["n"] for r in t["luck"]) == 10
    lengths = t["distributions"][0]
    assert lengths["mean"] == pytest.approx(31.5) and lengths["min"] == 30 and lengths["max"] == 33
    margins = t["distributions"][3]
    assert margins["mean"] == pytest.approx((5 + 0 + 3 + 0) / 4)


def test_intervals() -> None:
    m, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and hi - m == pytest.approx(m - lo) and hi - m == pytest.approx(1.959964 * 1.290994 / 2, rel=1e-5)
    d, lo, hi = diff_ci([1.0, 3.0], [0.0, 0.0, 0.0])
    assert d == 2.0 and hi - d == pytest.approx(1.959964, rel=1e-5)  # sqrt(2/2 + 0)


def test_analyze_command_writes_html_plots_and_csv(tmp_path: Path) -> None:
    src = tmp_path / "results.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    out = tmp_path / "report"
    result = runner.invoke(app, ["analyze", str(src), str(src), "--out", str(out)])  # a file given twice counts once
    assert result.exit_code == 0, result.output
    folder = out / "wallenstein-2012-3-players-heuristic"
    seats = read_csv(folder / "seats.csv")
    assert [float(r["win_rate"]) for r in seats] == pytest.approx([0.375, 0.25, 0.375])
    assert read_csv(out / "groups.csv")[0]["games"] == "4"
    page = (out / "index.html").read_text()
    for name in ("seats.png", "items-tile.png", "events.png", "luck.png", "actions.png", "distributions.png"):
        assert (folder / name).stat().st_size > 1000 and name in page


def test_analyze_rejects_an_empty_file(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_text("")
    result = runner.invoke(los_app, ["analyze", str(tmp_path / "empty.jsonl"), "--out", str(tmp_path / "r")])
    assert result.exit_code == 2 and "no result rows" in result.output
    assert not (tmp_path / "r").exists()


def test_group_labels_split_by_edition_modules_players_and_agents() -> None:
    r = row(0, [1, 2, 3], [2])
    assert group_label(r) == "Wallenstein 2012, 3 players, heuristic"
    r["options"] = {**r["options"], "modules": ["landsknechte"], "edition": "2012", "players": 4}
    r["lineup"] = ["search", "heuristic", "heuristic", "heuristic"]
    assert group_label(r) == "Wallenstein 2012 + landsknechte, 4 players, heuristic+search"


def test_wallenstein_facts_agree_with_the_game() -> None:
    g = wallenstein.new_game(players=4, seed=3)
    run(g, random_agents(4, 3))
    facts = game_facts(g)
    view = g.observe(None)
    held = [sum(c["owner"] == p for c in view["counties"].values()) for p in range(4)]
    assert [len(c) for c in facts["items"]["county"]] == held == [p["counties"] for p in view["players"]]
    assert len(facts["order"]) == 6 and all(sorted(o) == [1, 2, 3, 4] for o in facts["order"])
    assert [len(t) for t in facts["items"]["bonus tile"]] == [6] * 4 and len(facts["events"]) == 6
    log = g.log
    assert sum(a[1] for a in facts["actions"].values()) == sum(e["e"] == "skip" for e in log)
    thrown = sum(e["dropped"].get("0", 0) for e in log if "dropped" in e)
    assert facts["tower"][0][0] == thrown > 0


def test_league_of_six_facts_agree_with_the_game() -> None:
    from league_of_six.facts import game_facts as league_facts
    from league_of_six.game import new_game

    g = new_game(players=5, seed=4)
    run(g, random_agents(5, 4))
    facts = league_facts(g)
    rounds = sum(e["e"] == "round" for e in g.log)
    assert len(facts["order"]) == rounds and all(sorted(o) == [1, 2, 3, 4, 5] for o in facts["order"])
    chosen = [sum(e["e"] == "choose" and e["seat"] == p for e in g.log) for p in range(5)]
    assert [len(t) for t in facts["items"]["town"]] == chosen
    assert len(facts["events"]) == sum(len(e["besieged"]) for e in g.log if e["e"] == "round")


def test_luck_parts_never_split_a_tie_and_their_labels_never_collapse() -> None:
    from itertools import pairwise

    from tabletop.analysis import luck_bins, luck_label

    # many seat-games where every cube came out (luck 1.0) and a few others: quintile cuts would fall
    # inside the run of 1.0s and give "1.00-1.00" parts; ties stay in one part instead
    points = sorted([(0.5, 0.0, 1.0), (0.6, 0.0, 1.0), (0.98, 1.0, 1.0), (0.981, 0.0, 1.0)] + [(1.0, 0.0, 1.0)] * 8)
    parts = luck_bins(points, 5)
    assert sum(len(p) for p in parts) == len(points)
    for a, b in pairwise(parts):
        assert a[-1][0] < b[0][0]  # no value on both sides of a cut
    labels = [luck_label(p[0][0], p[-1][0]) for p in parts]
    assert len(set(labels)) == len(labels) and labels[-1] == "1.00"
    assert luck_label(0.98, 0.984) == "0.980-0.984" and luck_label(0.25, 0.5) == "0.25-0.50"


def test_a_report_leaves_out_the_sections_its_games_have_no_data_for(tmp_path: Path) -> None:
    rows = [dict(r, facts={**r["facts"], "actions": {}, "tower": [[0, 0]] * 3}) for r in ROWS]
    src = tmp_path / "results.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "report"
    assert runner.invoke(app, ["analyze", str(src), "--out", str(out)]).exit_code == 0
    page = (out / "index.html").read_text()
    assert "(none)" not in page and "No data in these games for: luck, luck_correlation, actions." in page
    assert not (out / "wallenstein-2012-3-players-heuristic" / "luck.csv").exists()

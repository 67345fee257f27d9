"""The after-game review (tabletop.review) and its ``review`` command on golden games of both games."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import wallenstein
from league_of_six.cli import app as league_app
from league_of_six.review import PARTS as LEAGUE
from tabletop.errors import IllegalAction
from tabletop.review import BUDGETS, Budget, GameReview, hint, positions, review_game
from wallenstein.actions import PLAN, PLAN_CARD
from wallenstein.cli import app as wallenstein_app
from wallenstein.review import PARTS as WALLENSTEIN

TESTS = Path(__file__).resolve().parents[1]
W_GOLDEN = TESTS / "golden" / "wallenstein_2012_p3_seed1.history.json"
L_GOLDEN = TESTS / "golden_los" / "league_of_six_p3_seed1.history.json"
QUICK = BUDGETS["quick"]
runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None})


def _history(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text())
    assert isinstance(data, list)
    return data


@pytest.fixture(scope="module")
def league_review() -> GameReview:
    return review_game(LEAGUE, _history(L_GOLDEN), 2, QUICK, seed=5)


def test_review_is_reproducible_and_round_trips(league_review: GameReview) -> None:
    again = review_game(LEAGUE, _history(L_GOLDEN), 2, QUICK, seed=5)
    assert again.curve == league_review.curve and again.decisions == league_review.decisions
    data = json.loads(json.dumps(league_review.to_json()))
    assert GameReview.from_json(data) == league_review
    other = review_game(LEAGUE, _history(L_GOLDEN), 2, Budget(simulations=24, rollouts=4, curve_rollouts=4), seed=6)
    assert other.curve != league_review.curve  # the seed matters: nothing is cached or fixed


def test_review_shape(league_review: GameReview) -> None:
    history = _history(L_GOLDEN)
    moves = [e for e in history if "seat" in e]
    r = league_review
    assert r.decisions_total == len(moves) and r.result["over"]
    # A point every fourth decision, the last decision's, then the result itself (the winner's share).
    assert [p.index for p in r.curve[:-1]] == sorted({*range(0, len(moves), 4), len(moves) - 1})
    last = r.curve[-1]
    assert last.index == len(moves) and last.errors == (0.0,) * r.players
    assert [p for p in range(r.players) if last.chances[p] > 0] == r.result["winners"]
    for p in r.curve:
        assert sum(p.chances) == pytest.approx(1.0, abs=1e-3)
    mine = [e for e in moves if e["seat"] == 2]
    assert 0 < len(r.decisions) <= len(mine)
    assert all(d.options >= 2 for d in r.decisions)
    losses = [r.decisions[i].loss for i in r.costliest]
    assert losses == sorted(losses, reverse=True) and len(r.costliest) <= 3
    for d in r.decisions:
        assert d.same == (d.played.action == d.advised.action)
        if d.same:
            assert d.loss == 0 and d.played == d.advised


@pytest.mark.parametrize(
    "name",
    [
        "wallenstein_2012_p3_seed1",
        "wallenstein_2002_p3_seed1",
        "wallenstein_2012_court_landsknechte_military_leaders_p4_draft_seed4",
    ],
)
def test_a_plan_made_box_by_box_is_reviewed_once_as_the_whole_plan(name: str) -> None:
    """Rules note R-02: a person plans box by box; the review takes the whole plan, once, at its first box
    (the 2002 edition's plans skip the auction box, the Emperor's Court adds three court boxes)."""
    steps, _ = positions(WALLENSTEIN, _history(TESTS / "golden" / f"{name}.history.json"))
    plans = 0
    for k, pos in enumerate(steps):
        what = WALLENSTEIN.reviewed(steps, k)
        if pos.action.kind != PLAN_CARD or what is None:
            continue
        kind, whole = what
        assert kind == "plan" and whole.kind == PLAN
        g = pos.game.clone()
        g.apply(pos.seat, whole)  # a legal whole plan in the position where planning began
        season = (pos.game.s.year, pos.game.s.season)
        boxes = [
            s.action
            for s in steps[k:]
            if s.seat == pos.seat and s.action.kind == PLAN_CARD and (s.game.s.year, s.game.s.season) == season
        ]
        assert boxes and all(whole.cards[a.a] == a.b for a in boxes)
        plans += 1
    seasons = {(s.seat, s.game.s.year, s.game.s.season) for s in steps if s.action.kind == PLAN_CARD}
    assert plans == len(seasons) > 0  # every seat's plan of every season, once


def test_bad_input_is_refused() -> None:
    history = _history(L_GOLDEN)
    with pytest.raises(IllegalAction, match="no seat 7"):
        review_game(LEAGUE, history, 7, QUICK)
    broken = [*history[:5], {"seat": 0, "action": {"type": "nonsense"}}]
    with pytest.raises(IllegalAction):
        review_game(LEAGUE, broken, 0, QUICK)
    with pytest.raises(IllegalAction):
        review_game(WALLENSTEIN, history, 0, QUICK)  # another game's history
    with pytest.raises(IllegalAction):
        GameReview.from_json({"format": "tabletop-review", "version": 1})
    with pytest.raises(ValueError):
        Budget(rollouts=0)


def test_a_game_not_over_gets_a_review_up_to_now() -> None:
    g = wallenstein.new_game(players=3, seed=2)
    for _ in range(3):
        p = g.pending()[0]
        g.apply(p, g.legal_actions(p)[0])
    r = review_game(WALLENSTEIN, g.history, None, QUICK)
    assert r.result == {"over": False} and r.decisions == [] and r.curve[-1].index == 2


def test_a_hint_is_a_legal_choice_and_only_for_the_seat_deciding() -> None:
    history = _history(L_GOLDEN)
    moves = [i for i, e in enumerate(history) if "seat" in e]
    cut = history[: moves[30]]  # the game before its 31st decision
    seat = history[moves[30]]["seat"]
    g = LEAGUE.replay_steps(cut)
    live = list(g)[-1]
    got = hint(LEAGUE, cut, seat, simulations=12, seed=1)
    assert got.action in [a.to_json() for a in live.legal_actions(seat)]
    with pytest.raises(IllegalAction, match="no decision"):
        hint(LEAGUE, cut, (seat + 1) % live.players, simulations=12)
    with pytest.raises(IllegalAction, match="no decision"):
        hint(LEAGUE, history, seat, simulations=12)  # the game is over


def test_cli_review_of_a_golden_game(tmp_path: Path) -> None:
    chart, out = tmp_path / "chart.png", tmp_path / "review.json"
    args = ["review", str(W_GOLDEN), "--seat", "1", "--budget", "quick", "--chart", str(chart), "--json", str(out)]
    result = runner.invoke(wallenstein_app, args)
    assert result.exit_code == 0, result.output
    review = GameReview.from_json(json.loads(out.read_text()))
    assert review.seat == 1 and review.names == ["red", "blue", "yellow"]
    assert "Chance to win" in result.output and "result" in result.output
    assert "Every decision of seat 1" in result.output
    if review.costliest:
        assert "Costliest decisions" in result.output
    for d in review.decisions:
        assert d.played.text.split(",")[0] in result.output
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_review_matches_its_golden(tmp_path: Path) -> None:
    """The printed review of a golden game (tests/golden/regenerate_review.py writes it): a change of the
    review, the bots it asks or the rules shows as a readable diff."""
    spec = importlib.util.spec_from_file_location("regenerate_review", TESTS / "golden" / "regenerate_review.py")
    assert spec is not None and spec.loader is not None
    golden = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(golden)
    assert golden.printed_review(tmp_path / "c.png") == golden.GOLDEN.read_text(encoding="utf-8")


def test_cli_review_league(tmp_path: Path) -> None:
    chart = tmp_path / "l.png"
    ok = runner.invoke(league_app, ["review", str(L_GOLDEN), "--budget", "quick", "--chart", str(chart)])
    assert ok.exit_code == 0, ok.output
    assert "seat 0" in ok.output and chart.exists()


# A refused review command: the file it is given (None: the golden game; else this text in a file of the
# test's own, or no file at all), its other options, and what the refusal says.
REFUSALS = [
    (None, ["--seat", "9", "--budget", "quick"], "no seat 9"),
    ("", [], "cannot read"),
    ("{not json", [], "not valid JSON"),
]


@pytest.mark.parametrize(("text", "options", "said"), REFUSALS)
def test_cli_review_refuses_bad_input(tmp_path: Path, text: str | None, options: list[str], said: str) -> None:
    given = tmp_path / "w.json"
    if text:
        given.write_text(text)
    path = L_GOLDEN if text is None else given
    refused = runner.invoke(league_app, ["review", str(path), *options])
    assert refused.exit_code == 2 and said in refused.output

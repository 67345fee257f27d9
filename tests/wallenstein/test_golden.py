"""Golden playthroughs: fixed games whose history and narration are checked in (tests/golden).

A change of the rules (or of the narration) shows up here as a readable text diff. If the change
is intended, run ``.venv/bin/python tests/golden/regenerate.py`` and review the diff.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import wallenstein
from wallenstein.board import COLOURS
from wallenstein.narrate import narrate_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _load_regenerate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_regenerate", GOLDEN / "regenerate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while building the class
    spec.loader.exec_module(module)
    return module


regen = _load_regenerate()
HINT = "rules or narration changed: review, then run .venv/bin/python tests/golden/regenerate.py"


@pytest.fixture(scope="module", params=regen.CASES, ids=lambda case: case.name)
def case_game(request: pytest.FixtureRequest) -> tuple[Any, wallenstein.Game]:
    return request.param, regen.play_case(request.param)


def test_the_cases_cover_every_player_count_and_the_draft() -> None:
    assert {(c.players, c.setup) for c in regen.CASES} >= {(3, "lineup"), (4, "lineup"), (5, "lineup"), (4, "draft")}
    for case in regen.CASES:
        assert case.history_path.is_file(), f"missing {case.history_path.name}; {HINT}"
        assert case.narration_path.is_file(), f"missing {case.narration_path.name}; {HINT}"


def test_narration_matches_golden_text(case_game: tuple[Any, wallenstein.Game]) -> None:
    case, game = case_game
    expected = case.narration_path.read_text(encoding="utf-8")
    got = narrate_game(game)
    assert got.splitlines() == expected.splitlines(), HINT
    assert got == expected


def test_history_matches_golden_history(case_game: tuple[Any, wallenstein.Game]) -> None:
    case, game = case_game
    text = case.history_path.read_text(encoding="utf-8")
    assert regen.history_text(game.history).splitlines() == text.splitlines(), HINT
    assert json.loads(text) == game.history


def test_replaying_the_golden_history_gives_the_same_game(case_game: tuple[Any, wallenstein.Game]) -> None:
    case, game = case_game
    assert game.over
    history = json.loads(case.history_path.read_text(encoding="utf-8"))
    replayed = wallenstein.replay(history)
    assert replayed.over
    assert replayed.result() == game.result()
    assert replayed.to_json() == game.to_json()
    assert replayed.log == game.log
    assert narrate_game(replayed) == case.narration_path.read_text(encoding="utf-8")


def test_golden_narration_names_the_winner(case_game: tuple[Any, wallenstein.Game]) -> None:
    _, game = case_game
    text = narrate_game(game)
    winners = game.result()["winners"]
    names = [COLOURS[p].capitalize() for p in winners]
    last = text.rstrip("\n").splitlines()[-1]
    assert last.startswith("Winner:" if len(winners) == 1 else "Shared win:")
    assert all(name in last for name in names)

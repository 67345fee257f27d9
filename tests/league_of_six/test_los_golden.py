"""Golden playthroughs: fixed League of Six games whose history and narration are checked in.

A change of the rules (or of the narration) shows up here as a readable text diff. If the change
is intended, run ``.venv/bin/python tests/golden_los/regenerate.py`` and review the diff.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import league_of_six
from league_of_six.narrate import narrate_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden_los"


def _load_regenerate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_los_regenerate", GOLDEN / "regenerate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while building the class
    spec.loader.exec_module(module)
    return module


regen = _load_regenerate()
HINT = "rules or narration changed: review, then run .venv/bin/python tests/golden_los/regenerate.py"


@pytest.fixture(scope="module", params=regen.CASES, ids=lambda case: case.name)
def case_game(request: pytest.FixtureRequest) -> tuple[Any, league_of_six.Game]:
    return request.param, regen.play_case(request.param)


def test_the_cases_cover_every_player_count() -> None:
    assert {c.players for c in regen.CASES} == {3, 4, 5}
    for case in regen.CASES:
        assert case.history_path.is_file(), f"missing {case.history_path.name}; {HINT}"
        assert case.narration_path.is_file(), f"missing {case.narration_path.name}; {HINT}"


def test_narration_matches_golden_text(case_game: tuple[Any, league_of_six.Game]) -> None:
    case, game = case_game
    expected = case.narration_path.read_text(encoding="utf-8")
    got = narrate_game(game)
    assert got.splitlines() == expected.splitlines(), HINT
    assert "(stand-in set)" in got.splitlines()[0]


def test_history_matches_golden_history(case_game: tuple[Any, league_of_six.Game]) -> None:
    case, game = case_game
    text = case.history_path.read_text(encoding="utf-8")
    assert regen.history_text(game.history).splitlines() == text.splitlines(), HINT


def test_replaying_the_golden_history_gives_the_same_game(case_game: tuple[Any, league_of_six.Game]) -> None:
    case, game = case_game
    assert game.over
    replayed = league_of_six.replay(json.loads(case.history_path.read_text(encoding="utf-8")))
    assert replayed.over and replayed.to_json() == game.to_json()
    assert narrate_game(replayed) == case.narration_path.read_text(encoding="utf-8")


def test_golden_narration_names_the_winner(case_game: tuple[Any, league_of_six.Game]) -> None:
    _, game = case_game
    last = narrate_game(game).rstrip("\n").splitlines()[-1]
    winners = game.result()["winners"]
    assert last.startswith("Winner:" if len(winners) == 1 else "Shared win:")
    assert all(league_of_six.COLOURS[p].capitalize() in last for p in winners)

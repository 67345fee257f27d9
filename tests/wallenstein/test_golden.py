"""Wallenstein's golden playthroughs (tests/golden): the cases cover every player count and the draft,
and each narration names the winner. The comparison of every golden game with its files (narration,
history, replay) is in the conformance suite (tests/conformance/test_conformance_golden.py)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

import wallenstein
from wallenstein.board import COLOURS

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


def test_the_cases_cover_every_player_count_and_the_draft() -> None:
    assert {(c.players, c.setup) for c in regen.CASES} >= {(3, "lineup"), (4, "lineup"), (5, "lineup"), (4, "draft")}
    for case in regen.CASES:
        assert case.history_path.is_file(), f"missing {case.history_path.name}; {HINT}"
        assert case.narration_path.is_file(), f"missing {case.narration_path.name}; {HINT}"


@pytest.mark.parametrize("case", regen.CASES, ids=lambda case: case.name)
def test_golden_narration_names_the_winner(case: object) -> None:
    game = wallenstein.replay(json.loads(case.history_path.read_text(encoding="utf-8")))  # type: ignore[attr-defined]
    text = case.narration_path.read_text(encoding="utf-8")  # type: ignore[attr-defined]
    winners = game.result()["winners"]
    names = [COLOURS[p].capitalize() for p in winners]
    last = text.rstrip("\n").splitlines()[-1]
    assert last.startswith("Winner:" if len(winners) == 1 else "Shared win:")
    assert all(name in last for name in names)

"""Wallenstein's golden playthroughs (tests/golden): the cases cover every player count and the draft,
and each narration names the winner. The comparison of every golden game with its files (narration,
history, replay) is in the conformance suite (tests/conformance/test_conformance_golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import wallenstein
from tabletop.testing import load_script
from wallenstein.board import COLOURS

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


regen = load_script(GOLDEN / "regenerate.py", "golden_regenerate")
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

"""League of Six's golden playthroughs (tests/golden_los): the cases cover every player count, each
narration names the stand-in set and the winner. The comparison of every golden game with its files
(narration, history, replay) is in the conformance suite (tests/conformance/test_conformance_golden.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import league_of_six
from tabletop.testing import load_script

GOLDEN = Path(__file__).resolve().parents[1] / "golden_los"


regen = load_script(GOLDEN / "regenerate.py", "golden_los_regenerate")
HINT = "rules or narration changed: review, then run .venv/bin/python tests/golden_los/regenerate.py"


def test_the_cases_cover_every_player_count() -> None:
    assert {c.players for c in regen.CASES} == {3, 4, 5}
    for case in regen.CASES:
        assert case.history_path.is_file(), f"missing {case.history_path.name}; {HINT}"
        assert case.narration_path.is_file(), f"missing {case.narration_path.name}; {HINT}"


@pytest.mark.parametrize("case", regen.CASES, ids=lambda case: case.name)
def test_golden_narration_names_the_stand_in_set_and_the_winner(case: Any) -> None:
    game = league_of_six.replay(json.loads(case.history_path.read_text(encoding="utf-8")))
    lines = case.narration_path.read_text(encoding="utf-8").rstrip("\n").splitlines()
    assert "stand-in set" in lines[0] and lines[0].count("stand-in") == 1  # said once, not twice (L-01)
    winners = game.result()["winners"]
    assert lines[-1].startswith("Winner:" if len(winners) == 1 else "Shared win:")
    assert all(league_of_six.COLOURS[p].capitalize() in lines[-1] for p in winners)

"""The golden playthroughs' regenerate scripts (tests/golden*/regenerate.py), loaded as modules."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from kinds import Golden

from tabletop.testing import load_script

TESTS = Path(__file__).resolve().parents[1]


def load_regenerate(folder: str) -> ModuleType:
    return load_script(TESTS / folder / "regenerate.py", f"{folder}_regenerate")


def golden_cases(folder: str, cases: object) -> tuple[Golden, ...]:
    regen = load_regenerate(folder)
    command = f".venv/bin/python tests/{folder}/regenerate.py"
    return tuple(
        Golden(c.name, c.history_path, c.narration_path, lambda c=c: regen.play_case(c), command)  # type: ignore[misc]
        for c in cases  # type: ignore[attr-defined]
    )

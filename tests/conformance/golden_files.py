"""The golden playthroughs' regenerate scripts (tests/golden*/regenerate.py), loaded as modules."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from kinds import Golden

TESTS = Path(__file__).resolve().parents[1]


def load_regenerate(folder: str) -> ModuleType:
    path = TESTS / folder / "regenerate.py"
    name = f"{folder}_regenerate"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look the module up while building the class
    spec.loader.exec_module(module)
    return module


def golden_cases(folder: str, cases: object) -> tuple[Golden, ...]:
    regen = load_regenerate(folder)
    command = f".venv/bin/python tests/{folder}/regenerate.py"
    return tuple(
        Golden(c.name, c.history_path, c.narration_path, lambda c=c: regen.play_case(c), command)  # type: ignore[misc]
        for c in cases  # type: ignore[attr-defined]
    )

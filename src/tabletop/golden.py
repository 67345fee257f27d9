"""Golden playthroughs: fixed games whose history and narration are kept as files in the tests, so
that a change of the rules or of the narration shows up as a readable diff. Both games' regenerate
scripts (tests/golden/regenerate.py, tests/golden_los/regenerate.py) use these functions."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar


def history_text(history: list[dict[str, Any]]) -> str:
    """A history as JSON with one entry per line (valid JSON, and diffs stay readable)."""
    rows = [json.dumps(entry, ensure_ascii=False, sort_keys=True) for entry in history]
    return "[\n" + ",\n".join(rows) + "\n]\n"


def regenerate(
    cases: Iterable[Any], expected_files: Callable[[Any], dict[Path, str]], root: Path, argv: list[str]
) -> int:
    """Write each case's expected files where they differ (``--check`` in ``argv``: only say which
    would change, and return 1 if any would). Paths are printed relative to ``root``."""
    check = "--check" in argv
    changed = 0
    for case in cases:
        for path, text in expected_files(case).items():
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old == text:
                continue
            changed += 1
            if check:
                print(f"would change: {path.relative_to(root)}")
            else:
                path.write_text(text, encoding="utf-8", newline="\n")
                print(f"wrote {path.relative_to(root)}")
    if not changed:
        print("golden files are up to date")
    return 1 if check and changed else 0


def game_files(game: Any, case: Any, narrate: Callable[[Any], str]) -> dict[Path, str]:
    """A played case's golden files: its history (``case.history_path``) and narration (``case.narration_path``)."""
    return {case.history_path: history_text(game.history), case.narration_path: narrate(game)}


@dataclass(frozen=True)
class GoldenCase:
    """One golden game, ``players`` and ``seed`` (a regenerate script's case class adds the game's own
    options), and where its files are: ``<folder>/<name>.history.json`` and ``<folder>/<name>.txt``
    (the case class sets ``folder`` and says its ``name``)."""

    folder: ClassVar[Path]
    players: int
    seed: int

    @property
    def name(self) -> str:
        raise NotImplementedError

    @property
    def history_path(self) -> Path:
        return self.folder / f"{self.name}.history.json"

    @property
    def narration_path(self) -> Path:
        return self.folder / f"{self.name}.txt"

"""Golden playthroughs of every registered game kind: fixed games whose history and narration are
checked in (tests/golden*/). A change of the rules or of the narration shows up as a readable text
diff; if it is intended, run the regenerate command named in the failure and review the diff."""

from __future__ import annotations

import json

import pytest
from golden_files import load_regenerate
from kinds import Game, GameKind, Golden, kinds

from tabletop.golden import history_text


def _cases() -> list[object]:
    return [pytest.param((k, c), id=c.name) for k in kinds() for c in k.golden]


@pytest.fixture(scope="module", params=_cases())
def golden_game(request: pytest.FixtureRequest) -> tuple[GameKind, Golden, Game]:
    kind, case = request.param
    return kind, case, case.play()


def test_narration_matches_golden_text(golden_game: tuple[GameKind, Golden, Game]) -> None:
    kind, case, game = golden_game
    expected = case.narration_path.read_text(encoding="utf-8")
    got = kind.narrate(game)
    assert got.splitlines() == expected.splitlines(), f"rules or narration changed: review, then {case.regenerate}"
    assert got == expected


def test_history_matches_golden_history(golden_game: tuple[GameKind, Golden, Game]) -> None:
    _, case, game = golden_game
    text = case.history_path.read_text(encoding="utf-8")
    assert history_text(game.history).splitlines() == text.splitlines(), case.regenerate
    assert json.loads(text) == game.history


def test_replaying_the_golden_history_gives_the_same_game(golden_game: tuple[GameKind, Golden, Game]) -> None:
    kind, case, game = golden_game
    assert game.over
    replayed = kind.replay(json.loads(case.history_path.read_text(encoding="utf-8")))
    assert replayed.over and replayed.result() == game.result()
    assert replayed.to_json() == game.to_json()
    assert replayed.log == game.log
    assert kind.narrate(replayed) == case.narration_path.read_text(encoding="utf-8")


def test_every_golden_file_belongs_to_a_registered_kind() -> None:
    """A golden case whose kind is not registered would never be checked."""
    named = {c.history_path for k in kinds() for c in k.golden} | {c.narration_path for k in kinds() for c in k.golden}
    for folder in ("golden", "golden_los"):
        regen = load_regenerate(folder)
        # (A golden game's printed review, *.review.txt, is the review's own golden: tests/tabletop/test_review.py.)
        files = {p for p in regen.HERE.iterdir() if p.suffix in (".json", ".txt")}
        files = {p for p in files if not p.name.endswith(".review.txt")}
        assert files <= named, f"golden files of no registered kind: {sorted(p.name for p in files - named)}"

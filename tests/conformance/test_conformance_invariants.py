"""Random games of every registered game kind keep every invariant of the game after every step
(each kind's ``check``), and a finished game passes the kind's own end checks (``finished``)."""

from __future__ import annotations

import random

import pytest
from kinds import GameKind, kinds, play_random

CHUNK = 30  # games per test, so that the games spread over the workers


def _chunks() -> list[object]:
    return [
        pytest.param(k, c, id=f"{k.name}-{c}") for k in kinds() for c in range((k.random_games + CHUNK - 1) // CHUNK)
    ]


@pytest.mark.parametrize("kind, chunk", _chunks())
def test_random_games_keep_every_invariant(kind: GameKind, chunk: int) -> None:
    for i in range(chunk * CHUNK, min(kind.random_games, (chunk + 1) * CHUNK)):
        g = play_random(kind.make(i, seed=i), random.Random(i * 7 + 1), checks=kind.check)
        kind.finished(g)

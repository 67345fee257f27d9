"""Random 2002-edition games across player counts and set-ups, every invariant checked after every
step (61 armies, blank cards, no bids or tiles, a waiting fight only in the commit phase)."""

from __future__ import annotations

import random

import pytest

import wallenstein
from wallenstein.invariants import check

GAMES = 510  # across 3/4/5 players and both set-ups
CHUNKS = 17


def play_random_2002(players: int, seed: int, setup: str) -> wallenstein.Game:
    g = wallenstein.new_game(players=players, seed=seed, setup=setup, edition="2002")
    rng = random.Random(seed * 11 + players)
    check(g)
    while not g.over:
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        check(g)
    return g


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_2002_games_keep_every_invariant(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    seen: set[str] = set()
    for i in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        players = 3 + i % 3
        setup = "draft" if (i // 3) % 2 else "lineup"
        g = play_random_2002(players, seed=i, setup=setup)
        res = g.result()
        assert res["over"] and res["winners"] and len(res["vp"]) == players
        assert len(res["buildings"]) == players
        seen.update(e["e"] for e in g.log)
    # Every chunk reaches the 2002 decisions and events.
    assert {"leaders", "battle", "revolt", "winter", "game_over"} <= seen


def test_every_2002_decision_kind_occurs() -> None:
    kinds: set[str] = set()
    for i in range(12):
        g = wallenstein.new_game(players=3 + i % 3, seed=500 + i, setup="draft" if i % 2 else "lineup", edition="2002")
        rng = random.Random(i)
        while not g.over:
            seat = rng.choice(g.pending())
            act = rng.choice(g.legal_actions(seat))
            kinds.add(act.kind)
            g.apply(seat, act)
    assert {"plan_card", "move", "move_only", "stay", "commit", "draft_take", "draft_group"} <= kinds
    assert "position" not in kinds

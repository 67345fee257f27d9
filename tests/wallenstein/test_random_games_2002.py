"""Random 2002-edition games reach the edition's decisions and events. Their invariants (61 armies,
blank cards, no bids or tiles, a waiting fight only in the commit phase) are checked after every
step of the conformance suite's random games (tests/conformance)."""

from __future__ import annotations

import random

import wallenstein
from tabletop.testing import play_randomly
from wallenstein.invariants import check


def play_random_2002(players: int, seed: int, setup: str) -> wallenstein.Game:
    g = wallenstein.new_game(players=players, seed=seed, setup=setup, edition="2002")
    rng = random.Random(seed * 11 + players)
    check(g)
    return play_randomly(g, rng, check)


def test_every_2002_decision_kind_and_event_occurs() -> None:
    """The random games reach the 2002 decisions and events (so the conformance suite's invariant
    checks on random games are not vacuous for this edition)."""
    kinds: set[str] = set()
    seen: set[str] = set()
    for i in range(12):
        g = wallenstein.new_game(players=3 + i % 3, seed=500 + i, setup="draft" if i % 2 else "lineup", edition="2002")
        rng = random.Random(i)
        while not g.over:
            seat = rng.choice(g.pending())
            act = rng.choice(g.legal_actions(seat))
            kinds.add(act.kind)
            g.apply(seat, act)
        seen.update(e["e"] for e in g.log)
    assert {"leaders", "battle", "revolt", "winter", "game_over"} <= seen
    assert {"plan_card", "move", "move_only", "stay", "commit", "draft_take", "draft_group"} <= kinds
    assert "position" not in kinds

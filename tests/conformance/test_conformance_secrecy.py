"""Secrets stay secret in every registered game kind: at random points of random games the kind
builds "hidden twins" (copies that differ only in what some seats may know); every other seat and
a spectator must observe exactly the same thing in the game and in each twin, while a seat allowed
to know the secret (its own plan or hand) does see the difference. Every secret the kind names (a
deck's order, face-down cards, a plan, a hand) must come up at least once."""

from __future__ import annotations

import random

import pytest
from kinds import GameKind, kind_params, random_step


@pytest.mark.parametrize("kind", kind_params())
def test_no_observation_depends_on_what_its_seat_may_not_know(kind: GameKind) -> None:
    rng = random.Random(99)
    compared = 0
    seen: set[str] = set()
    for i in range(4):
        g = kind.make(i, seed=80_000 + i)
        first = True  # the set-up's first decision always (a draft's deck is secret only then)
        while not g.over:
            if first or rng.random() < 0.08:
                first = False
                for secret, allowed, twin in kind.twins(g, rng):
                    assert twin.to_json() != g.to_json(), "a twin differs from the game"
                    seen.add(secret)
                    for seat in [None, *range(g.players)]:
                        if seat in allowed:
                            assert g.observe(seat) != twin.observe(seat), f"seat {seat} cannot see its own {secret}"
                            continue
                        assert g.observe(seat) == twin.observe(seat), f"seat {seat} sees the {secret}"
                        assert g.pending() == twin.pending()
                        compared += 1
            random_step(g, rng)
    assert compared > 50
    assert seen == set(kind.secrets), f"secrets never tried: {sorted(set(kind.secrets) - seen)}"

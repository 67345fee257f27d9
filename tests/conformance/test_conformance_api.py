"""The game API every registered game kind offers (kinds.py): who decides, what they may decide,
applying a decision in its object or JSON form, observations, results and the end of the game."""

from __future__ import annotations

import json
import random

import pytest
from kinds import GameKind, kind_params

from tabletop.errors import IllegalAction


@pytest.mark.parametrize("kind", kind_params())
def test_the_api_along_a_random_game(kind: GameKind) -> None:
    g = kind.make(1, seed=11)
    rng = random.Random(11)
    steps = 0
    while not g.over:
        pending = g.pending()
        assert pending and all(0 <= p < g.players for p in pending)
        for seat in range(g.players):
            assert bool(g.legal_actions(seat)) == (seat in pending), "exactly the pending seats have decisions"
        seat = rng.choice(pending)
        action = rng.choice(g.legal_actions(seat))
        if steps % 7 == 0:
            for viewer in (None, *range(g.players)):
                json.dumps(g.observe(viewer))  # JSON-ready
            # The JSON form of a decision is the same decision.
            twin = g.clone()
            twin.apply(seat, json.loads(json.dumps(action.to_json())))
            g.apply(seat, action)
            assert twin.to_json() == g.to_json()
        else:
            g.apply(seat, action)
        steps += 1
    assert g.pending() == [] and all(g.legal_actions(p) == [] for p in range(g.players))
    res = g.result()
    assert res["over"] is True and res["winners"] and set(res["winners"]) <= set(range(g.players))
    json.dumps(res)
    with pytest.raises(IllegalAction, match="over"):
        g.apply(0, json.loads(json.dumps(action.to_json())))

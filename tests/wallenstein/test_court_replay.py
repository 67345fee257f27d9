"""Emperor's Court reproducibility beyond the conformance suite (tests/conformance): a save file taken
in the middle of the court step, and the state's dict round trip."""

from __future__ import annotations

import json
import random

from test_random_games_court import COURT

import wallenstein


def test_save_in_the_court_step_loads_and_continues_identically() -> None:
    g = wallenstein.new_game(4, seed=12, modules=COURT)
    rng = random.Random(5)
    while g.phase != "court":
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    saved = g.to_json()
    assert json.loads(saved)["state"]["court"]["stage"] != 0
    loaded = wallenstein.Game.from_json(saved)
    assert loaded.to_json() == saved
    assert loaded.observe(None) == g.observe(None)
    clone = g.clone()
    rng_a, rng_b, rng_c = random.Random(6), random.Random(6), random.Random(6)
    for game, r in ((g, rng_a), (loaded, rng_b), (clone, rng_c)):
        while not game.over:
            seat = r.choice(game.pending())
            game.apply(seat, r.choice(game.legal_actions(seat)))
    assert loaded.to_json() == g.to_json() == clone.to_json()


def test_state_round_trips_through_its_dict() -> None:
    from wallenstein.state import State

    g = wallenstein.new_game(5, seed=2, modules=COURT)
    d = g.s.to_dict()
    assert State.from_dict(json.loads(json.dumps(d))).to_dict() == d
    basic = wallenstein.new_game(5, seed=2)
    assert "court" not in basic.s.to_dict()  # basic-game saves keep their form

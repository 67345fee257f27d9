"""Emperor's Court reproducibility beyond the conformance suite (tests/conformance, which also saves
and loads a game in the court step): the state's dict round trip."""

from __future__ import annotations

import json

from test_random_games_court import COURT

import wallenstein


def test_state_round_trips_through_its_dict() -> None:
    from wallenstein.state import State

    g = wallenstein.new_game(5, seed=2, modules=COURT)
    d = g.s.to_dict()
    assert State.from_dict(json.loads(json.dumps(d))).to_dict() == d
    basic = wallenstein.new_game(5, seed=2)
    assert "court" not in basic.s.to_dict()  # basic-game saves keep their form

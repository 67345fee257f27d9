"""Emperor's Court games are reproducible: across processes and hash seeds, from their history,
and from a save file taken in the middle of the court step."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys

from test_random_games_court import COURT, play_random_court

import wallenstein

SCRIPT = """
import hashlib, json, sys
sys.path.insert(0, {tests!r})
from test_random_games_court import play_random_court
out = []
for players, seed, setup in [(3, 31, "draft"), (4, 32, "lineup"), (5, 33, "draft")]:
    g = play_random_court(players, seed, setup)
    out.append(hashlib.sha256(g.to_json().encode()).hexdigest())
print(json.dumps(out))
"""

CASES = [(3, 31, "draft"), (4, 32, "lineup"), (5, 33, "draft")]


def _digests(hashseed: str) -> list[str]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    tests = os.path.dirname(__file__)
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(tests=tests)], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def test_court_games_identical_across_processes_and_hash_seeds() -> None:
    a, b, c = _digests("0"), _digests("4242"), _digests("random")
    assert a == b == c
    here = [hashlib.sha256(play_random_court(p, s, setup).to_json().encode()).hexdigest() for p, s, setup in CASES]
    assert here == a


def test_court_history_replays_the_same_game() -> None:
    for players, seed, setup in CASES:
        g = play_random_court(players, seed, setup)
        r = wallenstein.replay(json.loads(json.dumps(g.history)))
        assert r.to_json() == g.to_json() and r.log == g.log


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

"""Reproducibility: same seed, same agents, same options give the same game in any process."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest
from test_random_games import play_random

import wallenstein
from tabletop.errors import IllegalAction

SCRIPT = """
import hashlib, json, random, sys
sys.path.insert(0, {tests!r})
from test_random_games import play_random
out = []
for players, seed, setup in [(3, 11, "lineup"), (4, 12, "draft"), (5, 13, "lineup")]:
    g = play_random(players, seed, setup)
    out.append(hashlib.sha256(g.to_json().encode()).hexdigest())
print(json.dumps(out))
"""


def _digests_in_subprocess(hashseed: str) -> list[str]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    tests = os.path.dirname(__file__)
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(tests=tests)], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def test_games_identical_across_processes_and_hash_seeds() -> None:
    a = _digests_in_subprocess("0")
    b = _digests_in_subprocess("12345")
    c = _digests_in_subprocess("random")
    assert a == b == c
    here = [
        hashlib.sha256(play_random(p, s, setup).to_json().encode()).hexdigest()
        for p, s, setup in [(3, 11, "lineup"), (4, 12, "draft"), (5, 13, "lineup")]
    ]
    assert here == a


@pytest.mark.parametrize(("players", "setup"), [(3, "draft"), (4, "lineup"), (5, "draft")])
def test_replay_of_history_rebuilds_the_same_game(players: int, setup: str) -> None:
    g = play_random(players, 21, setup)
    h = g.history
    json.dumps(h)  # JSON-serializable
    r = wallenstein.replay(json.loads(json.dumps(h)))
    assert r.to_json() == g.to_json()
    assert r.log == g.log
    assert r.result() == g.result()


def test_replay_needs_no_generator_and_no_tower_model() -> None:
    """Chance outcomes come from the history: a game with a different seed in its header but the
    same recorded outcomes replays identically (the generator is never asked)."""
    g = play_random(4, 5, "lineup")
    h = json.loads(json.dumps(g.history))
    h[0]["new_game"]["tower"] = {"model": "memoryless"}
    r = wallenstein.replay(h)
    assert r.s.to_dict() == g.s.to_dict()


def test_save_and_load_mid_game_then_continue_identically() -> None:
    import random

    g = wallenstein.new_game(players=4, seed=8)
    rng = random.Random(1)
    for _ in range(200):
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    saved = g.to_json()
    loaded = wallenstein.Game.from_json(saved)
    assert loaded.to_json() == saved
    rng_a, rng_b = random.Random(2), random.Random(2)
    while not g.over:
        seat = rng_a.choice(g.pending())
        g.apply(seat, rng_a.choice(g.legal_actions(seat)))
        seat_b = rng_b.choice(loaded.pending())
        loaded.apply(seat_b, rng_b.choice(loaded.legal_actions(seat_b)))
    assert loaded.to_json() == g.to_json()


def test_clone_is_independent() -> None:
    import random

    g = wallenstein.new_game(players=3, seed=3)
    before = g.to_json()
    c = g.clone()
    rng = random.Random(0)
    for _ in range(100):
        seat = rng.choice(c.pending())
        c.apply(seat, rng.choice(c.legal_actions(seat)))
    assert g.to_json() == before
    assert c.to_json() != before


def test_refresh_forgets_cached_decisions_after_a_hand_edit() -> None:
    g = wallenstein.new_game(players=4, seed=1)
    before = g.legal_actions(0)
    mine = [c for c, o in enumerate(g.s.owner) if o == 0]
    g.s.owner[mine[0]] = -1  # a hand edit (tests and studies arrange states like this)
    g.s.supply[0] += g.s.armies[mine[0]]
    g.s.armies[mine[0]] = 0
    assert g.legal_actions(0) == before  # still the cached list
    g.refresh()
    assert len(g.legal_actions(0)) == len(before) - 1


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [("edtion", "2002", "unknown option"), ("game", "league_of_six", "not a wallenstein history")],
)
def test_a_history_head_with_an_unknown_option_or_another_game_is_refused(key: str, value: str, message: str) -> None:
    """A misspelt option (here 'edtion') would otherwise replay a different game without a word."""
    g = play_random(3, 2, "lineup")
    h = json.loads(json.dumps(g.history))
    h[0]["new_game"][key] = value
    with pytest.raises(IllegalAction, match=message):
        wallenstein.replay(h)

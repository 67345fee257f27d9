"""Reproducibility: same seed, same decisions, same options give the same game in any process."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from test_los_random_games import play_random

import league_of_six
from league_of_six import IllegalAction

CASES = [(3, 11, "white"), (4, 12, "yellow"), (5, 13, "white")]
SCRIPT = """
import hashlib, json, sys
sys.path.insert(0, {tests!r})
from test_los_random_games import play_random
print(json.dumps([hashlib.sha256(play_random(p, s, sides, checked=False).to_json().encode()).hexdigest()
                  for p, s, sides in {cases!r}]))
"""


def _digests_in_subprocess(hashseed: str) -> list[str]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    code = SCRIPT.format(tests=os.path.dirname(__file__), cases=CASES)
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def test_games_identical_across_processes_and_hash_seeds() -> None:
    a = _digests_in_subprocess("0")
    b = _digests_in_subprocess("12345")
    c = _digests_in_subprocess("random")
    assert a == b == c
    here = [
        hashlib.sha256(play_random(p, s, sides, checked=False).to_json().encode()).hexdigest() for p, s, sides in CASES
    ]
    assert here == a


@pytest.mark.parametrize("players", [3, 4, 5])
def test_replay_of_history_rebuilds_the_same_game(players: int) -> None:
    g = play_random(players, 21, checked=False)
    h = json.loads(json.dumps(g.history))
    r = league_of_six.replay(h)
    assert r.to_json() == g.to_json()
    assert r.log == g.log
    assert r.result() == g.result()


def test_replay_needs_no_generator() -> None:
    """Chance outcomes come from the history: another seed in the header replays identically."""
    g = play_random(4, 5, checked=False)
    h = json.loads(json.dumps(g.history))
    h[0]["new_game"]["seed"] = 999
    r = league_of_six.replay(h)
    assert r.s.to_dict() == g.s.to_dict()


def test_user_components_travel_with_the_history() -> None:
    path = Path(__file__).resolve().parent / "los_examples_components.json"
    g = league_of_six.new_game(players=3, seed=4, components=path)
    rng = random.Random(4)
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    h = json.loads(json.dumps(g.history))
    assert h[0]["new_game"]["components"]["name"].startswith("Rulebook worked examples")
    r = league_of_six.replay(h)
    assert r.to_json() == g.to_json() and not r.comp.standin


def test_save_and_load_mid_game_then_continue_identically() -> None:
    g = league_of_six.new_game(players=4, seed=8)
    rng = random.Random(1)
    for _ in range(50):
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    saved = g.to_json()
    loaded = league_of_six.Game.from_json(saved)
    assert loaded.to_json() == saved
    rng_a, rng_b = random.Random(2), random.Random(2)
    while not g.over:
        seat = g.pending()[0]
        g.apply(seat, rng_a.choice(g.legal_actions(seat)))
        seat_b = loaded.pending()[0]
        loaded.apply(seat_b, rng_b.choice(loaded.legal_actions(seat_b)))
    assert loaded.to_json() == g.to_json()


def test_clone_is_independent() -> None:
    g = league_of_six.new_game(players=3, seed=3)
    before = g.to_json()
    c = g.clone()
    rng = random.Random(0)
    for _ in range(60):
        seat = c.pending()[0]
        c.apply(seat, rng.choice(c.legal_actions(seat)))
    assert g.to_json() == before
    assert c.to_json() != before


def test_corrupt_saves_and_histories_are_rejected() -> None:
    g = play_random(4, 30, checked=False)
    save = json.loads(g.to_json())
    bad_state = json.loads(json.dumps(save))
    bad_state["state"]["influence"][0] += 1
    with pytest.raises(IllegalAction, match="corrupt"):
        league_of_six.Game.from_json(json.dumps(bad_state))
    for text in ("{", "[]", json.dumps({"format": "wallenstein-game"}), json.dumps({**save, "version": 9})):
        with pytest.raises(IllegalAction):
            league_of_six.Game.from_json(text)
    h = g.history
    # A chance outcome that cannot happen (a town besieged twice).
    siege = next(i for i, e in enumerate(h) if e.get("chance") == "siege")
    bad = json.loads(json.dumps(h))
    bad[siege]["outcome"] = [0, 0]
    with pytest.raises(IllegalAction, match="besieged"):
        league_of_six.replay(bad)
    # A chance outcome moved to another place among the decisions.
    last_chance = max(i for i, e in enumerate(h) if "chance" in e)
    moved = json.loads(json.dumps(h))
    entry = moved.pop(last_chance)
    moved.insert(last_chance - 3, entry)
    with pytest.raises(IllegalAction, match="does not replay"):
        league_of_six.replay(moved)
    # A decision that was never legal, unknown options, an extra outcome.
    act = next(i for i, e in enumerate(h) if "action" in e)
    wrong = json.loads(json.dumps(h))
    wrong[act]["action"] = {"type": "offer", "guards": 12}
    with pytest.raises(IllegalAction, match="does not replay"):
        league_of_six.replay(wrong)
    opts = json.loads(json.dumps(h))
    opts[0]["new_game"]["speed"] = "fast"
    with pytest.raises(IllegalAction, match="unknown option"):
        league_of_six.replay(opts)
    extra = [*json.loads(json.dumps(h)), {"chance": "siege", "outcome": [1, 2]}]
    with pytest.raises(IllegalAction, match="left over"):
        league_of_six.replay(extra)

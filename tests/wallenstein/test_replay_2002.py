"""2002 reproducibility: the same game in any process whatever PYTHONHASHSEED; histories and saves
replay exactly, with the stand-in or a user's printed-value table."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest
from test_random_games_2002 import play_random_2002

import wallenstein

CASES = [(3, 31, "draft"), (4, 32, "lineup"), (5, 33, "draft")]
SCRIPT = """
import hashlib, json, sys
sys.path.insert(0, {tests!r})
from test_random_games_2002 import play_random_2002
print(json.dumps([hashlib.sha256(play_random_2002(p, s, u).to_json().encode()).hexdigest() for p, s, u in {cases!r}]))
"""


def _digests(hashseed: str) -> list[str]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    code = SCRIPT.format(tests=os.path.dirname(__file__), cases=CASES)
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def test_2002_games_identical_across_processes_and_hash_seeds() -> None:
    a, b, c = _digests("0"), _digests("4242"), _digests("random")
    assert a == b == c
    assert a == [hashlib.sha256(play_random_2002(p, s, u).to_json().encode()).hexdigest() for p, s, u in CASES]


@pytest.mark.parametrize(("players", "setup"), [(3, "lineup"), (4, "draft"), (5, "lineup")])
def test_2002_history_replays_to_the_same_game(players: int, setup: str) -> None:
    g = play_random_2002(players, 41, setup)
    r = wallenstein.replay(json.loads(json.dumps(g.history)))
    assert r.to_json() == g.to_json() and r.log == g.log and r.result() == g.result()
    assert r.edition == "2002"


def test_2002_save_mid_fight_and_load() -> None:
    import random

    g = wallenstein.new_game(4, seed=9, edition="2002")
    rng = random.Random(3)
    while g.phase != "commit":
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    loaded = wallenstein.Game.from_json(g.to_json())
    assert loaded.phase == "commit" and loaded.s.fight == g.s.fight
    assert loaded.legal_actions(loaded.pending()[0]) == g.legal_actions(g.pending()[0])


def test_2002_user_printed_table_travels_with_the_history() -> None:
    order = ["Bayern", "Sachsen", "Kurpfalz", "Brandenburg", "Österreich"]
    table = {
        "winter_loss": [i % 10 for i in range(25)],
        "regions": {k: order for k in ("crop_failure", "good_harvest", "troop_shortage")},
    }
    g = wallenstein.new_game(4, seed=2, edition="2002", printed={"events_2002": table})
    assert g.history[0]["new_game"]["printed"] == {"events_2002": table}
    r = wallenstein.replay(json.loads(json.dumps(g.history)))
    assert r.events == g.events and not r.is_standin("events_2002")

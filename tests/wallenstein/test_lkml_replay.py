"""Reproducible module games: the same seed, choices and options give the same game in any process,
whatever PYTHONHASHSEED is; histories and save files replay exactly, mid-decision included."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys

import pytest
from lkml_scenario import BOTH, LK, ML, drive_to
from test_random_games_lkml import play_random_modules

import wallenstein

CASES = [(3, 11, "lineup", LK), (4, 12, "draft", ML), (5, 13, "lineup", BOTH), (3, 14, "draft", BOTH)]

SCRIPT = """
import hashlib, json, sys
sys.path.insert(0, {tests!r})
from test_random_games_lkml import play_random_modules
out = []
for players, seed, setup, modules in {cases!r}:
    g, _ = play_random_modules(players, seed, setup, tuple(modules), checks=False)
    out.append(hashlib.sha256(g.to_json().encode()).hexdigest())
print(json.dumps(out))
"""


def _digests_in_subprocess(hashseed: str) -> list[str]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    tests = os.path.dirname(__file__)
    code = SCRIPT.format(tests=tests, cases=CASES)
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def test_module_games_identical_across_processes_and_hash_seeds() -> None:
    a = _digests_in_subprocess("0")
    b = _digests_in_subprocess("4321")
    c = _digests_in_subprocess("random")
    assert a == b == c
    here = [
        hashlib.sha256(play_random_modules(p, s, setup, m, checks=False)[0].to_json().encode()).hexdigest()
        for p, s, setup, m in CASES
    ]
    assert here == a


@pytest.mark.parametrize(("players", "seed", "setup", "modules"), CASES)
def test_module_history_replays_to_the_same_game(players: int, seed: int, setup: str, modules: tuple[str, ...]) -> None:
    g, _ = play_random_modules(players, seed + 100, setup, modules, checks=False)
    h = json.loads(json.dumps(g.history))
    assert h[0]["new_game"]["modules"] == sorted(modules)
    r = wallenstein.replay(h)
    assert r.to_json() == g.to_json()
    assert r.log == g.log
    assert r.result() == g.result()


@pytest.mark.parametrize("phase", ["landsknechte", "leader_place", "leader_move", "leader_return"])
def test_save_mid_decision_and_continue_identically(phase: str) -> None:
    g = wallenstein.new_game(players=4, seed=20, modules=BOTH)  # reaches all four phases
    rng = random.Random(3)

    def pick(game: wallenstein.Game, seat: int) -> wallenstein.Action:
        return rng.choice(game.legal_actions(seat))

    drive_to(g, phase, pick)
    saved = g.to_json()
    loaded = wallenstein.Game.from_json(saved)
    assert loaded.phase == phase and loaded.pending() == g.pending()
    assert loaded.legal_actions(g.pending()[0]) == g.legal_actions(g.pending()[0])
    rng_a, rng_b = random.Random(9), random.Random(9)
    while not g.over:
        seat = rng_a.choice(g.pending())
        g.apply(seat, rng_a.choice(g.legal_actions(seat)))
        seat_b = rng_b.choice(loaded.pending())
        loaded.apply(seat_b, rng_b.choice(loaded.legal_actions(seat_b)))
    assert loaded.to_json() == g.to_json()


def test_module_clone_is_independent() -> None:
    g = wallenstein.new_game(players=4, seed=8, modules=BOTH)
    drive_to(g, "leader_move", lambda game, seat: game.legal_actions(seat)[-1])
    before = g.to_json()
    c = g.clone()
    rng = random.Random(0)
    while not c.over:
        seat = rng.choice(c.pending())
        c.apply(seat, rng.choice(c.legal_actions(seat)))
    assert g.to_json() == before
    assert c.s.mods.statue_supply is not g.s.mods.statue_supply and c.s.mods.lk_top is not g.s.mods.lk_top


def test_a_user_table_travels_with_the_history() -> None:
    table = [{"grain": 7}, {"vp": 8, "thalers": 1}, {"armies": 9}]
    g = wallenstein.new_game(players=3, seed=5, modules=LK, printed={"landsknechte": table})
    rng = random.Random(1)
    while not g.over:
        seat = rng.choice(g.pending())
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    h = json.loads(json.dumps(g.history))
    assert h[0]["new_game"]["printed"] == {"landsknechte": table}
    taken = {(e["benefit"], e["amount"]) for e in g.log if e["e"] == "landsknechte_benefit"}
    assert taken and taken <= {("grain", 7), ("vp", 8), ("thalers", 1)} | {("armies", n) for n in range(10)}
    assert wallenstein.replay(h).to_json() == g.to_json()

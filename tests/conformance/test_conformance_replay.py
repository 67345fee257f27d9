"""Reproducibility for every registered game kind: a history replays to the same game (with no
random generator: the outcomes come from the history), a save taken in any decision phase loads and
plays on identically, a clone is independent, and the same seed gives the same game in any process
and PYTHONHASHSEED."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys

import pytest
from kinds import Game, GameKind, kind_params, kinds, played, random_step


@pytest.mark.parametrize("kind", kind_params())
@pytest.mark.parametrize("case", [0, 4])
def test_history_replays_to_the_same_game(kind: GameKind, case: int) -> None:
    g = played(kind, case, seed=21 + case)
    history = json.loads(json.dumps(g.history))
    r = kind.replay(history)
    assert r.to_json() == g.to_json()
    assert r.log == g.log
    assert r.result() == g.result()


@pytest.mark.parametrize("kind", kind_params())
def test_replay_takes_chance_from_the_history_not_from_the_seed(kind: GameKind) -> None:
    g = played(kind, 2, seed=5)
    history = json.loads(json.dumps(g.history))
    history[0]["new_game"]["seed"] = 999
    assert kind.replay(history).s.to_dict() == g.s.to_dict()


def _step(g: Game) -> None:
    """A decision that depends only on how long the history is, so that a loaded copy of a game
    decides exactly as the original."""
    rng = random.Random(len(g.history))
    seat = rng.choice(g.pending())
    g.apply(seat, rng.choice(g.legal_actions(seat)))


@pytest.mark.parametrize("kind", kind_params())
def test_a_save_in_every_phase_loads_and_plays_on_identically(kind: GameKind) -> None:
    """Saved the first time each of the kind's decision phases comes up (the draft, a module's step,
    a defender's commitment, ...), a game loads exactly, offers the same decisions, and with the
    same decisions ends exactly as the game it was saved from."""
    saved: dict[str, Game] = {}
    for i in range(12):
        g = kind.make(i, seed=60 + i)
        copies = []
        while not g.over:
            if g.phase not in saved:
                text = g.to_json()
                loaded = kind.load(text)
                assert loaded.to_json() == text and loaded.pending() == g.pending()
                assert all(loaded.legal_actions(p) == g.legal_actions(p) for p in g.pending())
                saved[g.phase] = loaded
                copies.append(loaded)
            _step(g)
        for loaded in copies:
            while not loaded.over:
                _step(loaded)
            assert loaded.to_json() == g.to_json()
        if set(saved) >= set(kind.phases):
            break
    assert sorted(saved) == sorted(kind.phases)


@pytest.mark.parametrize("kind", kind_params())
def test_clone_is_independent(kind: GameKind) -> None:
    g = kind.make(0, seed=3)
    before = g.to_json()
    c = g.clone()
    rng = random.Random(0)
    for _ in range(60):
        random_step(c, rng)
    assert g.to_json() == before
    assert c.to_json() != before


SCRIPT = """
import hashlib, sys
sys.path.insert(0, {here!r})
from kinds import kinds, played
for kind in kinds():
    print(kind.name, hashlib.sha256(played(kind, 4, 314).to_json().encode()).hexdigest())
"""


def _digests(hashseed: str) -> list[str]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    code = SCRIPT.format(here=os.path.dirname(__file__))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def test_every_kind_is_identical_across_processes_and_hash_seeds() -> None:
    runs = [_digests(h) for h in ("0", "12345", "random")]
    assert runs[0] == runs[1] == runs[2]
    here = [f"{k.name} {hashlib.sha256(played(k, 4, 314).to_json().encode()).hexdigest()}" for k in kinds()]
    assert here == runs[0]
    assert len({line.split()[1] for line in here}) == len(here)  # the kinds really differ

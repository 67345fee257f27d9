"""The environments' fast encoders give exactly the reference vectors, and still hide every secret.

The reference is ``encode(game.observe(seat))`` (the observation dict, the one place that decides
what a seat sees); ``fast_encode(game, seat)`` reads the engine state directly. They are compared for
every seat at every decision of random games over editions, modules, set-ups and player counts.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import league_of_six
import wallenstein
from league_of_six import rl as los_rl
from tabletop.rl.spec import RLGame
from wallenstein import rl as w_rl

ALL_MODULES = ("emperors_court", "landsknechte", "military_leaders")
W_CASES: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {"edition": "2002"}),
    (5, {"modules": ALL_MODULES}),
    (4, {"setup": "draft", "modules": ("military_leaders",)}),
    (3, {"modules": ("emperors_court",)}),
    (5, {"edition": "2002", "setup": "draft"}),
    (4, {"modules": ("landsknechte",)}),
]


def _compare(spec: RLGame, game: Any, seed: int) -> int:
    """Play ``game`` randomly; at every decision every seat's fast vector equals the reference, and
    so do the vectors of an environment's stateful encoder (``spec.encoder()``, which keeps parts
    between calls: over the compiled encoder where it is built), of the same encoder on the Python
    path, and of the compiled stateless encoder, each asked for every seat in a shuffled order."""
    assert spec.fast_encode is not None
    rng = random.Random(seed)
    order = random.Random(seed + 1)
    encoder = spec.encoder()
    module = sys.modules[spec.fast_encode.__module__]
    python_encoder = module.Encoder(compiled=False)
    compiled = module._compiled
    compared = 0
    while True:
        seats = list(range(game.players))
        order.shuffle(seats)
        for seat in seats:
            ref = spec.encode(game.observe(seat))
            ways = [
                ("fast_encode", spec.fast_encode(game, seat)),
                ("encoder", encoder(game, seat)),
                ("python encoder", python_encoder(game, seat)),
            ]
            if compiled is not None:
                ways.append(("compiled encode_game", compiled.encode_game(game, seat)))
            for how, fast in ways:
                if not np.array_equal(fast, ref):
                    diff = np.flatnonzero(fast != ref)
                    raise AssertionError(f"{how}: seat {seat}, phase {game.phase}: entries {diff[:10]} differ")
            compared += 1
        if game.over:
            return compared
        seat = game.pending()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize(("players", "options"), W_CASES, ids=[f"{p}p-{o}" for p, o in W_CASES])
def test_wallenstein_fast_vectors_equal_the_reference(players: int, options: dict[str, Any]) -> None:
    g = wallenstein.new_game(players=players, seed=players * 7 + len(options), log=False, **options)
    assert _compare(w_rl.SPEC, g, 5) > 500


@pytest.mark.parametrize("players", [3, 4, 5])
def test_league_of_six_fast_vectors_equal_the_reference(players: int) -> None:
    total = sum(_compare(los_rl.SPEC, league_of_six.new_game(players=players, seed=s, log=False), s) for s in (1, 2))
    assert total > 500


@pytest.mark.parametrize("game", ["wallenstein", "league_of_six"])
def test_one_encoder_serves_games_of_any_player_count(game: str) -> None:
    """An encoder's memory never carries one game's blocks into another: one encoder, three games
    of 3, 5 and 4 players stepped in turn, every acting seat's vector equal to the reference."""
    w = game == "wallenstein"
    spec, new_game = (w_rl.SPEC, wallenstein.new_game) if w else (los_rl.SPEC, league_of_six.new_game)
    encoder = spec.encoder()
    games: list[Any] = [new_game(players=p, seed=p, log=False) for p in (3, 5, 4)]  # either game's kind
    rng = random.Random(3)
    steps = 0
    while any(not g.over for g in games):
        for g in games:
            if g.over:
                continue
            seat = g.pending()[0]
            assert np.array_equal(encoder(g, seat), spec.encode(g.observe(seat)))
            g.apply(seat, rng.choice(g.legal_actions(seat)))
            steps += 1
    assert steps > 300


AEC_CASES: list[tuple[str, int, dict[str, Any]]] = [
    *(("wallenstein", p, o) for p, o in W_CASES[1:4]),
    ("league_of_six", 3, {}),
    ("league_of_six", 5, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), AEC_CASES, ids=[f"{g}-{p}p-{o}" for g, p, o in AEC_CASES])
def test_the_aec_env_hands_out_the_reference_vector_of_the_acting_agent(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """As a user steps it (``last()`` for the agent to act, then ``step``), the observation the AEC
    env hands out is ``encode(observe(seat))`` at every step with the mask of the seat's legal
    actions, ``last()`` gives what ``observe(agent)`` gives, and a kept vector or mask never changes."""
    rl = w_rl if game == "wallenstein" else los_rl
    env = rl.env(players=players, **options)
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    steps = 0
    for agent in env.agent_iter():
        obs, _r, term, trunc, _info = env.last()
        seat = int(agent.split("_")[1])
        assert obs is env.observe(agent)
        assert np.array_equal(obs["observation"], rl.encode(env.game.observe(seat)))
        if not env.game.over:
            assert np.array_equal(obs["action_mask"], rl.SPEC.catalogue.mask(env.game.legal_actions(seat)))
        if steps % 25 == 0:
            kept += [(obs["observation"], obs["observation"].copy()), (obs["action_mask"], obs["action_mask"].copy())]
        steps += 1
        env.step(None if term or trunc else int(rng.choice(obs["action_mask"].view(np.bool_).nonzero()[0])))
    assert steps > 80
    assert all(np.array_equal(a, b) for a, b in kept)


def _hidden_twins_fast(spec: RLGame, new_game: Callable[..., Any], players: int, seed: int, every: int) -> int:
    """The hidden-twin test on the fast path: a resampled twin (same observation, other secrets)
    gives the same fast vector."""
    assert spec.fast_encode is not None
    g = new_game(players=players, seed=seed, log=False)
    rng = random.Random(seed)
    checked = n = 0
    while not g.over:
        if n % every == 0:
            for seat in range(players):
                twin = g.resample(seat, n * 31 + seat)
                assert twin.observe(seat) == g.observe(seat)
                assert np.array_equal(spec.fast_encode(twin, seat), spec.fast_encode(g, seat))
                checked += 1
        seat = g.pending()[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        n += 1
    return checked


def test_hidden_twins_fast_wallenstein() -> None:
    assert _hidden_twins_fast(w_rl.SPEC, wallenstein.new_game, 4, 12, 9) > 100


def test_hidden_twins_fast_league_of_six() -> None:
    assert _hidden_twins_fast(los_rl.SPEC, league_of_six.new_game, 4, 12, 4) > 80

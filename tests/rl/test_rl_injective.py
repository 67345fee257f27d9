"""The observation vectors lose nothing a seat may see (the converse of the hidden-twin test).

Along random games of both games (3, 4 and 5 players; Wallenstein's editions, modules and the
draft), each seat's (observation dict, vector) pairs are collected. Two checks, each ignoring only
the fields its encoder documents as left out (``NOT_ENCODED`` in its ``encoding`` module, each
with its reason):

* equal vectors of one seat come from equal observations (collisions met in play);
* twins that differ in one visible field: a seat's observation with one field (a number, a name, a
  list of them) set to another value that field took in the same games encodes differently. This
  is what finds a value clipped, a number taken for a seat slot, a field never encoded (v0 of both
  games failed it), since two positions met in play rarely differ in one field only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import numpy as np
import pytest

import league_of_six
import wallenstein
from league_of_six import rl as los_rl
from league_of_six.rl import encoding as los_encoding
from wallenstein import rl as w_rl
from wallenstein.rl import encoding as w_encoding

ALL_MODULES = ("emperors_court", "landsknechte", "military_leaders")


def _prune(value: Any, excluded: list[tuple[str, ...]]) -> Any:
    """``value`` without the paths in ``excluded`` ("*" matches any key or list index)."""
    if not excluded:
        return value
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if any(len(p) == 1 and p[0] in (k, "*") for p in excluded):
                continue
            out[k] = _prune(v, [p[1:] for p in excluded if len(p) > 1 and p[0] in (k, "*")])
        return out
    if isinstance(value, list):
        return [_prune(v, [p[1:] for p in excluded if len(p) > 1 and p[0] == "*"]) for v in value]
    return value


def _diff(a: Any, b: Any, path: str = "") -> list[str]:
    """The paths where ``a`` and ``b`` differ (for the failure message)."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return [d for k in sorted(set(a) | set(b), key=str) for d in _diff(a.get(k), b.get(k), f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True)) for d in _diff(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} vs {b!r}"[:160]]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) of an observation: scalars, and lists of scalars taken whole."""
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list) and any(isinstance(v, (Mapping, list)) for v in value):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _excluded(path: tuple[Any, ...], patterns: list[tuple[str, ...]]) -> bool:
    return any(len(p) <= len(path) and all(a in ("*", str(b)) for a, b in zip(p, path, strict=False)) for p in patterns)


def _check(
    encode: Callable[[Mapping[str, Any]], Any],
    not_encoded: Mapping[str, str],
    games: list[Any],
    seed: int,
    every: int,
) -> tuple[int, int, list[str]]:
    """Play ``games`` randomly. Every 4th decision, each seat's pair is checked against the earlier
    pairs of that seat (equal vectors, equal pruned observations) and its fields' values recorded;
    every ``every``-th, one seat's one-field twins are built (the seats in turn). Returns (pairs, twins, problems)."""
    patterns = [tuple(p.split(".")) for p in not_encoded]
    rng = random.Random(seed)
    seen: dict[tuple[int, bytes], tuple[str, Any]] = {}
    problems: list[str] = []
    sampled: list[dict[str, Any]] = []
    domain: dict[tuple[int, tuple[Any, ...]], dict[str, Any]] = {}
    pairs = 0
    for g in games:
        n = 0
        while True:
            if n % 4 == 0:
                for seat in range(g.players):
                    obs = g.observe(seat)
                    kept = _prune(obs, patterns)
                    text = json.dumps(kept, sort_keys=True)
                    first = seen.setdefault((seat, np.asarray(encode(obs)).tobytes()), (text, kept))
                    pairs += 1
                    if first[0] != text:
                        problems.append(f"seat {seat}: equal vectors from " + "; ".join(_diff(first[1], kept)[:4]))
                    for path, v in _leaves(obs):
                        domain.setdefault((g.players, path), {}).setdefault(json.dumps(v, sort_keys=True), v)
                    if n % every == 0 and seat == n // every % g.players:  # the seats in turn
                        sampled.append(obs)
            if g.over:
                break
            seat = g.pending()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
            n += 1
    twins = 0
    lost: dict[tuple[Any, ...], str] = {}
    for obs in sampled:
        base = np.asarray(encode(obs))
        P = obs["players_count"]
        for path, v in list(_leaves(obs)):
            if _excluded(path, patterns):
                continue
            others = [w for k, w in domain[(P, path)].items() if k != json.dumps(v, sort_keys=True)]
            if not others:
                continue
            w = rng.choice(others)
            parent = obs
            for k in path[:-1]:
                parent = parent[k]
            parent[path[-1]] = w
            try:
                same = np.array_equal(np.asarray(encode(obs)), base)
            finally:
                parent[path[-1]] = v
            twins += 1
            if same:
                key = tuple("*" if isinstance(k, int) or str(k).isdigit() else k for k in path)
                lost.setdefault(key, f"{'.'.join(map(str, path))}: {v!r} -> {w!r} encodes the same"[:160])
    return pairs, twins, problems + sorted(lost.values())


def test_not_encoded_fields_are_documented_with_reasons() -> None:
    for module in (w_encoding, los_encoding):
        assert module.NOT_ENCODED and all(isinstance(r, str) and len(r) > 10 for r in module.NOT_ENCODED.values())
        assert "NOT_ENCODED" in (module.__doc__ or "")


def test_counts_are_never_clipped() -> None:
    """Counts are x / (x + scale): strictly increasing in float32 far past every scale, below 1."""
    from tabletop.rl.layout import scaled

    for scale in (2, 3, 20, 150):
        values = np.array([scaled(x, scale) for x in range(2000)], dtype=np.float32)
        assert values[0] == 0 and np.all(np.diff(values) > 0) and values[-1] < 1


W_GAMES = [
    (3, {}),
    (4, {"edition": "2002"}),
    (5, {"modules": ALL_MODULES}),
    (4, {"setup": "draft", "modules": ("military_leaders",)}),
    (3, {"edition": "2002", "setup": "draft"}),
]


@pytest.mark.parametrize(("players", "options"), W_GAMES, ids=[f"{p}p-{o}" for p, o in W_GAMES])
def test_wallenstein_vectors_lose_nothing_a_seat_sees(players: int, options: dict[str, Any]) -> None:
    games = [wallenstein.new_game(players=players, seed=50 + players, log=False, **options)]
    pairs, twins, problems = _check(w_rl.encode, w_encoding.NOT_ENCODED, games, players, 32)
    assert pairs > 150 and twins > 800
    assert not problems, f"{len(problems)} losses, e.g.\n" + "\n".join(problems[:40])


def test_league_of_six_vectors_lose_nothing_a_seat_sees() -> None:
    games = [league_of_six.new_game(players=p, seed=1, log=False) for p in (3, 4, 5)]
    pairs, twins, problems = _check(los_rl.encode, los_encoding.NOT_ENCODED, games, 7, 40)
    assert pairs > 150 and twins > 800
    assert not problems, f"{len(problems)} losses, e.g.\n" + "\n".join(problems[:40])

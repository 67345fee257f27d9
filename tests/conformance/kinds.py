"""The registry of game kinds the conformance suite runs over (like OpenSpiel's suite over its games).

A game kind is one game with one set of options that changes its rules (a Wallenstein edition with a
set of modules, League of Six): ``GameKind`` says how to make, replay, load and check such a game,
how to build "hidden twins" of a position for the secrecy test, and which golden playthroughs it has.
Every test in ``tests/conformance`` is parametrised over ``kinds()``: a new game (or edition) gets
the API, invariant, replay, cross-process, secrecy, bad-input and golden tests by registering
itself in a provider module listed in ``PROVIDERS`` (see ``wallenstein_kinds.py``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

# Modules that call ``register`` when imported; a third game adds its own here.
PROVIDERS = ("wallenstein_kinds", "league_of_six_kinds")

Game = Any  # a tabletop.engine.RecordedGame: new_game/apply/pending/legal_actions/observe/result
# (the secret changed, the seats that may see it, the twin)
Twins = Callable[[Game, random.Random], list[tuple[str, frozenset[int], Game]]]


@dataclass(frozen=True)
class Golden:
    """A checked-in playthrough: its history and narration files and how to play it afresh."""

    name: str
    history_path: Path
    narration_path: Path
    play: Callable[[], Game]
    regenerate: str  # the command that rewrites the files


@dataclass(frozen=True)
class GameKind:
    name: str
    new_game: Callable[..., Game]  # new_game(players=, seed=, **variant)
    replay: Callable[[Any], Game]
    load: Callable[[str], Game]  # Game.from_json
    check: Callable[[Game], None]  # the game's invariants (AssertionError when broken)
    narrate: Callable[[Game], str]
    twins: Twins  # copies differing only in what some seats (maybe none) may know
    secrets: tuple[str, ...]  # the names of the secrets ``twins`` changes; each must come up in the test
    phases: tuple[str, ...]  # every decision phase (``g.phase``) the kind has: saves are tried in each
    players: tuple[int, ...] = (3, 4, 5)
    variants: tuple[Mapping[str, Any], ...] = ({},)  # options that do not change the kind (set-up, sides)
    random_games: int = 24  # random games played with every invariant checked after every step
    finished: Callable[[Game], None] = lambda g: None  # extra checks on a finished random game
    golden: Sequence[Golden] = field(default_factory=tuple)
    # The kind's own malformed or illegal decisions, each refused to the first seat asked at the start
    # of ``new_game(players=4, seed=1)`` (beyond the junk and spoiled fields every kind refuses).
    bad_decisions: tuple[Any, ...] = ()

    def case(self, i: int) -> tuple[int, dict[str, Any]]:
        """The i-th (players, options) of this kind: player counts and variants in turn."""
        players = self.players[i % len(self.players)]
        variant = self.variants[i // len(self.players) % len(self.variants)]
        return players, dict(variant)

    def make(self, i: int, seed: int, **extra: Any) -> Game:
        players, variant = self.case(i)
        return self.new_game(players=players, seed=seed, **variant, **extra)


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    assert kind.name not in _KINDS, f"game kind {kind.name} registered twice"
    _KINDS[kind.name] = kind
    return kind


def kinds() -> list[GameKind]:
    for provider in PROVIDERS:
        importlib.import_module(provider)
    return list(_KINDS.values())


def kind_params() -> list[Any]:
    return [pytest.param(k, id=k.name) for k in kinds()]


def random_step(g: Game, rng: random.Random) -> None:
    """One uniformly random legal decision of a random pending seat."""
    seat = rng.choice(g.pending())
    g.apply(seat, rng.choice(g.legal_actions(seat)))


def play_random(g: Game, rng: random.Random, checks: Callable[[Game], None] | None = None) -> Game:
    if checks is not None:
        checks(g)
    while not g.over:
        random_step(g, rng)
        if checks is not None:
            checks(g)
    return g


def played(kind: GameKind, i: int, seed: int) -> Game:
    """The i-th case of ``kind`` played to its end by random choices seeded from ``seed``."""
    return play_random(kind.make(i, seed), random.Random(seed))

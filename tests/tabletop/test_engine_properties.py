"""Properties of the engine protocol (tabletop.engine.RecordedGame) over both games, with hypothesis
drawing the games: set-ups, seeds and each choice among the legal actions.

* random legal play keeps each game's invariants after every decision, and the game replays from
  its history and its save file to the same state and log;
* a clone is independent: decisions applied to it leave the original as it was, and the original's
  own next decision gives the same game as the clone's;
* a refused decision (another seat's turn, an action outside the legal ones) changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import league_of_six
import wallenstein
from league_of_six.invariants import check as check_league
from tabletop.errors import IllegalAction
from wallenstein.invariants import check as check_wallenstein

# Each example plays up to 80 decisions of one game: a dozen per property keep the suite quick. The
# examples are derived from the test itself (derandomize, no example database), so every run and
# every machine checks the same games, as the project's other tests do.
SETTINGS = settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

WALLENSTEIN_SETUPS: list[dict[str, Any]] = [
    {},
    {"edition": "2002"},
    {"setup": "draft"},
    {"modules": ["emperors_court", "landsknechte", "military_leaders"]},
]


def _new(game: str, players: int, seed: int, setup: int) -> Any:
    if game == "wallenstein":
        return wallenstein.new_game(players=players, seed=seed, **WALLENSTEIN_SETUPS[setup])
    return league_of_six.new_game(players=players, seed=seed, sides=("white", "yellow")[setup % 2])


CHECKS: dict[str, Callable[[Any], None]] = {"wallenstein": check_wallenstein, "league_of_six": check_league}
REPLAY: dict[str, Callable[..., Any]] = {"wallenstein": wallenstein.replay, "league_of_six": league_of_six.replay}
GAME_CLASS: dict[str, Any] = {"wallenstein": wallenstein.Game, "league_of_six": league_of_six.Game}

games = st.sampled_from(sorted(CHECKS))
players = st.integers(3, 5)
seeds = st.integers(0, 2**31)
setups = st.integers(0, len(WALLENSTEIN_SETUPS) - 1)
choices = st.lists(st.integers(0, 10**6), min_size=1, max_size=80)


def _play(g: Any, picks: list[int], after: Callable[[Any], None] | None = None) -> None:
    """Apply one decision per pick (the pick, modulo the legal actions, chooses among them)."""
    for pick in picks:
        if g.over:
            return
        seat = g.pending()[pick % len(g.pending())]
        legal = g.legal_actions(seat)
        assert legal, f"pending seat {seat} has no legal action in phase {g.phase}"
        g.apply(seat, legal[pick % len(legal)])
        if after is not None:
            after(g)


@SETTINGS
@given(games, players, seeds, setups, choices)
def test_random_legal_play_keeps_the_invariants_and_replays(
    game: str, players: int, seed: int, setup: int, picks: list[int]
) -> None:
    g = _new(game, players, seed, setup)
    _play(g, picks, CHECKS[game])
    again = REPLAY[game](g.history)
    assert again.to_json() == g.to_json() and again.log == g.log
    assert GAME_CLASS[game].from_json(g.to_json()).s.to_dict() == g.s.to_dict()


@SETTINGS
@given(games, players, seeds, setups, choices, choices)
def test_a_clone_is_independent_of_its_original(
    game: str, players: int, seed: int, setup: int, before: list[int], after: list[int]
) -> None:
    g = _new(game, players, seed, setup)
    _play(g, before)
    saved, log = g.to_json(), g.log
    c = g.clone()
    assert c.to_json() == saved
    _play(c, after)
    assert g.to_json() == saved and g.log == log  # the clone's decisions did not reach the original
    twin = g.clone()
    _play(g, after)
    _play(twin, after)
    assert g.to_json() == twin.to_json() and g.legal_actions(0) == twin.legal_actions(0)


@SETTINGS
@given(games, players, seeds, setups, choices)
def test_a_refused_decision_changes_nothing(game: str, players: int, seed: int, setup: int, picks: list[int]) -> None:
    g = _new(game, players, seed, setup)
    _play(g, picks)
    saved = g.to_json()
    waiting = set(g.pending())
    idle = [p for p in range(g.players) if p not in waiting]
    other = g.legal_actions(next(iter(waiting))) if waiting else []
    for seat in [*idle, g.players, -1]:
        with pytest.raises(IllegalAction):
            g.apply(seat, other[0] if other else {"type": "pass"})
    for seat in waiting:
        legal = g.legal_actions(seat)
        outsider = next((a for s in range(g.players) for a in g.legal_actions(s) if a not in legal), None)
        if outsider is not None:
            with pytest.raises(IllegalAction):
                g.apply(seat, outsider)
    assert g.to_json() == saved

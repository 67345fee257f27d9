"""Arranged positions and drivers for the Landsknechte and Military Leaders tests.

``module_game`` is ``scenario.arranged_game`` with modules: a game with a scripted tower whose board is
cleared after the set-up (every county neutral, every army back in supply, the tower holding 7 armies
per player and 10 peasants, an empty tray). The helpers of ``scenario`` (give, build, plan ...) work
on it. ``drive_to`` plays the public API with fixed choices until a phase is reached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scenario import Outcome, arranged_game

from wallenstein import Game
from wallenstein.actions import Action

LK = ("landsknechte",)
ML = ("military_leaders",)
BOTH = ("landsknechte", "military_leaders")


def module_game(
    modules: Sequence[str],
    players: int = 4,
    outcomes: Sequence[Outcome] = (),
    seed: int = 0,
    planning: bool = False,
    scripted: bool = True,
    printed: dict[str, object] | None = None,
) -> Game:
    """An empty board after the set-up (see the module docstring); ``planning`` keeps the first
    planning phase, otherwise the game is put in the action phase with player order 0..P-1.
    ``scripted=False`` keeps the default tower model (for games played on for several seasons)."""
    return arranged_game(players, outcomes, seed, planning, scripted=scripted, modules=tuple(modules), printed=printed)


def first_choice(g: Game, seat: int) -> Action:
    return g.legal_actions(seat)[0]


def drive_to(
    g: Game,
    phase: str | Callable[[Game], bool],
    choose: Callable[[Game, int], Action] = first_choice,
    limit: int = 100_000,
) -> None:
    """Apply ``choose`` for the first pending seat until the game is in ``phase`` (or the predicate
    holds); AssertionError if the game ends or ``limit`` decisions pass first."""
    done = (lambda game: game.phase == phase) if isinstance(phase, str) else phase
    for _ in range(limit):
        if done(g):
            return
        assert not g.over, f"the game ended before reaching {phase!r}"
        seat = g.pending()[0]
        g.apply(seat, choose(g, seat))
    raise AssertionError(f"{phase!r} not reached in {limit} decisions")

"""Arranged Emperor's Court positions for the court tests (see scenario.py for the basic game).

``court_game`` starts a court game with a scripted tower (the initial fill's outcome is given, so
the courtiers it sends are known), then clears the board as ``scenario.arranged_game`` does: every
county neutral, no plans, no event, player order 0..P-1, the game waiting just before the court step.
``run_court`` then runs the court step (and, once it is over, the empty round after it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wallenstein import Game, ScriptedTower, new_game
from wallenstein.board import EMPTY, N_BOXES
from wallenstein.court_state import CourtState
from wallenstein.state import MOVE, NEUTRAL

COURT = ("emperors_court",)
Outcome = Mapping[str, int] | Sequence[int]


def court_game(
    players: int = 4,
    fill: Outcome | None = None,
    outcomes: Sequence[Outcome] = (),
    seed: int = 0,
    printed: Mapping[str, Any] | None = None,
) -> Game:
    tower = ScriptedTower([fill if fill is not None else [0] * (players + 1), *outcomes])
    g = new_game(players=players, seed=seed, tower=tower, modules=COURT, printed=printed)
    s = g.s
    for c, o in enumerate(s.owner):
        if o >= 0:
            s.supply[o] += s.armies[c]
            s.armies[c] = 0
            s.owner[c] = NEUTRAL
    s.plans = [EMPTY] * (players * N_BOXES)
    s.plan_fill = [g.plan_size] * players
    s.order = list(range(players))
    s.position = [-1] * players
    s.event = -1
    s.act = 0
    s.turn = 0
    s.phase = MOVE
    g.refresh()
    return g


def court(g: Game) -> CourtState:
    assert g.s.court is not None
    return g.s.court


def set_display(g: Game, *cards: int) -> None:
    """Put favour cards on the display (highest first, as the rules sort them) from the deck."""
    c = court(g)
    for n in c.display:
        if n:
            c.deck.append(n)
    for n in cards:
        c.deck.remove(n)
    c.deck.sort()
    c.display = sorted(cards, reverse=True) + [0] * (3 - len(cards))


def run_court(g: Game) -> None:
    """Run the court step now (as the game does after player order)."""
    g.refresh()
    g.s.order_step = 0
    g._after_order()
    g._settle()

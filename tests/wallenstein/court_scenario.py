"""Arranged Emperor's Court positions for the court tests (see scenario.py for the basic game).

``court_game`` starts a court game with a scripted tower (the initial fill's outcome is given, so
the courtiers it sends are known), then clears the board as ``scenario.arranged_game`` does: every
county neutral, no plans, no event, player order 0..P-1, the game waiting just before the court step.
``run_court`` then runs the court step (and, once it is over, the empty round after it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scenario import arranged_game, give

from wallenstein import Game
from wallenstein.court_state import CourtState

COURT = ("emperors_court",)
Outcome = Mapping[str, int] | Sequence[int]


def court_game(
    players: int = 4,
    fill: Outcome | None = None,
    outcomes: Sequence[Outcome] = (),
    seed: int = 0,
    printed: Mapping[str, Any] | None = None,
) -> Game:
    return arranged_game(players, outcomes, seed, fill=fill, modules=COURT, printed=printed)


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
    g.s.order_step = 0
    g.arrange("order")


def red_at_the_audience(
    *display: int, hall: int = 4, supply: int = 3, anhalt: bool = True, printed: Mapping[str, Any] | None = None
) -> Game:
    """A 4-player court game whose court step has begun with Red (seat 0) first at the audience: Red
    has ``hall`` courtiers in the entrance hall and ``supply`` in its supply, holds Anhalt with 2 armies
    (unless not ``anhalt``), and the favour cards ``display`` lie open."""
    g = court_game(4, printed=printed)
    if anhalt:
        give(g, 0, "anhalt", 2)
    court(g).hall[0] = hall
    court(g).supply[0] = supply
    set_display(g, *display)
    run_court(g)
    return g

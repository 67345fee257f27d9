"""Bots in Wallenstein test games, for test_bots_play.py (the base game, every search configuration),
test_bots_editions.py (the 2002 edition and the modules) and test_bots_ismcts.py: games played with
every answer checked, and the check that a bot decides only from what its seat sees."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import wallenstein
from tabletop.agents import Agent
from tabletop.runner import run
from tabletop.testing import CheckedAgent, seated
from wallenstein.edition2002 import PLAN_START
from wallenstein.invariants import check

# Tiny search budgets: these tests check behaviour, not strength.
SMALL_SEARCH = {"simulations": 4, "candidates": 3}
# The public state ``rebuild`` restores exactly from any seat's observation.
PUBLIC_FIELDS = (
    *("owner", "armies", "buildings", "revolts", "thalers", "grain", "vp", "supply", "inside", "tray"),
    *("peasants", "bsupply", "markers", "year", "season", "phase", "order", "year_events", "event"),
)


class Checked(CheckedAgent):
    """A legal answer to a plain dict and list: a whole plan only where one may be given, and then one
    the edition's or module's check accepts (else IllegalAction). With ``invariants`` the game's
    invariants hold before every decision (every seat is observed then, random ones too)."""

    def __init__(self, agent: Agent, game: wallenstein.Game, invariants: bool = False) -> None:
        super().__init__(agent, game, observe_always=invariants)
        self.invariants = invariants

    def before(self) -> None:
        if self.invariants:
            check(self.game)

    def check(self, observation: dict[str, Any], legal: Sequence[Any], action: Any) -> None:
        if action.kind != "plan":
            return super().check(observation, legal, action)
        g = self.game
        seat = observation.get("seat", g.pending()[0])
        assert g.phase == "planning" and g.s.plan_fill[seat] == (PLAN_START if g.is2002 else 0)
        g.check_plan(seat, action.cards)


def play_checked(
    kinds: Sequence[str],
    make: Callable[[str, int], Agent],
    seed: int,
    players: int,
    setup: str = "lineup",
    edition: str = "2012",
    modules: Sequence[str] = (),
    invariants: bool = False,
) -> wallenstein.Game:
    """A game played to its end by bots of ``kinds`` in turn (``make(kind, seed)``), every answer
    checked (``Checked``), and the invariants of the finished game."""
    g = wallenstein.new_game(players=players, seed=seed, setup=setup, edition=edition, modules=modules, log=False)
    run(g, [Checked(a, g, invariants) for a in seated(kinds, players, seed, make)])
    check(g)
    return g


Twin = Callable[[wallenstein.Game, int, random.Random], wallenstein.Game]


def assert_decisions_ignore_secrets(
    g: wallenstein.Game, make_bot: Callable[[], Agent], twin: Twin, rng: random.Random, wanted: int, every: int
) -> None:
    """Along a game of random decisions, at every ``every``-th step where the seat to decide has a
    choice, two bots made alike by ``make_bot`` decide the same, one in ``g`` and one in ``twin(g, seat,
    rng)``: a copy whose secrets differ while the seat's observation is the same. ``wanted`` decisions
    are compared."""
    checked = 0
    steps = 0
    while not g.over and checked < wanted:
        steps += 1
        seat = sorted(g.pending())[0]
        legal = list(g.legal_actions(seat))
        if len(legal) > 1 and steps % every == 0:
            other = twin(g, seat, rng)
            a1, a2 = make_bot(), make_bot()
            a1.reset(seat, 5)
            a2.reset(seat, 5)
            assert a1.act(g.observe(seat), legal) == a2.act(other.observe(seat), list(other.legal_actions(seat)))
            checked += 1
        g.apply(seat, legal[rng.randrange(len(legal))])
    assert checked >= wanted

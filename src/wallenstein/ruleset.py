"""The rules a game of Wallenstein is played by: its edition and its modules, one frozen object.

:class:`Edition` is the one place that says how the 2002 edition differs from 2012 (seeds 002 and
003; rulings W-12, W-15, W-18..W-23, W-28): how it plans, performs, moves, orders the players and
scores. :class:`Rules` joins an edition with the Big Box modules the game plays (seed 000, W-01):
the plan's boxes, the module steps between the phases, the set-ups. ``Game`` holds one ``Rules``
(``g.rules``) and asks it instead of testing the edition.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from wallenstein import court, landsknechte, leaders, perform, planning
from wallenstein import edition2002 as ed2002
from wallenstein.board import BOARD, N_BOXES
from wallenstein.events2002 import TABLE as EVENTS_2002
from wallenstein.events2002 import build as build_events_2002
from wallenstein.printed import table as printed_table

if TYPE_CHECKING:
    from wallenstein.actions import Action
    from wallenstein.game import Game

OrderStep = Callable[["Game"], bool]
BoxOptions = Callable[["Game", int], list[int]]
PlanCheck = Callable[["Game", int, tuple[int, ...]], None]


@dataclass(frozen=True)
class Edition:
    """What an edition decides: its event cards, planning, the actions, the player order, the end."""

    name: str
    events: Callable[[Mapping[str, Any]], tuple[Any, ...]]  # the event cards, from the game's options (W-29)
    prepare: Callable[[Game], None]  # edition components before the counties are set up
    plan_start: int  # the first box planned (2002: the auction box stays empty)
    money_cards: bool  # bids and money cards (2012); 2002 covers boxes with blank cards instead
    blanks: int  # blank cards per player (2002, R-10)
    leader_cards: bool  # player order by shuffled leader cards each season, not by bids (2002, W-12)
    box_options: BoxOptions
    check_plan: PlanCheck
    perform: Callable[[Game, int, int], bool]  # True when a decision opened
    move_actions: Callable[[Game, int], list[Action]]
    resolve_move: Callable[[Game, int, Action], None]
    result: Callable[[Game], dict[str, Any]]
    event_json: Callable[[Game, int], dict[str, Any]]


def _no_preparation(g: Game) -> None:
    """The 2012 components are the state's defaults."""


def _result_2012(g: Game) -> dict[str, Any]:
    """VP, thalers and winners: most VP, then most thalers, then shared (W-28)."""
    s = g.s
    winners: list[int] = []
    if g.over:
        best = max(zip(s.vp, s.thalers, strict=True))
        winners = [p for p in range(s.players) if (s.vp[p], s.thalers[p]) == best]
    return {"vp": list(s.vp), "thalers": list(s.thalers), "winners": winners, "over": g.over}


def _event_json_2012(g: Game, e: int) -> dict[str, Any]:
    ev = BOARD.events[e]
    return {"card": e, "event": ev.kind, "winter_loss": ev.winter_loss}


EDITION_2012 = Edition(
    name="2012",
    events=lambda config: BOARD.events,
    prepare=_no_preparation,
    plan_start=0,
    money_cards=True,
    blanks=0,
    leader_cards=False,
    box_options=planning.box_options,
    check_plan=planning.check_plan,
    perform=perform.perform,
    move_actions=perform.move_actions,
    resolve_move=perform.resolve_move,
    result=_result_2012,
    event_json=_event_json_2012,
)

EDITION_2002 = Edition(
    name="2002",
    events=lambda config: build_events_2002(printed_table(config, EVENTS_2002)),
    prepare=ed2002.prepare,
    plan_start=ed2002.PLAN_START,
    money_cards=False,
    blanks=ed2002.BLANKS,
    leader_cards=True,
    box_options=ed2002.box_options,
    check_plan=ed2002.check_plan,
    perform=ed2002.perform,
    move_actions=ed2002.move_actions,
    resolve_move=ed2002.resolve_move,
    result=ed2002.result,
    event_json=ed2002.event_json,
)

EDITIONS: dict[str, Edition] = {e.name: e for e in (EDITION_2012, EDITION_2002)}


@dataclass(frozen=True)
class Rules:
    """An edition with the modules a game plays; built once per game by :func:`rules_for`."""

    edition: Edition
    modules: frozenset[str]
    events: tuple[Any, ...]
    plan_size: int  # boxes per seat (the Emperor's Court adds 3 court boxes)
    box_options: BoxOptions
    check_plan: PlanCheck
    setups: tuple[Callable[[Game], None], ...]  # module components, before the counties are set up
    order_steps: tuple[OrderStep, ...]
    action_steps: tuple[OrderStep, ...]
    winter_steps: tuple[OrderStep, ...]
    final_steps: tuple[OrderStep, ...]


def rules_for(config: Mapping[str, Any]) -> Rules:
    """The rules of a game with these (checked) options."""
    edition = EDITIONS[config["edition"]]
    events = edition.events(config)
    modules = frozenset(config["modules"])
    if events is BOARD.events:  # the 2012 cards (no printed values): one Rules for every such game
        return _shared_rules(edition.name, modules)
    return _build_rules(edition, modules, events)


@cache
def _shared_rules(edition: str, modules: frozenset[str]) -> Rules:
    return _build_rules(EDITIONS[edition], modules, BOARD.events)


def _build_rules(edition: Edition, modules: frozenset[str], events: tuple[Any, ...]) -> Rules:
    with_court = court.MODULE in modules
    return Rules(
        edition=edition,
        modules=modules,
        events=events,
        plan_size=court.PLAN_SIZE if with_court else N_BOXES,
        box_options=court.box_options if with_court else edition.box_options,
        check_plan=court.check_plan if with_court else edition.check_plan,
        setups=of_modules(MODULE_SETUPS, modules),
        order_steps=of_modules(ORDER_STEPS, modules),
        action_steps=of_modules(ACTION_STEPS, modules),
        winter_steps=of_modules(WINTER_STEPS, modules),
        final_steps=of_modules(FINAL_STEPS, modules),
    )


# What each module adds at each point of the game, in the order the steps run (a module absent from a
# table adds nothing there). Order steps: between player order and the basic actions, in the order of
# seed 000 (Military Leaders placed after the first player order, W-31; the Landsknechte check; the
# Emperor's Court). Action steps: right after the tenth action of a season. Winter steps: after winter
# scoring, before the next year (not after the last winter). Final steps: end-of-game scoring, after the
# last winter's. Set-ups: module components, before the starting counties are set up.
ORDER_STEPS: tuple[tuple[str, OrderStep], ...] = (
    ("military_leaders", leaders.place_step),
    ("landsknechte", landsknechte.check_step),
    ("emperors_court", court.court_step),
)
ACTION_STEPS: tuple[tuple[str, OrderStep], ...] = (("military_leaders", leaders.move_step),)
WINTER_STEPS: tuple[tuple[str, OrderStep], ...] = (
    ("military_leaders", leaders.return_step),
    ("landsknechte", landsknechte.reset_step),
)
FINAL_STEPS: tuple[tuple[str, OrderStep], ...] = (("military_leaders", leaders.final_step),)
MODULE_SETUPS: tuple[tuple[str, Callable[[Game], None]], ...] = (
    ("emperors_court", court.init_court),
    ("landsknechte", landsknechte.setup),
    ("military_leaders", leaders.setup),
)

T = TypeVar("T")


def of_modules(table: tuple[tuple[str, T], ...], modules: frozenset[str]) -> tuple[T, ...]:
    """The parts of ``table`` (module, part) that the ``modules`` played add, in the table's order."""
    return tuple(part for module, part in table if module in modules)


__all__ = ["EDITIONS", "EDITION_2002", "EDITION_2012", "Edition", "Rules", "rules_for"]

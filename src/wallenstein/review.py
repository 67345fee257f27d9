"""Wallenstein's parts of the after-game review (:mod:`tabletop.review`, docs/play/review.md).

* **views and worlds**: a seat's view is ``observe(seat)``, the spectator's ``observe(None)``; a world
  is :func:`wallenstein.determinize.rebuild` of it (face-down action cards, the event deck, other seats'
  secret plans from the heuristic with noise, as the ``ismcts`` bot's opponent model, and a chance seed
  of the review's own).
* **roll-out policy**: the ``ismcts`` bot's: plans from the heuristic with noise (every world plays a
  little differently), moves by :func:`wallenstein.bots.rollout.quick_move`, the rest by the heuristic.
* **advisor**: the strongest measured bot, ``ismcts:preset=learned`` (docs/bots/wallenstein.md), at
  the review budget's simulations, given the reviewing seat's observation only.
* **decisions**: a plan is reviewed once, at its first box, as the whole plan (rules note R-02: a person
  plans box by box, a bot in one go); a decision with one option is none.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tabletop.review import AdvisedViewer, GameParts, Position, Stage
from wallenstein.actions import PLAN, PLAN_CARD, Action, card_name
from wallenstein.board import COLOURS, EMPTY, SEASONS
from wallenstein.bots.heuristic import DEFAULT, plan
from wallenstein.bots.ismcts import IsmctsAgent
from wallenstein.bots.rollout import policy
from wallenstein.bots.search import MODEL_NOISE
from wallenstein.court import box_name
from wallenstein.determinize import rebuild
from wallenstein.edition2002 import PLAN_START
from wallenstein.game import Game
from wallenstein.state import PLANNING, WINTER

NOISY = replace(DEFAULT, noise=MODEL_NOISE)


def noisy_plan(g: Game, seat: int, rng: random.Random) -> tuple[int, ...]:
    """A plan from the heuristic with the opponent model's noise (the worlds' and roll-outs' plans)."""
    return plan(g, seat, NOISY, rng)


def plan_start(g: Game, seat: int) -> bool:
    """Whether ``seat`` is about to plan its first box of the season."""
    return g.s.phase == PLANNING and g.s.plan_fill[seat] == (PLAN_START if g.is2002 else 0)


class WallensteinViewer(AdvisedViewer):
    """A seat's or the spectator's view of a Wallenstein game (:class:`tabletop.review.Viewer`)."""

    advisor = IsmctsAgent

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.obs: dict[str, Any] = {}

    def look(self, game: Game) -> dict[str, Any]:
        self.obs = game.observe(self.seat)
        return self.obs

    def world(self, rng: random.Random) -> Game:
        seed = rng.getrandbits(32)
        return rebuild(self.obs, rng, sampler=noisy_plan, seed=seed)


class WallensteinReview(GameParts):
    """:class:`tabletop.review.ReviewParts` for Wallenstein (see the module doc)."""

    game = "wallenstein"
    score_name = "VP"
    game_class = Game
    score_key = "vp"

    def viewer(self, seat: int | None, players: int) -> WallensteinViewer:
        return WallensteinViewer(seat)

    def rollout(self, game: Game, rng: random.Random) -> None:
        while not game.over:
            seat = game.pending()[0]
            if plan_start(game, seat):
                game.apply(seat, Action(PLAN, cards=noisy_plan(game, seat, rng)))
                continue
            legal = game.legal_actions(seat)
            game.apply(seat, legal[0] if len(legal) == 1 else policy(game, seat, legal))

    def stage(self, game: Game) -> Stage:
        s = game.s
        season = "winter" if s.season == WINTER else SEASONS[s.season]
        return Stage(f"year {s.year} {season}", (s.year - 1) * 4 + s.season, s.season == WINTER)

    def reviewed(self, positions: Sequence[Position], k: int) -> tuple[str, Any] | None:
        pos = positions[k]
        g, seat, action = pos.game, pos.seat, pos.action
        if action.kind == PLAN_CARD:
            return ("plan", _whole_plan(positions, k)) if plan_start(g, seat) else None
        if len(g.legal_actions(seat)) < 2:
            return None
        return action.kind, action

    def seat_names(self, players: int) -> list[str]:
        return list(COLOURS[:players])

    def describe(self, game: Game, seat: int, action: Action) -> str:
        if action.kind == PLAN:
            boxes = [f"{box_name(b)} {card_name(c)}" for b, c in enumerate(action.cards) if c != EMPTY]
            return "plan: " + ", ".join(boxes)
        return super().describe(game, seat, action)


def _whole_plan(positions: Sequence[Position], k: int) -> Action:
    """The plan ``positions[k].seat`` made box by box from decision ``k`` on, as one plan action."""
    first = positions[k]
    seat, g = first.seat, first.game
    cards = [EMPTY] * g.plan_size
    for pos in positions[k:]:
        if pos.game.s.phase != PLANNING or (pos.game.s.year, pos.game.s.season) != (g.s.year, g.s.season):
            break
        if pos.seat == seat and pos.action.kind == PLAN_CARD:
            cards[pos.action.a] = pos.action.b
    return Action(PLAN, cards=tuple(cards))


PARTS = WallensteinReview()

__all__ = ["PARTS", "WallensteinReview", "WallensteinViewer", "noisy_plan", "plan_start"]

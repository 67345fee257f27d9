"""Wallenstein's decisions as the RL catalogue takes them: a whole plan is its plan cards, box by box.

The engine accepts a whole plan (``Action.plan``, what the heuristic and search bots give) while no
box is planned yet, and is otherwise planned one card at a time (bid first, then the actions in mat
order, then the Emperor's Court boxes: ``COURT_SEQUENCE``). A dataset of a bot's games records the
plan as the single-card decisions a learner makes, each with the observation before it.
"""

from __future__ import annotations

from typing import Any

from wallenstein.actions import COURT_SEQUENCE, Action, plan_card_action


def catalogue_steps(game: Any, seat: int, action: Action) -> list[Action]:
    """The catalogue's decisions that ``action`` of ``seat`` stands for in ``game`` (itself, or a
    plan's cards in the order the engine asks for them)."""
    if action.kind != "plan":
        return [action]
    first = game.s.plan_fill[seat]
    return [plan_card_action(box, action.cards[box]) for box in COURT_SEQUENCE[first : game.plan_size]]


__all__ = ["catalogue_steps"]

"""Explicit chance for the OpenSpiel games (``chance=explicit``): every draw is a chance node.

The engine's rules draw in the middle of a step (a decision and everything automatic after it, or
the set-up). A step is run on a copy of the engine under the chance source
:func:`tabletop.chance.suspend`, fed the outcomes chosen so far through the engine's replay queue:
at the first draw it has no outcome for, the copy stops (:class:`~tabletop.chance.ChanceNeeded`) and
is thrown away, and the state becomes a chance node of that draw. A draw is a series of picks (a
shuffle card by card, a tower drop colour by colour; :class:`tabletop.chance.Draw`); once its picks
are complete its outcome joins the step's outcomes and the step is run again from its start. So the
engine records every outcome through its replay path, exactly as a sampled one is recorded, and a game
played this way replays through the engine like any other. A step is run once per draw in it, plus
once; picks with a single possible outcome are taken without a chance node.

Chance actions are the picks' own values (a card, a seat, a count of cubes), below
:data:`MAX_OUTCOMES`; their probabilities are exact (``chance_outcomes()`` sums to 1 up to rounding).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pyspiel

from tabletop.chance import ChanceNeeded, Draw, Options, Picks, forced, suspend
from tabletop.engine import ReplayQueue

MAX_OUTCOMES = 128  # above every pick's value: cards, seats, tiles, cubes of one colour in the tower
Fed = tuple[tuple[str, Any], ...]  # (kind, outcome) of the draws of a step completed so far


@dataclass(frozen=True)
class Suspended:
    """A step stopped at a draw: ``seat``'s ``decision`` (catalogue ``index``; seat -1: the set-up),
    the outcomes ``fed`` so far, the draw ``kind`` and its ``picks`` so far, the next pick's ``options``.
    ``start`` is the number of OpenSpiel actions before the step's first chance action. Never changed
    in place: clones share it."""

    seat: int
    decision: Any
    index: int
    fed: Fed
    kind: str
    draw: Draw
    picks: Picks
    options: Options
    start: int

    def __deepcopy__(self, memo: Any) -> Suspended:
        return self

    def outcomes(self) -> list[tuple[int, float]]:
        return list(self.options)

    def describe(self, value: int) -> str:
        return f"chance {self.kind}: pick {len(self.picks) + 1} = {value}"


def _run(template: Any, before: Any, seat: int, decision: Any, fed: Fed) -> Any:
    """The engine after the step (``before`` None: the set-up of a game like ``template``), or the
    ChanceNeeded at the first draw ``fed`` does not cover."""
    queue = ReplayQueue(fed)
    queue.source = suspend
    try:
        if before is None:
            game = type(template)._build(dict(template.config), queue, template.logging)
        else:
            game = before.clone()
            game._replay = queue
            game.chance_source = suspend
            game.apply(seat, decision)
    except ChanceNeeded as need:
        return need
    if queue:
        raise pyspiel.SpielError(f"explicit chance: {len(queue)} outcome(s) not drawn by the step")
    game._replay = None
    vars(game).pop("chance_source", None)  # the engine samples again if anyone plays it on
    return game


def step(template: Any, before: Any, seat: int, decision: Any, index: int, fed: Fed, start: int) -> Any:
    """Run a step as far as it goes: the engine after it, or a :class:`Suspended` at its next chance
    node (draws whose picks are all forced are completed on the way)."""
    while True:
        got = _run(template, before, seat, decision, fed)
        if not isinstance(got, ChanceNeeded):
            return got
        picks, options = forced(got.draw, ())
        if options is not None:
            return Suspended(seat, decision, index, fed, got.kind, got.draw, picks, options, start)
        fed = (*fed, (got.kind, got.draw.outcome(picks)))


def pick(template: Any, before: Any, node: Suspended, value: int) -> Any:
    """The chance action ``value`` at ``node``: the next node, or the engine once the step is done."""
    if all(v != value for v, _ in node.options):
        legal = [v for v, _ in node.options]
        raise pyspiel.SpielError(f"chance outcome {value} is not possible at {node.kind} (possible: {legal})")
    picks, options = forced(node.draw, (*node.picks, value))
    if options is not None:
        return replace(node, picks=picks, options=options)
    fed = (*node.fed, (node.kind, node.draw.outcome(picks)))
    return step(template, before, node.seat, node.decision, node.index, fed, node.start)


__all__ = ["MAX_OUTCOMES", "Suspended", "pick", "step"]

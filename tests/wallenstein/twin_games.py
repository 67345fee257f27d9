"""Secrecy tests play two games ("twins") that differ only in one seat's secret: every other view
must stay the same until the rules reveal it. What those tests share."""

from __future__ import annotations

import json
from collections.abc import Callable

import wallenstein
from wallenstein.actions import Action


def views(g: wallenstein.Game, hidden: int) -> dict[str, str]:
    """Every view but seat ``hidden``'s (the spectator's and each other seat's), as JSON text."""
    out = {"spectator": json.dumps(g.observe(None), sort_keys=True)}
    for seat in range(g.players):
        if seat != hidden:
            out[str(seat)] = json.dumps(g.observe(seat), sort_keys=True)
    return out


def apply_both(a: wallenstein.Game, b: wallenstein.Game, seat: int, action: Action) -> None:
    a.apply(seat, action)
    b.apply(seat, action)


def take_positions(a: wallenstein.Game, b: wallenstein.Game, check: Callable[[], None]) -> None:
    """The position choices (public), the first legal one each time, the same in both twins;
    ``check`` after each one that leaves the twins still choosing positions."""
    while a.phase == "position":
        seat = a.pending()[0]
        apply_both(a, b, seat, a.legal_actions(seat)[0])
        if a.phase == "position":
            check()

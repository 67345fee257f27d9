"""The options every game's ``ismcts`` bot shares, in one frozen parameters object.

A game's bot extends :class:`TreeParams` with its own options (its candidates, horizons and
evaluations); a level or a study is a named preset of it, and an option given by name (through the
agent name, e.g. ``ismcts:simulations=400``) overrides the preset's value. What each option measured
is in docs/bots/wallenstein.md; options that no measurement supported were deleted rather than kept.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, TypeVar

from tabletop.budget import Bank
from tabletop.ismcts import Settings

P = TypeVar("P", bound="TreeParams")

# The options that are the tree search's own settings (tabletop.ismcts.Settings), under the same names.
TREE_SETTINGS = ("max_seconds", "exploration", "widen", "confidence", "others", "root", "expand", "stop")


@dataclass(frozen=True)
class TreeParams:
    """``simulations`` (iterations per decision), ``max_seconds`` (an optional time limit),
    ``exploration`` (UCB1 constant), ``widen`` (progressive widening), ``confidence`` (standard
    errors a candidate needs over the heuristic's choice to replace it; 0: the most visited wins),
    ``others`` (widening of the other seats' nodes), ``root`` ("ucb", or "halving": sequential
    halving with common random numbers), ``expand`` (visits before the tree grows a node; 0: at
    once), ``stop`` (halving root: end a decision once its leader is that many paired standard
    errors ahead; 0: never), ``carry``, ``bank``, ``hold`` (budget moved from clear decisions to
    close ones: :class:`tabletop.budget.Bank`)."""

    simulations: int = 400
    max_seconds: float | None = None
    exploration: float = 0.5
    widen: float = 1.0
    # Measured best against the heuristic at 100 simulations in both games (docs/bots/): keep the
    # heuristic's choice unless another is better by a standard error; other seats play the opponent
    # model's choice longer.
    confidence: float = 1.0
    others: float | None = 0.3
    root: str = "ucb"
    expand: int = 0
    stop: float = 0.0
    carry: float = 1.0
    bank: str = "simulations"
    hold: float | None = None

    def __post_init__(self) -> None:
        self.search_settings()  # the tree's own checks (ValueError)
        self.new_bank()  # and the bank's

    def search_settings(self) -> Settings:
        """The tree search's settings for one decision: ``simulations`` iterations, and each of
        ``TREE_SETTINGS`` as it is here."""
        return Settings(iterations=self.simulations, **{name: getattr(self, name) for name in TREE_SETTINGS})

    def new_bank(self) -> Bank:
        """A fresh budget bank for one game (:class:`tabletop.budget.Bank`)."""
        return Bank(self.carry, self.bank, self.hold)


def chosen(
    kind: type[P], presets: dict[str, P], preset: str | None, options: dict[str, Any], base: P | None = None
) -> P:
    """The parameters a bot is made with: ``base``, else ``preset`` (None: the defaults), with
    ``options`` overriding it by name; ValueError names an unknown preset, TypeError an unknown option."""
    if base is not None and preset is not None:
        raise ValueError("give params or a preset, not both")
    if preset is not None and preset not in presets:
        raise ValueError(f"preset must be one of {sorted(presets)}, not {preset!r}")
    names = [f.name for f in fields(kind)]
    unknown = sorted(set(options) - set(names))
    if unknown:
        raise TypeError(f"unknown ismcts option(s) {unknown}; the options are {names}")
    if base is None:
        base = presets[preset] if preset is not None else kind()
    return replace(base, **options) if options else base


__all__ = ["TreeParams", "chosen"]

"""The options every game's ``ismcts`` bot shares, in one frozen parameters object.

A game's bot extends :class:`TreeParams` with its own options (its candidates, horizons and
evaluations); a level or a study is a named preset of it, and an option given by name (through the
agent name, e.g. ``ismcts:simulations=400``) overrides the preset's value. What each option measured
is in docs/bots/wallenstein.md; options that no measurement supported were deleted rather than kept.
:class:`TreeSearcher` is what both games' bots do around a search with these parameters (the budget
bank, the counts, a random stream per decision).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from typing import Any, Generic, Protocol, TypeVar

from tabletop.budget import Bank
from tabletop.ismcts import A, SearchParts, Settings, search

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


class CountedParts(SearchParts[Any, A], Protocol[A]):
    """A game's search parts that count the engine steps their simulations applied (``bank="steps"``)."""

    steps: int


class TreeSearcher(Generic[P]):
    """What every game's ``ismcts`` bot keeps around its searches (a base of each game's ``IsmctsAgent``,
    which sets ``seat`` and ``seed``): its parameters, the tree's settings, the budget bank and the counts
    of decisions and simulations, and one search run the same way in both games (:meth:`searched`)."""

    seat: int
    seed: int

    def start_searching(self, params: P) -> None:
        self.params = params
        self.settings = params.search_settings()
        self.bank = params.new_bank()
        self.decisions = 0  # decisions asked of the bot this game (each search's random stream is its own)
        self.simulated = 0  # iterations run so far (benchmarks)

    def reset_searching(self) -> None:
        """A new game: the counts from zero, and an empty bank."""
        self.decisions = 0
        self.simulated = 0
        self.bank.reset()

    def searched(self, parts: CountedParts[A], kind: str, budget: Settings) -> A:
        """The choice of a search over ``parts`` for a decision of ``kind`` whose base budget is ``budget``:
        the bank lends or takes simulations first and keeps what the search left; the random stream
        depends only on the seed and the decision's number, so the bot replays exactly."""
        settings = self.bank.budget(budget, kind)
        rng = random.Random(f"ismcts/{self.seed}/{self.decisions}")
        result = search(parts, self.seat, rng, settings)
        self.simulated += result.iterations
        if len(result.root.candidates) > 1:  # a single candidate runs nothing and saves nothing
            self.bank.record(kind, budget.iterations, result.iterations, parts.steps)
        return result.action

    def __repr__(self) -> str:
        return f"IsmctsAgent(seat={self.seat}, seed={self.seed}, simulations={self.settings.iterations})"


__all__ = ["TreeParams", "TreeSearcher", "chosen"]

"""The cube tower: a combat randomizer with memory.

A tower model answers one question: given the cubes already inside and the cubes dropped in now,
which cubes come out into the tray? Cube counts are vectors indexed by colour: seats ``0..P-1``
and the peasants at index ``P``. The game state keeps the inside content; a model is stateless
apart from its parameters (the scripted tower keeps its script), so clones of a game share it.

Models:

* :class:`ProbabilisticTower` (the default): every cube dropped in comes out with probability
  ``p_drop`` (2/3), every cube already inside comes out with probability ``p_inside`` (1/3), each
  independently. This is the model of an early online implementation of the game. Long run: a
  tower fed ``n`` cubes per drop settles at an expected content of ``n * (1 - p_drop) / p_inside``
  cubes (``n`` with the defaults) and returns, on average, every cube thrown (see docs/research/tower.md).
* :class:`ProbabilisticTower` with ``p_inside=0`` (``memoryless_tower()``): what is inside never
  comes out, so a battle depends only on the cubes thrown in it.
* :class:`ScriptedTower`: you say what comes out, drop by drop (for tests and worked examples).

A model with ``count_distribution(inside, dropped)`` (the probabilistic one) also gives, per colour,
the exact distribution of what comes out: OpenSpiel's explicit chance makes each colour's count a
chance node with it (:class:`tabletop.chance.TowerDrop`). The scripted tower has none.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from tabletop.chance import binomial, binomial_pmf, convolve
from tabletop.errors import IllegalAction


class TowerModel(Protocol):
    def drop(self, inside: Sequence[int], dropped: Sequence[int], rng: random.Random) -> list[int]:
        """The cubes that come out, per colour; at most ``inside[c] + dropped[c]`` of colour c."""
        ...

    def to_json(self) -> dict[str, Any]: ...


class ProbabilisticTower:
    """Each dropped cube falls through with ``p_drop``; each cube inside is knocked out with ``p_inside``."""

    def __init__(self, p_drop: float = 2 / 3, p_inside: float = 1 / 3) -> None:
        if not (0.0 <= p_drop <= 1.0 and 0.0 <= p_inside <= 1.0):
            raise IllegalAction(f"tower probabilities must lie in [0, 1], got {p_drop}, {p_inside}")
        self.p_drop = float(p_drop)
        self.p_inside = float(p_inside)

    def drop(self, inside: Sequence[int], dropped: Sequence[int], rng: random.Random) -> list[int]:
        pd, pi = self.p_drop, self.p_inside
        return [binomial(rng, d, pd) + binomial(rng, i, pi) for i, d in zip(inside, dropped, strict=True)]

    def count_distribution(self, inside: int, dropped: int) -> list[float]:
        """P(k cubes of one colour come out), k = 0..inside+dropped: what :meth:`drop` samples per
        colour (two independent binomials, added; colours are independent of each other)."""
        return convolve(binomial_pmf(dropped, self.p_drop), binomial_pmf(inside, self.p_inside))

    def to_json(self) -> dict[str, Any]:
        return {"model": "probabilistic", "p_drop": self.p_drop, "p_inside": self.p_inside}

    def __repr__(self) -> str:
        return f"ProbabilisticTower(p_drop={self.p_drop:.4g}, p_inside={self.p_inside:.4g})"


def default_tower() -> ProbabilisticTower:
    return ProbabilisticTower()


def memoryless_tower(p_drop: float = 2 / 3) -> ProbabilisticTower:
    return ProbabilisticTower(p_drop, 0.0)


Outcome = Mapping[str, int] | Sequence[int]


class ScriptedTower:
    """Returns the given outcomes in order. An outcome is a list per colour or a map such as
    ``{"0": 3, "1": 1, "peasants": 1}`` (missing colours: 0). Running out of script is an error."""

    def __init__(self, outcomes: Iterable[Outcome] = ()) -> None:
        self.script: list[Outcome] = list(outcomes)
        self.used = 0

    def push(self, *outcomes: Outcome) -> None:
        self.script.extend(outcomes)

    def drop(self, inside: Sequence[int], dropped: Sequence[int], rng: random.Random) -> list[int]:
        if self.used >= len(self.script):
            raise RuntimeError("the scripted tower has no outcome left for this drop")
        out = as_vector(self.script[self.used], len(dropped))
        self.used += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {"model": "scripted"}


def as_vector(outcome: Outcome, width: int) -> list[int]:
    if isinstance(outcome, Mapping):
        out = [0] * width
        for key, count in outcome.items():
            idx = width - 1 if key == "peasants" else int(key)
            if not 0 <= idx < width:
                raise ValueError(f"no colour {key!r} in a tower of {width - 1} players")
            out[idx] = int(count)
        return out
    out = [int(x) for x in outcome]
    if len(out) != width:
        raise ValueError(f"tower outcome needs {width} counts, got {len(out)}")
    return out


def tower_from_json(spec: Mapping[str, Any] | None) -> TowerModel:
    """Rebuild a tower model from ``to_json`` output (a scripted tower cannot be rebuilt)."""
    if spec is None:
        return default_tower()
    if not isinstance(spec, Mapping):
        raise IllegalAction(f"tower option must be an object, got {spec!r}")
    model = spec.get("model", "probabilistic")
    if model == "probabilistic":
        unknown = set(spec) - {"model", "p_drop", "p_inside"}
        if unknown:
            raise IllegalAction(f"unknown tower option(s): {sorted(unknown)}")
        return ProbabilisticTower(float(spec.get("p_drop", 2 / 3)), float(spec.get("p_inside", 1 / 3)))
    if model == "memoryless":
        return memoryless_tower(float(spec.get("p_drop", 2 / 3)))
    raise IllegalAction(f"unknown tower model {model!r} (known: probabilistic, memoryless)")


class Tower:
    """A tower on its own (for studies and plots): a model plus the cubes inside it."""

    def __init__(self, colours: int, model: TowerModel | None = None, seed: int = 0) -> None:
        self.model = model or default_tower()
        self.inside = [0] * colours
        self.rng = random.Random(seed)

    def drop(self, cubes: Sequence[int]) -> list[int]:
        out = self.model.drop(self.inside, cubes, self.rng)
        for c, (i, d, o) in enumerate(zip(self.inside, cubes, out, strict=True)):
            if not 0 <= o <= i + d:
                raise ValueError(f"tower outcome {out} impossible for inside {self.inside} + dropped {list(cubes)}")
            self.inside[c] = i + d - o
        return out

"""Named blocks of a flat observation vector, so an encoder and its documentation agree.

lay = Layout()
OWNER = lay.block("county owner", 45 * 7)
...
lay.size            # total length
lay.describe()      # [(name, start, length), ...] for docs and debugging
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt


class Layout:
    def __init__(self) -> None:
        self.size = 0
        self.blocks: list[tuple[str, int, int]] = []

    def block(self, name: str, length: int) -> int:
        """Reserve ``length`` entries named ``name``; returns the block's start offset."""
        start = self.size
        self.blocks.append((name, start, length))
        self.size += length
        return start

    def describe(self) -> list[tuple[str, int, int]]:
        return list(self.blocks)


__all__ = ["Entries", "Layout", "Rel", "order_ones", "relative_seats", "scaled", "scaled_table"]


def scaled(x: float, scale: float) -> float:
    """A count ``x >= 0`` as ``x / (x + scale)``: 0 at 0, 1/2 at ``scale``, below 1 for any count.

    Strictly increasing, so no two counts share a value (``min(x / scale, 1)`` gave every count from
    ``scale`` up the same 1: a seat with 45 or 80 thalers looked alike). Negative input (none of the
    games' counts is) reads as 0.
    """
    v = float(x)
    return v / (v + scale) if v > 0.0 else 0.0


def scaled_table(scale: float, size: int = 256) -> list[float]:
    """``scaled(x, scale)`` for ``x`` in ``range(size)``, the same floats: a list lookup costs a
    fraction of the call in an encoder's hot loop (counts at ``size`` and above call :func:`scaled`)."""
    return [scaled(x, scale) for x in range(size)]


Rel = Callable[[Any], int]
"""A seat number -> its slot relative to the observing seat (slot 0 is the observer)."""


def relative_seats(obs: Mapping[str, Any]) -> Rel:
    """The seat slots of an observation dict (``seat``, ``players_count``); a spectator sees as seat 0."""
    players = int(obs["players_count"])
    me = obs["seat"] or 0

    def rel(p: Any) -> int:
        return (int(p) - me) % players

    return rel


def order_ones(base: int, order: Sequence[Any], rel: Rel, seats: int) -> list[int]:
    """The (seat slot x place) one-hot of a turn order: seat ``order[k]`` is at place ``k``."""
    return [base + rel(p) * seats + place for place, p in enumerate(order)]


class Entries:
    """An encoder's entries while it reads an observation: ones as flat indices (``ones``), other
    values as positions and values (``at``, ``val``), written with one numpy assignment per kind."""

    __slots__ = ("at", "ones", "val")

    def __init__(self) -> None:
        self.ones: list[int] = []
        self.at: list[int] = []
        self.val: list[float] = []

    def vector(self, size: int) -> npt.NDArray[np.float32]:
        vec = np.zeros(size, dtype=np.float32)
        vec[self.ones] = 1.0
        vec[self.at] = self.val
        return vec

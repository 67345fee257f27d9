"""A game's fixed, versioned action catalogue: every engine decision has one index.

Index 0 is the no-op: the only legal index of a seat with nothing to decide (the Parallel API asks
every live seat for an action each step). Indices never change within a version; a game that adds
decisions publishes a new version (``wallenstein_v1``), so trained policies stay meaningful.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

NOOP = 0


class Catalogue:
    """``actions[i]`` is the engine decision of index ``i`` (``actions[0]`` is ``None``, the no-op)."""

    def __init__(self, version: str, actions: Sequence[Hashable]) -> None:
        self.version = version
        self.actions: tuple[Any, ...] = (None, *actions)
        self.index: dict[Any, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"catalogue {version} lists a decision twice")
        # The same lookup by identity, for the catalogue's own objects: a game that builds its
        # catalogue from the decision objects its engine reuses (interned) is looked up without
        # hashing a tuple. The catalogue keeps its objects alive, so no other object has their id.
        self._by_id: dict[int, int] = {id(a): i for i, a in enumerate(self.actions) if a is not None}
        self.noop_mask = np.zeros(len(self.actions), dtype=np.int8)
        self.noop_mask[NOOP] = 1
        self.noop_mask.flags.writeable = False

    @property
    def size(self) -> int:
        return len(self.actions)

    def indices(self, legal: Sequence[Any]) -> list[int]:
        """Catalogue indices of ``legal`` (KeyError names a decision the catalogue lacks: a bug)."""
        # By identity first, in C (map), for the engine's interned decision objects; by value for
        # any other (a decision built afresh; index 0, the no-op, is never legal).
        got: list[Any] = list(map(self._by_id.get, map(id, legal)))
        if None in got:
            index = self.index
            try:
                got = [i if i is not None else index[a] for i, a in zip(got, legal, strict=True)]
            except KeyError as exc:
                raise KeyError(f"decision {exc.args[0]!r} is not in action catalogue {self.version}") from None
        return got

    def mask(self, legal: Sequence[Any]) -> npt.NDArray[np.int8]:
        """A fresh int8 mask of ``legal`` (the no-op alone when it is empty)."""
        m = np.zeros(len(self.actions), dtype=np.int8)
        m.put(self.indices(legal) if legal else NOOP, 1)  # (put takes a list as it is: faster than m[list] = 1)
        return m


__all__ = ["NOOP", "Catalogue"]

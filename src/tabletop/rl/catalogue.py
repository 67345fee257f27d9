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
        # Masks of the same legal list (the engine caches it per state) are computed once.
        self._masks: dict[int, tuple[Sequence[Any], npt.NDArray[np.int8]]] = {}
        self.noop_mask = np.zeros(len(self.actions), dtype=np.int8)
        self.noop_mask[NOOP] = 1
        self.noop_mask.flags.writeable = False

    @property
    def size(self) -> int:
        return len(self.actions)

    def indices(self, legal: Sequence[Any]) -> list[int]:
        """Catalogue indices of ``legal`` (KeyError names a decision the catalogue lacks: a bug)."""
        index = self.index
        by_id = self._by_id.get
        try:
            return [by_id(id(a)) or index[a] for a in legal]  # (index 0, the no-op, is never legal)
        except KeyError as exc:
            raise KeyError(f"decision {exc.args[0]!r} is not in action catalogue {self.version}") from None

    def mask(self, legal: Sequence[Any]) -> npt.NDArray[np.int8]:
        """The int8 mask of ``legal`` (the no-op mask when it is empty). Read-only: copy to change it."""
        if not legal:
            return self.noop_mask
        key = id(legal)
        hit = self._masks.get(key)
        if hit is not None and hit[0] is legal:
            return hit[1]
        m = np.zeros(len(self.actions), dtype=np.int8)
        m.put(self.indices(legal), 1)  # (put takes the list as it is: faster than m[list] = 1)
        m.flags.writeable = False
        if len(self._masks) > 64:
            self._masks.clear()
        self._masks[key] = (legal, m)
        return m


__all__ = ["NOOP", "Catalogue"]

"""A game's fixed, versioned action catalogue: every engine decision has one index.

Index 0 is the no-op: the only legal index of a seat with nothing to decide (the Parallel API asks
every live seat for an action each step). Indices never change within a version; a game that adds
decisions publishes a new version (``wallenstein_v1``), so trained policies stay meaningful.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.compiled import load

_compiled = load("tabletop.rl._compiled")  # the mask in C (an optional build, setup.py): the same arrays

NOOP = 0


class Catalogue:
    """``actions[i]`` is the engine decision of index ``i`` (``actions[0]`` is ``None``, the no-op)."""

    def __init__(self, version: str, actions: Sequence[Hashable]) -> None:
        self.version = version
        self.actions: tuple[Any, ...] = (None, *actions)
        self.index: dict[Any, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"catalogue {version} lists a decision twice")
        self._lookup = self.index.__getitem__
        self.noop_mask = np.zeros(len(self.actions), dtype=np.int8)
        self.noop_mask[NOOP] = 1
        self.noop_mask.flags.writeable = False
        # The compiled mask (None where it is not built): its call is the whole of ``mask``.
        self.masker: Callable[[Sequence[Any]], npt.NDArray[np.int8]] | None = (
            _compiled.Masker(self.index, len(self.actions), version) if _compiled is not None else None
        )

    @property
    def size(self) -> int:
        return len(self.actions)

    def indices(self, legal: Sequence[Any]) -> list[int]:
        """Catalogue indices of ``legal`` (KeyError names a decision the catalogue lacks: a bug)."""
        # By value, in C (map over the dict's __getitem__): decisions are named tuples, hashed in C,
        # which measured cheaper than looking the engine's interned objects up by id() (docs/research/rl.md
        # "Speed": 0.41 against 0.72 us for a planning decision's legal list).
        try:
            return list(map(self._lookup, legal))
        except KeyError as exc:
            raise KeyError(f"decision {exc.args[0]!r} is not in action catalogue {self.version}") from None

    def mask(self, legal: Sequence[Any]) -> npt.NDArray[np.int8]:
        """A fresh int8 mask of ``legal`` (the no-op alone when it is empty)."""
        if self.masker is not None:
            return self.masker(legal)
        return self.numpy_mask(legal)

    def numpy_mask(self, legal: Sequence[Any]) -> npt.NDArray[np.int8]:
        """:meth:`mask` without the compiled part (where it is not built; and its reference in tests)."""
        m = np.zeros(len(self.actions), dtype=np.int8)
        m.put(self.indices(legal) if legal else NOOP, 1)  # (put takes a list as it is: faster than m[list] = 1)
        return m


__all__ = ["NOOP", "Catalogue"]

"""Named blocks of a flat observation vector, so an encoder and its documentation agree.

lay = Layout()
OWNER = lay.block("county owner", 45 * 7)
...
lay.size            # total length
lay.describe()      # [(name, start, length), ...] for docs and debugging
"""

from __future__ import annotations


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


__all__ = ["Layout", "scaled", "scaled_table"]


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

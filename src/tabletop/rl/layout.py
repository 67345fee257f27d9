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


__all__ = ["Layout"]

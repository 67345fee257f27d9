"""An append-only list with O(1) copies, used for histories and event logs that clones share."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class Chain(Generic[T]):
    """Immutable linked cells: ``append`` returns a new chain; old chains stay valid and shared."""

    __slots__ = ("_head", "_len")

    def __init__(self, head: tuple[object, T] | None = None, length: int = 0) -> None:
        self._head = head
        self._len = length

    def append(self, item: T) -> Chain[T]:
        return Chain((self._head, item), self._len + 1)

    def __len__(self) -> int:
        return self._len

    def to_list(self) -> list[T]:
        out: list[T] = []
        cell = self._head
        while cell is not None:
            cell, item = cell  # type: ignore[assignment]
            out.append(item)
        out.reverse()
        return out

    def since(self, start: int) -> list[T]:
        """The items from index ``start`` on, walking only those (the newest are nearest the head)."""
        out: list[T] = []
        cell = self._head
        for _ in range(max(0, self._len - start)):
            cell, item = cell  # type: ignore[assignment,misc]
            out.append(item)
        out.reverse()
        return out

    def __iter__(self) -> Iterator[T]:
        return iter(self.to_list())

"""Copying a game state fast: a ``__slots__`` class's copy written out field by field; and a state
as a dict of its slots and back (save files, comparisons).

A search bot clones states thousands of times a decision, so a state's ``clone`` assigns each field
directly (no loop over names, no ``copy`` module). :func:`slot_copier` writes that function from the
class's slots, as :mod:`dataclasses` writes ``__init__``, so adding a field to a state cannot be
forgotten in its copy: a field holding a list in the prototype is copied (``[:]``, its items being
immutable), any other value is shared (numbers, tuples, strings, and parts the caller copies itself).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self, TypeVar

T = TypeVar("T")


def slot_copier(cls: type[T], prototype: T, skip: tuple[str, ...] = ()) -> Callable[[T], T]:
    """A function returning a copy of an instance of ``cls``; which slots hold lists is read off
    ``prototype`` (a freshly made instance). The slots in ``skip`` are left unset (the caller sets them)."""
    slots: tuple[str, ...] = cls.__slots__  # type: ignore[attr-defined]
    lines = ["def copy(self):", "    c = new(cls)"]
    for name in slots:
        if name in skip:
            continue
        copied = type(getattr(prototype, name)) is list
        lines.append(f"    c.{name} = self.{name}{'[:]' if copied else ''}")
    lines.append("    return c")
    namespace: dict[str, Any] = {"cls": cls, "new": cls.__new__}
    exec("\n".join(lines), namespace)  # the text above only: slot names are identifiers
    copy: Callable[[T], T] = namespace["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    return copy


def slots_to_dict(obj: object, slots: tuple[str, ...]) -> dict[str, object]:
    """Each slot's value by name, lists copied (the dict may be kept while the state plays on)."""
    return {name: (v[:] if isinstance(v := getattr(obj, name), list) else v) for name in slots}


def slots_from_dict(cls: type[T], data: dict[str, Any]) -> T:
    """An instance of ``cls`` (not initialised) whose slots are ``data``'s values; KeyError for a missing one."""
    obj = cls.__new__(cls)
    for name in cls.__slots__:  # type: ignore[attr-defined]
        setattr(obj, name, data[name])
    return obj


class SlotState:
    """Base of a state whose fields are its ``__slots__``: ``clone`` (installed by :meth:`copies_like`
    once the class exists), ``to_dict`` and ``from_dict`` (every slot by name)."""

    __slots__ = ()

    def clone(self) -> Self:
        raise NotImplementedError(f"{type(self).__name__}.copies_like(prototype) was not called")

    @classmethod
    def copies_like(cls, prototype: SlotState) -> None:
        """Install ``clone``, written out from the slots (:func:`slot_copier`) of ``prototype``, a fresh instance."""
        setattr(cls, "clone", slot_copier(cls, prototype))  # noqa: B010 (mypy forbids assigning a method)

    def to_dict(self) -> dict[str, object]:
        return slots_to_dict(self, type(self).__slots__)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return slots_from_dict(cls, data)

"""A decision's JSON form, as both games' ``Action`` read and write it: the object and its type
(``action_object``), a bounded integer field (``json_int``) and the compact text (``action_text``)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Set
from typing import Any

from tabletop.errors import IllegalAction


def action_object(obj: Any) -> tuple[Any, dict[str, Any]]:
    """A decision given as a dict or as JSON text: its ``type`` (None when missing) and the dict;
    IllegalAction when the text is not JSON or the value not an object."""
    if isinstance(obj, str | bytes):
        try:
            obj = json.loads(obj)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise IllegalAction(f"malformed JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise IllegalAction(f"an action is a JSON object with a 'type', not {obj!r}")
    return obj.get("type"), obj


def typed_action(obj: Any, fields: Mapping[str, Set[str]]) -> tuple[str, dict[str, Any], set[str]]:
    """A decision's type, which must be one of the game's ``fields`` (type -> the fields it takes), its
    object and the fields it gives (checked with :func:`check_fields`); IllegalAction otherwise."""
    k, obj = action_object(obj)
    if k not in fields:
        raise IllegalAction(f"unknown action type {k!r}; known: {sorted(fields)}")
    return k, obj, set(obj) - {"type"}


def check_fields(k: str, got: Set[str], fields: Mapping[str, Set[str]]) -> None:
    """IllegalAction unless a decision of type ``k`` gives exactly the fields its type takes."""
    if got != fields[k]:
        raise IllegalAction(f"action {k!r} takes fields {sorted(fields[k])}, got {sorted(got)}")


def json_int(value: Any, name: str, lo: int, hi: int) -> int:
    """The field ``name`` as an integer from ``lo`` to ``hi``; IllegalAction for anything else
    (booleans too, which Python counts as integers)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise IllegalAction(f"{name!r} must be an integer from {lo} to {hi}, not {value!r}")
    return value


def action_text(action: Any) -> str:
    """A decision's JSON form as text (an ``Action``'s ``str``), non-ASCII names kept as they are."""
    return json.dumps(action.to_json(), ensure_ascii=False)

"""Reading a decision's JSON form, as both games' ``Action.from_json`` begin."""

from __future__ import annotations

import json
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

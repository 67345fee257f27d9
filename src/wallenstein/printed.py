"""Printed values that the rulebooks do not give us (W-29): stand-in tables a user can replace.

Each table has a name, a stand-in file ``data/standin_<name>.json`` shipped with the package and a
validator. A game's options carry only the tables a user supplied (``config["printed"]``), so a
history or save file replays exactly, whatever the shipped stand-ins become later.

A user file is a JSON object mapping table names to tables of the same shape as the stand-in's
``"table"`` entry; see the README. Everything that shows such a value says whether it is a stand-in
(:func:`is_standin`).
"""

from __future__ import annotations

import functools
import importlib
import json
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from tabletop.errors import DataError, IllegalAction, read_json_file

# name -> "module:function" of the validator; the validator raises DataError with a clear message.
# Each rules module adds its own line here.
TABLES: dict[str, str] = {
    "events_2002": "wallenstein.events2002:validate",
    "favour": "wallenstein.favours:check_table",
    "landsknechte": "wallenstein.landsknechte:check_table",
}

STANDIN_NOTE = "stand-in, not the printed value"


def _validator(name: str) -> Callable[[Any], None]:
    module, _, func = TABLES[name].partition(":")
    return getattr(importlib.import_module(module), func)  # type: ignore[no-any-return]


@functools.cache
def standin(name: str) -> Any:
    """The shipped stand-in table ``name`` (validated once)."""
    if name not in TABLES:
        raise KeyError(f"no printed-value table {name!r}; known: {sorted(TABLES)}")
    text = resources.files("wallenstein").joinpath(f"data/standin_{name}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("standin") is not True or "table" not in data:
        raise DataError(f"standin_{name}.json must be an object with 'standin': true and a 'table'")
    _validator(name)(data["table"])
    return data["table"]


def check_values(values: Any) -> dict[str, Any]:
    """Validate user-supplied tables (a mapping name -> table); IllegalAction names what is wrong."""
    if values is None:
        return {}
    if not isinstance(values, Mapping):
        raise IllegalAction(f"printed values must be an object mapping table names to tables, not {values!r}")
    out: dict[str, Any] = {}
    for name, table in values.items():
        if name not in TABLES:
            raise IllegalAction(f"unknown printed-value table {name!r}; known tables: {sorted(TABLES)}")
        try:
            _validator(name)(table)
        except DataError as exc:
            raise IllegalAction(f"printed-value table {name!r}: {exc}") from None
        out[name] = table
    return dict(sorted(out.items()))


def load_file(path: str | Path) -> dict[str, Any]:
    """Read and validate a user's printed-values file (JSON)."""
    return check_values(read_json_file(path, "printed-values file", IllegalAction))


def table(config: Mapping[str, Any], name: str) -> Any:
    """The table in force for a game: the user's if supplied, else the stand-in."""
    user = config.get("printed") or {}
    return user[name] if name in user else standin(name)


def is_standin(config: Mapping[str, Any], name: str) -> bool:
    return name not in (config.get("printed") or {})

"""County and region names by language, from ``data/names_<lang>.json`` (checked against the board).

English uses the board data's printed names; another language has a file naming every county and
region of the board exactly once (a missing, extra or empty name is a DataError that says which).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from tabletop.errors import DataError
from wallenstein.board import BOARD


def check_names(raw: Any, where: str) -> dict[str, dict[str, str]]:
    """The 'counties' and 'regions' tables of a names file, validated against the board."""
    if not isinstance(raw, dict):
        raise DataError(f"{where}: expected a JSON object with 'counties' and 'regions'")
    out: dict[str, dict[str, str]] = {}
    for table, keys in (("counties", BOARD.keys), ("regions", BOARD.regions)):
        names = raw.get(table)
        if not isinstance(names, dict):
            raise DataError(f"{where}: '{table}' must be an object mapping keys to names")
        missing = [k for k in keys if k not in names]
        extra = sorted(set(names) - set(keys))
        if missing or extra:
            raise DataError(f"{where}: '{table}' lacks {missing} and has unknown {extra}")
        empty = [k for k, v in names.items() if not isinstance(v, str) or not v.strip()]
        if empty:
            raise DataError(f"{where}: '{table}' has empty names for {empty}")
        if len(set(names.values())) != len(names):
            raise DataError(f"{where}: '{table}' gives two keys the same name")
        out[table] = {k: names[k] for k in keys}
    return out


@cache
def names(lang: str) -> dict[str, dict[str, str]]:
    """{'counties': {key: name}, 'regions': {region: name}} in ``lang`` (English: the board's)."""
    if lang == "en":
        return {"counties": dict(zip(BOARD.keys, BOARD.names, strict=True)), "regions": {r: r for r in BOARD.regions}}
    path = resources.files("wallenstein").joinpath(f"data/names_{lang}.json")
    return check_names(json.loads(path.read_text(encoding="utf-8")), f"names_{lang}.json")

"""Write the page's TypeScript declarations of the WebSocket protocol from its JSON Schema.

A build tool, not part of the installed server: run it from the repository root after regenerating the
schema (``PYTHONPATH=src python -m webtable.messages > src/webtable/static/protocol.schema.json``)::

    python tools/protocol_types.py            # writes src/webtable/static/protocol.d.ts
    python tools/protocol_types.py --check    # exit 1 when the committed file differs

The page's scripts are checked by ``tsc --noEmit`` against these declarations (static/tsconfig.json), so
a field renamed in a Pydantic model of webtable.messages breaks the page's type check, not a game.
Every model becomes an interface of the global namespace ``Protocol`` (a namespace, since ``Event`` and
``Error`` are names the DOM has); ``ServerMessage`` and ``ClientMessage`` are the unions the schema's
``oneOf`` lists. Python's ``Any`` is TypeScript's ``any``: what a game puts in an observation is its own.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "src" / "webtable" / "static" / "protocol.schema.json"
OUT = ROOT / "src" / "webtable" / "static" / "protocol.d.ts"

HEADER = """\
// The table's WebSocket protocol as TypeScript declarations, generated from protocol.schema.json
// (the Pydantic models of webtable.messages) by tools/protocol_types.py. Do not edit: regenerate with
//   PYTHONPATH=src python -m webtable.messages > src/webtable/static/protocol.schema.json
//   python tools/protocol_types.py
// tests/tools/test_protocol_types_tool.py fails when this file differs from what the tool writes.
"""

SCALARS = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null"}


def ts_type(schema: dict[str, Any]) -> str:
    """The TypeScript type of one JSON Schema node (the subset Pydantic writes for these models)."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[1]
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return " | ".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            parts = [_grouped(ts_type(part)) for part in schema[key]]
            return " | ".join(dict.fromkeys(parts))  # int | float: one number
    kind = schema.get("type")
    if kind == "array":
        items = schema.get("items")
        return f"{_grouped(ts_type(items))}[]" if items is not None else "any[]"
    if kind == "object":
        return _record(schema)
    if isinstance(kind, str) and kind in SCALARS:
        return SCALARS[kind]
    if kind is None and set(schema) <= {"title", "description", "default"}:
        return "any"  # Python's Any: the game's own JSON
    raise ValueError(f"no TypeScript form for the schema {schema!r}")


def _grouped(text: str) -> str:
    return f"({text})" if " | " in text else text


def _record(schema: dict[str, Any]) -> str:
    """An object without named properties: a map of its values' type."""
    extra = schema.get("additionalProperties", True)
    value = "any" if extra is True or extra == {} else ts_type(extra)
    return f"{{ [key: string]: {value} }}"


def _doc(text: str | None, indent: str) -> list[str]:
    if not text:
        return []
    words = " ".join(text.replace("*/", "* /").split())
    return [f"{indent}/** {words} */"]


def interface(name: str, schema: dict[str, Any]) -> list[str]:
    """One model's interface: required fields plain, defaulted ones optional, and an index signature only
    where the model keeps extra fields (extra="allow"); what the server reads ignores unknown fields, but
    the page sends exactly the named ones, so a misspelt field is a type error."""
    lines = _doc(schema.get("description"), "  ")
    lines.append(f"  interface {name} {{")
    required = set(schema.get("required", ()))
    for field, part in sorted(schema.get("properties", {}).items()):
        lines += _doc(part.get("description"), "    ")
        mark = "" if field in required else "?"
        lines.append(f"    {field}{mark}: {ts_type(part)};")
    if schema.get("additionalProperties") is True:  # extra="allow": the game's own fields
        lines.append("    /** the game's own fields */")
        lines.append("    [key: string]: any;")
    lines.append("  }")
    return lines


def declarations(schema: dict[str, Any]) -> str:
    """The whole .d.ts text for a protocol schema."""
    lines = HEADER.splitlines()
    lines += _doc(schema.get("description"), "")
    lines.append("declare namespace Protocol {")
    for name, part in sorted(schema["$defs"].items()):
        if "oneOf" in part:
            lines += _doc(part.get("description"), "  ")
            lines.append(f"  type {name} = {ts_type({'oneOf': part['oneOf']})};")
        else:
            lines += interface(name, part)
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed file differs")
    parser.add_argument("--schema", type=Path, default=SCHEMA)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    text = declarations(json.loads(args.schema.read_text(encoding="utf-8")))
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        if not same:
            print(f"{args.out} differs from {args.schema.name}: run tools/protocol_types.py", file=sys.stderr)
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

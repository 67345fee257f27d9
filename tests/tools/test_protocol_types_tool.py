"""The page's protocol declarations (static/protocol.d.ts) are what tools/protocol_types.py writes from
the committed JSON Schema, itself what the Pydantic models generate (test_web_protocol.py): so a field
renamed in webtable.messages changes the declarations, and scripts/check's ``tsc --noEmit`` then fails
where the page reads the old name. Every page script is under that check."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from webtable import messages

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "webtable" / "static"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("protocol_types_tool", ROOT / "tools" / "protocol_types.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_declarations_are_what_the_tool_writes_from_the_models() -> None:
    tool = _tool()
    assert tool.OUT == STATIC / "protocol.d.ts"
    assert (STATIC / "protocol.d.ts").read_text("utf-8") == tool.declarations(messages.protocol_schema()), (
        "regenerate: python tools/protocol_types.py"
    )
    assert tool.main(["--check"]) == 0


def test_a_renamed_field_changes_the_declaration_the_page_is_checked_against() -> None:
    tool = _tool()
    schema = copy.deepcopy(messages.protocol_schema())
    clock = schema["$defs"]["ClockMessage"]
    clock["properties"]["seconds_left"] = clock["properties"].pop("left")
    clock["required"] = ["type", "seconds_left"]
    text = tool.declarations(schema)
    block = text[text.index("interface ClockMessage") :].split("}\n", 1)[0]
    assert "seconds_left: { [key: string]: number };" in block and "left:" not in block.replace("seconds_left", "")


def test_what_the_server_sends_is_exact_and_game_fields_stay_open() -> None:
    text: str = _tool().declarations(messages.protocol_schema())

    def block(name: str) -> str:
        return text[text.index(f"interface {name} ") :].split("\n  }\n", 1)[0]

    assert "\n    [key: string]" not in block("State")  # extra="forbid": exactly these fields
    assert "\n    [key: string]" not in block("Act")  # what the page sends: a misspelt field is an error
    assert "\n    [key: string]: any;" in block("Event")  # the game's own fields
    assert "type ServerMessage = Welcome | State |" in text
    assert 'type: "welcome";' in block("Welcome")
    assert "token?: string | null;" in block("Welcome")  # a default: optional


def test_an_unknown_schema_form_is_refused() -> None:
    with pytest.raises(ValueError, match="no TypeScript form"):
        _tool().ts_type({"type": "tuple"})


def test_every_page_script_is_type_checked() -> None:
    config = json.loads((STATIC / "tsconfig.json").read_text("utf-8"))
    options = config["compilerOptions"]
    assert options["checkJs"] and options["noEmit"] and options["strict"]
    assert "*.js" in config["include"] and "*.d.ts" in config["include"]
    for script in sorted(STATIC.glob("*.js")):
        assert script.read_text("utf-8").startswith("// @ts-check\n"), script.name

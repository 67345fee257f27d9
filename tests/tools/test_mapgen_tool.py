"""The map generator is a build tool (tools/mapgen.py), not server code: the installed web package does
not carry it, and the committed map file is exactly what the tool writes (its text format).

Regenerating the whole map takes over a minute of CPU, so the suite checks the tool's output format
and where it writes; ``PYTHONPATH=src python tools/mapgen.py --reuse --out /tmp/map.json`` followed by
``cmp`` against the committed file checks the drawing itself (byte-identical when this test was written).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import webtable
from tabletop.testing import load_script

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    return load_script(ROOT / "tools" / "mapgen.py", "mapgen_tool")


def test_the_server_package_does_not_carry_the_map_generator() -> None:
    assert not (Path(webtable.__file__).parent / "mapgen.py").exists()
    assert importlib.util.find_spec("webtable.mapgen") is None


def test_the_committed_map_is_the_tools_output_format_and_destination() -> None:
    tool = _tool()
    assert tool.MAP_FILE == ROOT / "src" / "webtable" / "static" / "wallenstein_map.json"
    text = tool.MAP_FILE.read_text("utf-8")
    data = json.loads(text)
    assert tool.map_text(data) == text
    assert len(data["waypoints"]) > 0

"""Helpers for testing games built on tabletop (the project's tests use them; so may a new game's).

* :func:`load_script`: a script that is not part of a package (a golden-game regenerator, a tool)
  imported as a module;
* :func:`cli_runner` and :func:`invoke_json`: a game's Typer command line run in-process, with plain
  output (no colours, whatever the environment asks for).

Nothing here is imported by the engines: Typer loads only when a command line is tested.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer
    from typer.testing import CliRunner


def load_script(path: Path, name: str) -> ModuleType:
    """The file ``path`` imported as module ``name`` (registered in ``sys.modules``, as dataclasses
    need while building their classes); a second call returns the module already loaded."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def cli_runner() -> CliRunner:
    """Typer's CliRunner with the variables unset that would make Rich colour its output even though
    it is not writing to a terminal."""
    from typer.testing import CliRunner

    return CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None})


def invoke_json(app: typer.Typer, args: list[str]) -> dict[str, Any]:
    """Run a command that prints one JSON object; it must succeed. Returns the object."""
    result = cli_runner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data

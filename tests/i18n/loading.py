"""Loading the project's scripts and golden-game regenerators as modules (they are not packages)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load(name: str, relative: str) -> ModuleType:
    """The file ``ROOT/relative`` imported as module ``name`` (registered, as dataclasses need)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module

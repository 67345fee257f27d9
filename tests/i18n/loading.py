"""Loading the project's scripts and golden-game regenerators as modules (they are not packages)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tabletop.testing import load_script

ROOT = Path(__file__).resolve().parents[2]


def load(name: str, relative: str) -> ModuleType:
    """The file ``ROOT/relative`` imported as module ``name`` (registered, as dataclasses need)."""
    return load_script(ROOT / relative, name)

"""The optional compiled parts (Cython modules that ``setup.py`` builds where a C compiler is): the RL
observation encoders and the action mask, each the twin of Python code that stays the reference.

:func:`load` imports one only when it was built from the source that lies beside it, so an edited
``.pyx`` never runs as its stale build: the Python path is used, with a warning, until
``pip install -e .`` builds it again. ``TABLETOP_COMPILED=0`` in the environment turns them all off
(for a comparison or a benchmark of the Python path).
"""

from __future__ import annotations

import hashlib
import importlib
import os
import warnings
from pathlib import Path
from types import ModuleType

SWITCH = "TABLETOP_COMPILED"
_SHARED = Path(__file__).with_name("rl") / "_vector.pxd"  # cimported by every compiled module


def source_digest(source: Path) -> str:
    """What a build of ``source`` is stamped with (setup.py) and checked against (:func:`load`): the
    SHA-256 of the ``.pyx`` and of the declarations every compiled module cimports."""
    shared = _SHARED.read_bytes() if _SHARED.is_file() else b""
    return hashlib.sha256(source.read_bytes() + shared).hexdigest()


def load(name: str) -> ModuleType | None:
    """The compiled module ``name`` if it is built, switched on and built from the source beside it;
    None otherwise (the caller's Python code then does the work)."""
    if os.environ.get(SWITCH, "1") == "0":
        return None
    try:
        module = importlib.import_module(name)
    except ImportError:  # not built (no C compiler at install time)
        return None
    except Exception as exc:  # a stale build whose set-up reads names its new source no longer has
        warnings.warn(
            f"{name} could not be loaded ({exc!r}): the Python code is used instead (pip install -e . builds it again)",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
    built = Path(module.__file__ or "")
    source = built.with_name(name.rsplit(".", 1)[-1] + ".pyx")
    # In a checkout the build must be of the source beside it (an installed wheel carries no .pyx).
    if source.is_file() and getattr(module, "SOURCE_SHA256", None) != source_digest(source):
        warnings.warn(
            f"{name} was built from another version of {source.name}: the Python code is used instead"
            " (pip install -e . builds it again)",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
    return module


__all__ = ["SWITCH", "load", "source_digest"]

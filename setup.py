"""The optional compiled parts: Cython twins of the RL observation encoders and the action mask
(tabletop.compiled). Everything else is in pyproject.toml.

Where the build fails (no C compiler) the install goes on without them and the Python code does the
work, giving equal results more slowly. Each module is stamped with its source's digest
(``tabletop.compiled.source_digest``), so a checkout never runs a build of an older source
(``tabletop.compiled.load``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import Extension, setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))
from tabletop.compiled import source_digest  # (stdlib only: nothing to install at build time)

COMPILED = ("tabletop.rl._compiled", "wallenstein.rl._compiled", "league_of_six.rl._compiled")


def extensions() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:  # (Cython is a build requirement; without it, no compiled parts)
        return []
    exts = []
    for name in COMPILED:
        source = Path("src", *name.split(".")).with_suffix(".pyx")
        macro = ("PYX_SHA256", f'"{source_digest(source)}"')
        exts.append(Extension(name, [str(source)], define_macros=[macro]))
    built = list(cythonize(exts, language_level=3, quiet=True))
    for ext in built:
        ext.optional = True  # a failed compile leaves it out (cythonize's Extensions lose the flag given before)
    return built


setup(ext_modules=extensions())

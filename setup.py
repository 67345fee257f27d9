"""The optional compiled parts: Cython twins of the RL observation encoders and the action mask
(tabletop.compiled). Everything else is in pyproject.toml.

Where the build fails (no C compiler) the install goes on without them and the Python code does the
work, giving equal results more slowly. Each module is built with the SHA-256 of its ``.pyx`` (and of the shared
``_vector.pxd``), so a
checkout never runs a build of an older source (``tabletop.compiled.load``).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from setuptools import Extension, setup

COMPILED = ("tabletop.rl._compiled", "wallenstein.rl._compiled", "league_of_six.rl._compiled")
SHARED = Path("src", "tabletop", "rl", "_vector.pxd")


def extensions() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:  # (Cython is a build requirement; without it, no compiled parts)
        return []
    exts = []
    for name in COMPILED:
        source = Path("src", *name.split(".")).with_suffix(".pyx")
        # The source and the declarations every module cimports, as tabletop.compiled.load hashes them.
        digest = hashlib.sha256(source.read_bytes() + SHARED.read_bytes()).hexdigest()
        exts.append(
            Extension(
                name,
                [str(source)],
                define_macros=[("PYX_SHA256", f'"{digest}"')],
            )
        )
    built = list(cythonize(exts, language_level=3, quiet=True))
    for ext in built:
        ext.optional = True  # a failed compile leaves it out (cythonize's Extensions lose the flag given before)
    return built


setup(ext_modules=extensions())

"""``python -m wallenstein.rl.imitate``: train Wallenstein's learned policy (see tabletop.rl.imitate)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tabletop.rl.imitate import imitate
from wallenstein.rl import SPEC


def main(argv: Sequence[str] | None = None) -> Path:
    return imitate(SPEC, argv, "wallenstein")


if __name__ == "__main__":
    main()

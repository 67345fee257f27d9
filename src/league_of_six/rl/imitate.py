"""``python -m league_of_six.rl.imitate``: train League of Six's learned policy (see tabletop.rl.imitate)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from league_of_six.rl import SPEC
from tabletop.rl.imitate import imitate


def main(argv: Sequence[str] | None = None) -> Path:
    return imitate(SPEC, argv, "league_of_six")


if __name__ == "__main__":
    main()

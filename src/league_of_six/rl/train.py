"""``python -m league_of_six.rl.train``: the MaskablePPO baseline for League of Six (see tabletop.rl.train)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from league_of_six.rl import SPEC, GymEnv
from tabletop.rl.train import train


def main(argv: Sequence[str] | None = None) -> Path:
    return train(SPEC, GymEnv, argv, "league_of_six")


if __name__ == "__main__":
    main()

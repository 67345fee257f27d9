"""``python -m wallenstein.rl.train``: the MaskablePPO baseline for Wallenstein (see tabletop.rl.train).

nice -n 19 timeout 26m python -m wallenstein.rl.train --steps 600000 --minutes 24 --out runs/w-ppo
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tabletop.rl.train import train
from wallenstein.rl import SPEC, GymEnv


def main(argv: Sequence[str] | None = None) -> Path:
    return train(SPEC, GymEnv, argv, "wallenstein")


if __name__ == "__main__":
    main()

"""Study parts for the backend tests: Wallenstein's, with a worker that dies (SIGKILL) the first
time it starts a chosen game, or a run interrupted (KeyboardInterrupt) at a chosen game; and a
count of the games each process started. Importable by worker processes (spawned, or Ray's: the
test puts this folder on their PYTHONPATH)."""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wallenstein.bots.tournament import WallensteinTournament

STARTED: list[int] = []  # game seeds started in this process


@dataclass(frozen=True)
class CrashingParts(WallensteinTournament):
    """Kills its worker the first time game seed ``kill_seed`` starts (a marker file in ``marker``
    remembers it), or raises KeyboardInterrupt at seed ``stop_seed``."""

    marker: str = ""
    kill_seed: int = -1
    stop_seed: int = -1

    def logged_game(self, players: int, seed: int) -> Any:
        STARTED.append(seed)
        if seed == self.kill_seed:
            flag = Path(self.marker) / f"killed-{seed}"
            if not flag.exists():
                flag.write_text(str(os.getpid()))
                os.kill(os.getpid(), signal.SIGKILL)
        if seed == self.stop_seed:
            raise KeyboardInterrupt
        return super().logged_game(players, seed)

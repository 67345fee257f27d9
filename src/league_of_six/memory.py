"""What a bot remembers between its decisions: the storage tiles and civic leader cards it has seen.

A bot sees ``observe(seat)`` only when it must decide. Every hand is in the observation (L-07), so
the memory keeps only the public history an observation does not repeat:

* ``seen_up``: every pile card ever seen face up (the others are still face down, or were boxed
  while the bot was not looking);
* ``storage_seen``: the storage tiles of each round (to know which tiles are left).

Everything here is computed from observations only, so it cannot leak a secret.
"""

from __future__ import annotations

from typing import Any

from league_of_six.components import Components


class Memory:
    def __init__(self, seat: int, players: int) -> None:
        self.seat = seat
        self.players = players
        self.seen_up: set[int] = set()
        self.storage_seen: dict[int, tuple[int, int]] = {}

    def update(self, obs: dict[str, Any], comp: Components) -> None:
        """Take in one observation (call it with every observation the bot gets, in order). ``comp``
        (the component set) is accepted for the callers' sake; what is kept does not need it."""
        st = obs["storage"]
        if st["royal_tile"] is not None:
            self.storage_seen[int(obs["round"])] = (int(st["royal_tile"]), int(st["civic_tile"]))
        self.seen_up.update(int(c["card"]) for c in obs["civic_leaders"]["faceup"].values() if c is not None)

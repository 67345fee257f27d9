"""Perfect-recall information states: what each seat decided and observed, in order.

A seat's information set is identified by its *trail*: its first observation, then, in order, every
change of its observation and every decision it took. An observation is the seat's vector from the
game's encoder (``RLGame.encode_seat``: ``encode(observe(seat))``, which loses nothing the seat sees,
``tests/rl/test_rl_injective.py``); a change is recorded as the entries that changed and their new
values, so two histories give the same trail exactly when the seat saw the same sequence of
observations and took the same decisions. A step that changes nothing the seat sees (another
seat's secret plan card) adds nothing to its trail: the number of such steps stays hidden too.

The trail is kept as a chain of BLAKE2b digests (16 bytes) per seat; the information state string
names the seat, the trail's length and its last digest. Digests are of bytes only, so they are the
same in every process (no PYTHONHASHSEED).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import numpy as np

from tabletop.rl.spec import Vector

Encode = Callable[[Any, int], Vector]


def _chain(digest: bytes, entry: bytes) -> bytes:
    return hashlib.blake2b(digest + entry, digest_size=16).digest()


class Trails:
    """Every seat's trail at one state; :meth:`observe` after each step, :meth:`undo` to go back one."""

    __slots__ = ("digests", "last", "marks")

    def __init__(self, game: Any, encode: Encode) -> None:
        seats = range(game.players)
        self.last: list[Vector] = [np.zeros(0, np.float32) for _ in seats]
        self.digests: list[list[bytes]] = [[bytes(16)] for _ in seats]
        self.marks: list[tuple[tuple[int, ...], list[Vector]]] = []
        self.observe(game, encode)
        self.marks.clear()  # the start is not a step that can be undone

    def __deepcopy__(self, memo: Any) -> Trails:
        """A copy of the lists only: digests are bytes and observations are never changed in place
        (a step replaces them), so a clone of a state (a search makes many) shares them."""
        twin = Trails.__new__(Trails)
        twin.digests = [list(chain) for chain in self.digests]
        twin.last = list(self.last)
        twin.marks = list(self.marks)
        return twin

    def observe(self, game: Any, encode: Encode, seat: int | None = None, action: int | None = None) -> None:
        """Record a step: ``seat``'s decision ``action`` (if any), then every seat's observation if it changed."""
        self.marks.append((tuple(len(d) for d in self.digests), list(self.last)))
        if seat is not None and action is not None:
            self._add(seat, b"a" + int(action).to_bytes(4, "big"))
        for p in range(len(self.digests)):
            vector = encode(game, p)
            before = self.last[p]
            if before.shape == vector.shape:
                changed = np.flatnonzero(before != vector)
                if changed.size == 0:
                    continue
            else:
                changed = np.arange(vector.size)
            self._add(p, b"o" + changed.astype(np.int32).tobytes() + vector[changed].tobytes())
            self.last[p] = vector

    def _add(self, seat: int, entry: bytes) -> None:
        chain = self.digests[seat]
        chain.append(_chain(chain[-1], entry))

    def undo(self) -> None:
        """Forget the last step (IndexError when there is none)."""
        lengths, last = self.marks.pop()
        for chain, n in zip(self.digests, lengths, strict=True):
            del chain[n:]
        self.last = last

    def restart(self, seat: int, game: Any, encode: Encode) -> None:
        """Start ``seat``'s trail afresh at ``game`` (a resampled state: its earlier steps are unknown)."""
        self.digests[seat] = [_chain(bytes(16), b"resampled")]
        self.marks.clear()  # steps before the resample cannot be undone
        vector = encode(game, seat)
        self._add(seat, b"o" + np.arange(vector.size, dtype=np.int32).tobytes() + vector.tobytes())
        self.last[seat] = vector

    def string(self, seat: int) -> str:
        chain = self.digests[seat]
        return f"player {seat} trail {len(chain) - 1} {chain[-1].hex()}"


def replayed(engine: Any, encode: Encode, decisions: list[tuple[int, int]]) -> Trails:
    """The trails of ``engine``'s game so far, rebuilt from its history (recorded chance: no seed);
    ``decisions`` are its (seat, catalogue index) pairs in order."""
    steps = type(engine).replay_steps(engine.history, log=False)
    trails = Trails(next(steps), encode)
    for game, (seat, action) in zip(steps, decisions, strict=True):
        trails.observe(game, encode, seat, action)
    return trails


__all__ = ["Trails", "replayed"]

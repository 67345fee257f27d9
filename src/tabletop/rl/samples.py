"""Imitation samples: (observation, legal decisions, the teacher's choice), stored sparse.

An observation vector is kept as its non-zero entries (indices and values: about 170 of
Wallenstein's 6,250), the legal decisions as catalogue indices, the target as a position in that
list; many samples sit in flat arrays with offsets (ragged rows), so a million of them take a
few hundred MB. :func:`play_recorded` plays one game and records it (see :mod:`tabletop.rl.imitate`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.agents import Agent, derive_seed
from tabletop.rl.learned import LearnedAgent
from tabletop.rl.spec import RLGame, Vector, final_rewards

Ints = npt.NDArray[np.int64]


@dataclass
class Samples:
    """Ragged rows: sample ``i``'s observation is ``obs_idx/obs_val[obs_off[i]:obs_off[i+1]]``, its
    legal indices ``legal[legal_off[i]:legal_off[i+1]]``, its target ``target[i]`` (a position there)."""

    obs_idx: list[Any] = field(default_factory=list)
    obs_val: list[Any] = field(default_factory=list)
    legal: list[Any] = field(default_factory=list)
    target: list[int] = field(default_factory=list)

    @classmethod
    def empty(cls) -> Samples:
        return cls()

    def __len__(self) -> int:
        return len(self.target)

    def add(self, vec: Vector, legal: Sequence[int], target: int) -> None:
        nz = np.flatnonzero(vec).astype(np.int16 if vec.size < 32768 else np.int32)
        self.obs_idx.append(nz)
        self.obs_val.append(vec[nz].astype(np.float16))
        self.legal.append(np.asarray(legal, dtype=np.int16 if max(legal) < 32768 else np.int32))
        self.target.append(target)

    def extend(self, other: Samples) -> None:
        self.obs_idx += other.obs_idx
        self.obs_val += other.obs_val
        self.legal += other.legal
        self.target += other.target

    def packed(self) -> Packed:
        return Packed.of(self)


def _offsets(rows: Sequence[Any]) -> Ints:
    off = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum([len(r) for r in rows], out=off[1:])
    return off


def _gather(off: Ints, data: Any, idx: Ints) -> tuple[Any, Ints]:
    """The rows ``idx`` of a ragged array, concatenated, and their lengths."""
    starts = off[idx]
    lens = off[idx + 1] - starts
    pos = np.repeat(starts - (np.cumsum(lens) - lens), lens) + np.arange(int(lens.sum()))
    return data[pos], lens


@dataclass(frozen=True)
class Packed:
    """:class:`Samples` in flat arrays, ready to draw batches from."""

    obs_off: Ints
    obs_idx: Ints
    obs_val: npt.NDArray[np.float32]
    legal_off: Ints
    legal: Ints
    target: Ints

    @classmethod
    def of(cls, s: Samples) -> Packed:
        cat = np.concatenate
        return cls(
            _offsets(s.obs_idx),
            cat(s.obs_idx).astype(np.int64) if s.obs_idx else np.zeros(0, np.int64),
            cat(s.obs_val).astype(np.float32) if s.obs_val else np.zeros(0, np.float32),
            _offsets(s.legal),
            cat(s.legal).astype(np.int64) if s.legal else np.zeros(0, np.int64),
            np.asarray(s.target, dtype=np.int64),
        )

    def __len__(self) -> int:
        return len(self.target)

    def rows(self, idx: Ints) -> Batch:
        obs_idx, obs_len = _gather(self.obs_off, self.obs_idx, idx)
        obs_val, _ = _gather(self.obs_off, self.obs_val, idx)
        legal, legal_len = _gather(self.legal_off, self.legal, idx)
        return Batch(obs_idx, obs_val, obs_len, legal, legal_len, self.target[idx])


@dataclass(frozen=True)
class Batch:
    """Samples for one update: observations and legal lists flat with their lengths."""

    obs_idx: Ints
    obs_val: npt.NDArray[np.float32]
    obs_len: Ints
    legal: Ints
    legal_len: Ints
    target: Ints

    @staticmethod
    def join(parts: Sequence[Batch]) -> Batch:
        cat = np.concatenate
        return Batch(*(cat([getattr(p, f) for p in parts]) for f in Batch.__dataclass_fields__))

    def padded_legal(self) -> Ints:
        """The legal lists as a ``(batch, longest)`` array padded with -1."""
        n, width = len(self.legal_len), int(self.legal_len.max())
        out = np.full((n, width), -1, dtype=np.int64)
        rows = np.repeat(np.arange(n), self.legal_len)
        cols = np.arange(len(self.legal)) - np.repeat(np.cumsum(self.legal_len) - self.legal_len, self.legal_len)
        out[rows, cols] = self.legal
        return out


class SampleBuffer:
    """The packed samples of the last ``keep`` rounds; batches are drawn uniformly over all of them."""

    def __init__(self, keep: int) -> None:
        self.parts: deque[Packed] = deque(maxlen=keep)

    def add(self, samples: Samples) -> None:
        if len(samples):
            self.parts.append(samples.packed())

    def __len__(self) -> int:
        return sum(len(p) for p in self.parts)

    def batch(self, rng: np.random.Generator, size: int) -> Batch:
        sizes = np.array([len(p) for p in self.parts])
        picks = rng.integers(0, int(sizes.sum()), size)
        which = np.searchsorted(np.cumsum(sizes), picks, side="right")
        starts = np.cumsum(sizes) - sizes
        parts = [p.rows(picks[which == k] - starts[k]) for k, p in enumerate(self.parts) if (which == k).any()]
        return Batch.join(parts)


def _teacher_label(spec: RLGame, game: Any, seat: int, action: Any) -> list[Any]:
    return list(spec.steps(game, seat, action)) if spec.steps is not None else [action]


def _record_teacher(spec: RLGame, game: Any, seat: int, action: Any, out: Samples) -> None:
    """Play the teacher's ``action`` step by step, recording each step with more than one choice."""
    for step in _teacher_label(spec, game, seat, action):
        legal = game.legal_actions(seat)
        if len(legal) > 1:
            indices = spec.catalogue.indices(legal)
            out.add(spec.encode_seat(game, seat), indices, indices.index(spec.catalogue.index[step]))
        game.apply(seat, step)


def _learner_turn(
    spec: RLGame, game: Any, seat: int, legal: Sequence[Any], label: Any, learner: LearnedAgent, out: Samples
) -> None:
    """The learner decides; the teacher's first step in the same position is the sample's target."""
    indices = spec.catalogue.indices(legal)
    vec = spec.encode_seat(game, seat)
    wanted = spec.catalogue.index.get(_teacher_label(spec, game, seat, label)[0])
    if wanted in indices:
        out.add(vec, indices, indices.index(wanted))
    game.apply(seat, legal[learner.choose(vec, indices)])


def play_recorded(
    spec: RLGame,
    players: int,
    seed: int,
    teacher: tuple[str, dict[str, Any]],
    learner: LearnedAgent | None,
    learner_seat: int | None,
) -> tuple[Samples, float | None]:
    """One game of game seed ``seed``: the teacher at every seat but ``learner_seat`` (played by
    ``learner``), every decision with more than one choice recorded with the teacher's label; the
    samples and the learner's win share (None without a learner)."""
    bots = import_module(_bots_module(spec))
    kind, options = teacher
    teachers: list[Agent] = []
    for p in range(players):
        agent: Agent = bots.make_agent(kind, derive_seed(seed, p), **options)
        agent.reset(p, derive_seed(seed, p))
        teachers.append(agent)
    if learner is not None and learner_seat is not None:
        learner.reset(learner_seat, derive_seed(seed, learner_seat))
    game = spec.new_game(players, seed, {})
    out = Samples.empty()
    while not game.over:
        for seat in sorted(game.pending()):
            if game.over or seat not in game.pending():
                continue
            legal = list(game.legal_actions(seat))
            if len(legal) == 1:
                game.apply(seat, legal[0])
                continue
            label = teachers[seat].act(game.observe(seat), legal)
            if seat == learner_seat and learner is not None:
                _learner_turn(spec, game, seat, legal, label, learner, out)
            else:
                _record_teacher(spec, game, seat, label, out)
    share = final_rewards(spec, game, "win")[learner_seat] if learner_seat is not None else None
    return out, share


def _bots_module(spec: RLGame) -> str:
    """The bot package of ``spec``'s game (``wallenstein_v2`` -> ``wallenstein.bots``)."""
    return f"{spec.name.rsplit('_v', 1)[0]}.bots"


__all__ = ["Batch", "Packed", "SampleBuffer", "Samples", "play_recorded"]

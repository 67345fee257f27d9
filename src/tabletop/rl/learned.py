"""The learned policy: a small network that plays a seat from its observation vector, without search.

The network scores only the legal decisions. Its trunk reads the observation vector (sparse: about
170 of Wallenstein's 6,250 entries are non-zero, so the first layer sums the rows of the non-zero
entries, scaled by their values) through ReLU layers into a decision-space vector ``h``; every
catalogue decision has an embedding ``A[i]`` and a bias ``c[i]``, and the logit of a legal decision
is ``A[i] . h + c[i]``, a softmax over the legal ones (a masked policy over the whole catalogue
that never computes the illegal rows). The decision's embedding is the sum of its *features*
(:func:`action_features`): its own index, its kind and its kind with each of its fields (a plan
card: the box, the card; a move: the county, the count), so what is learnt about a county or a
count carries over to the decisions that share it.

Playing needs numpy only: :class:`LearnedPolicy` holds the trained weights (the decisions' matrix
``A`` already summed) and is saved as one ``.npz`` of float16 arrays with its metadata (format,
the environment's versioned name it was trained on, sizes, the training summary). The trainer is
:mod:`tabletop.rl.imitate`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.agents import SeededAgent
from tabletop.errors import IllegalAction
from tabletop.rl.catalogue import Catalogue
from tabletop.rl.spec import RLGame

FORMAT = 1
Array = npt.NDArray[np.float32]


def action_features(catalogue: Catalogue) -> tuple[int, npt.NDArray[np.int64]]:
    """``(number of features, table)``: row ``i`` of the table lists the feature ids of catalogue
    decision ``i`` (padded with the id ``number of features``): ``id:i``, ``kind:K`` and ``K.F:V`` for
    each non-negative integer field ``F`` of a named-tuple decision (the no-op has ``id:0`` alone)."""
    ids: dict[str, int] = {}
    rows: list[list[int]] = []
    for i, action in enumerate(catalogue.actions):
        keys = [f"id:{i}"]
        if action is not None:
            kind = str(getattr(action, "kind", type(action).__name__))
            keys.append(f"kind:{kind}")
            for name in getattr(action, "_fields", ()):
                value = getattr(action, name)
                if name != "kind" and isinstance(value, int) and value >= 0:
                    keys.append(f"{kind}.{name}:{value}")
        rows.append([ids.setdefault(k, len(ids)) for k in keys])
    width = max(len(r) for r in rows)
    table = np.full((len(rows), width), len(ids), dtype=np.int64)
    for i, r in enumerate(rows):
        table[i, : len(r)] = r
    return len(ids), table


@dataclass(frozen=True)
class LearnedPolicy:
    """Trained weights: ``layers`` (the trunk: the input layer's ``(obs, h1)`` matrix first, ReLU
    between, none after the last), ``actions`` ``(catalogue, d)`` and ``bias`` ``(catalogue,)``."""

    env: str
    layers: tuple[tuple[Array, Array], ...]
    actions: Array
    bias: Array
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def obs_size(self) -> int:
        return int(self.layers[0][0].shape[0])

    def state(self, vec: Array) -> Array:
        """The trunk's output ``h`` for one observation vector."""
        nz = np.flatnonzero(vec)
        w, b = self.layers[0]
        h = vec[nz] @ w[nz] + b
        for w, b in self.layers[1:]:
            h = np.maximum(h, 0.0) @ w + b
        return np.asarray(h, dtype=np.float32)

    def logits(self, vec: Array, legal: Sequence[int]) -> Array:
        """The logits of the catalogue indices ``legal`` in the position ``vec``."""
        idx = np.asarray(legal, dtype=np.int64)
        return np.asarray(self.actions[idx] @ self.state(vec) + self.bias[idx], dtype=np.float32)

    def save(self, path: Path) -> None:
        """One compressed ``.npz`` of float16 weights and the metadata as JSON."""
        arrays: dict[str, Any] = {"actions": self.actions.astype(np.float16), "bias": self.bias.astype(np.float16)}
        for n, (w, b) in enumerate(self.layers):
            arrays[f"w{n}"] = w.astype(np.float16)
            arrays[f"b{n}"] = b.astype(np.float16)
        meta = {"format": FORMAT, "env": self.env, "layers": len(self.layers), **self.meta}
        arrays["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8)
        with path.open("wb") as fh:
            np.savez_compressed(fh, **arrays)

    @classmethod
    def load(cls, path: Path) -> LearnedPolicy:
        """A saved policy (IllegalAction if the file is missing or not one)."""
        try:
            with np.load(path) as data:
                meta = json.loads(bytes(data["meta"]).decode())
                if meta.get("format") != FORMAT:
                    raise IllegalAction(f"{path} holds a learned policy of format {meta.get('format')}, not {FORMAT}")
                layers = tuple(
                    (data[f"w{n}"].astype(np.float32), data[f"b{n}"].astype(np.float32)) for n in range(meta["layers"])
                )
                actions = data["actions"].astype(np.float32)
                bias = data["bias"].astype(np.float32)
        except (OSError, KeyError, ValueError) as exc:
            raise IllegalAction(f"cannot load a learned policy from {path}: {exc}") from None
        extra = {k: v for k, v in meta.items() if k not in ("format", "env", "layers")}
        return cls(str(meta["env"]), layers, actions, bias, extra)


@lru_cache(maxsize=8)
def load_policy(path: str) -> LearnedPolicy:
    """A saved policy, loaded once per process."""
    return LearnedPolicy.load(Path(path))


def check_policy(spec: RLGame, policy: LearnedPolicy, path: str) -> None:
    """IllegalAction unless ``policy`` was trained on ``spec``'s environment (name and sizes)."""
    if policy.env != spec.name:
        raise IllegalAction(
            f"the learned policy {path!r} was trained on {policy.env}, not {spec.name}: its observations"
            f" mean something else now; train it again (docs/research/rl.md)"
        )
    if policy.obs_size != spec.obs_size or policy.actions.shape[0] != spec.catalogue.size:
        raise IllegalAction(f"the learned policy {path!r} does not fit {spec.name}'s observation and catalogue sizes")


class LearnedAgent(SeededAgent):
    """A seat played by a :class:`LearnedPolicy`: the most likely legal decision (``greedy``), or
    one sampled from the softmax at ``temperature`` with the agent's own seeded generator."""

    def __init__(
        self,
        spec: RLGame,
        policy: LearnedPolicy,
        seat: int = 0,
        seed: int = 0,
        greedy: bool = True,
        temperature: float = 1.0,
    ) -> None:
        if temperature <= 0:
            raise IllegalAction(f"the temperature must be positive, not {temperature}")
        super().__init__(seat, seed)
        self.rlgame = spec
        self.policy = policy
        self.greedy = greedy
        self.temperature = temperature

    def choose(self, vec: Array, legal: Sequence[int]) -> int:
        """The position in ``legal`` (catalogue indices) of the decision taken in position ``vec``."""
        logits = self.policy.logits(vec, legal)
        if self.greedy:
            return int(np.argmax(logits))
        z = (logits - logits.max()) / self.temperature
        weights = np.exp(z.astype(np.float64))
        cum = np.cumsum(weights)
        return min(int(np.searchsorted(cum, self.rng.random() * cum[-1], side="right")), len(legal) - 1)

    def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        self.require_legal(legal)
        if len(legal) == 1:
            return legal[0]
        indices = self.rlgame.catalogue.indices(legal)
        return legal[self.choose(self.rlgame.encode(observation), indices)]

    def __repr__(self) -> str:
        return f"LearnedAgent({self.rlgame.name}, seat={self.seat})"


def learned_factory(spec: RLGame, shipped: Path) -> Any:
    """The ``learned`` kind of a game's bot registry: the shipped policy (``shipped``) or
    ``learned:path=FILE.npz``; ``greedy=0`` samples at ``temperature=T`` instead."""

    def factory(seed: int, path: str = "", greedy: int = 1, temperature: float = 1.0, **options: Any) -> LearnedAgent:
        if options:
            raise IllegalAction(f"the learned bot takes path, greedy=0|1 and temperature, got {sorted(options)}")
        where = str(path) if path else str(shipped)
        policy = load_policy(where)
        check_policy(spec, policy, where)
        return LearnedAgent(spec, policy, 0, seed, greedy=bool(int(greedy)), temperature=float(temperature))

    return factory


__all__ = [
    "FORMAT",
    "LearnedAgent",
    "LearnedPolicy",
    "action_features",
    "check_policy",
    "learned_factory",
    "load_policy",
]

"""The learned policy's network in torch, for training (playing needs only :mod:`tabletop.rl.learned`).

The trunk's first layer is an ``EmbeddingBag`` over the observation's non-zero entries weighted by
their values (the same sum as a dense layer over the whole vector); the decisions' embeddings are an
``EmbeddingBag`` over their features (:func:`tabletop.rl.learned.action_features`). :meth:`export`
turns the weights into the numpy :class:`~tabletop.rl.learned.LearnedPolicy` that plays.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import torch
from torch import nn

from tabletop.rl.catalogue import Catalogue
from tabletop.rl.learned import LearnedPolicy, action_features
from tabletop.rl.samples import Batch, Packed


class PolicyNet(nn.Module):
    """Observation -> trunk -> ``h``; logit of a legal decision ``i``: ``A[i] . h + c[i]``."""

    def __init__(self, obs_size: int, catalogue: Catalogue, hidden: list[int], dim: int) -> None:
        super().__init__()
        if not hidden:
            raise ValueError("the trunk needs at least one hidden layer")
        n_features, table = action_features(catalogue)
        self.features: torch.Tensor
        self.register_buffer("features", torch.as_tensor(table))
        self.inp = nn.EmbeddingBag(obs_size, hidden[0], mode="sum")
        nn.init.normal_(self.inp.weight, std=1.0 / np.sqrt(200.0))  # about 170 non-zero inputs
        self.inp_bias = nn.Parameter(torch.zeros(hidden[0]))
        sizes = [*hidden, dim]
        self.trunk = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(sizes))
        self.feat = nn.EmbeddingBag(n_features + 1, dim, mode="sum", padding_idx=n_features)
        nn.init.normal_(self.feat.weight, std=0.05)
        with torch.no_grad():
            self.feat.weight[n_features].zero_()
        self.bias = nn.Parameter(torch.zeros(catalogue.size))

    def state(self, b: Batch) -> torch.Tensor:
        offsets = torch.as_tensor(np.concatenate([[0], np.cumsum(b.obs_len)[:-1]]))
        h = self.inp(torch.as_tensor(b.obs_idx), offsets, per_sample_weights=torch.as_tensor(b.obs_val)) + self.inp_bias
        for layer in self.trunk:
            h = layer(torch.relu(h))
        out: torch.Tensor = h
        return out

    def actions(self) -> torch.Tensor:
        out: torch.Tensor = self.feat(self.features)
        return out

    def forward(self, b: Batch) -> tuple[torch.Tensor, torch.Tensor]:
        """Logits ``(batch, longest legal list)`` (-inf where padded) and the targets."""
        padded = b.padded_legal()
        # Only the decisions legal somewhere in the batch are scored (a few hundred of thousands).
        used, where = np.unique(np.maximum(padded, 0), return_inverse=True)
        ids = torch.as_tensor(used)
        scores = self.state(b) @ self.feat(self.features[ids]).T + self.bias[ids]  # (batch, used)
        logits = scores.gather(1, torch.as_tensor(where.reshape(padded.shape)))
        return logits.masked_fill(torch.as_tensor(padded < 0), float("-inf")), torch.as_tensor(b.target)

    def optimizer(self, lr: float) -> torch.optim.Optimizer:
        """Adam over every weight (sparse gradients for the embeddings measured slower here)."""
        return torch.optim.Adam(self.parameters(), lr=lr)

    def step(self, opt: torch.optim.Optimizer, b: Batch) -> float:
        logits, target = self(b)
        loss = nn.functional.cross_entropy(logits, target)
        opt.zero_grad()
        loss.backward()  # type: ignore[no-untyped-call]
        opt.step()
        return float(loss.item())

    @torch.no_grad()
    def accuracy(self, samples: Any, chunk: int = 4096) -> float:
        """Share of ``samples`` (:class:`~tabletop.rl.samples.Samples` or ``Packed``) where the most
        likely legal decision is the teacher's."""
        packed = samples if isinstance(samples, Packed) else samples.packed()
        if not len(packed):
            return float("nan")
        right = 0
        for start in range(0, len(packed), chunk):
            logits, target = self(packed.rows(np.arange(start, min(start + chunk, len(packed)))))
            right += int((logits.argmax(1) == target).sum())
        return right / len(packed)

    @torch.no_grad()
    def export(self, env: str, meta: dict[str, Any] | None = None) -> LearnedPolicy:
        def f32(t: Any) -> Any:
            return t.detach().numpy().astype(np.float32).copy()

        layers = [(f32(self.inp.weight), f32(self.inp_bias))]
        layers += [(f32(layer.weight.T), f32(layer.bias)) for layer in self.trunk]
        return LearnedPolicy(env, tuple(layers), f32(self.actions()), f32(self.bias), dict(meta or {}))


__all__ = ["PolicyNet"]

"""A trained policy as a table bot, and opponents for the single-agent environment.

:class:`PolicyAgent` turns anything with SB3's ``predict(obs, action_masks=..., deterministic=...)``
(a ``MaskablePPO``) into a :class:`tabletop.agents.Agent`: it sees the seat's observation and legal
actions only, encodes them like the environments and samples a decision from the policy's masked
distribution with its own seeded generator (reproducible; ``greedy=True`` plays the most likely
one instead, which for a policy trained with an entropy bonus plays far worse: 2.5% against 37.5%
wins in 40 test games of the baseline). ``load_ppo(path)`` loads a saved MaskablePPO once per process
(and sets torch to one thread in it).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

import numpy as np

from tabletop.agents import SeededAgent
from tabletop.errors import IllegalAction
from tabletop.rl.spec import RLGame


class Policy(Protocol):
    def predict(
        self,
        observation: Any,
        state: Any = ...,
        episode_start: Any = ...,
        deterministic: bool = ...,
        action_masks: Any = ...,
    ) -> tuple[Any, Any]: ...


# The attribute a trained policy carries with the versioned environment name it was trained on
# (set by the trainer before ``save``; SB3 saves and restores a model's attributes).
ENV_ATTR = "rl_env"


@lru_cache(maxsize=8)
def load_ppo(path: str) -> Policy:
    """A saved MaskablePPO (``model.save(path)``), loaded on CPU once per process."""
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError:  # pragma: no cover - the [rl] extra is missing
        raise IllegalAction("the ppo bot needs the RL extra: pip install -e '.[rl]'") from None
    # One vector at a time gains nothing from torch's threads, and on a busy machine their spinning
    # made a decision four times dearer (its 6,659-way softmax: 8 ms instead of 2); tournaments
    # and the table's bots run one process per game or per server.
    torch.set_num_threads(1)
    try:
        model: Policy = MaskablePPO.load(path, device="cpu")
    except (FileNotFoundError, ValueError, KeyError, OSError) as exc:
        raise IllegalAction(f"cannot load a PPO policy from {path!r}: {exc}") from None
    return model


class PolicyAgent(SeededAgent):
    """A seat played by a policy over ``spec``'s catalogue and encoding."""

    def __init__(self, spec: RLGame, policy: Policy, seat: int = 0, seed: int = 0, greedy: bool = False) -> None:
        super().__init__(seat, seed)
        self.rlgame = spec
        self.policy = policy
        self.greedy = greedy

    def act(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        self.require_legal(legal)
        if len(legal) == 1:
            return legal[0]
        mask = self.rlgame.catalogue.mask(legal).astype(bool)
        vec = self.rlgame.encode(observation)
        net = getattr(self.policy, "policy", None)
        if self.greedy or net is None:
            index, _ = self.policy.predict(vec, action_masks=mask, deterministic=True)
            i = int(np.asarray(index).reshape(-1)[0])
        else:
            import torch

            with torch.no_grad():
                obs, _ = net.obs_to_tensor(vec)
                probs = net.get_distribution(obs, action_masks=mask).distribution.probs[0].numpy()
            legal_idx = np.flatnonzero(mask)
            weights = probs[legal_idx].astype(np.float64)
            cum = np.cumsum(weights)
            i = int(legal_idx[min(int(np.searchsorted(cum, self.rng.random() * cum[-1], side="right")), len(cum) - 1)])
        return self.rlgame.catalogue.actions[i] if mask[i] else legal[0]

    def __repr__(self) -> str:
        return f"PolicyAgent({self.rlgame.name}, seat={self.seat})"


def ppo_factory(spec: RLGame) -> Any:
    """The ``ppo`` kind of a game's bot registry: ``make_agent("ppo", seed, path="model.zip")``
    (``ppo:path=model.zip`` in tournaments)."""

    def factory(seed: int, path: str = "", greedy: int = 0, **options: Any) -> PolicyAgent:
        if options:
            raise IllegalAction(f"the ppo bot takes a path and greedy=0|1, got {sorted(options)}")
        if not path:
            raise IllegalAction("the ppo bot needs the path of a saved policy: ppo:path=model.zip")
        policy = load_ppo(str(path))
        # The trainer records the environment's versioned name in the policy (``rl_env``); a policy
        # of another version (an older observation encoding) is refused even when its sizes match.
        trained_on = getattr(policy, ENV_ATTR, None)
        if trained_on is not None and trained_on != spec.name:
            raise IllegalAction(
                f"the policy {path!r} was trained on {trained_on}, not {spec.name}: its observations mean"
                f" something else now (see docs/research/rl.md, Versions); train it again for {spec.name}"
            )
        shape = getattr(getattr(policy, "observation_space", None), "shape", None)
        actions = getattr(getattr(policy, "action_space", None), "n", None)
        if shape != (spec.obs_size,) or actions != spec.catalogue.size:
            raise IllegalAction(
                f"the policy {path!r} was not trained on {spec.name} (observations {shape}, {actions} actions;"
                f" {spec.name} has {spec.obs_size} and {spec.catalogue.size})"
            )
        return PolicyAgent(spec, policy, 0, seed, greedy=bool(greedy))

    return factory


__all__ = ["ENV_ATTR", "Policy", "PolicyAgent", "load_ppo", "ppo_factory"]

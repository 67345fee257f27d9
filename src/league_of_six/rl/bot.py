"""League of Six's trained bot kinds: ``ppo`` (a saved MaskablePPO policy) and ``learned`` (the shipped
policy of :mod:`tabletop.rl.learned`, ``data/learned_policy.npz``; docs/research/rl.md)."""

from __future__ import annotations

from pathlib import Path

from league_of_six.rl import SPEC
from tabletop.rl.learned import learned_factory
from tabletop.rl.policy import ppo_factory

SHIPPED = Path(__file__).resolve().parent.parent / "data" / "learned_policy.npz"

ppo_agent = ppo_factory(SPEC)
learned_agent = learned_factory(SPEC, SHIPPED)

__all__ = ["SHIPPED", "learned_agent", "ppo_agent"]

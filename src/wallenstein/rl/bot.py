"""The ``ppo`` bot kind: a saved MaskablePPO policy playing wallenstein through the table's agent API."""

from __future__ import annotations

from tabletop.rl.policy import ppo_factory
from wallenstein.rl import SPEC

ppo_agent = ppo_factory(SPEC)

__all__ = ["ppo_agent"]

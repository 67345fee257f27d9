"""The ``ppo`` bot kind: a saved MaskablePPO policy playing league_of_six through the table's agent API."""

from __future__ import annotations

from league_of_six.rl import SPEC
from tabletop.rl.policy import ppo_factory

ppo_agent = ppo_factory(SPEC)

__all__ = ["ppo_agent"]

"""Trained policies as bots of the browser table's lobby.

The server registers a ``ppo`` bot ("Trained policy (PPO)") for each game named in the environment
variable ``TABLE_PPO_POLICIES``: ``wallenstein=runs/w/policy.zip,league_of_six=runs/l/policy.zip``
(a game absent from it gets no ppo bot). The policy loads when a seat is first given to it; it
needs the ``[rl]`` extra.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from tabletop.errors import IllegalAction

ENV_VAR = "TABLE_PPO_POLICIES"
LABEL = "Trained policy (PPO)"


def policy_paths(value: str | None = None) -> dict[str, str]:
    """``{game: path}`` from ``value`` (default: the environment variable); IllegalAction if malformed."""
    text = os.environ.get(ENV_VAR, "") if value is None else value
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        game, sep, path = part.partition("=")
        if not sep or not game or not path:
            raise IllegalAction(f"{ENV_VAR} holds game=path pairs separated by commas, not {part!r}")
        out[game.strip()] = path.strip()
    return out


def register_ppo_bots(register: Callable[[Any], None], bot_kind: Callable[..., Any], value: str | None = None) -> None:
    """Register one ``ppo`` bot kind per configured game (``bot_kind`` is webtable's BotKind)."""
    for game, path in policy_paths(value).items():

        def factory(seat: int, seed: int, _game: str = game, _path: str = path) -> Any:
            from importlib import import_module

            agent = import_module(f"{_game}.bots").make_agent("ppo", seed, path=_path)
            agent.reset(seat, seed)
            return agent

        register(bot_kind("ppo", LABEL, factory, frozenset({game})))


__all__ = ["ENV_VAR", "policy_paths", "register_ppo_bots"]

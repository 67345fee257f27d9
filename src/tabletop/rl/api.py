"""``api(spec, title, max_game_length)``: the entry points of a game's ``rl`` module."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium

from tabletop.rl.gym_env import TableGymEnv
from tabletop.rl.pettingzoo_env import TableAEC, TableParallel
from tabletop.rl.spec import RLGame


def api(
    spec: RLGame, title: str, max_game_length: int
) -> tuple[Callable[..., TableAEC], Callable[..., TableParallel], type[TableGymEnv], Callable[[], str]]:
    """``(env, parallel_env, GymEnv, register_openspiel)`` for ``spec``."""

    def env(players: int = 4, render_mode: str | None = None, reward: str = "win", **options: Any) -> TableAEC:
        return TableAEC(spec, players, render_mode, reward, **options)

    def parallel_env(
        players: int = 4, render_mode: str | None = None, reward: str = "win", **options: Any
    ) -> TableParallel:
        return TableParallel(spec, players, render_mode, reward, **options)

    class GymEnv(TableGymEnv):
        SPEC = spec

    def register_openspiel() -> str:
        from tabletop.rl.openspiel_game import register

        return register(spec, title, max_game_length)

    env.__doc__ = f"A PettingZoo AEC environment of {title} ({spec.name}; options as its new_game)."
    parallel_env.__doc__ = f"A native PettingZoo Parallel environment of {title} ({spec.name})."
    GymEnv.__doc__ = f"{title} as a Gymnasium single-agent environment (see tabletop.rl.gym_env)."
    GymEnv.__qualname__ = GymEnv.__name__ = f"{title.replace(' ', '')}GymEnv"
    register_openspiel.__doc__ = (
        f"Register {spec.name.rsplit('_v', 1)[0]} and its alias python_{spec.name} with OpenSpiel (once); "
        "returns the first (pyspiel.load_game(name, {'players': 4, ...}))."
    )
    register_gymnasium(spec, title)
    return env, parallel_env, GymEnv, register_openspiel


def gymnasium_id(spec: RLGame, title: str) -> str:
    """The Gymnasium id of ``spec``'s single-agent env: ``wallenstein/Wallenstein-v2``."""
    key, version = spec.name.rsplit("_v", 1)
    name = "".join(word[:1].upper() + word[1:] for word in title.split())
    return f"{key}/{name}-v{version}"


def register_gymnasium(spec: RLGame, title: str) -> str:
    """Register ``gymnasium.make(gymnasium_id(...), players=4, learner_seat=0, ...)`` (once): the game's
    ``GymEnv``, named by module path so vector envs in other processes can build it too."""
    env_id = gymnasium_id(spec, title)
    if env_id not in gymnasium.registry:
        key = spec.name.rsplit("_v", 1)[0]
        gymnasium.register(id=env_id, entry_point=f"{key}.rl:GymEnv")
    return env_id


__all__ = ["api", "gymnasium_id", "register_gymnasium"]
